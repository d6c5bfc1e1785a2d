"""The command ``python -m tigris_widget bench stability``: run the benchmark on the shipped test sets
(a game without one is skipped, saying so) or on a file, or choose a test set anew (``--select``)."""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

from tigris_widget.bots.stability import data
from tigris_widget.bots.stability.bench import Row, format_table, run_benchmark
from tigris_widget.bots.stability.data import (
    MAX_FILE_CHARS,
    StabilityDataError,
    StablePosition,
    load_positions,
    parse_positions,
    write_positions,
)
from tigris_widget.bots.stability.selection import Pick, candidate_positions, select_positions
from tigris_widget.core.files import read_text_file
from tigris_widget.core.registry import games


# -- command line: ``python -m tigris_widget bench stability`` ------------------------------------
def add_parser(sub: Any) -> None:
    """The ``stability`` sub-command of ``bench``."""
    p = sub.add_parser("stability", help="how often the default analysis names a long search's clear best move")
    p.add_argument("--game", dest="stab_game", choices=games(), help="one game only (default: every game)")
    p.add_argument(
        "--seeds", dest="stab_seeds", metavar="N", type=int, default=10, help="analyses per position (default 10)"
    )
    p.add_argument(
        "--seconds",
        dest="stab_seconds",
        metavar="SECONDS",
        type=float,
        help="budget per analysis (default: the default)",
    )
    p.add_argument(
        "--iterations", dest="stab_iterations", metavar="N", type=int, help="budget per analysis in iterations"
    )
    p.add_argument(
        "--positions", dest="stab_positions", metavar="FILE", help="a test-set file (default: each game's shipped one)"
    )
    p.add_argument("--limit", dest="stab_limit", metavar="N", type=int, help="only the first N positions of each game")
    p.add_argument(
        "--markdown", dest="stab_markdown", metavar="FILE", help="also write the table as markdown to this file"
    )
    p.add_argument("--json", dest="stab_json", action="store_true", help="print the rows as JSON")
    p.add_argument("--select", dest="stab_select", metavar="OUT.json",
                   help="instead: choose the test set anew (slow: long searches) and write it to OUT.json")  # fmt: skip
    p.add_argument("--select-seed", dest="stab_select_seed", metavar="N", type=int, default=1, help="with --select")
    p.add_argument("--long-iterations", dest="stab_long", metavar="N", type=int, default=5000, help="with --select")
    p.add_argument("--screen-iterations", dest="stab_screen", metavar="N", type=int, default=4000, help="with --select")
    p.add_argument("--long-candidates", dest="stab_candidates", metavar="N", type=int, default=36, help="with --select")
    p.add_argument("--games-per-count", dest="stab_games", metavar="N", type=int, default=4, help="with --select")
    p.add_argument("--long-seeds", dest="stab_long_seeds", metavar="N", type=int, default=4, help="with --select")
    p.add_argument("--screened", dest="stab_screened", metavar="FILE.json",
                   help="with --select: the screen's results by position key, read if present, written after")  # fmt: skip
    p.add_argument("--picks", dest="stab_picks", metavar="FILE.json",
                   help="with --select: the candidate positions, read if present, written if not")  # fmt: skip
    p.add_argument("--skip", dest="stab_skip", metavar="KEY,KEY", default="",
                   help="with --select: positions not to long-search again")  # fmt: skip
    p.add_argument("--only", dest="stab_only", metavar="KEY,KEY", default="",
                   help="with --select: long-search only these candidates, in this order, without the screen")  # fmt: skip
    p.add_argument("--reverse", dest="stab_reverse", action="store_true",
                   help="with --select: long-search the part's positions last first")  # fmt: skip
    p.add_argument("--part", dest="stab_part", metavar="I/N", default="0/1",
                   help="with --select: long-search only every N-th chosen position from the I-th (parallel runs)")  # fmt: skip


def main(args: Any) -> int:
    """Run ``bench stability`` with parsed arguments (see ``add_parser``)."""
    try:
        if args.stab_select:
            return _select_command(args)
        if args.stab_positions is None:  # the shipped sets: a game without one is skipped, saying so
            for name in [args.stab_game] if args.stab_game else games():
                if not data.data_path(name).is_file():
                    print(f"{name}: no stability test set ({data.data_path(name)}): skipped", file=sys.stderr)
        positions = load_positions(args.stab_positions, args.stab_game)
        if args.stab_limit is not None:
            by_game: dict[str, list[StablePosition]] = {}
            for p in positions:
                by_game.setdefault(p.game, []).append(p)
            positions = [p for ps in by_game.values() for p in ps[: args.stab_limit]]

        def show(row: Row) -> None:
            print(f"  {row.key}: {row.hits}/{row.seeds}", file=sys.stderr, flush=True)

        result = run_benchmark(positions, seeds=args.stab_seeds, iterations=args.stab_iterations,
                               seconds=args.stab_seconds, progress=None if args.stab_json else show)  # fmt: skip
    except (ValueError, OSError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    if args.stab_json:
        print(json.dumps({"rows": [asdict(r) for r in result.rows], "summary": {g: result.summary(g) for g in
                          sorted({r.game for r in result.rows})}, "budget": result.budget, "load": result.load},
                         indent=1))  # fmt: skip
    else:
        print(format_table(result))
    if args.stab_markdown:
        Path(args.stab_markdown).write_text(format_table(result, markdown=True) + "\n", encoding="utf-8")
    return 0


def _part(text: str) -> tuple[int, int]:
    try:
        i, n = (int(x) for x in text.split("/"))
    except ValueError:
        raise StabilityDataError(f"--part is I/N (e.g. 0/2), not {text!r}") from None
    if not 0 <= i < n:
        raise StabilityDataError(f"--part I/N needs 0 <= I < N, not {text!r}")
    return i, n


def _select_command(args: Any) -> int:
    names = [args.stab_game] if args.stab_game else list(games())
    out = Path(args.stab_select)
    kept: list[StablePosition] = []
    settings: dict[str, Any] = {}
    if out.exists():  # keep the other games' positions when re-selecting one
        data = json.loads(read_text_file(out, "stability test set", MAX_FILE_CHARS))
        kept = [p for p in parse_positions(data, out.name) if p.game not in names]
        settings = {k: v for k, v in data.get("settings", {}).items() if k not in names}
    screened: dict[str, tuple[float, bool]] = {}
    if args.stab_screened and Path(args.stab_screened).exists():
        data = json.loads(read_text_file(Path(args.stab_screened), "screen results", MAX_FILE_CHARS))
        if not isinstance(data, dict) or not all(isinstance(v, list) and len(v) == 2 for v in data.values()):
            raise StabilityDataError(f"{args.stab_screened}: not screen results (key: [gap, apart])")
        screened = {k: (float(v[0]), bool(v[1])) for k, v in data.items()}
    picks: list[Pick] | None = None
    if args.stab_picks and Path(args.stab_picks).exists():
        rows = json.loads(read_text_file(Path(args.stab_picks), "candidate positions", MAX_FILE_CHARS))
        picks = [Pick(**{**row, "bots": tuple(row["bots"])}) for row in rows]
    elif args.stab_picks:
        picks = candidate_positions(names[0], args.stab_games, args.stab_select_seed)
        Path(args.stab_picks).write_text(json.dumps([asdict(p) for p in picks]) + "\n", encoding="utf-8")
    for name in names:

        def save(
            so_far: list[StablePosition], name: str = name, before: tuple[StablePosition, ...] = tuple(kept)
        ) -> None:
            write_positions([*before, *so_far], out, {**settings, name: {"partial": True}})

        chosen, used = select_positions(name, seed=args.stab_select_seed, games_per_count=args.stab_games,
                                        screen_iterations=args.stab_screen, long_iterations=args.stab_long,
                                        long_candidates=args.stab_candidates, progress=sys.stderr, on_keep=save,
                                        long_seeds=args.stab_long_seeds, part=_part(args.stab_part),
                                        screened=screened, reverse=args.stab_reverse, picks=picks,
                                        skip=frozenset(k for k in args.stab_skip.split(",") if k),
                                        only=[k for k in args.stab_only.split(",") if k])  # fmt: skip
        if args.stab_screened:
            Path(args.stab_screened).write_text(json.dumps(screened, indent=0) + "\n", encoding="utf-8")
        kept += chosen
        settings[name] = used
        write_positions(kept, out, settings)
    return 0
