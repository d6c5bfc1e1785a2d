"""The course notebooks in a real JupyterLab: the stored outputs (before/after pictures, narration,
folded exercise answers) show without a kernel, and after running the live boards appear. Screenshots
at two widths, light and dark, go to test-artifacts/course/."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_harness import ARTIFACTS, JupyterServer, jupyter_server

pytestmark = [pytest.mark.jupyterlab, pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "02_course_2_conflicts.ipynb"
OUT = ARTIFACTS / "course"


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    work = tmp_path_factory.mktemp("lab")
    shutil.copy(NOTEBOOK, work / NOTEBOOK.name)
    # JupyterLab shows SVG outputs only of trusted notebooks (GitHub and nbviewer always show them)
    subprocess.run([sys.executable, "-m", "jupyter", "trust", str(work / NOTEBOOK.name)], check=True)
    settings = work / "config" / "lab" / "user-settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    (settings / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')  # render every cell
    options = ("--LabApp.expose_app_in_browser=True", "--LabApp.news_url=",
               "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate")  # fmt: skip
    with jupyter_server("jupyterlab", work, *options) as server:
        yield server


def _open(page: Any, lab: JupyterServer) -> None:
    page.goto(lab.url(f"/lab/tree/{NOTEBOOK.name}"))
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.wait_for_selector(".jp-RenderedSVG", timeout=60_000)


def test_the_stored_course_shows_its_pictures_and_answers(lab: JupyterServer, browser: Any) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for theme in ("JupyterLab Light", "JupyterLab Dark"):
        for width in (900, 1500):
            page = browser.new_page(viewport={"width": width, "height": 1000})
            _open(page, lab)
            if theme != "JupyterLab Light":
                page.evaluate(
                    f"() => window.jupyterapp.commands.execute('apputils:change-theme', {{theme: '{theme}'}})"
                )
                page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'", timeout=30_000)
            pictures = page.locator(".jp-RenderedSVG")
            assert pictures.count() >= 10
            box = pictures.nth(1).bounding_box()
            assert box is not None and box["width"] <= width  # scaled to the page, not overflowing
            details = page.locator(".jp-RenderedHTMLCommon details")
            assert details.count() >= 4  # hint and solution of each exercise, folded
            assert not details.first.evaluate("d => d.open")
            tag = f"{'dark' if 'Dark' in theme else 'light'}-{width}"
            pictures.nth(0).scroll_into_view_if_needed()
            page.screenshot(path=str(OUT / f"stored-{tag}.png"))
            ex = page.locator(".jp-RenderedHTMLCommon details summary").nth(1)
            ex.scroll_into_view_if_needed()
            ex.click()
            page.screenshot(path=str(OUT / f"exercise-{tag}.png"))
            page.close()


def test_running_the_course_brings_live_boards(lab: JupyterServer, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    _open(page, lab)
    page.wait_for_function("() => window.jupyterapp.shell.currentWidget.sessionContext.session && "
                           "window.jupyterapp.shell.currentWidget.sessionContext.session.kernel", timeout=60_000)  # fmt: skip
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(
        "() => document.querySelectorAll('.tigris-widget[data-ready]').length >= 10", timeout=120_000
    )
    board = page.locator(".tigris-widget[data-ready]").nth(2)
    board.scroll_into_view_if_needed()
    page.screenshot(path=str(OUT / "live-1400.png"))
    assert not errors
