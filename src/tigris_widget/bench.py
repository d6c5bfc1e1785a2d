"""Engine benchmarks: print numbers, never assert (the targets are in the engine issue)."""

from __future__ import annotations

import platform
import random
import time
from collections.abc import Callable
from functools import partial

from tigris_widget.engine.core.setup import GameSetup
from tigris_widget.engine.core.state import GameState
from tigris_widget.engine.rules.deal import deal
from tigris_widget.engine.rules.legal import legal_actions
from tigris_widget.engine.rules.playout import playout, random_action
from tigris_widget.engine.rules.turn import apply_unchecked
from tigris_widget.game import Game


def _per_call(fn: Callable[[], object], min_seconds: float = 0.3) -> float:
    """Seconds per call, best of three batches."""
    n = 1
    while True:
        start = time.perf_counter()
        for _ in range(n):
            fn()
        elapsed = time.perf_counter() - start
        if elapsed > min_seconds / 3:
            break
        n *= 2
    best = elapsed / n
    for _ in range(2):
        start = time.perf_counter()
        for _ in range(n):
            fn()
        best = min(best, (time.perf_counter() - start) / n)
    return best


def mid_game_state(seed: int = 3, actions: int = 70) -> GameState:
    """A reproducible mid-game position: ``actions`` random-policy actions into a 2-player game."""
    s = deal(GameSetup(players=2), seed)
    rng = random.Random(seed)
    for _ in range(actions):
        apply_unchecked(s, random_action(s, rng))
    return s


def playouts_per_second(seconds: float, players: int = 2) -> tuple[float, float]:
    """Complete random-policy games per second on one core, and actions per game."""
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = deal(GameSetup(players=players), games)
        actions += playout(s, random.Random(games))
        games += 1
    return games / (time.perf_counter() - start), actions / games


def run_benchmarks(seconds: float = 3.0) -> dict[str, float]:
    print(f"tigris_widget engine benchmark — Python {platform.python_version()} on {platform.machine()}, one core")
    results: dict[str, float] = {}
    rate, length = playouts_per_second(seconds)
    results["games_per_s"] = rate
    print(f"random 2-player games (fast playout policy): {rate:8.1f} games/s   ({length:.0f} actions per game)")
    opening = deal(GameSetup(players=2), 1)
    middle = mid_game_state()
    for label, state in (("opening", opening), ("mid-game", middle)):
        t = _per_call(partial(legal_actions, state))
        results[f"legal_{label}_us"] = t * 1e6
        print(f"legal_actions() at the {label:<8}: {t * 1e6:8.1f} µs   ({len(legal_actions(state))} actions)")
    t = _per_call(middle.clone)
    results["clone_us"] = t * 1e6
    print(f"clone() of a mid-game state:        {t * 1e6:8.2f} µs")
    rng = random.Random(5)
    action = random_action(middle, rng)

    def trusted() -> None:
        apply_unchecked(middle.clone(), action)

    t = _per_call(trusted) - results["clone_us"] / 1e6
    results["apply_unchecked_us"] = t * 1e6
    print(f"apply (trusted, {action!s:<18}): {t * 1e6:8.1f} µs")
    game = Game.from_state(middle)

    def checked() -> None:
        game.apply(action)
        game.undo()

    t = _per_call(checked)
    results["game_apply_us"] = t * 1e6
    print(f"Game.apply (validated, with events): {t * 1e6:7.1f} µs")
    return results
