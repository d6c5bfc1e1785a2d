"""Bots: every bot decides from a seat's view only (design contract 4), for every game.

``make_bot(name, seed, game)`` finds a game's bots through the registry: a game that offers
``bot_rules()`` (its knowledge: evaluation, completion policy, search rules) gets the shared
``random``, ``greedy`` (``generic.TurnGreedyBot``) and ``search`` (``generic.TreeSearchBot``); a game
whose bots are written for it alone (*Tigris & Euphrates* hides tiles: its greedy bot and
information-set search live in its package) lists them in ``own_bots()``, and gets ``random`` too.
"""

import re

from tigris_widget.bots.base import Bot
from tigris_widget.bots.budget import Budget
from tigris_widget.bots.random_bot import RandomBot
from tigris_widget.core.checks import MAX_SHOWN, read_whole, shown
from tigris_widget.core.hooks import own_bots, search_defaults
from tigris_widget.core.registry import DEFAULT_GAME, game_module

__all__ = ["Bot", "RandomBot", "bot_names", "make_bot"]


def _budget(budget: str) -> tuple[int | None, float | None]:
    """(iterations, seconds) of a budget written ``800`` or ``0.5s``; (None, None) for the default."""
    if not budget:
        return None, None
    try:
        if budget.endswith("s") and re.fullmatch(r"[0-9]*\.?[0-9]+", budget[:-1]):  # never nan or inf
            return None, Budget(seconds=float(budget[:-1])).seconds
        if re.fullmatch(r"[0-9]+", budget):  # ASCII digits: int() also reads other scripts' digits
            return Budget(iterations=read_whole(budget, "iterations", MAX_ITERATIONS)).iterations, None
    except ValueError as err:
        raise ValueError(f"search budget {shown(budget, MAX_SHOWN)}: {err}") from None
    raise ValueError(
        f"search budget {shown(budget, MAX_SHOWN)}: write iterations, a whole number (search:800), "
        "or seconds, a finite positive number (search:0.5s)"
    )


MAX_ITERATIONS = 10**12
"""More iterations than any search runs in a day; a budget written with more digits is a typo."""


GENERIC = ("random", "greedy", "search")
"""The bots every game with ``bot_rules()`` gets."""


def bot_names(game: str = DEFAULT_GAME) -> tuple[str, ...]:
    """The bots of ``game`` by command-line name (``search`` and the names starting with it also take a budget)."""
    module = game_module(game)
    if module.bot_rules() is not None:
        return GENERIC
    return ("random", *(name for name in own_bots(module) if name != "random"))


def make_bot(name: str, seed: int = 0, game: str = DEFAULT_GAME) -> Bot:
    """A bot of ``game`` by name (as on the command line): ``random``, ``greedy``, ``search``, or the
    search with a budget per decision, ``search:800`` (iterations) or ``search:0.5s`` (seconds); without
    one, the game's ``SEARCH_DEFAULTS`` (``core.hooks.search_defaults``). A game's own bots whose names
    start with ``search`` take a budget too (without one, their own default).

    :raises ValueError: an unknown game (``UnknownGameError``), bot or budget, naming it."""
    module = game_module(game)
    rules = module.bot_rules()
    if not isinstance(name, str):
        raise ValueError(f"a bot name is a word such as 'greedy', not {name!r}")
    base, _, budget = name.partition(":")
    known = bot_names(game)
    if base not in known or (budget and not base.startswith("search")):
        raise ValueError(
            f"unknown bot {name!r} for {game}; available: {', '.join(known)} (search:ITERATIONS, search:SECONDSs)"
        )
    iterations, seconds = _budget(budget)
    if base == "random":
        return RandomBot(seed=seed)
    if rules is None:
        factory = own_bots(module)[base]
        bot = (
            factory(seed=seed)
            if iterations is None and seconds is None
            else factory(seed=seed, iterations=iterations, seconds=seconds)
        )
        if not isinstance(bot, Bot):
            raise TypeError(f"{game}'s bot {base!r} does not follow core.bot.Bot")
        return bot
    from tigris_widget.bots.generic import RolloutSearchBot, TreeSearchBot, TurnGreedyBot

    if base == "greedy":
        return TurnGreedyBot(rules, seed=seed)
    if iterations is None and seconds is None:  # the game's budget for its search (SEARCH_DEFAULTS)
        defaults = search_defaults(module)
        iterations, seconds = defaults.iterations, defaults.seconds
    # a game that can play a state to its end as its players would is searched by rollouts
    search = RolloutSearchBot if callable(getattr(rules, "rollout", None)) else TreeSearchBot
    return search(rules, seed=seed, iterations=iterations, seconds=seconds)
