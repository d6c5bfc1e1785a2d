"""The T&E course material (notebooks/02_course_*): lessons, pictures and exercises, offered to the shared
course helpers (``jupyter.course``, ``jupyter.lessons``) as ``core.protocol.CourseHooks``.

    >>> from tigris_widget.games.tigris import course
    >>> "revolt" in course.LESSONS and "win-war" in course.EXERCISES
    True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tigris_widget.core.protocol import GameLike, Window
from tigris_widget.games.tigris.course import exercises as _exercises
from tigris_widget.games.tigris.course import lessons as _lessons
from tigris_widget.games.tigris.course import pictures as _pictures
from tigris_widget.games.tigris.course.pictures import FULL, Panel, hands_picture
from tigris_widget.games.tigris.game import Game

LESSONS: Mapping[str, str] = {key: title for key, (title, _) in _lessons.LESSONS.items()}
EXERCISES: Mapping[str, str] = {key: p.title for key, p in _exercises.EXERCISES.items()}
PICTURES: Mapping[str, str] = {
    "legend": "every piece and symbol, drawn by the board renderer, with its name",
    "board-sides": "both sides of the board: rivers, winged bulls and special squares",
}


def lesson_builder(key: str) -> Any:
    return _lessons.lesson_builder(key)


def lesson(key: str) -> Game:
    return _lessons.lesson(key)


def cell(where: object) -> tuple[int, int]:
    return _pictures._xy(where)


def _game(game: GameLike) -> Game:
    if not isinstance(game, Game):
        raise ValueError(f"the T&E course shows a T&E Game, not {type(game).__name__}")
    return game


def panel(
    game: GameLike,
    ply: int,
    window: tuple[int, int, int, int] | None,
    *,
    highlight: Sequence[tuple[int, int]] = (),
    labels: Mapping[tuple[int, int], str] | None = None,
    theme: str = "light",
) -> tuple[str, int, int]:
    return _pictures.board_panel(
        _game(game), FULL if window is None else Window(*window), ply=ply, highlight=highlight, labels=labels,
        theme=theme,
    )  # fmt: skip


def focus(game: GameLike, start: int, end: int, cells: set[tuple[int, int]]) -> tuple[int, int, int, int]:
    """The changed squares, ``cells`` and the regions around them, at least 8 × 4 squares."""
    g = _game(game)
    core = _pictures._changed_squares(g, start, end) | set(cells)
    w = _pictures._window(_pictures._interesting(g, start, core) | _pictures._interesting(g, end, core))
    return w.x0, w.y0, w.x1, w.y1


def lines(game: GameLike, ply: int, since: int | None = None, *, theme: str = "light") -> list[str]:
    g = _game(game)
    changed = None
    if since is not None:
        before, after = _pictures._points(g, since), _pictures._points(g, ply)
        changed = {k: after[k] - before[k] for k in after if after[k] != before[k]}
    return _pictures._score_lines(g, ply, changed, theme=theme)


def final_table(game: GameLike) -> tuple[str, str]:
    return _pictures.final_table(_game(game))


def exercise(key: str) -> tuple[str, str, Any, GameLike]:
    if key not in _exercises.EXERCISES:
        raise ValueError(f"unknown exercise {key!r}; choose from {', '.join(_exercises.EXERCISES)}")
    puzzle = _exercises.EXERCISES[key]
    text, plain = _exercises.exercise_text(puzzle)
    return text, plain, puzzle, puzzle.game()


def picture(key: str, *, theme: str = "light") -> tuple[GameLike, list[Panel], str]:
    if key == "legend":
        return _pictures.legend(theme)
    if key == "board-sides":
        return _pictures.board_sides(theme)
    raise ValueError(f"unknown picture {key!r}; choose from {', '.join(PICTURES)}")


__all__ = [
    "EXERCISES",
    "LESSONS",
    "PICTURES",
    "cell",
    "exercise",
    "final_table",
    "focus",
    "hands_picture",
    "lesson",
    "lesson_builder",
    "lines",
    "panel",
    "picture",
]
