"""The static SVG picture of an *Ur* view (``view.present``): the 6 × 6 grid — every tile's face large
and its back small, cubes in their owner's colour with their count, ziggurats — and below it who
plays, the hand tiles, spares, supplies, ziggurats left and the pending decision.

Its palette is the one the canvas board uses (``js/src/games/ur/theme.ts`` keeps the same values):
kinds green, yellow, blue, purple and red, each also written as its letter (colour-blind safe);
seats black, white, orange and brown, which no kind uses.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

from tigris_widget.core.view import check_view, svg_ink

CELL = 72
"""Side of one tile in pixels."""
MARGIN = 22
"""Room left of and above the grid for the coordinates."""
CAPTION_CHARS = 48
"""A caption longer than this wraps onto more lines (15 px semi-bold: about 50 fit over the grid, wide letters included)."""
KIND_NAMES = {"A": "agriculture", "T": "trade", "C": "culture", "P": "politics", "W": "war"}
LIGHT: dict[str, Any] = {
    "background": "#ffffff",
    "text": "#222222",
    "muted": "#6b6b6b",
    "grid": "#cfc6b0",
    "kind": {"A": "#3f9b4a", "T": "#e9c22f", "C": "#3a78c9", "P": "#8d5cc0", "W": "#cf3d33"},
    "kindInk": {"A": "#ffffff", "T": "#2b2200", "C": "#ffffff", "P": "#ffffff", "W": "#ffffff"},
    "outline": "#1b1b1b",
    "accent": "#d81b60",
}
DARK: dict[str, Any] = {
    **LIGHT,
    "background": "#1e1e1e",
    "text": "#e6e6e6",
    "muted": "#a8a8a8",
    "grid": "#3a3a3a",
    "kind": {"A": "#2f7d39", "T": "#c9a41c", "C": "#2f63a8", "P": "#74489f", "W": "#ad3129"},
    "kindInk": {"A": "#ffffff", "T": "#1e1800", "C": "#ffffff", "P": "#ffffff", "W": "#ffffff"},
    "outline": "#0a0a0a",
    "accent": "#ff5a92",
}


def _ink(colour: str) -> str:
    """Black or white, whichever reads on ``colour`` (a ``#rrggbb``)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#111111" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def _xy(cell: int) -> tuple[int, int]:
    return MARGIN + (cell % 6) * CELL, MARGIN + (cell // 6) * CELL


GHOST_OPACITY = 0.55
"""How opaque a ghost piece (a move not played) is: the canvas's ``GHOST_ALPHA`` (js/src/core/scene.ts)."""
GHOST_INK = "#2e86de"
"""The dashed frame round a ghost: the blue of a review's better move."""


def _tile(
    out: list[str], cell: int, c: Mapping[str, Any], pal: Mapping[str, Any], seats: list[str], ghost: bool = False
) -> None:
    """One tile with its cubes or ziggurat; a ``ghost`` (a move not played) draws them translucent."""
    x, y = _xy(cell)
    face, back = str(c["face"]), str(c["back"])
    kind, ink = pal["kind"], pal["kindInk"]
    title = f"({cell % 6},{cell // 6}): {KIND_NAMES.get(face, face)}, back {KIND_NAMES.get(back, back)}"
    out.append(f"<g><title>{escape(title)}</title>")
    out.append(f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="7" '
               f'fill="{kind.get(face, "#999")}"/>')  # fmt: skip
    out.append(f'<text x="{x + 8}" y="{y + 31}" font-size="27" font-weight="700" '
               f'fill="{ink.get(face, "#fff")}">{escape(face)}</text>')  # fmt: skip
    bx, by, bs = x + CELL - 25, y + 6, 19
    out.append(f'<rect x="{bx}" y="{by}" width="{bs}" height="{bs}" rx="3" fill="{kind.get(back, "#999")}" '
               f'stroke="{pal["outline"]}" stroke-opacity="0.45"/>')  # fmt: skip
    out.append(f'<text x="{bx + bs / 2}" y="{by + 14}" font-size="12" font-weight="700" text-anchor="middle" '
               f'fill="{ink.get(back, "#fff")}">{escape(back)}</text>')  # fmt: skip
    owner = c.get("owner")
    if ghost:
        out.append(f'<g opacity="{GHOST_OPACITY}">')
    if isinstance(owner, int) and 0 <= owner < len(seats):
        colour = seats[owner]
        if c.get("zig"):
            cx, base = x + CELL / 2, y + CELL - 8
            steps = [(30, 9), (21, 9), (12, 9)]
            top = base
            for w, h in steps:
                out.append(f'<rect x="{cx - w}" y="{top - h}" width="{2 * w}" height="{h}" fill="{colour}" '
                           f'stroke="{pal["outline"]}" stroke-width="1.2"/>')  # fmt: skip
                top -= h
            out.append(f'<text x="{cx}" y="{base - 2}" font-size="8.5" text-anchor="middle" '
                       f'fill="{_ink(colour)}">P{owner}</text>')  # fmt: skip
        else:
            cx, cy = x + CELL - 22, y + CELL - 24
            out.append(f'<rect x="{cx}" y="{cy}" width="18" height="18" rx="3" fill="{colour}" '
                       f'stroke="{pal["outline"]}" stroke-width="1.3"/>')  # fmt: skip
            out.append(f'<text x="{cx + 9}" y="{cy + 13.5}" font-size="13" font-weight="700" text-anchor="middle" '
                       f'fill="{_ink(colour)}">{int(c["cubes"])}</text>')  # fmt: skip
            out.append(f'<text x="{x + 8}" y="{y + CELL - 10}" font-size="12" font-weight="600" '
                       f'fill="{ink.get(face, "#fff")}">P{owner}</text>')  # fmt: skip
    out.append("</g></g>" if ghost else "</g>")


def regrouping(body: Mapping[str, Any]) -> list[int]:
    """The tiles whose cubes a regrouping (politics, §5.4) has lifted and not yet set down: the engine
    holds them off the grid while each new count is chosen, but they are still the active player's."""
    if body.get("phase") != "politics":
        return []
    turn = body.get("turn")
    queue = turn.get("queue", []) if isinstance(turn, Mapping) else []
    cells = body["cells"]
    return [c for c in queue if type(c) is int and 0 <= c < 36 and cells[c].get("owner") is None]


def held_by_regrouping(body: Mapping[str, Any], seat: int) -> int:
    """The cubes ``seat`` holds lifted in a regrouping (0 for every other seat and phase)."""
    if seat != body.get("active") or not regrouping(body):
        return 0
    need = body["turn"].get("need", 0)
    return need if type(need) is int and need > 0 else 0


def _lifted(out: list[str], cell: int, c: Mapping[str, Any], pal: Mapping[str, Any], colour: str, seat: int) -> None:
    x, y = _xy(cell)
    cx, cy = x + CELL - 22, y + CELL - 24
    out.append(f'<rect x="{cx}" y="{cy}" width="18" height="18" rx="3" fill="{colour}" '
               f'stroke="{pal["outline"]}" stroke-width="1.3"/>')  # fmt: skip
    out.append(f'<text x="{cx + 9}" y="{cy + 13.5}" font-size="13" font-weight="700" text-anchor="middle" '
               f'fill="{_ink(colour)}">?</text>')  # fmt: skip
    out.append(f'<text x="{x + 8}" y="{y + CELL - 10}" font-size="12" font-weight="600" '
               f'fill="{pal["kindInk"].get(c.get("face"), "#fff")}">P{seat}</text>')  # fmt: skip


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
    """An SVG picture of an Ur view JSON (``view.present``).

    :param highlight: cells to frame; ``arrows`` pairs of cells; ``labels`` cell → short text.
    :param caption: a line of text above the grid; ``status``: add the block below it.
    :param theme: ``"light"`` or ``"dark"``.
    :param ghost: ``(body, cells)``: what a move not played would put on ``cells`` (``body`` is the view
        body after it), its cubes and ziggurats translucent in a dashed frame — a review's better move.
    :param highlight_ink, arrow_ink: the frames' and arrows' colour (``#rrggbb`` or a name; default
        orange frames, accent arrows), as the live board was told.
    :raises ValueError: a view that is not an Ur view, or a bad option.
    """
    if theme not in ("light", "dark"):
        raise ValueError(f"theme must be 'light' or 'dark', not {theme!r}")
    check_view(view)
    body = view["body"]
    if view["game"] != "ur":
        raise ValueError(f"not an Ur view: a view of {view['game']!r}")
    _check_body(body, len(view["seats"]))
    cells = body["cells"]
    ghosts = _ghost_cells(ghost, len(view["seats"])) if ghost is not None else {}
    pal = DARK if theme == "dark" else LIGHT
    seats = [str(s.get("colour") or "#888888") for s in view["seats"]]
    grid = 6 * CELL
    caption_lines = textwrap.wrap(caption, CAPTION_CHARS) if caption else []
    top = 10 + 19 * len(caption_lines) if caption_lines else 0
    lines = _status_lines(view) if status else []
    width = MARGIN + grid + 12
    height = top + MARGIN + grid + 10 + (len(lines) * 19 + 8 if lines else 0)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="system-ui, -apple-system, Segoe UI, sans-serif">',
        f'<rect width="{width}" height="{height}" fill="{pal["background"]}"/>',
    ]
    for i, line in enumerate(caption_lines):
        out.append(f'<text x="{MARGIN}" y="{19 + 19 * i}" font-size="15" font-weight="600" fill="{pal["text"]}">'
                   f"{escape(line)}</text>")  # fmt: skip
    out.append(f'<g transform="translate(0,{top})">')
    for i in range(6):
        out.append(f'<text x="{MARGIN + i * CELL + CELL / 2}" y="15" font-size="12" text-anchor="middle" '
                   f'fill="{pal["muted"]}">{i}</text>')  # fmt: skip
        out.append(f'<text x="10" y="{MARGIN + i * CELL + CELL / 2 + 4}" font-size="12" text-anchor="middle" '
                   f'fill="{pal["muted"]}">{i}</text>')  # fmt: skip
    out.append(f'<rect x="{MARGIN}" y="{MARGIN}" width="{grid}" height="{grid}" fill="{pal["grid"]}"/>')
    lifted = set(regrouping(body))
    for cell, c in enumerate(cells):
        _tile(out, cell, c, pal, seats)
        if cell in lifted:  # still the active player's: his colour, his name and a "?" for the count
            _lifted(out, cell, c, pal, seats[int(body["active"]) % len(seats)], int(body["active"]))
    last = view.get("last_move")
    for cell in last["squares"] if isinstance(last, Mapping) else []:
        x, y = _xy(int(cell))
        out.append(f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" rx="8" fill="none" '
                   f'stroke="{pal["accent"]}" stroke-width="3"/>')  # fmt: skip
    for cell, c in ghosts.items():
        _tile(out, cell, c, pal, seats, ghost=True)
        x, y = _xy(cell)
        frame = f'x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="7" fill="none" stroke-width="3"'
        # dashed on a solid underlay of the page's colour: it reads on every tile colour
        out.append(f'<rect {frame} stroke="{pal["background"]}"/><rect {frame} stroke="{GHOST_INK}" '
                   'stroke-dasharray="6 3"/>')  # fmt: skip
    for cell in highlight:
        x, y = _xy(int(cell))
        out.append(f'<rect x="{x + 4}" y="{y + 4}" width="{CELL - 8}" height="{CELL - 8}" rx="6" fill="none" '
                   f'stroke="{svg_ink(highlight_ink, "#ff8c00")}" stroke-width="3" stroke-dasharray="6 3"/>')  # fmt: skip
    for a, b in arrows:
        (ax, ay), (bx, by) = _xy(int(a)), _xy(int(b))
        h = CELL / 2
        ink = svg_ink(arrow_ink, pal["accent"])
        out.append(f'<line x1="{ax + h}" y1="{ay + h}" x2="{bx + h}" y2="{by + h}" stroke="{ink}" '
                   f'stroke-width="4" stroke-linecap="round"/>')  # fmt: skip
        out.append(f'<circle cx="{bx + h}" cy="{by + h}" r="6" fill="{ink}"/>')
    for cell, text in (labels or {}).items():
        # a pill on the cell's bottom edge like the canvas's (js/src/core/overlays.ts labelBox): the face
        # letter stays uncovered, and cairo's PNGs (which ignore paint-order) stay readable
        x, y = _xy(int(cell))
        word = str(text)[:12]
        pill_w, pill_h = min(2.5 * CELL, len(word) * 8.2 + 6), 17
        pill_top = y + CELL - pill_h * 0.55
        out.append(f'<rect x="{x + (CELL - pill_w) / 2:.1f}" y="{pill_top:.1f}" width="{pill_w:.1f}" height="{pill_h}" fill="{pal["background"]}" '
                   f'fill-opacity="0.92" stroke="{pal["text"]}" stroke-width="1"/><text x="{x + CELL / 2}" '
                   f'y="{pill_top + pill_h - 4.5:.1f}" font-size="13" font-weight="700" text-anchor="middle" '
                   f'fill="{pal["text"]}">{escape(word)}</text>')  # fmt: skip
    y = MARGIN + grid + 22
    for text, colour in lines:
        if colour:
            out.append(f'<rect x="{MARGIN}" y="{y - 11}" width="12" height="12" rx="2" fill="{colour}" '
                       f'stroke="{pal["outline"]}"/>')  # fmt: skip
        out.append(f'<text x="{MARGIN + (18 if colour else 0)}" y="{y}" font-size="13" fill="{pal["text"]}">'
                   f"{escape(text)}</text>")  # fmt: skip
        y += 19
    out.append("</g></svg>")
    return "\n".join(out)


def _ghost_cells(ghost: object, seats: int) -> dict[int, Mapping[str, Any]]:
    """The cells of a ghost ``(body, cells)`` as cell → the body's cell; ``ValueError`` if malformed."""
    if not (isinstance(ghost, tuple | list) and len(ghost) == 2 and isinstance(ghost[0], Mapping)):
        raise ValueError(f"a ghost is (the view body after a move, its cells), not {type(ghost).__name__}")
    body, given = ghost
    _check_body(body, seats)
    cells = list(given) if isinstance(given, Iterable) and not isinstance(given, str | bytes) else None
    if cells is None or not all(isinstance(q, int) and not isinstance(q, bool) and 0 <= q < 36 for q in cells):
        raise ValueError(f"ghost cells must be cells 0..35, not {given!r}")
    return {q: body["cells"][q] for q in sorted(set(cells))}


def _is_count(value: object, top: int) -> bool:
    return type(value) is int and 0 <= value <= top


def _check_body(body: Mapping[str, Any], seats: int) -> None:
    """Raise ``ValueError`` naming the first field of an Ur body that the picture cannot draw."""
    cells = body.get("cells")
    if not isinstance(cells, list) or len(cells) != 36:
        raise ValueError("not an Ur view: its body needs 36 cells")
    for i, c in enumerate(cells):
        owner = c.get("owner") if isinstance(c, Mapping) else -1
        if (
            not isinstance(c, Mapping)
            or c.get("face") not in KIND_NAMES
            or c.get("back") not in KIND_NAMES
            or not _is_count(c.get("cubes"), 5)
            or not (owner is None or (type(owner) is int and 0 <= owner < seats))
        ):
            raise ValueError(f"Ur view: cell {i} is malformed")
    for key in ("hands", "supply", "on_grid", "scores"):
        if not isinstance(body.get(key), list) or len(body[key]) != seats:
            raise ValueError(f"Ur view: body '{key}' needs one entry per seat")
    if not all(isinstance(sc, Mapping) and type(sc.get("points")) is int for sc in body["scores"]):
        raise ValueError("Ur view: body 'scores' rows need integer 'points'")
    for key in ("start", "zig_left"):
        if not _is_count(body.get(key), 5):
            raise ValueError(f"Ur view: body '{key}' must be a small integer")
    if not isinstance(body.get("spares"), list) or not isinstance(body.get("turn"), Mapping):
        raise ValueError("Ur view: body needs 'spares' and 'turn'")


def _status_lines(view: Mapping[str, Any]) -> list[tuple[str, str | None]]:
    """The status block: (text, seat colour or None) per line."""
    body = view["body"]
    seats = view["seats"]
    lines: list[tuple[str, str | None]] = []
    spares = ", ".join(body.get("spares", [])) or "none"
    lines.append((f"Start player P{body['start']} · ziggurats left {body['zig_left']} · spare tiles: {spares}", None))
    d = view.get("decision")
    if isinstance(d, Mapping):
        lines += [(part, None) for part in textwrap.wrap(str(d["prompt"]), 60)]
        turn = body.get("turn", {})
        if body.get("phase") not in ("setup", "initial") and turn.get("started"):
            acts = ", ".join(turn.get("acts", [])) or "no action yet"
            lines.append((f"This turn: {acts}; extra cube {turn.get('cube', 'none')}", None))
    elif isinstance(view.get("result"), list):
        ranks = ", ".join(f"P{r['seat']} {r.get('score', '?')} (place {r['rank']})" for r in view["result"])
        lines.append((f"Game over: {ranks}", None))
    for s in seats:
        p = s["seat"]
        score = body["scores"][p]
        held = held_by_regrouping(body, p)  # lifted cubes stay the player's: not in his supply
        points = "regrouping" if held else f"{score['points']} point{'' if score['points'] == 1 else 's'}"
        lines.append((f"P{p}: hand {body['hands'][p]} · {_cubes(body['supply'][p] - held)} in supply · "
                      f"{body['on_grid'][p] + held} on the grid · {points}", s.get("colour")))  # fmt: skip
    return lines


def _cubes(n: int) -> str:
    return f"{n} cube" if n == 1 else f"{n} cubes"
