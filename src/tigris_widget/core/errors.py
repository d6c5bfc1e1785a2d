"""The error families of every game: all are ``ValueError`` so callers catch bad input in one place.

This module imports nothing, so a game's engine may raise these without depending on anything else.
"""

from __future__ import annotations


class IllegalActionError(ValueError):
    """The action is refused now; ``rule`` names the rule that forbids it (a game's rule code)."""

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule


class NotationError(ValueError):
    """Action or turn notation that cannot be read."""


class PositionError(ValueError):
    """Position text, a position builder call or a game record that describes no valid game.

    ``square`` is the board square the broken rule concerns, when it concerns one (the position
    editor shows the problem there); the message is the same either way.
    """

    def __init__(self, message: str = "", *, square: int | None = None) -> None:
        super().__init__(message)
        self.square = square
