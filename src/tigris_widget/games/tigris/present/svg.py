"""Static SVG pictures of a position, for places where widgets do not run (GitHub, nbviewer, HTML).

``board_svg(view)`` is a pure function of a player view (or of the widget JSON made from one by
``viewjson``); it draws from the same picture model as the canvas board (``games/tigris/present/picture.py``:
palette, symbol paths, geometry) and the same things: terrain, special squares, tiles with
their symbols, leaders with their dynasty symbol, face-down tiles, monuments, catastrophes,
treasures, the unification marker, civilization buildings, the ziggurat, coordinates, and a status
block with each player's supply, hand, score and treasures as the view allows.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

from tigris_widget.core.view import check_view, svg_ink
from tigris_widget.games.tigris.engine.core.board import HEIGHT, WIDTH
from tigris_widget.games.tigris.engine.rules.view import PlayerView
from tigris_widget.games.tigris.present import picture

CELL = picture.BOX
MARGIN = round(picture.MARGIN * CELL)
COLOURS = ("black", "red", "blue", "green")
CAPTION_CHARS = 78
GHOST_OPACITY = 0.55
"""How opaque a ghost piece (a move not played) is: the canvas's ``GHOST_ALPHA`` (js/src/core/scene.ts)."""
GHOST_INK = "#2e86de"
"""The dashed frame round a ghost: the blue of a review's better move."""
"""A caption longer than this is wrapped onto more lines (bold 14 px fits about 80 over the board)."""


def _paint(palette: Mapping[str, Any], name: str, piece: str = "#000", piece_b: str = "#000") -> str:
    if name in ("piece", "pieceA"):
        return piece
    if name == "pieceB":
        return piece_b
    return str(palette[name])


def _layers(
    layers: Iterable[picture.Layer], palette: Mapping[str, Any], piece: str = "#000", piece_b: str = "#000"
) -> str:
    """The layers of a symbol as SVG paths (the canvas draws the same paths with Path2D)."""
    out = []
    for d, paint, mode in layers:
        colour = _paint(palette, paint, piece, piece_b)
        if isinstance(mode, str):
            rule = ' fill-rule="evenodd"' if mode == "evenodd" else ""
            out.append(f'<path d="{d}" fill="{colour}"{rule}/>')
        else:
            out.append(
                f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{mode}" '
                f'stroke-linecap="round" stroke-linejoin="round"/>'
            )
    return "".join(out)


def _xy(square: int) -> tuple[int, int]:
    return MARGIN + (square % WIDTH) * CELL, MARGIN + (square // WIDTH) * CELL


def _centre(square: int) -> tuple[float, float]:
    x, y = _xy(square)
    return x + CELL / 2, y + CELL / 2


def _defs(dynasties: Iterable[str], palette: Mapping[str, Any]) -> str:
    """Each piece picture once; the board places them with ``<use>`` (a much smaller file)."""
    pieces = palette["piece"]
    tx, ty, k = picture.LEADER_SYMBOL_TRANSFORM
    out = ["<defs>"]
    for colour in COLOURS:
        base: list[picture.Layer] = [(picture.TILE_BASE, "piece", "fill"), (picture.TILE_EDGE, "shadow", "fill")]
        out.append(
            f'<g id="tw-tile-{colour}">{_layers([*base, *picture.TILE_SYMBOLS[colour]], palette, pieces[colour])}</g>'
        )
        for dynasty in dynasties:
            disc: list[picture.Layer] = [(picture.LEADER_DISC, "piece", "fill"), (picture.LEADER_RING, "ink", 1.6)]
            symbol = _layers(picture.DYNASTY_SYMBOLS.get(dynasty, []), palette, pieces[colour])
            out.append(
                f'<g id="tw-leader-{colour}-{dynasty}">{_layers(disc, palette, pieces[colour])}'
                f'<g transform="translate({tx},{ty}) scale({k})">{symbol}</g></g>'
            )
    for name, layers in (
        ("face-down", picture.FACE_DOWN),
        ("catastrophe", picture.CATASTROPHE),
        ("treasure", picture.TREASURE),
        ("ziggurat", picture.ZIGGURAT_TILE),
        ("tower", picture.TOWER),
        ("marker", picture.MARKER),
        ("waves", picture.RIVER_WAVES),
        ("special", picture.SPECIAL),
    ):
        out.append(f'<g id="tw-{name}">{_layers(layers, palette)}</g>')
    out.append("</defs>")
    return "".join(out)


def _use(ref: str, square: int) -> str:
    x, y = _xy(square)
    return f'<use xlink:href="#{ref}" x="{x}" y="{y}"/>'


def _as_dict(view: PlayerView | Mapping[str, Any]) -> Mapping[str, Any]:
    if isinstance(view, PlayerView):
        from tigris_widget.games.tigris.present.viewjson import serialize_view

        return serialize_view(view)
    return check_view(view)


def _pieces(
    v: Mapping[str, Any], seat_colours: Mapping[int, Any], palette: Mapping[str, Any], only: set[int] | None = None
) -> list[str]:
    """The pieces of the view body ``v`` (those on the squares ``only``, when given), bottom to top."""

    def on(q: int) -> bool:
        return q >= 0 and (only is None or q in only)

    pieces = palette["piece"]
    out = [_use("tw-ziggurat", q) for q in v["ziggurat"] if on(q)]
    for colour in COLOURS:
        out.extend(_use(f"tw-tile-{colour}", q) for q in v["tiles"][colour] if on(q))
    for ref in ("face_down", "catastrophes", "treasures"):
        name = {"face_down": "tw-face-down", "catastrophes": "tw-catastrophe", "treasures": "tw-treasure"}[ref]
        out.extend(_use(name, q) for q in v[ref] if on(q))
    for colour in COLOURS:
        q = v["buildings"][colour]
        if on(q):
            x, y = _xy(q)
            out.append(f'<g transform="translate({x},{y})">{_layers(picture.BUILDING, palette, pieces[colour])}</g>')
    for m in v["monuments"]:
        if on(m["square"]):
            x, y = _xy(m["square"])
            a, b = m["colours"]
            layers = [*picture.MONUMENT_BASE, *picture.MONUMENT_TOWER]
            out.append(f'<g transform="translate({x},{y})">{_layers(layers, palette, pieces[a], pieces[b])}</g>')
    if on(v["tower"]):
        out.append(_use("tw-tower", v["tower"]))
    radius, ring = picture.OWNER_RING
    for p in v["players"]:
        owner = seat_colours.get(p["seat"])
        for colour in COLOURS:
            q = p["leaders"][colour]
            if on(q):
                out.append(_use(f"tw-leader-{colour}-{p['dynasty']}", q))
                if owner:
                    cx, cy = _centre(q)
                    out.append(
                        f'<circle cx="{cx}" cy="{cy}" r="{radius}" fill="none" stroke="{escape(owner)}" stroke-width="{ring}"/>'
                    )
    if on(v["marker"]):
        out.append(_use("tw-marker", v["marker"]))
    return out


def _ghost(
    ghost: tuple[Mapping[str, Any], Iterable[int]],
    v: Mapping[str, Any],
    seats: Mapping[int, Any],
    palette: Mapping[str, Any],
) -> list[str]:
    """A move not played, as translucent pieces: on each square the terrain (covering what stands there
    now), the pieces of the body after that move, at half strength, and a dashed frame.

    :raises ValueError: a malformed ghost (not a body of this game, or bad squares)."""
    try:
        body, raw = ghost
        given = list(raw)
        squares = sorted({q for q in given if isinstance(q, int) and not isinstance(q, bool)})
        if len(squares) != len(set(map(repr, given))) or any(not 0 <= q < WIDTH * HEIGHT for q in squares):
            raise ValueError(f"ghost squares must be squares 0..{WIDTH * HEIGHT - 1}")
        translucent = _pieces(body, seats, palette, set(squares))
    except (KeyError, TypeError, IndexError, AttributeError) as err:
        raise ValueError(f"a ghost is (the view body after a move, its squares), not {type(ghost).__name__}") from err
    river = set(v["board"]["river"])
    out = []
    for q in squares:
        x, y = _xy(q)
        ground = "river" if q in river else "landAlt" if (q % WIDTH + q // WIDTH) % 2 else "land"
        out.append(f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 1}" height="{CELL - 1}" fill="{palette[ground]}"/>')
    out.append(f'<g opacity="{GHOST_OPACITY}">{"".join(translucent)}</g>')
    for q in squares:
        x, y = _xy(q)
        frame = f'x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" fill="none" stroke-width="3"'
        # dashed on a solid underlay of the page's colour: it reads on river, land and tiles alike
        out.append(f'<rect {frame} stroke="{palette["background"]}"/><rect {frame} stroke="{GHOST_INK}" '
                   'stroke-dasharray="6 3"/>')  # fmt: skip
    return out


def board_svg(
    view: PlayerView | Mapping[str, Any],
    *,
    size: int | None = None,
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
    """An SVG picture of ``view`` (a ``PlayerView`` or the widget JSON of one), drawn from the same
    picture model as the canvas board (``games/tigris/present/picture.py``).

    :param size: width in pixels (the picture scales; default 16 squares of 40 px plus margins).
    :param highlight: squares to frame; ``arrows`` pairs of squares; ``labels`` square → short text.
    :param caption: a line of text above the board.
    :param status: add the block with turn, prompt, and each player's supply, hand and score.
    :param theme: ``"light"`` or ``"dark"`` (the canvas board's palettes).
    :param ghost: ``(body, squares)``: the pieces a move not played would put on ``squares`` (``body``
        is the view body after it), drawn translucent in a dashed frame — a review's better move.
    :param highlight_ink, arrow_ink: the frames' and arrows' colour (``#rrggbb`` or a name; default
        orange frames, violet arrows), as the live board was told.
    """
    if theme not in ("light", "dark"):
        raise ValueError(f"theme must be 'light' or 'dark', not {theme!r}")
    palette = picture.DARK if theme == "dark" else picture.LIGHT
    envelope = _as_dict(view)
    v = envelope["body"]
    board_w = MARGIN + WIDTH * CELL + 4
    board_h = MARGIN + HEIGHT * CELL + 4
    caption_lines = textwrap.wrap(caption, CAPTION_CHARS) if caption else []
    top = 6 + 18 * len(caption_lines) if caption_lines else 0
    players = v["players"]
    heads = _head_lines(envelope, board_w - MARGIN - 4) if status else []
    status_h = (40 + 18 * (len(heads) - 1) + 22 * len(players)) if status else 0
    height = top + board_h + status_h
    scale = (
        f' width="{size}" height="{round(size * height / board_w)}"'
        if size
        else f' width="{board_w}" height="{height}"'
    )
    text_colour = "#e6e6e6" if theme == "dark" else "#222222"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'viewBox="0 0 {board_w} {height}"{scale} font-family="sans-serif" role="img" '
        f'aria-label="Tigris &amp; Euphrates board" fill="{text_colour}">',
        _defs(sorted({p["dynasty"] for p in players}), palette),
        f'<rect width="{board_w}" height="{height}" fill="{palette["background"]}"/>',
    ]
    for i, line in enumerate(caption_lines):
        out.append(f'<text x="{MARGIN}" y="{16 + 18 * i}" font-size="14" font-weight="bold">{escape(line)}</text>')
    out.append(f'<g transform="translate(0,{top})">')
    # land in two shades (a checkerboard), river squares with waves, the grid, the special squares
    river = set(v["board"]["river"])
    out.append(
        f'<rect x="{MARGIN}" y="{MARGIN}" width="{WIDTH * CELL}" height="{HEIGHT * CELL}" fill="{palette["land"]}"/>'
    )
    alt = [
        f"M{_xy(q)[0]} {_xy(q)[1]}h{CELL}v{CELL}h-{CELL}Z"
        for q in range(WIDTH * HEIGHT)
        if q not in river and (q % WIDTH + q // WIDTH) % 2
    ]
    out.append(f'<path d="{"".join(alt)}" fill="{palette["landAlt"]}"/>')
    water = [f"M{_xy(q)[0]} {_xy(q)[1]}h{CELL}v{CELL}h-{CELL}Z" for q in sorted(river)]
    out.append(f'<path d="{"".join(water)}" fill="{palette["river"]}"/>')
    out.extend(_use("tw-waves", q) for q in sorted(river))
    grid = [f"M{MARGIN + i * CELL + 0.5} {MARGIN}V{MARGIN + HEIGHT * CELL}" for i in range(WIDTH + 1)]
    grid += [f"M{MARGIN} {MARGIN + i * CELL + 0.5}H{MARGIN + WIDTH * CELL}" for i in range(HEIGHT + 1)]
    out.append(f'<path d="{"".join(grid)}" stroke="{palette["grid"]}" stroke-width="1" fill="none"/>')
    out.extend(_use("tw-special", q) for q in v["board"]["specials"])
    coords = palette["coordinates"]
    for i in range(WIDTH):
        out.append(
            f'<text x="{MARGIN + i * CELL + CELL / 2}" y="{MARGIN / 2 + 4}" font-size="13" text-anchor="middle" fill="{coords}">{i}</text>'
        )
    for i in range(HEIGHT):
        out.append(
            f'<text x="{MARGIN / 2}" y="{MARGIN + i * CELL + CELL / 2 + 4}" font-size="13" text-anchor="middle" fill="{coords}">{i}</text>'
        )
    # the whole last turn is marked (every square it touched), not only its last action
    last = envelope.get("last_turn") or envelope["last_move"]
    for q in last["squares"] if last else ():
        x, y = _xy(q)
        out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{palette["lastFill"]}"/>')
    seat_colours = {s["seat"]: s.get("colour") for s in envelope["seats"]}
    out.extend(_pieces(v, seat_colours, palette))
    for q in last["squares"] if last else ():
        x, y = _xy(q)
        w = max(2, CELL * 0.06)
        out.append(
            f'<rect x="{x + w / 2}" y="{y + w / 2}" width="{CELL - w}" height="{CELL - w}" fill="none" stroke="{palette["accent"]}" stroke-width="{w}"/>'
        )
    conflict = v.get("conflict")
    if conflict:
        for q in (conflict["attacker_square"], conflict["defender_square"]):
            if q >= 0:
                x, y = _xy(q)
                out.append(
                    f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" fill="none" '
                    f'stroke="{palette["conflict"]}" stroke-width="4" stroke-dasharray="7 4"/>'
                )
    if ghost is not None:
        out.extend(_ghost(ghost, v, seat_colours, palette))
    frame_ink, line_ink = svg_ink(highlight_ink, "#ff8c00"), svg_ink(arrow_ink, "#6a1b9a")
    for q in highlight:
        x, y = _xy(q)
        out.append(
            f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" fill="none" stroke="{frame_ink}" stroke-width="4"/>'
        )
    for start, end in arrows:
        (x1, y1), (x2, y2) = _centre(start), _centre(end)
        out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{line_ink}" stroke-width="5" stroke-linecap="round" opacity="0.85"/>'
                   f'<circle cx="{x2}" cy="{y2}" r="6" fill="{line_ink}"/>')  # fmt: skip
    for q, text in (labels or {}).items():
        # on the square's bottom edge: the piece's picture in the middle stays visible
        cx, _ = _centre(q)
        _, y = _xy(q)
        # a pill like the canvas's (js/src/core/overlays.ts labelBox), not a stroked halo: cairo's PNGs
        # ignore paint-order and would paint the halo over the letters
        word = str(text)[:12]
        pill_w, pill_h = min(2.5 * CELL, len(word) * 6.8 + 6), 14
        pill_top = y + CELL - pill_h * 0.55
        out.append(f'<rect x="{cx - pill_w / 2:.1f}" y="{pill_top:.1f}" width="{pill_w:.1f}" height="{pill_h}" fill="#fff" fill-opacity="0.92" '
                   f'stroke="#222" stroke-width="1"/><text x="{cx}" y="{pill_top + pill_h - 3.5:.1f}" font-size="11" '
                   f'font-weight="bold" text-anchor="middle" fill="#222">{escape(word)}</text>')  # fmt: skip
    out.append("</g>")
    if status:
        out.append(_status(envelope, heads, top + board_h, board_w - MARGIN - 4))
    out.append("</svg>")
    return "".join(out)


def _fit(chars: int, font_size: int, width: int, *, bold: bool = False) -> str:
    """The font size that keeps a line of ``chars`` characters inside ``width`` pixels: ``font_size``, or
    smaller for a line that would run past the picture's edge (a long prompt, a full hand, two-digit
    scores). A smaller font rather than ``textLength``, which not every SVG renderer (cairo) honours.
    The width is estimated a little generously from DejaVu Sans's average advance (0.55 em, bold 0.62)."""
    estimate = chars * font_size * (0.62 if bold else 0.55)
    return str(font_size) if estimate <= width else f"{font_size * width / estimate:.1f}"


HEAD_FONT = 13
"""The status block's first line (turn, bag, prompt): bold, this size; a longer prompt wraps."""


def _head_lines(envelope: Mapping[str, Any], width: int) -> list[str]:
    """Turn, bag and prompt, wrapped to ``width`` pixels at ``HEAD_FONT`` (a long prompt — the editor's
    instructions — takes a second line rather than shrinking to a size nobody reads)."""
    v = envelope["body"]
    prompt = "The game is over." if envelope["over"] else (envelope["decision"] or {}).get("prompt", "")
    head = f"Turn {v['turn']} · bag {v['bag']} · {prompt}"
    return textwrap.wrap(head, max(20, int(width / (HEAD_FONT * 0.62)))) or [head]


def _status(envelope: Mapping[str, Any], heads: list[str], y0: int, width: int) -> str:
    """Turn and prompt (``heads``, from ``_head_lines``), then one line per player: leaders in supply, catastrophes, hand, VP,
    treasures; each kept inside ``width`` pixels."""
    lines = []
    v = envelope["body"]
    for i, head in enumerate(heads):
        size = _fit(len(head), HEAD_FONT, width, bold=True)
        lines.append(
            f'<text x="{MARGIN}" y="{y0 + 16 + 18 * i}" font-size="{size}" font-weight="bold">{escape(head)}</text>'
        )
    codes = {"black": "k", "red": "r", "blue": "b", "green": "g"}
    below = 18 * (len(heads) - 1)
    for i, p in enumerate(v["players"]):
        y = y0 + 40 + below + 22 * i
        supply = "".join(codes[c] for c in COLOURS if p["leaders"][c] < 0) or "–"
        hand = "".join(codes[c] * p["hand"][c] for c in COLOURS) if p["hand"] is not None else f"{p['hand_size']} tiles"
        shown = 0  # characters of the score part, for the width estimate
        if p["vp"] is not None:
            # one coloured swatch and the notation's code per colour (k r b g), so black and blue differ
            score = (
                "".join(
                    f'<tspan fill="{picture.PIECE[c]}" font-weight="bold">■{codes[c]}</tspan><tspan> {p["vp"][c]} </tspan>'
                    for c in COLOURS
                )
                + f'<tspan fill="#9a7400">◆</tspan> {p["treasures"]} treasure{"" if p["treasures"] == 1 else "s"}'
            )
            shown = sum(4 + len(str(p["vp"][c])) for c in COLOURS) + 12 + len(str(p["treasures"]))
        else:
            score = "points hidden"
            shown = len(score)
        mark = "▶ " if v["active"] == p["seat"] and not envelope["over"] else ""
        text = f"{mark}{p['dynasty'].capitalize()}: leaders in supply {supply}, catastrophes {p['catastrophes']}, hand {hand}, VP "
        size = _fit(len(text) + shown, 12, width)
        lines.append(f'<text x="{MARGIN}" y="{y}" font-size="{size}">{escape(text)}{score}</text>')
    return "".join(lines)


def window_edges(
    x0: int, y0: int, x1: int, y1: int, *, header: int = 0, ink: str = "#555", paper: str = "#ffffff"
) -> list[str]:
    """SVG elements that make a full-board picture cut down to columns ``x0..x1`` and rows ``y0..y1``
    (by its viewBox) read as a clean window: the paper's colour over the cut edges, and coordinates
    along them in ``ink``. ``header``: free height kept above the board (for a caption). Used by the
    course's pictures and the rules reference's diagrams."""
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    left, top = x0 * CELL, y0 * CELL - header
    width, height = MARGIN + cols * CELL + 4, header + MARGIN + rows * CELL + 4
    right, bottom = left + MARGIN + cols * CELL, top + header + MARGIN + rows * CELL
    white = f'fill="{paper}"'
    style = f'font-size="11" text-anchor="middle" fill="{ink}"'
    return [
        f'<rect x="{left}" y="{top}" width="{width}" height="{header + MARGIN}" {white}/>',
        f'<rect x="{left}" y="{top}" width="{MARGIN}" height="{height}" {white}/>',
        f'<rect x="{right}" y="{top}" width="4" height="{height}" {white}/>',
        f'<rect x="{left}" y="{bottom}" width="{width}" height="4" {white}/>',
        *(f'<text x="{MARGIN + x * CELL + CELL // 2}" y="{top + header + MARGIN - 8}" {style}>{x}</text>'
          for x in range(x0, x1 + 1)),
        *(f'<text x="{left + MARGIN // 2}" y="{MARGIN + y * CELL + CELL // 2 + 4}" {style}>{y}</text>'
          for y in range(y0, y1 + 1)),
    ]  # fmt: skip
