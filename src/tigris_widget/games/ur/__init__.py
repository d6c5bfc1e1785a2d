"""Paolo Mori's *Ur* (2006): ``UrGame`` plays it step by step or line by line (rules §0-§12).

>>> from tigris_widget.games.ur import UrGame
>>> g = UrGame.new(players=4, seed=2006)
>>> g.to_move
0
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tigris_widget.core.errors import IllegalActionError, NotationError, PositionError
from tigris_widget.core.events import Event
from tigris_widget.games.ur.engine import RULE_CODES, Decision, Standing, Step, UrOptions, UrState, parse_step
from tigris_widget.games.ur.game import UrGame, UrView
from tigris_widget.games.ur.heuristics import BOT_RULES, UrBotRules
from tigris_widget.games.ur.notation import parse_line
from tigris_widget.games.ur.position import format_position, parse_position

NAME = "ur"
TITLE = "Ur"


def new_game(players: int = 4, seed: int | None = None, options: Mapping[str, Any] | None = None) -> UrGame:
    """A new game (``tigris_widget.core.protocol.GameModule``); see ``UrGame.new``."""
    return UrGame.new(players, seed, options)


def game_from_position(text: str) -> UrGame:
    return UrGame.from_position(text)


def game_from_record(text: str) -> UrGame:
    return UrGame.from_record(text)


def bot_rules() -> UrBotRules:
    """Ur's knowledge for the shared bots (``random``, ``greedy``, ``search``): see ``heuristics``."""
    return BOT_RULES


__all__ = [
    "NAME",
    "RULE_CODES",
    "TITLE",
    "Decision",
    "Event",
    "IllegalActionError",
    "NotationError",
    "PositionError",
    "Standing",
    "Step",
    "UrBotRules",
    "UrGame",
    "UrOptions",
    "UrState",
    "UrView",
    "bot_rules",
    "format_position",
    "game_from_position",
    "game_from_record",
    "new_game",
    "parse_line",
    "parse_position",
    "parse_step",
]
