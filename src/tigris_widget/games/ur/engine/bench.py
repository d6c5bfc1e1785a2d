"""Speed of the engine: uniform random playouts over the legal steps (fixed seeds)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from tigris_widget.games.ur.engine.board import generate
from tigris_widget.games.ur.engine.rules import apply_unchecked, legal_actions, new_state
from tigris_widget.games.ur.engine.state import make_options

LEGAL_SAMPLE = 16
"""One step in this many times its ``legal_actions`` call."""


def playouts(
    games: int = 200, players: int = 4, seed: int = 0, clock: Callable[[], float] = time.perf_counter
) -> dict[str, float]:
    """Play ``games`` random games; returns games/s, steps per game and µs per ``legal_actions`` call
    (the generator, clones and events are not timed apart: this is what a search bot pays). ``clock``:
    wall time by default, ``time.process_time`` for CPU time on a shared machine.

    ``legal_actions`` is timed on every ``LEGAL_SAMPLE``-th step only: ``process_time`` is a system call,
    and two reads on every step took about a fifth of a compiled run's time."""
    opts = make_options({"turnLimit": 500})
    steps = 0
    legal_time = 0.0
    legal_calls = 0
    started = clock()
    for g in range(games):
        rng = random.Random(seed + g)
        state = new_state(players, opts, generate(seed + g, players, "colour"))
        while not state.over:
            if steps % LEGAL_SAMPLE:
                choices = legal_actions(state)
            else:
                t0 = clock()
                choices = legal_actions(state)
                legal_time += clock() - t0
                legal_calls += 1
            apply_unchecked(state, choices[rng.randrange(len(choices))], None)
            steps += 1
    elapsed = clock() - started
    return {
        "games_per_s": games / elapsed,
        "steps_per_game": steps / games,
        "us_per_legal_actions": 1e6 * legal_time / legal_calls,
        "us_per_step": 1e6 * elapsed / steps,
    }
