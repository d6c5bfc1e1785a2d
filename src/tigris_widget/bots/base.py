"""The one protocol every bot follows."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from tigris_widget.games.tigris.engine.core.actions import Action
from tigris_widget.games.tigris.engine.rules.view import PlayerView


class Bot(ABC):
    """Chooses an action for the decision pending in a player's view.

    A bot owns its random stream (seeded at construction), so its randomness never changes the
    deal, and it sees only ``view`` — never the full state.
    """

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: PlayerView) -> Action:
        """The action to play; ``view.decision.choices`` lists the legal ones."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"
