"""Bots: every bot decides from a seat's view only (design contract 4), for every game.

``make_bot(name, seed, game)`` finds a game's bots through the registry: a game that offers
``bot_rules()`` (its knowledge: evaluation, completion policy, search rules) gets the shared
``random``, ``greedy`` (``generic.TurnGreedyBot``) and ``search`` (``generic.TreeSearchBot``);
*Tigris & Euphrates* hides tiles, so its greedy bot and information-set search are its own.
"""

from collections.abc import Callable

from tigris_widget.bots.base import Bot
from tigris_widget.bots.greedy import GreedyBot
from tigris_widget.bots.random_bot import RandomBot
from tigris_widget.core.registry import game_module

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "bot_names", "make_bot"]


def _budget(budget: str) -> tuple[int | None, float | None]:
    """(iterations, seconds) of a budget written ``800`` or ``0.5s``; (None, None) for the default."""
    if not budget:
        return None, None
    try:
        if budget.endswith("s"):
            return None, float(budget[:-1])
        return int(budget), None
    except ValueError:
        raise ValueError(f"search budget {budget!r}: write iterations (search:800) or seconds (search:0.5s)") from None


def _search_bot(seed: int = 0, budget: str = "") -> Bot:
    from tigris_widget.bots.search import SearchBot

    iterations, seconds = _budget(budget)
    if iterations is None and seconds is None:
        return SearchBot(seed=seed)
    return SearchBot(seed=seed, iterations=iterations, seconds=seconds)


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "greedy": GreedyBot, "search": _search_bot}
"""T&E's bot factories by command-line name; each takes ``seed``."""

OWN_BOTS: dict[str, dict[str, Callable[..., Bot]]] = {"tigris": BOTS}
"""Games whose bots are written for them alone (their ``bot_rules()`` is None), by game name."""

GENERIC = ("random", "greedy", "search")
"""The bots every game with ``bot_rules()`` gets."""


def bot_names(game: str = "tigris") -> tuple[str, ...]:
    """The bots of ``game`` by command-line name (``search`` also takes a budget)."""
    rules = game_module(game).bot_rules()
    return tuple(OWN_BOTS.get(game, {})) if rules is None else GENERIC


def make_bot(name: str, seed: int = 0, game: str = "tigris") -> Bot:
    """A bot of ``game`` by name (as on the command line): ``random``, ``greedy``, ``search``, or the
    search with a budget per decision, ``search:800`` (iterations) or ``search:0.5s`` (seconds).

    :raises ValueError: an unknown game (``UnknownGameError``), bot or budget, naming it."""
    rules = game_module(game).bot_rules()
    if not isinstance(name, str):
        raise ValueError(f"a bot name is a word such as 'greedy', not {name!r}")
    base, _, budget = name.partition(":")
    known = bot_names(game)
    if base not in known or (budget and base != "search"):
        raise ValueError(
            f"unknown bot {name!r} for {game}; available: {', '.join(known)} (search:ITERATIONS, search:SECONDSs)"
        )
    if rules is None:
        if base == "search":
            return _search_bot(seed, budget)
        bot = OWN_BOTS[game][base](seed=seed)
        assert isinstance(bot, Bot)
        return bot
    from tigris_widget.bots.generic import TreeSearchBot, TurnGreedyBot

    if base == "random":
        return RandomBot(seed=seed)
    if base == "greedy":
        return TurnGreedyBot(rules, seed=seed)
    iterations, seconds = _budget(budget)
    return TreeSearchBot(rules, seed=seed, iterations=iterations, seconds=seconds)
