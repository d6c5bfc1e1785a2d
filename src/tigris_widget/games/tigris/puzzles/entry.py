"""A T&E puzzle as one entry of a user's puzzle file (``puzzles.saved``) and back: the shared fields,
the goal in its stored form (``Goal.to_spec``), and T&E's own ``hints``, ``topic`` and ``target``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tigris_widget.core.checks import is_finite
from tigris_widget.core.puzzle import PuzzleFieldError, int_field, object_field, text_field, texts_field
from tigris_widget.games.tigris.puzzles.goals import Goal, Puzzle

GOAL_KINDS = ("gain", "gain_total", "treasures", "monuments", "weakest", "building", "ziggurat",
              "ziggurat_bonus", "send_home", "win_conflict")  # fmt: skip
"""Every kind of goal ``Goal.from_spec`` reads."""
_WORDS = ("kind", "colour", "text")
"""The goal fields that are words; every other one is a whole number."""


def to_entry(puzzle: Puzzle) -> dict[str, Any]:
    return {
        "key": puzzle.key,
        "title": puzzle.title,
        "position": puzzle.position,
        "seat": puzzle.seat,
        "goal": puzzle.goal.to_spec(),
        "solution": list(puzzle.solution),
        "themes": list(puzzle.themes),
        "rating": puzzle.elo,
        "explanation": puzzle.explanation,
        "source": puzzle.source,
        "origin": dict(puzzle.origin) if puzzle.origin else None,
        "hints": list(puzzle.hints),
        "topic": puzzle.topic,
        "target": puzzle.known_target,
    }


def goal_from_spec(spec: object) -> Goal:
    """The goal a stored spec describes; ``PuzzleFieldError`` (field ``goal``) saying what is wrong."""
    if not isinstance(spec, dict) or spec.get("kind") not in GOAL_KINDS:
        kind = spec.get("kind") if isinstance(spec, dict) else None
        raise PuzzleFieldError("goal", f"'goal' must be an object whose 'kind' is one of {', '.join(GOAL_KINDS)}"
                                       f" (not {kind!r:.40})")  # fmt: skip
    # Goal.from_spec reads numbers with int(): a float or a bool would load as something else
    bad = [k for k, v in spec.items() if k not in _WORDS and type(v) is not int]
    if bad:
        raise PuzzleFieldError("goal", f"'goal': {', '.join(map(repr, bad))} must be whole numbers")
    try:
        return Goal.from_spec(spec)
    except (ValueError, TypeError, KeyError) as err:
        raise PuzzleFieldError("goal", f"'goal': {err}") from None


def from_entry(data: Mapping[str, Any]) -> Puzzle:
    """The puzzle an entry describes; ``PuzzleFieldError`` naming the first bad field."""
    rating = int_field(data, "rating", 1, 10_000)
    target = data.get("target")
    if target is not None and not is_finite(target):
        raise PuzzleFieldError("target", f"'target' must be a number or null, not {target!r:.40}")
    themes = texts_field(data, "themes")
    return Puzzle(
        text_field(data, "key"),
        text_field(data, "title"),
        text_field(data, "position"),
        goal_from_spec(data.get("goal")),
        1 if rating < 1200 else 2 if rating < 1600 else 3,
        texts_field(data, "solution", required=True),
        texts_field(data, "hints"),
        text_field(data, "explanation", ""),
        topic=text_field(data, "topic", ", ".join(themes)),
        themes=themes,
        rating=rating,
        source=text_field(data, "source", "hand-made"),
        origin=object_field(data, "origin"),
        known_target=None if target is None else float(target),
    )
