"""Cubes on the grid: whose tile a cell is, and putting and taking cubes (a seat's supply is
``20 - on_grid``, so it follows every change here; §0.3).
"""

from __future__ import annotations

from tigris_widget.games.ur.engine.state import UrState


def own_tile(s: UrState, c: int, p: int) -> bool:
    return s.owner[c] == p and s.zig[c] == 0


def put_cubes(s: UrState, c: int, p: int, k: int) -> None:
    if k:
        s.owner[c] = p
        s.cubes[c] += k
        s.on_grid[p] += k


def take_cubes(s: UrState, c: int, k: int) -> None:
    if k:
        p = s.owner[c]
        s.cubes[c] -= k
        s.on_grid[p] -= k
        if s.cubes[c] == 0:
            s.owner[c] = -1
