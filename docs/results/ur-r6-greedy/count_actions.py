"""Shared first places and actions per game in tournament records (issue 40).

python docs/results/ur-r6-greedy/count_actions.py RUN/games.jsonl[.gz] ...
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

ACTIONS = ("agri", "trade", "culture", "politics")


def rows(path: Path) -> list[dict[str, object]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt") as f:
        return [json.loads(line) for line in f if line.strip()]


def actions_of(record: str) -> dict[str, int]:
    """Actions played in the game: each action word, and a war (one or more attacks in a turn) as one."""
    counts = dict.fromkeys((*ACTIONS, "war"), 0)
    playing = False
    for line in record.splitlines():
        if line.strip() == "play":
            playing = True
            continue
        if not playing or ":" not in line:
            continue
        steps = [st.strip() for st in line.split(":", 1)[1].split(";")]
        for st in steps:
            if st in ACTIONS:
                counts[st] += 1
        if any("->" in st for st in steps):
            counts["war"] += 1
    return counts


def main(paths: list[str]) -> None:
    games = [row for p in paths for row in rows(Path(p))]
    shared = shared_quiet = 0
    totals = dict.fromkeys((*ACTIONS, "war"), 0)
    unfinished = 0
    for row in games:
        ranks = row["ranks"]
        assert isinstance(ranks, list)
        counts = actions_of(str(row["record"]))
        for k, v in counts.items():
            totals[k] += v
        unfinished += not row["finished"]
        if ranks.count(1) > 1:
            shared += 1
            shared_quiet += sum(counts.values()) == 0
    n = len(games)
    print(f"{n} games, {unfinished} unfinished")
    print(f"shared first place: {shared} ({100 * shared / n:.1f} %), of them with no action played: {shared_quiet} ({100 * shared_quiet / n:.1f} % of games)")
    per = {k: round(v / n, 2) for k, v in totals.items()}
    print(f"actions per game: {per}, agri+trade+politics+war {sum(per[k] for k in ('agri', 'trade', 'politics', 'war')):.2f}, all {sum(per.values()):.2f}")
    print(f"mean actions (plies) per game: {sum(int(str(r['actions'])) for r in games) / n:.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
