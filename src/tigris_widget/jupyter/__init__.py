"""Notebook helpers: puzzles (engine only) and dashboards on the board widget (imported when used).

* ``GameStepper`` (``stepper``): step through a game with narration and ipycanvas charts.
* ``PuzzleBoard`` (``puzzle_board``): solve a puzzle on the board, with checking, hints and solution.
* ``BotInspector`` (``inspect``): the search bot's analysis of a decision, live, with "what if".
* ``BotMatch`` (``versus``): play against bots on the board, with a live hint control.
* The puzzles themselves are a game's (``tigris_widget.PUZZLES`` for T&E, ``puzzles.library.library(game)`` for any).
"""

from __future__ import annotations

from typing import Any

__all__ = ["BotInspector", "BotMatch", "GameStepper", "PuzzleBoard"]

_LAZY = {
    "BotInspector": "tigris_widget.jupyter.inspect",
    "BotMatch": "tigris_widget.jupyter.versus",
    "GameStepper": "tigris_widget.jupyter.stepper",
    "PuzzleBoard": "tigris_widget.jupyter.puzzle_board",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
