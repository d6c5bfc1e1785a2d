"""Reiner Knizia's *Tigris & Euphrates*: the rules engine (``engine``), position text and records
(``formats``), the ``Game`` facade and ``PositionBuilder``, how a game looks (``present``), the bots'
T&E knowledge (``bots``) and the puzzles (``puzzles``). ``tigris_widget.core.registry`` finds this
package by its name, ``"tigris"``; the package keeps ``core.protocol.GameModule``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from typing import Any

from tigris_widget.core.analysis import Analysis, AnalysisRequest
from tigris_widget.core.bot import Bot
from tigris_widget.core.editing import PositionEditing
from tigris_widget.core.protocol import CourseHooks, GameLike, PuzzleBook, ScoreParts, SearchDefaults
from tigris_widget.games.tigris.bench import bench_extras as bench_extras  # the bench's T&E figures
from tigris_widget.games.tigris.builder import PositionBuilder
from tigris_widget.games.tigris.editor import EDITING
from tigris_widget.games.tigris.engine.core.actions import Action
from tigris_widget.games.tigris.engine.core.board import SQUARES
from tigris_widget.games.tigris.engine.core.board import to_square as _to_square
from tigris_widget.games.tigris.engine.core.errors import IllegalActionError, NotationError, PositionError
from tigris_widget.games.tigris.engine.core.errors import explain as _explain
from tigris_widget.games.tigris.engine.core.events import Event
from tigris_widget.games.tigris.engine.core.setup import GameSetup
from tigris_widget.games.tigris.engine.rules.decisions import Decision
from tigris_widget.games.tigris.engine.rules.position import Position
from tigris_widget.games.tigris.engine.rules.scoring import PlayerResult
from tigris_widget.games.tigris.engine.rules.view import PlayerView
from tigris_widget.games.tigris.game import Game
from tigris_widget.games.tigris.present import svg as _svg
from tigris_widget.games.tigris.present import viewjson as _viewjson
from tigris_widget.games.tigris.results import play_result as play_result  # play's report

NAME = "tigris"
"""The game's name in the registry (``tigris_widget.games.GAMES``)."""

TITLE = "Tigris & Euphrates"
"""How people name the game."""
HIDDEN_INFORMATION = True
"""The hands and the bag's order are hidden (rules §16)."""
PLAYERS = (2, 3, 4)
"""The player counts the game takes (``GameSetup``)."""
DEFAULT_PLAYERS = 2
SEARCH_DEFAULTS = SearchDefaults(iterations=400)
"""The information-set search's budget per decision (``bots.search.DEFAULT_BUDGET``)."""


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


# -- the presenter (core.protocol.GameModule): what the board widget and the static pictures call --------
def to_square(value: object) -> int:
    """A square from an int (``y*16+x``), an ``(x, y)`` pair or text ``"(x,y)"``; ``SquareError`` otherwise."""
    return _to_square(value)


def present(
    game: GameLike, seat: int | None, ply: int | None = None, *, revision: int = 0, log_window: int = 12
) -> dict[str, Any]:
    """The widget JSON of ``game`` (``present.viewjson.serialize_game``)."""
    if not isinstance(game, Game):
        raise TypeError(f"the Tigris & Euphrates presenter shows a Game, not {type(game).__name__}")
    return _viewjson.serialize_game(game, seat, ply, revision=revision, log_window=log_window)


def intent_action(view: Mapping[str, Any], content: Mapping[str, Any]) -> str:
    """The action text of an intent (``present.viewjson.intent_action`` lists its three forms)."""
    unknown = set(content) - _viewjson.INTENT_FIELDS
    if unknown:
        raise ValueError(f"intent has unknown field(s): {', '.join(sorted(map(str, unknown)))}")
    return _viewjson.intent_action(content)


def picture_svg(view: Mapping[str, Any] | PlayerView, **options: Any) -> str:
    """The static SVG of a view (``present.svg.board_svg``; ``size``, ``status`` are its own options)."""
    return _svg.board_svg(view, **options)


def explain(err: ValueError) -> str:
    """A refusal led by its rule code and section title (``§6.1 L2 Land only — …``)."""
    return _explain(err)


def bot_rules() -> None:
    """None: T&E hides tiles, so its bots (greedy, information-set search) are written for it alone."""
    return None


# -- bots you can watch: T&E's own bots -------------------------------------------------------
def own_bots() -> dict[str, Callable[..., Bot]]:
    """T&E's greedy bot and information-set search (``bots.greedy``, ``bots.search``), by name;
    ``search-infer`` is the search that reads the other players' hands from their play (``bots.belief``)."""
    from functools import partial

    from tigris_widget.games.tigris.bots.greedy import GreedyBot
    from tigris_widget.games.tigris.bots.search import SearchBot

    return {"greedy": GreedyBot, "search": SearchBot, "search-infer": partial(SearchBot, infer=True)}


# -- anytime analysis: the hook forwards the validated request --------------------
def analyze(game: GameLike, request: AnalysisRequest) -> Generator[Analysis, float | None, None]:
    """The information-set search's analysis (``bots.analysis_hooks.game_analyses``): fair by default, it
    samples the hands the deciding seat cannot see; ``request.read_play`` samples them as that seat reads the
    play so far (``bots.reading``, as ``search-infer`` does); ``request.all_seeing`` reads them (a teaching mode)."""
    from tigris_widget.games.tigris.bots.analysis_hooks import game_analyses

    return game_analyses(game, request)  # type: ignore[arg-type]  # bots.analysis.check_game picked this game


# -- stability selection: the long search with its rivals searched as much as the best (RivalsAnalysisHook) ----
def rivals_analysis(game: GameLike, iterations: int, *, seed: int, top: int = 3, visits: int = 2000,
                    extra: Sequence[str] = ()) -> Analysis:  # fmt: skip
    """``games.tigris.bots.analysis_hooks.rivals_analysis``: a search whose ``top`` moves (and ``extra``) get
    ``visits`` each."""
    from tigris_widget.games.tigris.bots.analysis_hooks import rivals_analysis as measured

    if not isinstance(game, Game):
        raise ValueError(f"a T&E analysis reads a Game, not {type(game).__name__}")
    return measured(game, iterations, seed=seed, top=top, visits=visits, extra=extra)


def moves(game: GameLike) -> list[tuple[int, int]]:
    """Every action is a move of its own (support, war order and treasures included)."""
    if not isinstance(game, Game):
        raise ValueError(f"the Tigris & Euphrates moves are read from a Game, not {type(game).__name__}")
    return [(ply, 1) for ply in range(len(game))]


# -- course hooks: the T&E course material, loaded on first use ------------------------------
def course_hooks() -> CourseHooks:
    """The lessons, pictures and exercises of the T&E course (``core.protocol.CourseHooks``)."""
    from tigris_widget.games.tigris import course as material

    return material


# -- turns and scores: what the notebook's stepper and charts ask of a game (core.protocol.GameModule) -------------
def turn_starts(game: GameLike) -> list[int]:
    """The plies at which a turn (or a setup step) begins, 0 first."""
    if not isinstance(game, Game):
        raise TypeError(f"turn_starts needs a Game, not {type(game).__name__}")
    turns = [game.state_at(p).turn for p in range(len(game) + 1)]
    return [0, *(p for p in range(1, len(turns)) if turns[p] != turns[p - 1])]


def scores_public(game: GameLike) -> bool:
    """Whether every seat sees every score during the game."""
    if not isinstance(game, Game):
        raise TypeError(f"scores_public needs a Game, not {type(game).__name__}")
    return bool(game.setup.open_scores)


# -- score parts: the charts' colour-score extra (core.protocol.ScorePartsHook) ------------
def score_parts(game: GameLike, seat: int | None) -> ScoreParts:
    """Each player's four colour scores over the game, the weakest marked (``present.charts``)."""
    from tigris_widget.games.tigris.present.charts import score_parts as _score_parts

    if not isinstance(game, Game):
        raise TypeError(f"score_parts needs a Game, not {type(game).__name__}")
    return _score_parts(game, seat)


# -- puzzles: the game's puzzle book for the shared puzzle layer (core.protocol.PuzzleBook) ----------
def puzzle_book() -> PuzzleBook:
    """The game's puzzles, themes and rating words (``games/tigris/puzzles/shelf.py``), loaded on first use."""
    from tigris_widget.games.tigris.puzzles.shelf import BOOK

    return BOOK


# -- the position editor (core.editor.Editor): drafts of position text, edited piece by piece ---------
def position_editing() -> PositionEditing:
    """T&E's edit operations (``editor.TigrisEditing``)."""
    return EDITING


__all__ = [
    "NAME",
    "SQUARES",
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
    "analyze",
    "bot_rules",
    "course_hooks",
    "explain",
    "game_from_position",
    "game_from_record",
    "intent_action",
    "moves",
    "new_game",
    "own_bots",
    "picture_svg",
    "position_editing",
    "present",
    "puzzle_book",
    "scores_public",
    "to_square",
    "turn_starts",
]
