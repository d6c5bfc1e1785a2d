"""Actions: every decision of every player is one ``Action`` (rules §16, design contract 2).

An action is a small named tuple, so it is hashable, compares by value and sorts by
``(kind, colour, square, extra)``; legal action lists come back in that order. The common ones
are built once at import and shared, which keeps legal-action generation cheap.
"""

from __future__ import annotations

from typing import NamedTuple

from .board import SQUARES
from .types import (
    BUILD_BUILDING,
    BUILD_MONUMENT,
    BUILD_ZIGGURAT,
    CHOOSE_WAR,
    COMMIT,
    DECLINE,
    HAND_SIZE,
    MOVE_LEADER,
    PASS,
    PLACE_CATASTROPHE,
    PLACE_LEADER,
    PLACE_TILE,
    SWAP,
    TAKE_TREASURES,
    WITHDRAW_LEADER,
    ZIGGURAT_BONUS,
    Square,
)


class Action(NamedTuple):
    """One decision. ``colour`` is a colour (or a monument index for monuments), ``square`` a square,
    ``extra`` the tile counts of a swap, the number of tiles committed, or the treasure squares."""

    kind: int
    colour: int = -1
    square: Square = -1
    extra: int | tuple[int, ...] = 0

    def __str__(self) -> str:
        from .notation import format_action

        return format_action(self)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the text notation (see ``notation``); raise ``ValueError`` saying where it is wrong."""
        from .notation import parse_action

        return parse_action(text)


def _per_colour_square(kind: int) -> tuple[tuple[Action, ...], ...]:
    return tuple(tuple(Action(kind, c, s) for s in range(SQUARES)) for c in range(4))


TILE_ACTIONS = _per_colour_square(PLACE_TILE)
PLACE_LEADER_ACTIONS = _per_colour_square(PLACE_LEADER)
MOVE_LEADER_ACTIONS = _per_colour_square(MOVE_LEADER)
BUILDING_ACTIONS = _per_colour_square(BUILD_BUILDING)
MONUMENT_ACTIONS = tuple(tuple(Action(BUILD_MONUMENT, m, s) for s in range(SQUARES)) for m in range(6))
ZIGGURAT_ACTIONS = tuple(Action(BUILD_ZIGGURAT, -1, s) for s in range(SQUARES))
WITHDRAW_ACTIONS = tuple(Action(WITHDRAW_LEADER, c) for c in range(4))
CATASTROPHE_ACTIONS = tuple(Action(PLACE_CATASTROPHE, -1, s) for s in range(SQUARES))
COMMIT_ACTIONS = tuple(Action(COMMIT, -1, -1, n) for n in range(HAND_SIZE + 1))
WAR_ACTIONS = tuple(Action(CHOOSE_WAR, c) for c in range(4))
BONUS_ACTIONS = tuple(Action(ZIGGURAT_BONUS, c) for c in range(4))
PASS_ACTION = Action(PASS)
DECLINE_ACTION = Action(DECLINE)

SWAP_ACTIONS: dict[tuple[int, int, int, int], Action] = {
    (k, r, b, g): Action(SWAP, -1, -1, (k, r, b, g))
    for k in range(7)
    for r in range(7)
    for b in range(7)
    for g in range(7)
    if 1 <= k + r + b + g <= HAND_SIZE
}


def treasure_action(squares: tuple[Square, ...]) -> Action:
    return Action(TAKE_TREASURES, -1, -1, tuple(sorted(squares)))
