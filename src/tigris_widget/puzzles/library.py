"""The puzzle library: the hand-made puzzles of ``book`` and the puzzles mined from games
(``data/mined.json``, made by ``python -m tigris_widget puzzles mine``), in one place, each with an id.

    >>> from tigris_widget.puzzles.library import library, select
    >>> lib = library()
    >>> lib["first-revolt"].source
    'hand-made'
    >>> len(lib) > 150
    True
    >>> all("revolt" in p.themes for p in select(theme="revolt"))
    True
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from importlib import resources
from typing import Any

from tigris_widget.core.files import load_json
from tigris_widget.games.tigris.puzzles.book import PUZZLES
from tigris_widget.games.tigris.puzzles.goals import Puzzle
from tigris_widget.games.tigris.puzzles.miner import MAX_PUZZLE_FILE_CHARS, THEMES, check_puzzle_file, from_record, tag

DATA = "mined.json"


@cache
def mined_data() -> dict[str, Any]:
    """The stored file of mined puzzles (with the statistics of the run that made it)."""
    text = (
        resources.files("tigris_widget.games.tigris.puzzles")
        .joinpath("data")
        .joinpath(DATA)
        .read_text(encoding="utf-8")
    )
    return check_puzzle_file(load_json(text, "puzzle library", MAX_PUZZLE_FILE_CHARS), DATA)


def _hand_made() -> list[Puzzle]:
    out = []
    for p in PUZZLES.values():
        solved = p.play_solution()
        themes = tag(p.game().state, p.seat, p.goal, solved.events, phase=False)
        out.append(replace(p, themes=themes))
    return out


@cache
def _library() -> tuple[Puzzle, ...]:
    return (*_hand_made(), *(from_record(r) for r in mined_data()["puzzles"]))


def library() -> dict[str, Puzzle]:
    """Every puzzle by id: the hand-made ones first (ids are their keys), then the mined ones
    (ids ``m-`` and eight hex digits, from the position and the goal)."""
    return {p.key: p for p in _library()}


def select(theme: str | None = None, low: int = 0, high: int = 10_000, source: str | None = None) -> list[Puzzle]:
    """The puzzles with ``theme``, a rating in [low, high] and (optionally) from ``source``
    ("mined" or "hand-made"), easiest first. ``ValueError`` for an unknown theme."""
    if theme is not None and theme not in THEMES:
        raise ValueError(f"unknown theme {theme!r}; themes: {', '.join(sorted(THEMES))}")
    if source not in (None, "mined", "hand-made"):
        raise ValueError(f"source is 'mined' or 'hand-made', not {source!r}")
    found = [
        p
        for p in _library()
        if (theme is None or theme in p.themes) and low <= p.elo <= high and (source is None or p.source == source)
    ]
    return sorted(found, key=lambda p: (p.elo, p.key))


def summary(puzzle: Puzzle) -> dict[str, Any]:
    """The facts ``puzzles list --json`` prints for a puzzle."""
    game_state = puzzle.game().state
    return {
        "id": puzzle.key,
        "title": puzzle.title,
        "source": puzzle.source,
        "themes": list(puzzle.themes),
        "difficulty": puzzle.elo,
        "label": puzzle.label,
        "players": game_state.players,
        "board": game_state.setup.board,
        "variants": sorted(game_state.setup.variants),
        "goal": puzzle.goal.text,
        "to_play": game_state.setup.dynasties[game_state.active],
    }
