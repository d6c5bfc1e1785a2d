"""tigris_widget: Reiner Knizia's *Tigris & Euphrates* for Jupyter — rules engine, board widget, bots.

The engine is imported eagerly; Jupyter-only parts are imported when first used.
"""

from __future__ import annotations

from .engine.actions import Action
from .engine.decisions import Decision
from .engine.errors import IllegalActionError, NotationError, PositionError
from .engine.events import Event
from .engine.scoring import PlayerResult
from .engine.setup import GameSetup
from .engine.view import PlayerView
from .game import Game

__all__ = [
    "Action",
    "Decision",
    "Event",
    "Game",
    "GameSetup",
    "IllegalActionError",
    "NotationError",
    "PlayerResult",
    "PlayerView",
    "PositionError",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    """``BoardWidget`` is imported on first use, so the engine works without Jupyter packages."""
    if name == "BoardWidget":
        from .widget import BoardWidget

        return BoardWidget
    raise AttributeError(f"module 'tigris_widget' has no attribute {name!r}")
