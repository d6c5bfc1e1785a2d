"""The random bot: uniform over the legal choices (any game)."""

from __future__ import annotations

from typing import Any

from tigris_widget.bots.base import Bot, roll_request


class RandomBot(Bot):
    name = "random"

    def choose(self, view: Any) -> Any:
        roll = roll_request(view)
        if roll is not None:
            return roll  # the random stream is not drawn on for a roll: the game's dice decide
        d = view.decision
        assert d is not None and d.choices, "no decision for this seat"
        return self.rng.choice(d.choices)
