"""What a board costs in Python per action, with and without its embedded history, and how big its
synced state is: a 3-player game played at random to 300 actions (or its end) with one all-seeing
``BoardWidget`` following it.

Run: ``python benchmarks/board_sync.py [--actions N]``. Prints numbers, asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from tigris_widget import Game
from tigris_widget.jupyter.widget import BoardWidget


def run(embed: bool, actions: int) -> tuple[list[float], int, int]:
    game = Game.new(players=3, seed=11)
    rng = random.Random(11)
    moves = []
    probe = game.clone()
    while probe.decision is not None and len(moves) < actions:
        moves.append(rng.choice(probe.legal_actions()))
        probe.apply(moves[-1])
    board = BoardWidget(game, embed_history=embed)
    times = []
    for action in moves:
        t0 = time.perf_counter()
        game.apply(action)  # the board follows: view (and replay) re-serialized
        times.append(time.perf_counter() - t0)
    return times, len(json.dumps(board.view)), len(board.replay)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--actions", type=int, default=300)
    args = parser.parse_args()
    plain = Game.new(players=3, seed=11)
    rng = random.Random(11)
    bare = []
    while plain.decision is not None and len(bare) < args.actions:
        action = rng.choice(plain.legal_actions())
        t0 = time.perf_counter()
        plain.apply(action)
        bare.append(time.perf_counter() - t0)
    print(f"{len(bare)} actions, Game.apply alone: median {statistics.median(bare) * 1e3:.2f} ms")
    for embed in (False, True):
        times, view, replay = run(embed, args.actions)
        late = times[len(times) * 2 // 3 :]
        print(
            f"with a board, embed_history={embed!s:<5}: median {statistics.median(times) * 1e3:.2f} ms per action, "
            f"last third {statistics.median(late) * 1e3:.2f} ms; view {view / 1024:.1f} KB, replay {replay / 1024:.1f} KB"
        )


if __name__ == "__main__":
    main()
