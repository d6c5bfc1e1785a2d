"""Search by policy rollouts: each candidate action is judged by playing the game to its end many times
as the game's model of its players plays it, and the one that wins most often is chosen.

This is a one-step improvement of the model policy (Tesauro and Galperin's rollouts): against players
who play like the model, choosing by rollouts is never worse than the model's own choice, and it is
better wherever the model's one-turn reading misjudges the end of the game. The game supplies the
rollout (``core.protocol.RolloutHook``: play a state to the end, return every seat's win share); this
module only shares the rollouts out among the candidates:

* **successive halving** — every candidate gets the same number of rollouts, the better half goes on
  to the next round with more, until one is left, so most rollouts go to the moves that matter;
* **common random numbers** — the j-th rollout of every candidate uses the same seed, so two moves are
  compared on the same luck (the model's random tie-breaks, and in a game with dice the rolls the
  rollout draws with their probabilities from that seed), and a small difference shows sooner.

The candidates are a seat's choices only: at a roll of the dice the bot rolls without searching
(``bots.generic``), and no rollout reads a roll to come (the game's rollout draws it).

    >>> from tigris_widget.core.registry import game_module
    >>> rules = game_module("ur").bot_rules()
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tigris_widget.bots.budget import Budget
from tigris_widget.bots.search_result import Candidate, SearchResult
from tigris_widget.core.analysis import stderr_of
from tigris_widget.core.clock import ThinkingClock


@dataclass
class _Arm:
    action: Any
    visits: int = 0
    total: float = 0.0
    squares: float = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


def rollout_search(rules: Any, state: Any, offer: Sequence[Any], budget: Budget, seed: int = 0) -> SearchResult[Any]:
    """Choose among ``offer`` (legal actions in ``state``) by ``rules.rollout`` with successive halving.

    ``budget.iterations`` is the most rollouts played in all (a round that would not fit is not begun;
    with fewer rollouts than candidates only the first candidates are tried); with ``budget.seconds``
    (thinking time, ``core.clock``) their number is sized from the cost of a first rollout per candidate,
    and the search stops when the time is spent (the halving's rounds may leave part of either unspent). The result lists the chosen action first (the best
    mean of the last round's candidates), then the others by visits."""
    if not offer:
        raise ValueError("there is nothing to decide: no action is offered")
    seat = rules.to_move(state)
    clock = ThinkingClock()
    started = time.perf_counter()
    arms = [_Arm(action) for action in offer]
    base = random.Random(seed).randrange(2**31)
    done = 0

    def play(arm: _Arm, upto: int) -> None:
        nonlocal done
        for j in range(arm.visits, upto):
            after = rules.clone(state)
            rules.play(after, arm.action)
            value = rules.rollout(after, base + j)[seat]
            arm.visits += 1
            arm.total += value
            arm.squares += value * value
            done += 1

    def out_of_time() -> bool:
        return budget.seconds is not None and clock.spent() >= budget.seconds

    alive = list(arms)
    if len(alive) > 1:
        total = budget.iterations
        if budget.seconds is not None:  # size the rounds from what one rollout per candidate costs
            for arm in alive:
                play(arm, 1)
            per_rollout = max(clock.spent(), 1e-6) / done
            by_time = max(done, int(budget.seconds / per_rollout))
            total = by_time if total is None else min(total, by_time)
        assert total is not None
        if len(alive) > total:  # fewer rollouts than candidates: the first ones (the offer's order)
            alive = alive[: max(1, total)]
        rounds = max(1, math.ceil(math.log2(len(alive))))
        per_round = total / rounds
        while len(alive) > 1 and not out_of_time():
            share = max(1, int(per_round / len(alive)))
            if done + share * len(alive) > total and any(arm.visits for arm in alive):
                break  # the budget would not cover a whole round: judge on what was played
            for arm in alive:
                play(arm, arm.visits + share)
                if out_of_time():
                    break
            alive.sort(key=lambda a: -a.mean)
            alive = alive[: max(1, len(alive) // 2)]
    chosen = max(alive, key=lambda a: (a.mean, a.visits))
    rest = sorted((a for a in arms if a is not chosen), key=lambda a: (-a.visits, -a.mean))
    candidates = [
        Candidate(a.action, a.visits, a.mean, stderr_of(a.total, a.squares, a.visits)) for a in (chosen, *rest)
    ]
    return SearchResult(candidates, done, time.perf_counter() - started)
