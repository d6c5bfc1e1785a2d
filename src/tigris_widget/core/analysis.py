"""What a search found, as plain data every game fills in and every dashboard reads.

A game's ``analyze`` hook (``core.protocol.GameModule``) yields ``Analysis`` objects, better ones as
the search goes on; ``BotInspector``, ``BotMatch`` and the game review read only this model, so they
show any game. One unit per analysis: every value is the deciding seat's chance to win (or share of
the win) as the search estimates it, 0..1; heat maps hold differences to the best candidate in that unit.

A candidate's ``actions`` are what the player would do, as notation text: one action in a game
whose decisions are single actions (T&E), the steps of a whole turn in one whose turns are many small
steps (Ur). ``report`` keeps the game's own JSON form of the analysis (its extra detail), and
``analysis["key"]`` reads it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

Z95 = 1.96
"""Half-width of a 95 % interval in standard errors."""


@dataclass(frozen=True)
class Candidate:
    """One choice the search considered."""

    actions: tuple[str, ...]
    """The action, or the steps of a whole turn, as notation text."""
    visits: int
    value: float | None
    """The mover's value after it (the analysis' unit, 0..1); None when the search never tried it."""
    low: float | None = None
    high: float | None = None
    """An interval around ``value`` (about 95 %: mean ± 1.96 standard errors, clamped to 0..1)."""
    reason: str = ""
    """Why, in words: what the move changes on the board and for the score."""
    line: tuple[str, ...] = ()
    """What the search expects to follow (the other players' answers first)."""
    values: tuple[float, ...] = ()
    """Every seat's value after it, by seat (for charts over a game); empty when not searched."""

    @property
    def text(self) -> str:
        """The action(s) as one line (``"; "`` between a turn's steps)."""
        return "; ".join(self.actions)


def interval(mean: float, stderr: float) -> tuple[float, float]:
    """(low, high) of ``mean ± Z95·stderr`` within 0..1."""
    return max(0.0, mean - Z95 * stderr), min(1.0, mean + Z95 * stderr)


def stderr_of(total: float, squares: float, visits: int) -> float:
    """The standard error of a mean from the sum and the sum of squares of ``visits`` samples."""
    if visits < 2:
        return 0.0
    mean = total / visits
    return math.sqrt(max(0.0, squares / visits - mean * mean) / (visits - 1))


@dataclass(frozen=True)
class HeatMap:
    """Values on squares: the best candidate touching each square, relative to the best move."""

    label: str
    values: Mapping[int, float]
    """Square → value difference (0 = as good as the best; −0.05 = five points worse)."""

    def informative(self, step: float = 0.005) -> bool:
        """Do the values differ (by more than ``step``, half a shown point)? A map with one value
        everywhere says nothing square by square, so it is not drawn."""
        values = list(self.values.values())
        return len(values) >= 2 and max(values) - min(values) > step


@dataclass(frozen=True)
class Arrow:
    start: int
    end: int


@dataclass(frozen=True)
class Marks:
    """How a candidate is shown on the board: framed squares and arrows (a move, a war)."""

    squares: tuple[int, ...] = ()
    arrows: tuple[Arrow, ...] = ()


@dataclass(frozen=True)
class Table:
    """A small table for the dashboard's details (e.g. a conflict's chances by commitment)."""

    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Analysis:
    """The search's view of one decision (see the module docstring)."""

    game: str
    seat: int
    decision: str
    """What is being decided, as the game names it (``"action"``, ``"turn"``, ``"support"`` …)."""
    final: bool
    unit: str
    """The unit of every value, in words: ``"chance to win"`` or ``"share of the win"``."""
    candidates: tuple[Candidate, ...]
    """Best first (most visited, then highest value)."""
    iterations: int
    seconds: float
    all_seeing: bool = False
    """True when the search read what the seat cannot see (a teaching comparison, never a bot)."""
    hidden_information: bool = False
    """Does the game hide anything from this seat (then a fair analysis samples it)?"""
    explanation: str = ""
    """The recommendation in words, longer than the best candidate's reason where there is more to say."""
    notes: tuple[str, ...] = ()
    """More lines of plain text for the details (expected points, what the search took as given …)."""
    tables: tuple[Table, ...] = ()
    heatmaps: Mapping[str, HeatMap] = field(default_factory=dict)
    default_heatmap: str | None = None
    """The heat map shown first (None: none)."""
    marks: Mapping[str, Marks] = field(default_factory=dict)
    """By candidate ``text``: how to show it on the board."""
    report: Mapping[str, Any] = field(default_factory=dict)
    """The game's own JSON form of this analysis."""

    @property
    def best(self) -> Candidate:
        return self.candidates[0]

    @property
    def value(self) -> float:
        """The best candidate's value (0 when nothing was searched yet)."""
        return (self.candidates[0].value or 0.0) if self.candidates else 0.0

    @property
    def visits(self) -> int:
        return sum(c.visits for c in self.candidates)

    def candidate(self, text: str) -> Candidate | None:
        """The candidate written ``text`` (its ``text``), if the analysis holds it."""
        return next((c for c in self.candidates if c.text == text), None)

    def fairness(self) -> str:
        """One sentence on fair and all-seeing analysis, for this game and mode."""
        if not self.hidden_information:
            return "Nothing is hidden in this game, so a fair and an all-seeing analysis are the same."
        if self.all_seeing:
            return ("All-seeing: the search reads the hidden tiles, so its numbers can differ from the fair ones, "
                    "which average over every hand the player might be facing.")  # fmt: skip
        return ("Fair: the search sees only what this player sees and averages over the hidden tiles; "
                "the all-seeing mode reads them, so its numbers differ by what that knowledge is worth.")  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data (the heat maps' squares as text keys)."""
        data = asdict(self)
        data["heatmaps"] = {k: {"label": h.label, "values": {str(q): v for q, v in h.values.items()}}
                            for k, h in self.heatmaps.items()}  # fmt: skip
        data.pop("report")
        return data

    # the game's own report, read like a dict: ``analysis["best"]``
    def __getitem__(self, key: str) -> Any:
        return self.report[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.report.get(key, default)
