"""Charts drawn from Python with ipycanvas: every seat's score over a game, an evaluation curve, and a
game review's curve with its mistakes marked. They serve every game: the scores are the rules
protocol's ``standings()`` (each game's own final scoring, counted after every action).

The data functions are plain Python (tested without a browser); ``draw_*`` paint an
``ipycanvas.Canvas`` inside ``hold_canvas`` so each redraw is one message to the front end.

Sharp at any device pixel ratio and in either theme: ``SharpCanvas`` pairs the canvas with a tiny
sizer widget that reports the width the chart is displayed at, the browser's ``devicePixelRatio`` and
whether the page is dark (JupyterLab's theme, else the page's background); the canvas's backing store
is then that size × the ratio, the drawing is scaled to match, and the palette follows the theme.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from tigris_widget.core import hooks
from tigris_widget.core.protocol import GameLike, ScoreParts
from tigris_widget.core.registry import game_module
from tigris_widget.jupyter.arguments import check_theme

CLASS_INK = {"inaccuracy": "#d4a017", "mistake": "#e67e22", "blunder": "#c0392b"}
"""Marks of a review's inaccuracies, mistakes and blunders on the evaluation curve."""
SEAT_INK = ("#7b3fa0", "#1f8a70", "#d35400", "#2e6fb7", "#b03060")
"""One line colour per seat, readable on light and dark backgrounds (seat colours themselves may be
black or white); each seat also has its own dash pattern (``SEAT_DASH``), so colour is never the only cue."""
SEAT_DASH: tuple[tuple[int, ...], ...] = ((), (7, 4), (2, 3), (9, 3, 2, 3), (4, 4))
FONT = "12px system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif"

_SIZER_ESM = """
export default {
  render({ model, el }) {
    el.style.width = "100%";
    el.style.height = "1px";
    // dark: JupyterLab's theme flag, else the luminance of the first opaque background behind us
    const isDark = () => {
      const flag = document.body.dataset.jpThemeLight;
      if (flag === "true" || flag === "false") return flag === "false";
      for (let node = el; node; node = node.parentElement) {
        const m = getComputedStyle(node).backgroundColor.match(/[\\d.]+/g);
        if (m && (m.length < 4 || Number(m[3]) > 0.5)) {
          return 0.2126 * Number(m[0]) + 0.7152 * Number(m[1]) + 0.0722 * Number(m[2]) < 110;
        }
      }
      return matchMedia("(prefers-color-scheme: dark)").matches;
    };
    const report = () => {
      const w = Math.round(el.getBoundingClientRect().width);
      const dpr = window.devicePixelRatio || 1;
      const dark = isDark();
      if (w > 0 && (w !== model.get("css_width") || dpr !== model.get("dpr") || dark !== model.get("dark"))) {
        model.set("css_width", w);
        model.set("dpr", dpr);
        model.set("dark", dark);
        model.save_changes();
      }
    };
    const ro = new ResizeObserver(report);
    ro.observe(el);
    const themes = new MutationObserver(report);  // JupyterLab switches themes on <body>
    themes.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light", "class", "style"] });
    let media = null;
    const watch = () => {
      media = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
      media.addEventListener("change", () => { report(); watch(); }, { once: true });
    };
    watch();
    report();
    return () => { ro.disconnect(); themes.disconnect(); };
  },
};
"""


class ChartSizer(anywidget.AnyWidget):
    """Reports the width (CSS pixels) it is displayed at, the browser's device pixel ratio and whether
    the page around it is dark."""

    _esm = _SIZER_ESM
    css_width = traitlets.Int(0).tag(sync=True)
    dpr = traitlets.Float(1.0).tag(sync=True)
    dark = traitlets.Bool(False).tag(sync=True)

    @traitlets.validate("css_width")
    def _check_width(self, proposal: Any) -> int:
        return max(0, min(8000, int(proposal["value"])))

    @traitlets.validate("dpr")
    def _check_dpr(self, proposal: Any) -> float:
        value = float(proposal["value"])
        return value if math.isfinite(value) and 0.25 <= value <= 8 else 1.0


class SharpCanvas:
    """An ipycanvas ``Canvas`` sized to its displayed width × the device pixel ratio, in the page's theme.

    ``draw(canvas, width, height, dpr, dark)`` is called with the size in CSS pixels whenever the size,
    the ratio or the theme changes, and by ``redraw``; ``widget`` is what to display (the canvas and
    its sizer). ``theme`` is ``"auto"`` (follow the page), ``"light"`` or ``"dark"``. ``to_css(x, y)``
    turns mouse coordinates (canvas pixels) into CSS pixels. ``height_for(width)``, when given, sets the
    height for each displayed width (a chart whose panels wrap grows taller when narrow)."""

    def __init__(
        self, height: int, draw: Callable[[Any, float, float, float, bool], None], width: int = 720,
        theme: str = "auto", height_for: Callable[[float], int] | None = None,
    ) -> None:  # fmt: skip
        from ipycanvas import Canvas

        check_theme(theme)
        self.height_for = height_for
        self.height = height_for(width) if height_for is not None else height
        self.css_width = width
        self.dpr = 1.0
        self.theme = theme
        self._draw = draw
        self.canvas = Canvas(
            width=width, height=self.height,
            layout=widgets.Layout(width=f"{width}px", max_width="100%", height=f"{self.height}px"),
        )  # fmt: skip
        self.sizer = ChartSizer()
        self.sizer.observe(self._resized, names=["css_width", "dpr", "dark"])
        self.widget = widgets.VBox([self.sizer, self.canvas], layout=widgets.Layout(width="100%"))

    @property
    def dark(self) -> bool:
        """Whether the chart is drawn for a dark background (the page's theme unless ``theme`` says)."""
        return self.theme == "dark" or (self.theme == "auto" and self.sizer.dark)

    def _resized(self, _change: object = None) -> None:
        width = self.sizer.css_width
        if width <= 0:
            return
        self.css_width = width
        self.dpr = self.sizer.dpr
        if self.height_for is not None:
            self.height = self.height_for(width)
        self.canvas.width = round(width * self.dpr)
        self.canvas.height = round(self.height * self.dpr)
        self.canvas.layout.width = f"{width}px"
        self.canvas.layout.height = f"{self.height}px"
        self.redraw()

    def redraw(self) -> None:
        self._draw(self.canvas, float(self.css_width), float(self.height), self.dpr, self.dark)

    def to_css(self, x: float, y: float) -> tuple[float, float]:
        return x / self.dpr, y / self.dpr


@dataclass(frozen=True)
class ScoreSeries:
    """Every seat's score after every action, by its game's own final scoring (``standings()``)."""

    names: tuple[str, ...]
    """The seats' names as the game's board writes them."""
    points: tuple[tuple[int | None, ...], ...]
    """``points[ply][seat]`` after ``ply`` actions; None where the chart's seat may not see it."""
    turn_starts: tuple[int, ...]
    """The plies at which a new turn (or setup step) begins."""
    title: str = "score"
    """The game's name for what is counted (the game's title is added by the chart)."""

    def at(self, ply: int) -> tuple[int | None, ...]:
        return self.points[ply]


def _standings_by_ply(game: GameLike) -> list[dict[int, int]]:
    """``standings()`` after every ply: a copy of the game is taken back one action at a time."""
    copy = game.clone()
    rows: list[dict[int, int]] = []
    for _ in range(len(game) + 1):
        rows.append({int(r.seat): int(r.points) for r in copy.standings()})
        if len(copy):
            copy.undo()
    rows.reverse()
    return rows


def score_series(game: GameLike, seat: int | None = None) -> ScoreSeries:
    """Every seat's score over ``game`` as ``seat`` may see it (None: everything). Where the game keeps
    scores hidden, a seat sees only its own until the game is over."""
    module = game_module(game.name)
    view = module.present(game, None, 0, log_window=0)
    names = tuple(str(s["name"]) for s in view["seats"])
    public = seat is None or module.scores_public(game)
    rows = _standings_by_ply(game)
    last = len(rows) - 1
    points = tuple(
        tuple(row.get(p) if public or p == seat or (ply == last and game.is_over) else None
              for p in range(len(names)))
        for ply, row in enumerate(rows)
    )  # fmt: skip
    return ScoreSeries(names, points, tuple(module.turn_starts(game)), f"{module.TITLE} score")


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
    if x_label:
        canvas.fill_text(x_label, right, bottom + 30)
    if y_label:
        canvas.text_align = "left"
        canvas.fill_text(y_label, left, top - 8)


def _x_ticks(last: int, left: float, right: float) -> list[tuple[float, str]]:
    values = [v for v in nice_ticks(last, max(2, min(8, int((right - left) / 70)))) if v <= last]
    return [(left + (right - left) * v / max(1, last), f"{v:.0f}") for v in values]


CHAR_WIDTH = 6.8
"""A generous estimate of one character's width in ``FONT`` (CSS pixels), for laying text out."""


def text_width(text: str) -> float:
    return CHAR_WIDTH * len(text)


def wrap(text: str, width: float) -> list[str]:
    """``text`` cut at spaces into lines at most ``width`` CSS pixels wide (a longer word is cut)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        while text_width(word) > width and len(word) > 1:  # a word wider than the chart: cut it
            keep = max(1, int(width // CHAR_WIDTH))
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:keep])
            word = word[keep:]
        candidate = f"{line} {word}" if line else word
        if line and text_width(candidate) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    return [*lines, line] if line else lines


def _palette(dark: bool) -> tuple[str, str]:
    """Text and grid colours for a light or a dark background."""
    return ("#e6e6e6", "rgba(255,255,255,0.16)") if dark else ("#333333", "rgba(0,0,0,0.08)")


CURSOR_INK = "#e67e22"
"""The line at the shown ply (orange: neither a seat's colour nor the grid's)."""


def draw_scores(canvas: Any, series: ScoreSeries, ply: int, *, dark: bool = False, width: float | None = None,
                height: float | None = None, dpr: float = 1.0) -> None:  # fmt: skip
    """One line per seat (its own colour and dash) through the scores at every turn's start and at the
    end — a turn half played can show a score that means nothing (cubes lifted by a regrouping, a
    conflict half resolved) —, a cursor at ``ply``, the scores there in the key above the plot (as the
    board's own panel shows them; the key wraps in a narrow chart), and labelled axes (points; moves, each one action, as the board counts them). ``width``/``height`` are the CSS size (default: the
    canvas's pixels / ``dpr``); ``dark`` draws for a dark background."""
    from ipycanvas import hold_canvas

    width = canvas.width / dpr if width is None else width
    height = canvas.height / dpr if height is None else height
    last = max(1, len(series.points) - 1)
    plies = sorted({0, *(p for p in series.turn_starts if p <= last), len(series.points) - 1})
    seen = [v for p in plies for v in series.points[p] if v is not None]
    top_value = nice_ticks(max(1, max(seen, default=1)), 3)[-1]
    y_values = nice_ticks(top_value, 3)
    text, grid = _palette(dark)
    left, right, bottom = 40, width - 12, height - 36
    labels = [f"{name} {'?' if v is None else v}" for name, v in zip(series.names, series.points[ply])]
    title = wrap(f"{series.title} at each turn's start", right - left)
    key: list[tuple[float, float]] = []  # where each seat's key entry starts: wrapped to the chart's width
    x, y = float(left), 13.0 + 16 * len(title) - 2
    for label in labels:
        size = 27 + 7.2 * len(label) + 16
        if key and x + size - 16 > right:
            x, y = float(left), y + 17
        key.append((x, y))
        x += size
    ceiling = y + 13

    def x_of(p: float) -> float:
        return left + (right - left) * p / last

    def y_of(v: float) -> float:
        return bottom - (bottom - ceiling) * v / top_value

    with hold_canvas():
        _begin(canvas, dpr)
        _axes(canvas, (left, ceiling, right, bottom), _x_ticks(last, left, right),
              [(y_of(v), f"{v:.0f}") for v in y_values], "moves", "", text, grid)  # fmt: skip
        canvas.fill_style = text
        canvas.text_align = "left"
        for i, line in enumerate(title):
            canvas.fill_text(line, left, 13 + 16 * i)
        for seat, label in enumerate(labels):  # the key: each seat's line and its score at the cursor
            ink, dash = SEAT_INK[seat % len(SEAT_INK)], SEAT_DASH[seat % len(SEAT_DASH)]
            kx, ky = key[seat]
            canvas.stroke_style = ink
            canvas.line_width = 2.5
            canvas.set_line_dash(list(dash))
            canvas.stroke_line(kx, ky, kx + 22, ky)
            canvas.set_line_dash([])
            canvas.fill_style = text
            canvas.fill_text(label, kx + 27, ky + 4)
            canvas.line_width = 2.2
            canvas.set_line_dash(list(dash))
            canvas.begin_path()
            drawing = False
            for p in plies:
                v = series.points[p][seat]
                if v is None:
                    drawing = False
                    continue
                if drawing:
                    canvas.line_to(x_of(p), y_of(v))
                else:
                    canvas.move_to(x_of(p), y_of(v))
                    drawing = True
            canvas.stroke()
            canvas.set_line_dash([])
        canvas.stroke_style = CURSOR_INK
        canvas.line_width = 1.5
        canvas.stroke_line(x_of(ply), bottom, x_of(ply), ceiling)


def _key_rows(entries: Sequence[tuple[str, float]], left: float, right: float) -> list[list[tuple[float, str]]]:
    """Key entries (text, width of the symbol before it) laid out left to right in rows that fit
    between ``left`` and ``right``: ``[[(x of the symbol, text), ...], ...]``."""
    rows: list[list[tuple[float, str]]] = [[]]
    x = left
    for label, symbol in entries:
        size = symbol + text_width(label) + 12
        if rows[-1] and x + size - 12 > right:
            rows.append([])
            x = left
        rows[-1].append((x, label))
        x += size
    return rows


def draw_evaluation(canvas: Any, values: Mapping[int, float] | Sequence[float], ply: int, *, label: str = "",
                    dark: bool = False, width: float | None = None, height: float | None = None, dpr: float = 1.0,
                    last: int | None = None, marks: Sequence[tuple[int, float, str] | tuple[int, float, str, int]] = (),
                    seat_names: Sequence[str] = (), x_label: str = "moves") -> None:  # fmt: skip
    """A 0–1 curve (a win chance) by ply with a cursor at ``ply``, the 50 % line, labelled axes, and
    ``marks`` — (ply, value, class[, seat]) of a review's inaccuracies, mistakes and blunders — as dots,
    each ringed in the colour of the seat that erred (``seat_names`` name them in the key). The title
    and the key wrap to the chart's width, so nothing overlaps in a narrow cell."""
    from ipycanvas import hold_canvas

    points = sorted(values.items()) if isinstance(values, Mapping) else list(enumerate(values))
    width = canvas.width / dpr if width is None else width
    height = canvas.height / dpr if height is None else height
    left, right, bottom = 44, width - 12, height - 36
    last = max([1, ply, *(p for p, _ in points)]) if last is None else max(1, last)
    text, grid = _palette(dark)
    title = wrap(label or "evaluation", right - 4)
    kinds = [k for k in ("inaccuracy", "mistake", "blunder") if any(m[2] == k for m in marks)] if marks else []
    seats = sorted({int(m[3]) for m in marks if len(m) > 3}) if seat_names else []
    entries = [(kind, 12.0) for kind in kinds] + [(f"by {seat_names[s]}", 14.0) for s in seats if s < len(seat_names)]
    key = _key_rows(entries, 4, right) if entries else []
    title_top = 13.0
    key_top = title_top + 16 * len(title)
    ceiling = key_top + 16 * len(key) + (4 if key else 0)

    def x_of(p: float) -> float:
        return left + (right - left) * p / last

    def y_of(v: float) -> float:
        return bottom - (bottom - ceiling) * max(0.0, min(1.0, v))

    with hold_canvas():
        _begin(canvas, dpr)
        _axes(canvas, (left, ceiling, right, bottom), _x_ticks(last, left, right),
              [(y_of(v), f"{100 * v:.0f} %") for v in (0.0, 0.5, 1.0)], x_label, "", text, grid)  # fmt: skip
        canvas.fill_style = text
        canvas.text_align = "left"
        for i, line in enumerate(title):
            canvas.fill_text(line, 4, title_top + 16 * i)
        canvas.stroke_style = text
        canvas.set_line_dash([4, 4])
        canvas.stroke_line(left, y_of(0.5), right, y_of(0.5))
        canvas.set_line_dash([])
        if points:
            canvas.stroke_style = "#b07fd6" if dark else "#7b3fa0"
            canvas.line_width = 2
            canvas.begin_path()
            for i, (p, v) in enumerate(points):
                if i == 0:
                    canvas.move_to(x_of(p), y_of(v))
                else:
                    canvas.line_to(x_of(p), y_of(v))
            canvas.stroke()
        for mark in marks:
            p, v, kind = mark[0], mark[1], mark[2]
            radius = 5 if kind == "blunder" else 4
            canvas.fill_style = CLASS_INK.get(kind, "#e67e22")
            canvas.fill_circle(x_of(p), y_of(v), radius)
            if len(mark) > 3:  # ringed in the colour of the seat that erred
                canvas.stroke_style = SEAT_INK[int(mark[3]) % len(SEAT_INK)]
                canvas.line_width = 2
                canvas.stroke_circle(x_of(p), y_of(v), radius + 2.5)
        canvas.text_align = "left"
        for r, row in enumerate(key):  # the key: each class's dot, then each erring seat's ring
            y = key_top + 16 * r
            for x, entry in row:
                if entry.startswith("by "):
                    seat = seats[[f"by {seat_names[s]}" for s in seats].index(entry)]
                    canvas.stroke_style = SEAT_INK[seat % len(SEAT_INK)]
                    canvas.line_width = 2
                    canvas.stroke_circle(x + 6, y - 4, 5.5)
                    canvas.fill_style = text
                    canvas.fill_text(entry, x + 14, y)
                else:
                    canvas.fill_style = CLASS_INK[entry]
                    canvas.fill_circle(x + 4, y - 4, 4)
                    canvas.fill_style = text
                    canvas.fill_text(entry, x + 12, y)
        canvas.stroke_style = CURSOR_INK
        canvas.line_width = 1.5
        canvas.stroke_line(x_of(ply), bottom, x_of(ply), ceiling)


def ply_at(x: float, width: float, last: int) -> int:
    """The ply under a horizontal CSS position of an evaluation chart ``width`` wide (see ``draw_evaluation``)."""
    left, right = 44, width - 12
    t = (x - left) / max(1.0, right - left)
    return max(0, min(last, round(t * last)))


# -- score parts: a game's own picture of what its scores are made of (core.protocol.ScoreParts) ----------
PART_DASH: tuple[tuple[int, ...], ...] = ((), (6, 3), (2, 2), (8, 3, 2, 3), (4, 4))
"""One dash pattern per part, so a part is told by its line as well as by its colour."""
PART_MARK = ("circle", "square", "triangle", "diamond", "circle")
"""One marker shape per part, at the shown ply (and in the key)."""
PANEL_H = 128
"""Height of one seat's panel (its header, plot and axis)."""
PANEL_GAP = 14


def score_parts(game: GameLike, seat: int | None = None) -> ScoreParts | None:
    """The game's ``score_parts`` picture (T&E: the colour scores) as ``seat`` sees it, or None when
    the game offers none (the hook is optional: ``core.protocol.ScorePartsHook``)."""
    hook = hooks.score_parts(game_module(game.name))
    return None if hook is None else hook(game, seat)


def parts_columns(width: float) -> int:
    """Panels side by side: two from 560 px (each then still ≥ 270 px wide), else one."""
    return 2 if width >= 560 else 1


def _parts_key(parts: ScoreParts, width: float) -> tuple[list[str], list[list[tuple[float, str]]]]:
    title = wrap(parts.title, width - 8)
    key = _key_rows([(name, 34.0) for name in parts.parts], 4, width - 4)
    return title, key


def parts_height(parts: ScoreParts, width: float, seats: int) -> int:
    """The chart's CSS height at ``width`` for ``seats`` panels (title and key wrapped)."""
    title, key = _parts_key(parts, width)
    rows = math.ceil(seats / parts_columns(width))
    return int(8 + 16 * len(title) + 17 * len(key) + 6 + rows * (PANEL_H + PANEL_GAP))


def _marker(canvas: Any, shape: str, x: float, y: float, r: float) -> None:
    if shape == "square":
        canvas.fill_rect(x - r, y - r, 2 * r, 2 * r)
        return
    if shape == "circle":
        canvas.fill_circle(x, y, r)
        return
    canvas.begin_path()
    if shape == "triangle":
        canvas.move_to(x, y - r * 1.2)
        canvas.line_to(x + r * 1.1, y + r * 0.8)
        canvas.line_to(x - r * 1.1, y + r * 0.8)
    else:  # diamond
        canvas.move_to(x, y - r * 1.3)
        canvas.line_to(x + r * 1.1, y)
        canvas.line_to(x, y + r * 1.3)
        canvas.line_to(x - r * 1.1, y)
    canvas.close_path()
    canvas.fill()


def _fit_text(text: str, width: float) -> str:
    """``text`` cut with an ellipsis to at most ``width`` CSS pixels."""
    if text_width(text) <= width:
        return text
    keep = max(1, int(width // CHAR_WIDTH) - 1)
    return text[:keep] + "…"


def draw_score_parts(canvas: Any, parts: ScoreParts, ply: int, names: Sequence[str], turn_starts: Sequence[int], *,
                     dark: bool = False, width: float | None = None, height: float | None = None,
                     dpr: float = 1.0) -> None:  # fmt: skip
    """One small panel per seat with a line per part (its colour, dash and marker; the key above names
    them) through the values at every turn's start and at the end; a part's line is bold where it
    decides the score; a cursor at ``ply`` with each part's marker there and the seat's values in its
    header. One y scale for every panel, so the seats compare honestly. Panels sit two side by side
    from 560 px, else one under another; the title and key wrap, so nothing overlaps from 360 px."""
    from ipycanvas import hold_canvas

    width = canvas.width / dpr if width is None else width
    height = canvas.height / dpr if height is None else height
    text, grid = _palette(dark)
    inks = parts.ink_dark if dark else parts.ink
    seats = len(names)
    last = max(1, len(parts.values) - 1)
    plies = sorted({0, *(p for p in turn_starts if p <= last), len(parts.values) - 1})
    seen = [v for row in parts.values for vals in row if vals is not None for v in vals]
    top_value = nice_ticks(max(1, max(seen, default=1)), 3)[-1]
    title, key = _parts_key(parts, width)
    columns = parts_columns(width)
    panel_w = (width - 8 - (columns - 1) * 16) / columns
    panels_top = 8 + 16 * len(title) + 17 * len(key) + 6
    with hold_canvas():
        _begin(canvas, dpr)
        canvas.text_align = "left"
        canvas.fill_style = text
        for i, line in enumerate(title):
            canvas.fill_text(line, 4, 13 + 16 * i)
        for r, row in enumerate(key):
            y = 13 + 16 * len(title) + 17 * r
            for x, label in row:
                i = parts.parts.index(label)
                canvas.stroke_style = inks[i % len(inks)]
                canvas.line_width = 2.2
                canvas.set_line_dash(list(PART_DASH[i % len(PART_DASH)]))
                canvas.stroke_line(x, y - 4, x + 22, y - 4)
                canvas.set_line_dash([])
                canvas.fill_style = inks[i % len(inks)]
                _marker(canvas, PART_MARK[i % len(PART_MARK)], x + 27, y - 4, 3.5)
                canvas.fill_style = text
                canvas.fill_text(label, x + 34, y)
        for seat in range(seats):
            col, row_i = seat % columns, seat // columns
            px = 4 + col * (panel_w + 16)
            py = panels_top + row_i * (PANEL_H + PANEL_GAP)
            left, right = px + 36, px + panel_w - 8  # one column: the score chart's plot (40 … width − 12)
            ceiling, bottom = py + 22, py + PANEL_H - 22

            def x_of(p: float, left: float = left, right: float = right) -> float:
                return left + (right - left) * p / last

            def y_of(v: float, ceiling: float = ceiling, bottom: float = bottom) -> float:
                return bottom - (bottom - ceiling) * v / top_value

            now = parts.values[ply][seat] if ply < len(parts.values) else None
            if now is None:
                header = f"{names[seat]}: hidden"
            else:
                weakest = ", ".join(parts.parts[i] for i in parts.deciding[ply][seat])
                header = f"{names[seat]}: score {min(now)} ({weakest})"
            canvas.fill_style = text
            canvas.text_align = "left"
            canvas.fill_text(_fit_text(header, panel_w - 6), px + 2, py + 12)
            _axes(canvas, (left, ceiling, right, bottom), _x_ticks(last, left, right)[:: 2 if panel_w < 300 else 1],
                  [(y_of(v), f"{v:.0f}") for v in nice_ticks(top_value, 3)], "", "", text, grid)  # fmt: skip
            for i in range(len(parts.parts)):
                ink, dash = inks[i % len(inks)], PART_DASH[i % len(PART_DASH)]
                canvas.stroke_style = ink
                canvas.set_line_dash(list(dash))
                # one path per run of stretches of the same weight (bold where this part decides at the
                # stretch's end): a dash pattern restarted on every short stretch would read as solid
                runs: list[tuple[bool, list[tuple[float, float]]]] = []
                for a, b in itertools.pairwise(plies):
                    va, vb = parts.values[a][seat], parts.values[b][seat]
                    if va is None or vb is None:
                        continue
                    bold = i in parts.deciding[b][seat]
                    start, end = (x_of(a), y_of(va[i])), (x_of(b), y_of(vb[i]))
                    if runs and runs[-1][0] == bold and runs[-1][1][-1] == start:
                        runs[-1][1].append(end)
                    else:
                        runs.append((bold, [start, end]))
                for bold, points in runs:
                    canvas.line_width = 3.6 if bold else 1.3
                    canvas.begin_path()
                    canvas.move_to(*points[0])
                    for point in points[1:]:
                        canvas.line_to(*point)
                    canvas.stroke()
                canvas.set_line_dash([])
                if now is not None:
                    canvas.fill_style = ink
                    _marker(
                        canvas,
                        PART_MARK[i % len(PART_MARK)],
                        x_of(ply),
                        y_of(now[i]),
                        4.5 if i in parts.deciding[ply][seat] else 3,
                    )
            canvas.stroke_style = CURSOR_INK
            canvas.line_width = 1.2
            canvas.stroke_line(x_of(ply), bottom, x_of(ply), ceiling)
