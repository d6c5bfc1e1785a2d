"""The Ur heat map leaves the tiles readable (issue 40), measured in the pixels Chromium draws: a rated
tile keeps its face letter, its back badge and its owner's chip as they were, the rating is a ring
and a number on a tab across the tile's top edge, which a war's arrow between neighbours does not hide."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser_harness import BoardPage

from tigris_widget.games.ur import UrGame
from tigris_widget.jupyter.widget import BoardWidget

pytestmark = pytest.mark.browser

Box = tuple[float, float, float, float]
"""A part of a cell, as fractions of the cell: left, top, right, bottom."""

FACE_LETTER: Box = (0.10, 0.13, 0.46, 0.48)
BACK_BADGE: Box = (0.63, 0.12, 0.88, 0.36)
CUBE_CHIP: Box = (0.60, 0.60, 0.86, 0.86)
TILE_MIDDLE: Box = (0.35, 0.50, 0.65, 0.70)


def region(page: Any, cell: int, box: Box) -> list[tuple[int, int, int]]:
    """The canvas' device pixels of ``box`` in ``cell`` (6 cells a row), as RGB triples."""
    canvas = page.locator("#host canvas.tw-board")
    lay = json.loads(canvas.get_attribute("data-layout"))
    x0, y0, x1, y1 = (
        lay["left"] + (cell % 6 + box[0]) * lay["cell"],
        lay["top"] + (cell // 6 + box[1]) * lay["cell"],
        lay["left"] + (cell % 6 + box[2]) * lay["cell"],
        lay["top"] + (cell // 6 + box[3]) * lay["cell"],
    )
    data = canvas.evaluate(
        "(c, [x0, y0, x1, y1]) => { const r = c.width / c.getBoundingClientRect().width;"
        " const [x, y, w, h] = [x0, y0, x1 - x0, y1 - y0].map((v) => Math.round(v * r));"
        " return Array.from(c.getContext('2d').getImageData(x, y, w, h).data); }",
        [x0, y0, x1, y1],
    )
    return [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 4)]


def luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG relative luminance."""

    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(pixels: list[tuple[int, int, int]]) -> float:
    """The WCAG contrast between the region's ink and its ground: the 3rd and 97th percentile of
    luminance (a letter on its tile), so that a few anti-aliased pixels do not count."""
    lum = sorted(luminance(p) for p in pixels)
    low, high = lum[len(lum) * 3 // 100], lum[len(lum) * 97 // 100]
    return (high + 0.05) / (low + 0.05)


def changed(before: list[tuple[int, int, int]], after: list[tuple[int, int, int]]) -> float:
    """The share of pixels that changed visibly (more than 24 in a channel)."""
    assert len(before) == len(after)
    return sum(
        max(abs(a - b) for a, b in zip(p, q, strict=True)) > 24 for p, q in zip(before, after, strict=True)
    ) / len(before)


def owned_game() -> UrGame:
    """Four players after the setup and the initial exchange: every one owns three tiles."""
    game = UrGame.new(players=4, seed=7)
    while game.decision is not None and game.decision.kind in ("place", "initial exchange"):
        game.apply(game.legal_actions()[-1])
    return game


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_rated_tile_keeps_its_letter_badge_and_cubes(page: Any, artifacts: Path, theme: str) -> None:
    game = owned_game()
    view = BoardWidget(game).view["body"]["cells"]
    owned = [i for i, c in enumerate(view) if c["owner"] is not None and not c["zig"]]
    rated, other = owned[0], owned[1]
    free, bare = [i for i, c in enumerate(view) if c["owner"] is None][:2]
    page.emulate_media(color_scheme=theme)
    widget = BoardWidget(game, theme=theme)
    board = BoardPage(page, widget)
    parts = {"letter": FACE_LETTER, "badge": BACK_BADGE, "chip": CUBE_CHIP, "middle": TILE_MIDDLE}
    plain = {(cell, name): region(page, cell, box) for cell in (rated, other, free) for name, box in parts.items()}
    rim = (0.0, 0.4, 0.04, 0.6)  # the left rim of a cell, half in the strip between the tiles
    bare_rim = region(page, bare, rim)

    # the deepest and the palest end of the scale, and an arrow ending on the rated tile (a war)
    widget.show_heatmap(
        {rated: 0.0, other: -12.0, free: -5.0}, format="points", legend="chance to win vs the best move, in points"
    )
    board.push()
    page.locator("#host .tigris-widget").screenshot(path=str(artifacts / f"ur-heatmap-{theme}.png"))

    for cell in (rated, other, free):
        before, after = plain[(cell, "letter")], region(page, cell, FACE_LETTER)
        assert contrast(after) > 3.0, f"the letter of cell {cell} no longer reads ({contrast(after):.2f})"
        assert contrast(after) > 0.8 * contrast(before)
        assert changed(before, after) < 0.03, f"the heat map covers the letter of cell {cell}"
        assert changed(plain[(cell, "badge")], region(page, cell, BACK_BADGE)) < 0.03, f"the back badge of {cell}"
    for cell in (rated, other):
        assert changed(plain[(cell, "chip")], region(page, cell, CUBE_CHIP)) < 0.03, f"the cubes of {cell}"
    assert changed(plain[(other, "middle")], region(page, other, TILE_MIDDLE)) < 0.03  # no paint over the tile

    # the rating is there: a ring on the rim, its colour differs from one end of the scale to the other
    assert changed(region(page, bare, rim), bare_rim) == 0  # an unrated cell is untouched
    assert changed(bare_rim, region(page, rated, rim)) > 0.5
    assert changed(region(page, rated, rim), region(page, other, rim)) > 0.5
    # and its number is on the tab across the top edge, drawn above the shaft of a war's arrow coming
    # from the tile above (a war is between neighbours)
    widget.arrow(rated - 6, rated)
    board.push()
    page.locator("#host .tigris-widget").screenshot(path=str(artifacts / f"ur-heatmap-arrow-{theme}.png"))
    tab = (0.42, -0.05, 0.58, 0.05)
    assert contrast(region(page, rated, tab)) > 3.0
    assert contrast(region(page, other, tab)) > 3.0
