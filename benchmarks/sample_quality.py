"""How good is the search's below-root sample? Against the greedy bot's full one-step ranking.

At positions of greedy self-play games, compares the best action of the sample the search ranks
below its root (``games.tigris.bots.candidates.sample_turn_actions``) with the best of all legal actions, by the
deciding player's one-step value. Below the root the search models the opponents with that sample,
so a sample that misses their good moves misjudges their replies.

Run: ``python benchmarks/sample_quality.py [--players 4] [--games 8]``. Prints numbers, asserts nothing.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from itertools import chain

from tigris_widget import Game
from tigris_widget.bots.runner import moves
from tigris_widget.games.tigris.bots.candidates import sample_turn_actions
from tigris_widget.games.tigris.bots.greedy import GreedyBot
from tigris_widget.games.tigris.bots.heuristics import after, evaluate, rank_turn_actions
from tigris_widget.games.tigris.engine.rules.legal import legal_actions, turn_masks

CLOSE = 0.005
"""A sampled action within this much value (a share of the win) of the best counts as close."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--every", type=int, default=3, help="look at every n-th action")
    args = parser.parse_args()
    positions = as_good = close = 0
    loss = 0.0
    missed: Counter[str] = Counter()
    for seed in range(1, args.games + 1):
        game = Game.new(players=args.players, seed=seed)
        bots = [GreedyBot(seed * 10 + k) for k in range(args.players)]
        rng = random.Random(seed)
        for _ in chain([None], moves(game, bots)):  # look at the start and after every move
            seat = game.to_move
            if seat is not None and game.decision.kind == "action" and len(game) % args.every == 0:
                s = game.state
                best_value, best = rank_turn_actions(s, legal_actions(s))[0]
                sample = sample_turn_actions(s, turn_masks(s), rng)
                top = max(evaluate(after(s, a))[seat] for a in sample)
                positions += 1
                loss += best_value - top
                as_good += best_value - top < 1e-9
                close += best_value - top < CLOSE
                if best_value - top >= CLOSE:
                    missed[best.kind_name] += 1
    print(f"{positions} positions from {args.games} greedy self-play games, {args.players} players")
    print(f"sample holds an action as good as the best: {as_good / positions:.1%}")
    print(f"within {CLOSE} of the best: {close / positions:.1%}; mean value lost: {loss / positions:.4f}")
    print("best actions the sample missed (by more than that), by kind:", dict(missed))


if __name__ == "__main__":
    main()
