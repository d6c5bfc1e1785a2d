"""Helpers that turn engine facts into events with plain-language text (contract 6)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tigris_widget.games.tigris.engine.core.board import format_square
from tigris_widget.games.tigris.engine.core.events import Event
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import COLOUR_NAMES, LEADER_NAMES, TILE_NAMES, Seat, Square


def who(s: GameState, seat: Seat) -> str:
    """A player as people call him: by dynasty (rules §1), e.g. "Lion"."""
    return s.setup.dynasties[seat].capitalize()


def leader_name(s: GameState, index: int) -> str:
    """e.g. "Lion's trader" for the leader ``seat * 4 + colour``."""
    return f"{who(s, index // 4)}'s {LEADER_NAMES[index % 4]}"


def tile_name(colour: int) -> str:
    return f"{TILE_NAMES[colour]} ({COLOUR_NAMES[colour]})"


def sq(square: Square) -> str:
    return format_square(square)


def points(n: int, colour: int) -> str:
    return f"{n} {COLOUR_NAMES[colour]} point{'s' if n != 1 else ''}"


def plural(n: int, word: str) -> str:
    """e.g. "1 action", "2 actions"."""
    return f"{n} {word}{'s' if n != 1 else ''}"


def award(seat: Seat, colour: int, amount: int) -> dict[str, Any]:
    """One entry of an event's ``points`` list (see ``events``)."""
    return {"seat": seat, "colour": COLOUR_NAMES[colour], "amount": amount}


def say(
    s: GameState,
    kind: str,
    rule: str,
    text: str,
    seat: Seat | None = None,
    *,
    public: bool = True,
    extra: Mapping[str, Any] | None = None,
    **data: Any,
) -> None:
    """Record an event if this state keeps a log (fast playouts do not); ``data`` gets the seat too,
    and ``extra`` holds data keys that are not Python names (``"from"``).

    Callers that build texts or data test ``s.log is not None`` first, to spare the search that work."""
    if s.log is not None:
        if extra:
            data.update(extra)
        if seat is not None:
            data["seat"] = seat  # ``data`` is this call's own keyword dict: no copy needed
        s.log.append(Event(kind, rule, text, data, seat, public))
