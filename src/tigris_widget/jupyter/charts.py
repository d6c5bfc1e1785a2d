"""Charts drawn from Python with ipycanvas: points per colour over a game, and an evaluation curve.

The data functions are plain Python (tested without a browser); ``draw_*`` paint an
``ipycanvas.Canvas`` inside ``hold_canvas`` so each redraw is one message to the front end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tigris_widget.engine.core.types import COLOUR_NAMES
from tigris_widget.engine.rules.scoring import allocate_treasures
from tigris_widget.game import Game

COLOUR_INK = ("#2b2b2b", "#c0392b", "#2e6fb7", "#2e8b57")
"""Line colours for black, red, blue and green points (readable on light and dark backgrounds)."""


@dataclass(frozen=True)
class ScoreSeries:
    """Each player's points per colour after every action (treasures allocated as wild points)."""

    dynasties: tuple[str, ...]
    points: tuple[tuple[tuple[int, int, int, int], ...], ...]
    """``points[ply][seat]``: (black, red, blue, green) after ``ply`` actions, treasures included."""
    turn_starts: tuple[int, ...]
    """The plies at which a new turn begins."""

    def weakest(self, ply: int, seat: int) -> int:
        """The colour that is the seat's score at ``ply`` (ties: the first in black/red/blue/green order)."""
        row = self.points[ply][seat]
        return row.index(min(row))


def score_series(game: Game, seat: int | None = None) -> ScoreSeries:
    """Points over the game as ``seat`` may see them (None: everything; hidden scores show as 0)."""
    points = []
    turn_starts = [0]
    previous_turn = game.state_at(0).turn
    for ply in range(len(game) + 1):
        s = game.state_at(ply)
        if s.turn != previous_turn:
            turn_starts.append(ply)
            previous_turn = s.turn
        visible = seat is None or s.setup.open_scores or s.over
        row = []
        for p in range(s.players):
            if visible or p == seat:
                vp = tuple(s.points(p))
                row.append(allocate_treasures(vp, s.treasures_taken[p]))
            else:
                row.append((0, 0, 0, 0))
        points.append(tuple(row))
    return ScoreSeries(tuple(game.state.setup.dynasties), tuple(points), tuple(turn_starts))


def draw_scores(canvas: Any, series: ScoreSeries, ply: int, *, dark: bool = False) -> None:
    """One panel per player: four colour lines over the game, the weakest colour drawn bold, and a
    cursor at ``ply``."""
    from ipycanvas import hold_canvas

    width, height = canvas.width, canvas.height
    players = len(series.dynasties)
    panel = width / players
    top = max(1, max(max(row) for rows in series.points for row in rows))
    last = max(1, len(series.points) - 1)
    text = "#dddddd" if dark else "#333333"
    with hold_canvas():
        canvas.clear()
        canvas.font = "12px sans-serif"
        for seat, name in enumerate(series.dynasties):
            left = seat * panel + 28
            right = (seat + 1) * panel - 8
            bottom, ceiling = height - 18, 20

            def x_of(p: int, left: float = left, right: float = right) -> float:
                return left + (right - left) * p / last

            def y_of(v: float, bottom: float = bottom, ceiling: float = ceiling) -> float:
                return bottom - (bottom - ceiling) * v / top

            weakest = series.weakest(ply, seat)
            canvas.fill_style = text
            canvas.fill_text(f"{name.capitalize()}: {min(series.points[ply][seat])} "
                             f"(weakest: {COLOUR_NAMES[weakest]})", left, 14)  # fmt: skip
            canvas.stroke_style = text
            canvas.line_width = 1
            canvas.stroke_line(left, bottom, right, bottom)
            canvas.stroke_line(left, bottom, left, ceiling)
            canvas.fill_text(str(top), left - 24, ceiling + 8)
            for colour in range(4):
                canvas.stroke_style = COLOUR_INK[colour]
                canvas.line_width = 3.5 if colour == weakest else 1.2
                canvas.begin_path()
                canvas.move_to(x_of(0), y_of(series.points[0][seat][colour]))
                for p in range(1, len(series.points)):
                    canvas.line_to(x_of(p), y_of(series.points[p][seat][colour]))
                canvas.stroke()
            canvas.stroke_style = "#e67e22"
            canvas.line_width = 1
            canvas.stroke_line(x_of(ply), bottom, x_of(ply), ceiling)


def draw_evaluation(canvas: Any, values: Mapping[int, float] | Sequence[float], ply: int, *, label: str = "",
                    dark: bool = False) -> None:  # fmt: skip
    """A 0–1 curve (e.g. a bot's win probability) by ply, with a cursor at ``ply``."""
    from ipycanvas import hold_canvas

    points = sorted(values.items()) if isinstance(values, Mapping) else list(enumerate(values))
    width, height = canvas.width, canvas.height
    left, right, bottom, ceiling = 28, width - 8, height - 18, 20
    last = max([1, ply, *(p for p, _ in points)])
    text = "#dddddd" if dark else "#333333"
    with hold_canvas():
        canvas.clear()
        canvas.font = "12px sans-serif"
        canvas.fill_style = text
        canvas.fill_text(label or "evaluation", left, 14)
        canvas.stroke_style = text
        canvas.stroke_line(left, bottom, right, bottom)
        canvas.stroke_line(left, (bottom + ceiling) / 2, right, (bottom + ceiling) / 2)
        canvas.fill_text("1", left - 14, ceiling + 8)
        canvas.fill_text("0", left - 14, bottom)
        if points:
            canvas.stroke_style = "#8e44ad"
            canvas.line_width = 2
            canvas.begin_path()
            for i, (p, v) in enumerate(points):
                x = left + (right - left) * p / last
                y = bottom - (bottom - ceiling) * max(0.0, min(1.0, v))
                if i == 0:
                    canvas.move_to(x, y)
                else:
                    canvas.line_to(x, y)
            canvas.stroke()
        canvas.stroke_style = "#e67e22"
        x = left + (right - left) * ply / last
        canvas.stroke_line(x, bottom, x, ceiling)
