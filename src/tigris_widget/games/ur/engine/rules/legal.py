"""The legal steps of the pending decision (§12.1), built in sorted order."""

from __future__ import annotations

from typing import Final

from tigris_widget.games.ur.engine.board import NEIGHBOURS, PAIRS, A, C, P, T, W
from tigris_widget.games.ur.engine.rules.actions import WORD
from tigris_widget.games.ur.engine.rules.allocation import allocation_range
from tigris_widget.games.ur.engine.rules.exchange import grid_exchanges, spare_exchanges
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
_END: Final = Step("end")
_KEEP: Final = Step("keep")


def _attacks(s: UrState, p: int) -> list[Step]:
    out = []
    owner, cubes, zig, face = s.owner, s.cubes, s.zig, s.face
    discount = s.opts.war_tile_discount
    for a in range(36):
        if owner[a] != p or zig[a]:
            continue
        have = cubes[a]
        free = discount and face[a] == W
        for i, t in enumerate(NEIGHBOURS[a]):
            if zig[t] or owner[t] == p:
                continue
            if have > cubes[t] + (0 if free or face[a] == face[t] else 1):
                out.append(_ATTACK[a][i])
    return out


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
    # PH_TURN, in the sorted order of the step kinds:
    # agri < attack < cube < culture < end < exchange < politics < spare < trade < zig
    grid = grid_exchanges(s, p)
    spare = spare_exchanges(s, p)
    if s.locked:
        return grid + spare if grid or spare else [_END]
    hand = PAIRS[s.hands[p]]
    can = can_act(s)
    if can and A in hand and A not in s.acts:
        out.append(_WORD_STEP[A])
    if s.in_war or (can and W in hand and W not in s.acts):
        out += _attacks(s, p)
    supply = s.supply(p)
    if s.cube_state == CUBE_NONE and len(s.acts) < 2 and supply > 0:
        none = not s.acts
        two = none and supply >= 2
        cubes, zig = s.cubes, s.zig
        for c in range(36):
            o = owner[c]
            if o == p:
                if not zig[c]:
                    if cubes[c] < 5:
                        out.append(_CUBE1[c])
                    if two and cubes[c] <= 3:
                        out.append(_CUBE2[c])
            elif o < 0 and none:
                out.append(_CUBE1[c])
    if can and C in hand and C not in s.acts:
        out.append(_WORD_STEP[C])
    if not grid and not spare:
        out.append(_END)
    out += grid
    if can and P in hand and P not in s.acts:
        out.append(_WORD_STEP[P])
    out += spare
    if can and T in hand and T not in s.acts:
        out.append(_WORD_STEP[T])
    if not s.started and s.zig_left > 0:
        five = five_cube_tiles(s, p)
        for i, c in enumerate(five):
            out.append(Step("zig", c))
            if s.zig_left >= 2:
                for d in five[i + 1 :]:
                    out.append(Step("zig", c, d))
    return out
