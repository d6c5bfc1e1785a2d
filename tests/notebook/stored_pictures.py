"""Reading the pictures stored in the notebooks: PNGs (JupyterLab shows no SVG of an untrusted notebook),
drawn at twice the width they are shown at."""

from __future__ import annotations

import base64
import io
from collections.abc import Mapping
from typing import Any

from PIL import Image


def picture(data: Mapping[str, Any]) -> Image.Image:
    """The stored PNG of an output's ``data``, as RGB pixels."""
    image = Image.open(io.BytesIO(base64.b64decode(data["image/png"]))).convert("RGBA")
    page = Image.new("RGBA", image.size, "white")  # the page around a one-board picture is transparent
    return Image.alpha_composite(page, image).convert("RGB")


def has_colour(image: Image.Image, colour: str, tolerance: int = 24, least: int = 20) -> bool:
    """Whether at least ``least`` pixels of ``image`` are within ``tolerance`` (per channel) of ``colour``
    (``#rrggbb``): a frame or an arrow of that colour is drawn there (the PNG has 256 colours)."""
    want = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
    small = image.resize((image.width // 2, image.height // 2), Image.Resampling.NEAREST)
    close = sum(
        count
        for count, rgb in small.getcolors(small.width * small.height) or []
        if all(abs(a - b) <= tolerance for a, b in zip(rgb, want))
    )
    return close >= least


def halves(image: Image.Image) -> tuple[Image.Image, Image.Image]:
    """The left and right halves of a before → after picture."""
    w, h = image.size
    return image.crop((0, 0, w // 2, h)), image.crop((w // 2, 0, w, h))
