"""Final scoring (rules §15): treasures as wild points, the weakest colour, the full tie-break."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import COLOUR_NAMES

N = TypeVar("N", int, float)


@dataclass(frozen=True)
class PlayerResult:
    seat: int
    dynasty: str
    vp: tuple[int, int, int, int]
    """VP per colour (black, red, blue, green) before treasures."""
    treasures: int
    final: tuple[int, int, int, int]
    """VP per colour after the treasures were allocated."""
    score: int
    """The weakest colour: the player's score (§15.3)."""
    rank: int
    """1 for the winner(s); tied players share a rank (§15.4)."""

    @property
    def points(self) -> int:
        """The score (the weakest colour), under the name every game's standings use."""
        return self.score

    @property
    def place(self) -> int:
        """The rank, under the name every game's standings use."""
        return self.rank

    @property
    def tiebreak(self) -> tuple[int, ...]:
        return tuple(sorted(self.final))

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "dynasty": self.dynasty,
            "vp": dict(zip(COLOUR_NAMES, self.vp)),
            "treasures": self.treasures,
            "final": dict(zip(COLOUR_NAMES, self.final)),
            "score": self.score,
            "rank": self.rank,
        }


def allocate_treasures(vp: Sequence[N], treasures: int) -> tuple[N, N, N, N]:
    """The points per colour after ``treasures`` are spent as wild points (see ``spend_treasures``)."""
    final = list(vp)
    spend_treasures(final, treasures)
    return (final[0], final[1], final[2], final[3])


def spend_treasures(points: list[N], treasures: int) -> None:
    """§15, in place: each treasure, one at a time, to a currently lowest colour (the first of them in
    colour order), which is the lexicographically best allocation. Works on projected (float) points."""
    for _ in range(treasures):
        # (mypyc's checker reads float as int | float, so it calls the sum no N: the ignore is for it)
        points[points.index(min(points))] += 1  # type: ignore[assignment, unused-ignore]


def rank_players(vectors: list[tuple[int, ...]]) -> list[int]:
    """Ranks (1 = best) from ascending-sorted colour vectors compared from the weakest up (§15.4)."""
    return [1 + sum(other > mine for other in vectors) for mine in vectors]


def final_results(s: GameState) -> list[PlayerResult]:
    """Each player's result in seat order (valid at any moment; meaningful once the game is over)."""
    rows = []
    for p in range(s.players):
        vp = (s.vp[p * 4], s.vp[p * 4 + 1], s.vp[p * 4 + 2], s.vp[p * 4 + 3])
        rows.append((p, vp, s.treasures_taken[p], allocate_treasures(vp, s.treasures_taken[p])))
    ranks = rank_players([tuple(sorted(final)) for *_, final in rows])
    return [
        PlayerResult(p, s.setup.dynasties[p], vp, t, final, min(final), rank)
        for (p, vp, t, final), rank in zip(rows, ranks)
    ]
