"""What a tree search reports (``bots.mcts``): each root action with its visits, value and standard error.

Kept apart from ``bots.mcts`` because that module is compiled by mypyc (``core.build``), which cannot
compile generic dataclasses; these stay ordinary frozen dataclasses, and ``bots.mcts`` re-exports them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

A = TypeVar("A")


@dataclass(frozen=True)
class Candidate(Generic[A]):
    """One root action after the search: how often it was tried and what it is worth to the mover."""

    action: A
    visits: int
    value: float
    """Mean value for the seat to move at the root (its estimated chance of winning)."""
    stderr: float
    """Standard error of ``value`` (0 until the action has two visits)."""


@dataclass(frozen=True)
class SearchResult(Generic[A]):
    candidates: list[Candidate[A]]
    """Every root action tried, most visited first."""
    iterations: int
    seconds: float

    @property
    def best(self) -> A:
        return self.candidates[0].action
