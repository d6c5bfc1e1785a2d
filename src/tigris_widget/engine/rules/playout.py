"""Fast random playouts for search and benchmarks (a policy, not uniform over legal actions).

Generating every legal action costs a few hundred microseconds; a playout instead samples an
action type, then a target, and checks only that target. Commitments are uniform over 0..hand.
The policy mostly places tiles (as real games do) and rarely swaps, catastrophes or passes.
"""

from __future__ import annotations

import random

from tigris_widget.engine.core.actions import (
    CATASTROPHE_ACTIONS,
    COMMIT_ACTIONS,
    MOVE_LEADER_ACTIONS,
    PASS_ACTION,
    PLACE_LEADER_ACTIONS,
    SWAP_ACTIONS,
    TILE_ACTIONS,
    Action,
)
from tigris_widget.engine.core.board import ALL, dilate, squares
from tigris_widget.engine.core.regions import kingdoms_touching
from tigris_widget.engine.core.state import GameState
from tigris_widget.engine.core.types import (
    BLUE,
    COMMIT_PHASES,
    D_ACTION,
    D_OVER,
    RED,
)
from tigris_widget.engine.rules.legal import legal_actions, why_illegal
from tigris_widget.engine.rules.turn import apply_unchecked


def _tile_action(s: GameState, rng: random.Random) -> Action | None:
    base = s.active * 4
    hand = s.hands[base : base + 4]
    total = sum(hand)
    if not total:
        return None
    pick = rng.randrange(total)
    colour = 0
    while pick >= hand[colour]:
        pick -= hand[colour]
        colour += 1
    empty = ALL & ~(s.occupied | s.catastrophes)
    options = squares(empty & (s.map.river if colour == BLUE else s.map.land))
    for _ in range(8):
        q = rng.choice(options)
        if kingdoms_touching(s, q) < 3:
            return TILE_ACTIONS[colour][q]
    return None


def _leader_action(s: GameState, rng: random.Random) -> Action | None:
    colour = rng.randrange(4)
    source = s.leaders[s.active * 4 + colour]
    empty = ALL & ~(s.occupied | s.catastrophes)
    options = squares(empty & s.map.land & dilate(s.tiles[RED]))
    if not options:
        return None
    for _ in range(4):
        q = rng.choice(options)
        if source < 0:
            if kingdoms_touching(s, q) < 2:
                return PLACE_LEADER_ACTIONS[colour][q]
        elif why_illegal(s, MOVE_LEADER_ACTIONS[colour][q]) is None:
            # Lifting a leader can split its kingdom in two, so moves get the full check.
            return MOVE_LEADER_ACTIONS[colour][q]
    return None


def random_action(s: GameState, rng: random.Random) -> Action:
    """A random legal action under the playout policy."""
    phase = s.phase
    if phase in COMMIT_PHASES:
        conflict = s.conflict
        assert conflict is not None
        return COMMIT_ACTIONS[rng.randrange(s.hands[s.decider * 4 + conflict.colour] + 1)]
    if phase != D_ACTION:
        return rng.choice(legal_actions(s))
    roll = rng.random()
    action = None
    if roll < 0.72:
        action = _tile_action(s, rng)
    elif roll < 0.92:
        action = _leader_action(s, rng)
    elif roll < 0.96:
        base = s.active * 4
        pool = [c for c in range(4) for _ in range(s.hands[base + c])]
        if pool:
            counts = [0, 0, 0, 0]
            for c in rng.sample(pool, rng.randint(1, min(3, len(pool)))):
                counts[c] += 1
            action = SWAP_ACTIONS[(counts[0], counts[1], counts[2], counts[3])]
    elif roll < 0.98:
        if s.catastrophes_left[s.active]:
            blocked = s.treasures | s.leader_mask | s.down | s.ziggurat | s.catastrophes | s.building_squares
            action = CATASTROPHE_ACTIONS[rng.choice(squares(ALL & ~blocked))]
    else:
        action = PASS_ACTION
    if action is None:
        action = rng.choice(legal_actions(s))
    return action


def playout(s: GameState, rng: random.Random, max_actions: int = 10_000) -> int:
    """Play ``s`` to the end in place with the random policy; return the number of actions."""
    n = 0
    while s.phase != D_OVER and n < max_actions:
        apply_unchecked(s, random_action(s, rng))
        n += 1
    return n
