"""Ur's own benchmark figures (``bench_extras``, ``core.protocol.BenchMeasure``): random playouts of the
engine (``engine.bench.playouts``) for three and four players; ``python -m tigris_widget bench`` adds
them to the figures it measures for every game."""

from __future__ import annotations

from collections.abc import Callable

from tigris_widget.core.protocol import BenchMeasure
from tigris_widget.games.ur.engine.bench import playouts

Clock = Callable[[], float]


def bench_extras() -> dict[str, BenchMeasure]:
    """Ur's figures by JSON key: games/s, steps per game and µs per ``legal_actions`` for 3 and 4 players
    (one run per count gives all three); the 3-player games/s, ``random_games_per_s``, is also compared
    pure against compiled."""
    runs: dict[int, dict[str, float]] = {}  # one playout run per player count, shared by its figures

    def run(players: int, seconds: float, clock: Clock) -> dict[str, float]:
        if players not in runs:
            first = playouts(2, players, clock=clock)  # a short run sizes the measured one to about ``seconds``
            games = max(2, round(seconds * first["games_per_s"]))
            runs[players] = playouts(games, players, seed=1000, clock=clock)
        return runs[players]

    def figure(players: int, key: str) -> Callable[[float, Clock], float]:
        return lambda seconds, clock: run(players, seconds / 2, clock)[key]

    extras: dict[str, BenchMeasure] = {}
    for players in (3, 4):
        # the 3-player rate keeps the name ``bench --compare`` has always given it
        extras["random_games_per_s" if players == 3 else f"games_per_s_{players}p"] = BenchMeasure(
            f"{players}-player random games/s (uniform steps)", figure(players, "games_per_s"), compare=players == 3
        )
        extras[f"steps_per_game_{players}p"] = BenchMeasure(
            f"steps per random {players}-player game", figure(players, "steps_per_game")
        )
        extras[f"legal_actions_us_{players}p"] = BenchMeasure(
            f"legal_actions() in random {players}-player games, µs", figure(players, "us_per_legal_actions")
        )
    return extras
