"""A game's optional hooks, each with its "this game has none" default, so that shared code never
assumes a game has puzzles, a course, bots of its own or benchmark extras.

Every accessor takes the game's module (``core.registry.game_module(name)``) and answers for a game
that leaves the hook out as the protocol (``core.protocol.GameModule``, *optional hooks*) says:

>>> import types
>>> bare = types.SimpleNamespace(NAME="bare")  # a game that leaves every optional hook out
>>> puzzle_book(bare), course_hooks(bare), dict(own_bots(bare)), search_defaults(bare).iterations
(None, None, {}, 60)
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from typing import Any, TypeGuard, cast

from tigris_widget.core.analysis import Analysis, AnalysisRequest
from tigris_widget.core.bot import Bot
from tigris_widget.core.editing import PositionEditing
from tigris_widget.core.protocol import (
    SHARED_SEARCH_DEFAULTS,
    BenchMeasure,
    BotRules,
    CourseHooks,
    GameLike,
    GameModule,
    PuzzleBook,
    PuzzleEntries,
    PuzzleLike,
    ScoreParts,
    SearchDefaults,
)

AnalyzeHook = Callable[[GameLike, AnalysisRequest], Generator[Analysis, float | None, None]]
"""A game's own ``analyze`` (``GameModule.analyze``)."""
ScorePartsFunction = Callable[[GameLike, "int | None"], "ScoreParts | None"]
"""A game's ``score_parts`` (``core.protocol.ScorePartsHook``)."""
PlayResultFunction = Callable[[GameLike], "tuple[dict[str, Any], str]"]
"""A game's ``play_result`` (``GameModule.play_result``)."""
RivalsAnalysisFunction = Callable[..., Analysis]
"""A game's ``rivals_analysis`` (``core.protocol.RivalsAnalysisHook``)."""

OPTIONAL_HOOKS: tuple[str, ...] = (
    "SEARCH_DEFAULTS",
    "SCORE_UNIT",
    "puzzle_book",
    "course_hooks",
    "own_bots",
    "bench_extras",
    "play_result",
    "analyze",
    "score_parts",
    "rivals_analysis",
    "position_editing",
)
"""The module members a game may leave out (``core.registry`` checks the rest)."""


def _function(module: GameModule | object, name: str) -> Callable[..., Any] | None:
    """The module's function ``name``, or None when it has none (a non-callable counts as none: the
    registry refuses such a module before any shared code asks)."""
    found = getattr(module, name, None)
    return found if callable(found) else None


def puzzle_book(module: GameModule | object) -> PuzzleBook | None:
    """The game's puzzle book, or None: a game without puzzles is absent from puzzle lists."""
    hook = _function(module, "puzzle_book")
    return None if hook is None else cast(PuzzleBook, hook())


def puzzle_entries(book: PuzzleBook | object) -> PuzzleEntries | None:
    """The book itself when it can write and read its puzzles as entries of a user's puzzle file
    (``entry`` and ``from_entry``), or None: the game's puzzles cannot be saved."""
    has_both = _function(book, "entry") is not None and _function(book, "from_entry") is not None
    return cast(PuzzleEntries, book) if has_both else None


def solution_problems(book: PuzzleBook | object, puzzle: PuzzleLike) -> list[str]:
    """What is wrong with a loaded puzzle's solution, by the book's ``solution_problems``; by default
    the solution must replay (other seats answering with ``reply``) and ``check`` must say solved."""
    hook = _function(book, "solution_problems")
    if hook is not None:
        return cast("list[str]", hook(puzzle))
    try:
        played = puzzle.play_solution()
    except (ValueError, AssertionError, RuntimeError) as err:  # an illegal step, a solver that gave up
        return [f"the solution cannot be played: {err}"]
    verdict = puzzle.check(played)
    return [] if verdict.status == "solved" else [f"the solution does not solve the puzzle: {verdict.message}"]


def course_hooks(module: GameModule | object) -> CourseHooks | None:
    """The game's course material, or None: a game without a course has no lessons or exercises."""
    hook = _function(module, "course_hooks")
    return None if hook is None else cast(CourseHooks, hook())


def own_bots(module: GameModule | object) -> Mapping[str, Callable[..., Bot]]:
    """The bots written for the game alone, by name; empty when it has none (the shared bots serve it)."""
    hook = _function(module, "own_bots")
    return {} if hook is None else cast("Mapping[str, Callable[..., Bot]]", hook())


def search_defaults(module: GameModule | object) -> SearchDefaults:
    """The shared search bot's budget for this game when none is asked: its ``SEARCH_DEFAULTS``, else
    ``core.protocol.SHARED_SEARCH_DEFAULTS``."""
    found = getattr(module, "SEARCH_DEFAULTS", None)
    return found if isinstance(found, SearchDefaults) else SHARED_SEARCH_DEFAULTS


DEFAULT_SCORE_UNIT = ("point", "points")


def score_unit(module: GameModule | object) -> tuple[str, str]:
    """What the game's scores count, singular and plural: its ``SCORE_UNIT``, else points."""
    found = getattr(module, "SCORE_UNIT", None)
    return found if is_score_unit(found) else DEFAULT_SCORE_UNIT


def is_score_unit(value: object) -> TypeGuard[tuple[str, str]]:
    """Whether ``value`` is a ``SCORE_UNIT``: two words, singular and plural."""
    return isinstance(value, tuple) and len(value) == 2 and all(isinstance(w, str) and w.strip() for w in value)


def count_of(module: GameModule | object, points: int) -> str:
    """``points`` with the game's unit: "1 point", "7 pieces borne off"."""
    one, many = score_unit(module)
    return f"{points} {one if points == 1 else many}"


def bench_extras(module: GameModule | object) -> Mapping[str, BenchMeasure]:
    """The game's own benchmark figures by JSON key; empty when it has none."""
    hook = _function(module, "bench_extras")
    return {} if hook is None else cast("Mapping[str, BenchMeasure]", hook())


def play_result(module: GameModule | object) -> PlayResultFunction | None:
    """The game's report of a finished game for ``play`` (JSON facts, printed lines), or None: the
    command reports the standings."""
    return cast("PlayResultFunction | None", _function(module, "play_result"))


def has_analyze(module: GameModule | object) -> bool:
    """Whether the game analyses with a search of its own (else the shared search's analysis serves it)."""
    return _function(module, "analyze") is not None


def analyze_hook(module: GameModule | object) -> AnalyzeHook | None:
    """The game's own ``analyze``, or None (the shared search's analysis serves it)."""
    return cast("AnalyzeHook | None", _function(module, "analyze"))


def score_parts(module: GameModule | object) -> ScorePartsFunction | None:
    """The game's ``score_parts`` function, or None: the charts show the standings alone."""
    return cast("ScorePartsFunction | None", _function(module, "score_parts"))


def rivals_analysis(module: GameModule | object) -> RivalsAnalysisFunction | None:
    """The game's ``rivals_analysis`` function, or None: stability judges its plain analyses."""
    return _function(module, "rivals_analysis")


def position_editing(module: GameModule | object) -> PositionEditing | None:
    """The game's position-editor operations (``core.editing.PositionEditing``), or None: its positions
    cannot be edited (``core.editor.Editor`` refuses the game, naming it)."""
    hook = _function(module, "position_editing")
    return None if hook is None else cast(PositionEditing, hook())


def chance_outcomes(rules: BotRules | object, state: Any) -> Sequence[tuple[Any, float]]:
    """The outcomes with their probabilities when ``state`` is a chance node of a game whose bot rules
    have ``chance_outcomes`` (``core.protocol.ChanceHook``); empty otherwise (a seat decides)."""
    hook = _function(rules, "chance_outcomes")
    return () if hook is None else cast("Sequence[tuple[Any, float]]", hook(state))
