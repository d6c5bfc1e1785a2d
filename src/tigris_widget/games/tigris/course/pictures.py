"""The pictures of the T&E course (notebooks/02_course_*): the board cropped to the squares that
matter, each player's points and hand under it, the hands of a swap, both board sides, the legend of
the pieces and the final scoring table. ``jupyter.course`` composes them (before → after) and adds the
narration and the live board; it finds them through ``games.tigris.course`` (the course hooks).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tigris_widget.core.picture import ink
from tigris_widget.core.protocol import Window
from tigris_widget.core.text import wrap_lines
from tigris_widget.games.tigris.builder import PositionBuilder
from tigris_widget.games.tigris.engine.core.board import HEIGHT, WIDTH, to_square
from tigris_widget.games.tigris.engine.rules.position import Position
from tigris_widget.games.tigris.game import Game
from tigris_widget.games.tigris.present.picture import DARK, LIGHT, PIECE
from tigris_widget.games.tigris.present.svg import CELL, MARGIN, board_svg, window_edges
from tigris_widget.games.tigris.present.viewjson import serialize_game

XY = tuple[int, int]
SquareLike = Any
Panel = tuple[str, int, int, str, list[str]]
"""A board picture (nested ``<svg>``), its width and height, its title and the SVG lines under it."""
COLOURS = ("black", "red", "blue", "green")
CODES = {"black": "k", "red": "r", "blue": "b", "green": "g"}
HIGHLIGHT = "#ff8c00"


def _size(width: int, height: int) -> str:
    """Size attributes of a picture: wide ones take the width of the page (JupyterLab shows SVG as an
    ``<img>`` it does not shrink); small ones keep their size."""
    return 'width="100%"' if width > 560 else f'width="{width}" height="{height}"'


def _full_svg(game: Game, ply: int | None = None, **options: Any) -> str:
    return board_svg(serialize_game(game, None, ply), **options)


def _swatch(colour: str, theme: str) -> str:
    """The attributes of a tile colour's swatch in a line of text: on dark paper the black tile's
    swatch gets a light edge (it would vanish), as the board's black pieces do."""
    edge = ' stroke="#b8b8b8" stroke-width="0.8"' if theme == "dark" and colour == "black" else ""
    return f'fill="{PIECE[colour]}"{edge}'


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


def board_panel(
    game: Game,
    window: Window,
    *,
    ply: int | None = None,
    highlight: Iterable[SquareLike] = (),
    labels: Mapping[SquareLike, str] | None = None,
    theme: str = "light",
) -> tuple[str, int, int]:
    """The board of ``game`` (all-seeing) after ``ply`` actions, cropped to ``window``: SVG body
    (a nested ``<svg>`` at 0,0) and its width and height, in ``theme``. Cut edges get their own
    coordinates."""
    pen = ink(theme)
    full = _full_svg(game, ply, highlight=[to_square(q) for q in highlight], status=False, theme=theme)
    root = re.match(r"<svg [^>]*>", full)
    assert root is not None
    body = full[root.end() : full.rindex("</svg>")]
    w = window
    left, top = w.x0 * CELL, w.y0 * CELL
    width, height = MARGIN + w.width * CELL + 4, MARGIN + w.height * CELL + 4
    if not (0 <= w.x0 <= w.x1 < WIDTH and 0 <= w.y0 <= w.y1 < HEIGHT):
        raise ValueError(
            f"window ({w.x0}, {w.y0}, {w.x1}, {w.y1}) is not a part of the board: x0 <= x1 in 0..{WIDTH - 1}, y0 <= y1 in 0..{HEIGHT - 1}"
        )
    over = window_edges(w.x0, w.y0, w.x1, w.y1, ink=DARK["coordinates"] if theme == "dark" else "#555", paper=pen.paper)
    for where, text in (labels or {}).items():
        x, y = _xy(where)
        t = str(text)[:12]
        bw = 7 * len(t) + 8
        bx, by = MARGIN + (x + 1) * CELL - bw - 1, MARGIN + (y + 1) * CELL - 17
        over.append(
            f'<rect x="{bx}" y="{by}" width="{bw}" height="16" rx="4" fill="{pen.label}" stroke="{pen.action}" '
            f'stroke-width="1.5"/><text x="{bx + bw / 2}" y="{by + 12}" font-size="11" font-weight="bold" '
            f'text-anchor="middle" fill="{pen.label_text}">{html.escape(t)}</text>'
        )
    svg = (
        f'<svg x="0" y="0" width="{width}" height="{height}" viewBox="{left} {top} {width} {height}">'
        f"{body}{''.join(over)}</svg>"
    )
    return svg, width, height


def _score_lines(
    game: Game, ply: int | None, changed: Mapping[tuple[int, str], int] | None = None, *, theme: str = "light"
) -> list[str]:
    """One SVG text line per player: ▶ for the active one, hand, points with swatches, treasures; a
    number in ``changed`` (key → change) is bold, underlined and followed by its change, e.g. "(+1)".
    Then a grey line with the turn and the tiles left in the bag. Inks for ``theme``'s paper."""
    pen = ink(theme)
    state = game.state_at(len(game) if ply is None else ply)
    pos = Position.of_state(state)

    def number(key: tuple[int, str], n: int) -> str:
        delta = (changed or {}).get(key)
        if not delta:
            return f"<tspan> {n} </tspan>"
        sign = "+" if delta > 0 else "−"
        colour = pen.gain if delta > 0 else pen.loss
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
            parts.append(f'<tspan {_swatch(c, theme)} font-weight="bold">■{CODES[c]}</tspan>')
            parts.append(number((info.seat, c), (info.points or {}).get(c, 0)))
        parts.append(f'<tspan fill="{pen.treasure}">◆</tspan>')
        parts.append(number((info.seat, "treasure"), info.treasures or 0))
        lines.append("".join(parts))
    end = "game over" if state.over else f"turn {state.turn}"
    lines.append(f'<tspan fill="{pen.muted}">{end} · bag {len(state.bag)}</tspan>')
    return lines


def _points(game: Game, ply: int) -> dict[tuple[int, str], int]:
    pos = Position.of_state(game.state_at(ply))
    out: dict[tuple[int, str], int] = {}
    for info in pos.players:
        for c in COLOURS:
            out[(info.seat, c)] = (info.points or {}).get(c, 0)
        out[(info.seat, "treasure")] = info.treasures or 0
    return out


def _changed_squares(game: Game, a: int, b: int) -> set[XY]:
    pa, pb = Position.of_state(game.state_at(a)), Position.of_state(game.state_at(b))
    out = set()
    for y in range(HEIGHT):
        for x in range(WIDTH):
            if pa.at((x, y)) != pb.at((x, y)):
                out.add((x, y))
    return out


def _interesting(game: Game, ply: int, squares: set[XY]) -> set[XY]:
    """``squares`` and the regions they belong to (so a picture shows the kingdoms involved)."""
    pos = Position.of_state(game.state_at(ply))
    out = set(squares)
    for region in pos.regions():
        if any(q in squares for q in region.squares) or any(
            (x + dx, y + dy) in squares for x, y in region.squares for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        ):
            out.update(region.squares)
    return out


def _hand_counts(game: Game, ply: int) -> list[tuple[str, dict[str, int]]]:
    pos = Position.of_state(game.state_at(ply))
    return [(info.dynasty.capitalize(), {c: (info.hand or {}).get(c, 0) for c in COLOURS}) for info in pos.players]


def _tile_row(
    counts: Mapping[str, int], marked: Mapping[str, int], x: float, y: float, mark: str, theme: str
) -> list[str]:
    """Tiles of a hand as big coloured squares with their codes; the last ``marked[c]`` of each colour
    get ``mark``: "out" (crossed out: veiled in the paper's colour) or "new" (an orange frame)."""
    pen = ink(theme)
    out, size, step = [], 30, 36
    i = 0
    for c in COLOURS:
        for j in range(counts.get(c, 0)):
            tx = x + step * i
            out.append(f'<rect x="{tx}" y="{y}" width="{size}" height="{size}" rx="4" {_swatch(c, theme)}/>'
                       f'<text x="{tx + size / 2}" y="{y + 21}" font-size="16" font-weight="bold" '
                       f'text-anchor="middle" fill="#fff">{CODES[c]}</text>')  # fmt: skip
            if j >= counts[c] - marked.get(c, 0):
                if mark == "out":
                    out.append(f'<rect x="{tx}" y="{y}" width="{size}" height="{size}" rx="4" fill="{pen.paper}" '
                               f'opacity="0.6"/><path d="M{tx + 2} {y + 2}L{tx + size - 2} {y + size - 2}'
                               f'M{tx + size - 2} {y + 2}L{tx + 2} {y + size - 2}" stroke="{pen.loss}" '
                               f'stroke-width="3.5"/>')  # fmt: skip
                else:
                    out.append(f'<rect x="{tx - 3}" y="{y - 3}" width="{size + 6}" height="{size + 6}" rx="5" '
                               f'fill="none" stroke="{HIGHLIGHT}" stroke-width="3"/>')  # fmt: skip
            i += 1
    return out


def hands_picture(
    game: Game, start: int, end: int, actions: Sequence[str], caption: str = "", *, theme: str = "light"
) -> str:
    """The hands before ply ``start`` and after ply ``end`` in large print, the actions played between
    them beginning with a swap: the discarded tiles crossed out, the drawn ones framed, and the bag. A
    swap changes no square, so the board is left to the live board. Drawn in ``theme``."""
    pen = ink(theme)
    swap = str(actions[0]).split() if actions else []
    if not swap or swap[0] != "swap" or len(swap) != 2:
        raise ValueError(f"a picture of the hands needs a swap first, not {actions[0] if actions else None!r}")
    seat = game.state_at(start).active
    before, after = _hand_counts(game, start), _hand_counts(game, end)
    out_tiles = {c: swap[1].count(CODES[c]) for c in COLOURS}
    kept = {c: before[seat][1][c] - out_tiles[c] for c in COLOURS}
    new_tiles = {c: after[seat][1][c] - kept[c] for c in COLOURS}
    col_w, gap, row_h = 330, 150, 58
    head_lines = wrap_lines(caption, 90) if caption else []
    head = 22 * len(head_lines) + (8 if head_lines else 0)
    width = 2 * col_w + gap
    height = head + 30 + row_h * len(before) + 30
    svg = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" {_size(width, height)} '
        f'font-family="sans-serif" role="img" aria-label="{html.escape(caption or "a swap")}">',
        f'<rect width="{width}" height="{height}" fill="{pen.paper}"/>',
    ]
    for i, line in enumerate(head_lines):
        svg.append(f'<text x="{MARGIN}" y="{18 + 22 * i}" font-size="16" font-weight="bold" fill="{pen.text}">'
                   f"{html.escape(line)}</text>")  # fmt: skip
    for k, (title, hands, ply) in enumerate((("Before", before, start), ("After", after, end))):
        x0 = k * (col_w + gap) + MARGIN
        svg.append(
            f'<text x="{x0}" y="{head + 18}" font-size="14" font-weight="bold" fill="{pen.title}">{title}</text>'
        )
        for r, (name, counts) in enumerate(hands):
            y = head + 30 + row_h * r
            svg.append(
                f'<text x="{x0}" y="{y + 14}" font-size="13" font-weight="bold" fill="{pen.text}">{name}\'s hand</text>'
            )
            marked = (out_tiles if k == 0 else new_tiles) if r == seat else {}
            svg.extend(_tile_row(counts, marked, x0, y + 20, "out" if k == 0 else "new", theme))
        bag = len(game.state_at(ply).bag)
        svg.append(f'<text x="{x0}" y="{height - 10}" font-size="13" fill="{pen.muted}">bag {bag}</text>')
    ay = head + 30 + row_h * seat + 35
    ax = col_w + MARGIN
    svg.append(
        f'<text x="{ax + (gap - 20) / 2}" y="{ay - 12}" font-size="13" font-family="monospace" font-weight="bold" '
        f'text-anchor="middle" fill="{pen.action}">{html.escape(", ".join(actions))}</text>'
        f'<path d="M{ax} {ay} H{ax + gap - 34}" stroke="{pen.action}" stroke-width="4"/>'
        f'<path d="M{ax + gap - 30} {ay} l-12 -8 v16 Z" fill="{pen.action}"/>'
    )
    svg.append("</svg>")
    return "".join(svg)


def final_table(game: Game) -> tuple[str, str]:
    """End ``game`` if it is waiting only for its last pass; its final scoring (rules §15) as an HTML
    table and plain lines."""
    if game.result is None and game.decision is not None:
        game.apply("pass")
    result = game.result
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
        plain.append(f"{r.rank}. {r.dynasty.capitalize()}: {raw} + {r.treasures} treasures → {final}; score {r.score}")
    head = "".join(f"<th>{h}</th>" for h in ("place", "dynasty", "points k / r / b / g", "treasures",
                                              "with treasures", "low to high", "score"))  # fmt: skip
    table = f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    return table, "\n".join(plain)


def board_sides(theme: str = "light") -> tuple[Game, list[Panel], str]:
    """Both sides of the board at the start of a game: on each winged-bull square its starting temple
    and treasure; the special squares in their gold frame, labelled."""
    panels: list[Panel] = []
    for side, title in (("classic", "Classic side (used in this course)"), ("alternative", "Alternative side")):
        game = Game.new(players=2, seed=1, board=side)
        pos = game.position
        bulls = [(x, y) for y in range(HEIGHT) for x in range(WIDTH) if pos.at((x, y)).treasure]
        specials = [q for q in bulls if pos.at(q).special]
        body, w, h = board_panel(game, FULL, labels={q: "special" for q in specials}, theme=theme)
        lines = [
            f"{len(bulls)} winged-bull squares, each with a starting temple and its treasure",
            f"{len(specials)} of them special (gold frame, labelled): {', '.join(f'({x},{y})' for x, y in specials)}",
            f"{sum(pos.at((x, y)).terrain == 'river' for y in range(HEIGHT) for x in range(WIDTH))} river squares (blue)",
        ]
        panels.append((body, w, h, title, [html.escape(t) for t in lines]))
    return Game.new(players=2, seed=1), panels, "The two sides of the board: rivers, winged bulls and special squares"


# -- the legend ------------------------------------------------------------------------------------


def _legend_builder() -> PositionBuilder:
    """A position holding one of every piece."""
    return (
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
        .leader("bull", "trader", (12, 4))
        .leader("pot", "king", (4, 9))
        .leader("lion", "king", (3, 5))
        .catastrophe((11, 5))
        .monument("rg", (12, 9))
        .hand("archer", "rrkkbg")
        .hand("bull", "kkrrbg")
        .hand("pot", "kkrrbg")
        .hand("lion", "kkrrbg")
    )


def _legend_game() -> Game:
    """The legend's position with a war pending (Archer's temple on (7,3) unites two kingdoms), so the
    unification marker and the conflict frame show."""
    return _legend_builder().game(then=["tile r (7,3)"])


def _quiet_legend_game() -> Game:
    """The same position with no conflict, after Bull moved his trader from (12,4) to (13,5): the pieces'
    swatches carry no conflict frame, and the last turn's two squares show its marks."""
    return _legend_builder().turn("bull").game(then=["move g (13,5)"])


LEGEND: list[tuple[XY, str, str]] = [
    ((1, 4), "settlement (black tile, k)", "a civilization tile; the king's colour"),
    ((3, 4), "temple (red tile, r)", "leaders must stand next to one"),
    ((1, 3), "farm (blue tile, b)", "only on river squares"),
    ((10, 5), "market (green tile, g)", "the trader's colour"),
    ((6, 4), "king (black leader)", "symbol and ring: the dynasty, Archer (bow, orange)"),
    ((6, 2), "priest (red leader)", "Archer's priest"),
    ((5, 3), "farmer (blue leader)", "Archer's farmer"),
    ((9, 3), "trader (green leader)", "Archer's trader"),
    ((8, 4), "Bull's king", "horns, magenta ring"),
    ((4, 9), "Pot's king", "a pot, teal ring"),
    ((3, 5), "Lion's king", "a mane, violet ring"),
    ((10, 0), "treasure (yellow diamond)", "on a starting temple; a wild point"),
    ((1, 1), "special square (gold frame)", "its treasure is taken first"),
    ((11, 5), "catastrophe", "the square is closed for good"),
    ((12, 9), "monument red/green", "platform: 1st colour, tower: 2nd (order k r b g)"),
    ((7, 3), "unification marker (ring)", "the tile that joined two kingdoms"),
    ((4, 0), "river square (blue)", "farms only; rivers do not cut regions"),
    ((13, 5), "last turn (pink frame, pale yellow)", "every square the last turn changed"),
    ((12, 4), "a square a leader left", "pale yellow, pink frame, nothing on it"),
    ((8, 4), "conflict (purple dashed frame)", "the attacker and defender of the revolt or war"),
]
"""Each swatch: the square it shows, its name and a note. The first 19 come from the quiet position; the
unification marker and the conflict frame from the position with the war pending."""
_FROM_WAR = {"unification marker (ring)", "conflict (purple dashed frame)"}


def _body(game: Game, theme: str) -> str:
    full = _full_svg(game, status=False, theme=theme)
    root = re.match(r"<svg [^>]*>", full)
    assert root is not None
    return full[root.end() : full.rindex("</svg>")]


def legend(theme: str = "light") -> tuple[Game, list[Panel], str]:
    """Every piece and symbol, each drawn by the board renderer with its name, in ``theme``."""
    pen = ink(theme)
    game = _legend_game()
    bodies = {True: _body(game, theme), False: _body(_quiet_legend_game(), theme)}
    row_h, col_w, cols = 52, 420, 2
    rows = (len(LEGEND) + 2 + cols - 1) // cols
    width, height = col_w * cols, rows * row_h + 4
    out = [
        f'<svg x="0" y="0" width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
    ]
    for i, (sq, name, note) in enumerate(LEGEND):
        x, y = (i % cols) * col_w + 8, 4 + (i // cols) * row_h
        left, top = MARGIN + sq[0] * CELL, MARGIN + sq[1] * CELL
        span = 2 * CELL if sq == (12, 9) else CELL  # the monument covers four squares
        view = f"{left} {top} {span} {span}"
        body = bodies[name in _FROM_WAR]
        out.append(f'<svg x="{x}" y="{y}" width="{CELL + 4}" height="{CELL + 4}" viewBox="{view}">{body}</svg>')
        out.append(
            f'<text x="{x + 56}" y="{y + 18}" font-size="14" font-weight="bold" fill="{pen.text}">{html.escape(name)}</text>'
        )
        out.append(f'<text x="{x + 56}" y="{y + 36}" font-size="12" fill="{pen.note}">{html.escape(note)}</text>')
    # drawn here, not cropped from a board: the course's highlight and the land's two shades
    extra = [
        (HIGHLIGHT, "highlight (orange frame)", "squares the course points at (a square, not a ring)"),
        ("none", "land (two beige shades)", "a checkerboard to count squares by; no meaning"),
    ]
    palette = DARK if theme == "dark" else LIGHT  # the board's own shades in this theme
    land, land_alt = palette["land"], palette["landAlt"]
    for j, (colour, name, note) in enumerate(extra):
        i = len(LEGEND) + j
        x, y = (i % cols) * col_w + 8, 4 + (i // cols) * row_h
        if colour == "none":  # the two land shades side by side, as on the board
            out.append(
                f'<rect x="{x + 2}" y="{y + 2}" width="{(CELL - 2) / 2}" height="{CELL - 2}" fill="{land}"/>'
                f'<rect x="{x + 2 + (CELL - 2) / 2}" y="{y + 2}" width="{(CELL - 2) / 2}" height="{CELL - 2}" fill="{land_alt}"/>'
            )
        else:
            out.append(
                f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 2}" height="{CELL - 2}" fill="{land}" '
                f'stroke="{colour}" stroke-width="4"/>'
            )
        out.append(
            f'<text x="{x + 56}" y="{y + 18}" font-size="14" font-weight="bold" fill="{pen.text}">{html.escape(name)}</text>'
        )
        out.append(f'<text x="{x + 56}" y="{y + 36}" font-size="12" fill="{pen.note}">{html.escape(note)}</text>')
    out.append("</svg>")
    return game, [("".join(out), width, height, "The pieces and symbols", [])], ""
