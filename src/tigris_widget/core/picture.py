"""Pictures that scale with their notebook cell.

JupyterLab shows an SVG output as an ``<img>`` that it neither shrinks nor limits, so a picture with a
fixed size is cut, or scrolls sideways, in a narrow cell (an 800-pixel window with the file browser
open leaves about 370 pixels). ``fit`` gives a picture the width of its cell instead; every game's
``_repr_svg_`` and the course pictures go through it.
"""

from __future__ import annotations

import re

ROOM = 1.5
"""A picture of one board is drawn as if its page were this many times its larger side, so that it
scales with its cell like the wide pictures: two thirds of a narrow cell, about its own size in a wide
one (a live board keeps a similar size)."""


def page_width(width: int, height: int, wide: int | None = 560) -> int:
    """The width of the page a picture of ``width`` × ``height`` is laid on (see ``ROOM``); a picture
    wider than ``wide`` (two boards, or a large window; ``None``: none) is its own page."""
    return width if wide is not None and width > wide else max(width, round(ROOM * max(width, height)))


def fit(svg: str, *, wide: int | None = 560) -> str:
    """``svg`` (a picture with a fixed ``width``, ``height`` and a ``viewBox`` from 0 0) made to scale with
    its cell: width 100 % and the viewBox widened to its page (the drawing keeps its place at the left).
    ``wide`` as for ``page_width``. Anything else is returned unchanged."""
    root = re.match(r"\s*<svg\b[^>]*>", svg)
    if root is None:
        return svg
    tag = root.group(0)
    w, h = re.search(r'\swidth="(\d+)"', tag), re.search(r'\sheight="(\d+)"', tag)
    box = re.search(r'\sviewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"', tag)
    if w is None or h is None or box is None:
        return svg
    width, height = int(w.group(1)), int(h.group(1))
    page = page_width(width, height, wide)
    new = tag.replace(w.group(0), ' width="100%"').replace(h.group(0), "")
    new = new.replace(box.group(0), f' viewBox="0 0 {page * float(box.group(1)) / width:g} {box.group(2)}"')
    return new + svg[root.end() :]
