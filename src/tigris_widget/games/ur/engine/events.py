"""The events of *Ur*: every state change, in plain language with its rule section.

Seats are ints (named "P0".."P3" in texts), cells ints ``y * 6 + x`` (texts write ``(x,y)``), kinds
letters ``A T C P W`` and pairs names like ``"AT"``.

================  ===========  ===============================================================
kind              rule         data keys
================  ===========  ===============================================================
``place``         §2.5         seat, cell, round
``keep``          §2.6         seat
``restart``       §6.4         seat, cell (3 cubes)
``ziggurat``      §7           seat, cell, left (ziggurats left afterwards)
``action``        §4           seat, action (agri/trade/culture/politics/war), number (1 or 2)
``starve``        §5.1         seat, cells (each lost one cube)
``cubes``         §5.1-§5.3,   seat (whose cubes), cell, count, by (the action's word); one per tile
                  §6           and placement, also the extra cubes (by "extra")
``politics``      §5.4         seat, cell, count (the tile's new count)
``war``           §5.5         seat, attacker, target, defender (seat or None), removed, cost
``move``          §5.5         seat, attacker, target, count
``exchange``      §8           seat, cell (None for a spare), side (None for a spare), took, left
                               (pairs: the tile taken and the tile given up)
``game_over``     §9           reason ("no-exchange", "ziggurats", "turn-limit")
================  ===========  ===============================================================
"""

from __future__ import annotations

from typing import Any

from tigris_widget.core.events import Event

__all__ = ["Event", "say"]


def say(events: list[Event] | None, kind: str, rule: str, text: str, data: dict[str, Any], seat: int | None) -> None:
    """Append an event when events are being collected (playouts pass None and pay nothing)."""
    if events is not None:
        events.append(Event(kind, rule, text, data, seat))
