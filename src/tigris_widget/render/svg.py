"""Static SVG pictures of a position, for places where widgets do not run (GitHub, nbviewer, HTML).

``board_svg(view)`` is a pure function of a player view (or of the widget JSON made from one by
``serialize``); it draws the same things as the canvas board: terrain, special squares, tiles with
their symbols, leaders with their dynasty symbol, face-down tiles, monuments, catastrophes,
treasures, the unification marker, civilization buildings, the ziggurat, coordinates, and a status
block with each player's supply, hand, score and treasures as the view allows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

from tigris_widget.engine.core.board import HEIGHT, WIDTH
from tigris_widget.engine.rules.view import PlayerView

CELL = 40
MARGIN = 24
COLOURS = ("black", "red", "blue", "green")
PIECE = {"black": "#2b2b2b", "red": "#c8362d", "blue": "#2f6fc0", "green": "#2f8f46"}
INK = {"black": "#f2f2f2", "red": "#fff4e8", "blue": "#eef6ff", "green": "#effbef"}
LAND = "#e9dcb4"
RIVER = "#9cc8e6"
SPECIAL = "#b8860b"
LAST = "#d81b60"

# Symbols drawn in a 40x40 box centred on (20,20); the same shapes as js/src/draw/pieces.ts.
TILE_SYMBOLS = {
    "black": '<path d="M11 20 L20 11 L29 20 Z"/><rect x="13" y="20" width="14" height="10"/>',
    "red": '<rect x="11" y="24" width="18" height="5"/><rect x="14" y="18.5" width="12" height="5"/>'
    '<rect x="17" y="13" width="6" height="5"/>',
    "blue": '<path d="M20 30 V11" stroke-width="2" fill="none" stroke="currentColor"/>'
    '<ellipse cx="17" cy="15" rx="3" ry="1.5"/><ellipse cx="23" cy="15" rx="3" ry="1.5"/>'
    '<ellipse cx="17" cy="20" rx="3" ry="1.5"/><ellipse cx="23" cy="20" rx="3" ry="1.5"/>'
    '<ellipse cx="17" cy="25" rx="3" ry="1.5"/><ellipse cx="23" cy="25" rx="3" ry="1.5"/>',
    "green": '<path d="M20 11 V28 M15 28 H25 M11 14 H29" stroke-width="2" fill="none" stroke="currentColor"/>'
    '<path d="M10 18 A4 4 0 0 0 18 18 Z"/><path d="M22 18 A4 4 0 0 0 30 18 Z"/>',
}
DYNASTY_SYMBOLS = {
    "archer": '<path d="M19 11 A11 11 0 0 1 19 29 M19 11 L15 20 L19 29 M14 20 H29" stroke-width="2" fill="none" '
    'stroke="currentColor"/><path d="M30 20 L26 18 L26 22 Z"/>',
    "bull": '<ellipse cx="20" cy="22" rx="5" ry="6.5"/><path d="M16 18 Q9 16 11 10 M24 18 Q31 16 29 10" '
    'stroke-width="2" fill="none" stroke="currentColor"/>',
    "pot": '<path d="M17 10 H23 L22.5 14 C30 15 28 25 22.5 27 L24 30 H16 L17.5 27 C12 25 10 15 17.5 14 Z"/>',
    "lion": '<circle cx="20" cy="20" r="10" stroke-dasharray="2 1.2" stroke-width="3" fill="none" '
    'stroke="currentColor"/><circle cx="20" cy="20" r="5" fill="none" stroke="currentColor" stroke-width="1.5"/>',
}


def _xy(square: int) -> tuple[int, int]:
    return MARGIN + (square % WIDTH) * CELL, MARGIN + (square // WIDTH) * CELL


def _centre(square: int) -> tuple[float, float]:
    x, y = _xy(square)
    return x + CELL / 2, y + CELL / 2


def _defs(dynasties: Iterable[str]) -> str:
    """Each tile and leader picture once; the board places them with ``<use>`` (a much smaller file)."""
    out = ["<defs>"]
    for colour in COLOURS:
        out.append(
            f'<g id="tw-tile-{colour}" color="{INK[colour]}" fill="{INK[colour]}">'
            f'<rect x="3" y="3" width="34" height="34" rx="5" fill="{PIECE[colour]}"/>{TILE_SYMBOLS[colour]}</g>'
        )
        for dynasty in dynasties:
            out.append(
                f'<g id="tw-leader-{colour}-{dynasty}" color="{INK[colour]}" fill="{INK[colour]}">'
                f'<circle cx="20" cy="20" r="17.5" fill="{PIECE[colour]}" stroke="{INK[colour]}" stroke-width="2"/>'
                f'<g transform="translate(3.2,3.2) scale(0.84)">{DYNASTY_SYMBOLS.get(dynasty, "")}</g></g>'
            )
    out.append("</defs>")
    return "".join(out)


def _use(ref: str, square: int) -> str:
    x, y = _xy(square)
    return f'<use xlink:href="#{ref}" x="{x}" y="{y}"/>'


def _as_dict(view: PlayerView | Mapping[str, Any]) -> Mapping[str, Any]:
    if isinstance(view, PlayerView):
        from tigris_widget.render.viewjson import serialize_view

        return serialize_view(view)
    return view


def board_svg(
    view: PlayerView | Mapping[str, Any],
    *,
    size: int | None = None,
    highlight: Iterable[int] = (),
    arrows: Iterable[tuple[int, int]] = (),
    labels: Mapping[int, str] | None = None,
    caption: str | None = None,
    status: bool = True,
) -> str:
    """An SVG picture of ``view`` (a ``PlayerView`` or the widget JSON of one).

    :param size: width in pixels (the picture scales; default 16 squares of 40 px plus margins).
    :param highlight: squares to frame; ``arrows`` pairs of squares; ``labels`` square → short text.
    :param caption: a line of text above the board.
    :param status: add the block with turn, prompt, and each player's supply, hand and score.
    """
    v = _as_dict(view)
    board_w = MARGIN + WIDTH * CELL + 4
    board_h = MARGIN + HEIGHT * CELL + 4
    top = 22 if caption else 0
    players = v["players"]
    status_h = (40 + 22 * len(players)) if status else 0
    height = top + board_h + status_h
    scale = (
        f' width="{size}" height="{round(size * height / board_w)}"'
        if size
        else f' width="{board_w}" height="{height}"'
    )
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'viewBox="0 0 {board_w} {height}"{scale} font-family="sans-serif" role="img" '
        f'aria-label="Tigris &amp; Euphrates board">',
        _defs(sorted({p["dynasty"] for p in players})),
        f'<rect width="{board_w}" height="{height}" fill="#ffffff"/>',
    ]
    if caption:
        out.append(f'<text x="{MARGIN}" y="16" font-size="14" font-weight="bold">{escape(caption)}</text>')
    out.append(f'<g transform="translate(0,{top})">')
    # land as one rectangle, river squares on it, then the grid lines
    out.append(f'<rect x="{MARGIN}" y="{MARGIN}" width="{WIDTH * CELL}" height="{HEIGHT * CELL}" fill="{LAND}"/>')
    for q in v["board"]["river"]:
        x, y = _xy(q)
        out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{RIVER}"/>')
    grid = [f"M{MARGIN + i * CELL} {MARGIN}V{MARGIN + HEIGHT * CELL}" for i in range(WIDTH + 1)]
    grid += [f"M{MARGIN} {MARGIN + i * CELL}H{MARGIN + WIDTH * CELL}" for i in range(HEIGHT + 1)]
    out.append(f'<path d="{"".join(grid)}" stroke="#b9a878" stroke-width="0.75" fill="none"/>')
    for q in v["board"]["specials"]:
        x, y = _xy(q)
        out.append(
            f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" fill="none" stroke="{SPECIAL}" stroke-width="2.5"/>'
        )
    for i in range(WIDTH):
        out.append(
            f'<text x="{MARGIN + i * CELL + CELL / 2}" y="{MARGIN - 8}" font-size="11" text-anchor="middle" fill="#666">{i}</text>'
        )
    for i in range(HEIGHT):
        out.append(
            f'<text x="{MARGIN / 2}" y="{MARGIN + i * CELL + CELL / 2 + 4}" font-size="11" text-anchor="middle" fill="#666">{i}</text>'
        )
    for q in v["ziggurat"]:
        x, y = _xy(q)
        out.append(
            f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" fill="#c9b27a" stroke="#6d5a30"/>'
        )
    for colour in COLOURS:
        out.extend(_use(f"tw-tile-{colour}", q) for q in v["tiles"][colour])
    for q in v["face_down"]:
        x, y = _xy(q)
        out.append(f'<rect x="{x + 3}" y="{y + 3}" width="34" height="34" rx="5" fill="#8a7a5a"/>')
    for q in v["catastrophes"]:
        x, y = _xy(q)
        out.append(
            f'<rect x="{x + 2}" y="{y + 2}" width="36" height="36" fill="#5a3a2a"/>'
            f'<path d="M{x + 12} {y + 6} L{x + 20} {y + 17} L{x + 15} {y + 22} L{x + 27} {y + 34} M{x + 20} {y + 17} '
            f'L{x + 30} {y + 12}" stroke="#f4e3c1" stroke-width="2.5" fill="none"/>'
        )
    for q in v["treasures"]:
        x, y = _xy(q)
        out.append(
            f'<path d="M{x + 10} {y + 3} L{x + 16} {y + 10} L{x + 10} {y + 17} L{x + 4} {y + 10} Z" fill="#f2c12e" stroke="#7a5a00"/>'
        )
    for colour in COLOURS:
        q = v["buildings"][colour]
        if q >= 0:
            x, y = _xy(q)
            out.append(
                f'<path d="M{x + 23} {y + 19} V{y + 10} A6 6 0 0 1 {x + 35} {y + 10} V{y + 19} Z" fill="#f7f1e3" stroke="{PIECE[colour]}" stroke-width="2"/>'
            )
    for m in v["monuments"]:
        if m["square"] >= 0:
            x, y = _xy(m["square"])
            a, b = m["colours"]
            out.append(
                f'<rect x="{x + 11}" y="{y + 11}" width="58" height="58" fill="{PIECE[a]}" stroke="{INK[a]}" stroke-width="2"/>'
                f'<rect x="{x + 24}" y="{y + 24}" width="32" height="32" fill="{PIECE[b]}" stroke="{INK[b]}" stroke-width="2"/>'
            )
    if v["tower"] >= 0:
        x, y = _xy(v["tower"])
        out.append(
            f'<path d="M{x + 20} {y + 5} L{x + 31} {y + 35} L{x + 9} {y + 35} Z" fill="#6d5a30" stroke="#f7f1e3"/>'
        )
    for p in players:
        for colour in COLOURS:
            q = p["leaders"][colour]
            if q >= 0:
                out.append(_use(f"tw-leader-{colour}-{p['dynasty']}", q))
    if v["marker"] >= 0:
        cx, cy = _centre(v["marker"])
        out.append(f'<circle cx="{cx}" cy="{cy}" r="16" fill="none" stroke="#ffffff" stroke-width="4"/>'
                   f'<circle cx="{cx}" cy="{cy}" r="16" fill="none" stroke="{LAST}" stroke-width="1.5"/>')  # fmt: skip
    last = v.get("last")
    for q in last["squares"] if last else ():
        x, y = _xy(q)
        out.append(
            f'<rect x="{x + 1.5}" y="{y + 1.5}" width="{CELL - 3}" height="{CELL - 3}" fill="none" stroke="{LAST}" stroke-width="3"/>'
        )
    for q in highlight:
        x, y = _xy(q)
        out.append(
            f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" fill="none" stroke="#ff8c00" stroke-width="4"/>'
        )
    for start, end in arrows:
        (x1, y1), (x2, y2) = _centre(start), _centre(end)
        out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#6a1b9a" stroke-width="5" stroke-linecap="round" opacity="0.85"/>'
                   f'<circle cx="{x2}" cy="{y2}" r="6" fill="#6a1b9a"/>')  # fmt: skip
    for q, text in (labels or {}).items():
        cx, _ = _centre(q)
        _, y = _xy(q)
        out.append(f'<text x="{cx}" y="{y + 12}" font-size="11" font-weight="bold" text-anchor="middle" fill="#222" '
                   f'stroke="#fff" stroke-width="3" paint-order="stroke">{escape(str(text)[:12])}</text>')  # fmt: skip
    out.append("</g>")
    if status:
        out.append(_status(v, top + board_h))
    out.append("</svg>")
    return "".join(out)


def _status(v: Mapping[str, Any], y0: int) -> str:
    """Turn and prompt, then one line per player: leaders in supply, catastrophes, hand, VP, treasures."""
    lines = []
    prompt = "The game is over." if v["over"] else (v["decision"] or {}).get("prompt", "")
    lines.append(
        f'<text x="{MARGIN}" y="{y0 + 16}" font-size="13" font-weight="bold">Turn {v["turn"]} · bag {v["bag"]} · {escape(prompt)}</text>'
    )
    codes = {"black": "k", "red": "r", "blue": "b", "green": "g"}
    for i, p in enumerate(v["players"]):
        y = y0 + 40 + 22 * i
        supply = "".join(codes[c] for c in COLOURS if p["leaders"][c] < 0) or "–"
        hand = "".join(codes[c] * p["hand"][c] for c in COLOURS) if p["hand"] is not None else f"{p['hand_size']} tiles"
        if p["vp"] is not None:
            # one coloured swatch and the notation's code per colour (k r b g), so black and blue differ
            score = (
                "".join(
                    f'<tspan fill="{PIECE[c]}" font-weight="bold">■{codes[c]}</tspan><tspan> {p["vp"][c]} </tspan>'
                    for c in COLOURS
                )
                + f'<tspan fill="#9a7400">◆</tspan> {p["treasures"]} treasure{"" if p["treasures"] == 1 else "s"}'
            )
        else:
            score = "points hidden"
        mark = "▶ " if v["active"] == p["seat"] and not v["over"] else ""
        text = f"{mark}{p['dynasty'].capitalize()}: leaders in supply {supply}, catastrophes {p['catastrophes']}, hand {hand}, VP "
        lines.append(f'<text x="{MARGIN}" y="{y}" font-size="12">{escape(text)}{score}</text>')
    return "".join(lines)
