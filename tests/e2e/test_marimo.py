"""End to end in a real marimo app server (``marimo run``): the board wrapped in ``mo.ui.anywidget``
(``marimo_app.py``) is drawn, a click on a highlighted square plays an action, and the app's reactive
cell, re-run from Python after the action, shows the game's actions."""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_harness import ARTIFACTS, free_port, get_json, play_a_tile, server_process
from playwright.sync_api import expect

from tigris_widget import Game
from tigris_widget.jupyter.widget import BoardWidget

pytestmark = [pytest.mark.marimo, pytest.mark.browser]

APP = Path(__file__).with_name("marimo_app.py")


@pytest.fixture(scope="module")
def marimo_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    work = tmp_path_factory.mktemp("marimo")
    shutil.copy(APP, work / APP.name)
    port = free_port()
    env = {**os.environ, **{f"XDG_{d}_HOME": str(work / d.lower()) for d in ("CONFIG", "CACHE", "STATE", "DATA")}}
    cmd = [sys.executable, "-m", "marimo", "run", APP.name, "--headless", "--no-token", "--no-sandbox",
           "--host=127.0.0.1", f"--port={port}"]  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    with server_process("marimo", cmd, work, lambda: get_json(f"{base}/health"), env):
        yield base


def test_play_by_clicking_the_canvas_in_marimo(marimo_app: str, browser: Any) -> None:
    view = BoardWidget(Game.new(players=2, seed=1)).view  # the app's game, made the same way here
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(f"{err}\n{err.stack}"))
    page.goto(marimo_app)
    board = page.locator(".tigris-widget[data-ready]").first  # CSS locators pierce marimo's shadow roots
    board.wait_for(timeout=30_000)
    python_actions = page.locator("#python-actions")
    expect(python_actions).to_have_text("[]", timeout=30_000)

    action = play_a_tile(page, board, view)
    expect(python_actions).to_have_text(json.dumps([action]), timeout=30_000)
    assert board.get_attribute("data-ready") != view["state_id"]
    assert action in board.locator(".tw-log").inner_text()  # the board's log narrates it
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "marimo.png"))
    page.close()
    assert not errors, errors
