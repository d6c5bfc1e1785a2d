"""Charts drawn from Python with ipycanvas: points per colour over a game, an evaluation curve, and a
game review's curve with its mistakes marked.

The data functions are plain Python (tested without a browser); ``draw_*`` paint an
``ipycanvas.Canvas`` inside ``hold_canvas`` so each redraw is one message to the front end.

Sharp at any device pixel ratio: ``SharpCanvas`` pairs the canvas with a tiny sizer widget that
reports the width the chart is displayed at and the browser's ``devicePixelRatio``; the canvas's
backing store is then that size × the ratio, and the drawing is scaled to match, so lines and text
are drawn at the screen's own resolution instead of being stretched.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from tigris_widget.games.tigris.engine.core.types import COLOUR_NAMES
from tigris_widget.games.tigris.engine.rules.scoring import allocate_treasures
from tigris_widget.games.tigris.game import Game

COLOUR_INK = ("#2b2b2b", "#c0392b", "#2e6fb7", "#2e8b57")
"""Line colours for black, red, blue and green points (readable on light and dark backgrounds)."""
CLASS_INK = {"inaccuracy": "#d4a017", "mistake": "#e67e22", "blunder": "#c0392b"}
"""Marks of a review's inaccuracies, mistakes and blunders on the evaluation curve."""
SEAT_INK = ("#7b3fa0", "#1f8a70", "#b5651d", "#2e6fb7")
FONT = "12px system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"

_SIZER_ESM = """
export default {
  render({ model, el }) {
    el.style.width = "100%";
    el.style.height = "1px";
    const report = () => {
      const w = Math.round(el.getBoundingClientRect().width);
      const dpr = window.devicePixelRatio || 1;
      if (w > 0 && (w !== model.get("css_width") || dpr !== model.get("dpr"))) {
        model.set("css_width", w);
        model.set("dpr", dpr);
        model.save_changes();
      }
    };
    const ro = new ResizeObserver(report);
    ro.observe(el);
    let media = null;
    const watch = () => {
      media = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
      media.addEventListener("change", () => { report(); watch(); }, { once: true });
    };
    watch();
    report();
    return () => ro.disconnect();
  },
};
"""


class ChartSizer(anywidget.AnyWidget):
    """Reports the width (CSS pixels) it is displayed at and the browser's device pixel ratio."""

    _esm = _SIZER_ESM
    css_width = traitlets.Int(0).tag(sync=True)
    dpr = traitlets.Float(1.0).tag(sync=True)

    @traitlets.validate("css_width")
    def _check_width(self, proposal: Any) -> int:
        return max(0, min(8000, int(proposal["value"])))

    @traitlets.validate("dpr")
    def _check_dpr(self, proposal: Any) -> float:
        value = float(proposal["value"])
        return value if math.isfinite(value) and 0.25 <= value <= 8 else 1.0


class SharpCanvas:
    """An ipycanvas ``Canvas`` sized to its displayed width × the device pixel ratio.

    ``draw(canvas, width, height, dpr)`` is called with the size in CSS pixels whenever the size or
    the ratio changes, and by ``redraw``; ``widget`` is what to display (the canvas and its sizer).
    ``to_css(x, y)`` turns mouse coordinates (canvas pixels) into CSS pixels."""

    def __init__(self, height: int, draw: Callable[[Any, float, float, float], None], width: int = 720) -> None:
        from ipycanvas import Canvas

        self.height = height
        self.css_width = width
        self.dpr = 1.0
        self._draw = draw
        self.canvas = Canvas(
            width=width, height=height, layout=widgets.Layout(width=f"{width}px", height=f"{height}px")
        )
        self.sizer = ChartSizer()
        self.sizer.observe(self._resized, names=["css_width", "dpr"])
        self.widget = widgets.VBox([self.sizer, self.canvas], layout=widgets.Layout(width="100%"))

    def _resized(self, _change: object = None) -> None:
        width = self.sizer.css_width
        if width <= 0:
            return
        self.css_width = width
        self.dpr = self.sizer.dpr
        self.canvas.width = round(width * self.dpr)
        self.canvas.height = round(self.height * self.dpr)
        self.canvas.layout.width = f"{width}px"
        self.canvas.layout.height = f"{self.height}px"
        self.redraw()

    def redraw(self) -> None:
        self._draw(self.canvas, float(self.css_width), float(self.height), self.dpr)

    def to_css(self, x: float, y: float) -> tuple[float, float]:
        return x / self.dpr, y / self.dpr


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


def nice_ticks(top: float, count: int = 4) -> list[float]:
    """Round tick values from 0 to at least ``top`` (about ``count`` steps of 1, 2 or 5 × 10ⁿ)."""
    if top <= 0:
        return [0.0, 1.0]
    raw = top / count
    base = 10 ** math.floor(math.log10(raw))
    step = next(m * base for m in (1, 2, 5, 10) if m * base >= raw)
    n = math.ceil(top / step - 1e-9)
    return [i * step for i in range(n + 1)]


def _begin(canvas: Any, dpr: float) -> None:
    canvas.reset_transform()
    canvas.clear()
    canvas.set_transform(dpr, 0, 0, dpr, 0, 0)
    canvas.font = FONT
    canvas.text_baseline = "alphabetic"


def _axes(canvas: Any, box: tuple[float, float, float, float], x_ticks: Sequence[tuple[float, str]],
          y_ticks: Sequence[tuple[float, str]], x_label: str, y_label: str, text: str, grid: str) -> None:  # fmt: skip
    """Axis lines, tick labels and axis titles in the plot ``box`` (left, top, right, bottom)."""
    left, top, right, bottom = box
    canvas.line_width = 1
    canvas.stroke_style = grid
    canvas.fill_style = text
    canvas.text_align = "right"
    for y, label in y_ticks:
        canvas.stroke_line(left, y, right, y)
        canvas.fill_text(label, left - 5, y + 4)
    canvas.text_align = "center"
    for x, label in x_ticks:
        canvas.stroke_line(x, bottom, x, bottom + 4)
        canvas.fill_text(label, x, bottom + 16)
    canvas.stroke_style = text
    canvas.stroke_line(left, bottom, right, bottom)
    canvas.stroke_line(left, top, left, bottom)
    canvas.text_align = "right"
    canvas.fill_text(x_label, right, bottom + 30)
    canvas.text_align = "left"
    canvas.fill_text(y_label, left, top - 8)


def _x_ticks(last: int, left: float, right: float) -> list[tuple[float, str]]:
    values = [v for v in nice_ticks(last, max(2, min(8, int((right - left) / 70)))) if v <= last]
    return [(left + (right - left) * v / max(1, last), f"{v:.0f}") for v in values]


def _palette(dark: bool) -> tuple[str, str]:
    return ("#dddddd", "rgba(255,255,255,0.12)") if dark else ("#333333", "rgba(0,0,0,0.08)")


def draw_scores(canvas: Any, series: ScoreSeries, ply: int, *, dark: bool = False, width: float | None = None,
                height: float | None = None, dpr: float = 1.0) -> None:  # fmt: skip
    """One panel per player: four colour lines over the game, the weakest colour drawn bold, a
    cursor at ``ply``, and labelled axes (points; actions). ``width``/``height`` are the CSS size
    (default: the canvas's pixels / ``dpr``)."""
    from ipycanvas import hold_canvas

    width = canvas.width / dpr if width is None else width
    height = canvas.height / dpr if height is None else height
    players = len(series.dynasties)
    panel = width / players
    top = max(1, max(max(row) for rows in series.points for row in rows))
    last = max(1, len(series.points) - 1)
    text, grid = _palette(dark)
    y_values = nice_ticks(top, 3)
    top_value = y_values[-1]
    with hold_canvas():
        _begin(canvas, dpr)
        for seat, name in enumerate(series.dynasties):
            left = seat * panel + 34
            right = (seat + 1) * panel - 12
            bottom, ceiling = height - 36, 34

            def x_of(p: float, left: float = left, right: float = right) -> float:
                return left + (right - left) * p / last

            def y_of(v: float, bottom: float = bottom, ceiling: float = ceiling) -> float:
                return bottom - (bottom - ceiling) * v / top_value

            weakest = series.weakest(ply, seat)
            canvas.fill_style = text
            canvas.text_align = "left"
            canvas.fill_text(f"{name.capitalize()}: score {min(series.points[ply][seat])} "
                             f"(weakest {COLOUR_NAMES[weakest]})", left, 13)  # fmt: skip
            _axes(canvas, (left, ceiling, right, bottom), _x_ticks(last, left, right),
                  [(y_of(v), f"{v:.0f}") for v in y_values], "actions", "points", text, grid)  # fmt: skip
            for colour in range(4):
                canvas.stroke_style = "#bbbbbb" if dark and colour == 0 else COLOUR_INK[colour]
                canvas.line_width = 3.5 if colour == weakest else 1.4
                canvas.begin_path()
                canvas.move_to(x_of(0), y_of(series.points[0][seat][colour]))
                for p in range(1, len(series.points)):
                    canvas.line_to(x_of(p), y_of(series.points[p][seat][colour]))
                canvas.stroke()
            canvas.stroke_style = "#e67e22"
            canvas.line_width = 1.5
            canvas.stroke_line(x_of(ply), bottom, x_of(ply), ceiling)


def draw_evaluation(canvas: Any, values: Mapping[int, float] | Sequence[float], ply: int, *, label: str = "",
                    dark: bool = False, width: float | None = None, height: float | None = None, dpr: float = 1.0,
                    last: int | None = None, marks: Sequence[tuple[int, float, str]] = ()) -> None:  # fmt: skip
    """A 0–1 curve (a win chance) by ply with a cursor at ``ply``, the 50 % line, labelled axes, and
    ``marks`` — (ply, value, class) of a review's inaccuracies, mistakes and blunders — as dots."""
    from ipycanvas import hold_canvas

    points = sorted(values.items()) if isinstance(values, Mapping) else list(enumerate(values))
    width = canvas.width / dpr if width is None else width
    height = canvas.height / dpr if height is None else height
    left, right, bottom, ceiling = 44, width - 12, height - 36, 30
    last = max([1, ply, *(p for p, _ in points)]) if last is None else max(1, last)
    text, grid = _palette(dark)

    def x_of(p: float) -> float:
        return left + (right - left) * p / last

    def y_of(v: float) -> float:
        return bottom - (bottom - ceiling) * max(0.0, min(1.0, v))

    with hold_canvas():
        _begin(canvas, dpr)
        _axes(canvas, (left, ceiling, right, bottom), _x_ticks(last, left, right),
              [(y_of(v), f"{100 * v:.0f} %") for v in (0.0, 0.25, 0.5, 0.75, 1.0)], "actions",
              label or "evaluation", text, grid)  # fmt: skip
        canvas.stroke_style = text
        canvas.set_line_dash([4, 4])
        canvas.stroke_line(left, y_of(0.5), right, y_of(0.5))
        canvas.set_line_dash([])
        if points:
            canvas.stroke_style = "#7b3fa0"
            canvas.line_width = 2
            canvas.begin_path()
            for i, (p, v) in enumerate(points):
                if i == 0:
                    canvas.move_to(x_of(p), y_of(v))
                else:
                    canvas.line_to(x_of(p), y_of(v))
            canvas.stroke()
        for p, v, kind in marks:
            canvas.fill_style = CLASS_INK.get(kind, "#e67e22")
            canvas.fill_circle(x_of(p), y_of(v), 5 if kind == "blunder" else 4)
        if marks:  # the key of the marks, top right
            x = right
            canvas.text_align = "right"
            for kind in ("blunder", "mistake", "inaccuracy"):
                canvas.fill_style = text
                canvas.fill_text(kind, x, ceiling - 8)
                x -= len(kind) * 6.6 + 10
                canvas.fill_style = CLASS_INK[kind]
                canvas.fill_circle(x + 4, ceiling - 12, 4)
                x -= 14
        canvas.stroke_style = "#e67e22"
        canvas.line_width = 1.5
        canvas.stroke_line(x_of(ply), bottom, x_of(ply), ceiling)


def ply_at(x: float, width: float, last: int) -> int:
    """The ply under a horizontal CSS position of an evaluation chart ``width`` wide (see ``draw_evaluation``)."""
    left, right = 44, width - 12
    t = (x - left) / max(1.0, right - left)
    return max(0, min(last, round(t * last)))
