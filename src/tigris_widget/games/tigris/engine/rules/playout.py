"""Fast random playouts for search and benchmarks (a policy, not uniform over legal actions).

Generating every legal action costs a few hundred microseconds; a playout instead samples an
action type, then a target among the squares ``legal.open_for_*`` allow, and checks only that target
(``legal_view.is_legal_fast``); when that fails it draws from all legal actions
(``legal_view.LegalActions``). Commitments are uniform over 0..hand.
The policy mostly places tiles (as real games do) and rarely swaps, catastrophes or passes.
"""

from __future__ import annotations

import random

from tigris_widget.games.tigris.engine.core.actions import (
    CATASTROPHE_ACTIONS,
    COMMIT_ACTIONS,
    MOVE_LEADER_ACTIONS,
    PASS_ACTION,
    PLACE_LEADER_ACTIONS,
    SWAP_ACTIONS,
    TILE_ACTIONS,
    Action,
)
from tigris_widget.games.tigris.engine.core.board import NEIGHBOURS
from tigris_widget.games.tigris.engine.core.regions import kingdoms_touching
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import COMMIT_PHASES, D_ACTION, D_OVER
from tigris_widget.games.tigris.engine.rules.draws import nth_square, randbelow
from tigris_widget.games.tigris.engine.rules.legal import open_for_catastrophe, open_for_leader, open_for_tile
from tigris_widget.games.tigris.engine.rules.legal_view import LegalActions, is_legal_fast
from tigris_widget.games.tigris.engine.rules.turn import apply_unchecked


def _tile_action(s: GameState, rng: random.Random) -> Action | None:
    base = s.active * 4
    hand = s.hands[base : base + 4]
    total = sum(hand)
    if not total:
        return None
    pick = randbelow(rng, total)
    colour = 0
    while pick >= hand[colour]:
        pick -= hand[colour]
        colour += 1
    occupied = s.occupied
    options = open_for_tile(s, colour, occupied)
    n = options.bit_count()
    if not n:
        return None
    row = TILE_ACTIONS[colour]
    for _ in range(8):
        q = nth_square(options, randbelow(rng, n))
        # ``is_legal_fast`` less what the draw already ensures (a tile of the colour in hand, an open
        # square): only §6.2 T4, no tile touching three kingdoms — which needs three occupied neighbours
        if (NEIGHBOURS[q] & occupied).bit_count() < 3 or kingdoms_touching(s, q) < 3:
            return row[q]
    return None


def _leader_action(s: GameState, rng: random.Random) -> Action | None:
    colour = randbelow(rng, 4)
    on_board = s.leaders[s.active * 4 + colour] >= 0
    occupied = s.occupied
    options = open_for_leader(s, occupied)
    n = options.bit_count()
    if not n:
        return None
    row = (MOVE_LEADER_ACTIONS if on_board else PLACE_LEADER_ACTIONS)[colour]
    for _ in range(4):
        q = nth_square(options, randbelow(rng, n))
        if on_board:
            if is_legal_fast(s, row[q]):
                return row[q]
        # placing: only §6.1 L4 is left to check (as for tiles above; two kingdoms need two occupied neighbours)
        elif (NEIGHBOURS[q] & occupied).bit_count() < 2 or kingdoms_touching(s, q) < 2:
            return row[q]
    return None


def random_action(s: GameState, rng: random.Random) -> Action:
    """A random legal action under the playout policy."""
    phase = s.phase
    if phase in COMMIT_PHASES:
        conflict = s.conflict
        assert conflict is not None
        return COMMIT_ACTIONS[randbelow(rng, s.hands[s.decider * 4 + conflict.colour] + 1)]
    if phase != D_ACTION:
        return LegalActions(s).sample(rng)
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
            options = open_for_catastrophe(s)
            action = CATASTROPHE_ACTIONS[nth_square(options, randbelow(rng, options.bit_count()))]
    else:
        action = PASS_ACTION
    if action is None:
        action = LegalActions(s).sample(rng)
    return action


def playout(s: GameState, rng: random.Random, max_actions: int = 10_000) -> int:
    """Play ``s`` to the end in place with the random policy; return the number of actions."""
    n = 0
    while s.phase != D_OVER and n < max_actions:
        apply_unchecked(s, random_action(s, rng))
        n += 1
    return n
