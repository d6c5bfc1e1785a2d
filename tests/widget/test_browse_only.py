"""Boards that only show a game: ``BoardWidget(playable=False)`` (a second view with teaching overlays)
and a course's live board under each lesson step, which is pinned where its caption says."""

from __future__ import annotations

import pytest

from tigris_widget import BoardWidget, Game, UrGame
from tigris_widget.jupyter.course import show_step
from tigris_widget.jupyter.lessons import lesson


def _intent(board: BoardWidget, action: str) -> None:
    board._handle_message(board, {"kind": "intent", "state_id": board.view["state_id"], "action": action}, [])


@pytest.mark.parametrize("game", [Game.new(players=3, seed=1), UrGame.new(players=3, seed=2)], ids=["tigris", "ur"])
def test_a_board_that_only_shows_the_game_offers_and_plays_nothing(game: Game | UrGame) -> None:
    board = BoardWidget(game, playable=False)
    decision = board.view["decision"]
    assert decision["mine"] is False and board.view["targets"] == {}
    assert decision["prompt"].startswith("This board only shows the game.")
    legal = str(game.legal_actions()[0])
    with pytest.raises(ValueError, match="only shows the game"):
        board.play(legal)
    _intent(board, legal)  # a forged click: refused, visibly, and nothing changes
    assert board.error and len(game) == 0
    game.apply(legal)  # it follows the game played elsewhere, and its history can be stepped through
    assert board.view["history"]["length"] == 1 and board.view["decision"]["mine"] is False
    board.goto(0)
    assert board.ply == 0
    with pytest.raises(ValueError, match="playable must be True or False"):
        BoardWidget(game, playable="no")  # type: ignore[arg-type]


def test_a_lesson_steps_live_board_is_pinned_at_its_caption_and_takes_no_move() -> None:
    """The Ur course's live board under a step followed the shared game to its latest state (captioned
    "After P1: place (1,1)…" at move 12 of 12) and could be played, changing the lesson below."""
    from ipywidgets.widgets.widget import _instances

    game = lesson("war")
    step = show_step(game, "tile g (6,4)", caption="Unites")
    live = step._outputs()[2]
    board = _instances[live["application/vnd.jupyter.widget-view+json"]["model_id"]]
    assert isinstance(board, BoardWidget) and board.game is not game
    shown = len(game)
    assert board.view["history"]["length"] == shown and board.view["decision"]["mine"] is False
    game.apply(game.legal_actions()[0])  # the lesson goes on in the cells below: the board stays
    assert board.view["history"]["length"] == shown
    with pytest.raises(ValueError, match="only shows the game"):
        board.play(str(board.game.legal_actions()[0]))
    assert len(game) == shown + 1 and len(board.game) == shown
