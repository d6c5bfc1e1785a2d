"""Treasures (rules §11): a trader's owner takes all but one, special squares first."""

from __future__ import annotations

from itertools import combinations

from tigris_widget.games.tigris.engine.core.board import BITS, squares
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import GREEN, Mask, Seat, Square
from tigris_widget.games.tigris.engine.rules.narrate import plural, say, sq, who


def pending_collection(s: GameState) -> tuple[Seat, Mask] | None:
    """§11.2–11.3: the first kingdom (clockwise by trader owner from the active player) due to give
    up treasures, as (trader's owner, kingdom); None if none is."""
    treasures = s.treasures
    best: tuple[int, Seat, Mask] | None = None
    for p in range(s.players):
        trader = s.leaders[p * 4 + GREEN]
        if trader < 0:
            continue
        bit = BITS[trader]  # one big-int operation per region below, not two
        regions = s.regions
        for i in range(len(regions) - 1, -1, -1):  # from the end, where merged (large) regions go
            r = regions[i]
            if r & bit:
                if (r & treasures).bit_count() >= 2:
                    order = (p - s.active) % s.players
                    if best is None or order < best[0]:
                        best = (order, p, r)
                break
    return None if best is None else (best[1], best[2])


def treasure_choices(s: GameState, kingdom: Mask) -> list[tuple[Square, ...]]:
    """§11.4: every allowed set of treasures to take: all but one, those on special squares first."""
    here = s.treasures & kingdom
    take = here.bit_count() - 1
    special = squares(here & s.map.specials)
    normal = squares(here & ~s.map.specials)
    if len(special) >= take:
        return [tuple(c) for c in combinations(special, take)]
    return sorted(tuple(sorted((*special, *c))) for c in combinations(normal, take - len(special)))


def take_treasures(s: GameState, seat: Seat, taken: tuple[Square, ...]) -> None:
    for q in taken:
        s.treasures &= ~(1 << q)
    s.treasures_taken[seat] += len(taken)
    if s.log is not None:
        names = ", ".join(map(sq, taken))
        special = [q for q in taken if s.map.specials >> q & 1]
        why = " (treasures on special squares must be taken first)" if special else ""
        say(s, "treasure", "§11.4" if special else "§11.3",
            f"{who(s, seat)}'s trader collects {plural(len(taken), 'treasure')} from {names}{why}.",
            seat, squares=list(taken))  # fmt: skip
