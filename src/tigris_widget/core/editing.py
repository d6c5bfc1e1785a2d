"""What a game gives the position editor (``core.editor.Editor``): its draft operations and problems.

A game that can be edited exports ``position_editing()`` (an optional hook, read through
``core.hooks.position_editing``) returning a ``PositionEditing``. A *draft* is the game's own value
(opaque to the core) holding a position that may break the rules but can always be written as the
game's position text; every operation returns a new draft and leaves its argument as it was.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from tigris_widget.core.checks import MAX_SHOWN, plain_text, shown

MAX_FIELD_TEXT = 400
"""Longest text accepted for one field of a draft (a bag of 100 tiles is the longest real one)."""


@dataclass(frozen=True)
class Problem:
    """One rule the draft breaks: at ``square`` (the game's square number) when the rule concerns one,
    else about ``field`` (an off-grid field such as a hand or the turn), in ``message``."""

    square: int | None
    field: str | None
    message: str

    def as_dict(self) -> dict[str, Any]:
        return {"square": self.square, "field": self.field, "message": self.message}


class PositionEditing(Protocol):
    """A game's edit operations on drafts (``games/<game>/editor.py``)."""

    def start(self, players: int | None, seed: int, options: Mapping[str, Any] | None) -> Any:
        """The draft of a new game's setup."""
        ...

    def read(self, text: str) -> Any:
        """The draft of a valid position text (``PositionError`` when the engine refuses it)."""
        ...

    def text(self, draft: Any) -> str:
        """The draft as position text, whether or not the rules allow it."""
        ...

    def place(self, draft: Any, square: int, piece: object) -> Any: ...

    def remove(self, draft: Any, square: int) -> Any: ...

    def move(self, draft: Any, origin: int, target: int) -> Any: ...

    def set(self, draft: Any, field: object, value: object) -> Any: ...

    def problems(self, draft: Any) -> list[Problem]:
        """What the engine's position checks refuse in the draft (empty: a valid position)."""
        ...

    def palette(self, draft: Any) -> list[dict[str, str]]:
        """Every piece that can be placed, as ``{"piece": <what place takes>, "label": <words>}``, with
        optionally ``group`` (the widget's heading for it) and ``short`` (its button's text)."""
        ...

    def fields(self, draft: Any) -> dict[str, Any]:
        """The off-grid fields and their values (what ``set`` takes)."""
        ...

    def cells(self, draft: Any) -> list[str]:
        """What each square holds, as its position-text token (drawn even when the draft is invalid)."""
        ...

    def code(self, text: str) -> str:
        """Python a user pastes into a notebook to build the (valid) position ``text`` as ``game``."""
        ...


_LINE_PREFIX = re.compile(r"^line ([0-9]+)(?:, x=[0-9]+)?: ")


def located(err: ValueError, line_fields: Sequence[str | None]) -> Problem:
    """``err`` from the game's position reader as a problem: at its ``square`` when it names one, and
    about the field written on the line its message names (``line_fields[n - 1]`` for line n of the
    draft's text), with that line number taken off the message (it counts lines of a text the user
    never saw)."""
    message = str(err)
    field = None
    match = _LINE_PREFIX.match(message)
    if match:
        number = int(match.group(1))
        if 1 <= number <= len(line_fields):
            field = line_fields[number - 1]
        message = message[match.end() :]
    square = getattr(err, "square", None)
    return Problem(square if type(square) is int else None, field, message)


def field_text(value: object, what: str) -> str:
    """``value`` as one line of position text: plain text without line breaks or comment marks, not
    too long; else a ``ValueError`` naming ``what``."""
    text = plain_text(value)
    if text is None:
        raise ValueError(f"{what} is text, not {shown(value)}")
    if len(text) > MAX_FIELD_TEXT or not text.isascii() or not text.isprintable() or "#" in text:
        raise ValueError(f"{what} cannot be {shown(text, MAX_SHOWN)}: one line of printable ASCII without '#'")
    return text.strip()
