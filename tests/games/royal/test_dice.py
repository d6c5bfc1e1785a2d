"""The dice (§3): the outcomes and their chances, the facade's throws as a function of (seed, ply),
and the chance contract (a chance decision, outcomes in the history, only the dice's outcome accepted)."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from tigris_widget.core.errors import IllegalActionError
from tigris_widget.core.protocol import CHANCE_KIND, ChanceDecisionLike
from tigris_widget.games.royal import Roll, Rolled, RoyalGame, bot_rules
from tigris_widget.games.royal.engine import PROBABILITIES, RoyalState
from tigris_widget.games.royal.engine.dice import throw

from .helpers import random_game


def test_the_outcomes_are_four_binary_dice() -> None:
    assert PROBABILITIES == (1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16)
    d = RoyalGame.new(seed=3).decision
    assert isinstance(d, ChanceDecisionLike) and d.kind == CHANCE_KIND and d.choices == (Roll(),)
    assert [text for text, _ in d.outcomes] == ["roll 0", "roll 1", "roll 2", "roll 3", "roll 4"]
    assert math.isclose(sum(p for _, p in d.outcomes), 1.0)
    assert [p * 16 for _, p in d.outcomes] == [1, 4, 6, 4, 1]
    outcomes = bot_rules().chance_outcomes(RoyalState.start())
    assert [(a, p) for a, p in outcomes] == [(Rolled(n), PROBABILITIES[n]) for n in range(5)]


def test_the_facade_throws_with_the_right_frequencies() -> None:
    """A chi-square test over 8,000 first throws (4 degrees of freedom; 18.47 is the 0.1% bound)."""
    n = 8000
    counts = Counter(RoyalGame.new(seed=seed).apply("roll")[0].data["roll"] for seed in range(n))
    chi2 = sum((counts[k] - n * p) ** 2 / (n * p) for k, p in enumerate(PROBABILITIES))
    assert chi2 < 18.47, (counts, chi2)
    later = Counter(throw(7, ply) for ply in range(n))  # along one game's plies too
    chi2 = sum((later[k] - n * p) ** 2 / (n * p) for k, p in enumerate(PROBABILITIES))
    assert chi2 < 18.47, (later, chi2)


def test_the_history_keeps_the_outcome_and_undo_then_roll_throws_the_same() -> None:
    game = random_game(11, plies=40)
    while not game.decision or game.decision.kind != "chance":  # pragma: no cover - depends on the seed
        game.undo()
    game.apply("roll")
    first = game.actions[-1]
    assert type(first) is Rolled and str(first).startswith("roll ")
    game.undo()
    game.apply(Roll())
    assert game.actions[-1] == first


def test_a_clone_throws_what_the_game_would() -> None:
    game = random_game(5, plies=30)
    copy = game.clone()
    for _ in range(60):
        if game.is_over:
            break
        action = game.legal_actions()[-1]
        game.apply(action)
        copy.apply(action)
        assert copy.actions == game.actions


def test_replaying_a_game_s_own_actions_on_a_clone_works() -> None:
    game = random_game(21)
    again = RoyalGame.new(seed=21)
    for action in game.actions:
        again.apply(action)  # outcomes included: each is what the dice give there
    assert again.state == game.state and again.to_record() == game.to_record()


def test_an_outcome_the_dice_do_not_give_is_refused_without_telling_the_roll() -> None:
    game = RoyalGame.new(seed=8)
    real = throw(8, 0)
    for n in range(5):
        if n == real:
            continue
        with pytest.raises(IllegalActionError) as err:
            game.apply(Rolled(n))
        message = str(err.value)
        assert err.value.rule == "§3 D1" and f"roll {n}" in message
        assert [ch for ch in message if ch.isdigit()] == ["3", "1", str(n)]  # the code '§3 D1' and n only
        assert not game.is_legal(Rolled(n)) and len(game) == 0
    assert game.is_legal(Rolled(real))
    game.apply(f"roll {real}")
    assert game.actions == [Rolled(real)]


def test_different_seeds_throw_differently() -> None:
    assert len({tuple(throw(seed, ply) for ply in range(20)) for seed in range(20)}) == 20
