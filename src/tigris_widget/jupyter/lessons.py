"""Lesson positions of every game, found by key through the registry, and a narrator for the engine's events.

    >>> from tigris_widget.jupyter.lessons import lesson, tell
    >>> game = lesson("revolt")                  # a game at the start of the lesson
    >>> tell(game.play("leader r (9,3)"))         # the events, in words, with their rule sections
    Archer places his priest on (9,3). (§6.1)
    Revolt: Archer's priest on (9,3) challenges Bull's priest on (11,3). Adjacent temples: Archer 2, Bull 1. (§8.1)

Each game keeps its lessons in its own package (the optional ``course_hooks()`` of
``core.protocol.GameModule``); the positions are worked examples of that game's rules reference, so a
lesson's numbers can be checked against the rules text. A game without a course is simply absent
here. Lesson keys are unique across the games; ``game=`` picks one explicitly.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

from tigris_widget.core import hooks as optional
from tigris_widget.core.events import Event
from tigris_widget.core.protocol import CourseHooks
from tigris_widget.core.registry import game_module, games


def course_games() -> tuple[str, ...]:
    """The registered games that have a course, in registry order."""
    return tuple(name for name in games() if optional.course_hooks(game_module(name)) is not None)


def hooks(game: str) -> CourseHooks:
    """The course hooks of the game called ``game``.

    :raises ValueError: no such game (``UnknownGameError``), or it has no course."""
    found = optional.course_hooks(game_module(game))
    if found is None:
        raise ValueError(f"{game} has no course; the games with one are {', '.join(course_games()) or 'none'}")
    return found


def game_of_lesson(key: str, game: str | None = None) -> str:
    """The game whose lessons hold ``key`` (``game`` if given).

    :raises ValueError: no game (or not ``game``) has that lesson; or ``key`` is not text.
    """
    if not isinstance(key, str):
        raise ValueError(f"a lesson key is text, not {key!r:.40}")
    names = course_games() if game is None else (game,)
    found = [name for name in names if key in hooks(name).LESSONS]
    if not found:
        known = ", ".join(k for name in names for k in hooks(name).LESSONS)
        raise ValueError(f"unknown lesson {key!r}; choose from {known}")
    return found[0]


def lesson_builder(key: str, game: str | None = None) -> Any:
    """What makes a lesson's position (T&E: a ``PositionBuilder``), to vary it before ``.game()``."""
    return hooks(game_of_lesson(key, game)).lesson_builder(key)


def lesson(key: str, game: str | None = None) -> Any:
    """A fresh game at the start of a lesson (typed ``Any``: each game's own class)."""
    return hooks(game_of_lesson(key, game)).lesson(key)


def lesson_title(key: str, game: str | None = None) -> str:
    """The title of a lesson."""
    return hooks(game_of_lesson(key, game)).LESSONS[key]


class Narration:
    """Events shown as a list in notebooks (HTML) and as plain lines elsewhere."""

    def __init__(self, events: Iterable[Event]) -> None:
        self.events = [e for e in events if e.public]  # what was drawn stays behind the screen

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self.events)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        items = "".join(
            f"<li>{html.escape(e.text)} <span style='opacity:.6'>{html.escape(e.rule)}</span></li>" for e in self.events
        )
        return f"<ul style='margin:0'>{items}</ul>"


def tell(events: Iterable[Event]) -> Narration:
    """Narrate events (the return value of ``game.apply``/``game.play``)."""
    return Narration(events)


__all__ = ["Narration", "game_of_lesson", "hooks", "lesson", "lesson_builder", "lesson_title", "tell"]
