"""Every game's facade keeps the rules protocol the shared layers speak (``tigris_widget.core.protocol``)."""

from __future__ import annotations

import random

import pytest

from tigris_widget.core.protocol import (
    CHANCE_KIND,
    ChanceDecisionLike,
    DecisionLike,
    GameLike,
    GameModule,
    StandingLike,
)
from tigris_widget.core.registry import game_module
from tigris_widget.games import GAMES, ur


def _games() -> list[GameLike]:
    """A game of every registered kind, at its usual player count."""
    return [game_module(name).new_game(game_module(name).DEFAULT_PLAYERS, 5, None) for name in GAMES]


def _keeps_the_action_contract(game: GameLike) -> None:
    """Actions are values, never text; hashable, equal by value; ``str`` is notation ``apply`` reads;
    a chance decision offers its roll request alone, with outcomes whose chances sum to 1."""
    actions = list(game.legal_actions())
    assert actions and not any(isinstance(a, str) for a in actions)
    assert len(set(actions)) == len(actions)
    decision = game.decision
    assert decision is not None
    if decision.kind == CHANCE_KIND:
        assert isinstance(decision, ChanceDecisionLike) and len(decision.choices) == 1
        assert abs(sum(p for _, p in decision.outcomes) - 1) < 1e-9
    action = actions[-1]
    by_text, by_value = game.clone(), game.clone()
    by_text.apply(str(action))
    by_value.apply(action)
    assert by_text.to_position() == by_value.to_position() and by_value.actions[-1] == by_text.actions[-1]


@pytest.mark.parametrize("game", _games(), ids=lambda g: g.name)
def test_the_facade_keeps_the_protocol(game: GameLike) -> None:
    assert isinstance(game, GameLike)
    decision = game.decision
    assert isinstance(decision, DecisionLike)
    assert decision.seat == game.to_move
    assert list(decision.choices) == list(game.legal_actions())
    rng = random.Random(1)
    for _ in range(30):
        if game.is_over:
            break
        _keeps_the_action_contract(game)
        game.apply(rng.choice(game.legal_actions()))
    standings = game.standings()
    assert sorted(s.seat for s in standings) == list(range(game.players))
    assert all(isinstance(s, StandingLike) for s in standings)
    assert [s.place for s in standings] == sorted(s.place for s in standings)
    copy = game.clone()
    assert copy.to_position() == game.to_position() and len(copy) == len(game) == 30
    copy.undo()
    assert len(game) == 30
    replayed = type(game).from_record(game.to_record())  # type: ignore[attr-defined]
    assert replayed.to_position() == game.to_position()


def test_the_ur_package_is_a_game_module() -> None:
    module: GameModule = ur  # type: ignore[assignment]
    assert module.NAME == "ur" and module.TITLE == "Ur" and module.HIDDEN_INFORMATION is False
    game = module.new_game(3, 5, None)
    assert module.game_from_position(game.to_position()).to_position() == game.to_position()
    assert module.game_from_record(game.to_record()).to_position() == game.to_position()
