"""Every game's facade keeps the rules protocol the shared layers speak (``tigris_widget.core.protocol``)."""

from __future__ import annotations

import random

import pytest

from tigris_widget import Game
from tigris_widget.core.protocol import DecisionLike, GameLike, GameModule, StandingLike
from tigris_widget.games import ur


def _games() -> list[GameLike]:
    return [Game.new(players=3, seed=5), ur.UrGame.new(players=3, seed=5)]


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
