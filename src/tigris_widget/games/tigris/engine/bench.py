"""Speed of the T&E engine itself (``python -m tigris_widget bench``, ``bench --compare``): playouts with
the fast policy and uniform over the whole legal list, ``legal_actions``, ``clone`` and the trusted
``apply``. Every function takes the ``clock`` to time with (wall time, or CPU time on a shared machine)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import partial

from tigris_widget.games.tigris.engine.core.setup import GameSetup
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import D_OVER
from tigris_widget.games.tigris.engine.rules.deal import deal
from tigris_widget.games.tigris.engine.rules.legal import legal_actions
from tigris_widget.games.tigris.engine.rules.playout import playout, random_action
from tigris_widget.games.tigris.engine.rules.turn import apply_unchecked

Clock = Callable[[], float]


def per_call(fn: Callable[[], object], min_seconds: float = 0.3, clock: Clock = time.perf_counter) -> float:
    """Seconds per call of ``fn``, best of three batches of at least ``min_seconds / 3`` each."""
    n = 1
    while True:
        start = clock()
        for _ in range(n):
            fn()
        elapsed = clock() - start
        if elapsed > min_seconds / 3:
            break
        n *= 2
    best = elapsed / n
    for _ in range(2):
        start = clock()
        for _ in range(n):
            fn()
        best = min(best, (clock() - start) / n)
    return best


def mid_game_state(seed: int = 3, actions: int = 70) -> GameState:
    """A reproducible mid-game position: ``actions`` random-policy actions into a 2-player game."""
    s = deal(GameSetup(players=2), seed)
    rng = random.Random(seed)
    for _ in range(actions):
        apply_unchecked(s, random_action(s, rng))
    return s


def playouts_per_second(seconds: float, players: int = 2, clock: Clock = time.perf_counter) -> tuple[float, float]:
    """Complete games per second with the fast playout policy on one core, and actions per game."""
    games = actions = 0
    start = clock()
    while clock() - start < seconds or games == 0:
        s = deal(GameSetup(players=players), games)
        actions += playout(s, random.Random(games))
        games += 1
    return games / (clock() - start), actions / games


def uniform_games_per_second(seconds: float, clock: Clock = time.perf_counter) -> float:
    """Complete 2-player games per second choosing uniformly from the whole ``legal_actions`` list."""
    games = 0
    start = clock()
    while clock() - start < seconds or games == 0:
        s = deal(GameSetup(players=2), games)
        rng = random.Random(games)
        while s.phase != D_OVER:
            choices = legal_actions(s)
            apply_unchecked(s, choices[rng.randrange(len(choices))])
        games += 1
    return games / (clock() - start)


def legal_actions_us(state: GameState, seconds: float = 0.3, clock: Clock = time.perf_counter) -> float:
    """Microseconds per ``legal_actions(state)``."""
    return per_call(partial(legal_actions, state), seconds, clock) * 1e6


def clone_us(state: GameState, seconds: float = 0.3, clock: Clock = time.perf_counter) -> float:
    """Microseconds per ``state.clone()``."""
    return per_call(state.clone, seconds, clock) * 1e6


def apply_unchecked_us(state: GameState, seconds: float = 0.3, clock: Clock = time.perf_counter) -> float:
    """Microseconds per trusted ``apply_unchecked`` of a random-policy action at ``state`` (the clone
    each call needs is timed apart and taken off)."""
    action = random_action(state, random.Random(5))
    copy_and_apply = per_call(lambda: apply_unchecked(state.clone(), action), seconds, clock)
    return (copy_and_apply - per_call(state.clone, seconds, clock)) * 1e6
