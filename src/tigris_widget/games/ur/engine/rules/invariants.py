"""The invariants I1-I5 of §3."""

from __future__ import annotations

from tigris_widget.games.ur.engine.board import PAIR_INDEX, cell_name
from tigris_widget.games.ur.engine.state import UrState


def invariant_problems(s: UrState) -> list[str]:
    """I1-I5 of §3 (empty when all hold)."""
    out = []
    grid = [0] * s.n
    zigs = 0
    pairs = [0] * 10
    for c in range(36):
        o, k = s.owner[c], s.cubes[c]
        if s.face[c] == s.back[c] or not (0 <= s.face[c] < 5 and 0 <= s.back[c] < 5):
            out.append(f"I3: {cell_name(c)} has no valid pair")
            continue
        pairs[PAIR_INDEX[s.face[c]][s.back[c]]] += 1
        if (o < 0) != (k == 0) or not 0 <= k <= 5 or o >= s.n:
            out.append(f"I1: {cell_name(c)} holds {k} cubes of owner {o}")
        if s.zig[c]:
            zigs += 1
            if k != 1 or o < 0:
                out.append(f"I4: the ziggurat {cell_name(c)} holds {k} cubes")
        if 0 <= o < s.n:
            grid[o] += k
    for p in range(s.n):
        if grid[p] != s.on_grid[p] or grid[p] > 20:
            out.append(f"I2: P{p} has {grid[p]} cubes on the grid, counted {s.on_grid[p]}")
    for h in s.hands + s.spares:
        pairs[h] += 1
    if pairs != [4] * 10:
        out.append(f"I3: pair counts {pairs}")
    if zigs + s.zig_left != 5:
        out.append(f"I4: {zigs} ziggurats on the grid and {s.zig_left} left")
    if len(s.hands) != s.n or len(s.spares) != 4 - s.n:
        out.append("I5: hands and spares do not match the players")
    return out
