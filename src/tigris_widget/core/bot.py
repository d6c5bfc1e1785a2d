"""The one protocol every bot follows, for every game, and how long a search may think (``Budget``).

Both live in the core so that a game's own bots (T&E's greedy and search) can follow them without
importing the shared bots layer; ``tigris_widget.bots.base`` and ``bots.budget`` re-export them."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from tigris_widget.core.checks import check_positive, is_whole, shown


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


@dataclass(frozen=True)
class Budget:
    """How long to search: a number of iterations, seconds, or both (whichever ends first)."""

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs iterations or seconds")
        if self.iterations is not None and not (is_whole(self.iterations) and self.iterations >= 1):
            raise ValueError(f"iterations must be a whole number, at least 1, not {shown(self.iterations)}")
        if self.seconds is not None:
            check_positive(self.seconds, "seconds")
