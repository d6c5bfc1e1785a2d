"""Browser test helpers: Debian's Chromium for Playwright (``executable_path``), and ``BoardPage``, a page
that runs the built front end against a real ``BoardWidget`` in this Python process."""

from __future__ import annotations

import json
import math
import os
import shutil
import struct
from pathlib import Path
from typing import Any

import pytest

from tigris_widget.widget import BoardWidget

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "tigris_widget" / "static"
ARTIFACTS = ROOT / "test-artifacts"
HARNESS = Path(__file__).with_name("harness.html")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def chromium_path() -> str:
    path = os.environ.get("TIGRIS_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        pytest.fail(
            "The browser tests need Debian's Chromium: `apt-get install -y chromium` (CI does this in .ci/run), "
            "or set TIGRIS_CHROMIUM to a Chromium binary."
        )
    return path


def synced_state(widget: BoardWidget) -> str:
    """The widget's synced traits as the harness model takes them (heatmap bytes as a float list)."""
    state: dict[str, Any] = {k: getattr(widget, k) for k in ("view", "error", "overlay", "theme", "seat", "ply")}
    raw = widget.heatmap
    values = struct.unpack(f"<{len(raw) // 4}f", raw) if raw else None
    state["heatmap"] = None if values is None else [None if math.isnan(v) else v for v in values]  # JSON has no NaN
    return json.dumps(state)


class BoardPage:
    """A page showing ``widget``; intents from the page reach the widget and the new state returns."""

    def __init__(self, page: Any, widget: BoardWidget) -> None:
        self.page = page
        self.widget = widget
        self.messages: list[dict[str, Any]] = []

        def on_send(text: str) -> str:
            content = json.loads(text)
            self.messages.append(content)
            widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
            return synced_state(widget)

        def on_save(text: str) -> str:
            widget.set_state(json.loads(text))  # as ipywidgets applies a front-end update
            return synced_state(widget)

        page.expose_function("pySend", on_send)
        page.expose_function("pySave", on_save)
        page.route("http://tigris.test/**", self._serve)
        page.goto("http://tigris.test/index.html")
        page.wait_for_function("window.harnessReady === true")
        page.evaluate("s => window.tigrisStart(s)", synced_state(widget))
        self.wait_ready()

    @staticmethod
    def _serve(route: Any) -> None:
        url = route.request.url
        if url.endswith("/index.html"):
            route.fulfill(body=HARNESS.read_text(encoding="utf-8"), content_type="text/html")
        elif "/static/" in url:
            name = url.rsplit("/", 1)[1]
            kind = "text/javascript" if name.endswith(".js") else "text/css"
            route.fulfill(body=(STATIC / name).read_text(encoding="utf-8"), content_type=kind)
        else:
            route.fulfill(status=404, body="")

    def push(self) -> None:
        """Send the widget's state to the page after a change made from Python."""
        self.page.evaluate("s => window.model.update(s)", synced_state(self.widget))
        self.wait_ready()

    def wait_ready(self, host: str = "#host") -> None:
        """Wait until the board has drawn the widget's current state (no sleeps)."""
        sid = self.widget.view["state_id"]
        self.page.wait_for_selector(f'{host} .tigris-widget[data-ready="{sid}"]', timeout=10_000)

    def square_point(self, square: int, host: str = "#host") -> tuple[float, float]:
        """Page coordinates of the centre of a square, from the layout the canvas publishes."""
        canvas = self.page.locator(f"{host} canvas.tw-board")
        box = canvas.bounding_box()
        lay = json.loads(canvas.get_attribute("data-layout"))
        x = box["x"] + lay["left"] + (square % 16 + 0.5) * lay["cell"]
        y = box["y"] + lay["top"] + (square // 16 + 0.5) * lay["cell"]
        return x, y

    def click_square(self, square: int) -> None:
        x, y = self.square_point(square)
        self.page.mouse.click(x, y)
