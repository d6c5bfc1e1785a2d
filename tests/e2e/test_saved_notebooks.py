"""Notebooks as people meet them outside our own setup, in a real JupyterLab 4 and Notebook 7:

* a stored course notebook opened from a fresh clone is *untrusted*: it must show its pictures (PNG:
  JupyterLab shows no SVG of an untrusted notebook) and none of their text fallbacks;
* the quick start run, saved with the default settings (no widget state) and reopened shows a picture
  of each board, never "Error displaying widget: model not found" (``core.reopen``).

Screenshots go to test-artifacts/saved/."""

from __future__ import annotations

import json
import shutil
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_harness import ARTIFACTS, LAB_OPTIONS, JupyterServer, jupyter_server, ours, render_every_cell

pytestmark = [pytest.mark.jupyterlab, pytest.mark.notebook7, pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[2]
QUICK_START = ROOT / "notebooks" / "01_quick_start.ipynb"
STORED = [ROOT / "notebooks" / "02_course_1_basics.ipynb", ROOT / "notebooks" / "06_ur_course_2_the_five_actions.ipynb"]
OUT = ARTIFACTS / "saved"
MISSING = "model not found"
FALLBACKS = ("A live widget (run the cell", "a board picture", "Cannot display an untrusted SVG", MISSING)
"""Text a reader sees in place of a picture: the plain forms of stored pictures, JupyterLab's notes."""
APPS = {
    "lab": ("jupyterlab", LAB_OPTIONS, "/lab/tree/{}"),
    "notebook7": ("notebook", ("--JupyterNotebookApp.expose_app_in_browser=True",), "/notebooks/{}"),
}
PANEL = "window.jupyterapp.shell.currentWidget"
PICTURES = """() => [...document.querySelectorAll('.jp-Notebook .jp-OutputArea-output img')].filter(
  img => img.complete && img.naturalWidth > 0 && img.getBoundingClientRect().width > 100).length"""
"""How many pictures of the open notebook have loaded (and are shown at a readable size)."""


@pytest.fixture(scope="module", params=list(APPS))
def app(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, JupyterServer]]:
    name = request.param
    module, options, _ = APPS[name]
    work = tmp_path_factory.mktemp(name)
    for notebook in (QUICK_START, *STORED):
        shutil.copy(notebook, work / notebook.name)  # as a fresh clone has them: never trusted here
    render_every_cell(work)
    with jupyter_server(module, work, *options) as server:
        yield name, server


def _open(page: Any, name: str, server: JupyterServer, notebook: str) -> None:
    """Open ``notebook`` alone (JupyterLab: in a fresh workspace, not beside what an earlier test had open)."""
    url = server.url(APPS[name][2].format(notebook))
    page.goto(url.replace("/lab/tree/", f"/lab/workspaces/{uuid.uuid4().hex}/tree/") + "&reset")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.wait_for_function(f"() => window.jupyterapp && {PANEL} && {PANEL}.context && {PANEL}.context.isReady && "
                           f"{PANEL}.context.path === {notebook!r}", timeout=60_000)  # fmt: skip


def _text(page: Any) -> str:
    return str(page.locator(".jp-Notebook").first.inner_text())


@pytest.mark.parametrize("stored", [p.name for p in STORED])
def test_a_stored_course_shows_its_pictures_untrusted(
    app: tuple[str, JupyterServer], browser: Any, stored: str
) -> None:
    name, server = app
    OUT.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1000, "height": 1000}, device_scale_factor=2)
    _open(page, name, server, stored)
    assert page.evaluate(f"() => {PANEL}.model.cells.get(1).trusted") is False  # as opened from a clone
    page.wait_for_function(f"() => ({PICTURES})() >= 10", timeout=60_000)
    text = _text(page)
    assert not [f for f in FALLBACKS if f in text], [f for f in FALLBACKS if f in text]
    page.screenshot(path=str(OUT / f"stored-untrusted-{name}-{Path(stored).stem}.png"))
    page.close()


def _boards(path: Path) -> int:
    """How many outputs of a saved notebook show a live widget."""
    notebook = json.loads(path.read_text())
    return sum(
        "application/vnd.jupyter.widget-view+json" in o.get("data", {})
        for cell in notebook["cells"]
        for o in cell.get("outputs", [])
    )


def _stop_kernels(server: JupyterServer) -> None:
    for session in server.api("/api/sessions"):
        request = urllib.request.Request(server.url(f"/api/sessions/{session['id']}"), method="DELETE")
        urllib.request.urlopen(request, timeout=30).close()


def test_the_quick_start_run_saved_and_reopened_shows_its_boards(app: tuple[str, JupyterServer], browser: Any) -> None:
    name, server = app
    OUT.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1100, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)) if ours(err) else None)
    _open(page, name, server, QUICK_START.name)
    page.wait_for_function(f"() => {PANEL}.sessionContext.session && {PANEL}.sessionContext.session.kernel",
                           timeout=120_000)  # fmt: skip
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function("() => document.querySelectorAll('.tigris-widget[data-ready]').length >= 5", timeout=120_000)
    page.wait_for_function(f"() => !{PANEL}.sessionContext.session.kernel || "
                           f"{PANEL}.sessionContext.session.kernel.status === 'idle'", timeout=120_000)  # fmt: skip
    page.wait_for_timeout(1000)
    page.evaluate(f"() => {PANEL}.context.save()")  # File → Save, with the default settings
    page.close()
    _stop_kernels(server)

    saved = server.runtime.parent / QUICK_START.name
    boards = _boards(saved)
    assert boards >= 5, boards  # saved with its live widget outputs, and no widget state
    assert "widgets" not in json.loads(saved.read_text())["metadata"]

    page = browser.new_page(viewport={"width": 1100, "height": 1000}, device_scale_factor=2)
    page.on("pageerror", lambda err: errors.append(str(err)) if ours(err) else None)
    _open(page, name, server, QUICK_START.name)
    page.wait_for_function(f"() => document.querySelectorAll('.tw-saved-note').length >= {boards}", timeout=60_000)
    page.wait_for_timeout(3000)  # time for a late "model not found" to appear
    text = _text(page)
    assert MISSING not in text
    assert page.evaluate(PICTURES) >= boards + 1  # every board's picture, and the game's own
    page.screenshot(path=str(OUT / f"reopened-{name}.png"), full_page=True)
    page.close()
    assert not errors, errors
