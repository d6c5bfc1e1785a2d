"""Find a game's package by its name, so that shared code names no game in an import.

The names are listed in ``tigris_widget.games.GAMES`` (one line per game); the package of game
``name`` is ``tigris_widget.games.<name>``, imported on first use; it keeps the protocol
``core.protocol.GameModule``.
"""

from __future__ import annotations

from importlib import import_module
from typing import cast

from tigris_widget.core.protocol import GameModule
from tigris_widget.games import GAMES


class UnknownGameError(ValueError):
    """No game of that name is registered."""


DEFAULT_GAME: str = GAMES[0]
"""The game a command or helper plays when it is named none: the registry's first."""


def games() -> tuple[str, ...]:
    """The names of the registered games, in registry order."""
    return GAMES


def game_module(name: str) -> GameModule:
    """The package of the game called ``name`` (e.g. ``"tigris"``), imported on first use.

    :raises UnknownGameError: ``name`` is not a string naming a registered game.
    """
    if not isinstance(name, str) or name not in GAMES:
        raise UnknownGameError(f"unknown game {name!r}: the games are {', '.join(GAMES)}")
    # a module is typed ModuleType; tests/test_architecture.py checks each game package keeps GameModule
    return cast(GameModule, import_module(f"tigris_widget.games.{name}"))
