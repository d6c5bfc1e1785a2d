"""The Royal Game of Ur in Irving Finkel's reconstruction: two players, four binary dice, seven
pieces a side (``docs/rules-royal.md``). ``RoyalGame`` plays it; the shared bots serve it through
``bot_rules()``, the dice being chance decisions (``core.protocol.CHANCE_KIND``).

>>> from tigris_widget.games.royal import RoyalGame
>>> g = RoyalGame.new(seed=7)
>>> g.decision.prompt
'Light throws the dice'
>>> str(g.apply("roll")[0]).startswith("Light rolls")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from tigris_widget.core.checks import MAX_SHOWN, plain_text, shown
from tigris_widget.core.errors import IllegalActionError, NotationError, PositionError
from tigris_widget.core.protocol import GameLike, SearchDefaults
from tigris_widget.games.royal.bots.heuristics import BOT_RULES, RoyalBotRules
from tigris_widget.games.royal.engine import RULE_CODES, Action, Move, Roll, Rolled, RoyalState
from tigris_widget.games.royal.engine.actions import MOVE
from tigris_widget.games.royal.engine.board import COLUMNS, ROWS
from tigris_widget.games.royal.engine.board import SQUARES as _CELLS
from tigris_widget.games.royal.game import RoyalDecision, RoyalGame, RoyalView, Standing
from tigris_widget.games.royal.present import svg as _svg
from tigris_widget.games.royal.present import view as _view

NAME = "royal"
TITLE = "Royal Game of Ur"
HIDDEN_INFORMATION = False
"""Nothing is hidden: the dice to come are no one's (views never show them)."""
PLAYERS = (2,)
DEFAULT_PLAYERS = 2
SQUARES = _CELLS
"""The 3 × 8 grid's 24 cells (``y * 8 + x``), the four that are no squares included."""
SEARCH_DEFAULTS = SearchDefaults(iterations=300)
"""The search's budget per move (about 10 ms). Measured over 60 games against the greedy bot, seats
alternating: 300 iterations won 41, the shared default of 60 won 30 (no better than greedy)."""
SCORE_UNIT = ("piece borne off", "pieces borne off")
"""A seat's score is the pieces it has borne off (seven win)."""


def new_game(players: int = 2, seed: int | None = None, options: Mapping[str, Any] | None = None) -> RoyalGame:
    """A new game (``core.protocol.GameModule``); see ``RoyalGame.new``."""
    return RoyalGame.new(players, seed, options)


def game_from_position(text: str) -> RoyalGame:
    return RoyalGame.from_position(text)


def game_from_record(text: str) -> RoyalGame:
    return RoyalGame.from_record(text)


def to_square(value: object) -> int:
    """A cell from an int (``y * 8 + x``), an ``(x, y)`` pair or the text ``"(x,y)"``.

    :raises PositionError: naming the value that is no cell of the grid."""
    text = plain_text(value)
    if text is not None:
        parts = text.strip().removeprefix("(").removesuffix(")").split(",")
        if len(parts) == 2 and all(p.strip().isascii() and p.strip().isdigit() and len(p.strip()) < 3 for p in parts):
            value = (int(parts[0]), int(parts[1]))
    if type(value) is int and 0 <= value < _CELLS:
        return value
    if type(value) is tuple and len(value) == 2 and all(type(v) is int for v in value):
        x, y = cast("tuple[int, int]", value)
        if 0 <= x < COLUMNS and 0 <= y < ROWS:
            return y * COLUMNS + x
    raise PositionError(f"no cell of the 8 × 3 grid: {shown(value, MAX_SHOWN)} (an int 0..23, (x, y) or '(x,y)')")


def present(
    game: GameLike, seat: int | None, ply: int | None = None, *, revision: int = 0, log_window: int = 12
) -> dict[str, Any]:
    """The view JSON of a game (``present.view.present``)."""
    if not isinstance(game, RoyalGame):
        raise TypeError(f"the Royal Game of Ur's presenter shows a RoyalGame, not {type(game).__name__}")
    return _view.present(game, seat, ply, revision=revision, log_window=log_window)


def intent_action(view: Mapping[str, Any], content: Mapping[str, Any]) -> str:
    """The action text of an intent from the board (``present.view.intent_action``)."""
    return _view.intent_action(view, content)


def picture_svg(view: Mapping[str, Any], **options: Any) -> str:
    """The static SVG of a view (``present.svg.picture_svg``)."""
    return _svg.picture_svg(view, **options)


def explain(err: ValueError) -> str:
    """Refusals lead with their rule code (``§5.2 M3: …``): shown as they are."""
    return str(err)


def bot_rules() -> RoyalBotRules:
    """The game's knowledge for the shared ``random``, ``greedy`` and ``search`` bots (``bots.heuristics``)."""
    return BOT_RULES


def _royal(game: GameLike, what: str) -> RoyalGame:
    if not isinstance(game, RoyalGame):
        raise TypeError(f"{what} needs a RoyalGame, not {type(game).__name__}")
    return game


def turn_starts(game: GameLike) -> list[int]:
    """The plies at which the dice are thrown (each throw begins a turn, an extra turn included), 0 first."""
    g = _royal(game, "turn_starts")
    return [0, *(p for p in range(1, len(g)) if g.state_at(p).chance)]


def scores_public(game: GameLike) -> bool:
    """Every seat sees how many pieces each has borne off."""
    return True


def moves(game: GameLike) -> list[tuple[int, int]]:
    """Every move of a piece is one move to judge; the throws are the dice's, not a seat's choice."""
    g = _royal(game, "moves")
    return [(ply, 1) for ply, action in enumerate(g.actions) if action.code == MOVE]


__all__ = [
    "DEFAULT_PLAYERS",
    "HIDDEN_INFORMATION",
    "NAME",
    "PLAYERS",
    "RULE_CODES",
    "SCORE_UNIT",
    "SEARCH_DEFAULTS",
    "SQUARES",
    "TITLE",
    "Action",
    "IllegalActionError",
    "Move",
    "NotationError",
    "PositionError",
    "Roll",
    "Rolled",
    "RoyalBotRules",
    "RoyalDecision",
    "RoyalGame",
    "RoyalState",
    "RoyalView",
    "Standing",
    "bot_rules",
    "explain",
    "game_from_position",
    "game_from_record",
    "intent_action",
    "moves",
    "new_game",
    "picture_svg",
    "present",
    "scores_public",
    "to_square",
    "turn_starts",
]
