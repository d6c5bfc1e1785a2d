"""The rollout search (``bots.rollouts``) and Ur's search bot built on it."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from tigris_widget.bots import make_bot
from tigris_widget.bots.budget import Budget
from tigris_widget.bots.generic import RolloutSearchBot
from tigris_widget.bots.rollouts import rollout_search
from tigris_widget.bots.runner import moves
from tigris_widget.core.registry import game_module
from tigris_widget.games.ur.bots.endgame import SEARCH_RULES, model_rollout
from tigris_widget.games.ur.engine.state import PH_OVER
from tigris_widget.games.ur.formats.position import format_position


class Coins:
    """A one-decision game for two seats: action k wins for seat 0 with chance ``odds[k]``, drawn from the
    rollout's seed (so equal odds on the same seed give the same outcome: common random numbers)."""

    def __init__(self, odds: list[float], delay: float = 0.0) -> None:
        self.odds = odds
        self.delay = delay
        self.seeds: list[tuple[int, int]] = []

    def to_move(self, state: dict[str, Any]) -> int:
        return 0

    def clone(self, state: dict[str, Any]) -> dict[str, Any]:
        return dict(state)

    def play(self, state: dict[str, Any], action: int) -> None:
        state["action"] = action

    def rollout(self, state: dict[str, Any], seed: int) -> list[float]:
        if self.delay:
            end = time.thread_time() + self.delay
            while time.thread_time() < end:
                pass
        self.seeds.append((state["action"], seed))
        win = random.Random(seed).random() < self.odds[state["action"]]
        return [1.0, 0.0] if win else [0.0, 1.0]


def test_the_most_winning_action_is_chosen_and_listed_first() -> None:
    rules = Coins([0.3, 0.5, 0.8, 0.45, 0.2, 0.6])
    result = rollout_search(rules, {}, list(range(6)), Budget(iterations=600), seed=3)
    assert result.best == 2 and result.candidates[0].action == 2
    assert result.iterations <= 600 and sum(c.visits for c in result.candidates) == result.iterations
    visits = {c.action: c.visits for c in result.candidates}
    assert visits[2] > visits[0] and visits[2] > visits[4], "halving gives the better moves more rollouts"
    best = result.candidates[0]
    assert abs(best.value - 0.8) < 3 * best.stderr + 0.02 and best.stderr > 0


def test_every_candidate_is_judged_on_the_same_seeds() -> None:
    rules = Coins([0.5, 0.5, 0.5, 0.5])
    result = rollout_search(rules, {}, [0, 1, 2, 3], Budget(iterations=40), seed=1)
    first_round = {}
    for action, seed in rules.seeds:
        first_round.setdefault(action, []).append(seed)
    assert len({tuple(seeds[:4]) for seeds in first_round.values()}) == 1, "the j-th rollout's seed is shared"
    values = [c.value for c in result.candidates if c.visits == result.candidates[-1].visits]
    assert len(set(values)) == 1, "equal odds on equal seeds: equal values"


def test_small_budgets_are_kept_and_one_action_needs_no_rollout() -> None:
    rules = Coins([0.1, 0.9, 0.5, 0.5, 0.5])
    for budget in (2, 3, 7, 11):
        result = rollout_search(rules, {}, list(range(5)), Budget(iterations=budget), seed=2)
        assert 1 <= result.iterations <= budget
    assert rollout_search(rules, {}, list(range(5)), Budget(iterations=1)).best == 0, "one rollout: the offer's first"
    alone = rollout_search(rules, {}, [4], Budget(iterations=50))
    assert alone.best == 4 and alone.iterations == 0
    with pytest.raises(ValueError, match="nothing to decide"):
        rollout_search(rules, {}, [], Budget(iterations=5))


def test_a_time_budget_is_thinking_time() -> None:
    rules = Coins([0.2, 0.4, 0.6, 0.8], delay=0.002)
    start = time.thread_time()
    result = rollout_search(rules, {}, [0, 1, 2, 3], Budget(seconds=0.1), seed=4)
    spent = time.thread_time() - start
    assert spent < 0.15 and 20 <= result.iterations <= 60, "sized from the first rollouts, never past the time"


def test_a_model_rollout_plays_ur_to_the_end_and_shares_the_win() -> None:
    game = game_module("ur").new_game(4, 7, None)
    state = game.state.clone()
    values = model_rollout(state, 5)
    assert state.phase == PH_OVER and abs(sum(values) - 1) < 1e-9 and max(values) > 0
    again = game.state.clone()
    assert model_rollout(again, 5) == values and format_position(again) == format_position(state), "seeded: replayable"
    outcomes = {tuple(model_rollout(game.state.clone(), seed)) for seed in range(8)}
    assert len(outcomes) > 1, "the greedy model's random tie-breaks make rollouts differ"
    assert SEARCH_RULES.rollout(game.state.clone(), 5) == values


def test_ur_search_is_the_rollout_search() -> None:
    bot = make_bot("search:6", 3, "ur")
    assert isinstance(bot, RolloutSearchBot) and bot.budget.iterations == 6 and bot.every_step is None
    three, four = (game_module("ur").new_game(n, 11, None).state for n in (3, 4))
    assert not bot._every_step(three) and bot._every_step(four), "Ur: every step with 4 players, first steps with 3"
    assert RolloutSearchBot(SEARCH_RULES, every_step=False)._every_step(four) is False
    assert make_bot("search", 3, "ur").budget.iterations == RolloutSearchBot.DEFAULT_ITERATIONS
    game = game_module("ur").new_game(4, 11, None)
    bots = [bot] + [make_bot("greedy", s, "ur") for s in range(3)]
    searched = 0
    for move in moves(game, bots):
        searched += move.seat == 0
        if len(game) >= 40:
            break
    assert game.actions and 0 < bot.total_iterations <= 6 * searched
