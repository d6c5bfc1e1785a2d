"""Bots: every bot decides from a player's view only (design contract 4)."""

from .base import Bot
from .random_bot import RandomBot

__all__ = ["Bot", "RandomBot", "make_bot"]


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name (as on the command line)."""
    bots: dict[str, type[Bot]] = {"random": RandomBot}
    try:
        return bots[name](seed=seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; available: {', '.join(bots)}") from None
