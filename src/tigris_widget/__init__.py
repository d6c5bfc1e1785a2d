"""tigris_widget: Reiner Knizia's *Tigris & Euphrates* for Jupyter — rules engine, board widget, bots.

The engine is imported eagerly; Jupyter-only parts are imported when first used.
"""

from __future__ import annotations

from tigris_widget.engine.core.actions import Action
from tigris_widget.engine.core.errors import IllegalActionError, NotationError, PositionError
from tigris_widget.engine.core.events import Event
from tigris_widget.engine.core.setup import GameSetup
from tigris_widget.engine.rules.decisions import Decision
from tigris_widget.engine.rules.scoring import PlayerResult
from tigris_widget.engine.rules.view import PlayerView
from tigris_widget.game import Game

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
        from tigris_widget.jupyter.widget import BoardWidget

        return BoardWidget
    raise AttributeError(f"module 'tigris_widget' has no attribute {name!r}")
