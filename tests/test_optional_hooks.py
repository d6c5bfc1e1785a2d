"""A game without puzzles or a course is simply absent from puzzle lists and courses: the shared
layers read the optional hooks through ``core.hooks`` and never call a game that has none."""

from __future__ import annotations

import types
from typing import Any

import pytest

from tigris_widget.core.registry import game_module
from tigris_widget.games import GAMES
from tigris_widget.jupyter import course, lessons
from tigris_widget.puzzles import library

BARE = types.SimpleNamespace(NAME="bare")
"""A registered game as the shared layers see it, with no optional hook at all."""


@pytest.fixture
def with_bare_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Registers ``bare`` after the real games, for the modules under test."""

    def module(name: str) -> Any:
        return BARE if name == "bare" else game_module(name)

    for shared in (lessons, library):
        monkeypatch.setattr(shared, "games", lambda: (*GAMES, "bare"))
        monkeypatch.setattr(shared, "game_module", module)


@pytest.mark.usefixtures("with_bare_game")
def test_a_game_without_a_course_is_absent_from_courses() -> None:
    assert "bare" not in lessons.course_games() and {"tigris", "ur"} <= set(lessons.course_games())
    assert course.exercise(next(iter(lessons.hooks("ur").EXERCISES))).game_name == "ur"
    with pytest.raises(ValueError, match="unknown exercise 'nope'"):
        course.exercise("nope")
    with pytest.raises(ValueError, match="bare has no course; the games with one are tigris, ur"):
        lessons.lesson("revolt", game="bare")


@pytest.mark.usefixtures("with_bare_game")
def test_a_game_without_puzzles_is_absent_from_puzzle_lists() -> None:
    assert "bare" not in library.puzzle_games() and {"tigris", "ur"} <= set(library.puzzle_games())
    with pytest.raises(ValueError, match="bare has no puzzles; the games with puzzles are tigris, ur"):
        library.library("bare")
