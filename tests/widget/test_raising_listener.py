"""A listener with a bug (a user's ``on_action`` callback, a ``subscribe`` callback) is reported, never
obeyed: the legal move it was told of stands, every other listener and board is told, and the
warning names the callback and its error."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

from tigris_widget import Game
from tigris_widget.core.history import ListenerWarning
from tigris_widget.games.ur import UrGame
from tigris_widget.jupyter.widget import BoardWidget


def _games() -> list[Any]:
    return [Game.new(players=2, seed=3), UrGame.new(3, seed=3)]


def buggy_callback(*_: object) -> None:
    raise KeyError("a bug in the user's callback")


@pytest.mark.parametrize("game", _games(), ids=["tigris", "ur"])
def test_every_listener_is_told_even_after_one_raises(game: Any) -> None:
    # before: apply raised KeyError after recording the move, and the second listener was never told
    told: list[str] = []
    game.subscribe(buggy_callback)
    game.subscribe(lambda g, change: told.append(change))
    action = game.legal_actions()[0]
    with pytest.warns(ListenerWarning, match=r"the listener buggy_callback raised KeyError at .*a bug in the user's"):
        game.apply(action)
    assert told == ["apply"] and game.actions == [action]
    with pytest.warns(ListenerWarning):
        game.undo()
    assert told == ["apply", "undo"] and len(game) == 0


@pytest.mark.parametrize("game", _games(), ids=["tigris", "ur"])
def test_a_board_whose_on_action_raises_leaves_every_board_in_step(game: Any) -> None:
    # before: the click's apply raised after the move was recorded; the second board stayed at ply 0
    first, second = BoardWidget(game), BoardWidget(game)
    seen: list[dict[str, Any]] = []
    first.on_action(buggy_callback)
    first.on_action(seen.append)
    with pytest.warns(ListenerWarning, match="buggy_callback raised KeyError"):
        first.play(str(game.legal_actions()[0]))
    assert len(game) == 1 and first.ply == second.ply == 1 and [r["ply"] for r in seen] == [1]
    assert first.error == second.error == ""


def test_a_listener_whose_error_cannot_even_be_shown_is_still_reported() -> None:
    class Nasty(Exception):
        def __str__(self) -> str:
            raise RuntimeError("no")

    def raise_nasty(*_: object) -> None:
        raise Nasty

    game = UrGame.new(3, seed=1)
    game.subscribe(raise_nasty)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        game.apply(game.legal_actions()[0])
    assert len(game) == 1 and "raise_nasty raised Nasty" in str(caught[0].message)
