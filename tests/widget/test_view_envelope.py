"""The view-JSON envelope (``core.view``): every game's widget JSON has it, and malformed ones are refused."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from view_scenarios import FIXTURES

from tigris_widget import Game
from tigris_widget.core.view import ENVELOPE_FIELDS, SCHEMA_VERSION, ViewFormatError, check_view
from tigris_widget.games.tigris.present.viewjson import serialize_game
from tigris_widget.render import board_svg


def a_view() -> dict[str, Any]:
    return serialize_game(Game.new(players=3, seed=2), 1)


def test_the_envelope_holds_the_shared_fields_and_the_game_body() -> None:
    view = a_view()
    assert tuple(view) == ENVELOPE_FIELDS
    assert view["schema_version"] == SCHEMA_VERSION == 3 and view["game"] == "tigris"
    assert view["viewer"] == 1 and view["history"] == {"ply": 0, "length": 0, "live": True}
    assert [s["name"] for s in view["seats"]] == [p["dynasty"].capitalize() for p in view["body"]["players"]]
    assert "tiles" in view["body"] and "tiles" not in view


def test_every_golden_fixture_is_a_checked_envelope() -> None:
    for path in sorted(FIXTURES.glob("*.json")):
        check_view(json.loads(path.read_text(encoding="utf-8"))["view"])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda v: v.pop("body"), "lacks 'body'"),
        (lambda v: v.update(schema_version=2), "schema_version"),
        (lambda v: v.update(game=""), "'game'"),
        (lambda v: v.update(viewer=7), "'viewer'"),
        (lambda v: v.update(viewer=True), "'viewer'"),
        (lambda v: v["history"].update(ply=5), "'history'"),
        (lambda v: v["history"].update(live=False), "'history'"),
        (lambda v: v.update(seats=[{"seat": 1, "name": "x"}]), "'seats'"),
        (lambda v: v["decision"].update(mine="yes"), "'decision'"),
        (lambda v: v.update(log={}), "'log'"),
        (lambda v: v.update(body=[]), "'body'"),
    ],
)
def test_a_malformed_view_is_refused_by_name(change: Any, message: str) -> None:
    view = a_view()
    bad = copy.deepcopy(view)
    change(bad)
    with pytest.raises(ViewFormatError, match=message):
        check_view(bad)
    with pytest.raises(ValueError, match=message):
        board_svg(bad)
    assert check_view(view) is view


def test_a_view_that_is_no_object_is_refused() -> None:
    with pytest.raises(ViewFormatError, match="JSON object"):
        check_view([1, 2])


def test_the_svg_reads_the_last_move_from_the_envelope() -> None:
    from tigris_widget.games.tigris.present import picture

    game = Game.new(players=2, seed=1)
    assert picture.LIGHT["lastFill"] not in board_svg(serialize_game(game, None))
    game.apply(game.legal_actions()[0])
    view = serialize_game(game, None)
    assert view["last_move"] is not None
    assert board_svg(view).count(picture.LIGHT["lastFill"]) == len(view["last_move"]["squares"])
