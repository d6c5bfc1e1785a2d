"""Search speed: ISMCTS iterations per second on one core, at positions from greedy self-play.

Run: ``python benchmarks/search_speed.py [--iterations N] [--players P]``. Prints numbers, asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from itertools import chain

from tigris_widget import Game
from tigris_widget.bots.runner import moves
from tigris_widget.games.tigris.bots.greedy import GreedyBot
from tigris_widget.games.tigris.bots.search import DEFAULT_BUDGET, Budget, Search


def positions(players: int, seed: int, every: int = 12) -> list[Game]:
    """Snapshots of a greedy self-play game every ``every`` actions, at turn-action decisions."""
    game = Game.new(players=players, seed=seed)
    bots = [GreedyBot(seed * 10 + k) for k in range(players)]
    out = []
    for _ in chain([None], moves(game, bots)):  # look at the start and after every move
        if not game.is_over and len(game) % every == 0 and game.decision.kind == "action":
            out.append(game.clone())
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--iterations", type=int, help="per decision (default: the bot's default budget)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args()
    if args.iterations is None:
        args.iterations = DEFAULT_BUDGET.iterations
    print(f"search speed — Python {platform.python_version()} on {platform.machine()}, one core")
    print(f"load average before: {os.getloadavg()[0]:.2f} (other processes share the cores)")
    rates, cpu_rates, setups, decisions = [], [], [], []
    for seed in range(1, args.games + 1):
        for game in positions(args.players, seed):
            view = game.view(game.to_move)
            t0 = time.perf_counter()
            search = Search(view, random.Random(seed))
            t1 = time.perf_counter()
            c1 = time.process_time()
            for _ in search.run(Budget(iterations=args.iterations)):
                pass
            t2 = time.perf_counter()
            cpu_rates.append(args.iterations / max(1e-9, time.process_time() - c1))
            setups.append(t1 - t0)
            rates.append(args.iterations / (t2 - t1))
            decisions.append(t2 - t0)
    print(f"{len(rates)} positions ({args.players} players), {args.iterations} iterations each")
    print(
        f"iterations/s: median {statistics.median(rates):.0f}, mean {statistics.mean(rates):.0f}, "
        f"min {min(rates):.0f}, max {max(rates):.0f}"
    )
    print(
        f"iterations per CPU second (what one core gives when it is not shared): median "
        f"{statistics.median(cpu_rates):.0f}, mean {statistics.mean(cpu_rates):.0f}, min {min(cpu_rates):.0f}"
    )
    print(f"root ranking (setup) per decision: median {statistics.median(setups) * 1000:.1f} ms")
    print(f"whole decision: median {statistics.median(decisions) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
