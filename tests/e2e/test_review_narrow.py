"""Issue #22 item 14 in a real JupyterLab (Debian's Chromium): a GameStepper with a review at an 800 px
window with the file browser open (a cell of about 370 px) — its three charts (scores, T&E's colour
scores, the evaluation) are stacked, each fits the cell, none overlaps another or the board; the better
move is a ghost tile; the log's current entry has room below it. Screenshots: test-artifacts/finish/review-narrow-*.png."""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from browser_harness import ARTIFACTS, JupyterServer, jupyterlab, lab_theme, open_notebook, screen_cases, write_notebook

pytestmark = [pytest.mark.jupyterlab, pytest.mark.browser]

CELL = """from tigris_widget.bots.review import review
from tigris_widget.cli import play_any
from tigris_widget.jupyter import GameStepper

played = play_any("tigris", 2, 11, {}, ["greedy", "random"])
report = review(played, iterations=15, last=40)
from tigris_widget.core.registry import game_module

for move, kind in zip(report["moves"][-30::9], ("inaccuracy", "mistake", "blunder", "mistake")):
    move["class"] = kind  # flagged here whatever the tiny search said: the key and the marks need room
    before = played.clone()
    while len(before) > move["ply"]:
        before.undo()
    tile = next((str(a) for a in before.legal_actions() if str(a).startswith("tile")), "somewhere else")
    where = [game_module("tigris").to_square(tile.split(" ", 2)[2])] if tile.startswith("tile") else []
    move["best"], move["best_actions"], move["best_marks"] = tile, [tile], {"squares": where, "arrows": []}
stepper = GameStepper(played, review=report)
ghosted = [m for m in report["moves"][-30::9] if m["best_marks"]["squares"]] or report["moves"][-3:]
stepper.goto(ghosted[-1]["ply"] + 1)  # right after a flagged move: the better one is drawn (a ghost tile)
stepper"""
NAME = "review.ipynb"


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    work = tmp_path_factory.mktemp("review-narrow")
    write_notebook(work / NAME, [CELL])
    with jupyterlab(work) as server:
        yield server
    shutil.rmtree(work / "config", ignore_errors=True)


LOG_GAPS = """() => {
  const log = document.querySelector('.jp-OutputArea-output .tigris-widget .tw-log');
  const items = log.querySelectorAll('.tw-current');
  const cur = items[items.length - 1];
  const b = log.getBoundingClientRect(), r = cur.getBoundingClientRect();
  const top = b.top + log.clientTop, bottom = top + log.clientHeight;
  return {above: r.top - top, below: bottom - r.bottom};
}"""

LAYOUT = """() => {
  const out = document.querySelector('.jp-OutputArea-output .tigris-widget').closest('.jp-OutputArea-output');
  const cell = out.getBoundingClientRect();
  const canvases = [...out.querySelectorAll('canvas')].filter((c) => c.matches('canvas.tw-board') || !c.closest('.tigris-widget'));
  const boxes = canvases.map((c) => c.getBoundingClientRect()).filter((r) => r.width > 0).map((r) => ({left: r.left, right: r.right, top: r.top, bottom: r.bottom}));
  return {cell: {left: cell.left, right: cell.right}, boxes};
}"""


@pytest.mark.parametrize(
    ("dark", "window", "dpr"),
    screen_cases([False, True], [800, 1600], [1, 2], always=[(False, 800, 1), (True, 1600, 2)]),
)
def test_review_charts_stack_in_a_narrow_cell(lab: JupyterServer, browser: Any, dark: bool, window: int,
                                              dpr: int) -> None:  # fmt: skip
    context = browser.new_context(viewport={"width": window, "height": 2200}, device_scale_factor=dpr)
    page = context.new_page()
    try:
        open_notebook(page, lab, NAME)
        lab_theme(page, dark)
        page.evaluate("() => window.jupyterapp.shell.activateById('filebrowser')")
        page.wait_for_function("() => document.querySelectorAll('.tigris-widget[data-ready]').length === 1",
                               timeout=180_000)  # fmt: skip
        with contextlib.suppress(Exception):  # JupyterLab's news toast would cover the charts
            page.get_by_role("button", name="No", exact=True).first.click(timeout=5_000)
        page.wait_for_timeout(1500)  # the charts re-size once the sidebar took its width
        data = page.evaluate(LAYOUT)
        cell, boxes = data["cell"], data["boxes"]
        if window == 800:
            assert cell["right"] - cell["left"] < 480, data  # a narrow cell indeed
        assert len(boxes) == 4, data  # the board and three charts: scores, colour scores, evaluation
        for b in boxes:
            assert b["left"] >= cell["left"] - 0.5 and b["right"] <= cell["right"] + 0.5, (b, cell)
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                apart = a["bottom"] <= b["top"] + 0.5 or b["bottom"] <= a["top"] + 0.5
                assert apart, f"{a} overlaps {b}"
        # the board's log: its current entry lies inside it with room below (it sat on the bottom edge)
        gaps = page.evaluate(LOG_GAPS)
        assert gaps["below"] >= 4 and gaps["above"] >= 0, gaps
        out = ARTIFACTS / "finish"
        out.mkdir(parents=True, exist_ok=True)
        page.locator(".jp-OutputArea-output").first.screenshot(
            path=str(out / f"review-narrow-{'dark' if dark else 'light'}-{window}x{dpr}.png")
        )
    finally:
        context.close()
