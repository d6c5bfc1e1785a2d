"""The one protocol every bot follows (``core.bot.Bot``, re-exported here where bots have always found it),
and what every shared bot does at a roll of the dice."""

from typing import Any

from tigris_widget.core.bot import Bot
from tigris_widget.core.protocol import CHANCE_KIND

__all__ = ["Bot", "roll_request"]


def roll_request(view: Any) -> Any | None:
    """The roll request when the decision in ``view`` is a roll (kind ``CHANCE_KIND``: its only choice),
    else None. A bot plays it without thinking: the game's dice, not the bot, choose the outcome."""
    decision = getattr(view, "decision", None)
    if decision is None or decision.kind != CHANCE_KIND:
        return None
    return decision.choices[0]
