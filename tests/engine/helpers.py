"""Small helpers for the engine tests."""

from __future__ import annotations

from tigris_widget import Game
from tigris_widget.games.tigris.engine.core.board import square
from tigris_widget.games.tigris.engine.core.events import Event
from tigris_widget.games.tigris.engine.core.types import COLOUR_CODES


def vp(game: Game, seat: int) -> dict[str, int]:
    """VP of a seat by colour code, e.g. {'k': 0, 'r': 1, 'b': 0, 'g': 0}."""
    return dict(zip(COLOUR_CODES, game.state.vp[seat * 4 : seat * 4 + 4]))


def hand(game: Game, seat: int) -> str:
    return "".join(COLOUR_CODES[c] * n for c, n in enumerate(game.state.hand(seat)))


def at(x: int, y: int) -> int:
    return square(x, y)


def has_tile(game: Game, colour: str, x: int, y: int) -> bool:
    return bool(game.state.tiles[COLOUR_CODES.index(colour)] >> square(x, y) & 1)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def leader_square(game: Game, seat: int, colour: str) -> int:
    return game.state.leaders[seat * 4 + COLOUR_CODES.index(colour)]
