"""How long a search may think (``core.bot.Budget``, re-exported here where bots have always found it)."""

from tigris_widget.core.bot import Budget

__all__ = ["Budget"]
