"""Game records (formats/record.py): wrong types, hostile sizes and internal errors become clear messages."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from tigris_widget import Game, PositionError
from tigris_widget.core.files import MAX_JSON_CHARS
from tigris_widget.games.tigris.formats.record import MAX_ACTIONS, read_record

FIXTURES = Path(__file__).parent / "fixtures" / "positions_v1"


def record(**changes: Any) -> dict[str, Any]:
    data = Game.new(players=2, seed=3).to_dict()
    data["actions"] = ["pass", "pass"]
    for key, value in changes.items():
        if "." in key:
            outer, inner = key.split(".")
            data[outer] = {**data[outer], inner: value}
        else:
            data[key] = value
    return data


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"setup.variants": None}, "setup.variants must be a list, not null"),
        ({"setup.options": "scores=open"}, "setup.options must be an object, not 'scores=open'"),
        ({"setup.board": ["x"]}, "setup.board must be a string, not a list"),
        ({"setup.players": True}, "setup.players must be a whole number, not true"),
        ({"setup.players": 9}, "setup: players must be 2, 3 or 4"),
        ({"setup.dynasties": ["archer", 3]}, "setup.dynasties must be a list of names"),
        ({"setup.options": {"scores": 1}}, "setup.options must map option names to values"),
        ({"setup.colour": "red"}, "setup has unknown field 'colour'"),
        ({"setup": [1]}, "needs a 'setup' object"),
        ({"hands": 5}, "'hands' must be a list of tile strings"),
        ({"hands": ["rrkbbg"]}, "one starting hand per player"),
        ({"bag": ["r"]}, "'bag' must be a string of tile colours"),
        ({"seed": "x"}, "'seed' must be a whole number, not 'x'"),
        ({"seed": 1e300}, "'seed' must be a whole number, not the number 1e\\+300"),
        ({"start_player": "0"}, "'start_player' must be a seat number"),
        ({"start_player": 7}, "start player must be a seat from 0 to 1"),
        ({"actions": [1]}, r"'actions' must be a list of action notations; actions\[0\] is 1"),
        ({"actions": "pass"}, "'actions' must be a list of action notations, not 'pass'"),
        ({"actions": ["pass", "commit \u0663"]}, r"actions\[1\] 'commit .': action notation is plain text"),
        ({"actions": ["pass", "x" * 10_000]}, r"actions\[1\] a 10,000-character string: .*at most 100"),
        ({"actions": ["pass", "pass", "tile b (0,0)"]}, r"actions\[2\] 'tile b \(0,0\)': §6.2 T"),
        ({"version": True}, "unsupported game record version true"),
        ({"position": "tigris-position 2"}, "a record starting from a 'position' has no setup, seed"),
    ],
)  # fmt: skip
def test_wrong_fields_are_refused_naming_them(changes: dict[str, Any], message: str) -> None:
    data = record(**changes)
    with pytest.raises(PositionError, match=message):
        Game.from_dict(data)
    with pytest.raises(PositionError, match=message):
        Game.from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 10_000 + "]" * 10_000, "nests too deeply"),
        ('{"format": "tigris-game", "version": 1, "seed": ' + "9" * 5000 + "}", "a number in the JSON has too many"),
        ('{"format": "tigris-game", "version": 1, "seed": NaN, "setup": {}}', "'seed' must be a whole number, not the"),
        ('{"format": "tigris-game", "version": 1, "seed": 1, "setup": {' + '"a": 1, ' * 3 + "}", "malformed JSON"),
        (" " * (MAX_JSON_CHARS + 1), "at most 1,000,000 are read"),
    ],
)
def test_hostile_json_is_refused_with_a_message_about_the_input(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        Game.from_json(text)


def test_absurdly_long_records_are_refused_at_once_and_the_limit_loads_quickly() -> None:
    data = record(actions=["pass"] * 300_000)
    start = time.perf_counter()
    with pytest.raises(PositionError, match="300,000 actions; at most 5,000"):
        Game.from_dict(data)
    with pytest.raises(PositionError, match="at most 1,000,000"):
        Game.from_json(json.dumps(data))
    assert time.perf_counter() - start < 1
    game = Game.from_dict(record(actions=["pass"] * MAX_ACTIONS))
    assert len(game) == MAX_ACTIONS and game.state.turn == MAX_ACTIONS + 1


def test_records_from_positions_keep_their_text_including_version_1() -> None:
    v1 = (FIXTURES / "revolt_defend.txt").read_text()
    game = Game.from_position(v1)
    game.apply("commit 1")
    again = Game.from_json(game.to_json())
    assert again.state == game.state and again.to_dict()["position"] == v1
    data = again.to_dict()
    data["position"] = v1.replace("phase=2", "phase=7")
    with pytest.raises(PositionError, match=r"^position: line 12: pending: "):
        Game.from_dict(data)


def test_any_whole_number_seeds_the_bag() -> None:
    game = Game.from_json(json.dumps(record(seed=10**400)))
    assert game.state.turn == 3 and game.to_dict()["seed"] == 10**400


def test_read_record_returns_the_start_and_parsed_actions() -> None:
    rec = read_record(record(hands=["rrkbbg", "kkkrrg"], bag="rg"))
    assert rec.setup is not None and rec.setup.players == 2 and rec.seed == 3 and rec.hands == ("rrkbbg", "kkkrrg")
    assert rec.bag == "rg" and [str(a) for a in rec.actions] == ["pass", "pass"] and rec.position is None
