"""tigris_widget: board games of ancient Mesopotamia for Jupyter — Reiner Knizia's *Tigris & Euphrates*
(``Game``) and Paolo Mori's *Ur* (``UrGame``): rules engines, one board widget, bots, notebook helpers.

The engine is imported eagerly; the Jupyter parts (the board widget and the notebook helpers) are
imported on first use, so scripts and bots that never show a board don't pay for ipywidgets.
"""

from __future__ import annotations

from typing import Any

# First: with TIGRIS_WIDGET_PURE set it makes the engine modules below load from their .py (see _version).
from tigris_widget._version import __version__, compiled
from tigris_widget.games.tigris.builder import PositionBuilder
from tigris_widget.games.tigris.engine.core.actions import Action
from tigris_widget.games.tigris.engine.core.errors import IllegalActionError, NotationError, PositionError
from tigris_widget.games.tigris.engine.core.events import Event
from tigris_widget.games.tigris.engine.core.setup import GameSetup
from tigris_widget.games.tigris.engine.rules.decisions import Decision
from tigris_widget.games.tigris.engine.rules.position import Position
from tigris_widget.games.tigris.engine.rules.scoring import PlayerResult
from tigris_widget.games.tigris.engine.rules.view import PlayerView
from tigris_widget.games.tigris.game import Game

_LAZY = {
    "BoardWidget": "tigris_widget.jupyter.widget",
    "GameStepper": "tigris_widget.jupyter.stepper",
    "PuzzleBoard": "tigris_widget.jupyter.puzzle_board",
    "PuzzleBrowser": "tigris_widget.jupyter.puzzle_browser",
    "BotInspector": "tigris_widget.jupyter.inspect",
    "BotMatch": "tigris_widget.jupyter.versus",
    "PositionEditor": "tigris_widget.jupyter.editor_widget",
    "UrGame": "tigris_widget.games.ur",
    "PUZZLES": "tigris_widget.games.tigris.puzzles.book",
    "Puzzle": "tigris_widget.games.tigris.puzzles.goals",
    "Goal": "tigris_widget.games.tigris.puzzles.goals",
    "Verdict": "tigris_widget.core.puzzle",
    "solve": "tigris_widget.games.tigris.puzzles.goals",
    "save_puzzles": "tigris_widget.puzzles.saved",
    "load_puzzles": "tigris_widget.puzzles.saved",
    "PuzzleLibrary": "tigris_widget.puzzles.saved",
}
"""Names imported when first used: the Jupyter parts (they need ipywidgets/anywidget), Ur's game, and
T&E's puzzle book and puzzle goals, your own puzzle files."""

__all__ = [
    "PUZZLES",
    "Action",
    "BoardWidget",
    "BotInspector",
    "BotMatch",
    "Decision",
    "Event",
    "Game",
    "GameSetup",
    "GameStepper",
    "Goal",
    "IllegalActionError",
    "NotationError",
    "PlayerResult",
    "PlayerView",
    "Position",
    "PositionBuilder",
    "PositionEditor",
    "PositionError",
    "Puzzle",
    "PuzzleBoard",
    "PuzzleBrowser",
    "PuzzleLibrary",
    "UrGame",
    "Verdict",
    "__version__",
    "compiled",
    "load_puzzles",
    "save_puzzles",
    "solve",
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        value = getattr(import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'tigris_widget' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
