"""Variant: civilization buildings (rules §17) — lines, building, moving."""

from __future__ import annotations

from tigris_widget.games.tigris.engine.core.board import WIDTH, squares
from tigris_widget.games.tigris.engine.core.errors import PositionError
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import BUILDING_NAMES, COLOUR_NAMES, Mask, Square
from tigris_widget.games.tigris.engine.rules.narrate import say, sq, who


def _run(s: GameState, start: Square, colour: int, step: int) -> Mask:
    """The straight run of face-up ``colour`` tiles through ``start`` (step 1: row, step 16: column)."""
    tiles = s.tiles[colour]
    run = 1 << start
    for direction in (step, -step):
        q = start
        while True:
            nxt = q + direction
            if step == 1 and nxt // WIDTH != q // WIDTH:
                break
            if not (0 <= nxt < WIDTH * 11) or not tiles >> nxt & 1:
                break
            run |= 1 << nxt
            q = nxt
    return run


def line_of(s: GameState, start: Square, colour: int) -> tuple[int, Mask]:
    """§17.1: the length of a tile's line (its longer run) and the tiles of that line.

    Implementation decision: when the row and the column are equally long, both form the line.
    """
    row, column = _run(s, start, colour, 1), _run(s, start, colour, WIDTH)
    lr, lc = row.bit_count(), column.bit_count()
    if lr == lc:
        return lr, row | column
    return (lr, row) if lr > lc else (lc, column)


def placed_colour(s: GameState) -> int:
    bit = 1 << s.placed
    tiles = s.tiles
    for c in range(4):
        if tiles[c] & bit:
            return c
    raise PositionError(f"the tile just placed ({s.placed}) is not on the board face up")


def building_options(s: GameState) -> tuple[int, list[Square]]:
    """§17.2–17.3: the colour and the tiles the active player may put that building on (may be empty)."""
    colour = placed_colour(s)
    length, line = line_of(s, s.placed, colour)
    if length < 3:
        return colour, []
    current = s.buildings[colour]
    if current >= 0:
        if line >> current & 1:
            return colour, []  # already on this line: nothing happens
        if length <= line_of(s, current, colour)[0]:
            return colour, []  # only a strictly longer line attracts the building
    return colour, squares(line)


def put_building(s: GameState, colour: int, target: Square) -> None:
    previous = s.buildings[colour]
    s.buildings[colour] = target
    if s.log is not None:
        name = BUILDING_NAMES[colour]
        verb = f"moves the {name} from {sq(previous)} to" if previous >= 0 else f"builds the {name} on"
        say(s, "building", "§17.3" if previous >= 0 else "§17.2", f"{who(s, s.active)} {verb} {sq(target)}.",
            s.active, colour=COLOUR_NAMES[colour], square=target,
            extra={"from": previous if previous >= 0 else None})  # fmt: skip


def release_buildings(s: GameState, gone: Mask) -> None:
    """§17.4: buildings on tiles that are flipped or removed for a monument return to the supply."""
    for c, b in enumerate(s.buildings):
        if b >= 0 and gone >> b & 1:
            s.buildings[c] = -1
            if s.log is not None:
                say(s, "building_returned", "§17.4", f"The {BUILDING_NAMES[c]} on {sq(b)} returns to the supply.",
                    colour=COLOUR_NAMES[c], square=b)  # fmt: skip
