"""The colour themes every board and chart accepts, checked in one place."""

from __future__ import annotations

THEMES = ("auto", "light", "dark")
"""``"auto"`` follows JupyterLab's theme; ``"light"`` and ``"dark"`` fix one."""


def check_theme(theme: object, name: str = "theme") -> str:
    """``theme`` if it is one of ``THEMES``, else a ``ValueError`` naming the argument ``name``."""
    if not isinstance(theme, str) or theme not in THEMES:
        raise ValueError(f"{name} must be 'auto', 'light' or 'dark', not {theme!r}")
    return theme
