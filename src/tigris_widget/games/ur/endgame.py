"""Ur's endgame for the tree search: near the end, leaves are played out to the real end and scored exactly.

Most search games tie for the top score, and the tie-break is the cubes on the grid (§10.5), so near
the end the softmax evaluation (``heuristics.win_chances``) is blind to what decides the game. Once
the end is near (``near_end``: the fifth ziggurat is built or one is left, or few empty tiles remain
for the exchange, §9), ``UrSearchRules.evaluate`` plays every leaf out with a fast policy
(``endgame_step``) until the game ends and scores the final standings exactly, ties split; the search
above it weighs the turns, so it sees e.g. a two-cube turn that wins the tie-break instead of a claim.

A game can also stall: with three players the spare keeps the exchange possible on a full grid, and the
rules (§9.3) have no other end but the fifth ziggurat. A rollout that does not reach the end within
``ROLLOUT_TURNS`` rounds counts a stall against the leader (``STALL_SHARE``), so a leading search bot
drives the game to its end (ziggurats) instead of waiting for the runner's cap.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tigris_widget.games.ur.engine import Step, UrState, apply_unchecked, legal_actions
from tigris_widget.games.ur.engine.state import PH_OVER, PH_TURN
from tigris_widget.games.ur.heuristics import UrBotRules, finish_step, playout_step, settled_chances, win_chances

ROLLOUT_ROUNDS = 3
"""Rounds a rollout plays at most before it is judged by the evaluation (a stalled game never ends)."""
STALL_SHARE = 0.5
"""What is left of the leader's value when a rollout ends in a stall on a full grid."""
EMPTY_PER_SEAT = 2
"""The end is near when at most this many empty tiles per seat remain (each turn may claim one)."""


def empty_cells(s: UrState) -> int:
    """Grid tiles without cubes or ziggurat: the exchange targets and claims left (§8.2)."""
    owner, zig = s.owner, s.zig
    return sum(1 for c in range(36) if owner[c] < 0 and not zig[c])


def near_end(s: UrState) -> bool:
    """Whether the game is close enough to its end (§9) for rollouts to the end to pay."""
    return s.phase != PH_OVER and (s.zig_left <= 1 or empty_cells(s) <= EMPTY_PER_SEAT * s.n)


def _push_step(s: UrState, steps: Sequence[Step]) -> Step | None:
    """On a full grid only a ziggurat moves the game towards its end (§9.2): build one, or fill a tile."""
    p = s.active
    builds = [st for st in steps if st.kind == "zig"]
    if builds:
        return builds[-1]  # two at once when allowed: legal_actions lists pairs after single builds
    best: Step | None = None
    best_cubes = -1
    for st in steps:
        if st.kind == "cube" and st.n == 2 and s.owner[st.a] == p and s.cubes[st.a] > best_cubes:
            best, best_cubes = st, s.cubes[st.a]
    return best


def endgame_step(s: UrState, steps: Sequence[Step], rng: random.Random) -> Step:
    """The rollout policy near the end: ``playout_step`` at the start of a turn (the best claim or
    ziggurat, else two cubes on an own tile) — on a full grid a ziggurat or cubes towards one — and the
    optional extra cube after an action (§6.1: every cube may break a tie), then ``finish_step``."""
    if s.phase == PH_TURN and not s.locked:
        if not s.started:
            if s.zig_left > 0 and empty_cells(s) == 0:
                push = _push_step(s, steps)
                if push is not None:
                    return push
            return playout_step(s, steps, rng)
        for st in steps:
            if st.kind == "cube" and s.owner[st.a] == s.active:
                return st
    return finish_step(s, steps)


def rollout_values(s: UrState, rounds: int = ROLLOUT_ROUNDS) -> list[float]:
    """Every seat's value after playing ``s`` (changed in place) out with ``endgame_step``: exact win
    shares if the game ends within ``rounds`` rounds, else the evaluation, the leader's cut if stalled."""
    rng = random.Random(s.turns)  # deterministic: the same leaf gets the same rollout
    limit = s.turns + rounds * s.n
    while s.phase != PH_OVER and s.turns < limit:
        apply_unchecked(s, endgame_step(s, legal_actions(s), rng))
    if s.phase == PH_OVER:
        return win_chances(s)
    values = settled_chances(s)
    if empty_cells(s) == 0:
        leader = max(range(s.n), key=values.__getitem__)
        values[leader] *= STALL_SHARE
    return values


class UrSearchRules(UrBotRules):
    """``UrBotRules`` whose evaluation plays leaves out to the end once the end is near (``near_end``);
    before that, and for the greedy bot (which reads only ``margin``), nothing changes."""

    def evaluate(self, state: UrState) -> list[float]:
        if near_end(state):
            return rollout_values(state.clone())
        return settled_chances(state)


SEARCH_RULES = UrSearchRules()
