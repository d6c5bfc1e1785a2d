"""Puzzles of your own, from any position: ``make_puzzle`` checks the position and goal with the game's
solver at once and returns a puzzle (with its check report) or refuses, naming the check that failed.

    >>> from tigris_widget.puzzles.library import library
    >>> shipped = library()["king-revolt"]
    >>> made = make_puzzle(shipped.position, "win_conflict victim=1 colour=black", game="tigris")
    >>> report = puzzle_report(made)
    >>> report.solution == shipped.solution, report.unique_first_step
    (True, True)

The goal is a spec (``core.puzzle.goal_spec``): ``kind key=value …`` as ``goal_kinds(game)`` lists
them, a JSON object, or a mapping. ``Editor.make_puzzle`` is the same for an editor's draft (the core
reaches the game's book through its hook, as this module does). Each game checks its puzzle as its miner checks a mined one (``PuzzleBook.make``): the goal is
forced against every defence, doing nothing misses it, and the report gives the solving line, whether
the first step is the only one, a rating and themes. A made puzzle is ``hand-made``; it plays in
``PuzzleBoard`` and saves with ``save_puzzles``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tigris_widget.core.editor import Editor
from tigris_widget.core.protocol import GameLike, PuzzleLike
from tigris_widget.core.puzzle import goal_spec
from tigris_widget.puzzles.library import book


@dataclass(frozen=True)
class PuzzleReport:
    """The check of a made puzzle: the player's solving moves, the whole line (other seats' answers
    included), whether only one first step works (None: too many lines to tell), rating and themes."""

    solution: tuple[str, ...]
    line: tuple[str, ...]
    unique_first_step: bool | None
    rating: int
    themes: tuple[str, ...]

    def __str__(self) -> str:
        unique = {True: "yes", False: "no (another first step works too)", None: "not known (too many lines)"}
        return "\n".join((
            f"Solution: {', '.join(self.solution)}",
            f"Whole line: {', '.join(self.line)}",
            f"Unique first step: {unique[self.unique_first_step]}",
            f"Rating: {self.rating}",
            f"Themes: {', '.join(self.themes) or '-'}",
        ))  # fmt: skip


def goal_kinds(game: str) -> dict[str, str]:
    """The goals a puzzle of ``game`` can have, as written (``kind key=value …``), each with what it asks."""
    return dict(book(game).goal_kinds())


def _position(source: Editor | GameLike | str, game: str | None) -> tuple[str, str]:
    """The game's name and the checked position text of ``source``."""
    if isinstance(source, str):
        if game is None:
            raise ValueError("a position text needs its game: make_puzzle(text, goal, game='tigris')")
        book(game)  # a ValueError naming the games with puzzles when it is none of them
        source = Editor.from_position(game, source)  # its problems are named by to_position
    if isinstance(source, Editor):
        name = source.game_name
    elif isinstance(getattr(source, "name", None), str) and callable(getattr(source, "to_position", None)):
        name = source.name
    else:
        raise ValueError(
            f"make_puzzle makes a puzzle of an Editor, a game or a position text, not {type(source).__name__}"
        )
    if game is not None and game != name:
        raise ValueError(f"the position is of {name}, not {game}")
    return name, source.to_position()


def make_puzzle(
    source: Editor | GameLike | str, goal: str | Mapping[str, Any], *, game: str | None = None, title: str = "",
    seat: int | None = None,
) -> PuzzleLike:  # fmt: skip
    """The puzzle of ``source`` (an ``Editor``, a game, or a position text of ``game``) with ``goal``,
    checked by the game's solver; ``puzzle_report`` gives what the check found.

    :raises ValueError: a position with problems (each named), a bad goal, a ``seat`` that is not to
        play, or a check the puzzle fails ("not a puzzle: doing nothing already wins — …")."""
    name, text = _position(source, game)
    shelf = book(name)
    spec = goal_spec(goal)
    if not isinstance(title, str):
        raise ValueError(f"title is text, not {type(title).__name__}")
    if seat is not None and (type(seat) is not int or seat < 0):
        raise ValueError(f"seat is a seat number (0, 1, …), not {seat!r:.20}")
    return shelf.make(text, spec, title=title, seat=seat)


def puzzle_report(puzzle: PuzzleLike) -> PuzzleReport:
    """The check report of a puzzle ``make_puzzle`` made (also after ``save_puzzles``/``load_puzzles``).

    :raises ValueError: a puzzle that was not made so (a shipped or mined one has no report)."""
    origin = getattr(puzzle, "origin", None)
    made = origin.get("made") if isinstance(origin, Mapping) else None
    if not isinstance(made, Mapping):
        raise ValueError(f"puzzle {puzzle.key!r} was not made by make_puzzle: it has no check report")
    try:
        return PuzzleReport(tuple(made["solution"]), tuple(made["line"]), made["unique_first_step"],
                            int(made["rating"]), tuple(made["themes"]))  # fmt: skip
    except (KeyError, TypeError, ValueError) as err:
        raise ValueError(f"puzzle {puzzle.key!r}: its check report is damaged ({err})") from None
