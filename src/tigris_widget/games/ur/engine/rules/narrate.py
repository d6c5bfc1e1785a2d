"""Plain-language names in event texts: seats, and the cubes an action gives a tile."""

from __future__ import annotations

from tigris_widget.core.events import Event
from tigris_widget.games.ur.engine.board import cell_name
from tigris_widget.games.ur.engine.events import say


def who(seat: int) -> str:
    return f"P{seat}"


def say_placed(events: list[Event] | None, p: int, c: int, k: int, by: str, rule: str) -> None:
    if events is not None and k:
        say(events, "cubes", rule, f"{who(p)} gets {k} cube{'s' if k > 1 else ''} on {cell_name(c)} ({by})",
            {"seat": p, "cell": c, "count": k, "by": by}, p)  # fmt: skip
