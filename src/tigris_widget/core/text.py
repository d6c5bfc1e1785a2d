"""Text laid out in lines, for the pictures every layer draws (SVG has no text wrapping of its own)."""

from __future__ import annotations

import textwrap


def wrap_lines(text: str, width: int) -> list[str]:
    """Split ``text`` into lines of at most ``width`` characters at spaces (a longer word keeps its own
    line; an empty paragraph stays an empty line)."""
    return [
        line
        for para in text.split("\n")
        for line in textwrap.wrap(" ".join(para.split()), width, break_long_words=False, break_on_hyphens=False) or [""]
    ]


def points(value: float, *, signed: bool = False) -> str:
    """A difference between two chances, in whole percentage points, with its noun in the right number:
    ``points(18)`` is ``"18 points"``, ``points(1)`` ``"1 point"``; ``signed`` writes the sign
    (``"−1 point"``, ``"+3 points"``, ``"±0 points"``). ``value`` is already in points (0.18 → pass 18)."""
    n = round(value)
    noun = "point" if abs(n) == 1 else "points"
    if not signed:
        return f"{abs(n)} {noun}"
    sign = "±" if n == 0 else "+" if n > 0 else "\u2212"
    return f"{sign}{abs(n)} {noun}"
