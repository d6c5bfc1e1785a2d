"""Components and geometry (§0.3, §0.4, §1.1) and the seeded reference generator (§2.3).

Cells are ints ``y * 6 + x`` (reading order), kinds ints 0..4 in the order A, T, C, P, W and pairs
ints 0..9 in the order AT AC AP AW TC TP TW CP CW PW.
"""

from __future__ import annotations

import random
from typing import Final, NamedTuple

SIZE: Final = 6
CELLS: Final = 36
KINDS: Final = "ATCPW"
A: Final = 0
T: Final = 1
C: Final = 2
P: Final = 3
W: Final = 4
KIND_NAMES: Final = ("agriculture", "trade", "culture", "politics", "war")
PAIRS: Final[tuple[tuple[int, int], ...]] = tuple((i, j) for i in range(5) for j in range(i + 1, 5))
PAIR_NAMES: Final[tuple[str, ...]] = tuple(KINDS[i] + KINDS[j] for i, j in PAIRS)
CUBES_PER_PLAYER: Final = 20
CAP: Final = 5
ZIGGURATS: Final = 5


PAIR_INDEX: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(PAIRS.index((min(i, j), max(i, j))) if i != j else -1 for j in range(5)) for i in range(5)
)
"""``PAIR_INDEX[k1][k2]``: the pair of two different kinds in either order (-1 for equal kinds)."""


def cell_name(cell: int) -> str:
    return f"({cell % SIZE},{cell // SIZE})"


def _neighbours(cell: int) -> tuple[int, ...]:
    x, y = cell % SIZE, cell // SIZE
    out = []
    for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        nx, ny = x + dx, y + dy
        if 0 <= nx < SIZE and 0 <= ny < SIZE:
            out.append(ny * SIZE + nx)
    return tuple(sorted(out))


NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = tuple(_neighbours(c) for c in range(CELLS))
BORDER: Final[tuple[int, ...]] = tuple(
    (c % SIZE == 0) + (c % SIZE == SIZE - 1) + (c // SIZE == 0) + (c // SIZE == SIZE - 1) for c in range(CELLS)
)


class Deal(NamedTuple):
    """What the reference generator produces: faces and backs per cell, hands and spares (pairs), start."""

    faces: list[int]
    backs: list[int]
    hands: list[int]
    spares: list[int]
    start: int


def generate(seed: int, players: int, layout: str) -> Deal:
    """The reference generator of §2.3, bit-exact with CPython's ``random.Random`` (one shuffle, one
    ``randrange(2)`` per cell where both sides fit, one ``randrange(players)``)."""
    rng = random.Random(seed)
    pool = list(range(40))
    rng.shuffle(pool)
    faces = [-1] * CELLS
    backs = [-1] * CELLS
    colour = layout == "colour"
    for cell in range(CELLS):
        x, y = cell % SIZE, cell // SIZE
        placed = [m for m in ((cell - 1) if x > 0 else -1, (cell - SIZE) if y > 0 else -1) if m >= 0]
        allowed: list[int] = []
        found = 0
        for index, tile in enumerate(pool):
            k1, k2 = PAIRS[tile // 4]
            allowed = [s for s, b in ((k1, k2), (k2, k1)) if _fits(s, b, placed, faces, backs, colour)]
            if allowed:
                found = index
                break
        tile = pool.pop(found)
        k1, k2 = PAIRS[tile // 4]
        face = allowed[0] if len(allowed) == 1 else allowed[rng.randrange(2)]
        faces[cell] = face
        backs[cell] = k2 if face == k1 else k1
    hands = [pool[j] // 4 for j in range(players)]
    spares = [pool[j] // 4 for j in range(players, 4)]
    start = rng.randrange(players)
    return Deal(faces, backs, hands, spares, start)


def _fits(side: int, back: int, placed: list[int], faces: list[int], backs: list[int], colour: bool) -> bool:
    for m in placed:
        if colour:
            if side == faces[m]:
                return False
        elif side == faces[m] and back == backs[m]:
            return False
    return True
