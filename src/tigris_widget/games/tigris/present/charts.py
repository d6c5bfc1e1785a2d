"""T&E's extra chart: each player's four colour scores over the game, the weakest one — the score, by
the final scoring (§15.3), treasures counted as they would be allocated — marked as deciding. Offered to
the shared charts as ``core.protocol.ScoreParts`` (the optional ``score_parts`` hook)."""

from __future__ import annotations

from typing import Any, Protocol

from tigris_widget.core.checks import check_seat
from tigris_widget.core.protocol import ScoreParts
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.rules.scoring import final_results


class Played(Protocol):
    """What this reads of a ``Game`` (the facade sits above the presenter: the package's hook checks the type)."""

    @property
    def players(self) -> int: ...
    @property
    def setup(self) -> Any: ...
    @property
    def is_over(self) -> bool: ...
    def state_at(self, ply: int) -> GameState: ...
    def __len__(self) -> int: ...


COLOURS = ("black", "red", "blue", "green")
INK = ("#222222", "#c62828", "#1565c0", "#2e7d32")
"""Line colours on a light background: the tiles' own colours, darkened to read on white."""
INK_DARK = ("#d0d0d0", "#ff6b6b", "#64b5f6", "#81c784")
"""On a dark background: "black" becomes a light grey (a black line would vanish), the others lighter."""


def score_parts(game: Played, seat: int | None) -> ScoreParts:
    """Every player's colour scores (after treasures) after every action, as ``seat`` sees them: with
    closed scores a seat sees only its own until the game is over (None: everything).

    :raises ValueError: ``seat`` is not one of the game's seats or None."""
    check_seat(seat, game.players)
    public = seat is None or bool(game.setup.open_scores)
    last = len(game)
    values: list[tuple[tuple[int, ...] | None, ...]] = []
    deciding: list[tuple[tuple[int, ...], ...]] = []
    for ply in range(last + 1):
        results = sorted(final_results(game.state_at(ply)), key=lambda r: r.seat)
        shown = public or (ply == last and game.is_over)
        values.append(tuple(tuple(r.final) if shown or r.seat == seat else None for r in results))
        deciding.append(tuple(tuple(i for i, v in enumerate(r.final) if v == min(r.final)) for r in results))
    return ScoreParts(
        "Colour scores at each turn's start — the weakest colour (bold) is the score",
        COLOURS,
        INK,
        INK_DARK,
        tuple(values),
        tuple(deciding),
    )
