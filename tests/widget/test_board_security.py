"""The board's Python side against a hostile front end, the shared picture model, and the log of a
position looked at in the history."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from view_scenarios import scenario_game

from tigris_widget import Game
from tigris_widget.games.tigris.present import picture
from tigris_widget.games.tigris.present.viewjson import serialize_game
from tigris_widget.jupyter.widget import BoardWidget


def send(widget: BoardWidget, data: Any, buffers: list[bytes] | None = None) -> None:
    widget._handle_msg({"content": {"data": data}, "buffers": buffers or []})


@pytest.mark.parametrize(
    "data",
    [
        {"method": "update", "state": [1, 2]},
        {"method": "update", "state": "x"},
        {"method": "update", "state": {"error": ""}, "buffer_paths": [["x"]]},
        {"method": "update", "state": {"error": ""}, "buffer_paths": 5},
        {"method": "update", "state": {"heatmap": {}}, "buffer_paths": [["heatmap"]]},
        {"method": "update", "state": {"seat": 0}},
        {"method": "update", "state": {"view": {}, "ply": "x"}},
        {"method": "bogus"},
        5,
        None,
        {"method": "custom", "content": None},
        {"method": "custom", "content": {"kind": "goto", "ply": "3"}},
    ],
)
def test_forged_messages_show_an_error_and_change_nothing(data: Any) -> None:
    game = Game.new(players=3, seed=1)
    widget = BoardWidget(game, seat=1)
    before = (dict(widget.view), widget.seat, widget.ply, len(game))
    send(widget, data)  # no exception escapes into the kernel log
    assert widget.error  # a visible error on the board
    assert (dict(widget.view), widget.seat, widget.ply, len(game)) == before


def test_state_updates_that_are_not_objects_are_refused() -> None:
    widget = BoardWidget(Game.new(players=2, seed=1))
    widget.set_state([1])  # type: ignore[arg-type]
    assert "not an object" in widget.error


def test_not_your_decision_does_not_reveal_the_deciders_hand() -> None:
    game, _ = scenario_game("war_defend_seat_view")
    decider = game.decision.seat
    other = next(s for s in range(game.state.players) if s != decider)
    widget = BoardWidget(game, seat=other)
    send(
        widget,
        {"method": "custom", "content": {"kind": "intent", "state_id": widget.view["state_id"], "action": "commit 0"}},
    )
    assert "not" in widget.error and "decision" in widget.error
    assert game.decision.prompt not in widget.error  # the full prompt names the hand's range (0–2)
    assert "(0–" not in widget.error


def test_ping_is_answered() -> None:
    widget = BoardWidget(Game.new(players=2, seed=1))
    sent: list[Any] = []
    widget.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    send(widget, {"method": "custom", "content": {"kind": "ping"}})
    assert sent == [{"kind": "pong"}] and widget.error == ""


def test_history_log_goes_on_past_the_viewed_ply_for_this_seat_only() -> None:
    game = Game.new(players=3, seed=1, hands=["rrkbbg", "kkkkkk", "gggggg"])
    for _ in range(10):
        game.apply(game.legal_actions()[0])
    view = serialize_game(game, 0, 3)
    future = [e for e in view["log"] if e.get("future")]
    assert [e["ply"] for e in future] == [4, 5, 6, 7, 8, 9]
    text = str(view["log"])
    for batch in game.events:
        for event in batch:
            if not event.visible_to(0):
                assert event.text not in text
    assert not [e for e in serialize_game(game, 0)["log"] if e.get("future")]


def test_the_canvas_picture_module_is_generated_from_the_python_one() -> None:
    assert picture.TS_PATH.read_text(encoding="utf-8") == picture.typescript()
    out = subprocess.run(
        [sys.executable, "-m", "tigris_widget.games.tigris.present.picture", "--check"], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stdout
