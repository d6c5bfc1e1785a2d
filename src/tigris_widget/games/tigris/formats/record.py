"""Game records: how a game started plus every action in notation, as versioned JSON.

A record starts either from a setup and a seed (optionally fixed starting hands and the first
tiles of the bag) or from a position (``tigris_widget.games.tigris.formats.positions``)::

    {"format": "tigris-game", "version": 1,
     "setup": {"players": 2, "board": "classic", "variants": [], "options": {...}, "dynasties": [...]},
     "seed": 7, "start_player": 1, "actions": ["tile r (5,4)", "pass", ...]}

    {"format": "tigris-game", "version": 1, "position": "tigris-position 2\\n...", "actions": [...]}

``read_record`` checks every field's type and size and parses every action, raising
``PositionError`` that names the field; it does not play the actions (``Game.from_dict`` does,
and names the first action the rules refuse). A real game has a few hundred actions; records
of more than ``MAX_ACTIONS`` actions or JSON texts longer than ``MAX_JSON_CHARS`` are refused
before any work is done, so that loading stays fast and light.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from tigris_widget.core.files import load_json
from tigris_widget.games.tigris.engine.core.actions import Action, parse_action
from tigris_widget.games.tigris.engine.core.errors import PositionError
from tigris_widget.games.tigris.engine.core.setup import GameSetup
from tigris_widget.games.tigris.formats.positions import MAX_TEXT

RECORD_FORMAT = "tigris-game"
RECORD_VERSION = 1
MAX_ACTIONS = 5_000
"""Most actions a record may hold (real games have a few hundred)."""

_FIELDS = ("format", "version", "setup", "seed", "start_player", "hands", "bag", "position", "actions")
_SETUP_FIELDS = {"players": int, "board": str, "variants": list, "options": dict, "dynasties": list}
_TYPE_NAMES = {int: "a whole number", str: "a string", list: "a list", dict: "an object"}
_MAX_TILES_TEXT = 200  # longer than any hand or bag (153 tiles)


@dataclass(frozen=True)
class GameRecord:
    """A validated record: the start (a position, or a setup and how it was dealt) and the actions."""

    actions: tuple[Action, ...]
    position: str | None = None
    setup: GameSetup | None = None
    seed: int | None = None
    start_player: int | None = None
    hands: tuple[str, ...] | None = None
    bag: str | None = None


def record_dict(origin: Mapping[str, Any], actions: Iterable[Action]) -> dict[str, Any]:
    """The JSON-ready record of a game that started as ``origin`` (setup and seed, or position)."""
    return {"format": RECORD_FORMAT, "version": RECORD_VERSION, **origin, "actions": [str(a) for a in actions]}


def loads_record(text: str | Mapping[str, Any]) -> GameRecord:
    """Read a record from JSON text (or the already parsed object)."""
    if not isinstance(text, str):
        return read_record(text)
    return read_record(load_json(text, "game record"))


def read_record(data: object) -> GameRecord:
    """Check a parsed record and return its start and actions; ``PositionError`` names the field."""
    if not isinstance(data, Mapping):
        raise PositionError(f"a game record is a JSON object, not {_describe(data)}")
    if data.get("format") != RECORD_FORMAT:
        raise PositionError(f"not a game record: 'format' must be {RECORD_FORMAT!r}")
    version = data.get("version")
    if type(version) is not int or version != RECORD_VERSION:
        raise PositionError(f"unsupported game record version {_describe(version)} (this is {RECORD_VERSION})")
    unknown = [key if isinstance(key, str) else _describe(key) for key in data if key not in _FIELDS]
    if unknown:
        raise PositionError(f"game record has unknown field(s): {', '.join(sorted(unknown))}")
    actions = _actions(data.get("actions", []))
    if "position" in data:
        mixed = [key for key in ("setup", "seed", "start_player", "hands", "bag") if key in data]
        if mixed:
            raise PositionError(f"a record starting from a 'position' has no {', '.join(mixed)}")
        position = data["position"]
        if not isinstance(position, str) or len(position) > MAX_TEXT:
            raise PositionError(f"'position' must be position text (at most {MAX_TEXT:,} characters)")
        return GameRecord(actions, position=position)
    setup = _setup(data.get("setup"))
    if "seed" not in data:
        raise PositionError("game record needs a 'seed' (or a 'position')")
    seed = data["seed"]
    if type(seed) is not int:
        raise PositionError(f"'seed' must be a whole number, not {_describe(seed)}")
    start = data.get("start_player")
    if start is not None and type(start) is not int:
        raise PositionError(f"'start_player' must be a seat number, not {_describe(start)}")
    hands = data.get("hands")
    if hands is not None and not (isinstance(hands, list) and all(_tiles_text(h) for h in hands)):
        raise PositionError('\'hands\' must be a list of tile strings, one per seat, e.g. ["rrkbbg", "rgbbkk"]')
    bag = data.get("bag")
    if bag is not None and not _tiles_text(bag):
        raise PositionError("'bag' must be a string of tile colours, e.g. \"rrgk\"")
    return GameRecord(actions, setup=setup, seed=seed, start_player=start,
                      hands=None if hands is None else tuple(hands), bag=bag)  # fmt: skip


def _actions(actions: object) -> tuple[Action, ...]:
    if not isinstance(actions, list):
        raise PositionError(f"'actions' must be a list of action notations, not {_describe(actions)}")
    if len(actions) > MAX_ACTIONS:
        raise PositionError(f"the record holds {len(actions):,} actions; at most {MAX_ACTIONS:,} are read "
                            "(a game has a few hundred)")  # fmt: skip
    parsed = []
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise PositionError(f"'actions' must be a list of action notations; actions[{i}] is {_describe(text)}")
        try:
            parsed.append(parse_action(text))
        except ValueError as err:
            raise PositionError(f"actions[{i}] {_describe(text)}: {err}") from None
    return tuple(parsed)


def _setup(setup: object) -> GameSetup:
    if not isinstance(setup, Mapping):
        raise PositionError(f"game record needs a 'setup' object (or a 'position'), not {_describe(setup)}")
    for key, value in setup.items():
        kind = _SETUP_FIELDS.get(key) if isinstance(key, str) else None
        if kind is None:
            raise PositionError(f"setup has unknown field {_describe(key)}; the fields are {', '.join(_SETUP_FIELDS)}")
        if type(value) is not kind:
            raise PositionError(f"setup.{key} must be {_TYPE_NAMES[kind]}, not {_describe(value)}")
        if isinstance(value, list) and not all(isinstance(v, str) and len(v) <= 40 for v in value):
            raise PositionError(f"setup.{key} must be a list of names")
        if isinstance(value, dict) and not all(isinstance(v, str) and len(v) <= 40 for v in value.values()):
            raise PositionError(f'setup.{key} must map option names to values, e.g. {{"scores": "open"}}')
    try:
        return GameSetup.from_dict(setup)
    except ValueError as err:
        raise PositionError(f"setup: {err}") from None


def _tiles_text(value: object) -> bool:
    return isinstance(value, str) and len(value) <= _MAX_TILES_TEXT


def _describe(value: object) -> str:
    """A short description of a JSON value for messages (never the repr of a big or deep value)."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int):
        return str(value) if value.bit_length() < 64 else "a very large number"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else f"a {len(value):,}-character string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"
