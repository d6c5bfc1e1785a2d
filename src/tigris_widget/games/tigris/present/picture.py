"""The one picture model of the board: palette, piece symbols and geometry, shared by the static SVG
(``games/tigris/present/svg.py``) and the canvas board of the widget (``js/src/games/tigris/picture.generated.ts``).

Every piece is a list of layers: an SVG path in a 40 x 40 box (one square; monuments use an
80 x 80 box), the palette entry that paints it, and how (fill, even-odd fill, or a stroke of some
width). The SVG writes the layers as ``<path>`` elements; the canvas turns the same path text into
``Path2D`` objects, so both draw the same shapes in the same colours. ``python -m
tigris_widget.games.tigris.present.picture`` rewrites the TypeScript module (``--check`` says whether it is
fresh; ``tests/widget/test_picture.py`` checks it too).
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

BOX = 40
"""Side of one square in the symbols' coordinates (and in the static SVG's pixels)."""
MARGIN = 0.6
"""The coordinate margin left of and above the board, in squares."""

Layer = tuple[str, str, str | float]
"""(path data, palette entry, mode): mode ``"fill"``, ``"evenodd"`` or a stroke width."""

PIECE = {"black": "#2e2b28", "red": "#c0392b", "blue": "#2767b0", "green": "#2b8748"}
LIGHT: dict[str, Any] = {
    "background": "#ffffff",
    "land": "#eadcb3",
    "landAlt": "#e4d4a6",
    "river": "#8fc3e4",
    "riverLine": "#6aa6d0",
    "grid": "rgba(96,74,30,0.24)",
    "coordinates": "#7a6a4a",
    "special": "#b8860b",
    "piece": PIECE,
    "ink": "#fbf5e6",
    "faceDown": "#8c7b58",
    "faceDownLine": "rgba(0,0,0,0.22)",
    "catastrophe": "#3f2d22",
    "crack": "#f0c987",
    "gold": "#f2c12e",
    "goldDark": "#7a5a00",
    "building": "#f7f1e3",
    "zigguratA": "#cdb47c",
    "zigguratB": "#b39862",
    "tower": "#6d5a30",
    "markerRing": "#ffffff",
    "accent": "#d81b60",
    "lastFill": "rgba(255,196,0,0.38)",
    "dot": "rgba(30,24,12,0.30)",
    "dotHover": "rgba(30,24,12,0.55)",
    "conflict": "#8e24aa",
    "shadow": "rgba(0,0,0,0.22)",
}
DARK: dict[str, Any] = {
    **LIGHT,
    "background": "#1e1e1e",
    "land": "#6d6041",
    "landAlt": "#66593a",
    "river": "#2c5677",
    "riverLine": "#3f7099",
    "grid": "rgba(0,0,0,0.35)",
    "coordinates": "#b5a888",
    "special": "#f0c040",
    "piece": {"black": "#141414", "red": "#d4473c", "blue": "#3b82d6", "green": "#36a257"},
    "faceDown": "#9a8a6a",
    "catastrophe": "#2a1e17",
    "zigguratA": "#a8915f",
    "zigguratB": "#927b4d",
    "accent": "#ff5a92",
    "lastFill": "rgba(255,206,60,0.30)",
    "dot": "rgba(255,250,235,0.40)",
    "dotHover": "rgba(255,250,235,0.70)",
    "conflict": "#ce93d8",
}


def _ellipse(cx: float, cy: float, rx: float, ry: float, angle: float) -> str:
    """A closed ellipse as two arcs (SVG path syntax, which Path2D understands too)."""
    a = math.radians(angle)
    dx, dy = rx * math.cos(a), rx * math.sin(a)
    x1, y1, x2, y2 = cx - dx, cy - dy, cx + dx, cy + dy
    return f"M{x1:.2f} {y1:.2f}A{rx} {ry} {angle} 1 0 {x2:.2f} {y2:.2f}A{rx} {ry} {angle} 1 0 {x1:.2f} {y1:.2f}Z"


def _circle(cx: float, cy: float, r: float) -> str:
    return f"M{cx - r} {cy}A{r} {r} 0 1 1 {cx + r} {cy}A{r} {r} 0 1 1 {cx - r} {cy}Z"


TILE_BASE = "M8 3H32A5 5 0 0 1 37 8V32A5 5 0 0 1 32 37H8A5 5 0 0 1 3 32V8A5 5 0 0 1 8 3Z"
TILE_EDGE = "M3 31V32A5 5 0 0 0 8 37H32A5 5 0 0 0 37 32V31A5 5 0 0 1 32 36H8A5 5 0 0 1 3 31Z"

_GRAINS = "".join(_ellipse(20 + side * 3.1, y, 3.2, 1.5, -35 * side) for y in (16, 20.5, 25) for side in (-1, 1))

TILE_SYMBOLS: dict[str, list[Layer]] = {
    # settlement: a house with a door
    "black": [("M10.5 20.5L20 11L29.5 20.5H27V30H13V20.5ZM18.2 30V24.5H21.8V30Z", "ink", "evenodd")],
    # temple: a stepped temple on its terrace
    "red": [("M10 30H30V26.5H27V23H24V19.5H22V13.5H18V19.5H16V23H13V26.5H10ZM18.7 30V27H21.3V30Z", "ink", "evenodd")],
    # farm: an ear of grain
    "blue": [("M19.3 13.5H20.7V31H19.3Z" + _GRAINS + _ellipse(20, 11.5, 1.6, 3, 0), "ink", "fill")],
    # market: a pair of scales
    "green": [
        ("M19.2 12.5H20.8V28H19.2ZM14 28H26V30.5H14ZM9.5 13.2H30.5V14.8H9.5Z" + _circle(20, 12, 1.8), "ink", "fill"),
        ("M8.5 21.5A4.5 4.5 0 0 0 17.5 21.5ZM22.5 21.5A4.5 4.5 0 0 0 31.5 21.5Z", "ink", "fill"),
        ("M13 14.5L8.9 21.5M13 14.5L17.1 21.5M27 14.5L22.9 21.5M27 14.5L31.1 21.5", "ink", 1.1),
    ],
}

LEADER_DISC = _circle(20, 20, 17.5)
LEADER_RING = _circle(20, 20, 16.2)
LEADER_SYMBOL_TRANSFORM = (4.4, 4.4, 0.78)
"""translate x, y and scale of a dynasty symbol inside the leader's disc."""
OWNER_RING = (18.5, 3.0)
"""Radius and stroke width of the ring in the owner's seat colour around a leader's disc (whose is it,
at a glance); it keeps inside the square."""

DYNASTY_SYMBOLS: dict[str, list[Layer]] = {
    # a walking lion with a mane and a tufted tail
    "lion": [
        (
            "M8 20C8 16.5 11 15.5 14 15.5L22 15.5C22.5 12 24.5 9.5 28 9.5C31.5 9.5 33.5 11.5 33.5 13.5L35.6 15.2"
            "L35 17.6L33 18C33 20.5 31 22.5 29 22.5L29 29.5L26.8 29.5L26.8 24.2L24.8 24.2L24.8 29.5L22.6 29.5"
            "L22.6 23.5L15.5 23.5L15.5 29.5L13.3 29.5L13.3 24.5L11.8 24.5L11.8 29.5L9.6 29.5L9.6 23"
            "C8.5 22 8 21 8 20Z",
            "ink",
            "fill",
        ),
        ("M8.8 18.2C5.5 17.8 4.6 15 5.4 12.6", "ink", 1.7),
        (_circle(5.6, 11.6, 1.9), "ink", "fill"),
        ("M25.2 10.6C23.6 13.5 23.4 18.4 25.6 22.4", "piece", 0.9),
        (_circle(31, 13.1, 0.95), "piece", "fill"),
    ],
    # a bull's head with wide horns
    "bull": [
        (
            "M6.5 11C7 18 11.5 20.5 16.5 20.5H23.5C28.5 20.5 33 18 33.5 11C31 16 27 17.2 23.5 17.2H16.5"
            "C13 17.2 9 16 6.5 11Z",
            "ink",
            "fill",
        ),
        (
            "M14 16.5C14 24 15.5 31.5 20 31.5C24.5 31.5 26 24 26 16.5ZM14.5 18L9.2 19.8L14.2 22ZM25.5 18L30.8 19.8"
            "L25.8 22Z",
            "ink",
            "fill",
        ),
        (
            _circle(17, 21.8, 1.1) + _circle(23, 21.8, 1.1) + _circle(18.1, 28.4, 0.9) + _circle(21.9, 28.4, 0.9),
            "piece",
            "fill",
        ),
    ],
    # a bow drawn with its arrow
    "archer": [
        ("M15 7.5C27 11 27 29 15 32.5L14.2 31C24.5 27.5 24.5 12.5 14.2 9Z", "ink", "fill"),
        ("M14.6 8.3L10.2 20L14.6 31.7", "ink", 1),
        ("M10 19.3H30.5V20.7H10ZM34.5 20L29.5 16.6V23.4ZM10.5 20L7 16.2H9.6L13 20L9.6 23.8H7Z", "ink", "fill"),
    ],
    # an amphora with two handles and a painted band
    "pot": [
        (
            "M16.5 8H23.5V10.2L22.5 11V13.2C28 14.5 30 19 28.5 23.5C27.3 27 24.8 29 22.5 29.8L23.6 32H16.4"
            "L17.5 29.8C15.2 29 12.7 27 11.5 23.5C10 19 12 14.5 17.5 13.2V11L16.5 10.2Z",
            "ink",
            "fill",
        ),
        ("M17.6 12.4C12.6 11.8 11.6 15.8 13.3 18.6M22.4 12.4C27.4 11.8 28.4 15.8 26.7 18.6", "ink", 1.7),
        ("M12.3 20.6H27.7M13 23.4H27", "piece", 1.1),
    ],
}

RIVER_WAVES: list[Layer] = [("M8 15.2Q14 11.8 20 15.2T32 15.2M8 26.4Q14 23 20 26.4T32 26.4", "riverLine", 1.6)]
SPECIAL: list[Layer] = [("M3 3H37V37H3Z", "special", 2.5), ("M6 6H34V34H6Z", "special", 1)]
"""A special (treasure) square: a double golden frame."""

FACE_DOWN: list[Layer] = [
    (TILE_BASE, "faceDown", "fill"),
    ("M3 13L13 3M3 23L23 3M3 33L33 3M7 37L37 7M17 37L37 17M27 37L37 27", "faceDownLine", 1),
]
CATASTROPHE: list[Layer] = [
    (TILE_BASE, "catastrophe", "fill"),
    ("M17 4L22.5 12.5L17.5 17L25.5 25.5L21.2 28.2L24.5 36L16 27.6L20.4 24.8L13 17.4L18 13.4L12.8 4Z", "crack", "fill"),
]
TREASURE: list[Layer] = [
    ("M4.5 9.5L8.5 5H15.5L19.5 9.5L12 18Z", "gold", "fill"),
    ("M4.5 9.5H19.5M8.5 5L10.6 9.5L12 18L13.4 9.5L15.5 5", "goldDark", 0.7),
    ("M4.5 9.5L8.5 5H15.5L19.5 9.5L12 18Z", "goldDark", 0.9),
]
BUILDING: list[Layer] = [
    ("M23 19.5V11.5A6 6 0 0 1 35 11.5V19.5Z", "building", "fill"),
    ("M23 19.5V11.5A6 6 0 0 1 35 11.5V19.5Z", "piece", 1.6),
    ("M27.4 19.5V15A1.6 1.6 0 0 1 30.6 15V19.5Z", "piece", "fill"),
]
ZIGGURAT_TILE: list[Layer] = [
    ("M3 3H37V37H3Z", "zigguratA", "fill"),
    ("M8 8H32V32H8ZM13 13H27V27H13Z", "zigguratB", "evenodd"),
    ("M3.5 3.5H36.5V36.5H3.5Z", "tower", 1),
]
TOWER: list[Layer] = [
    ("M6 34H34V29H30V24H26V19H23V11H17V19H14V24H10V29H6Z", "tower", "fill"),
    ("M6 34H34V29H30V24H26V19H23V11H17V19H14V24H10V29H6Z", "ink", 1.2),
]
MARKER: list[Layer] = [
    (_circle(20, 20, 16), "markerRing", 4),
    (_circle(20, 20, 16), "accent", 1.5),
    ("M31 4L32.9 9.4L38.6 9.5L34 12.9L35.7 18.4L31 15.1L26.3 18.4L28 12.9L23.4 9.5L29.1 9.4Z", "markerRing", "fill"),
    ("M31 4L32.9 9.4L38.6 9.5L34 12.9L35.7 18.4L31 15.1L26.3 18.4L28 12.9L23.4 9.5L29.1 9.4Z", "accent", 1),
]
# a monument on its 2x2 block (80 x 80 box): a platform of the first colour, a stepped tower of the second
MONUMENT_BASE: list[Layer] = [
    ("M13 14H71V72H13Z", "shadow", "fill"),
    ("M10 10H70V70H10Z", "pieceA", "fill"),
    ("M10 10H70V70H10Z", "ink", 2),
]
MONUMENT_TOWER: list[Layer] = [
    ("M22 60H58V52H52V44H47V30H33V44H28V52H22Z", "pieceB", "fill"),
    ("M22 60H58V52H52V44H47V30H33V44H28V52H22Z", "ink", 1.6),
]


def model() -> dict[str, Any]:
    """The whole picture model as JSON data."""
    return {
        "box": BOX,
        "margin": MARGIN,
        "light": LIGHT,
        "dark": DARK,
        "riverWaves": RIVER_WAVES,
        "special": SPECIAL,
        "tileBase": TILE_BASE,
        "tileEdge": TILE_EDGE,
        "tiles": TILE_SYMBOLS,
        "leaderDisc": LEADER_DISC,
        "leaderRing": LEADER_RING,
        "leaderSymbolTransform": LEADER_SYMBOL_TRANSFORM,
        "ownerRing": OWNER_RING,
        "dynasties": DYNASTY_SYMBOLS,
        "faceDown": FACE_DOWN,
        "catastrophe": CATASTROPHE,
        "treasure": TREASURE,
        "building": BUILDING,
        "zigguratTile": ZIGGURAT_TILE,
        "tower": TOWER,
        "marker": MARKER,
        "monumentBase": MONUMENT_BASE,
        "monumentTower": MONUMENT_TOWER,
    }


TS_PATH = Path(__file__).resolve().parents[5] / "js" / "src" / "games" / "tigris" / "picture.generated.ts"


def typescript() -> str:
    """The TypeScript module the canvas imports (generated; do not edit it by hand)."""
    data = json.dumps(model(), indent=1, sort_keys=True)
    return (
        "// Generated by `python -m tigris_widget.games.tigris.present.picture` from src/tigris_widget/games/tigris/present/picture.py:\n"
        "// the palette, symbols and geometry shared with the static SVG. Do not edit.\n\n"
        "/* eslint-disable */\n"
        f"export const PICTURE = {data};\n"
    )


def main(argv: list[str]) -> int:
    text = typescript()
    if "--check" in argv:
        fresh = TS_PATH.exists() and TS_PATH.read_text(encoding="utf-8") == text
        print(
            "fresh"
            if fresh
            else f"stale: run python -m tigris_widget.games.tigris.present.picture to rewrite {TS_PATH}"
        )
        return 0 if fresh else 1
    TS_PATH.write_text(text, encoding="utf-8")
    print("wrote", TS_PATH)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
