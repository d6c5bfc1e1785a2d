"""Overlay labels in the static pictures are pills on the square's bottom edge, as on the canvas: the
piece's middle stays uncovered, and no stroked halo (cairo's PNGs ignore ``paint-order`` and would
paint the halo over the letters)."""

from __future__ import annotations

import re

import pytest

from tigris_widget.core.registry import game_module


@pytest.mark.parametrize(("name", "square"), [("tigris", 4 * 16 + 6), ("ur", 8)])
def test_a_label_is_a_pill_below_the_middle_of_its_square(name: str, square: int) -> None:
    module = game_module(name)
    game = module.new_game(module.DEFAULT_PLAYERS, 7, None)
    view = module.present(game, None)
    plain = module.picture_svg(view)
    svg = module.picture_svg(view, labels={square: "+3 pts"})
    assert "paint-order" not in svg
    added = svg[len(plain.split("</g>")[0]) :]
    pill = re.search(
        r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"[^>]*/><text x="([\d.]+)" y="([\d.]+)"[^>]*>\+3 pts</text>',
        added,
    )
    assert pill is not None, added[:400]
    top, height, baseline = float(pill[2]), float(pill[4]), float(pill[6])
    assert top < baseline <= top + height  # the text sits inside its pill
    highlighted = module.picture_svg(view, highlight=[square])
    # the highlight frames the square: the pill starts in its lower half, below the middle
    frame = re.search(
        r'<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"[^>]*stroke="#ff8c00"', highlighted
    )
    assert frame is not None, "no highlight frame found"
    fy, fh = float(frame[1]), float(frame[2])
    assert fy + fh / 2 < top < fy + fh + 4
