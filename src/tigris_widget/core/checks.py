"""Argument checks every layer shares: a whole number, a number, a seat — each never a bool, and
numpy's numbers welcome where a person may hand them over."""

from __future__ import annotations

import math
import numbers
from typing import TypeGuard


def is_whole(value: object) -> TypeGuard[int]:
    """An integer (Python's or numpy's), never a bool."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def is_number(value: object) -> TypeGuard[float]:
    """A real number (Python's or numpy's, NaN and infinities included), never a bool."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def is_finite(value: object) -> TypeGuard[float]:
    """A real number that is neither NaN nor infinite (numpy's too), never a bool."""
    return is_number(value) and math.isfinite(value)


def check_seat(seat: object, players: int) -> None:
    """``seat`` is None (all-seeing) or a seat of a game of ``players``; else a ``ValueError`` naming it."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < players):
        raise ValueError(f"seat must be 0..{players - 1} or None, not {seat!r}")
