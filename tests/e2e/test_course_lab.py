"""The course notebooks in a real JupyterLab: the stored outputs (before/after pictures, narration,
folded exercise answers, the pictures standing in for live boards) show without a kernel — never
"Error displaying widget: model not found" — every picture inside its cell even at an 800-pixel window
with the file browser open, and after running the live boards appear. Screenshots at several widths,
light and dark, go to test-artifacts/course/."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_harness import ARTIFACTS, JupyterServer, jupyterlab, lab_theme, open_notebook, write_notebook

pytestmark = [pytest.mark.jupyterlab, pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "02_course_2_conflicts.ipynb"
STORED = [NOTEBOOK, *sorted((ROOT / "notebooks").glob("06_ur_course_*.ipynb")), ROOT / "notebooks" / "03_puzzles.ipynb"]
"""Notebooks opened as stored: both courses (one-board refusals, live boards) and the puzzle widgets."""
OUT = ARTIFACTS / "course"
WIDGET_ERROR = ("model not found", "Error displaying widget")


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    work = tmp_path_factory.mktemp("lab")
    for nb in STORED:
        shutil.copy(nb, work / nb.name)  # untrusted, as from a fresh clone: the pictures are PNGs
    with jupyterlab(work, every_cell=True) as server:
        yield server


def _open(page: Any, lab: JupyterServer, run: bool = False) -> None:
    open_notebook(page, lab, NOTEBOOK.name, run=run)
    page.wait_for_selector(".jp-RenderedImage, .jp-RenderedSVG", timeout=60_000)  # stored, or run


def test_the_stored_course_shows_its_pictures_and_answers(lab: JupyterServer, browser: Any) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for dark in (False, True):
        for width in (900, 1500):
            page = browser.new_page(viewport={"width": width, "height": 1000})
            _open(page, lab)
            if dark:
                lab_theme(page, dark=True)
            pictures = page.locator(".jp-RenderedImage")
            assert pictures.count() >= 10
            box = pictures.nth(1).bounding_box()
            assert box is not None and box["width"] <= width  # scaled to the page, not overflowing
            details = page.locator(".jp-RenderedHTMLCommon details")
            assert details.count() >= 4  # hint and solution of each exercise, folded
            assert not details.first.evaluate("d => d.open")
            tag = f"{'dark' if dark else 'light'}-{width}"
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


PICTURES = """() => [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output')]
  .flatMap(out => [...out.querySelectorAll('.jp-RenderedSVG img, .jp-RenderedImage img')].map(img => {
    const cell = out.getBoundingClientRect(), box = img.getBoundingClientRect();
    return {right: box.right, cellRight: cell.right, width: box.width, loaded: img.complete && img.naturalWidth > 0};
  }))"""
"""Every stored picture of the notebook in front, with its right edge and its output cell's."""


@pytest.mark.parametrize("name", [nb.name for nb in STORED])
def test_a_stored_notebook_shows_pictures_never_a_widget_error(lab: JupyterServer, browser: Any, name: str) -> None:
    """Before running: every live board, puzzle board and browser shows its stored picture; JupyterLab
    never prints "Error displaying widget: model not found". At an 800-pixel window with the file
    browser open every picture — the one-board refusals too — ends inside its cell."""
    OUT.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 800, "height": 1000})
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(lab.url(f"/lab/tree/{name}") + "&reset")  # a fresh workspace: no tab of an earlier test in front
    page.wait_for_selector(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-RenderedImage img", timeout=60_000)
    page.evaluate("() => window.jupyterapp.shell.activateById('filebrowser')")
    page.wait_for_timeout(1500)  # the notebook re-lays out beside the file browser
    text = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").inner_text()
    assert not [e for e in WIDGET_ERROR if e in text]
    assert page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jupyter-widgets").count() == 0
    page.wait_for_function(f"() => ({PICTURES})().every(p => p.loaded)", timeout=30_000)
    pictures = page.evaluate(PICTURES)
    assert len(pictures) >= 10, len(pictures)
    assert page.evaluate("() => document.querySelector('#filebrowser').getBoundingClientRect().width") > 150
    cut = [p for p in pictures if p["right"] > p["cellRight"] + 1 or p["width"] < 120]
    assert not cut, cut[:3]
    page.screenshot(path=str(OUT / f"stored-{Path(name).stem}-800-sidebar.png"))
    assert not errors
    page.close()


CORNER = """() => {
  const img = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-RenderedImage img');
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  return [...ctx.getImageData(3, 3, 1, 1).data].slice(0, 3);
}"""
"""The colour of the first picture's top-left pixel: its paper."""


def test_a_course_picture_drawn_in_the_dark_theme_is_dark(lab: JupyterServer, browser: Any) -> None:
    """JupyterLab keeps the chosen theme in its settings; the kernel reads it, so a course cell run in
    the dark theme stores its picture on dark paper (and in the light theme on white)."""
    source = ('from tigris_widget.jupyter.course import show_step\nfrom tigris_widget.jupyter.lessons import lesson\n'
              'show_step(lesson("war"), "tile g (6,4)", caption="A market unites two kingdoms", live=False)')  # fmt: skip
    write_notebook(lab.runtime.parent / "dark_picture.ipynb", [source])
    OUT.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1100, "height": 800})
    try:
        open_notebook(page, lab, "dark_picture.ipynb", run=False, workspace="dark-picture")
        lab_theme(page, dark=True)
        open_notebook(page, lab, "dark_picture.ipynb", run=True, workspace="dark-picture")
        page.wait_for_selector(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-RenderedImage img", timeout=120_000)
        page.wait_for_function("() => document.querySelector('.jp-RenderedImage img').complete", timeout=30_000)
        assert max(page.evaluate(CORNER)) < 80
        page.screenshot(path=str(OUT / "dark-picture-1100.png"))
    finally:
        lab_theme(page, dark=False)  # the server's other tests open their notebooks in the light theme
        page.close()
