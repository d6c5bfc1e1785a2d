"""The engine's error families: all are ``ValueError`` so callers can catch bad input in one place."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """The action is well formed but the rules forbid it now; ``rule`` names the rule (e.g. "§6.2 T3")."""

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule


class NotationError(ValueError):
    """Action notation that cannot be read."""


class PositionError(ValueError):
    """Position text, a position builder call or game JSON that describes no valid game."""
