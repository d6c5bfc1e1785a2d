"""What a puzzle says of a try, the same in every game: the judgement a game's ``Puzzle.check`` (the
whole try) and ``Puzzle.judge`` (the step just made) return."""

from __future__ import annotations

import html
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

COLOURS = {"good": "#2e8b57", "bad": "#c0392b", "unclear": "#8a6d00"}
"""The ink of a step's judgement wherever a verdict is shown (the puzzle board, a notebook)."""
MARKS = {"good": "✓", "bad": "✗", "unclear": "?"}
"""The sign of a step's judgement."""
LIKE = {"solved": "good", "failed": "bad"}
"""A whole try's status shown as the step judgement it resembles."""


@dataclass(frozen=True)
class Verdict:
    """``status``: "solved", "failed" or "playing" for a whole try; "good", "bad" or "unclear" for the
    step just made. ``message`` says why, in plain words."""

    status: str
    message: str

    def __str__(self) -> str:
        return self.message or self.status

    def _repr_html_(self) -> str:
        """A notebook shows the message as a line of text with its sign, not as a dataclass."""
        status = LIKE.get(self.status, self.status)
        sign = MARKS.get(status, "…" if status == "playing" else "")
        colour = COLOURS.get(status, "")
        style = f" style='color:{colour};font-weight:bold'" if colour else ""
        text = html.escape(self.message or self.status, quote=False)
        return f"<p><span{style}>{sign}</span> {text}</p>"


class PuzzleFieldError(ValueError):
    """A puzzle entry (of a user's puzzle file) whose field ``field`` is wrong; the message says how."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def text_field(data: Mapping[str, Any], name: str, default: str | None = None) -> str:
    """The entry's string field ``name`` (``default`` when it is absent and one is given)."""
    value = data.get(name, default)
    if not isinstance(value, str):
        raise PuzzleFieldError(name, f"'{name}' must be a string, not {_shown(value)}")
    return value


def int_field(data: Mapping[str, Any], name: str, low: int, high: int, default: int | None = None) -> int:
    """The entry's integer field ``name`` in [low, high] (a bool or a float is refused: it would not
    come back the same)."""
    value = data.get(name, default)
    if type(value) is not int or not low <= value <= high:
        raise PuzzleFieldError(name, f"'{name}' must be a whole number from {low} to {high}, not {_shown(value)}")
    return value


def texts_field(data: Mapping[str, Any], name: str, *, required: bool = False) -> tuple[str, ...]:
    """The entry's list-of-strings field ``name`` (empty when it is absent and not ``required``)."""
    value = data.get(name, None if required else [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise PuzzleFieldError(name, f"'{name}' must be a list of strings, not {_shown(value)}")
    return tuple(value)


def object_field(data: Mapping[str, Any], name: str) -> dict[str, Any] | None:
    """The entry's optional JSON-object field ``name`` (None when absent or null)."""
    value = data.get(name)
    if value is not None and not isinstance(value, dict):
        raise PuzzleFieldError(name, f"'{name}' must be an object or null, not {_shown(value)}")
    return value


def _shown(value: object) -> str:
    """A value as an error message shows it: short, whatever its size."""
    return "nothing" if value is None else f"{value!r:.60}"


def goal_spec(goal: str | Mapping[str, Any]) -> dict[str, Any]:
    """A puzzle goal's spec from a mapping, a JSON object, or ``kind key=value …`` (whole numbers read
    as such); each game checks the spec itself (``PuzzleBook.make``).

    >>> goal_spec("gain colour=blue points=2")
    {'kind': 'gain', 'colour': 'blue', 'points': 2}"""
    if isinstance(goal, Mapping):
        return dict(goal)
    if not isinstance(goal, str) or not goal.strip():
        raise ValueError(f"bad goal: a goal is a spec such as 'gain colour=blue points=2', not {goal!r:.60}")
    text = goal.strip()
    if text.startswith("{"):
        try:
            found = json.loads(text)
        except json.JSONDecodeError as err:
            raise ValueError(f"bad goal: the goal is not valid JSON: {err.msg} at character {err.pos}") from None
        if not isinstance(found, dict):
            raise ValueError('bad goal: a goal in JSON is an object such as {"kind": "points", "points": 9}')
        return found
    kind, *pairs = text.split()
    spec: dict[str, Any] = {"kind": kind}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name or not value:
            raise ValueError(f"bad goal {text!r}: {pair!r} is not key=value")
        spec[name] = int(value) if value.lstrip("-").isdigit() else value
    return spec
