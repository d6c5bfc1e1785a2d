"""T&E's own benchmark figures (``bench_extras``, ``core.protocol.BenchMeasure``): the engine's speed
(``engine.bench``) and the facade's validated ``apply``; ``python -m tigris_widget bench`` adds them to
the figures it measures for every game."""

from __future__ import annotations

import random
from collections.abc import Callable

from tigris_widget.core.protocol import BenchMeasure
from tigris_widget.games.tigris.engine import bench as engine
from tigris_widget.games.tigris.engine.core.setup import GameSetup
from tigris_widget.games.tigris.engine.rules.deal import deal
from tigris_widget.games.tigris.engine.rules.playout import random_action
from tigris_widget.games.tigris.game import Game

PER_CALL_SECONDS = 0.3
"""Time per µs-per-call figure (best of three batches): enough for a steady figure, whatever ``seconds``."""


def _game_apply_us(seconds: float, clock: Callable[[], float]) -> float:
    """Microseconds per ``Game.apply`` (validated, with events) and ``undo`` at a mid-game position."""
    state = engine.mid_game_state()
    game = Game.from_state(state)
    action = random_action(state, random.Random(5))

    def apply_and_undo() -> None:
        game.apply(action)
        game.undo()

    return engine.per_call(apply_and_undo, min(seconds, PER_CALL_SECONDS), clock) * 1e6


def bench_extras() -> dict[str, BenchMeasure]:
    """T&E's figures by JSON key; the first three are also compared pure against compiled."""

    def per_call(seconds: float) -> float:
        return min(seconds, PER_CALL_SECONDS)

    return {
        "fast_games_per_s": BenchMeasure(
            "2-player games/s, fast playout policy",
            lambda seconds, clock: engine.playouts_per_second(seconds, 2, clock)[0],
            compare=True,
        ),
        "uniform_games_per_s": BenchMeasure(
            "2-player games/s, uniform over the full legal list", engine.uniform_games_per_second, compare=True
        ),
        "legal_actions_us": BenchMeasure(
            "legal_actions() at a mid-game position, µs",
            lambda seconds, clock: engine.legal_actions_us(engine.mid_game_state(), per_call(seconds), clock),
            compare=True,
        ),
        "legal_opening_us": BenchMeasure(
            "legal_actions() at the opening, µs",
            lambda seconds, clock: engine.legal_actions_us(deal(GameSetup(players=2), 1), per_call(seconds), clock),
        ),
        "clone_us": BenchMeasure(
            "clone() of a mid-game state, µs",
            lambda seconds, clock: engine.clone_us(engine.mid_game_state(), per_call(seconds), clock),
        ),
        "apply_unchecked_us": BenchMeasure(
            "trusted apply at a mid-game state, µs",
            lambda seconds, clock: engine.apply_unchecked_us(engine.mid_game_state(), per_call(seconds), clock),
        ),
        "game_apply_us": BenchMeasure("Game.apply (validated, with events) and undo, µs", _game_apply_us),
    }
