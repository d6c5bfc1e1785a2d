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
