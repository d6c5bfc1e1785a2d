"""``PuzzleBrowser``: puzzles of a game one after another, by theme and difficulty, with a streak and a rating.

    >>> from tigris_widget.jupyter.puzzle_browser import PuzzleBrowser
    >>> browser = PuzzleBrowser(theme="revolt", level="easy", rating=1200)
    >>> "revolt" in browser.current.puzzle.themes
    True
    >>> PuzzleBrowser(game="ur").current.puzzle.game().name
    'ur'

``PuzzleBrowser(library="mine.json")`` browses your own puzzle file instead (``save_puzzles``; its
puzzles may be of several games), and says how many of its entries were left out (``.library.problems``
names them).

Choose a theme and a difficulty beside the board (above it in a narrow cell) and solve on the
board. Each verdict moves your rating like a game of chess against the puzzle (Elo: the puzzle's
rating is its strength; solving a puzzle rated above you gains more than one below), and counts in
your streak of solved puzzles. "Next" brings the unseen puzzle (of the chosen theme and difficulty)
whose rating is closest to yours; asking for the solution gives the puzzle up.
"""

from __future__ import annotations

import html
import os
import warnings
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from tigris_widget.core.checks import is_finite
from tigris_widget.core.protocol import PuzzleLike
from tigris_widget.core.registry import DEFAULT_GAME
from tigris_widget.core.reopen import ShowsSavedPicture
from tigris_widget.jupyter.arguments import check_theme
from tigris_widget.jupyter.puzzle_board import PuzzleBoard
from tigris_widget.jupyter.widget import with_picture
from tigris_widget.puzzles.library import book, game_of, select
from tigris_widget.puzzles.saved import PuzzleFileWarning, PuzzleLibrary, load_puzzles

K_FACTOR = 32
"""How far one result moves the rating (Elo's K)."""


def expected(player: float, puzzle: float) -> float:
    """The chance that a player of rating ``player`` solves a puzzle rated ``puzzle`` (Elo)."""
    return 1 / (1 + 10 ** ((puzzle - player) / 400))


def updated_rating(player: float, puzzle: float, solved: bool, k: float = K_FACTOR) -> float:
    return player + k * ((1.0 if solved else 0.0) - expected(player, puzzle))


def levels(game: str = DEFAULT_GAME) -> tuple[str, ...]:
    """The difficulty words of ``game``'s puzzles, easiest first."""
    return tuple(word for _, word in book(game).LABELS)


def _bounds(level: str | None, game: str = DEFAULT_GAME) -> tuple[int, int]:
    if level is None:
        return 0, 10_000
    labels = book(game).LABELS
    if level not in levels(game):
        raise ValueError(f"unknown level {level!r}; choose from {', '.join(levels(game))}")
    low = 0
    for limit, word in labels:
        if word == level:
            return low, int(min(limit - 1, 10_000))
        low = int(limit)
    raise AssertionError(level)


LEVELS = levels()
"""T&E's difficulty words (every game's are the same today)."""


class PuzzleBrowser(ShowsSavedPicture):
    """Browse and solve a game's puzzle library with a streak and a rating that follows your results.

    :param theme: only puzzles with this theme (``puzzles themes --game G`` lists them); None: every theme.
    :param level: ``beginner``, ``easy``, ``intermediate``, ``hard`` or ``expert``; None: any.
    :param rating: your starting rating.
    :param board_theme: the board's theme, ``"auto"``, ``"light"`` or ``"dark"``.
    :param game: whose puzzles: ``"tigris"`` (the default) or ``"ur"``; with ``library``, only that
        game's puzzles of the file (default: all of them).
    :param library: your own puzzle file (a path, or what ``load_puzzles`` returned) instead of the
        game's puzzles; ``ValueError`` when it has none (of ``game``).
    """

    def __init__(
        self,
        theme: str | None = None,
        level: str | None = None,
        *,
        rating: float = 1500,
        board_theme: str = "auto",
        game: str | None = None,
        library: str | os.PathLike[str] | PuzzleLibrary | None = None,
    ) -> None:
        if library is not None and not isinstance(library, PuzzleLibrary):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", PuzzleFileWarning)  # the browser's score line tells instead
                library = load_puzzles(library)
        self.library = library
        self.pool: list[PuzzleLike] | None = None
        """The file's puzzles (of ``game``) when browsing a library, else None: the game's own."""
        if self.library is not None:
            self.pool = [p for p in self.library.puzzles if game is None or game_of(p) == game]
            if not self.pool:
                of_game = f" of {game}" if game else ""
                raise ValueError(f"{self.library.path} holds no puzzle{of_game} to browse")
        self.game = game or (game_of(self.pool[0]) if self.pool else DEFAULT_GAME)
        self.book = book(self.game)  # UnknownGameError for a name that is no game
        self.themes = self._themes()
        """Every theme that can be chosen, with its name."""
        self._board_theme = check_theme(board_theme, "board_theme")
        if not is_finite(rating):
            raise ValueError(f"rating must be a number (a puzzle rating such as 1500), not {rating!r}")
        self.rating = float(rating)
        self._start = self.rating
        self.streak = 0
        self.best_streak = 0
        self.solved = 0
        self.tried = 0
        self.seen: set[str] = set()
        self.history: list[tuple[str, str, float]] = []
        """(puzzle id, "solved"/"failed", your rating after it)."""
        counts = {t: len(self._chosen(t, 0, 10_000)) for t in self.themes}
        theme_options = [("Every theme", "")] + [(f"{self.themes[t]} ({n})", t) for t, n in counts.items() if n]
        wide = widgets.Layout(width="auto", max_width="100%")
        style = {"description_width": "auto"}
        self.theme_box = widgets.Dropdown(
            options=theme_options, value="", description="Theme", layout=wide, style=style
        )
        self.level_box = widgets.Dropdown(options=[("Any difficulty", "")] + [(w, w) for w in levels(self.game)],
                                          value="", description="Difficulty", layout=wide, style=style)  # fmt: skip
        self.score = widgets.HTML()
        self.filters = widgets.HBox([self.theme_box, self.level_box], layout=widgets.Layout(flex_flow="row wrap"))
        self.stage = widgets.Box(layout=widgets.Layout(width="100%"))
        self.current: PuzzleBoard
        self.widget = widgets.VBox([self.stage], layout=widgets.Layout(width="100%"))
        self.choose(theme, level)
        self.theme_box.observe(lambda _c: self._filters_changed(), names="value")
        self.level_box.observe(lambda _c: self._filters_changed(), names="value")

    # -- choosing puzzles --------------------------------------------------------------------------
    def _themes(self) -> Mapping[str, str]:
        if self.pool is None:
            return self.book.THEMES
        names: dict[str, str] = {}  # every game's themes in the file; a shared word keeps its first name
        for puzzle in self.pool:
            for theme in puzzle.themes:
                names.setdefault(theme, book(game_of(puzzle)).THEMES.get(theme, theme))
        return names

    def _chosen(self, theme: str | None, low: int, high: int) -> list[PuzzleLike]:
        if self.pool is None:
            return select(theme=theme, low=low, high=high, game=self.game)
        found = [p for p in self.pool if (theme is None or theme in p.themes) and low <= p.elo <= high]
        return sorted(found, key=lambda p: (p.elo, p.key))

    def candidates(self) -> list[PuzzleLike]:
        """The puzzles of the chosen theme and difficulty, easiest first."""
        low, high = _bounds(self.level_box.value or None, self.game)
        return self._chosen(self.theme_box.value or None, low, high)

    def choose(self, theme: str | None = None, level: str | None = None) -> None:
        """Set the theme and difficulty (``ValueError`` for unknown ones; nothing changes) and show a puzzle."""
        if theme is not None and (not isinstance(theme, str) or theme not in self.themes):
            raise ValueError(f"unknown theme {theme!r}; themes: {', '.join(sorted(self.themes))}")
        _bounds(level, self.game)
        self._quiet = True
        try:
            self.theme_box.value = theme or ""
            self.level_box.value = level or ""
        finally:
            self._quiet = False
        self.next()

    def _filters_changed(self) -> None:
        if not getattr(self, "_quiet", False):
            self.next()

    def next(self) -> PuzzleLike | None:
        """Show the unseen puzzle closest to your rating among the chosen ones (None: none left)."""
        pool = self.candidates()
        fresh = [p for p in pool if p.key not in self.seen] or pool  # all seen: go round again
        if not fresh:
            note = widgets.HTML("<p>No puzzle has this theme at this difficulty. Choose another.</p>")
            self.stage.children = [widgets.VBox([self.filters, self.score, note])]
            self._show_score()
            return None
        puzzle = min(fresh, key=lambda p: (abs(p.elo - self.rating), p.key))
        self.show(puzzle)
        return puzzle

    def show(self, puzzle: PuzzleLike | str) -> None:
        """Show this puzzle (a puzzle or an id; with a library, an id of the file's first)."""
        if isinstance(puzzle, str) and self.pool is not None:
            puzzle = next((p for p in self.pool if p.key == puzzle), puzzle)
        board = PuzzleBoard(puzzle, on_next=self.next, on_verdict=self._verdict, theme=self._board_theme,
                            panel_top=[self.filters, self.score])  # fmt: skip
        old = getattr(self, "current", None)
        self.current = board
        self.seen.add(board.puzzle.key)
        self.stage.children = [board.widget]
        if old is not None:
            old.board.close()
        self._show_score()

    # -- results -------------------------------------------------------------------------------------
    def _verdict(self, status: str) -> None:
        puzzle = self.current.puzzle
        solved = status == "solved"
        self.rating = updated_rating(self.rating, puzzle.elo, solved)
        self.tried += 1
        self.solved += solved
        self.streak = self.streak + 1 if solved else 0
        self.best_streak = max(self.best_streak, self.streak)
        self.history.append((puzzle.key, status, round(self.rating, 1)))
        self._show_score()

    def _show_score(self) -> None:
        change = ""
        if self.history:
            delta = self.rating - (self.history[-2][2] if len(self.history) > 1 else self._start)
            change = f" ({'+' if delta >= 0 else '−'}{abs(round(delta))})"
        pool = len(self.candidates())
        self.score.value = (
            f"<p style='margin:0.3em 0;line-height:1.45'><b>Your rating {round(self.rating)}</b>{change} · "
            f"{self.book.rating_label(self.rating)} &nbsp;|&nbsp; streak {self.streak} (best {self.best_streak})"
            f" &nbsp;|&nbsp; solved {self.solved} of {self.tried} &nbsp;|&nbsp; {pool} puzzle{'s' if pool != 1 else ''}"
            f" to choose from{self._left_out()}</p>"
        )

    def _left_out(self) -> str:
        """A note on the entries of the library file that could not be loaded (none: nothing)."""
        missing = len(self.library.problems) if self.library is not None else 0
        if not missing:
            return ""
        return (f" &nbsp;|&nbsp; {missing} of the file's puzzle{'s were' if missing != 1 else ' was'} left out "
                "(<code>browser.library.problems</code> says why)")  # fmt: skip

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return with_picture(self.widget._repr_mimebundle_(**kwargs), self.current.board, self.current.task)

    def __repr__(self) -> str:
        return f"PuzzleBrowser(rating={round(self.rating)}, streak={self.streak}, puzzle={html.escape(self.current.puzzle.key)!r})"
