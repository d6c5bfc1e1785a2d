"""The random bot: uniform over the legal choices."""

from __future__ import annotations

from tigris_widget.bots.base import Bot
from tigris_widget.games.tigris.engine.core.actions import Action
from tigris_widget.games.tigris.engine.rules.view import PlayerView


class RandomBot(Bot):
    name = "random"

    def choose(self, view: PlayerView) -> Action:
        assert view.decision is not None and view.decision.choices, "no decision for this seat"
        return self.rng.choice(view.decision.choices)
