"""Scoring (§10): sets of different kinds, the better hand side and the standings."""

from __future__ import annotations

from typing import NamedTuple

from tigris_widget.games.ur.engine.board import KINDS, PAIRS
from tigris_widget.games.ur.engine.state import UrState


class Standing(NamedTuple):
    """One player's score now (§10): points with the better hand side ``side``, cubes on the grid
    (ziggurats included, the tie-break) and place (1 = first; equal points and cubes share a place)."""

    seat: int
    points: int
    cubes: int
    place: int
    side: str


def set_score(counts: list[int]) -> int:
    """The best split of items into sets of different colours (§10.3: the layered split is optimal)."""
    total = 0
    j = 1
    while True:
        size = 0
        for c in counts:
            if c >= j:
                size += 1
        if size == 0:
            return total
        total += size * (size + 1) // 2
        j += 1


def player_score(s: UrState, p: int) -> tuple[int, str]:
    """Points of seat ``p`` with the better side of his hand tile, and that side's kind letter."""
    counts = [0] * 6
    for c in range(36):
        if s.owner[c] == p:
            counts[5 if s.zig[c] else s.face[c]] += 1
    best, side = -1, ""
    for k in PAIRS[s.hands[p]]:
        counts[k] += 1
        v = set_score(counts)
        counts[k] -= 1
        if v > best:
            best, side = v, KINDS[k]
    return best, side


def standings(s: UrState) -> list[Standing]:
    """Every seat's score now, in seat order, with places by points then cubes on the grid (§10.5)."""
    raw = [(p, *player_score(s, p), s.on_grid[p]) for p in range(s.n)]
    out = []
    for p, pts, side, cubes in raw:
        better = sum(1 for q, qp, _, qc in raw if (qp, qc) > (pts, cubes))
        out.append(Standing(p, pts, cubes, better + 1, side))
    return out
