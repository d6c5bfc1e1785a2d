"""Events: every state change of any game, in plain language with its rule section (contract 6).

Each event has a ``kind`` (a game's own word, e.g. ``"revolt_won"``), the ``rule`` it applies (the
section of that game's rules reference), a ``text`` for people, ``data`` for programs (plain JSON
values), the ``seat`` it is about and whether it is ``public``. Each game documents its kinds and
their data keys beside its engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

_SCALARS = frozenset((int, str, bool, float, type(None)))


def _freeze(value: Any) -> Any:
    """Read-only all the way down: an event handed out can't change the game's history. Dicts and
    lists are the fresh ones ``narrate.say`` callers build, so their values are frozen in place and
    the dict wrapped, not copied (this runs for every event a logged game writes)."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is dict:
        for k, v in value.items():
            if type(v) not in _SCALARS:
                value[k] = _freeze(v)
        return MappingProxyType(value)
    if kind is list or kind is tuple:
        return tuple(v if type(v) in _SCALARS else _freeze(v) for v in value)
    if isinstance(value, Mapping):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    return value


def _thaw(value: Any) -> Any:
    """Plain JSON values (dicts and lists) again, for ``to_dict``."""
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


class _EventFields(NamedTuple):
    kind: str
    rule: str
    text: str
    data: Mapping[str, Any]
    seat: int | None
    public: bool


class Event(_EventFields):
    """One thing that happened, e.g. ``Event("revolt_won", "§8.6", "Lion wins the revolt 4–3 …")``.

    Fields: ``kind``, ``rule`` (the section applied), ``text`` (plain language), ``data`` (the facts,
    see the table above), ``seat`` (the player it is about, if any) and ``public`` (False for events
    only their player may see: what he drew). Everything is read-only — ``data``'s lists are kept as
    tuples and its objects as read-only mappings — so an event handed out can't change a game's
    history; ``to_dict`` gives plain JSON. (A named tuple: logged games write thousands of events.)
    """

    __slots__ = ()

    def __new__(
        cls, kind: str, rule: str, text: str, data: Mapping[str, Any] | None = None, seat: int | None = None,
        public: bool = True,
    ) -> Event:  # fmt: skip
        if type(data) is dict:  # the usual case (``narrate.say``): freeze nested values in place, wrap
            for k, v in data.items():
                if type(v) not in _SCALARS:
                    data[k] = _freeze(v)
            frozen: Mapping[str, Any] = MappingProxyType(data)
        else:
            frozen = _freeze(data if data is not None else {})
        return tuple.__new__(cls, (kind, rule, text, frozen, seat, public))

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"

    def __repr__(self) -> str:
        return (f"Event(kind={self.kind!r}, rule={self.rule!r}, text={self.text!r}, data={_thaw(self.data)!r}, "
                f"seat={self.seat!r}, public={self.public!r})")  # fmt: skip

    def visible_to(self, seat: int | None) -> bool:
        """May ``seat`` read this event? (None: the all-seeing view, which reads everything.)"""
        return self.public or seat is None or self.seat == seat

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "rule": self.rule, "text": self.text, "data": _thaw(self.data), "seat": self.seat,
                "public": self.public}  # fmt: skip
