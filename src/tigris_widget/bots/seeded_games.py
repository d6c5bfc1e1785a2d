"""Seeded bot games of a registered game, as the benchmarks' position sets draw them: which player
counts to play, the bots of a game's seats seeded from the game's seed, and a position replayed from
its seed and actions. One convention, so that a published position set stays reproducible."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tigris_widget.bots.base import Bot
from tigris_widget.core.protocol import GameLike
from tigris_widget.core.registry import game_module


def player_counts(game: str) -> list[int]:
    """The player counts ``game`` allows with its default options (of its ``PLAYERS``: some need an option)."""
    counts = []
    for n in game_module(game).PLAYERS:
        try:
            game_module(game).new_game(n, 0, None)
        except ValueError:
            continue
        counts.append(n)
    return counts


def seated_bots(game: str, names: Iterable[str], seed: int) -> list[Bot]:
    """The bots ``names`` (one a seat, in seat order) of the bot game seeded ``seed``, each seeded from
    the game's seed and its seat."""
    from tigris_widget.bots import make_bot

    return [make_bot(name, seed * 7919 + seat + 1, game) for seat, name in enumerate(names)]


def replayed(game: str, players: int, seed: int, actions: Sequence[Any]) -> GameLike:
    """A new game of ``game`` seeded ``seed`` with ``actions`` played."""
    g = game_module(game).new_game(players, seed, None)
    for action in actions:
        g.apply(action)
    return g
