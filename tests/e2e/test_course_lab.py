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
from browser_harness import ARTIFACTS, JupyterServer, jupyterlab, open_notebook

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
    with jupyterlab(work) as server:
        yield server


def _open(page: Any, lab: JupyterServer, run: bool = False) -> None:
    open_notebook(page, lab, NOTEBOOK.name, run=run)
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
    _open(page, lab, run=True)
    page.wait_for_function(
        "() => document.querySelectorAll('.tigris-widget[data-ready]').length >= 10", timeout=120_000
    )
    board = page.locator(".tigris-widget[data-ready]").nth(2)
    board.scroll_into_view_if_needed()
    page.screenshot(path=str(OUT / "live-1400.png"))
    assert not errors
