"""The engine's random draws, exactly as CPython's ``random`` makes them from the same stream but
cheaper: ``randbelow`` for ``randrange``, ``shuffle`` for ``Random.shuffle`` (the deal, the sampled
hands) and ``nth_square`` to pick a square of a mask without listing the squares.
"""

from __future__ import annotations

import random
from typing import Final

from tigris_widget.games.tigris.engine.core.types import Mask, Square

_BYTE_BITS: Final[tuple[int, ...]] = tuple(bin(b).count("1") for b in range(256))


def randbelow(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``: the same draw from the same stream, as CPython's ``Random._randbelow`` makes
    it (the fewest random bits covering ``n``, drawn again while too big), but without the two Python
    frames of ``randrange`` — the playout policy draws several times per action, and compiled, those
    frames were a large share of a playout. A subclass of ``Random`` goes through its own ``randrange``."""
    if type(rng) is not random.Random:
        return rng.randrange(n)
    if n <= 0:
        raise ValueError("empty range for randrange()")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffle(rng: random.Random, x: list[int]) -> None:
    """``rng.shuffle(x)``: the same order from the same stream (CPython's Fisher–Yates, from the end),
    drawing through ``randbelow``; a deal shuffles the whole bag."""
    if type(rng) is not random.Random:
        rng.shuffle(x)
        return
    for i in range(len(x) - 1, 0, -1):
        j = randbelow(rng, i + 1)
        x[i], x[j] = x[j], x[i]


def nth_square(mask: Mask, n: int) -> Square:
    """``squares(mask)[n]`` (-1 past the end) without building the list: with ``n =
    rng.randrange(mask.bit_count())``, the same draw as ``rng.choice(squares(mask))``, many times cheaper.
    Skips whole bytes by their bit counts (one big-int operation, then small ints) rather than clearing
    the mask's low bits one by one."""
    base = 0
    for byte in mask.to_bytes((mask.bit_length() + 7) // 8, "little"):
        count = _BYTE_BITS[byte]
        if n < count:
            for _ in range(n):
                byte &= byte - 1
            return base + (byte & -byte).bit_length() - 1
        n -= count
        base += 8
    return -1
