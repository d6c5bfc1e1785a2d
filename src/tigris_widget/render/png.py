"""PNG pictures of a position: the SVG of ``render.svg.board_svg`` (the game's own picture) rasterised by CairoSVG (needs the
``cairosvg`` package and the cairo library, e.g. Debian's ``libcairo2``)."""

from __future__ import annotations

import io
import re
from base64 import b64encode
from collections.abc import Mapping
from typing import Any

from tigris_widget.render.svg import board_svg


def board_png(view: Mapping[str, Any] | Any, *, scale: float = 2.0, **options: Any) -> bytes:
    """PNG bytes of ``board_svg(view, **options)``; ``scale`` 2 gives a sharp picture on HiDPI screens.

    :raises RuntimeError: CairoSVG or the cairo library is missing (says how to install them).
    """
    return svg_png(board_svg(view, **options), scale=scale)


def svg_png(svg: str, *, scale: float = 2.0, palette: bool = False) -> bytes:
    """PNG bytes of an SVG picture. ``palette``: 256 colours, which keeps a board's flat colours and
    makes the file about a third as large (for pictures stored in notebooks).

    :raises RuntimeError: CairoSVG or the cairo library is missing (says how to install them).
    """
    try:
        import cairosvg
    except (ImportError, OSError) as err:  # OSError: the package is there but libcairo is not
        raise RuntimeError(
            "PNG output needs CairoSVG and the cairo library: `pip install cairosvg` and e.g. "
            f"`apt-get install libcairo2` ({err})"
        ) from err
    png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    if not palette:
        return png
    from PIL import Image  # CairoSVG's own dependency

    with Image.open(io.BytesIO(png)) as image:
        out = io.BytesIO()
        image.convert("RGBA").quantize(256, method=Image.Quantize.FASTOCTREE).save(out, "PNG", optimize=True)
    return out.getvalue()


def png_available() -> bool:
    """Whether PNG pictures can be made here (CairoSVG and the cairo library)."""
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError):
        return False
    return True


def _width(svg: str) -> int | None:
    root = re.match(r"\s*<svg\b[^>]*>", svg)
    found = re.search(r'\swidth="(\d+)"', root.group(0)) if root else None
    return int(found.group(1)) if found else None


def png_display(svg: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A PNG of the picture ``svg`` as a display's ``(data, metadata)``: at twice its size (sharp on HiDPI
    screens) and shown at the SVG's width; nothing where PNG cannot be made here (no cairo)."""
    if not png_available():
        return {}, {}
    data = {"image/png": b64encode(svg_png(svg, scale=2.0, palette=True)).decode("ascii")}
    width = _width(svg)
    return data, ({"image/png": {"width": width}} if width else {})
