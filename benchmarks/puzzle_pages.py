"""Survey of the puzzle pages: for every shipped puzzle, the judged tree its page stores (positions,
distinct views), the packed data's size, the whole page's size and the build time — or why it was
refused (too many positions, too large, or over the time limit).

PYTHONPATH=src python benchmarks/puzzle_pages.py --game ur --limit 120 --out docs/results/puzzle-pages/ur.jsonl

One line of JSON per puzzle, appended as each finishes (a run cut short keeps what it measured);
``--summary FILE...`` prints the table's summary of finished runs.
"""

from __future__ import annotations

import argparse
import json
import signal
import time
from pathlib import Path
from typing import Any

from tigris_widget.puzzles.library import library
from tigris_widget.render.puzzle_page import MAX_PAGE_BYTES, page_text, puzzle_data
from tigris_widget.render.replay import pack


class TimeLimit(Exception):
    """The puzzle's build ran past the survey's limit."""


def _alarm(_signum: int, _frame: object) -> None:
    raise TimeLimit


def measure(puzzle: Any, limit: int) -> dict[str, Any]:
    """One puzzle's row: its tree's numbers, or the reason it has no page."""
    row: dict[str, Any] = {"key": puzzle.key}
    start = time.perf_counter()
    signal.alarm(limit)
    try:
        data = puzzle_data(puzzle)
        packed = pack(data)
        page = len(page_text(puzzle, packed).encode("utf-8"))
    except TimeLimit:
        row["refused"] = f"over {limit} s"
    except ValueError as error:
        row["refused"] = str(error)
    else:
        row.update(nodes=len(data["nodes"]), views=len(data["views"]), packed=len(packed))
        row["page"] = page
        if row["page"] > MAX_PAGE_BYTES:
            row["refused"] = f"page {row['page'] / 1e6:.2f} MB"
    finally:
        signal.alarm(0)
    row["seconds"] = round(time.perf_counter() - start, 2)
    return row


def survey(game: str, limit: int, out: Path, only: list[str]) -> None:
    done = set()
    if out.exists():
        done = {json.loads(line)["key"] for line in out.read_text().splitlines() if line.strip()}
    out.parent.mkdir(parents=True, exist_ok=True)
    for key, puzzle in library(game).items():
        if key in done or (only and key not in only):
            continue
        row = measure(puzzle, limit)
        with out.open("a") as f:
            f.write(json.dumps(row) + "\n")
        print(json.dumps(row), flush=True)


def summary(paths: list[Path]) -> None:
    for path in paths:
        rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        built = [r for r in rows if "refused" not in r]
        refused = [r for r in rows if "refused" in r]
        print(f"## {path}: {len(rows)} puzzles, {len(built)} fit, {len(refused)} refused")
        for r in refused:
            print(f"  refused {r['key']}: {r['refused']} ({r['seconds']} s)")
        if built:
            slow = sorted(built, key=lambda r: -r["seconds"])[:5]
            big = sorted(built, key=lambda r: -r["page"])[:5]
            print(f"  total build {sum(r['seconds'] for r in rows):.0f} s; slowest:")
            for r in slow:
                print(f"    {r['key']}: {r['seconds']} s, {r['nodes']} positions, {r['page'] / 1e6:.2f} MB")
            print("  largest:")
            for r in big:
                print(f"    {r['key']}: {r['page'] / 1e6:.3f} MB, {r['nodes']} positions, {r['views']} views")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ur")
    parser.add_argument("--limit", type=int, default=120, help="seconds per puzzle before it counts as refused")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--only", nargs="*", default=[])
    parser.add_argument("--summary", nargs="*", type=Path)
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _alarm)
    if args.summary:
        summary(args.summary)
    else:
        survey(
            args.game, args.limit, args.out or Path(f"docs/results/puzzle-pages/{args.game}-before.jsonl"), args.only
        )
