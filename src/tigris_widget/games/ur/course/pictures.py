"""The pictures of the Ur course: the whole grid after a step, each seat's standing under it, the
legend of the grid and the final scoring table. ``jupyter.course`` composes them (before → after) and
adds the narration and the live board; it finds them through ``games.ur.course`` (the course hooks).
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence

from tigris_widget.core.picture import ink
from tigris_widget.core.protocol import GameLike
from tigris_widget.games.ur.course.lessons import XY, lesson
from tigris_widget.games.ur.course.sets import best_split, items, set_value
from tigris_widget.games.ur.engine.board import PAIR_NAMES
from tigris_widget.games.ur.engine.rules import standings
from tigris_widget.games.ur.engine.state import UrState
from tigris_widget.games.ur.game import UrGame
from tigris_widget.games.ur.present.svg import picture_svg
from tigris_widget.games.ur.present.view import present

Panel = tuple[str, int, int, str, list[str]]
"""A grid picture (nested ``<svg>``), its width and height, its title and the SVG lines under it."""
SEAT_INK = {"light": ("#111111", "#777777", "#d9822b", "#7a4a21"), "dark": ("#111111", "#f2f2f2", "#f0a050", "#a9703f")}
"""Seat colours as the lines under a grid draw them, for each theme's paper: on white paper P1's white
cube is written grey; on dark paper P3's brown is lighter, and P0's black gets a light edge."""


def _seat_swatch(p: int, theme: str) -> str:
    """The little cube of seat ``p`` in a line of text."""
    dark = theme == "dark"
    edge = ' stroke="#b8b8b8" stroke-width="0.8"' if dark and p == 0 else ""
    return f'<tspan fill="{SEAT_INK["dark" if dark else "light"][p]}"{edge} font-weight="bold">■</tspan>'


def _game(game: GameLike) -> UrGame:
    if not isinstance(game, UrGame):
        raise ValueError(f"the Ur course shows an UrGame, not {type(game).__name__}")
    return game


def panel(
    game: GameLike,
    ply: int,
    window: tuple[int, int, int, int] | None,
    *,
    highlight: Sequence[XY] = (),
    labels: Mapping[XY, str] | None = None,
    theme: str = "light",
) -> tuple[str, int, int]:
    """The whole grid after ``ply`` steps (the 6 × 6 grid is never cropped: ``window`` is ignored),
    drawn by the presenter without its status block (``lines`` goes under it), in ``theme``."""
    g = _game(game)
    svg = picture_svg(
        present(g, None, ply),
        highlight=[y * 6 + x for x, y in highlight],
        labels={y * 6 + x: t for (x, y), t in (labels or {}).items()},
        status=False,
        theme=theme,
    )
    root = re.match(r"<svg [^>]*>", svg)
    size = re.search(r'width="(\d+)" height="(\d+)"', svg)
    assert root is not None and size is not None
    w, h = int(size.group(1)), int(size.group(2))
    body = svg[root.end() : svg.rindex("</svg>")]
    return f'<svg x="0" y="0" width="{w}" height="{h}" viewBox="0 0 {w} {h}">{body}</svg>', w, h


def focus(game: GameLike, start: int, end: int, cells: set[XY]) -> None:
    """The grid is small: every picture shows all of it."""
    return None


def _number(n: int, delta: int | None, theme: str) -> str:
    if not delta:
        return f"{n}"
    pen = ink(theme)
    sign, colour = ("+", pen.gain) if delta > 0 else ("−", pen.loss)
    return (
        f'<tspan font-weight="bold" text-decoration="underline">{n}</tspan>'
        f'<tspan font-weight="bold" fill="{colour}"> ({sign}{abs(delta)})</tspan>'
    )


def _facts(s: UrState) -> list[tuple[int, int, int]]:
    """(supply, cubes on the grid, points now) of every seat."""
    points = {r.seat: r.points for r in standings(s)}
    return [(s.supply(p), s.on_grid[p], points[p]) for p in range(s.n)]


def lines(game: GameLike, ply: int, since: int | None = None, *, theme: str = "light") -> list[str]:
    """One line per seat (▶ for the one deciding): hand tile, supply, cubes on the grid and points
    now; numbers changed since ply ``since`` bold with their change. Then ziggurats left and spares.
    Inks for ``theme``'s paper."""
    g = _game(game)
    s = g.state_at(ply)
    now = _facts(s)
    old = _facts(g.state_at(since)) if since is not None else now
    out = []
    for p in range(s.n):
        mark = "▶ " if not s.over and s.decider == p else ""
        supply, grid, points = now[p]
        d = [a - b for a, b in zip(now[p], old[p])]
        out.append(
            f"{_seat_swatch(p, theme)} {mark}P{p}: hand {PAIR_NAMES[s.hands[p]]}"
            f" · supply {_number(supply, d[0], theme)} · on the grid {_number(grid, d[1], theme)}"
            f" · points {_number(points, d[2], theme)}"
        )
    spares = " ".join(PAIR_NAMES[x] for x in s.spares) or "none"
    where = "game over" if s.over else f"ziggurats left {s.zig_left}"
    out.append(f'<tspan fill="{ink(theme).muted}">{where} · spare {spares} · start player P{s.start}</tspan>')
    return out


# -- the final scoring table -----------------------------------------------------------------------------------
def final_table(game: GameLike) -> tuple[str, str]:
    """The final scoring (§10): per player the items by colour, the hand tile's side, the best sets,
    the points and the cubes on the grid (the tie-break), best first."""
    g = _game(game)
    result = g.result
    if result is None:
        raise ValueError("the game is not over yet: play it to its end (§9) before the final scoring")
    s = g.state
    rows, plain = [], []
    for r in sorted(result, key=lambda r: (r.place, r.seat)):
        counts = items(g, r.seat)
        counts[r.side] += 1
        sets = best_split(counts)
        have = " ".join(f"{k}{n}" for k, n in counts.items() if n)
        split = " + ".join(f"{x} ({set_value(len(x))})" for x in sets)
        hand = f"{PAIR_NAMES[s.hands[r.seat]]} as {r.side}"
        rows.append(
            f"<tr><td>{r.place}</td><td>P{r.seat}</td><td>{have}</td><td>{hand}</td><td>{split}</td>"
            f"<td><b>{r.points}</b></td><td>{r.cubes}</td></tr>"
        )
        plain.append(f"{r.place}. P{r.seat}: {have} (hand {hand}) → {split} = {r.points} points, {r.cubes} cubes")
    head = "".join(f"<th>{h}</th>" for h in ("place", "player", "items (hand included)", "hand tile",
                                              "best sets (points)", "points", "cubes on the grid"))  # fmt: skip
    reason = {"no-exchange": "§9.1", "ziggurats": "§9.2", "turn-limit": "§9.3"}.get(g.end_reason or "", "")
    note = f"<p>The game ended by {reason}. Equal points: more cubes on the grid wins (§10.5).</p>"
    return f"{note}<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>", "\n".join(plain)


# -- named pictures --------------------------------------------------------------------------------------------
PICTURES: Mapping[str, str] = {"legend": "what the pictures of the grid show: tiles, cubes, ziggurats, frames"}


def picture(key: str, *, theme: str = "light") -> tuple[GameLike, list[Panel], str]:
    if key != "legend":
        raise ValueError(f"unknown picture {key!r}; choose from {', '.join(PICTURES)}")
    game = lesson("ur-fifth-ziggurat")
    marks = {(2, 2): "5 cubes", (0, 0): "ziggurat", (3, 3): "empty"}
    body, w, h = panel(game, 0, None, highlight=[(3, 3)], labels=marks, theme=theme)
    notes = [
        "Each tile shows its face (big letter: the tile's kind) and its back (small badge, top right).",
        "A = agriculture (green), T = trade (yellow), C = culture (blue), P = politics (purple), W = war (red).",
        "Cubes: a seat's colour with the count, bottom right; the seat's name bottom left.",
        "A ziggurat covers its tile and keeps one cube of its builder. The tile's letter and badge stay visible,",
        "but the tile has no kind any more (a ziggurat on an A tile is no farm).",
        "Frames: pink = the squares the last step changed; orange dashes = what the course points at.",
    ]
    return game, [(body, w, h, "How to read the grid", [html.escape(n) for n in notes])], ""
