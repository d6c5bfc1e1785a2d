"""Ur's endgame for the tree search: near the end, leaves are played out to the real end and scored exactly.

Many search games tie for the top score, and the tie-break is the cubes on the grid (§10.5), so near
the end the softmax evaluation (``heuristics.win_chances``) is blind to what decides the game. Once
the end is near (``near_end``: the fifth ziggurat is built or one is left, or few empty tiles remain
for the exchange, §9), ``UrSearchRules.evaluate`` plays every leaf out with a fast policy
(``endgame_step``) until the game ends and scores the final standings exactly, ties split; the search
above it weighs the turns, so it sees e.g. a two-cube turn that wins the tie-break instead of a claim. Only in games of at most
``MAX_PLAYERS`` (3): with 4 players every variant measured weaker.

A game can also stall: with three players the spare keeps the exchange possible on a full grid, and the
rules (§9.3) have no other end but the fifth ziggurat. A rollout that does not reach the end within
``ROLLOUT_ROUNDS`` rounds counts a stall against the leader (``STALL_SHARE``), so a leading search bot
prefers a line that ends the game (a ziggurat) — when one exists: on a full grid with every supply
spent, none does.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from tigris_widget.games.ur.bots.heuristics import (
    TEMPERATURE,
    UrBotRules,
    finish_step,
    finish_turn,
    margin,
    playout_step,
    settled_chances,
    standings,
    win_chances,
)
from tigris_widget.games.ur.engine import Step, UrState, apply_unchecked, legal_actions
from tigris_widget.games.ur.engine.state import PH_OVER, PH_TURN

ROLLOUT_ROUNDS = 3
"""Rounds a rollout plays at most before it is judged by the evaluation (a stalled game never ends)."""
STALL_SHARE = 0.5
"""What is left of the leader's value when a rollout ends in a stall on a full grid."""
EMPTY_PER_SEAT = 2
"""The end is near when at most this many empty tiles per seat remain (each turn may claim one, and the
game ends when a player finds no tile to exchange, §9.1)."""
GREEDY_MODEL = False
"""Rollouts begin each turn as the greedy bot would (``model_step``, slower) instead of by the cheap
``playout_step``; measured no better (docs/results/ur-bots.md, round 3)."""
SOFT_WEIGHT = 0.0
"""Part of a finished rollout's value taken from the points (the softmax of ``win_chances`` over the
final standings) rather than the exact win share: a seat that cannot win any line still plays for points
(with exact shares alone every losing line is worth 0). 0.25 measured no better with 4 players (round 3)."""
CHANCE_WIDTH = 0
"""The search models each other seat as the greedy bot: 0, its first best turn; k > 0, step by step at random
among up to k of the steps the greedy reading ties for best (``bots.generic.TurnSearchRules``)."""
EXPLORATION = 0.15
"""The tree search's exploration constant for Ur (values drawn from the modelled ties are noisy: more
exploration keeps a one-off bad draw from burying a move)."""
MAX_PLAYERS = 3
LAST_ROUND = False
"""With more than ``MAX_PLAYERS`` seats, leaves with at most one empty tile per seat left (the last round
of claims) are played to the end by the greedy model and scored exactly (``last_round_values``)."""
"""The search uses the endgame rollouts in games of at most this many players: with 3 they raised the
win rate, with 4 every variant measured lowered it (docs/results/ur-bots.md, round 3)."""


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


def greedy_first_step(s: UrState, steps: Sequence[Step]) -> Step:
    """The greedy bot's reading of a turn's first step: the one after which, the turn completed by
    ``finish_turn``, the mover leads the best other seat by most (the first such)."""
    p = s.active
    best, best_value = steps[0], -math.inf
    for st in steps:
        after = s.clone()
        apply_unchecked(after, st)
        finish_turn(after)
        value = margin(after, p)
        if value > best_value:
            best, best_value = st, value
    return best


def model_step(s: UrState, steps: Sequence[Step], rng: random.Random) -> Step:
    """The rollout policy when ``GREEDY_MODEL``: each turn begun as the greedy bot would (its opponents
    in tournaments), then ``endgame_step``'s completion (the optional extra cube, the best exchange)."""
    if s.phase == PH_TURN and not s.locked and not s.started and len(steps) > 1:
        if s.zig_left > 0 and empty_cells(s) == 0:
            push = _push_step(s, steps)
            if push is not None:
                return push
        return greedy_first_step(s, steps)
    return endgame_step(s, steps, rng)


def soft_chances(s: UrState) -> list[float]:
    """The softmax of the seats' standings (``heuristics.standings``), also for a finished game."""
    u = standings(s)
    top = max(u)
    e = [math.exp((x - top) / TEMPERATURE) for x in u]
    total = sum(e)
    return [x / total for x in e]


def rollout_values(s: UrState, rounds: int = ROLLOUT_ROUNDS) -> list[float]:
    """Every seat's value after playing ``s`` (changed in place) out with ``endgame_step``: exact win
    shares (with ``SOFT_WEIGHT`` of points) if the game ends within ``rounds`` rounds, else the evaluation, the leader's cut if stalled."""
    policy = model_step if GREEDY_MODEL else endgame_step
    rng = random.Random(s.turns)  # deterministic: the same leaf gets the same rollout
    limit = s.turns + rounds * s.n
    while s.phase != PH_OVER and s.turns < limit:
        apply_unchecked(s, policy(s, legal_actions(s), rng))
    if s.phase == PH_OVER:
        exact = win_chances(s)
        soft = soft_chances(s)
        return [(1 - SOFT_WEIGHT) * e + SOFT_WEIGHT * f for e, f in zip(exact, soft, strict=True)]
    values = settled_chances(s)
    if empty_cells(s) == 0:
        leader = max(range(s.n), key=values.__getitem__)
        values[leader] *= STALL_SHARE
    return values


def greedy_step(s: UrState, steps: Sequence[Step], rng: random.Random) -> Step:
    """The greedy bot's step: the one after which, the turn completed by ``finish_turn``, the mover
    leads the best other seat by most — at random among equals, as the greedy bot draws (a further
    attack only when no other step is as good)."""
    if len(steps) == 1:
        return steps[0]
    p = s.active
    best: list[Step] = []
    best_value = -math.inf
    for st in steps:
        after = s.clone()
        apply_unchecked(after, st)
        finish_turn(after)
        value = margin(after, p) - (1e-6 if st.kind == "attack" else 0.0)
        if value > best_value + 1e-9:
            best, best_value = [st], value
        elif value > best_value - 1e-9:
            best.append(st)
    return best[0] if len(best) == 1 else rng.choice(best)


MODEL_TURNS = 60
"""Turns a model rollout plays at most: a three-player game can go round a full grid for ever (§9.3),
and the longest finished games between greedy bots last about 60 turns from the start."""
MODEL_RESTLESS = 8
"""Further attacks a seat makes in one turn of a model rollout, as the greedy bot (``bots.generic``)."""


def model_rollout(s: UrState, seed: int) -> list[float]:
    """Every seat's value after playing ``s`` (changed in place) to the end with every seat played as the
    greedy bot plays (``greedy_step``: its random tie-breaks drawn from ``seed``, its further attacks
    limited as the bot limits them): the exact win shares, the §10.5 tie-break included; a game still
    going after ``MODEL_TURNS`` turns is judged by ``settled_chances``."""
    rng = random.Random(seed)
    limit = s.turns + MODEL_TURNS
    line, active, restless = s.line, s.active, 0
    while s.phase != PH_OVER and s.turns < limit:
        steps = legal_actions(s)
        if s.line != line or s.active != active:
            line, active, restless = s.line, s.active, 0
        if restless >= MODEL_RESTLESS:
            calm = [st for st in steps if st.kind != "attack"]
            if calm:
                steps = calm
        step = greedy_step(s, steps, rng)
        if step.kind == "attack":
            restless += 1
        apply_unchecked(s, step)
    return win_chances(s) if s.phase == PH_OVER else settled_chances(s)


def last_round_values(s: UrState) -> list[float]:
    """``model_rollout`` of a last-round leaf ``s`` (changed in place), its ties drawn from a seed made of
    the position: the same leaf gets the same rollout, and different leaves of one turn do not all draw
    the same ties (a tuple of ints hashes the same in every process)."""
    return model_rollout(s, hash((tuple(s.owner), tuple(s.face), tuple(s.cubes), tuple(s.hands), s.turns, s.phase)))


class UrSearchRules(UrBotRules):
    """``UrBotRules`` whose evaluation plays leaves out to the end once the end is near (``near_end``)
    in games of at most ``max_players``; before that, and for the greedy bot (which reads only
    ``margin``), nothing changes."""

    def __init__(
        self, max_players: int = MAX_PLAYERS, chance_width: int = CHANCE_WIDTH, last_round: bool = LAST_ROUND
    ) -> None:
        self.max_players = max_players
        self.chance_width = chance_width
        """The search's model of the other seats (``bots.generic.TurnSearchRules.chance_width``)."""
        self.exploration = EXPLORATION
        """The search's exploration constant (``bots.generic.TreeSearchBot``)."""
        self.last_round = last_round
        """In larger games, leaves of the last round are played out by the greedy model (``last_round_values``)."""

    def evaluate(self, state: UrState) -> list[float]:
        if state.n <= self.max_players:
            if near_end(state):
                return rollout_values(state.clone())
        elif self.last_round and state.phase != PH_OVER and empty_cells(state) <= state.n:
            return last_round_values(state.clone())
        return settled_chances(state)

    def search_every_step(self, state: UrState) -> bool:
        """``core.protocol.RolloutHook``: the rollout search weighs every step of its turns with 4 players
        (the exchange and the allocations too: 53 % of the wins against three greedy bots, against 42 %
        with first steps only, on the same 60 deals), the first step of each turn with fewer (3-player
        games last three times as long, and first steps alone took 76 % against two greedy bots)."""
        return state.n >= 4

    def rollout(self, state: UrState, seed: int) -> list[float]:
        """``core.protocol.RolloutHook``: ``state`` (changed in place) played to the end by the greedy
        model of every seat (``model_rollout``)."""
        return model_rollout(state, seed)


SEARCH_RULES = UrSearchRules()
