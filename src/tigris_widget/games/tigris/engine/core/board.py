"""Board geometry (rules §2): the 16x11 grid, both board sides, masks and fast bit helpers."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, TypeVar

from tigris_widget.games.tigris.engine.core.errors import SquareError
from tigris_widget.games.tigris.engine.core.types import Mask, Square, shown_value

WIDTH: Final = 16
HEIGHT: Final = 11
SQUARES: Final = WIDTH * HEIGHT
ALL: Final[Mask] = (1 << SQUARES) - 1

COLUMN_0: Final[Mask] = sum(1 << (y * WIDTH) for y in range(HEIGHT))
COLUMN_15: Final[Mask] = COLUMN_0 << (WIDTH - 1)
NOT_COLUMN_0: Final[Mask] = ALL & ~COLUMN_0
NOT_COLUMN_15: Final[Mask] = ALL & ~COLUMN_15


def square(x: int, y: int) -> Square:
    return y * WIDTH + x


def xy(sq: Square) -> tuple[int, int]:
    return sq % WIDTH, sq // WIDTH


def format_square(sq: Square) -> str:
    return f"({sq % WIDTH},{sq // WIDTH})"


_SQUARE_RE = re.compile(r"\(?\s*(\d+)\s*,\s*(\d+)\s*\)?")


def parse_square(text: str) -> Square:
    """Parse ``(x,y)`` (parentheses optional, spaces allowed); raise ``SquareError`` naming the problem."""
    match = _SQUARE_RE.fullmatch(text.strip())
    if not match:
        raise SquareError(f"{shown_value(text)} is not a square; write it as (x,y), e.g. (5,4)")
    x, y = int(match[1]), int(match[2])
    if not (0 <= x < WIDTH and 0 <= y < HEIGHT):
        raise SquareError(f"square {shown_value(text)} is off the board (x 0..15, y 0..10)")
    return square(x, y)


def to_square(value: object) -> Square:
    """A square from an int (``y*16+x``), an ``(x, y)`` pair or text ``"(x,y)"``.

    :raises SquareError: (a ``ValueError``) naming the value that is no square of the board.
    """
    # Plain types only: a subclass's comparisons, iteration or text are not trusted.
    if isinstance(value, str):
        return parse_square(str.__str__(value))
    if type(value) is int:
        if not 0 <= value < SQUARES:
            raise SquareError(f"square {shown_value(value)} is off the board (0..{SQUARES - 1})")
        return value
    if type(value) is tuple and len(value) == 2 and all(type(v) is int for v in value):
        x, y = value
        if not (0 <= x < WIDTH and 0 <= y < HEIGHT):
            raise SquareError(f"square ({shown_value(x)},{shown_value(y)}) is off the board (x 0..15, y 0..10)")
        return square(x, y)
    raise SquareError(f"{shown_value(value)} is not a square; use (x, y), '(x,y)' or y*16+x")


def dilate(mask: Mask) -> Mask:
    """The mask plus every square adjacent to it (rules §4 D1: orthogonal neighbours)."""
    return (
        mask | ((mask << 1) & NOT_COLUMN_0) | ((mask >> 1) & NOT_COLUMN_15) | ((mask << WIDTH) & ALL) | (mask >> WIDTH)
    )


NEIGHBOURS: Final[tuple[Mask, ...]] = tuple(dilate(1 << s) & ~(1 << s) for s in range(SQUARES))
"""Mask of the squares adjacent to each square."""
NEIGHBOUR_LISTS: Final[tuple[tuple[Square, ...], ...]] = tuple(
    tuple(n for n in range(SQUARES) if NEIGHBOURS[s] >> n & 1) for s in range(SQUARES)
)

# Bit iteration through byte tables: far faster than peeling bits one by one on 176-bit ints.
_BYTE_BITS: Final = tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))
_MASK_BYTES: Final = (SQUARES + 7) // 8


def squares(mask: Mask) -> list[Square]:
    """The squares of a mask in ascending order."""
    out: list[Square] = []
    if not mask:
        return out
    for offset, byte in enumerate(mask.to_bytes(_MASK_BYTES, "little")):
        if byte:
            base = offset * 8
            out.extend([base + i for i in _BYTE_BITS[byte]])
    return out


T = TypeVar("T")


def gather(row: tuple[T, ...], mask: Mask, out: list[T]) -> None:
    """Append ``row[q]`` for each square ``q`` of ``mask``, ascending: ``out += [row[q] for q in
    squares(mask)]`` without the list of squares (``legal_actions`` lists a dozen masks per call)."""
    if not mask:
        return
    for offset, byte in enumerate(mask.to_bytes(_MASK_BYTES, "little")):
        if byte:
            base = offset * 8
            for i in _BYTE_BITS[byte]:
                out.append(row[base + i])


def lowest(mask: Mask) -> Square:
    return (mask & -mask).bit_length() - 1


def flood(seed: Mask, within: Mask) -> Mask:
    """The squares of ``within`` connected to ``seed`` through adjacent squares of ``within``."""
    region = seed & within
    while True:
        grown = dilate(region) & within
        if grown == region:
            return region
        region = grown


def components(mask: Mask) -> list[Mask]:
    """Split a mask into its connected parts (rules §4 D4)."""
    parts = []
    while mask:
        part = flood(mask & -mask, mask)
        parts.append(part)
        mask &= ~part
    return parts


def _mask_from_rows(rows: tuple[str, ...], symbols: str) -> Mask:
    return sum(1 << square(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch in symbols)


@dataclass(frozen=True)
class BoardMap:
    """One side of the board: terrain, starting temples and special treasure squares (rules §2)."""

    name: str
    rows: tuple[str, ...]
    river: Mask
    land: Mask
    start_temples: Mask
    specials: Mask

    @classmethod
    def from_rows(cls, name: str, rows: tuple[str, ...]) -> BoardMap:
        assert len(rows) == HEIGHT and all(len(r) == WIDTH for r in rows)
        river = _mask_from_rows(rows, "~")
        return cls(name, rows, river, ALL & ~river, _mask_from_rows(rows, "TS"), _mask_from_rows(rows, "S"))

    def is_river(self, sq: Square) -> bool:
        return bool(self.river >> sq & 1)


# Rules §2.2, one string per row y = 0..10: '.' land, '~' river, 'T' starting temple, 'S' special.
CLASSIC: Final = BoardMap.from_rows(
    "classic",
    (
        "....~~~~~.T.~...",
        ".S..~.......~..S",
        "...~~T......~~..",
        "~~~~.........~~~",
        ".............T~~",
        "..............~.",
        "~~~~....T...~~~.",
        ".S.~~~~.....~...",
        "......~~~~~~~.S.",
        ".....T..........",
        "..........T.....",
    ),
)

# Rules §2.3.
ALTERNATIVE: Final = BoardMap.from_rows(
    "alternative",
    (
        "..~~T....T.....~",
        "..~~..........T~",
        ".S~~...........~",
        "..~...T....T~~~~",
        "..~.........~...",
        "..~T........~..S",
        "..~~........~~..",
        "S..~~~.T....T~..",
        ".....~~~.....~..",
        "....S.~~~~~~~~..",
        "......~..S....S.",
    ),
)

BOARDS: Final = {"classic": CLASSIC, "alternative": ALTERNATIVE}


def board_map(name: str) -> BoardMap:
    try:
        return BOARDS[name]
    except KeyError:
        raise ValueError(f"unknown board side {name!r}; choose 'classic' or 'alternative'") from None
