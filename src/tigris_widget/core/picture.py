"""Pictures in notebooks: scaled to their cell, and as PNG where an SVG is not shown.

JupyterLab shows an SVG output as an ``<img>`` that it neither shrinks nor limits, so a picture with a
fixed size is cut, or scrolls sideways, in a narrow cell (an 800-pixel window with the file browser
open leaves about 370 pixels). ``fit`` gives a picture the width of its cell instead; every game's
``_repr_svg_`` and the course pictures go through it.

JupyterLab shows no SVG at all of an untrusted notebook (one from someone else, or a fresh clone),
only a PNG: ``png_display`` makes one of an SVG picture, with CairoSVG where it is installed.
"""

from __future__ import annotations

import binascii
import io
import re
from base64 import b64decode, b64encode
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Ink:
    """The colours of a picture's paper and words (course pictures, stored in notebooks), for a light
    or a dark page; the boards drawn on the paper take the same theme from their own renderers."""

    paper: str
    text: str
    title: str
    note: str
    muted: str
    gain: str
    loss: str
    action: str
    """The played action's words and arrow."""
    label: str
    """A label's box on a square (its frame is ``action``); ``label_text`` its words."""
    label_text: str
    treasure: str


INKS = {
    "light": Ink(paper="#ffffff", text="#222", title="#333", note="#444", muted="#666",
                 gain="#1b7f2a", loss="#b71c1c", action="#6a1b9a", label="#fffbe6", label_text="#4a148c",
                 treasure="#9a7400"),
    "dark": Ink(paper="#1e1e1e", text="#e6e6e6", title="#f0f0f0", note="#c8c8c8", muted="#a8a8a8",
                gain="#5cc46a", loss="#ff7a70", action="#c58af9", label="#2d2640", label_text="#e8d8ff",
                treasure="#e0b43c"),
}  # fmt: skip
"""The inks of each theme (``"light"``, ``"dark"``)."""


def ink(theme: str) -> Ink:
    """The inks of ``theme`` (``"light"`` or ``"dark"``; a picture is drawn in one of them)."""
    if theme not in INKS:
        raise ValueError(f"theme must be 'light' or 'dark', not {theme!r}")
    return INKS[theme]


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


def shown_width(svg: str) -> int | None:
    """The width an SVG picture is drawn at: its ``width``, or for one that takes its cell's width
    (``core.picture.fit``) its ``viewBox``'s; None when it says neither."""
    root = re.match(r"\s*<svg\b[^>]*>", svg)
    if root is None:
        return None
    found = re.search(r'\swidth="(\d+)"', root.group(0)) or re.search(r'\sviewBox="0 0 (\d+)', root.group(0))
    return int(found.group(1)) if found else None


def _png(svg: str) -> tuple[bytes, int | None] | None:
    """The PNG of the picture ``svg`` (twice its size, 256 colours) and the width to show it at; None
    where PNG cannot be made here (no CairoSVG or cairo)."""
    if not png_available():
        return None
    return svg_png(svg, scale=2.0, palette=True), shown_width(svg)


def png_display(svg: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A PNG of the picture ``svg`` as a display's ``(data, metadata)``: drawn at twice its size (sharp on
    HiDPI screens) and shown at the SVG's width (a narrower cell shrinks it); 256 colours. Nothing where
    PNG cannot be made here (no CairoSVG or cairo)."""
    made = _png(svg)
    if made is None:
        return {}, {}
    png, width = made
    return {"image/png": b64encode(png).decode("ascii")}, ({"image/png": {"width": width}} if width else {})


def png_repr(svg: str) -> tuple[bytes, dict[str, Any]] | None:
    """What ``_repr_png_`` returns for the picture ``svg``: the PNG of ``png_display`` and the width to show
    it at; None (no PNG) where PNG cannot be made here."""
    made = _png(svg)
    if made is None:
        return None
    png, width = made
    return png, ({"width": width} if width else {})


def png_width(b64: str) -> int | None:
    """The width, in pixels, of a base64 PNG (from its header); None for anything else."""
    try:
        head = b64decode(b64[:44])
    except (binascii.Error, ValueError):
        return None
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return int.from_bytes(head[16:20], "big")
