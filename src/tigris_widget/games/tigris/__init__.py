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
    """A new game (``Game.new``); besides the rule options, ``options`` may name the ``board``
    (``classic``/``alternative``) and the ``variants`` (``"buildings,ziggurat"``), as tournaments do."""
    if options is not None and not isinstance(options, Mapping):
        raise ValueError(f"options must be a mapping such as {{'board': 'alternative'}}, not {options!r}")
    rest = dict(options or {})
    board = rest.pop("board", "classic")
    variants = rest.pop("variants", "")
    if not isinstance(board, str) or not isinstance(variants, str):
        raise ValueError(f"board and variants are words, not {board!r} and {variants!r}")
    return Game.new(players=players, seed=seed, board=board, variants=variants, options=rest or None)


def game_from_position(text: str) -> Game:
    """A game starting at a position in the position text format (``Game.from_position``)."""
    return Game.from_position(text)


def game_from_record(text: str) -> Game:
    """A game replayed from its record (``Game.from_record``)."""
    return Game.from_record(text)


def bot_rules() -> None:
    """None: T&E hides tiles, so its bots (greedy, information-set search) are written for it alone."""
    return None


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
    "bot_rules",
    "game_from_position",
    "game_from_record",
    "new_game",
]
