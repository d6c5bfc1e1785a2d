"""Bots: every bot decides from a player's view only (design contract 4)."""

from .base import Bot
from .greedy import GreedyBot
from .random_bot import RandomBot

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "make_bot"]


def _search_bot(seed: int = 0) -> Bot:
    from .search import SearchBot

    return SearchBot(seed=seed)


BOTS = {"random": RandomBot, "greedy": GreedyBot, "search": _search_bot}
"""Bot factories by command-line name; each takes ``seed``."""


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name (as on the command line), e.g. ``random``, ``greedy`` or ``search``."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; available: {', '.join(BOTS)}") from None
    return factory(seed=seed)
