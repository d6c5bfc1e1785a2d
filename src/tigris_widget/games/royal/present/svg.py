"""The static SVG picture of a Royal Game of Ur view (``view.present``): the 20 squares (rosettes as a
shell-white eight-pointed flower on lapis), each seat's trays of waiting and borne-off pieces with
their counts, the pieces (ivory Light and ebony Dark, each ringed in the other's tone), the four dice
with the roll, and below them who plays and each seat's pieces.

Its palette is the one the canvas board uses (``js/src/games/royal/theme.ts`` keeps the same values).
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Iterable, Mapping
from html import escape
from itertools import pairwise
from typing import Any

from tigris_widget.core.view import check_view, svg_ink
from tigris_widget.games.royal.engine.board import COLUMNS, OFF, PIECES, ROSETTE_CELLS, ROWS, SQUARES, exists
from tigris_widget.games.royal.present.view import GAME, home_cell, square_cell, waiting_cell

CELL = 64
"""Side of one square in pixels."""
MARGIN = 22
"""Room left of and above the grid for the coordinates."""
CAPTION_CHARS = 56
"""A caption longer than this wraps onto more lines."""
DICE_HEIGHT = 62
"""The strip under the board for the dice and the roll."""
CENTRAL_CELL = 11
"""The safe central rosette, (3,1)."""
LIGHT: dict[str, Any] = {
    "background": "#ffffff",
    "text": "#222222",
    "muted": "#5f5f5f",
    "square": "#dcc596",
    "squareEdge": "#6b5434",
    "rosette": "#2d5aa0",
    "petal": "#f6efdc",
    "eye": "#c0392b",
    "tray": "#f3efe7",
    "trayEdge": "#9c8660",
    "piece": ("#fbf7ec", "#1c1c1c"),
    "ring": ("#2a2a2a", "#f0e6cf"),
    "die": "#f2e8d2",
    "dieEdge": "#4a3a22",
    "tip": "#c0392b",
    "accent": "#d81b60",
    "safe": "#e8b923",
    "wedge": "#8a6d3b",
}
DARK: dict[str, Any] = {
    **LIGHT,
    "background": "#1e1e1e",
    "text": "#e6e6e6",
    "muted": "#b0b0b0",
    "square": "#b59d6e",
    "squareEdge": "#0d0b08",
    "rosette": "#2a5293",
    "tray": "#2a2825",
    "trayEdge": "#7d6c4f",
    "die": "#d9ccb0",
    "dieEdge": "#0d0b08",
    "tip": "#d64533",
    "accent": "#ff5a92",
    "wedge": "#4a3a22",
}
GHOST_OPACITY = 0.55
"""How opaque a ghost piece (a move not played) is: the canvas's ``GHOST_ALPHA`` (js/src/core/scene.ts)."""
GHOST_INK = "#2e86de"
"""The dashed frame round a ghost: the blue of a review's better move."""


def _xy(cell: int) -> tuple[int, int]:
    return MARGIN + (cell % COLUMNS) * CELL, MARGIN + (cell // COLUMNS) * CELL


def _centre(cell: int) -> tuple[float, float]:
    x, y = _xy(cell)
    tray = not exists(cell % COLUMNS, cell // COLUMNS)
    return x + CELL / 2, y + CELL * (0.42 if tray else 0.5)


def _rosette(cx: float, cy: float, radius: float, pal: Mapping[str, Any]) -> str:
    """An eight-pointed rosette: eight points round a red eye."""
    points = []
    for i in range(16):
        angle = math.pi / 8 * i - math.pi / 2
        r = radius if i % 2 == 0 else radius * 0.42
        points.append(f"{cx + r * math.cos(angle):.1f},{cy + r * math.sin(angle):.1f}")
    return (f'<polygon points="{" ".join(points)}" fill="{pal["petal"]}"/>'
            f'<circle cx="{cx}" cy="{cy}" r="{radius * 0.22:.1f}" fill="{pal["eye"]}"/>')  # fmt: skip


def _piece(seat: int, cx: float, cy: float, radius: float, pal: Mapping[str, Any], count: int | None = None) -> str:
    """A piece: a disc in its seat's tone, ringed in the other's, with five dots (or ``count``)."""
    fill, ring = pal["piece"][seat], pal["ring"][seat]
    out = [f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius:.1f}" fill="{fill}" stroke="{ring}" '
           f'stroke-width="{max(1.5, radius * 0.12):.1f}" class="piece seat{seat}"/>']  # fmt: skip
    if count is not None:
        out.append(f'<text x="{cx:.1f}" y="{cy + radius * 0.42:.1f}" font-size="{radius * 1.15:.0f}" '
                   f'font-weight="700" text-anchor="middle" fill="{ring}">{count}</text>')  # fmt: skip
    else:
        d = radius * 0.45
        for dx, dy in ((0, 0), (-d, -d), (d, -d), (-d, d), (d, d)):
            out.append(f'<circle cx="{cx + dx:.1f}" cy="{cy + dy:.1f}" r="{radius * 0.13:.1f}" fill="{ring}"/>')
    return "".join(out)


def _board(out: list[str], pal: Mapping[str, Any]) -> None:
    """The squares, the rosettes, the trays' frames with their words and the path's wedges."""
    for cell in range(SQUARES):
        x, y = _xy(cell)
        if not exists(cell % COLUMNS, cell // COLUMNS):
            out.append(f'<rect x="{x + 4}" y="{y + 4}" width="{CELL - 8}" height="{CELL - 8}" rx="6" fill="{pal["tray"]}" '
                       f'stroke="{pal["trayEdge"]}" stroke-dasharray="4 3"/>')  # fmt: skip
            word = "home" if cell in (home_cell(0), home_cell(1)) else "start"
            out.append(f'<text x="{x + CELL / 2}" y="{y + CELL - 8}" font-size="10" font-weight="600" '
                       f'text-anchor="middle" fill="{pal["muted"]}">{word}</text>')  # fmt: skip
            continue
        rosette = cell in ROSETTE_CELLS
        out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{pal["squareEdge"]}"/>')
        out.append(f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="4" '
                   f'fill="{pal["rosette"] if rosette else pal["square"]}"/>')  # fmt: skip
        if rosette:
            # the central rosette a little smaller: its corner keeps room for the word "safe"
            out.append(_rosette(x + CELL / 2, y + CELL / 2, CELL * (0.34 if cell == CENTRAL_CELL else 0.43), pal))
        if cell == CENTRAL_CELL:  # the safe square wears a gold frame, seen round a piece on it too
            out.append(f'<rect x="{x + 5}" y="{y + 5}" width="{CELL - 10}" height="{CELL - 10}" rx="3" fill="none" '
                       f'stroke="{pal["safe"]}" stroke-width="3"/>')  # fmt: skip
    _wedges(out, pal)


def _wedges(out: list[str], pal: Mapping[str, Any]) -> None:
    """The way the pieces go: a small wedge on the edge between each two steps of a seat's path (start
    tray, squares 1-14, home tray), pointing onwards; the middle row's are shared by both seats."""
    seen: set[tuple[int, int]] = set()
    for seat in (0, 1):
        steps = [square_cell(seat, sq) for sq in range(OFF + 1)]
        for a, b in pairwise(steps):
            if (a, b) in seen:
                continue
            seen.add((a, b))
            (ax, ay), (bx, by) = _xy(a), _xy(b)
            dx, dy = (bx > ax) - (bx < ax), (by > ay) - (by < ay)
            ex, ey, size = (ax + bx + CELL) / 2, (ay + by + CELL) / 2, CELL * 0.08
            points = [(ex + dx * size, ey + dy * size), (ex - dx * size + dy * size, ey - dy * size + dx * size),
                      (ex - dx * size - dy * size, ey - dy * size - dx * size)]  # fmt: skip
            out.append(f'<polygon points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in points)}" fill="{pal["wedge"]}"/>')


def _pieces(out: list[str], body: Mapping[str, Any], pal: Mapping[str, Any], only: set[int] | None = None) -> None:
    """The pieces on the squares and in the trays (``only``: on these cells alone)."""
    if body["cells"][CENTRAL_CELL] is None and only is None:  # a piece there would cover the word
        x, y = _xy(CENTRAL_CELL)
        out.append(f'<text x="{x + 8}" y="{y + 16}" font-size="10" font-weight="700" fill="{pal["safe"]}">safe</text>')
    for cell, seat in enumerate(body["cells"]):
        if seat is not None and (only is None or cell in only):
            cx, cy = _centre(cell)
            out.append(_piece(seat, cx, cy, CELL * 0.33, pal))
    for seat in (0, 1):
        for cell, count in ((waiting_cell(seat), body["waiting"][seat]), (home_cell(seat), body["off"][seat])):
            if only is not None and cell not in only:
                continue
            cx, cy = _centre(cell)
            r = CELL * 0.27
            if count > 1:  # a stack: one piece behind
                out.append(_piece(seat, cx + r * 0.14, cy - r * 0.16, r, pal))
            out.append(f'<g opacity="{0.35 if count == 0 else 1}">{_piece(seat, cx, cy, r, pal, count)}</g>')


def _dice(out: list[str], view: Mapping[str, Any], top: float, pal: Mapping[str, Any]) -> None:
    """The four pyramid dice seen from above (the tip in the middle, marked red when it counts) and the
    roll; before a throw, empty dashed outlines (the words say what the last throw was)."""
    dice = view["body"]["dice"]
    die = 44
    for i in range(4):
        x = MARGIN + i * die * 1.12
        cx, ay = x + die / 2, top + die * 0.58
        corners = [(cx, top + 1), (x + 1, top + die * 0.92), (x + die - 1, top + die * 0.92)]
        pts = " ".join(f"{a:.1f},{b:.1f}" for a, b in corners)
        spokes = "".join(f'<line x1="{cx:.1f}" y1="{ay:.1f}" x2="{a:.1f}" y2="{b:.1f}"/>' for a, b in corners)
        if dice is None:
            out.append(f'<g class="die" fill="none" stroke="{pal["trayEdge"]}" stroke-width="1.4" '
                       f'stroke-dasharray="4 3"><polygon points="{pts}"/>{spokes}</g>')  # fmt: skip
            continue
        tip = (
            f'<circle cx="{cx:.1f}" cy="{ay:.1f}" r="{die * 0.11:.1f}" fill="{pal["tip"]}" class="tip"/>'
            if dice[i]
            else ""
        )
        out.append(f'<g class="die" stroke="{pal["dieEdge"]}" stroke-width="1.4" stroke-linejoin="round">'
                   f'<polygon points="{pts}" fill="{pal["die"]}"/>{spokes}{tip}</g>')  # fmt: skip
    big, small = dice_words(view)
    tx = MARGIN + 4 * die * 1.12 + 10
    out.append(f'<text x="{tx:.1f}" y="{top + (18 if small else 28)}" font-size="19" font-weight="700" '
               f'fill="{pal["text"]}">{escape(big)}</text>')  # fmt: skip
    if small:
        out.append(f'<text x="{tx:.1f}" y="{top + 38}" font-size="12" fill="{pal["muted"]}">{escape(small)}</text>')


def dice_words(view: Mapping[str, Any]) -> tuple[str, str]:
    """The words beside the dice (as the canvas's ``diceWords``): the roll, or who throws next and the
    last throw."""
    body = view["body"]
    name = [str(s["name"]) for s in view["seats"]]
    last = body.get("last_roll")
    last_words = f"last: {name[last['seat']]} threw {last['roll']}" if isinstance(last, Mapping) else ""
    if view["over"]:
        winner = body.get("winner")
        return f"{name[winner if isinstance(winner, int) else body['active']]} wins", f"all {PIECES} pieces home"
    if body["roll"] is None:
        return f"{name[body['active']]} to roll", last_words
    return f"Roll {body['roll']}", f"{name[body['active']]} to move"


def picture_svg(
    view: Mapping[str, Any],
    *,
    highlight: Iterable[int] = (),
    arrows: Iterable[tuple[int, int]] = (),
    labels: Mapping[int, str] | None = None,
    caption: str | None = None,
    status: bool = True,
    theme: str = "light",
    ghost: tuple[Mapping[str, Any], Iterable[int]] | None = None,
    highlight_ink: str | None = None,
    arrow_ink: str | None = None,
) -> str:
    """An SVG picture of a Royal Game of Ur view JSON (``view.present``).

    :param highlight: cells to frame; ``arrows`` pairs of cells; ``labels`` cell → short text.
    :param caption: a line of text above the board; ``status``: add the lines below the dice.
    :param theme: ``"light"`` or ``"dark"``.
    :param ghost: ``(body, cells)``: what a move not played would put on ``cells`` (``body`` is the view
        body after it), its pieces translucent in a dashed frame — a review's better move.
    :param highlight_ink, arrow_ink: the frames' and arrows' colour (``#rrggbb`` or a name), as the live
        board was told.
    :raises ValueError: a view that is not of this game, or a bad option.
    """
    if theme not in ("light", "dark"):
        raise ValueError(f"theme must be 'light' or 'dark', not {theme!r}")
    check_view(view)
    if view["game"] != GAME:
        raise ValueError(f"not a Royal Game of Ur view: a view of {view['game']!r}")
    body = view["body"]
    _check_body(body)
    ghost_body, ghost_cells = _ghost(ghost) if ghost is not None else (None, set())
    pal = DARK if theme == "dark" else LIGHT
    caption_lines = textwrap.wrap(caption, CAPTION_CHARS) if caption else []
    top = 10 + 19 * len(caption_lines) if caption_lines else 0
    lines = _status_lines(view) if status else []
    grid_w, grid_h = COLUMNS * CELL, ROWS * CELL
    width = MARGIN + grid_w + 12
    height = top + MARGIN + grid_h + 8 + DICE_HEIGHT + (len(lines) * 19 + 6 if lines else 0)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="system-ui, -apple-system, Segoe UI, sans-serif">',
        f'<rect width="{width}" height="{height}" fill="{pal["background"]}"/>',
    ]
    for i, line in enumerate(caption_lines):
        out.append(f'<text x="{MARGIN}" y="{19 + 19 * i}" font-size="15" font-weight="600" fill="{pal["text"]}">'
                   f"{escape(line)}</text>")  # fmt: skip
    out.append(f'<g transform="translate(0,{top})">')
    for x in range(COLUMNS):
        out.append(f'<text x="{MARGIN + x * CELL + CELL / 2}" y="15" font-size="12" text-anchor="middle" '
                   f'fill="{pal["muted"]}">{x}</text>')  # fmt: skip
    for y in range(ROWS):
        out.append(f'<text x="10" y="{MARGIN + y * CELL + CELL / 2 + 4}" font-size="12" text-anchor="middle" '
                   f'fill="{pal["muted"]}">{y}</text>')  # fmt: skip
    _board(out, pal)
    last = view.get("last_turn") or view.get("last_move")
    for cell in last["squares"] if isinstance(last, Mapping) else []:
        x, y = _xy(int(cell))
        out.append(f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="5" fill="none" '
                   f'stroke="{pal["accent"]}" stroke-width="3"/>')  # fmt: skip
    _pieces(out, body, pal)
    if ghost_body is not None:
        for cell in sorted(ghost_cells):  # cover what stands there now, then the ghost's pieces
            x, y = _xy(cell)
            out.append(
                f'<rect x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" rx="4" fill="{pal["square"]}"/>'
            )
        out.append(f'<g opacity="{GHOST_OPACITY}">')
        _pieces(out, ghost_body, pal, ghost_cells)
        out.append("</g>")
        for cell in sorted(ghost_cells):
            x, y = _xy(cell)
            frame = (
                f'x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="5" fill="none" stroke-width="3"'
            )
            out.append(f'<rect {frame} stroke="{pal["background"]}"/><rect {frame} stroke="{GHOST_INK}" '
                       'stroke-dasharray="6 3"/>')  # fmt: skip
    for cell in highlight:
        x, y = _xy(_cell(cell, "highlight"))
        out.append(f'<rect x="{x + 4}" y="{y + 4}" width="{CELL - 8}" height="{CELL - 8}" rx="6" fill="none" '
                   f'stroke="{svg_ink(highlight_ink, "#ff8c00")}" stroke-width="3" stroke-dasharray="6 3"/>')  # fmt: skip
    for a, b in arrows:
        (ax, ay), (bx, by) = _centre(_cell(a, "arrow")), _centre(_cell(b, "arrow"))
        ink = svg_ink(arrow_ink, pal["accent"])
        out.append(f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{ink}" '
                   f'stroke-width="4" stroke-linecap="round"/><circle cx="{bx:.1f}" cy="{by:.1f}" r="6" fill="{ink}"/>')  # fmt: skip
    for cell, text in (labels or {}).items():
        x, y = _xy(_cell(cell, "label"))
        word = str(text)[:10]
        pill_w, pill_h = min(2 * CELL, len(word) * 8.2 + 6), 17
        pill_top = y + CELL - pill_h * 0.6
        out.append(f'<rect x="{x + (CELL - pill_w) / 2:.1f}" y="{pill_top:.1f}" width="{pill_w:.1f}" height="{pill_h}" '
                   f'fill="{pal["background"]}" fill-opacity="0.92" stroke="{pal["text"]}" stroke-width="1"/>'
                   f'<text x="{x + CELL / 2}" y="{pill_top + pill_h - 4.5:.1f}" font-size="13" font-weight="700" '
                   f'text-anchor="middle" fill="{pal["text"]}">{escape(word)}</text>')  # fmt: skip
    _dice(out, view, MARGIN + grid_h + 10, pal)
    y = MARGIN + grid_h + 8 + DICE_HEIGHT + 14
    for text, seat in lines:
        if seat is not None:
            out.append(_piece(seat, MARGIN + 6, y - 5, 6.5, pal))
        out.append(f'<text x="{MARGIN + (18 if seat is not None else 0)}" y="{y}" font-size="13" '
                   f'fill="{pal["text"]}">{escape(text)}</text>')  # fmt: skip
        y += 19
    out.append("</g></svg>")
    return "\n".join(out)


def _cell(value: object, what: str) -> int:
    if type(value) is not int or not 0 <= value < SQUARES:
        raise ValueError(f"{what} cells must be cells 0..{SQUARES - 1}, not {value!r:.40}")
    return value


def _ghost(ghost: object) -> tuple[Mapping[str, Any], set[int]]:
    """A ghost ``(body, cells)`` checked; ``ValueError`` if malformed."""
    if not (isinstance(ghost, tuple | list) and len(ghost) == 2 and isinstance(ghost[0], Mapping)):
        raise ValueError(f"a ghost is (the view body after a move, its cells), not {type(ghost).__name__}")
    body, given = ghost
    _check_body(body)
    if not isinstance(given, Iterable) or isinstance(given, str | bytes):
        raise ValueError(f"ghost cells must be cells 0..{SQUARES - 1}, not {given!r:.40}")
    return body, {_cell(q, "ghost") for q in given}


def _count(value: object) -> bool:
    return type(value) is int and 0 <= value <= PIECES


def _check_body(body: Mapping[str, Any]) -> None:
    """Raise ``ValueError`` naming the first field of a body that the picture cannot draw."""
    cells = body.get("cells")
    if not isinstance(cells, list) or len(cells) != SQUARES or any(c not in (None, 0, 1) or c is True or c is False
                                                                 for c in cells):  # fmt: skip
        raise ValueError(f"not a Royal Game of Ur view: its body needs {SQUARES} cells, each a seat or null")
    for key in ("waiting", "off"):
        if not isinstance(body.get(key), list) or len(body[key]) != 2 or not all(_count(n) for n in body[key]):
            raise ValueError(f"Royal Game of Ur view: body '{key}' needs a count 0..{PIECES} per seat")
    if body.get("active") not in (0, 1):
        raise ValueError("Royal Game of Ur view: body 'active' must be seat 0 or 1")
    roll, dice = body.get("roll"), body.get("dice")
    if not (roll is None or (type(roll) is int and 0 <= roll <= 4)):
        raise ValueError("Royal Game of Ur view: body 'roll' must be 0..4 or null")
    if not (dice is None or (isinstance(dice, list) and len(dice) == 4 and all(type(d) is bool for d in dice))):
        raise ValueError("Royal Game of Ur view: body 'dice' must be four true/false tips or null")
    last = body.get("last_roll")
    if not (last is None or (isinstance(last, Mapping) and last.get("seat") in (0, 1) and type(last.get("roll")) is int
                             and 0 <= last["roll"] <= 4)):  # fmt: skip
        raise ValueError("Royal Game of Ur view: body 'last_roll' must be {seat, roll} or null")


def _status_lines(view: Mapping[str, Any]) -> list[tuple[str, int | None]]:
    """The lines under the dice, one per seat: (text, the seat whose piece leads it)."""
    body = view["body"]
    lines: list[tuple[str, int | None]] = []  # the prompt is the dice's words: not written twice
    for s in view["seats"]:
        p = s["seat"]
        on_board = sum(1 for c in body["cells"] if c == p)
        turn = " — to play" if not view["over"] and body["active"] == p else ""
        lines.append((f"{s['name']}: {body['waiting'][p]} waiting · {on_board} on the board · "
                      f"{body['off'][p]} of {PIECES} home{turn}", p))  # fmt: skip
    return lines
