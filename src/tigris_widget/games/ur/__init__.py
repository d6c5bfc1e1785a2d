"""Paolo Mori's *Ur* (2006): ``UrGame`` plays it step by step or line by line (rules §0-§12).

>>> from tigris_widget.games.ur import UrGame
>>> g = UrGame.new(players=4, seed=2006)
>>> g.to_move
0
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from typing import Any

from tigris_widget.core.analysis import Analysis, AnalysisRequest
from tigris_widget.core.bot import Bot
from tigris_widget.core.editing import PositionEditing
from tigris_widget.core.errors import IllegalActionError, NotationError, PositionError
from tigris_widget.core.events import Event
from tigris_widget.core.protocol import CourseHooks, GameLike, PuzzleBook, SearchDefaults
from tigris_widget.games.ur.bench import bench_extras as bench_extras  # the bench's Ur figures
from tigris_widget.games.ur.bots import analysis as _analysis
from tigris_widget.games.ur.bots.endgame import SEARCH_RULES
from tigris_widget.games.ur.bots.heuristics import UrBotRules
from tigris_widget.games.ur.builder import UrPositionBuilder
from tigris_widget.games.ur.editor import EDITING
from tigris_widget.games.ur.engine import RULE_CODES, Decision, Standing, Step, UrOptions, UrState, parse_step
from tigris_widget.games.ur.engine.accessors import UrCell, UrPlayer, UrPosition, cell_of
from tigris_widget.games.ur.engine.board import CELLS
from tigris_widget.games.ur.formats.notation import parse_line
from tigris_widget.games.ur.formats.position import format_position, parse_position
from tigris_widget.games.ur.game import UrGame, UrView
from tigris_widget.games.ur.present import svg as _svg
from tigris_widget.games.ur.present import view as _view

NAME = "ur"
TITLE = "Ur"
HIDDEN_INFORMATION = False
"""After the setup nothing is hidden."""
PLAYERS = (2, 3, 4)
"""Three or four players; two with the option ``allowTwoPlayers=true`` (``engine.state.check_players``)."""
DEFAULT_PLAYERS = 3
SEARCH_DEFAULTS = SearchDefaults(iterations=96)
"""The rollout search's budget (``bots.generic.RolloutSearchBot``: 96 rollouts per decision)."""
SQUARES = CELLS
"""The grid's 36 cells (``y * 6 + x``)."""


def new_game(players: int = 4, seed: int | None = None, options: Mapping[str, Any] | None = None) -> UrGame:
    """A new game (``tigris_widget.core.protocol.GameModule``); see ``UrGame.new``."""
    return UrGame.new(players, seed, options)


def game_from_position(text: str) -> UrGame:
    return UrGame.from_position(text)


def game_from_record(text: str) -> UrGame:
    return UrGame.from_record(text)


# -- the presenter (core.protocol.GameModule): what the board widget and the static pictures call --------
def to_square(value: object) -> int:
    """A cell from an int (``y*6+x``), an ``(x, y)`` pair or text ``"(x,y)"`` (``accessors.cell_of``).

    :raises ValueError: naming the value that is no cell of the grid (a ``PositionError``).
    """
    return cell_of(value)


def present(
    game: GameLike, seat: int | None, ply: int | None = None, *, revision: int = 0, log_window: int = 12
) -> dict[str, Any]:
    """The view JSON of an Ur game (``present.view.present``)."""
    if not isinstance(game, UrGame):
        raise TypeError(f"the Ur presenter shows an UrGame, not {type(game).__name__}")
    return _view.present(game, seat, ply, revision=revision, log_window=log_window)


def intent_action(view: Mapping[str, Any], content: Mapping[str, Any]) -> str:
    """The step text of an intent from the Ur board (``present.view.intent_action``)."""
    return _view.intent_action(view, content)


def picture_svg(view: Mapping[str, Any], **options: Any) -> str:
    """The static SVG of an Ur view (``present.svg.picture_svg``)."""
    return _svg.picture_svg(view, **options)


def explain(err: ValueError) -> str:
    """Ur's refusals already lead with their rule code (``§5.5 W1: …``): shown as they are."""
    return str(err)


# -- endgame search: the search plays leaves out to the end near the end (``endgame``) --
def bot_rules() -> UrBotRules:
    """Ur's knowledge for the shared bots (``random``, ``greedy``, ``search``): see ``heuristics``; the
    search's evaluation plays leaves out to the real end once the end is near (``endgame``)."""
    return SEARCH_RULES


# -- bots you can watch ------------------------------------------------------------------------
def own_bots() -> dict[str, Callable[..., Bot]]:
    """None of its own: the shared bots serve Ur through ``bot_rules()``."""
    return {}


# -- anytime analysis: the hook forwards the validated request --------------------
def analyze(game: GameLike, request: AnalysisRequest) -> Generator[Analysis, float | None, None]:
    """The tree search over whole turns (``analysis.analyses``); Ur hides nothing, so
    ``request.all_seeing`` changes nothing but the label."""
    return _analysis.analyses(game, request)  # type: ignore[arg-type]  # bots.analysis.check_game picked this game


def moves(game: GameLike) -> list[tuple[int, int]]:
    """Each turn (and setup step) is one move: the review judges whole turns."""
    if not isinstance(game, UrGame):
        raise ValueError(f"the Ur moves are read from an UrGame, not {type(game).__name__}")
    return _analysis.moves(game)


# -- course hooks: the Ur course material, loaded on first use --------------------------------
def course_hooks() -> CourseHooks:
    """The lessons, pictures and exercises of the Ur course (``core.protocol.CourseHooks``)."""
    from tigris_widget.games.ur import course

    return course


# -- turns and scores: what the notebook's stepper and charts ask of a game (core.protocol.GameModule) -------------
def turn_starts(game: GameLike) -> list[int]:
    """The plies at which a turn (or a setup step) begins, 0 first."""
    if not isinstance(game, UrGame):
        raise TypeError(f"turn_starts needs an UrGame, not {type(game).__name__}")
    lines = [game.state_at(p).line for p in range(len(game) + 1)]
    return [0, *(p for p in range(1, len(lines)) if lines[p] != lines[p - 1])]


def scores_public(game: GameLike) -> bool:
    """Whether every seat sees every score during the game."""
    return True  # nothing is hidden in Ur (§11)


# -- puzzles: the game's puzzle book for the shared puzzle layer (core.protocol.PuzzleBook) ----------
def puzzle_book() -> PuzzleBook:
    """The game's puzzles, themes and rating words (``games/ur/puzzles/shelf.py``), loaded on first use."""
    from tigris_widget.games.ur.puzzles.shelf import BOOK

    return BOOK


# -- the position editor (core.editor.Editor): drafts of §12.3 texts, edited piece by piece ----------
def position_editing() -> PositionEditing:
    """Ur's edit operations (``editor.UrEditing``)."""
    return EDITING


__all__ = [
    "NAME",
    "RULE_CODES",
    "SQUARES",
    "TITLE",
    "Decision",
    "Event",
    "IllegalActionError",
    "NotationError",
    "PositionError",
    "Standing",
    "Step",
    "UrBotRules",
    "UrCell",
    "UrGame",
    "UrOptions",
    "UrPlayer",
    "UrPosition",
    "UrPositionBuilder",
    "UrState",
    "UrView",
    "analyze",
    "bot_rules",
    "course_hooks",
    "explain",
    "format_position",
    "game_from_position",
    "game_from_record",
    "intent_action",
    "moves",
    "new_game",
    "own_bots",
    "parse_line",
    "parse_position",
    "parse_step",
    "picture_svg",
    "position_editing",
    "present",
    "puzzle_book",
    "scores_public",
    "to_square",
    "turn_starts",
]
