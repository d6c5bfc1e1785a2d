"""An Ur puzzle as one entry of a user's puzzle file (``puzzles.saved``) and back: the shared fields,
the goal in its stored form (``UrGoal.spec``), and Ur's own ``hints``, ``topic`` and ``search``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tigris_widget.core.puzzle import PuzzleFieldError, int_field, object_field, text_field, texts_field
from tigris_widget.games.ur.puzzles.goals import UrGoal, UrPuzzle


def to_entry(puzzle: UrPuzzle) -> dict[str, Any]:
    return {
        "key": puzzle.key,
        "title": puzzle.title,
        "position": puzzle.position,
        "seat": puzzle.seat,
        "goal": dict(puzzle.goal.spec),
        "solution": list(puzzle.solution),
        "themes": list(puzzle.themes),
        "rating": puzzle.rating,
        "explanation": puzzle.explanation,
        "source": puzzle.source,
        "origin": dict(puzzle.origin) if puzzle.origin else None,
        "hints": list(puzzle.hints),
        "topic": puzzle.topic,
        "search": dict(puzzle.search) if puzzle.search else None,
    }


def from_entry(data: Mapping[str, Any]) -> UrPuzzle:
    """The puzzle an entry describes; ``PuzzleFieldError`` naming the first bad field."""
    try:
        goal = UrGoal.from_spec(data.get("goal"))
    except ValueError as err:
        raise PuzzleFieldError("goal", f"'goal': {err}") from None
    themes = texts_field(data, "themes")
    return UrPuzzle(
        text_field(data, "key"),
        text_field(data, "title"),
        text_field(data, "position"),
        goal,
        texts_field(data, "solution", required=True),
        themes,
        int_field(data, "rating", 1, 10_000),
        texts_field(data, "hints"),
        text_field(data, "explanation", ""),
        text_field(data, "source", "hand-made"),
        origin=object_field(data, "origin"),
        search=object_field(data, "search"),
        topic=text_field(data, "topic", ", ".join(themes)),
    )
