"""How many candidates the Ur analysis tells apart (issue 40).

positions: play seeded games between greedy bots and keep the record at decisions 20 and 40
    python candidates.py positions OUT.json
analyse:   run ``tigris_widget.bots.analysis.analyze`` on each (fixed iterations and seed) and count
           the distinct candidate values and the zero-width intervals
    python candidates.py analyse POSITIONS.json
"""

from __future__ import annotations

import json
import sys

from tigris_widget.bots import make_bot
from tigris_widget.bots.analysis import analyze
from tigris_widget.games.ur import UrGame

GAMES = ((3, 1), (3, 2), (3, 3), (4, 4), (4, 5), (4, 6))
DECISIONS = (20, 40)
ITERATIONS = 120


def positions() -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for players, seed in GAMES:
        game = UrGame.new(players=players, seed=seed)
        bots = [make_bot("greedy", seed * 10 + p, "ur") for p in range(players)]
        for decision in range(max(DECISIONS) + 1):
            if decision in DECISIONS:
                out.append({"players": players, "seed": seed, "decision": decision, "record": game.to_record()})
            seat = game.to_move
            assert seat is not None
            game.apply(bots[seat].choose(game.view(seat)), seat)
    return out


def analyse(rows: list[dict[str, object]]) -> None:
    told = total = 0
    for row in rows:
        game = UrGame.from_record(str(row["record"]))
        result = analyze(game, iterations=ITERATIONS, seed=0)
        values = [c.value for c in result.candidates if c.value is not None]
        distinct = len({round(v, 9) for v in values})
        flat = sum(1 for c in result.candidates if c.low is not None and c.high is not None and c.high - c.low < 1e-9)
        told += distinct
        total += len(values)
        print(f"{row['players']}p seed {row['seed']} decision {row['decision']}: {len(values)} candidates, "
              f"{distinct} distinct values, {flat} zero-width intervals, values {sorted({round(v, 3) for v in values}, reverse=True)[:5]}")
    print(f"all: {told} distinct values among {total} candidates in {len(rows)} positions")


if __name__ == "__main__":
    if sys.argv[1] == "positions":
        with open(sys.argv[2], "w") as f:
            json.dump(positions(), f, indent=1)
    else:
        with open(sys.argv[2]) as f:
            analyse(json.load(f))
