"""The board in a real JupyterLab 4: it takes only its own keys (Shift+Enter, Ctrl+Enter and Ctrl+S
reach the notebook with the board focused, plain keys do not), and after a kernel restart it says
so and its controls are disabled — a board that embedded its history still steps through it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest
from browser_harness import ARTIFACTS, NOTEBOOK_PANEL, JupyterServer, jupyterlab, open_notebook

pytestmark = [pytest.mark.jupyterlab, pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "01_quick_start.ipynb"
NB = NOTEBOOK_PANEL
EMBED = "from tigris_widget import BoardWidget\n\nBoardWidget.embed_history_default = True  # boards keep their moves"


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    work = tmp_path_factory.mktemp("lab-robust")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nb.cells.insert(2, nbformat.v4.new_code_cell(EMBED))
    nbformat.write(nb, work / NOTEBOOK.name)
    with jupyterlab(work) as server:
        yield server


def open_and_run(lab: JupyterServer, page: Any) -> Any:
    open_notebook(page, lab, NOTEBOOK.name)
    board = page.locator(".tigris-widget[data-ready]").first
    board.wait_for(timeout=60_000)
    page.wait_for_selector(".jp-RenderedSVG", timeout=60_000)
    return board


def test_board_keys_and_kernel_restart(lab: JupyterServer, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    board = open_and_run(lab, page)
    cells = page.locator(".jp-Notebook .jp-Cell")
    n_cells = cells.count()
    canvas = board.locator("canvas.tw-board")

    # plain keys stay with the board
    canvas.focus()
    for key in ("a", "b", "d", "d"):
        page.keyboard.press(key)
    assert cells.count() == n_cells

    # Ctrl+S saves the notebook (it is dirty after running it)
    page.wait_for_function(f"() => {NB}.context.model.dirty === true", timeout=10_000)
    canvas.focus()
    page.keyboard.press("Control+s")
    page.wait_for_function(f"() => {NB}.context.model.dirty === false", timeout=15_000)

    # Ctrl+Enter runs the board's cell (its execution count grows) and Shift+Enter runs and advances
    index = page.evaluate(f"() => {NB}.content.activeCellIndex")
    count = page.evaluate(f"() => {NB}.content.activeCell.model.executionCount")
    canvas.focus()
    page.keyboard.press("Control+Enter")
    page.wait_for_function(f"() => {NB}.content.activeCell.model.executionCount > {count}", timeout=30_000)
    board = page.locator(".tigris-widget[data-ready]").first
    board.wait_for(timeout=60_000)
    board.locator("canvas.tw-board").focus()
    page.keyboard.press("Shift+Enter")
    page.wait_for_function(f"() => {NB}.content.activeCellIndex === {index + 1}", timeout=30_000)

    # a kernel restart: the board says it is disconnected and takes no more moves
    board = page.locator(".tigris-widget[data-ready]").first
    board.wait_for(timeout=60_000)
    assert board.get_attribute("data-connection") in (None, "live")
    # what Kernel > Restart Kernel does after its confirmation dialog
    page.evaluate(f"() => {NB}.sessionContext.session.kernel.restart()")
    page.wait_for_selector(".tigris-widget[data-connection=disconnected]", timeout=30_000)
    board = page.locator(".tigris-widget[data-connection=disconnected]").first
    assert "Disconnected from the Python kernel" in board.locator(".tw-offline-box").inner_text()
    assert board.locator("canvas.tw-board").get_attribute("aria-disabled") == "true"
    assert board.locator(".tw-side button:not([disabled])").count() == 0
    page.wait_for_timeout(2500)  # a pong would have come by now: it stays disconnected
    assert board.get_attribute("data-connection") == "disconnected"
    ARTIFACTS.mkdir(exist_ok=True)
    board.screenshot(path=str(ARTIFACTS / "jupyterlab-disconnected.png"))

    # the last board (two actions played from Python) embedded its history: it still steps through it
    last = page.locator(".tigris-widget[data-connection=disconnected]").last
    last.scroll_into_view_if_needed()
    notice = last.locator(".tw-offline-box").element_handle()
    page.wait_for_function("(el) => el.textContent.includes('Step through its 2 moves')", arg=notice, timeout=10_000)
    last.locator(".tw-history").focus()
    page.keyboard.press("Home")
    last.locator('xpath=self::*[@data-ready="replay.0"]').wait_for(timeout=10_000)
    page.keyboard.press("ArrowRight")
    last.locator('xpath=self::*[@data-ready="replay.1"]').wait_for(timeout=10_000)
    assert "Move 1 of 2" in last.locator(".tw-banner").inner_text()
    assert last.locator(".tw-side button:not([disabled])").count() == 0
    last.screenshot(path=str(ARTIFACTS / "jupyterlab-disconnected-history.png"))
    (ARTIFACTS / "jupyterlab-robust.json").write_text(json.dumps({"ok": True}))
    page.close()
    assert not errors, errors
