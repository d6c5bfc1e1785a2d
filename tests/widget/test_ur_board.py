"""Ur on the board widget: the presenter's view JSON (golden fixtures, targets = the legal steps),
intents played as steps, forged intents refused with a visible error and nothing changed, taking back
a step, overlays on its 36 cells, and the static pictures."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from ur_scenarios import SCENARIOS, build_fixture, load_fixture, scenario_game

from tigris_widget.core.view import check_view
from tigris_widget.games.ur import UrGame, intent_action, picture_svg, present, to_square
from tigris_widget.jupyter.widget import BoardWidget
from tigris_widget.render import game_view, write_svg
from tigris_widget.render.html import game_html
from tigris_widget.render.replay import replay_data


def target_texts(targets: dict[str, Any]) -> set[str]:
    """Every step text in a view's targets."""
    out: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, dict):
            for k, v in value.items():
                if k not in ("cell", "kind", "pair"):
                    walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for key, value in targets.items():
        if key != "undo":
            walk(value)
    return out


def send(widget: BoardWidget, content: Any) -> None:
    """A custom message from the front end, through ipywidgets' own entry point."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def intent(widget: BoardWidget, **fields: Any) -> None:
    send(widget, {"kind": "intent", "state_id": widget.view["state_id"], **fields})


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_the_golden_views_are_current_and_their_targets_are_the_legal_steps(name: str) -> None:
    fixture = load_fixture(name)
    assert build_fixture(name) == json.loads(json.dumps(fixture)), "run python tests/widget/ur_scenarios.py"
    view = check_view(fixture["view"])
    assert view["game"] == "ur" and len(view["body"]["cells"]) == 36
    assert target_texts(view["targets"]) == set(fixture["legal"])
    svg = picture_svg(view)
    assert svg.startswith("<svg") and "</svg>" in svg


def test_the_body_says_everything_a_player_sees() -> None:
    game, _ = scenario_game("turn")
    body = present(game, None)["body"]
    s = game.state
    assert [c["cubes"] for c in body["cells"]] == s.cubes
    assert body["supply"] == [20 - k for k in s.on_grid] and body["zig_left"] == s.zig_left
    assert body["start"] == s.start and body["active"] == s.active and body["phase"] == "turn"
    assert body["turn"]["acts"] and len(body["hands"]) == 4 and len(body["scores"]) == 4
    over = present(scenario_game("over")[0], 2)
    assert over["over"] and over["decision"] is None and over["targets"] == {}
    assert sorted(r["rank"] for r in over["result"]) == [r["rank"] for r in over["result"]]


def test_a_widget_plays_ur_steps_from_intents() -> None:
    game = UrGame.new(players=4, seed=2006)
    widget = BoardWidget(game)
    assert widget.view["game"] == "ur"
    first = next(iter(widget.view["targets"]["place"].values()))
    intent(widget, action=first)
    assert widget.error == "" and [str(a) for a in game.actions] == [first]
    assert widget.last_action["action"] == first and widget.view["last_move"]["squares"]
    # a click on a cell that is no target: Python writes the step out and the engine names the rule
    taken = game.actions[0].a
    before = game.to_position()
    intent(widget, cell=taken)
    assert widget.error.startswith("§2.5") and len(game) == 1 and game.to_position() == before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ({"kind": "intent", "action": "place (0,0)"}, "state_id"),
        ({"kind": "intent", "state_id": "0.0", "action": 7}, "string 'action'"),
        ({"kind": "intent", "state_id": "0.0", "cell": 99}, "cell 0..35"),
        ({"kind": "intent", "state_id": "0.0", "cell": True}, "cell 0..35"),
        ({"kind": "intent", "state_id": "0.0", "cell": 3, "action": "keep"}, "exactly one"),
        ({"kind": "intent", "state_id": "0.0", "piece": {"kind": "tile"}, "square": 3}, "unknown field"),
        ({"kind": "intent", "state_id": "0.0", "action": "zig (9,9)"}, "cannot read|off the grid"),
        ({"kind": "intent", "state_id": "0.0", "action": "keep"}, "§"),
        ({"kind": "intent", "state_id": "9.9", "action": "place (0,0)"}, "moved on"),
        ({"kind": "undo", "state_id": "0.0"}, "Nothing to take back"),
        ({"kind": "undo", "state_id": "0.0", "x": 1}, "no other field"),
        ({"kind": "hack"}, "unknown message kind"),
        ("text", "JSON object"),
    ],
)
def test_forged_intents_are_refused_visibly_and_change_nothing(content: Any, message: str) -> None:
    game = UrGame.new(players=4, seed=2006)
    widget = BoardWidget(game)
    view = copy.deepcopy(widget.view)
    send(widget, content)
    assert widget.error and __import__("re").search(message, widget.error), widget.error
    assert len(game) == 0 and widget.view == view


def test_a_seat_view_acts_only_for_its_seat() -> None:
    game = UrGame.new(players=4, seed=2006)
    other = (game.to_move + 1) % 4
    widget = BoardWidget(game, seat=other)
    assert widget.view["targets"] == {} and widget.view["decision"]["mine"] is False
    intent(widget, action=str(game.legal_actions()[0]))
    assert "§12 S3" in widget.error and len(game) == 0


def test_a_half_built_turn_is_taken_back_step_by_step() -> None:
    game, _ = scenario_game("allocation")
    widget = BoardWidget(game)
    n = len(game)
    line = game.state.line
    undone = 0
    while widget.view["targets"].get("undo"):
        send(widget, {"kind": "undo", "state_id": widget.view["state_id"]})
        assert widget.error == ""
        undone += 1
    assert len(game) == n - undone and undone >= 1
    assert game.state.line == line and not game.state.started  # back at the start of the turn
    assert "undo" not in widget.view["targets"]


def test_overlays_heatmap_and_pictures_use_the_36_cells(tmp_path: Path) -> None:
    game, _ = scenario_game("attack")
    widget = BoardWidget(game)
    widget.highlight([(1, 1), "(2,3)", 5])
    widget.arrow((3, 1), (4, 1))
    widget.label(0, "here")
    widget.caption("An attack")
    assert [h["square"] for h in widget.overlay["highlights"]] == [7, 20, 5]
    widget.show_heatmap(list(range(36)))
    assert len(widget.heatmap) == 36 * 4
    with pytest.raises(ValueError, match="36 values"):
        widget.show_heatmap([1.0] * 176)
    with pytest.raises(ValueError, match="off the grid"):
        widget.highlight([(6, 0)])
    svg = widget.picture()
    assert svg.startswith("<svg") and "An attack" in svg and "here" in svg
    assert game._repr_svg_().startswith("<svg")
    assert "image/svg+xml" in widget._repr_mimebundle_()[0]
    assert write_svg(game, tmp_path / "ur.svg").read_text(encoding="utf-8").startswith("<svg")
    assert game_view(game)["game"] == "ur"
    assert picture_svg(present(game, None), theme="dark") != picture_svg(present(game, None))
    with pytest.raises(ValueError, match="theme"):
        picture_svg(present(game, None), theme="blue")


def test_the_html_replay_and_embedded_history_hold_ur_views(tmp_path: Path) -> None:
    game, _ = scenario_game("setup")
    data = replay_data(game)
    assert len(data["views"]) == len(game) + 1 and all(v["game"] == "ur" for v in data["views"])
    assert all(v["targets"] == {} for v in data["views"])
    page = game_html(game)
    assert "<title>Ur — 2 actions, all-seeing view</title>" in page
    widget = BoardWidget(game, embed_history=True)
    assert widget.replay
    assert widget.to_html(tmp_path / "ur.html").exists()


def test_cells_are_read_in_every_written_form() -> None:
    assert to_square(0) == 0 and to_square((5, 5)) == 35 and to_square("(2,1)") == 8 and to_square(" (2, 1) ") == 8
    for bad in (36, -1, (6, 0), "(a,b)", 1.5, True, None):
        with pytest.raises(ValueError):
            to_square(bad)


def test_intent_action_writes_the_click_it_cannot_look_up() -> None:
    game, _ = scenario_game("turn")
    view = present(game, None)
    empty = next(i for i, c in enumerate(view["body"]["cells"]) if c["owner"] is None)
    face = view["body"]["cells"][empty]["face"]
    assert intent_action(view, {"cell": empty}) == f"exchange ({empty % 6},{empty // 6}) side {face}"
    assert intent_action(view, {"cell": 8, "from": 7}) == "(1,1)->(2,1)"
    over = present(scenario_game("over")[0], None)
    with pytest.raises(ValueError, match="plays nothing"):
        intent_action(over, {"cell": 3})


@pytest.mark.parametrize(
    "change",
    [
        lambda b: b["cells"].pop(),
        lambda b: b["cells"][3].update(face="X"),
        lambda b: b["cells"][3].update(cubes="3"),
        lambda b: b["cells"][3].update(owner=9),
        lambda b: b["cells"].__setitem__(0, None),
        lambda b: b.pop("hands"),
        lambda b: b["scores"][0].update(points=None),
        lambda b: b.update(start="P0"),
        lambda b: b.update(turn=None),
    ],
)
def test_a_hand_built_view_is_refused_by_the_picture(change: Any) -> None:
    view = copy.deepcopy(load_fixture("turn")["view"])
    change(view["body"])
    with pytest.raises(ValueError, match="Ur view"):
        picture_svg(view)
    with pytest.raises(ValueError, match="not an Ur view"):
        picture_svg({**load_fixture("turn")["view"], "game": "tigris"})
