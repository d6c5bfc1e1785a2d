"""Events: every state change, explained in plain language with its rule section (contract 6)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, e.g. ``Event("revolt_won", "§8.6", "Lion wins the revolt 4–3 …")``.

    ``data`` holds the facts as plain JSON values (seats, squares, colours, amounts); ``public``
    is False for events only their player may see (what he drew, what he discarded).
    """

    kind: str
    rule: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    seat: int | None = None
    """The player the event is about, if any."""
    public: bool = True

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "rule": self.rule, "text": self.text, "data": self.data, "seat": self.seat}
