"""Action notation and record lines (§8, §10).

An action is written ``roll`` (the request to throw), ``roll N`` (what the dice showed, 0–4) or
``move N`` (the mover's piece on path square N moves by the roll; ``move 0`` enters a piece). A record
writes one line per throw: the seat, the roll and the move it led to, if any —
``light: roll 3 move 0``, ``dark: roll 0`` — and a game that starts at a position with the roll
thrown (``next dark move 3``) begins with that move alone, ``dark: move 6``.
"""

from __future__ import annotations

import re
from typing import Final

from tigris_widget.core.checks import MAX_SHOWN, plain_text, shown
from tigris_widget.core.errors import NotationError
from tigris_widget.games.royal.engine.actions import Action, Move, Rolled, parse_action
from tigris_widget.games.royal.engine.board import SEAT_WORDS

__all__ = ["format_action", "format_throw", "parse_action", "parse_seat", "parse_throw"]


def format_action(action: Action) -> str:
    return str(action)


def parse_seat(word: str) -> int:
    """A seat from its word (``light`` 0, ``dark`` 1, in any case); ``NotationError`` otherwise."""
    low = word.lower()
    if low in SEAT_WORDS:
        return SEAT_WORDS.index(low)
    raise NotationError(f"{shown(word, MAX_SHOWN)} is no seat (light or dark)")


def format_throw(seat: int, rolled: Action | None, move: Action | None) -> str:
    """One record line: ``light: roll 3 move 0`` (``rolled`` None: a move of a roll the start stated)."""
    words = [str(a) for a in (rolled, move) if a is not None]
    return f"{SEAT_WORDS[seat]}: " + " ".join(words)


_THROW: Final = re.compile(r"([a-z]+)\s*:\s*(?:roll\s+([0-9]{1,2}))?(?:\s*move\s+([0-9]{1,2}))?")


def parse_throw(line: object) -> tuple[int, Action | None, Action | None]:
    """The seat, the outcome (or None) and the move (or None) of a record line.

    :raises NotationError: naming what cannot be read."""
    plain = plain_text(line)
    if plain is None:
        raise NotationError(f"a record line is text, not {shown(line)}")
    m = _THROW.fullmatch(" ".join(plain.split()).lower())
    if m is None or (m.group(2) is None and m.group(3) is None):
        raise NotationError(
            f"{shown(plain, MAX_SHOWN)} is not a throw (write 'light: roll 3 move 0' or 'dark: roll 0')"
        )
    seat = parse_seat(m.group(1))
    rolled = None if m.group(2) is None else Rolled(int(m.group(2)))
    move = None if m.group(3) is None else Move(int(m.group(3)))
    return seat, rolled, move
