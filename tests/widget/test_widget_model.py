"""BoardWidget without a browser: what is synced, how intents are answered, overlays and history."""

from __future__ import annotations

import json
import math
import struct
import subprocess
import sys
import weakref
from typing import Any

import pytest
from view_scenarios import SCENARIOS, build_fixture, load_fixture, scenario_game

from tigris_widget import Game, IllegalActionError
from tigris_widget.core.view import SCHEMA_VERSION, check_view
from tigris_widget.games.tigris.engine.core.actions import Action
from tigris_widget.games.tigris.engine.core.board import to_square
from tigris_widget.games.tigris.present.viewjson import LOG_WINDOW, serialize_game
from tigris_widget.jupyter.widget import BoardWidget


class Recorder:
    """Stands in for the comm: keeps every message the widget sends to the front end."""

    def __init__(self, widget: BoardWidget) -> None:
        self.messages: list[tuple[dict[str, Any], list[Any]]] = []
        widget.comm.send = self.send  # type: ignore[method-assign]

    def send(self, data: dict[str, Any] | None = None, buffers: list[Any] | None = None, **_: Any) -> None:
        self.messages.append((data or {}, list(buffers or [])))

    def updates(self) -> list[dict[str, Any]]:
        return [m["state"] for m, _ in self.messages if m.get("method") == "update"]


def synced(widget: BoardWidget) -> dict[str, Any]:
    """Everything the widget syncs to the browser except the id of its layout model."""
    return {k: v for k, v in widget.get_state().items() if k != "layout"}


def front_end_sends(widget: BoardWidget, content: Any) -> None:
    """Deliver a custom message the way the comm does when the browser calls ``model.send``."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def intent(widget: BoardWidget, action: str) -> None:
    front_end_sends(widget, {"kind": "intent", "state_id": widget.view["state_id"], "action": action})


def first_tile_action(game: Game) -> str:
    return next(str(a) for a in game.legal_actions() if str(a).startswith("tile "))


# -- the synced state ------------------------------------------------------------------------------
def without_narration(data: dict[str, Any]) -> dict[str, Any]:
    """A fixture with the engine's event texts blanked: their wording is the engine's to change (and
    its tests' to check); everything else in the synced state is held to the golden file."""
    view = data.get("view", data)
    log = [{**entry, "events": [{**e, "text": bool(e["text"])} for e in entry["events"]]} for entry in view["log"]]
    view = {**view, "log": log}
    return {**data, "view": view} if "view" in data else view


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_golden_views_match_the_serializer(name: str) -> None:
    fixture = load_fixture(name)
    fresh = build_fixture(name)
    assert without_narration(fresh) == without_narration(fixture), (
        f"run `python tests/widget/view_scenarios.py` if {name} changed on purpose"
    )
    game = Game.from_dict(fixture["game"])  # the record rebuilds the same position
    assert without_narration(serialize_game(game, fixture["seat"])) == without_narration(fixture["view"])


def test_every_decision_kind_has_a_fixture_with_its_targets() -> None:
    expected = {
        "revolt_attack": "commit", "war_defend_seat_view": "commit", "war_order": "war", "monument": "decline",
        "treasure": "treasures", "building": "building", "ziggurat_bonus": "bonus", "start_all_seeing": "tile",
    }  # fmt: skip
    for name, key in expected.items():
        view = load_fixture(name)["view"]
        assert view["decision"]["mine"], name
        assert key in view["targets"], (name, view["targets"].keys())


def test_state_carries_schema_version_and_board_map() -> None:
    view = BoardWidget(Game.new(players=2, seed=3, board="alternative")).view
    assert view["schema_version"] == SCHEMA_VERSION and view["game"] == "tigris" and check_view(view) is view
    board = view["body"]["board"]
    assert board["name"] == "alternative"
    assert len(board["specials"]) == 14 - 10 or board["specials"]
    assert all(0 <= q < 176 for q in board["river"])


def test_targets_carry_the_engine_action_texts_grouped_by_piece() -> None:
    game, _ = scenario_game("midgame_all_seeing")
    targets = BoardWidget(game).view["targets"]
    texts = set()
    for group in ("tile", "leader", "move"):
        for colour, actions in targets.get(group, {}).items():
            for square, text in actions.items():
                assert Action.parse(text).square == int(square) and colour in ("black", "red", "blue", "green")
                texts.add(text)
    texts |= set(targets.get("catastrophe", {}).values()) | set(targets.get("withdraw", {}).values())
    legal = {str(a) for a in game.legal_actions()}
    assert texts == {a for a in legal if not a.startswith(("swap", "pass"))}
    assert targets["pass"] == "pass" and targets["swap"] is True


def test_mid_game_state_is_small() -> None:
    game, _ = scenario_game("midgame_all_seeing")
    widget = BoardWidget(game)
    size = len(json.dumps(widget.get_state()["view"], separators=(",", ":")))
    assert size <= 20_000, size
    assert len(widget.view["log"]) == LOG_WINDOW


def test_a_seat_view_never_sends_other_hands_the_bag_or_hidden_scores() -> None:
    def game(others: tuple[str, str]) -> Game:
        g = Game.new(
            players=3,
            seed=11,
            hands=["rrkbbg", *others],
            bag="rrrrrrrrrrrr",
            options={"scores": "hidden"},
            start_player=0,
        )
        return g

    a, b = game(("kkkkkk", "gggggg")), game(("rrrrrr", "bbbbbb"))
    wa, wb = BoardWidget(a, seat=0), BoardWidget(b, seat=0)
    assert synced(wa) == synced(wb)
    # the same public moves by seat 0, ending its turn (it draws from the same bag prefix)
    moves = [first_tile_action(a)]
    a.apply(moves[0])
    b.apply(moves[0])
    moves.append(first_tile_action(a))
    a.apply(moves[1])
    b.apply(moves[1])
    assert synced(wa) == synced(wb)
    others = [p for p in wa.view["body"]["players"] if p["seat"] != 0]
    assert all(p["hand"] is None and p["vp"] is None and p["treasures"] is None for p in others)
    # the all-seeing views differ: the difference really is hidden information
    assert BoardWidget(a).view != BoardWidget(b).view


def test_private_events_reach_only_their_player() -> None:
    game = Game.new(players=2, seed=4, start_player=0)
    game.apply(first_tile_action(game))
    game.apply(first_tile_action(game))
    mine = json.dumps(BoardWidget(game, seat=0).view["log"])
    theirs = json.dumps(BoardWidget(game, seat=1).view["log"])
    assert "drawn_tiles" in mine
    assert "drawn_tiles" not in theirs


def test_other_players_swaps_show_only_their_size() -> None:
    game = Game.new(players=2, seed=4, hands=["rrkbbg", "kkkggg"], start_player=0)
    game.apply("swap rrk")
    assert BoardWidget(game, seat=1).view["log"][-1]["action"] == "swap 3"
    assert BoardWidget(game, seat=0).view["log"][-1]["action"] == "swap krr"


# -- intents ----------------------------------------------------------------------------------------
def test_an_intent_plays_the_action_and_the_new_state_is_sent() -> None:
    game = Game.new(players=3, seed=1)
    widget = BoardWidget(game)
    sent = Recorder(widget)
    action = first_tile_action(game)
    intent(widget, action)
    assert [str(a) for a in game.actions] == [action]
    views = [u["view"] for u in sent.updates() if "view" in u]
    assert views and views[-1]["last_move"]["action"] == action
    assert views[-1]["state_id"] != "0.0"
    assert widget.error == ""


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("tile r (5,4)", "JSON object"),
        ({"kind": "hack"}, "unknown message kind"),
        ({"kind": "intent", "action": "pass"}, "string 'state_id'"),
        ({"kind": "intent", "state_id": "STALE", "action": "pass"}, "moved on"),
        ({"kind": "intent", "state_id": None, "action": 3}, "string"),
        ({"kind": "intent", "state_id": "0.0", "action": 3}, "string 'action'"),
        ({"kind": "intent", "state_id": "0.0"}, "exactly one of"),
        ({"kind": "intent", "state_id": "0.0", "action": "pass", "extra": 1}, "unknown field"),
        ({"kind": "intent", "state_id": "0.0", "action": "x" * 500}, "too long"),
        ({"kind": "intent", "state_id": "0.0", "action": "teleport k (1,1)"}, "teleport"),
        ({"kind": "intent", "state_id": "0.0", "action": "tile b (5,4)"}, "§6.2"),
        ({"kind": "goto", "ply": "3"}, "integer"),
        ({"kind": "goto", "ply": 99}, "ply must be"),
    ],
)
def test_a_bad_message_is_answered_with_an_error_and_changes_nothing(content: Any, needle: str) -> None:
    game = Game.new(players=3, seed=1)
    widget = BoardWidget(game)
    before = (widget.view, len(game))
    front_end_sends(widget, content)
    assert needle in widget.error
    assert (widget.view, len(game)) == before


def test_the_front_end_cannot_change_the_seat_or_other_traits() -> None:
    game = Game.new(players=3, seed=1)
    widget = BoardWidget(game, seat=1)
    before = widget.view
    widget._handle_msg(
        {
            "content": {"data": {"method": "update", "state": {"seat": None, "ply": 0}, "buffer_paths": []}},
            "buffers": [],
        }
    )
    assert widget.seat == 1 and widget.view == before
    assert "may not change 'ply', 'seat'" in widget.error
    widget._handle_msg(
        {"content": {"data": {"method": "update", "state": {"error": ""}, "buffer_paths": []}}, "buffers": []}
    )
    assert widget.error == ""  # dismissing an error is allowed


def test_illegal_click_error_names_the_rule_and_next_good_intent_clears_it() -> None:
    game = Game.new(players=3, seed=1)
    widget = BoardWidget(game)
    intent(widget, "tile b (5,4)")  # a farm on land
    assert widget.error.startswith("§")
    intent(widget, first_tile_action(game))
    assert widget.error == ""


def test_a_seat_view_acts_only_for_its_seat() -> None:
    game = Game.new(players=3, seed=1, start_player=0)
    other = BoardWidget(game, seat=1)
    assert other.view["decision"]["mine"] is False and other.view["targets"] == {}
    intent(other, first_tile_action(game))
    assert (
        other.error.startswith("§16 D1 Only the player who must decide — it is not Bull's decision") and len(game) == 0
    )
    own = BoardWidget(game, seat=0)
    intent(own, first_tile_action(game))
    assert len(game) == 1


def test_the_all_seeing_view_acts_for_whoever_decides() -> None:
    game, _ = scenario_game("revolt_attack")
    widget = BoardWidget(game)
    n = len(game)
    intent(widget, "commit 0")
    assert len(game) == n + 1 and widget.error == ""


def test_no_intent_is_played_while_looking_at_the_history() -> None:
    game = Game.new(players=2, seed=1)
    game.apply(first_tile_action(game))
    widget = BoardWidget(game)
    widget.goto(0)
    assert widget.view["history"]["live"] is False and widget.view["targets"] == {}
    intent(widget, first_tile_action(game))
    assert "go to the latest position" in widget.error and len(game) == 1


# -- staying in sync with Python --------------------------------------------------------------------
def test_changes_made_from_python_are_synced_to_every_widget() -> None:
    game = Game.new(players=3, seed=1)
    a, b = BoardWidget(game), BoardWidget(game, seat=2)
    seen: list[dict[str, Any]] = []
    a.on_action(seen.append)
    observed: list[Any] = []
    a.observe(lambda change: observed.append(change["new"]), names="last_action")
    action = first_tile_action(game)
    game.apply(action)
    assert a.view["history"]["ply"] == b.view["history"]["ply"] == 1
    assert a.last_action["action"] == action and seen[0]["action"] == action and observed
    assert seen[0]["events"], "events explain the action"
    game.undo()
    assert a.view["history"]["ply"] == 0 and a.view["last_move"] is None
    assert a.view["state_id"] not in ("0.0", "1.1")  # a new revision, not a stale id


def test_on_action_can_be_removed_and_close_unsubscribes() -> None:
    game = Game.new(players=2, seed=1)
    widget = BoardWidget(game)
    calls: list[Any] = []
    widget.on_action(calls.append)
    widget.on_action(calls.append, remove=True)
    widget.close()
    game.apply(first_tile_action(game))
    assert calls == [] and game._listeners == []


def test_the_game_holds_its_widgets_only_weakly() -> None:
    game = Game.new(players=2, seed=1)
    widget = BoardWidget(game)
    (callback,) = game._listeners
    held = [cell.cell_contents for cell in callback.__closure__ or ()]
    assert all(obj is not widget for obj in held)
    assert any(isinstance(obj, weakref.ref) and obj() is widget for obj in held)


def test_history_navigation_from_python_and_from_the_front_end() -> None:
    game = Game.new(players=2, seed=1)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    widget = BoardWidget(game)
    widget.goto(1)
    assert widget.view["history"] == {"ply": 1, "length": 3, "live": False}
    widget.forward()
    assert widget.ply == 2
    widget.back(5)
    assert widget.ply == 0
    widget.goto(-1)
    assert widget.live
    front_end_sends(widget, {"kind": "goto", "ply": 2})
    assert widget.ply == 2 and widget.error == ""
    # a new action while looking at the past keeps the past on screen
    widget.latest()
    widget.goto(1)
    game.apply(game.legal_actions()[0])
    assert widget.ply == 1 and widget.view["history"]["length"] == 4
    with pytest.raises(ValueError, match="ply must be"):
        widget.goto(9)


def test_play_validates_like_a_click() -> None:
    game = Game.new(players=2, seed=1, start_player=0)
    widget = BoardWidget(game, seat=1)
    with pytest.raises(IllegalActionError, match=r"^§16 D1: it is not Bull's decision; waiting for Archer"):
        widget.play(first_tile_action(game))
    BoardWidget(game, seat=0).play(first_tile_action(game))
    assert len(game) == 1


def test_constructor_rejects_bad_arguments() -> None:
    game = Game.new(players=2, seed=1)
    with pytest.raises(TypeError, match="unexpected keyword"):
        BoardWidget(game, colour="red")  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="seat must be"):
        BoardWidget(game, seat=2)
    with pytest.raises(TypeError, match="Game"):
        BoardWidget("game")  # type: ignore[arg-type]
    widget = BoardWidget(game, theme="dark")
    assert widget.theme == "dark"
    with pytest.raises(Exception, match="seat must be"):
        widget.seat = 5


def test_switching_the_seat_resyncs_only_that_seats_information() -> None:
    game = Game.new(players=3, seed=1)
    widget = BoardWidget(game)
    widget.seat = 1
    hands = [p["hand"] for p in widget.view["body"]["players"]]
    assert hands[0] is None and hands[1] is not None and hands[2] is None


# -- overlays ---------------------------------------------------------------------------------------
def test_heatmap_travels_as_binary_float32() -> None:
    widget = BoardWidget(Game.new(players=2, seed=1))
    sent = Recorder(widget)
    widget.show_heatmap({(5, 4): 0.5, "(6,4)": 1.5, 3: -2})
    values = struct.unpack("<176f", widget.heatmap)
    assert values[4 * 16 + 5] == 0.5 and values[4 * 16 + 6] == 1.5 and values[3] == -2
    assert math.isnan(values[0])
    data, buffers = next(
        (m, b) for m, b in sent.messages if "heatmap" in m.get("state", {}) or ["heatmap"] in m.get("buffer_paths", [])
    )
    assert ["heatmap"] in data["buffer_paths"] and len(buffers[0]) == 176 * 4
    widget.show_heatmap([float(i) for i in range(176)], vmin=0, vmax=100)
    assert widget.overlay["heatmap_range"] == [0.0, 100.0]
    with pytest.raises(ValueError, match="176"):
        widget.show_heatmap([1.0, 2.0])
    widget.show_heatmap({}, vmin=0)  # nothing to scale: no range
    assert widget.overlay["heatmap_range"] is None
    widget.show_heatmap({5: 2.0}, vmin=0)
    assert widget.overlay["heatmap_range"] == [0.0, 2.0]
    with pytest.raises(ValueError, match="colour"):
        widget.highlight([5], colour=123)  # type: ignore[arg-type]


def test_highlights_arrows_labels_caption_and_clear() -> None:
    widget = BoardWidget(Game.new(players=2, seed=1))
    widget.highlight([(1, 1), 20], colour="#00ff00")
    widget.arrow((1, 1), (5, 4))
    widget.label((5, 4), "best move here!")
    widget.caption("Bull's best reply")
    o = widget.overlay
    assert o["highlights"] == [{"square": 17, "colour": "#00ff00"}, {"square": 20, "colour": "#00ff00"}]
    assert o["arrows"] == [{"from": 17, "to": 69}]
    assert o["labels"] == [{"square": 69, "text": "best move he"}]
    assert o["caption"] == "Bull's best reply"
    widget.clear_overlays()
    assert widget.overlay == {} and widget.heatmap == b""


@pytest.mark.parametrize("bad", [176, -1, (16, 0), "(3,11)", (1,), True, 2.5])
def test_overlay_squares_are_validated(bad: Any) -> None:
    with pytest.raises(ValueError):
        to_square(bad)


# -- packaging --------------------------------------------------------------------------------------
def test_engine_imports_without_jupyter_packages() -> None:
    code = "import sys, tigris_widget; assert 'anywidget' not in sys.modules; print(tigris_widget.BoardWidget.__name__)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "BoardWidget"


def test_the_built_front_end_is_in_the_package() -> None:
    from tigris_widget.jupyter import widget

    esm = (widget._STATIC / "widget.js").read_text(encoding="utf-8")
    assert "render" in esm and "tigris-widget" in esm
    assert (widget._STATIC / "widget.css").exists()


def test_game_listeners_are_called_after_apply_and_undo_and_not_copied() -> None:
    game = Game.new(players=2, seed=1)
    calls: list[tuple[int, str]] = []
    stop = game.subscribe(lambda g, change: calls.append((len(g), change)))
    game.apply(first_tile_action(game))
    game.undo()
    assert calls == [(1, "apply"), (0, "undo")]
    assert game.clone()._listeners == []
    with pytest.raises(ValueError):
        game.apply("tile b (5,4)")
    assert len(calls) == 2  # an illegal action notifies nobody
    stop()
    game.apply(first_tile_action(game))
    assert len(calls) == 2
