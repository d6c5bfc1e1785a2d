"""Bots: every bot decides from a player's view only (design contract 4)."""

from tigris_widget.bots.base import Bot
from tigris_widget.bots.greedy import GreedyBot
from tigris_widget.bots.random_bot import RandomBot

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "make_bot"]


def _search_bot(seed: int = 0, budget: str = "") -> Bot:
    from tigris_widget.bots.search import SearchBot

    if not budget:
        return SearchBot(seed=seed)
    try:
        if budget.endswith("s"):
            return SearchBot(seed=seed, seconds=float(budget[:-1]))
        return SearchBot(seed=seed, iterations=int(budget))
    except ValueError:
        raise ValueError(f"search budget {budget!r}: write iterations (search:800) or seconds (search:0.5s)") from None


BOTS = {"random": RandomBot, "greedy": GreedyBot, "search": _search_bot}
"""Bot factories by command-line name; each takes ``seed``."""


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name (as on the command line): ``random``, ``greedy``, ``search``, or the search
    with a budget per decision, ``search:800`` (iterations) or ``search:0.5s`` (seconds)."""
    base, _, budget = name.partition(":")
    if base == "search":
        return _search_bot(seed, budget)
    if base not in BOTS or budget:
        raise ValueError(f"unknown bot {name!r}; available: {', '.join(BOTS)} (search:ITERATIONS, search:SECONDSs)")
    bot = BOTS[base](seed=seed)  # type: ignore[operator]  # a class or a factory, all taking seed
    assert isinstance(bot, Bot)
    return bot
