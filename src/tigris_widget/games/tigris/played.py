"""What drawing a game needs of it: its history, read-only (``PlayedGame``).

The presenter (``present.viewjson``) and the shared replay writers take a ``PlayedGame`` rather than
``game.Game``, because ``Game`` itself draws pictures (``_repr_svg_``) and writes replays
(``to_html``): naming ``Game`` there would close an import circle. ``Game`` satisfies the protocol.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from tigris_widget.games.tigris.engine.core.actions import Action
from tigris_widget.games.tigris.engine.core.events import Event
from tigris_widget.games.tigris.engine.core.state import GameState


class PlayedGame(Protocol):
    """A game's record as the presenter reads it (``Game`` is one)."""

    @property
    def actions(self) -> Sequence[Action]:
        """The actions played, in order."""
        ...

    @property
    def actors(self) -> Sequence[int]:
        """The seat that played each action."""
        ...

    @property
    def state(self) -> GameState:
        """The current state (a copy)."""
        ...

    def events_seen_by(self, seat: int | None) -> Sequence[Sequence[Event]]:
        """The events of each action that ``seat`` may read (None: all)."""
        ...

    def state_at(self, ply: int) -> GameState:
        """The state after ``ply`` actions (a copy)."""
        ...

    def __len__(self) -> int: ...
