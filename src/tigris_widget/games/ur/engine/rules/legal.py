"""The legal steps of the pending decision (§12.1), built in sorted order."""

from __future__ import annotations

from typing import Final

from tigris_widget.games.ur.engine.board import NEIGHBOURS, PAIRS, A, C, P, T, W
from tigris_widget.games.ur.engine.rules.actions import WORD
from tigris_widget.games.ur.engine.rules.allocation import allocation_range
from tigris_widget.games.ur.engine.rules.exchange import EXCHANGE_STEPS, HAND_SIDES, grid_exchanges, spare_exchanges
from tigris_widget.games.ur.engine.state import (
    CUBE_NONE,
    CUBE_OPEN,
    PH_AGRI,
    PH_CULTURE,
    PH_INITIAL,
    PH_MOVE,
    PH_OVER,
    PH_PLACE,
    PH_POLITICS,
    PH_RESTART,
    PH_TRADE,
    UrState,
)
from tigris_widget.games.ur.engine.steps import Step

# Every step a legal list can hold, built once: the lists share these immutable values.
_PLACE: Final = tuple(Step("place", c) for c in range(36))
_RESTART: Final = tuple(Step("restart", c) for c in range(36))
_CUBE1: Final = tuple(Step("cube", c, n=1) for c in range(36))
_CUBE2: Final = tuple(Step("cube", c, n=2) for c in range(36))
_ADD: Final = tuple(tuple(Step("add", c, n=k) for k in range(6)) for c in range(36))
_SET: Final = tuple(tuple(Step("set", c, n=k) for k in range(6)) for c in range(36))
_MOVE: Final = tuple(Step("move", n=m) for m in range(6))
_ATTACK: Final = tuple(tuple(Step("attack", a, t) for t in NEIGHBOURS[a]) for a in range(36))
_WORD_STEP: Final = tuple(Step(w) for w in WORD)
_ZIG: Final = tuple(Step("zig", c) for c in range(36))
_ZIG_PAIR: Final = tuple(tuple(Step("zig", c, d) for d in range(36)) for c in range(36))
"""``_ZIG_PAIR[c][d]``: two ziggurats at once (used with ``c < d``)."""
_END: Final = Step("end")
_KEEP: Final = Step("keep")


def can_act(s: UrState) -> bool:
    n = len(s.acts)
    return not s.locked and n < 2 and (s.cube_state == CUBE_NONE or (s.cube_state == CUBE_OPEN and n == 0))


def five_cube_tiles(s: UrState, p: int) -> list[int]:
    return [c for c in range(36) if s.owner[c] == p and not s.zig[c] and s.cubes[c] == 5]


def legal_actions(s: UrState) -> list[Step]:
    """Every legal step for the pending decision, in sorted order (built in that order, not sorted);
    [] once the game is over."""
    ph = s.phase
    p = s.decider
    out: list[Step] = []
    if ph == PH_OVER:
        return out
    owner = s.owner
    if ph == PH_PLACE:
        first = s.setup_step < s.n
        for c in range(36):
            if owner[c] < 0:
                if first or any(owner[m] == p for m in NEIGHBOURS[c]):
                    out.append(_PLACE[c])
            elif owner[c] == p and not first:
                out.append(_PLACE[c])
        return out
    if ph == PH_INITIAL:
        out = grid_exchanges(s, p)
        out.append(_KEEP)
        return out + spare_exchanges(s, p)
    if ph == PH_RESTART:
        return [_RESTART[c] for c in range(36) if owner[c] < 0]
    if ph in (PH_AGRI, PH_TRADE, PH_CULTURE):
        lo, hi = allocation_range(s)
        return list(_ADD[s.queue[0]][lo : hi + 1])
    if ph == PH_POLITICS:
        lo, hi = allocation_range(s)
        return list(_SET[s.queue[0]][lo : hi + 1])
    if ph == PH_MOVE:
        return list(_MOVE[1 : s.cubes[s.war_a] + 1])
    return _turn_steps(s, p)


def _turn_steps(s: UrState, p: int) -> list[Step]:
    """The steps of ``PH_TURN`` in the sorted order of their kinds:
    agri < attack < cube < culture < end < exchange < politics < spare < trade < zig.

    One pass over the grid reads each cell once and fills the cell-based kinds (attacks straight into
    the result, as nothing cell-based precedes them); this is the playouts' hottest loop."""
    spare = spare_exchanges(s, p)
    if s.locked:
        grid = grid_exchanges(s, p)
        return grid + spare if grid or spare else [_END]
    h = s.hands[p]
    k1, k2 = PAIRS[h]
    s1, s2 = HAND_SIDES[h]
    # the hand's actions not yet performed, as bits of the kinds (empty when no action may follow)
    actions = 0
    if can_act(s):
        actions = (1 << k1) | (1 << k2)
        for done in s.acts:
            actions &= ~(1 << done)
    out: list[Step] = []
    if actions & (1 << A):
        out.append(_WORD_STEP[A])
    attacks_open = s.in_war or actions & (1 << W) != 0
    supply = s.supply(p)
    cubes_open = s.cube_state == CUBE_NONE and len(s.acts) < 2 and supply > 0
    on_empty = cubes_open and not s.acts
    two = on_empty and supply >= 2
    zigs_open = not s.started and s.zig_left > 0
    discount = s.opts.war_tile_discount
    owner, cubes, zig, face = s.owner, s.cubes, s.zig, s.face
    cube_steps: list[Step] = []
    exchanges: list[Step] = []
    five: list[int] = []
    # zip and enumerate compile to unchecked reads of the lists: cheaper than indexing each one
    for c, (o, f, b) in enumerate(zip(owner, face, s.back)):
        if o < 0:
            if on_empty:
                cube_steps.append(_CUBE1[c])
            if not ((f == k1 and b == k2) or (f == k2 and b == k1)):  # not a tile of the hand's pair
                row = EXCHANGE_STEPS[c]
                exchanges.append(row[s1])
                exchanges.append(row[s2])
        elif o == p and not zig[c]:
            have = cubes[c]
            if attacks_open:
                free = discount and f == W
                for i, t in enumerate(NEIGHBOURS[c]):
                    if zig[t] or owner[t] == p:
                        continue
                    if have > cubes[t] + (0 if free or f == face[t] else 1):
                        out.append(_ATTACK[c][i])
            if cubes_open:
                if have < 5:
                    cube_steps.append(_CUBE1[c])
                if two and have <= 3:
                    cube_steps.append(_CUBE2[c])
            if zigs_open and have == 5:
                five.append(c)
    out += cube_steps
    if actions & (1 << C):
        out.append(_WORD_STEP[C])
    if not exchanges and not spare:
        out.append(_END)
    out += exchanges
    if actions & (1 << P):
        out.append(_WORD_STEP[P])
    out += spare
    if actions & (1 << T):
        out.append(_WORD_STEP[T])
    if five:
        pairs = s.zig_left >= 2
        for i, c in enumerate(five):
            out.append(_ZIG[c])
            if pairs:
                row = _ZIG_PAIR[c]
                for d in five[i + 1 :]:
                    out.append(row[d])
    return out
