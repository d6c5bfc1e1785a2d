"""The board, the two paths and the dice of the Royal Game of Ur (rules §1–§3).

Cells are ints ``y * 8 + x`` on a 3 × 8 grid (24 cells, 20 of them squares of the board: columns 4
and 5 of the two outer rows do not exist). A piece's place is a *path square* of its seat: 0 = not
yet entered, 1–14 on the board, 15 = borne off. Path squares 5–12 are the shared middle row, so the
two seats meet only there.
"""

from __future__ import annotations

from typing import Final

COLUMNS: Final = 8
ROWS: Final = 3
SQUARES: Final = COLUMNS * ROWS
"""Grid cells ``y * 8 + x``; four of them (columns 4–5 of rows 0 and 2) are not on the board."""
PIECES: Final = 7
START: Final = 0
"""The path square of a piece not yet entered."""
OFF: Final = 15
"""The path square of a piece borne off."""
LAST: Final = 14
"""The last square on the board before bearing off."""
FIRST_SHARED: Final = 5
LAST_SHARED: Final = 12
CENTRAL: Final = 8
"""The central rosette (cell (3,1)): a piece there cannot be captured (§5.4)."""
ROSETTE_SQUARES: Final = (4, 8, 14)
"""The path squares that are rosettes, the same for both seats (§6)."""
SEAT_NAMES: Final = ("Light", "Dark")
SEAT_WORDS: Final = ("light", "dark")
"""How texts (positions, records, prompts) name the seats; seat 0 (Light) moves first."""
LANES: Final = (0, 2)
"""Each seat's own row."""

OUTCOMES: Final = (0, 1, 2, 3, 4)
WEIGHTS: Final = (1, 4, 6, 4, 1)
"""Ways (of 16) that four binary dice show each count of marked tips (§3)."""
PROBABILITIES: Final = (1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16)


def is_shared(square: int) -> bool:
    return FIRST_SHARED <= square <= LAST_SHARED


def is_rosette(square: int) -> bool:
    return square == 4 or square == 8 or square == 14


def path_xy(seat: int, square: int) -> tuple[int, int]:
    """The ``(x, y)`` of ``seat``'s path square 1–14 (``ValueError`` for 0, 15 and beyond)."""
    lane = LANES[seat]
    if 1 <= square <= 4:
        return 4 - square, lane
    if FIRST_SHARED <= square <= LAST_SHARED:
        return square - FIRST_SHARED, 1
    if square == 13 or square == 14:
        return 20 - square, lane
    raise ValueError(f"path square {square} is not on the board (1..14)")


def path_cell(seat: int, square: int) -> int:
    """The grid cell (``y * 8 + x``) of ``seat``'s path square 1–14."""
    x, y = path_xy(seat, square)
    return y * COLUMNS + x


def exists(x: int, y: int) -> bool:
    """Whether ``(x, y)`` is a square of the board."""
    return 0 <= x < COLUMNS and 0 <= y < ROWS and (y == 1 or not 4 <= x <= 5)


def square_of(seat: int, cell: int) -> int:
    """``seat``'s path square at grid cell ``cell`` (-1 where its path does not pass)."""
    for square in range(1, LAST + 1):
        if path_cell(seat, square) == cell:
            return square
    return -1


ROSETTE_CELLS: Final = (0, 6, 11, 16, 22)
"""The rosettes as cells: (0,0), (6,0), (3,1), (0,2), (6,2)."""
