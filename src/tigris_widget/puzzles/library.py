"""The puzzle library of every game, in one place, each puzzle with an id: a game's hand-made puzzles
and those mined from its games (``games/<name>/puzzles/data/mined.json``, made by
``python -m tigris_widget puzzles mine``). Each game lends its puzzles, theme names and rating words
through its optional ``puzzle_book()`` (``core.protocol.PuzzleBook``): a game without one has no
puzzles and is absent from ``puzzle_games()``. Without ``game`` the library is the default game's
(``core.registry.DEFAULT_GAME``).

    >>> from tigris_widget.puzzles.library import library, select
    >>> lib = library()
    >>> lib["first-revolt"].source
    'hand-made'
    >>> len(lib) > 150
    True
    >>> all("revolt" in p.themes for p in select(theme="revolt"))
    True
    >>> len(library("ur")) >= 30
    True
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from tigris_widget.core import hooks
from tigris_widget.core.checks import is_number
from tigris_widget.core.files import load_json
from tigris_widget.core.protocol import PuzzleBook, PuzzleLike
from tigris_widget.core.registry import DEFAULT_GAME, game_module, games

MAX_PUZZLE_FILE_CHARS = 50_000_000
"""Longest puzzle library file read (T&E's shipped one holds some 600,000 characters)."""


def puzzle_games() -> tuple[str, ...]:
    """The registered games that have puzzles, in registry order."""
    return tuple(name for name in games() if hooks.puzzle_book(game_module(name)) is not None)


def book(game: str = DEFAULT_GAME) -> PuzzleBook:
    """The puzzle book of ``game``.

    :raises ValueError: a name that is no game (``UnknownGameError``), or a game without puzzles."""
    found = hooks.puzzle_book(game_module(game))
    if found is None:
        raise ValueError(f"{game} has no puzzles; the games with puzzles are {', '.join(puzzle_games()) or 'none'}")
    return found


@cache
def mined_data(game: str = DEFAULT_GAME) -> dict[str, Any]:
    """The shipped file of ``game``'s mined puzzles (with the statistics of the runs that made it)."""
    shelf = book(game)
    package = f"tigris_widget.games.{game}.puzzles"  # game_module above refused a name that is no game
    text = resources.files(package).joinpath("data").joinpath(shelf.DATA).read_text(encoding="utf-8")
    return shelf.check_file(load_json(text, "puzzle library", MAX_PUZZLE_FILE_CHARS), shelf.DATA)


@cache
def _library(game: str) -> tuple[PuzzleLike, ...]:
    return tuple(book(game).puzzles(mined_data(game)))


def library(game: str = DEFAULT_GAME) -> dict[str, PuzzleLike]:
    """Every puzzle of ``game`` by id: the hand-made ones first, then the mined ones."""
    book(game)  # refuses a name that is no game before the cache sees it (a list cannot be a cache key)
    return {p.key: p for p in _library(game)}


def select(
    theme: str | None = None, low: int = 0, high: int = 10_000, source: str | None = None, game: str = DEFAULT_GAME
) -> list[PuzzleLike]:
    """The puzzles of ``game`` with ``theme``, a rating in [low, high] and (optionally) from ``source``
    ("mined" or "hand-made"), easiest first. ``ValueError`` for an unknown theme."""
    themes = book(game).THEMES
    if theme is not None and (not isinstance(theme, str) or theme not in themes):
        raise ValueError(f"unknown theme {theme!r}; themes: {', '.join(sorted(themes))}")
    if source not in (None, "mined", "hand-made"):
        raise ValueError(f"source is 'mined' or 'hand-made', not {source!r}")
    for name, bound in (("low", low), ("high", high)):
        if not is_number(bound) or bound != bound:
            raise ValueError(f"{name} is a rating (a number), not {bound!r}")
    found = [
        p
        for p in _library(game)
        if (theme is None or theme in p.themes) and low <= p.elo <= high and (source is None or p.source == source)
    ]
    return sorted(found, key=lambda p: (p.elo, p.key))


def summary(puzzle: PuzzleLike, game: str | None = None) -> dict[str, Any]:
    """The facts ``puzzles list --json`` prints for a puzzle: the shared ones, then the game's own."""
    name = game or puzzle.game().name
    row: dict[str, Any] = {
        "id": puzzle.key,
        "title": puzzle.title,
        "source": puzzle.source,
        "themes": list(puzzle.themes),
        "difficulty": puzzle.elo,
        "label": puzzle.label,
    }
    if name != DEFAULT_GAME:
        row["game"] = name
    return {**row, **book(name).summary(puzzle)}


def game_of(puzzle: PuzzleLike) -> str:
    """The registry name of the game a puzzle is played in."""
    return puzzle.game().name
