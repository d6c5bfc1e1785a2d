"""Argument checks every layer shares: a whole number, a number, a seat, a seed, a count written in
text — each never a bool, numpy's numbers welcome where a person may hand them over — and how an error
message shows a value it refuses (never by calling a method of a foreign object, never at full length).

This module imports nothing of the package: every game's engine may use it."""

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


def check_positive(value: object, name: str) -> float:
    """``value`` if it is a finite number above 0, else a ``ValueError`` naming ``name``: a time or
    budget (NaN passes ``<= 0`` and, like infinity, never runs out)."""
    if not (is_finite(value) and value > 0):
        raise ValueError(f"{name} must be a finite positive number, not {shown(value)}")
    return value


def check_seat(seat: object, players: int) -> None:
    """``seat`` is None (all-seeing) or a seat of a game of ``players``; else a ``ValueError`` naming it."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < players):
        raise ValueError(f"seat must be 0..{players - 1} or None, not {shown(seat)}")


# -- showing a refused value ---------------------------------------------------------------------------
MAX_SHOWN = 100
"""The most characters of a refused text an error message quotes (a 1 MB input is not copied whole)."""


def type_name(value: object) -> str:
    """The name of ``value``'s type, read from the type's own slot (no metaclass code runs)."""
    return _TYPE_NAME.__get__(type(value))  # type: ignore[no-any-return]


_TYPE_NAME = type.__dict__["__name__"]


def shown(value: object, limit: int = 40) -> str:
    """``value`` as an error message names it, without calling any method of a foreign object (its
    ``__repr__`` or ``__str__`` may raise, mislead or take long): ``repr`` for plain numbers, text (cut
    to ``limit`` characters) and short tuples of them, the type's name for anything else."""
    kind = type(value)
    if kind is int and abs(value) >= 10**30:  # type: ignore[arg-type]
        return f"an int of {value.bit_length()} bits"  # type: ignore[attr-defined]
    if kind is str or kind is bytes:
        text = repr(value[: limit + 1])  # type: ignore[index]  # cut first: the text may be huge
        return text if len(value) <= limit else text[: limit - 1] + "…"  # type: ignore[arg-type]
    if kind is int or kind is float or kind is bool or value is None:
        return repr(value)
    if kind is tuple or kind is list:
        items: tuple[object, ...] | list[object] = value  # type: ignore[assignment]
        if len(items) <= 8:
            inner = ", ".join(shown(v, limit) for v in items)
            return f"({inner}{',' if len(items) == 1 else ''})" if kind is tuple else f"[{inner}]"
        return f"a {kind.__name__} of {len(items)} items"
    return f"a value of type {type_name(value)}"


def plain_text(value: object) -> str | None:
    """``value`` as a plain ``str`` — a subclass copied without calling any method of its own (its
    ``strip``, ``__eq__`` … are not trusted) — or None when it is not text at all."""
    if type(value) is str:
        return value
    return str.__str__(value) if isinstance(value, str) else None


def add_once(options: dict[str, str], name: str, value: str) -> None:
    """Put option ``name=value`` in ``options``; ``ValueError`` when ``name`` is there already (a
    record, a position or a command line that gives it twice would silently keep the last)."""
    if name in options:
        raise ValueError(
            f"option {shown(name, MAX_SHOWN)} is given twice ({shown(options[name])} and {shown(value)}); give it once"
        )
    options[name] = value


# -- whole numbers: given, or written in text ------------------------------------------------------------
def whole(value: object, name: str, low: int, high: int) -> int:
    """``value`` as an ``int`` in ``low..high``: a Python int (not a subclass, whose methods are not
    trusted; never a bool) or numpy's integer; else a ``ValueError`` naming ``name``."""
    if type(value) is not int and _numpy_integer(value):
        value = int(value)  # type: ignore[call-overload]
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{name} must be an integer {low}..{high}, not {shown(value)}")
    return value


def _numpy_integer(value: object) -> bool:
    kind = type(value)
    return is_whole(value) and not isinstance(value, int) and kind.__module__ == "numpy"


def read_whole(text: str, name: str, high: int) -> int:
    """The count ``text`` writes in ASCII digits ``0-9`` only (``str.isdigit`` also passes ``'²'``,
    which ``int`` refuses, and other scripts' digits, which it reads) and at most ``high``, or a
    ``ValueError`` naming ``name`` (never ``int``'s own, which names nothing)."""
    if type(text) is not str or not text or not all("0" <= ch <= "9" for ch in text):
        raise ValueError(f"{name} must be written in digits 0-9, not {shown(text, MAX_SHOWN)}")
    if len(text) > len(str(high)) + 2 or int(text) > high:  # a few leading zeros, never 5,000 digits
        raise ValueError(f"{name} must be at most {high}, not {shown(text, MAX_SHOWN)}")
    return int(text)


MAX_SEED = 10**1000 - 1
"""The largest seed (and ``-MAX_SEED`` the smallest): any whole number the text forms write and read
back — Python converts at most 4,300 digits between int and text, so a larger seed would be accepted
and then break ``to_record``/``to_json``. Records with any seed written so far stay readable."""


def check_seed(seed: object) -> int:
    """A game's ``seed``: a whole number of at most 1,000 digits (numpy's welcome); else a
    ``ValueError`` naming it."""
    if type(seed) is not int and _numpy_integer(seed):
        seed = int(seed)  # type: ignore[call-overload]
    if type(seed) is not int or not -MAX_SEED <= seed <= MAX_SEED:
        raise ValueError(f"seed must be a whole number of at most 1,000 digits, not {shown(seed)}")
    return seed
