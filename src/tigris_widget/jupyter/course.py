"""Helpers for the course notebooks (notebooks/02_course_*): every rule as before → action → after.

    >>> from tigris_widget.jupyter.course import show_step, exercise, legend
    >>> from tigris_widget.jupyter.lessons import lesson
    >>> step = show_step(lesson("war"), "tile g (6,4)", highlight=["(6,4)"], caption="A market unites two kingdoms")
    >>> "A market unites two kingdoms" in step.svg
    True

``show_step`` plays actions on a game and shows, in one picture that survives where widgets do
not run (GitHub, nbviewer), the board before and after with the squares that matter framed, the
caption, each player's points and hand under each board, then the engine's narration, then a live
board in Jupyter. ``exercise`` poses a small puzzle checked by the engine (``puzzles.goals``), with a
hint and the solution folded away in ``<details>``. ``legend`` draws every piece with the renderer.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tigris_widget.games.tigris.builder import PositionBuilder
from tigris_widget.games.tigris.engine.core.board import HEIGHT, WIDTH, to_square
from tigris_widget.games.tigris.engine.core.events import Event
from tigris_widget.games.tigris.game import Game
from tigris_widget.games.tigris.present.picture import PIECE
from tigris_widget.games.tigris.present.svg import CELL, MARGIN, window_edges
from tigris_widget.games.tigris.puzzles.goals import Goal, Puzzle
from tigris_widget.jupyter.lessons import Narration
from tigris_widget.render import board_svg, game_view

XY = tuple[int, int]
SquareLike = Any
COLOURS = ("black", "red", "blue", "green")
CODES = {"black": "k", "red": "r", "blue": "b", "green": "g"}
HIGHLIGHT = "#ff8c00"


def _size(width: int, height: int) -> str:
    """Size attributes of a picture: wide ones take the width of the page (JupyterLab shows SVG as an
    ``<img>`` it does not shrink, so a fixed 900-pixel picture would be cut in a narrow notebook);
    small ones keep their size."""
    return 'width="100%"' if width > 560 else f'width="{width}" height="{height}"'


@dataclass(frozen=True)
class Window:
    """Columns ``x0..x1`` and rows ``y0..y1`` of the board shown in a picture."""

    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def width(self) -> int:
        return self.x1 - self.x0 + 1

    @property
    def height(self) -> int:
        return self.y1 - self.y0 + 1


FULL = Window(0, 0, WIDTH - 1, HEIGHT - 1)


def _xy(where: SquareLike) -> XY:
    q = to_square(where)
    return q % WIDTH, q // WIDTH


def _window(squares: Iterable[XY], *, min_w: int = 8, min_h: int = 4) -> Window:
    pts = list(squares)
    if not pts:
        return FULL
    x0, x1 = min(x for x, _ in pts) - 1, max(x for x, _ in pts) + 1
    y0, y1 = min(y for _, y in pts) - 1, max(y for _, y in pts) + 1
    while x1 - x0 + 1 < min_w:
        x0, x1 = x0 - (x1 - x0) % 2, x1 + 1 - (x1 - x0) % 2
    while y1 - y0 + 1 < min_h:
        y0, y1 = y0 - (y1 - y0) % 2, y1 + 1 - (y1 - y0) % 2
    # slide back inside the board
    if x0 < 0:
        x0, x1 = 0, x1 - x0
    if x1 >= WIDTH:
        x0, x1 = max(0, x0 - (x1 - WIDTH + 1)), WIDTH - 1
    if y0 < 0:
        y0, y1 = 0, y1 - y0
    if y1 >= HEIGHT:
        y0, y1 = max(0, y0 - (y1 - HEIGHT + 1)), HEIGHT - 1
    return Window(x0, y0, x1, y1)


def _wrap(text: str, width: int) -> list[str]:
    """Split ``text`` into lines of at most ``width`` characters (at spaces)."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            if line and len(line) + 1 + len(word) > width:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}".strip()
        lines.append(line)
    return lines


def board_panel(
    game: Game,
    window: Window,
    *,
    ply: int | None = None,
    highlight: Iterable[SquareLike] = (),
    labels: Mapping[SquareLike, str] | None = None,
) -> tuple[str, int, int]:
    """The board of ``game`` (all-seeing) after ``ply`` actions, cropped to ``window``: SVG body
    (a nested ``<svg>`` at 0,0) and its width and height. Cut edges get their own coordinates."""
    full = board_svg(game_view(game, None, ply), highlight=[to_square(q) for q in highlight], status=False)
    root = re.match(r"<svg [^>]*>", full)
    assert root is not None
    body = full[root.end() : full.rindex("</svg>")]
    w = window
    left, top = w.x0 * CELL, w.y0 * CELL
    width, height = MARGIN + w.width * CELL + 4, MARGIN + w.height * CELL + 4
    over = window_edges(w.x0, w.y0, w.x1, w.y1)
    for where, text in (labels or {}).items():
        x, y = _xy(where)
        t = str(text)[:12]
        bw = 7 * len(t) + 8
        bx, by = MARGIN + (x + 1) * CELL - bw - 1, MARGIN + (y + 1) * CELL - 17
        over.append(
            f'<rect x="{bx}" y="{by}" width="{bw}" height="16" rx="4" fill="#fffbe6" stroke="#6a1b9a" stroke-width="1.5"/>'
            f'<text x="{bx + bw / 2}" y="{by + 12}" font-size="11" font-weight="bold" text-anchor="middle" '
            f'fill="#4a148c">{html.escape(t)}</text>'
        )
    svg = (
        f'<svg x="0" y="0" width="{width}" height="{height}" viewBox="{left} {top} {width} {height}">'
        f"{body}{''.join(over)}</svg>"
    )
    return svg, width, height


def _score_lines(game: Game, ply: int | None, changed: Mapping[tuple[int, str], int] | None = None) -> list[str]:
    """One SVG text line per player: ▶ for the active one, hand, points with swatches, treasures; a
    number in ``changed`` (key → change) is bold, underlined and followed by its change, e.g. "(+1)".
    Then a grey line with the turn and the tiles left in the bag."""
    state = game.state_at(len(game) if ply is None else ply)
    from tigris_widget.games.tigris.engine.rules.position import Position

    pos = Position.of_state(state)

    def number(key: tuple[int, str], n: int) -> str:
        delta = (changed or {}).get(key)
        if not delta:
            return f"<tspan> {n} </tspan>"
        sign = "+" if delta > 0 else "−"
        colour = "#1b7f2a" if delta > 0 else "#b71c1c"
        return (
            f'<tspan font-weight="bold" text-decoration="underline"> {n}</tspan>'
            f'<tspan font-weight="bold" fill="{colour}" font-size="13"> ({sign}{abs(delta)}) </tspan>'
        )

    lines = []
    for info in pos.players:
        mark = "▶ " if state.active == info.seat and not state.over else ""
        hand = "".join(CODES[c] * n for c, n in (info.hand or {}).items()) or "–"
        parts = [f"{html.escape(mark + info.dynasty.capitalize())}: hand {hand}, VP "]
        for c in COLOURS:
            parts.append(f'<tspan fill="{PIECE[c]}" font-weight="bold">■{CODES[c]}</tspan>')
            parts.append(number((info.seat, c), (info.points or {}).get(c, 0)))
        parts.append('<tspan fill="#9a7400">◆</tspan>')
        parts.append(number((info.seat, "treasure"), info.treasures or 0))
        lines.append("".join(parts))
    end = "game over" if state.over else f"turn {state.turn}"
    lines.append(f'<tspan fill="#666">{end} · bag {len(state.bag)}</tspan>')
    return lines


def _points(game: Game, ply: int) -> dict[tuple[int, str], int]:
    from tigris_widget.games.tigris.engine.rules.position import Position

    pos = Position.of_state(game.state_at(ply))
    out: dict[tuple[int, str], int] = {}
    for info in pos.players:
        for c in COLOURS:
            out[(info.seat, c)] = (info.points or {}).get(c, 0)
        out[(info.seat, "treasure")] = info.treasures or 0
    return out


def compose(panels: Sequence[tuple[str, int, int, str, list[str]]], *, caption: str = "", middle: str = "") -> str:
    """Panels side by side: (board svg, width, height, panel title, lines under it), with a caption
    over all of them and ``middle`` (the action) on an arrow between the first two."""
    gap = 150 if middle else 24
    slots = [max(p[1], round(8.6 * len(p[3])) + MARGIN,  # the title, in 14-point bold, is never cut
                 max((round(6.7 * len(re.sub(r"<[^>]+>", "", line))) + MARGIN for line in p[4]), default=0))
             for p in panels]  # fmt: skip
    total_w = sum(slots) + gap * (len(panels) - 1)
    head_lines = _wrap(caption, max(20, (total_w - MARGIN) * 10 // 96)) if caption else []
    head = 22 * len(head_lines) + (8 if head_lines else 0)
    title_h = 22
    under = max((len(p[4]) for p in panels), default=0)
    body_h = max(p[2] for p in panels)
    total_h = head + title_h + body_h + 18 * under + 10
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'viewBox="0 0 {total_w} {total_h}" {_size(total_w, total_h)} font-family="sans-serif" '
        f'role="img" aria-label="{html.escape(caption or "board")}">',
        f'<rect width="{total_w}" height="{total_h}" fill="#ffffff"/>',
    ]
    for i, line in enumerate(head_lines):
        out.append(
            f'<text x="{MARGIN}" y="{18 + 22 * i}" font-size="16" font-weight="bold" fill="#222">{html.escape(line)}</text>'
        )
    x = 0
    for i, (svg, w, h, title, lines) in enumerate(panels):
        out.append(f'<g transform="translate({x},{head})">')
        out.append(
            f'<text x="{MARGIN}" y="16" font-size="14" font-weight="bold" fill="#333">{html.escape(title)}</text>'
        )
        out.append(f'<g transform="translate(0,{title_h})">{svg}</g>')
        for j, line in enumerate(lines):
            out.append(f'<text x="{MARGIN}" y="{title_h + h + 16 + 18 * j}" font-size="12" fill="#222">{line}</text>')
        out.append("</g>")
        w = slots[i]
        if middle and i == 0:
            ax, ay = x + w + 10, head + title_h + h / 2
            words = _wrap(middle, 18)
            for j, word in enumerate(words):
                out.append(
                    f'<text x="{ax + (gap - 20) / 2}" y="{ay - 14 - 16 * (len(words) - 1 - j)}" font-size="13" '
                    f'font-family="monospace" font-weight="bold" text-anchor="middle" fill="#6a1b9a">{html.escape(word)}</text>'
                )
            out.append(
                f'<path d="M{ax} {ay} H{ax + gap - 24}" stroke="#6a1b9a" stroke-width="4"/>'
                f'<path d="M{ax + gap - 20} {ay} l-12 -8 v16 Z" fill="#6a1b9a"/>'
            )
        x += w + gap
    out.append("</svg>")
    return "".join(out)


def _changed_squares(game: Game, a: int, b: int) -> set[XY]:
    from tigris_widget.games.tigris.engine.rules.position import Position

    pa, pb = Position.of_state(game.state_at(a)), Position.of_state(game.state_at(b))
    out = set()
    for y in range(HEIGHT):
        for x in range(WIDTH):
            if pa.at((x, y)) != pb.at((x, y)):
                out.add((x, y))
    return out


def _interesting(game: Game, ply: int, squares: set[XY]) -> set[XY]:
    """``squares`` and the regions they belong to (so a picture shows the kingdoms involved)."""
    from tigris_widget.games.tigris.engine.rules.position import Position

    pos = Position.of_state(game.state_at(ply))
    out = set(squares)
    for region in pos.regions():
        if any(q in squares for q in region.squares) or any(
            (x + dx, y + dy) in squares for x, y in region.squares for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        ):
            out.update(region.squares)
    return out


class _Shown:
    """Something that displays several outputs in a notebook (pictures, narration, live board)."""

    def _outputs(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    def _ipython_display_(self) -> None:
        from IPython.display import display

        for bundle in self._outputs():
            display(bundle, raw=True)  # type: ignore[no-untyped-call]


def live_board(game: Game, *, highlight: Iterable[SquareLike] = (), caption: str = "") -> dict[str, Any]:
    """The display bundle of a live board on ``game``: the widget for Jupyter, and for readers without a
    kernel or widget manager (GitHub, nbviewer, an exported page) one SVG picture of the same board with
    ``caption`` — ``BoardWidget``'s own fallback, never the replay."""
    from tigris_widget.jupyter.widget import BoardWidget

    board = BoardWidget(game)
    if highlight:
        board.highlight(list(highlight), HIGHLIGHT)
    if caption:
        board.caption(caption)
    bundle: Any = board._repr_mimebundle_()
    data: dict[str, Any] = dict(bundle[0] if isinstance(bundle, tuple) else bundle or {})
    data["text/plain"] = f"{caption or 'The board'} (live in Jupyter: step through it with ← and →)."
    return data


@dataclass
class Step(_Shown):
    """A rule shown as before → action → after (see ``show_step``)."""

    game: Game
    actions: tuple[str, ...]
    events: list[Event]
    svg: str
    start: int
    live: bool = True
    caption: str = ""
    highlight: tuple[XY, ...] = ()

    def _outputs(self) -> list[dict[str, Any]]:
        narration = Narration(self.events)
        out: list[dict[str, Any]] = [
            {"image/svg+xml": self.svg, "text/plain": f"before → {', '.join(self.actions)} → after"},
            {"text/html": narration._repr_html_(), "text/plain": str(narration)},
        ]
        if self.live:
            caption = f"After {', '.join(self.actions)}: {self.caption}" if self.caption else ""
            out.append(live_board(self.game, highlight=self.highlight, caption=caption))
        return out


def show_step(
    game: Game,
    *actions: str,
    highlight: Iterable[SquareLike] = (),
    after_highlight: Iterable[SquareLike] | None = None,
    labels: Mapping[SquareLike, str] | None = None,
    after_labels: Mapping[SquareLike, str] | None = None,
    caption: str = "",
    window: Window | tuple[int, int, int, int] | None = None,
    live: bool = True,
    action_text: str | None = None,
) -> Step:
    """Play ``actions`` on ``game`` and show the board before and after them.

    :param highlight: squares framed on the *before* board (where the action goes, the pieces that
        matter); ``after_highlight`` on the *after* board (default: the same squares).
    :param labels: short texts on squares of the before board; ``after_labels`` on the after board.
    :param caption: the sentence over both pictures (it stays in the static picture).
    :param window: the part of the board shown, ``(x0, y0, x1, y1)``; default: the squares that
        changed and the regions around them.
    """
    start = len(game)
    events = [e for a in actions for e in game.apply(a)]
    end = len(game)
    hl = [_xy(q) for q in highlight]
    ahl = hl if after_highlight is None else [_xy(q) for q in after_highlight]
    if window is None:
        core = _changed_squares(game, start, end) | set(hl) | set(ahl)
        core |= {_xy(q) for q in (labels or {})} | {_xy(q) for q in (after_labels or {})}
        win = _window(_interesting(game, start, core) | _interesting(game, end, core))
    else:
        win = window if isinstance(window, Window) else Window(*window)
    before_pts, after_pts = _points(game, start), _points(game, end)
    changed = {k: after_pts[k] - before_pts[k] for k in after_pts if after_pts[k] != before_pts[k]}
    b_svg, bw, bh = board_panel(game, win, ply=start, highlight=hl, labels=labels)
    a_svg, aw, ah = board_panel(game, win, ply=end, highlight=ahl, labels=after_labels)
    text = action_text or ", ".join(actions)
    svg = compose(
        [
            (b_svg, bw, bh, "Before", _score_lines(game, start)),
            (a_svg, aw, ah, "After", _score_lines(game, end, changed)),
        ],
        caption=caption,
        middle=text,
    )
    return Step(game, tuple(actions), events, svg, start, live, caption, tuple(ahl))


def _hand_counts(game: Game, ply: int) -> list[tuple[str, dict[str, int]]]:
    from tigris_widget.games.tigris.engine.rules.position import Position

    pos = Position.of_state(game.state_at(ply))
    return [(info.dynasty.capitalize(), {c: (info.hand or {}).get(c, 0) for c in COLOURS}) for info in pos.players]


def _tile_row(counts: Mapping[str, int], marked: Mapping[str, int], x: float, y: float, mark: str) -> list[str]:
    """Tiles of a hand as big coloured squares with their codes; the last ``marked[c]`` of each colour
    get ``mark``: "out" (crossed out) or "new" (an orange frame)."""
    out, size, step = [], 30, 36
    i = 0
    for c in COLOURS:
        for j in range(counts.get(c, 0)):
            tx = x + step * i
            out.append(f'<rect x="{tx}" y="{y}" width="{size}" height="{size}" rx="4" fill="{PIECE[c]}"/>'
                       f'<text x="{tx + size / 2}" y="{y + 21}" font-size="16" font-weight="bold" '
                       f'text-anchor="middle" fill="#fff">{CODES[c]}</text>')  # fmt: skip
            if j >= counts[c] - marked.get(c, 0):
                if mark == "out":
                    out.append(f'<rect x="{tx}" y="{y}" width="{size}" height="{size}" rx="4" fill="#fff" opacity="0.6"/>'
                               f'<path d="M{tx + 2} {y + 2}L{tx + size - 2} {y + size - 2}M{tx + size - 2} {y + 2}'
                               f'L{tx + 2} {y + size - 2}" stroke="#b71c1c" stroke-width="3.5"/>')  # fmt: skip
                else:
                    out.append(f'<rect x="{tx - 3}" y="{y - 3}" width="{size + 6}" height="{size + 6}" rx="5" '
                               f'fill="none" stroke="{HIGHLIGHT}" stroke-width="3"/>')  # fmt: skip
            i += 1
    return out


def show_swap(game: Game, *actions: str, caption: str = "", live: bool = True) -> Step:
    """Play ``actions`` (the first a swap) and show the hands before and after in large print: the
    discarded tiles crossed out, the drawn ones framed, and the bag. A swap changes no square, so the
    board is left to the live board."""
    swap = actions[0].split()
    if swap[0] != "swap" or len(swap) != 2:
        raise ValueError(f"show_swap needs a swap first, not {actions[0]!r}")
    start = len(game)
    seat = game.state.active
    events = [e for a in actions for e in game.apply(a)]
    end = len(game)
    before, after = _hand_counts(game, start), _hand_counts(game, end)
    out_tiles = {c: swap[1].count(CODES[c]) for c in COLOURS}
    kept = {c: before[seat][1][c] - out_tiles[c] for c in COLOURS}
    new_tiles = {c: after[seat][1][c] - kept[c] for c in COLOURS}
    col_w, gap, row_h = 330, 150, 58
    head_lines = _wrap(caption, 90) if caption else []
    head = 22 * len(head_lines) + (8 if head_lines else 0)
    width = 2 * col_w + gap
    height = head + 30 + row_h * len(before) + 30
    svg = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" {_size(width, height)} '
        f'font-family="sans-serif" role="img" aria-label="{html.escape(caption or "a swap")}">',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    for i, line in enumerate(head_lines):
        svg.append(f'<text x="{MARGIN}" y="{18 + 22 * i}" font-size="16" font-weight="bold" fill="#222">'
                   f"{html.escape(line)}</text>")  # fmt: skip
    for k, (title, hands, ply) in enumerate((("Before", before, start), ("After", after, end))):
        x0 = k * (col_w + gap) + MARGIN
        svg.append(f'<text x="{x0}" y="{head + 18}" font-size="14" font-weight="bold" fill="#333">{title}</text>')
        for r, (name, counts) in enumerate(hands):
            y = head + 30 + row_h * r
            svg.append(
                f'<text x="{x0}" y="{y + 14}" font-size="13" font-weight="bold" fill="#222">{name}\'s hand</text>'
            )
            marked = (out_tiles if k == 0 else new_tiles) if r == seat else {}
            svg.extend(_tile_row(counts, marked, x0, y + 20, "out" if k == 0 else "new"))
        bag = len(game.state_at(ply).bag)
        svg.append(f'<text x="{x0}" y="{height - 10}" font-size="13" fill="#555">bag {bag}</text>')
    ay = head + 30 + row_h * seat + 35
    ax = col_w + MARGIN
    svg.append(
        f'<text x="{ax + (gap - 20) / 2}" y="{ay - 12}" font-size="13" font-family="monospace" font-weight="bold" '
        f'text-anchor="middle" fill="#6a1b9a">{html.escape(", ".join(actions))}</text>'
        f'<path d="M{ax} {ay} H{ax + gap - 34}" stroke="#6a1b9a" stroke-width="4"/>'
        f'<path d="M{ax + gap - 30} {ay} l-12 -8 v16 Z" fill="#6a1b9a"/>'
    )
    svg.append("</svg>")
    return Step(game, tuple(actions), events, "".join(svg), start, live, caption)


@dataclass
class Picture(_Shown):
    """One board picture (static) with an optional live board."""

    game: Game
    svg: str
    live: bool = False

    def _outputs(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = [{"image/svg+xml": self.svg, "text/plain": "a board picture"}]
        if self.live:
            out.append(live_board(self.game))
        return out


def show_board(
    game: Game,
    *,
    highlight: Iterable[SquareLike] = (),
    labels: Mapping[SquareLike, str] | None = None,
    caption: str = "",
    window: Window | tuple[int, int, int, int] | None = None,
    status: bool = False,
    live: bool = False,
) -> Picture:
    """The board as it stands (all-seeing), with framed squares, labels and a caption; with
    ``status`` the whole board and its status block (turn, prompt, each player's line)."""
    hl = [_xy(q) for q in highlight]
    if status:
        svg = board_svg(
            game_view(game),
            highlight=[to_square(q) for q in hl],
            labels={to_square(q): t for q, t in (labels or {}).items()},
            caption=caption or None,
        )
        svg = re.sub(r' width="\d+" height="\d+"', " " + _size(668, 500), svg, count=1)
        return Picture(game, svg, live)
    win = (window if isinstance(window, Window) else Window(*window)) if window else FULL
    body, w, h = board_panel(game, win, highlight=hl, labels=labels)
    svg = compose([(body, w, h, "", _score_lines(game, None))], caption=caption)
    return Picture(game, svg, live)


@dataclass
class Refusal(_Shown):
    """An illegal action: the board with the square framed, and the engine's refusal (rule code first)."""

    game: Game
    action: str
    message: str
    svg: str

    def _outputs(self) -> list[dict[str, Any]]:
        text = f"{self.action} → refused: {self.message}"
        return [
            {"image/svg+xml": self.svg, "text/plain": text},
            {"text/html": f"<p>✗ <code>{html.escape(self.action)}</code> is refused: <i>{html.escape(self.message)}</i></p>",
             "text/plain": text},
        ]  # fmt: skip


def show_refusal(
    game: Game,
    action: str,
    *,
    highlight: Iterable[SquareLike] = (),
    labels: Mapping[SquareLike, str] | None = None,
    caption: str = "",
    window: Window | tuple[int, int, int, int] | None = None,
) -> Refusal:
    """Try ``action``; it must be illegal (nothing changes). Shows the board and the engine's reason."""
    from tigris_widget.games.tigris.engine.core.errors import IllegalActionError, explain

    try:
        game.apply(action)
    except IllegalActionError as error:
        message = explain(error)  # "§6.3 C1 One of your two — …": the code with its section's title
    else:
        raise ValueError(f"{action} is legal here: a refusal needs an illegal action")
    hl = [_xy(q) for q in highlight]
    win = (
        (window if isinstance(window, Window) else Window(*window))
        if window
        else _window(_interesting(game, len(game), set(hl)))
    )
    body, w, h = board_panel(game, win, highlight=hl, labels=labels)
    svg = compose(
        [
            (
                body,
                w,
                h,
                f"{action}: refused — nothing changes, so one board",
                [html.escape(x) for x in _wrap(message, 2 * w // 13)],
            )
        ],
        caption=caption,
    )
    return Refusal(game, action, message, svg)


@dataclass
class FinalScores(_Shown):
    """The final scoring of a game that is over, as a table (rules §15)."""

    game: Game

    def _outputs(self) -> list[dict[str, Any]]:
        result = self.game.result
        if result is None:
            raise ValueError("the game is not over yet")
        rows, plain = [], []
        for r in sorted(result, key=lambda r: r.rank):
            raw = " / ".join(str(n) for n in r.vp)
            final = " / ".join(str(n) for n in r.final)
            order = ", ".join(str(n) for n in sorted(r.final))
            rows.append(
                f"<tr><td>{r.rank}</td><td>{html.escape(r.dynasty.capitalize())}</td><td>{raw}</td>"
                f"<td>{r.treasures}</td><td>{final}</td><td>{order}</td><td><b>{r.score}</b></td></tr>"
            )
            plain.append(
                f"{r.rank}. {r.dynasty.capitalize()}: {raw} + {r.treasures} treasures → {final}; score {r.score}"
            )
        head = "".join(f"<th>{h}</th>" for h in ("place", "dynasty", "points k / r / b / g", "treasures",
                                                  "with treasures", "low to high", "score"))  # fmt: skip
        table = f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        return [{"text/html": table, "text/plain": "\n".join(plain)}]


def final_scores(game: Game) -> FinalScores:
    """End ``game`` if it is waiting only for its last pass, and show the final scoring."""
    if game.result is None and game.decision is not None:
        game.apply("pass")
    return FinalScores(game)


def board_sides() -> Picture:
    """Both sides of the board at the start of a game: on each winged-bull square its starting temple
    and treasure; the special squares in their gold frame, labelled."""
    panels = []
    for side, title in (("classic", "Classic side (used in this course)"), ("alternative", "Alternative side")):
        game = Game.new(players=2, seed=1, board=side)
        pos = game.position
        bulls = [(x, y) for y in range(HEIGHT) for x in range(WIDTH) if pos.at((x, y)).treasure]
        specials = [q for q in bulls if pos.at(q).special]
        body, w, h = board_panel(game, FULL, labels={q: "special" for q in specials})
        lines = [
            f"{len(bulls)} winged-bull squares, each with a starting temple and its treasure",
            f"{len(specials)} of them special (gold frame, labelled): {', '.join(f'({x},{y})' for x, y in specials)}",
            f"{sum(pos.at((x, y)).terrain == 'river' for y in range(HEIGHT) for x in range(WIDTH))} river squares (blue)",
        ]
        panels.append((body, w, h, title, [html.escape(t) for t in lines]))
    svg = compose(panels, caption="The two sides of the board: rivers, winged bulls and special squares")
    return Picture(Game.new(players=2, seed=1), svg)


# -- the legend ------------------------------------------------------------------------------------


def _legend_game() -> Game:
    """A position holding one of every piece, with a war pending so the marker and last move show."""
    b = (
        PositionBuilder(players=("archer", "bull", "pot", "lion"))
        .tile("k", (1, 4))
        .tile("r", (3, 4), (6, 3), (8, 3))
        .tile("b", (1, 3))
        .tile("g", (10, 5))
        .leader("archer", "king", (6, 4))
        .leader("archer", "priest", (6, 2))
        .leader("archer", "farmer", (5, 3))
        .leader("archer", "trader", (9, 3))
        .leader("bull", "king", (8, 4))
        .leader("pot", "king", (4, 9))
        .leader("lion", "king", (3, 5))
        .catastrophe((11, 5))
        .monument("rg", (12, 9))
        .hand("archer", "rrkkbg")
        .hand("bull", "kkrrbg")
        .hand("pot", "kkrrbg")
        .hand("lion", "kkrrbg")
    )
    return b.game(then=["tile r (7,3)"])


LEGEND: list[tuple[XY, str, str]] = [
    ((1, 4), "settlement (black tile, k)", "a civilization tile; the king's colour"),
    ((3, 4), "temple (red tile, r)", "leaders must stand next to one"),
    ((1, 3), "farm (blue tile, b)", "only on river squares"),
    ((10, 5), "market (green tile, g)", "the trader's colour"),
    ((6, 4), "king (black leader)", "the symbol is the dynasty: here Archer (bow)"),
    ((6, 2), "priest (red leader)", "Archer's priest"),
    ((5, 3), "farmer (blue leader)", "Archer's farmer"),
    ((9, 3), "trader (green leader)", "Archer's trader"),
    ((8, 4), "Bull's king", "dynasty symbol: horns"),
    ((4, 9), "Pot's king", "dynasty symbol: a pot"),
    ((3, 5), "Lion's king", "dynasty symbol: a mane"),
    ((10, 0), "treasure (yellow diamond)", "on a starting temple; a wild point"),
    ((1, 1), "special square (gold frame)", "its treasure is taken first"),
    ((11, 5), "catastrophe", "the square is closed for good"),
    ((12, 9), "monument red/green", "platform: 1st colour, tower: 2nd (order k r b g)"),
    ((7, 3), "unification marker (ring)", "the tile that joined two kingdoms"),
    ((4, 0), "river square (blue)", "farms only; rivers do not cut regions"),
]


def legend() -> Picture:
    """Every piece and symbol, each drawn by the board renderer with its name."""
    game = _legend_game()
    full = board_svg(game_view(game), status=False)
    root = re.match(r"<svg [^>]*>", full)
    assert root is not None
    body = full[root.end() : full.rindex("</svg>")]
    row_h, col_w, cols = 52, 420, 2
    rows = (len(LEGEND) + 4 + cols - 1) // cols
    width, height = col_w * cols, rows * row_h + 30
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 {width} {height}" '
        f'{_size(width, height)} font-family="sans-serif" role="img" aria-label="legend of the pieces">',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        '<text x="8" y="20" font-size="16" font-weight="bold">The pieces and symbols</text>',
    ]
    for i, (sq, name, note) in enumerate(LEGEND):
        x, y = (i % cols) * col_w + 8, 30 + (i // cols) * row_h
        left, top = MARGIN + sq[0] * CELL, MARGIN + sq[1] * CELL
        span = 2 * CELL if sq == (12, 9) else CELL  # the monument covers four squares
        view = f"{left} {top} {span} {span}"
        out.append(f'<svg x="{x}" y="{y}" width="{CELL + 4}" height="{CELL + 4}" viewBox="{view}">{body}</svg>')
        out.append(f'<text x="{x + 56}" y="{y + 18}" font-size="14" font-weight="bold">{html.escape(name)}</text>')
        out.append(f'<text x="{x + 56}" y="{y + 36}" font-size="12" fill="#444">{html.escape(note)}</text>')
    # the two frames drawn over squares: the last move and a highlight
    extra = [
        ("#d81b60", 3, "", "last move (pink frame)", "the squares the last action changed"),
        (HIGHLIGHT, 4, "", "highlight (orange frame)", "squares the course points at"),
        ("#8e24aa", 4, ' stroke-dasharray="7 4"', "conflict (purple dashed frame)", "the two leaders of the revolt or war being fought"),
        ("none", 0, "", "land (two beige shades)", "a checkerboard to count squares by; no meaning"),
    ]  # fmt: skip
    for j, (colour, stroke, dash, name, note) in enumerate(extra):
        i = len(LEGEND) + j
        x, y = (i % cols) * col_w + 8, 30 + (i // cols) * row_h
        if colour == "none":  # the two land shades side by side, as on the board
            out.append(
                f'<rect x="{x + 2}" y="{y + 2}" width="{(CELL - 2) / 2}" height="{CELL - 2}" fill="#eadcb3"/>'
                f'<rect x="{x + 2 + (CELL - 2) / 2}" y="{y + 2}" width="{(CELL - 2) / 2}" height="{CELL - 2}" fill="#e4d4a6"/>'
            )
        else:
            out.append(
                f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 2}" height="{CELL - 2}" fill="#e9dcb4" '
                f'stroke="{colour}" stroke-width="{stroke}"{dash}/>'
            )
        out.append(f'<text x="{x + 56}" y="{y + 18}" font-size="14" font-weight="bold">{html.escape(name)}</text>')
        out.append(f'<text x="{x + 56}" y="{y + 36}" font-size="12" fill="#444">{html.escape(note)}</text>')
    out.append("</svg>")
    return Picture(game, "".join(out))


# -- exercises ---------------------------------------------------------------------------------------


@dataclass
class Exercise(_Shown):
    """A small puzzle after a chapter: the position, the goal, a hint and the solution (folded)."""

    puzzle: Puzzle
    rules: str = ""
    """Where the rule is explained (a link to the rules reference)."""
    board: Any = field(default=None, repr=False)

    def _outputs(self) -> list[dict[str, Any]]:
        p = self.puzzle
        game = p.game()
        who = game.state.setup.dynasties[p.seat].capitalize()
        hands = "; ".join(
            f"{info.dynasty.capitalize()} holds <code>{''.join(CODES[c] * n for c, n in (info.hand or {}).items()) or '–'}</code>"
            for info in game.position.players
        )
        solved = p.play_solution()
        names = game.state.setup.dynasties
        steps = []
        for i, a in enumerate(solved.actions):
            seat = solved.state_at(i).decider
            steps.append((str(a), None if seat == p.seat else names[seat].capitalize()))
        moves = ", ".join(
            f"<code>{html.escape(a)}</code>" if who is None else f"({who}'s best answer: <code>{html.escape(a)}</code>)"
            for a, who in steps
        )
        plain_moves = ", ".join(a if who is None else f"({who}'s best answer: {a})" for a, who in steps)
        left = game.state.actions_left
        actions = f" ({left} action{'s' if left != 1 else ''} left)" if left else ""
        text = (
            f"<div style='border-left:4px solid {HIGHLIGHT};padding:4px 10px;margin:6px 0'>"
            f"<p><b>Exercise — {html.escape(p.title)}</b></p>"
            f"<p><b>{who} to play{actions}.</b> {html.escape(p.goal.text)}</p>"
            f"<p>{hands}.</p>"
            f"<p>Play it on the board below (in Jupyter): the engine judges your turn when it is over. "
            f"Without a kernel, work it out on the picture and open the answers.</p>"
            f"<details><summary>Hint</summary><p>{html.escape(p.hints[0] if p.hints else p.hint(0))}</p></details>"
            f"<details><summary>Solution</summary><p>{moves}</p><p>{html.escape(p.explanation)}</p></details>"
            "</div>"
        )
        plain = (
            f"Exercise — {p.title}: {who} to play. {p.goal.text}\nHint: {p.hints[0] if p.hints else p.hint(0)}\n"
            f"Solution: {plain_moves}. {p.explanation}"
        )
        out: list[dict[str, Any]] = [{"text/html": text, "text/plain": plain}]
        from tigris_widget.jupyter.puzzle_board import PuzzleBoard

        self.board = PuzzleBoard(p, help_buttons=False)  # the hint and the solution are folded above
        out.append(self.board._repr_mimebundle_())
        return out


def exercise(key: str) -> Exercise:
    """The course exercise ``key`` (see ``EXERCISES``)."""
    if key not in EXERCISES:
        raise ValueError(f"unknown exercise {key!r}; choose from {', '.join(EXERCISES)}")
    return Exercise(EXERCISES[key])


def _puzzle(
    key: str, title: str, builder: PositionBuilder, goal: Goal, solution: Sequence[str], hint: str, explanation: str,
    topic: str,
) -> Puzzle:  # fmt: skip
    return Puzzle(key, title, builder.text(), goal, 1, tuple(solution), (hint,), explanation, topic)


EXERCISES: dict[str, Puzzle] = {}


def _register(p: Puzzle) -> None:
    EXERCISES[p.key] = p


BLACK, RED, BLUE, GREEN = range(4)


def _exercises() -> None:
    from tigris_widget.jupyter.lessons import lesson_builder

    _register(_puzzle(
        "king-stands-in", "The king stands in",
        PositionBuilder(players=("archer", "bull")).tile("r", (2, 4)).leader("archer", "king", (2, 5))
        .leader("bull", "priest", (3, 4)).hand("archer", "gbbkrr").hand("bull", "kkkkkk").turn("archer", 1),
        Goal.gain(GREEN, 1), ["tile g (3,5)"],
        "A tile scores for the leader of its colour in its kingdom; without one, for the kingdom's king.",
        "The market joins the kingdom of Archer's king. There is no trader there, so the king stands in: "
        "Archer +1 green (§6.2.3). A market anywhere touching the kingdom works; a tile on (1,4) or (3,5) is fine.",
        "§6.2.3",
    ))  # fmt: skip
    _register(_puzzle(
        "first-kingdom", "Found a kingdom and score",
        PositionBuilder(players=("archer", "bull")).hand("archer", "gggrrb").hand("bull", "kkkkkk"),
        Goal.gain(GREEN, 1), ["leader g (6,2)", "tile g (6,1)"],
        "Placing a leader never scores. You have two actions: a leader first, then a tile beside him.",
        "Action 1 stands the trader next to a starting temple (§6.1 L3), action 2 lays a market in his kingdom: "
        "Archer +1 green. A king would have worked too (he stands in for the trader).",
        "§5, §6.1, §6.2",
    ))  # fmt: skip
    _register(_puzzle(
        "catastrophe-home", "Cut off a priest",
        PositionBuilder(players=("archer", "bull")).tile("r", (9, 2), (11, 2)).leader("bull", "priest", (9, 3))
        .leader("archer", "king", (10, 2)).hand("archer", "kkkkkk").hand("bull", "kkkkkk").turn("archer", 1),
        Goal.send_home(1, RED, "Send Bull's priest back to his supply this turn."),
        ["catastrophe (9,2)"],
        "A leader needs a face-up temple next to him (§4 I1). Which temple does the priest depend on?",
        "The catastrophe destroys the temple (9,2), the priest's only temple: he goes home at once (§12). "
        "Your king still touches (11,2) and stays. (10,0) carries a treasure and may not be hit (§6.3 C3).",
        "§6.3, §12",
    ))  # fmt: skip
    _register(_puzzle(
        "win-revolt", "Win the revolt",
        lesson_builder("revolt").hand("archer", "rrrkkb").hand("bull", "rrrkkb").turn("archer", 1),
        Goal.win_conflict(1, RED, "Throw Bull's priest out of his kingdom and keep yours on the board."),
        ["leader r (9,3)", "commit 3"],
        "Count the temples next to each priest, then the temples Bull could add; a tie goes to the defender.",
        "On (9,3) your priest touches 2 temples, Bull's 1. Bull holds 3 temples, so he can reach 4: you need 5, "
        "so commit all 3 (§8.3–§8.5). All 6 committed tiles are discarded, whoever wins (§8.6.3).",
        "§8",
    ))  # fmt: skip
    _register(_puzzle(
        "win-war", "Win the trader war",
        lesson_builder("war").turn("lion", 1),
        Goal.win_conflict(1, GREEN, "Send Pot's trader home and keep yours."),
        ["tile g (6,4)", "war g", "commit 4"],
        "Unite the kingdoms with a market, then choose which war is fought first.",
        "The market on (6,4) unites the kingdoms (it scores nothing and never counts). Fight the traders first: "
        "your side has 1 market, Pot's 2, and Pot holds 1 more. Commit 4: 5 against at most 3. Pot's markets (7,4) "
        "and (8,4) leave the board, +3 green, and the kings' war vanishes: Pot's king is cut off (§9.8.5).",
        "§9",
    ))  # fmt: skip
    _register(_puzzle(
        "build-monument", "Build a monument",
        PositionBuilder(players=("archer", "bull")).tile("r", (7, 4), (8, 5), (9, 6)).leader("archer", "priest", (7, 5))
        .hand("archer", "rkkkkb").hand("bull", "kkkkkk").turn("archer", 1),
        Goal.monuments(1), ["tile r (9,5)", "monument rg (8,5)"],
        "Four tiles of one colour in a 2×2 square — and the square must include the tile you just laid.",
        "The temple on (9,5) completes the square (8,5)–(9,6) with the starting temple (8,6). You may choose any "
        "monument that shows red: kr, rb or rg (§10.3). The four temples turn face down; your priest keeps the "
        "temple (7,4) and stays (without it he would go home, §12).",
        "§10",
    ))  # fmt: skip
    _register(_puzzle(
        "take-treasure", "Collect a treasure",
        lesson_builder("treasure").turn("lion", 1),
        Goal.treasures(1), ["tile b (4,1)"],
        "A kingdom with a trader and two or more treasures gives all but one of them to the trader's owner.",
        "The farm on the river square (4,1) joins the region of (5,1) and (5,2) to the kingdom of your trader; it "
        "holds two treasures now, so you take one — the one on the special square (1,1) (§11.4). Bull's farmer "
        "scores the farm.",
        "§11",
    ))  # fmt: skip


_exercises()
