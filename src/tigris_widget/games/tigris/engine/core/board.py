"""Board geometry (rules §2): the 16x11 grid, both board sides, masks and fast bit helpers."""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import FunctionType
from typing import TYPE_CHECKING, Final, TypeVar

from tigris_widget.core.checks import shown as shown_value
from tigris_widget.games.tigris.engine.core.errors import SquareError
from tigris_widget.games.tigris.engine.core.types import Mask, Square

if TYPE_CHECKING:  # annotations only: mypyc compiles i64 to a C int64_t, Python never imports it
    from mypy_extensions import i64

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


NATIVE: Final = not isinstance(square, FunctionType)
"""True when this module runs compiled (a mypyc function is no Python ``function``): a few helpers
below take a loop that is faster compiled (and slower in pure Python), with the same results."""


def xy(sq: Square) -> tuple[int, int]:
    return sq % WIDTH, sq // WIDTH


def format_square(sq: Square) -> str:
    return f"({sq % WIDTH},{sq // WIDTH})"


# ASCII digits, a few: ``\d`` also reads other scripts' digits, and int() refuses 5,000 of them bare
_SQUARE_RE = re.compile(r"\(?\s*([0-9]{1,4})\s*,\s*([0-9]{1,4})\s*\)?")


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


BITS: Final[tuple[Mask, ...]] = tuple(1 << q for q in range(SQUARES))
"""``1 << q`` for each square: compiled, a lookup instead of a new big int (a shift past 62 bits)."""
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
    if NATIVE and mask >= 0:
        # compiled: peel the bits of 48-bit pieces (short ints, C operations); iterating the byte
        # table's tuples costs more there, while in pure Python it is the faster loop
        base = 0
        while mask:
            w = mask & _WORD
            while w:
                low = w & -w
                out.append(row[base + low.bit_length() - 1])
                w ^= low
            mask >>= _W
            base += _W
        return
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
    if NATIVE:
        return _flood_words(seed, within)
    region = seed & within
    while True:
        grown = dilate(region) & within
        if grown == region:
            return region
        region = grown


def components(mask: Mask) -> list[Mask]:
    """Split a mask into its connected parts (rules §4 D4)."""
    if NATIVE:
        return components_words(mask)
    parts = []
    while mask:
        part = flood(mask & -mask, mask)
        parts.append(part)
        mask &= ~part
    return parts


# -- the same floods on machine words, for the compiled build ----------------------------------------
# A 176-bit mask is a CPython big int, and every operation on one allocates a new one: compiled, a flood
# (a dozen big-int operations per step, a step per square of the region's length) costs as much as
# in pure Python. Split into four words of three board rows (48 bits, so no shift ever reaches the
# sign bit), a step is a few dozen C operations on int64_t. In pure Python four small ints cost more
# than one big one, so the pure build keeps the loops above; the results are the same masks
# (``tests/test_compiled.py`` checks both ways on random masks).

_W: Final = 48
_WORD: Final = (1 << _W) - 1
_ROWS01: Final = (1 << 32) - 1  # a word's first two rows: what may move up a row inside the word
_ROW0: Final = (1 << WIDTH) - 1
_COL0_W: Final = 1 | 1 << 16 | 1 << 32
_NOT_COL0_W: Final = _WORD & ~_COL0_W
_NOT_COL15_W: Final = _WORD & ~(_COL0_W << (WIDTH - 1))


def _grow(w: i64, below: i64, above: i64, within: i64) -> i64:
    """One dilate step of a word (``below``/``above``: the words of the rows before and after it), cut to ``within``."""
    return (
        w
        | ((w << 1) & _NOT_COL0_W)
        | ((w >> 1) & _NOT_COL15_W)
        | ((w & _ROWS01) << WIDTH)
        | (w >> WIDTH)
        | (below >> 32)
        | ((above & _ROW0) << 32)
    ) & within


def _flood_words(seed: Mask, within: Mask) -> Mask:
    a0, a1, a2, a3 = split_words(within)
    s0, s1, s2, s3 = split_words(seed & within)
    return _join(*_fill(s0, s1, s2, s3, a0, a1, a2, a3))


def _fill(r0: i64, r1: i64, r2: i64, r3: i64, a0: i64, a1: i64, a2: i64, a3: i64) -> tuple[i64, i64, i64, i64]:
    """Grow the region ``r`` inside ``a`` until it stops (words as in ``_flood_words``)."""
    while True:
        g0 = _grow(r0, 0, r1, a0)
        g1 = _grow(r1, r0, r2, a1)
        g2 = _grow(r2, r1, r3, a2)
        g3 = _grow(r3, r2, 0, a3)
        if g0 == r0 and g1 == r1 and g2 == r2 and g3 == r3:
            return r0, r1, r2, r3
        r0, r1, r2, r3 = g0, g1, g2, g3


def _join(w0: i64, w1: i64, w2: i64, w3: i64) -> Mask:
    x0: int = w0
    x1: int = w1
    x2: int = w2
    x3: int = w3
    return x0 | x1 << _W | x2 << 2 * _W | x3 << 3 * _W


def components_words(mask: Mask) -> list[Mask]:
    """``components`` on words: the mask is split once, each part joined back once."""
    a0, a1, a2, a3 = split_words(mask)
    parts: list[Mask] = []
    while a0 or a1 or a2 or a3:
        s0: i64 = 0
        s1: i64 = 0
        s2: i64 = 0
        s3: i64 = 0
        if a0:
            s0 = a0 & -a0
        elif a1:
            s1 = a1 & -a1
        elif a2:
            s2 = a2 & -a2
        else:
            s3 = a3 & -a3
        p0, p1, p2, p3 = _fill(s0, s1, s2, s3, a0, a1, a2, a3)
        parts.append(_join(p0, p1, p2, p3))
        a0 &= ~p0
        a1 &= ~p1
        a2 &= ~p2
        a3 &= ~p3
    return parts


# -- whole masks as words, for the compiled turn masks (``legal.turn_masks``) -------------------------
# Compiled, ``turn_masks`` splits each mask it reads into words once and then does all of its work
# (neighbourhoods, crowding, the leaders' kingdoms) in C operations; ``to_bytes`` and a byte loop split
# a mask in one big-int operation where shifts and masks take seven.

if TYPE_CHECKING:
    Words = tuple[i64, i64, i64, i64]
    """A mask as four 48-bit words, three board rows each (the last holds rows 9 and 10)."""

_LAST: Final = (1 << (SQUARES - 3 * _W)) - 1  # the board's bits in the last word


def split_words(mask: Mask) -> Words:
    """``mask`` as four words (its squares on the board: the bits of ``mask & ALL``)."""
    if not 0 <= mask <= ALL:  # two comparisons: no new int for the masks of a board
        mask &= ALL
    b = mask.to_bytes(24, "little")
    a0: i64 = 0
    a1: i64 = 0
    a2: i64 = 0
    a3: i64 = 0
    i: i64 = 5
    while i >= 0:
        a0 = a0 << 8 | b[i]
        a1 = a1 << 8 | b[i + 6]
        a2 = a2 << 8 | b[i + 12]
        a3 = a3 << 8 | b[i + 18]
        i -= 1
    return a0, a1, a2, a3


def join_words(w: Words) -> Mask:
    """The mask of four words (``split_words`` undone)."""
    return _join(w[0], w[1], w[2], w[3])


def dilate_words(w: Words) -> Words:
    """``dilate`` on words."""
    w0, w1, w2, w3 = w
    return _grow(w0, 0, w1, _WORD), _grow(w1, w0, w2, _WORD), _grow(w2, w1, w3, _WORD), _grow(w3, w2, 0, _LAST)


def flood_words(seed: Words, within: Words) -> Words:
    """``flood`` on words."""
    a0, a1, a2, a3 = within
    return _fill(seed[0] & a0, seed[1] & a1, seed[2] & a2, seed[3] & a3, a0, a1, a2, a3)


def lowest_words(w: Words) -> Words:
    """The lowest square of ``w`` (none if ``w`` is empty)."""
    a0, a1, a2, a3 = w
    if a0:
        return a0 & -a0, 0, 0, 0
    if a1:
        return 0, a1 & -a1, 0, 0
    if a2:
        return 0, 0, a2 & -a2, 0
    return 0, 0, 0, a3 & -a3


FULL_WORDS: Final[Words] = (_WORD, _WORD, _WORD, _LAST)
"""``ALL`` as words."""
NO_WORDS: Final[Words] = (0, 0, 0, 0)


def words_and(a: Words, b: Words) -> Words:
    return a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]


def words_or(a: Words, b: Words) -> Words:
    return a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]


def words_without(a: Words, b: Words) -> Words:
    """``a & ~b``."""
    return a[0] & ~b[0], a[1] & ~b[1], a[2] & ~b[2], a[3] & ~b[3]


def words_any(a: Words) -> bool:
    return (a[0] | a[1] | a[2] | a[3]) != 0


def words_at_most_one(a: Words) -> bool:
    """At most one square in ``a``."""
    a0, a1, a2, a3 = a
    count = (a0 != 0) + (a1 != 0) + (a2 != 0) + (a3 != 0)
    return count == 0 or (count == 1 and (a0 & (a0 - 1)) | (a1 & (a1 - 1)) | (a2 & (a2 - 1)) | (a3 & (a3 - 1)) == 0)


def square_words(q: Square) -> Words:
    """The words of ``1 << q``."""
    bit: i64 = 1
    bit <<= q % _W
    i = q // _W
    return (bit if i == 0 else 0), (bit if i == 1 else 0), (bit if i == 2 else 0), (bit if i == 3 else 0)


def gather_words(row: tuple[T, ...], w: Words, out: list[T]) -> None:
    """``gather`` from words."""
    _peel(row, w[0], 0, out)
    _peel(row, w[1], _W, out)
    _peel(row, w[2], 2 * _W, out)
    _peel(row, w[3], 3 * _W, out)


def _peel(row: tuple[T, ...], word: i64, base: int, out: list[T]) -> None:
    x: int = word
    while x:
        low = x & -x
        out.append(row[base + low.bit_length() - 1])
        x ^= low


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
