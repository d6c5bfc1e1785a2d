"""The checks of arguments that several notebook helpers take: each gives a ``ValueError`` naming
the argument, before the helper changes anything."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

THEMES = ("auto", "light", "dark")
"""``"auto"`` follows JupyterLab's theme; ``"light"`` and ``"dark"`` fix one."""


def check_theme(theme: object, name: str = "theme") -> str:
    """``theme`` if it is one of ``THEMES``."""
    if not isinstance(theme, str) or theme not in THEMES:
        raise ValueError(f"{name} must be 'auto', 'light' or 'dark', not {theme!r}")
    return theme


def square_list(squares: object, name: str = "squares") -> list[Any]:
    """The squares of an argument that lists squares: a list of them, never one square's text read
    letter by letter (each square is checked by the game that reads it)."""
    if isinstance(squares, (str, bytes)) or not isinstance(squares, Iterable):
        raise ValueError(f"{name} must be a list of squares such as ['(6,3)'], not {squares!r}")
    return list(squares)
