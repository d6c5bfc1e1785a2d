"""The random bot: uniform over the legal choices."""

from __future__ import annotations

from ..engine.actions import Action
from ..engine.view import PlayerView
from .base import Bot


class RandomBot(Bot):
    name = "random"

    def choose(self, view: PlayerView) -> Action:
        assert view.decision is not None and view.decision.choices, "no decision for this seat"
        return self.rng.choice(view.decision.choices)
