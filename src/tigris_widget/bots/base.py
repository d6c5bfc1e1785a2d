"""The one protocol every bot follows, for every game."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any


class Bot(ABC):
    """Chooses an action for the decision pending in a seat's view (``game.view(seat)``).

    A bot owns its random stream (seeded at construction), so its randomness never changes the
    deal, and it sees only ``view`` — never more than that seat may know. Every game's view has
    ``decision`` with ``seat`` and ``choices`` (the legal actions).
    """

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: Any) -> Any:
        """The action to play; ``view.decision.choices`` lists the legal ones."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"
