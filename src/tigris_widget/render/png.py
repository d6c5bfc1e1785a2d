"""PNG pictures of a position: the SVG of ``render.svg.board_svg`` (the game's own picture) rasterised by CairoSVG (needs the
``cairosvg`` package and the cairo library, e.g. Debian's ``libcairo2``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tigris_widget.core.picture import svg_png
from tigris_widget.render.svg import board_svg


def board_png(view: Mapping[str, Any] | Any, *, scale: float = 2.0, **options: Any) -> bytes:
    """PNG bytes of ``board_svg(view, **options)``; ``scale`` 2 gives a sharp picture on HiDPI screens.

    :raises RuntimeError: CairoSVG or the cairo library is missing (says how to install them).
    """
    return svg_png(board_svg(view, **options), scale=scale)
