"""Regions and kingdoms (rules §4 D4–D8), kept as a list of masks and updated locally.

Adding a piece merges the regions it touches; removing pieces re-splits only the regions they
were in. Both are O(number of regions) big-int operations, far cheaper than relabelling the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tigris_widget.games.tigris.engine.core.board import BITS, NEIGHBOURS, components, dilate, flood

if TYPE_CHECKING:
    from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import Mask, Square


def compute_regions(occupied: Mask) -> list[Mask]:
    return components(occupied)


def add_piece(s: GameState, sq: Square) -> tuple[Mask, int]:
    """Record that ``sq`` now holds a piece; return its region and how many kingdoms it joined."""
    # Only the regions holding an occupied neighbour merge. They are looked for from the end of the
    # list (where merged regions go, so the busy ones sit there) until each neighbour is accounted
    # for, instead of testing every region of the board; the list keeps the order it always had.
    nb = NEIGHBOURS[sq] & s.occupied
    merged = BITS[sq]
    keep = s.regions[:]
    joined = 0
    if nb:
        lm = s.leader_mask
        i = len(keep)
        while nb and i > 0:
            i -= 1
            r = keep[i]
            if r & nb:
                merged |= r
                if r & lm:
                    joined += 1
                nb &= ~r
                del keep[i]
    keep.append(merged)
    s.regions = keep
    return merged, joined


def remove_pieces(s: GameState, gone: Mask) -> None:
    """Record that the squares of ``gone`` no longer hold pieces (their regions may split)."""
    # Only the regions holding a square of ``gone`` change; they are looked for from the end of the list
    # (as in ``add_piece``) until every square is accounted for, and each is replaced, in its place, by
    # its parts.
    regions = s.regions
    keep = regions[:]
    left = gone
    i = len(regions)
    while left and i > 0:
        i -= 1
        r = regions[i]
        if r & left:
            left &= ~r
            keep[i : i + 1] = components(r & ~gone)
    s.regions = keep


def region_of(s: GameState, sq: Square) -> Mask:
    """The region containing ``sq`` (0 if the square holds no piece)."""
    bit = 1 << sq  # (not BITS[sq]: a negative square must stay an error)
    regions = s.regions
    for i in range(len(regions) - 1, -1, -1):  # from the end, where merged (large) regions go
        if regions[i] & bit:
            return regions[i]
    return 0


def kingdoms(s: GameState) -> list[Mask]:
    lm = s.leader_mask
    return [r for r in s.regions if r & lm]


def kingdoms_touching(s: GameState, sq: Square) -> int:
    """How many different kingdoms have a square adjacent to ``sq`` (rules §6.1 L4, §6.2 T4)."""
    nb = NEIGHBOURS[sq]
    lm = s.leader_mask
    n = 0
    for r in s.regions:  # a loop, not sum() over a generator: compiled, this is asked after every draw
        if r & nb and r & lm:
            n += 1
    return n


def side_of(region: Mask, leader_sq: Square, marker: Square) -> Mask:
    """A leader's side in a war: its region computed as if the unification square were empty (D8)."""
    return flood(1 << leader_sq, region & ~(1 << marker))


def kingdom_crowding(s: GameState, kingdom_list: list[Mask]) -> tuple[Mask, Mask]:
    """Masks of squares adjacent to at least two and to at least three different kingdoms."""
    ones = twos = threes = 0
    for k in kingdom_list:
        n = dilate(k)
        threes |= twos & n
        twos |= ones & n
        ones |= n
    return twos, threes
