"""Checks of the rules' invariants (rules §3 tile conservation, §4 I1–I5) and of internal consistency.

Used by the test-suite after every action of many random games; cheap enough for debugging too.
"""

from __future__ import annotations

from tigris_widget.games.tigris.engine.core.board import NEIGHBOURS, components
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import BLUE, D_ACTION, GREEN, RED, TOTAL_TILES


def problems(s: GameState) -> list[str]:
    """Every broken invariant, in words (empty when the state is sound)."""
    found = []
    pieces = [*s.tiles, s.down, s.catastrophes, s.leader_mask, s.ziggurat]
    union = 0
    for mask in pieces:
        if union & mask:
            found.append("two pieces share a square")
        union |= mask
    total = len(s.bag) + sum(s.hands) + s.face_up.bit_count() + s.down.bit_count() + sum(s.out_public) + sum(s.discards)
    if total != TOTAL_TILES:
        found.append(f"tile conservation: {total} tiles accounted for, not {TOTAL_TILES}")
    if min(s.hands) < 0 or min(s.vp) < 0:
        found.append("negative hand or VP count")
    mask = 0
    for q in s.leaders:
        if q >= 0:
            mask |= 1 << q
            if not NEIGHBOURS[q] & s.tiles[RED]:
                found.append(f"I1: leader on {q} has no adjacent temple")
    if mask != s.leader_mask:
        found.append("leader mask out of date")
    if sorted(s.regions) != sorted(components(s.occupied)):
        found.append("regions out of date")
    if s.tiles[BLUE] & s.map.land or (s.tiles[0] | s.tiles[RED] | s.tiles[GREEN] | s.leader_mask) & s.map.river:
        found.append("a piece stands on the wrong terrain")
    if not s.treasures and not s.over:
        found.append("I3: no treasure on the board")
    if s.treasures & ~(s.tiles[RED] | s.down | s.ziggurat) or s.treasures & ~s.map.start_temples:
        found.append("a treasure is off its starting temple")
    if s.phase == D_ACTION:
        for r in s.regions:
            for c in range(4):
                here = sum(1 for p in range(s.players) if s.leaders[p * 4 + c] >= 0 and r >> s.leaders[p * 4 + c] & 1)
                if here > 1:
                    found.append(f"I2: a kingdom holds {here} leaders of colour {c}")
        if s.actions_left == 2 and not s.bag_ran_out:
            for p in range(s.players):
                if s.hand_size(p) != 6:
                    found.append(f"I5: seat {p} holds {s.hand_size(p)} tiles at the start of a turn")
    return found
