"""End to end in a real Jupyter Notebook 7 server: open the quick-start notebook in the Notebook 7
interface, run all cells from its Run menu, play an action by clicking the canvas, and check in the
kernel that the Python game changed."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_harness import ARTIFACTS, JupyterServer, evaluate, jupyter_server, ours, play_a_tile

pytestmark = [pytest.mark.notebook7, pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "01_quick_start.ipynb"


@pytest.fixture(scope="module")
def notebook7(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    work = tmp_path_factory.mktemp("notebook7")
    shutil.copy(NOTEBOOK, work / NOTEBOOK.name)
    with jupyter_server("notebook", work, "--JupyterNotebookApp.expose_app_in_browser=True") as server:
        yield server


def test_play_by_clicking_the_canvas_in_notebook7(notebook7: JupyterServer, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(f"{err}\n{err.stack}") if ours(err) else None)
    page.goto(notebook7.url(f"/notebooks/{NOTEBOOK.name}"))
    page.wait_for_selector("#main-panel .jp-Notebook .jp-Cell", timeout=60_000)  # Notebook 7's one-document shell
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.name === 'Jupyter Notebook' && "
                           "window.jupyterapp.shell.currentWidget && "
                           "window.jupyterapp.shell.currentWidget.sessionContext && "
                           "window.jupyterapp.shell.currentWidget.sessionContext.session && "
                           "window.jupyterapp.shell.currentWidget.sessionContext.session.kernel", timeout=60_000)  # fmt: skip
    page.locator(".lm-MenuBar-item", has_text="Run").first.click()
    page.locator(".lm-Menu-item", has_text="Run All Cells").first.click()
    board = page.locator(".tigris-widget[data-ready]").first
    board.wait_for(timeout=60_000)
    page.wait_for_selector(".jp-RenderedSVG", timeout=60_000)  # the quick start's SVG cell has run

    kc = notebook7.kernel()
    try:
        assert evaluate(kc, "len(game)") == 0
        action = play_a_tile(page, board, evaluate(kc, "w.view"))
        assert evaluate(kc, "[str(a) for a in game.actions]") == [action]
        assert evaluate(kc, "[r['action'] for r in played]") == [action]  # w.on_action was told
        assert board.get_attribute("data-ready") == evaluate(kc, "w.view['state_id']")
    finally:
        kc.stop_channels()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "notebook7.png"))
    page.close()
    assert not errors, errors
