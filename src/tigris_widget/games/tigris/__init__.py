"""Reiner Knizia's *Tigris & Euphrates*: the rules engine (``engine``), position text and records
(``formats``), the ``Game`` facade and ``PositionBuilder``, how a game looks (``present``), the bots'
T&E knowledge (``bots``) and the puzzles (``puzzles``). ``tigris_widget.core.registry`` finds this
package by its name, ``"tigris"``; the package keeps ``core.protocol.GameModule``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tigris_widget.games.tigris.builder import PositionBuilder
from tigris_widget.games.tigris.engine.core.actions import Action
from tigris_widget.games.tigris.engine.core.errors import IllegalActionError, NotationError, PositionError
from tigris_widget.games.tigris.engine.core.events import Event
from tigris_widget.games.tigris.engine.core.setup import GameSetup
from tigris_widget.games.tigris.engine.rules.decisions import Decision
from tigris_widget.games.tigris.engine.rules.position import Position
from tigris_widget.games.tigris.engine.rules.scoring import PlayerResult
from tigris_widget.games.tigris.engine.rules.view import PlayerView
from tigris_widget.games.tigris.game import Game

NAME = "tigris"
"""The game's name in the registry (``tigris_widget.games.GAMES``)."""

TITLE = "Tigris & Euphrates"
"""How people name the game."""


def new_game(players: int, seed: int | None, options: Mapping[str, Any] | None) -> Game:
    """A new game on the classic board without variants (``Game.new`` offers the rest)."""
    return Game.new(players=players, seed=seed, options=options)


def game_from_position(text: str) -> Game:
    """A game starting at a position in the position text format (``Game.from_position``)."""
    return Game.from_position(text)


def game_from_record(text: str) -> Game:
    """A game replayed from its record (``Game.from_record``)."""
    return Game.from_record(text)


__all__ = [
    "NAME",
    "TITLE",
    "Action",
    "Decision",
    "Event",
    "Game",
    "GameSetup",
    "IllegalActionError",
    "NotationError",
    "PlayerResult",
    "PlayerView",
    "Position",
    "PositionBuilder",
    "PositionError",
    "game_from_position",
    "game_from_record",
    "new_game",
]
