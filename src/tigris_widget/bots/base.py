"""The one protocol every bot follows (``core.bot.Bot``, re-exported here where bots have always found it)."""

from tigris_widget.core.bot import Bot

__all__ = ["Bot"]
