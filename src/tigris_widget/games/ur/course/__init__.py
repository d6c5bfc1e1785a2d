"""The Ur course (notebooks/06_ur_course_*): lesson positions, pictures, exercises and the set-split
widget, offered to the shared course helpers (``jupyter.course``, ``jupyter.lessons``) as
``core.protocol.CourseHooks``.

    >>> from tigris_widget.games.ur import course
    >>> game = course.lesson("ur-agriculture")
    >>> game.to_move
    0

The package by job: ``lessons`` (the lesson positions, built by ``Scene`` from a seeded layout), ``pictures`` (the grid, the
standings under it, the legend and the final table), ``exercises``, and ``sets`` (scoring by sets and
the set-split widget). This module is the ``CourseHooks`` the shared helpers call, and keeps every
public name importable from ``games.ur.course``.
"""

from __future__ import annotations

from tigris_widget.games.ur.course.exercises import EXERCISES, UrExercise, exercise, exercise_of
from tigris_widget.games.ur.course.lessons import LESSONS, Scene, cell, lesson, lesson_builder
from tigris_widget.games.ur.course.pictures import PICTURES, final_table, focus, lines, panel, picture
from tigris_widget.games.ur.course.sets import COLOURS, SetSplit, best_score, best_split, items, set_value, split_score

__all__ = [
    "COLOURS",
    "EXERCISES",
    "LESSONS",
    "PICTURES",
    "Scene",
    "SetSplit",
    "UrExercise",
    "best_score",
    "best_split",
    "cell",
    "exercise",
    "exercise_of",
    "final_table",
    "focus",
    "items",
    "lesson",
    "lesson_builder",
    "lines",
    "panel",
    "picture",
    "set_value",
    "split_score",
]
