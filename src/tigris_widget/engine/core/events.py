"""Events: every state change, explained in plain language with its rule section (contract 6).

Each event has a ``text`` for people, the ``rule`` it applies, and ``data`` for programs: plain
JSON values under the names below. Seats are ints, colours are names (``"red"``), squares are ints
``y * 16 + x`` (lists for several), and a square or colour that does not apply is ``None``.
Every event that awards victory points lists them in ``points``: ``[{"seat", "colour", "amount"}]``.

=====================  =====================  ==========================================================
kind                   rule                   data keys
=====================  =====================  ==========================================================
``tile_placed``        §6.2                   seat, colour, square
``vp``                 §6.2, §17.6            seat, colour, leader (colour of the scoring leader: the
                                              king when he stands in), points
``unification``        §9.2                   seat, square (the unifying tile: the marker goes on it)
``leader_placed``      §6.1                   seat, colour, square
``leader_moved``       §6.1                   seat, colour, square, from
``leader_withdrawn``   §6.1                   seat, colour, from
``catastrophe``        §6.3                   seat, square, destroyed (colour of the tile destroyed or
                                              None), removed (list: the destroyed tile's square, or [])
``swap``               §6.4                   seat, count
``draw``               §13.2                  seat, count
``drawn_tiles``        §13.2                  seat, tiles (colour codes, e.g. ``"rrb"``) — private
``pass``               §5                     seat, unused (actions left unused)
``revolt``, ``war``    §8.1, §9.4             the conflict: colour (the leaders'), support (colour of the
                                              supporting tiles: red in a revolt), attacker, defender
                                              (seats), attacker_square, defender_square, attacker_base,
                                              defender_base (supporters on the board)
``commit``             §8.4, §9.6             seat, side ("attacker"/"defender"), colour, count, strength
``revolt_won``,        §8.6, §9.8             the conflict keys, plus attacker_commit, defender_commit,
``war_won``                                   attacker_strength, defender_strength, winner, loser
                                              (seats), loser_square (the leader sent home), removed
                                              (list: tiles removed, [] in a revolt), points
``war_order``          §9.3                   seat, colours (the wars pending)
``unification_end``    §9.9 or §9.10 (no war) square (where the marker was)
``leader_lost_temple`` §12                    seat, colour, square
``building``           §17.2, §17.3           seat, colour, square, from (None when newly built)
``building_returned``  §17.4                  colour, square
``monument``           §10.4                  seat, monument (index), colours (its two), square
                                              (top-left), squares (the four turned face down)
``ziggurat``           §18.2                  seat, square (centre), squares (the five replaced)
``monument_vp``        §10.6                  seat, colour, monument, square (top-left), points
``ziggurat_vp``        §18.4                  seat, colour, points
``treasure``           §11.3, §11.4           seat, squares
``bag_empty``          §14.2                  immediate (True: the game ends now)
``treasures_end``      §14.1                  treasures (how many are left)
``game_over``          §15                    results (list of {"seat", "rank", "score"}, best first)
=====================  =====================  ==========================================================

Only ``drawn_tiles`` is private (``public`` False): it is for its ``seat`` alone.
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
