"""How Ur games between greedy bots end: by no exchange (§9.1), by the fifth ziggurat (§9.2), or not at
all within a cap (a runaway: with a spare every exchange stays legal, so only ziggurats can end the game).

PYTHONPATH=src python benchmarks/ur_game_ends.py --players 3 --seeds 100-299
PYTHONPATH=src python benchmarks/ur_game_ends.py --players 2 --seeds 0-99      # the allowTwoPlayers option

Bots are seeded as the benchmarks' position sets seed them (``bots.seeded_games.seated_bots``). One line a
game (seed, plies, how it ended), then a count of each ending and the runaway seeds.
"""

from __future__ import annotations

import argparse
from collections import Counter

from tigris_widget.bots.runner import step
from tigris_widget.bots.seeded_games import seated_bots
from tigris_widget.games.ur import UrGame


def ending(players: int, seed: int, cap: int) -> tuple[int, str]:
    """Plies played and how the game ended (``runaway`` when it is not over after ``cap`` plies)."""
    game = UrGame.new(players=players, seed=seed, options={"allowTwoPlayers": True} if players == 2 else None)
    bots = seated_bots("ur", ["greedy"] * players, seed)
    while not game.is_over and len(game) < cap:
        step(game, bots)
    return len(game), (game.end_reason or "over") if game.is_over else "runaway"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seeds", default="100-299", help="first-last (inclusive)")
    parser.add_argument("--cap", type=int, default=1500, help="plies after which a game counts as a runaway")
    args = parser.parse_args()
    first, last = (int(x) for x in args.seeds.split("-"))
    counts: Counter[str] = Counter()
    runaways = []
    for seed in range(first, last + 1):
        plies, how = ending(args.players, seed, args.cap)
        print(seed, plies, how, flush=True)
        counts[how] += 1
        if how == "runaway":
            runaways.append(seed)
    print(dict(counts), "runaway seeds:", runaways)


if __name__ == "__main__":
    main()
