"""The search's analysis of a decision, for every game: ``analyze_iter`` yields better and better
``core.analysis.Analysis`` objects while the game's search runs, ``analyze`` returns the last one.

    >>> from tigris_widget.bots.analysis import analyze
    >>> from tigris_widget.core.registry import game_module
    >>> game = game_module("ur").new_game(3, 7, None)
    >>> result = analyze(game, iterations=40)
    >>> result.final and result.best.visits > 0
    True

Each game computes it (its module's ``analyze`` hook): *Tigris & Euphrates* with its information-set
search (one action per candidate, fair unless asked to see every hand), *Ur* with a tree search over
whole turns. This module only finds the game and checks the budget.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from tigris_widget.core.analysis import Analysis, Arrow, Candidate, HeatMap, Marks, Table
from tigris_widget.core.protocol import GameLike
from tigris_widget.core.registry import game_module

DEFAULT_ITERATIONS = 400
"""The budget of BotInspector's Think and BotMatch's Hint."""

__all__ = [
    "DEFAULT_ITERATIONS",
    "Analysis",
    "Arrow",
    "Candidate",
    "HeatMap",
    "Marks",
    "Table",
    "analyze",
    "analyze_iter",
]


def _check_budget(iterations: int | None, seconds: float | None) -> None:
    if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1):
        raise ValueError(f"iterations must be a positive integer, not {iterations!r}")
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or seconds <= 0):
        raise ValueError(f"seconds must be a positive number, not {seconds!r}")


def check_game(game: object) -> GameLike:
    """``game`` if it is a game of a registered kind; ``ValueError`` naming what it is otherwise."""
    name = getattr(game, "name", None)
    if not isinstance(name, str) or not callable(getattr(game, "clone", None)):
        raise ValueError(f"a game is needed (a T&E Game, an UrGame …), not {type(game).__name__}")
    game_module(name)  # UnknownGameError (a ValueError) for a name no game has
    return game  # type: ignore[return-value]


def analyze_iter(
    game: GameLike,
    iterations: int | None = None,
    seconds: float | None = None,
    *,
    seed: int = 0,
    every: float = 0.25,
    all_seeing: bool = False,
    focus: Sequence[str] = (),
) -> Iterator[Analysis]:
    """The analyses of the decision pending in ``game`` for the seat that must decide: one at once,
    then every ``every`` seconds, the last with ``final`` set (``core.protocol.GameModule.analyze``).

    :raises ValueError: the game is over, or a bad budget or focus."""
    game = check_game(game)
    _check_budget(iterations, seconds)
    if isinstance(focus, str) or not all(isinstance(text, str) for text in focus):
        raise ValueError(f"focus is a whole move as a list of action texts, not {focus!r:.60}")
    if game.is_over:
        raise ValueError("the game is over: there is no decision to analyse")
    module = game_module(game.name)
    return module.analyze(game, iterations=iterations, seconds=seconds, seed=seed, every=every,
                          all_seeing=all_seeing, focus=tuple(focus))  # fmt: skip


def analyze(
    game: GameLike,
    iterations: int | None = None,
    seconds: float | None = None,
    *,
    seed: int = 0,
    every: float = 0.25,
    all_seeing: bool = False,
    focus: Sequence[str] = (),
    callback: Callable[[Analysis], object] | None = None,
) -> Analysis:
    """The final analysis (see ``analyze_iter``); ``callback`` receives every partial one too."""
    result: Analysis | None = None
    for result in analyze_iter(game, iterations, seconds, seed=seed, every=every, all_seeing=all_seeing, focus=focus):
        if callback is not None:
            callback(result)
    assert result is not None, "an analysis yields at least once"
    return result
