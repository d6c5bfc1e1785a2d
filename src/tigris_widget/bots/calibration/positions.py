"""Positions from ordinary play for the calibration benchmark: every n-th decision with a choice of
seeded games between the game's greedy bots, taken as they come, not chosen for having a clear answer."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tigris_widget.bots.seeded_games import player_counts, replayed, seated_bots
from tigris_widget.core.protocol import CHANCE_KIND, GameLike
from tigris_widget.core.registry import game_module

BASE_SEED = 4000
"""The bot games' seeds are ``BASE_SEED + k`` for k = 0, 1, 2 … (published: the positions are reproducible)."""
PER_GAME = 6
"""Positions from one bot game: every n-th of its decisions with a choice, n = its count // ``PER_GAME``
(from the middle of the first stretch), so the set spans whole games, openings to endings, and several games."""
MAX_ACTIONS = 3000
"""A bot game still going after this many actions is a runaway: its positions so far are kept."""
MAX_GAMES = 200
"""Bot games after which the positions found so far are all there is (a game with few decisions)."""


@dataclass(frozen=True)
class PlayedPosition:
    """One position: the bot game it comes from and the decision taken there."""

    game: str
    players: int
    seed: int
    """The bot game's seed (also the rules' seed)."""
    ply: int
    """Actions played before the decision."""
    bots: tuple[str, ...]
    decision: str
    """The kind of decision pending, as the game names it."""
    actions: tuple[Any, ...] = field(default=(), compare=False, repr=False)
    """The actions played before it (kept in memory only: replayed by ``game_at``)."""

    @property
    def key(self) -> str:
        return f"{self.game}-{self.players}p-s{self.seed}-{self.ply}"

    def game_at(self) -> GameLike:
        """A new game at this position: the bot game's actions replayed from its seed."""
        return replayed(self.game, self.players, self.seed, self.actions)


def _bots(game: str, players: int) -> tuple[str, ...]:
    from tigris_widget.bots import bot_names

    return ("greedy" if "greedy" in bot_names(game) else "random",) * players


def positions_from_play(game: str, count: int, base_seed: int = BASE_SEED) -> list[PlayedPosition]:
    """``count`` positions of ``game`` from seeded bot games (see the module docstring; seeds from
    ``base_seed``), over its player counts in turn.

    :raises ValueError: ``count`` is not a positive integer, ``base_seed`` not a whole number ≥ 0, or the
        bot games hold too few decisions."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"positions must be a positive integer, not {count!r}")
    if isinstance(base_seed, bool) or not isinstance(base_seed, int) or base_seed < 0:
        raise ValueError(f"the base seed must be a whole number ≥ 0, not {base_seed!r}")
    from tigris_widget.bots.runner import step

    counts = player_counts(game)
    out: list[PlayedPosition] = []
    for k in range(MAX_GAMES):
        if len(out) >= count:
            break
        players, seed = counts[k % len(counts)], base_seed + k
        bots = _bots(game, players)
        g = game_module(game).new_game(players, seed, None)
        made = seated_bots(game, bots, seed)
        choosing: list[tuple[int, str]] = []
        while not g.is_over and len(g.actions) < MAX_ACTIONS:
            d = g.decision
            if d is not None and d.kind != CHANCE_KIND and len(d.choices) > 1:
                choosing.append((len(g.actions), d.kind))
            if step(g, made) is None:
                break
        n = max(1, len(choosing) // PER_GAME)
        for ply, kind in choosing[n // 2 :: n][:PER_GAME]:
            if len(out) < count:
                out.append(PlayedPosition(game, players, seed, ply, bots, kind, tuple(g.actions[:ply])))
    if len(out) < count:
        raise ValueError(f"{game}: only {len(out)} positions in {MAX_GAMES} bot games, fewer than {count}")
    return out
