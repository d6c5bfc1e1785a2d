"""The boards in real JupyterLab (Debian's Chromium) as a demanding user sees them (issue #22): at an
800 px window with the file browser open every board and its panel fit the cell (no clipping, no
horizontal scrollbar), for both games, mid-game and finished (standings shown); and screenshots at
800 px (sidebar open) and 1,600 px, light and dark, device pixel ratios 1 and 2, in
test-artifacts/finish/lab-*.png."""

from __future__ import annotations

import contextlib
import re
import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from browser_harness import ARTIFACTS, JupyterServer, jupyterlab, lab_theme, open_notebook, screen_cases, write_notebook

pytestmark = pytest.mark.browser

CELLS = [
    "import random\nfrom tigris_widget import BoardWidget, Game\nfrom tigris_widget.games.ur import UrGame\n\n"
    "def played(game, plies, seed):\n"
    "    rng = random.Random(seed)\n"
    "    while not game.is_over and len(game) < plies:\n"
    "        game.apply(rng.choice(game.legal_actions()))\n"
    "    return game",
    "BoardWidget(played(Game.new(players=4, seed=5), 80, 5))",
    "BoardWidget(played(UrGame.new(players=4, seed=5), 30, 5))",
    "BoardWidget(played(Game.new(players=2, seed=3), 10_000, 3))",
    "BoardWidget(played(UrGame.new(players=4, seed=8), 10_000, 8))",
    "played(Game.new(players=3, seed=1), 20, 1)  # a game on its own: its SVG picture",
    "played(UrGame.new(players=4, seed=2), 20, 2)",
]
BOARDS = 4
PICTURES = 2
NAME = "boards.ipynb"


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    work = tmp_path_factory.mktemp("lab-fit")
    write_notebook(work / NAME, CELLS)
    with jupyterlab(work) as server:
        yield server
    shutil.rmtree(work / "config", ignore_errors=True)


def show_boards(browser: Any, lab: JupyterServer, width: int, dpr: int, dark: bool) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": width, "height": 900}, device_scale_factor=dpr)
    page = context.new_page()
    open_notebook(page, lab, NAME)
    lab_theme(page, dark)
    # the file browser open beside the notebook, as a user has it
    page.evaluate("() => window.jupyterapp.shell.activateById('filebrowser')")
    page.wait_for_function(f"() => document.querySelectorAll('.tigris-widget[data-ready]').length === {BOARDS}",
                           timeout=120_000)  # fmt: skip
    page.wait_for_timeout(400)  # the boards re-lay out once the sidebar took its width
    # JupyterLab asks about its news in a toast that would cover a board in the screenshots
    news = page.get_by_role("button", name="No", exact=True)
    with contextlib.suppress(Exception):  # no toast this time
        news.first.click(timeout=5_000)
    return context, page


def fit_report(page: Any) -> list[dict[str, Any]]:
    """Each board's fit in its output cell, as the user sees it once scrolled to it (JupyterLab lays out
    only the cells in view)."""
    for i in range(BOARDS):
        page.locator(".tigris-widget").nth(i).scroll_into_view_if_needed()
        page.wait_for_timeout(250)
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll('.tigris-widget')].map((root) => {
            const out = root.closest('.jp-OutputArea-output') || root.parentElement;
            const box = out.getBoundingClientRect();
            const over = [...root.querySelectorAll('*')].filter((e) => {
                const r = e.getBoundingClientRect();
                return r.width > 0 && r.height > 0 && (r.right > box.right + 0.5 || r.left < box.left - 0.5);
            }).map((e) => (e.className && e.className.baseVal === undefined ? e.className : e.tagName));
            const scrollers = [out, ...(function* () { let e = out.parentElement; while (e) { yield e; e = e.parentElement; } })()]
                .filter((e) => e.scrollWidth > e.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))
                .map((e) => e.className);
            const canvas = root.querySelector('canvas.tw-board').getBoundingClientRect();
            return { game: root.dataset.game, cell: box.width, canvas: canvas.width, over, scrollers,
                     final: !!root.querySelector('.tw-final-card:not([hidden])') };
        })"""
        )
    )


def test_every_board_fits_an_800px_window_with_the_sidebar_open(lab: JupyterServer, browser: Any) -> None:
    context, page = show_boards(browser, lab, 800, 1, dark=False)
    try:
        report = fit_report(page)
        assert len(report) == BOARDS
        assert max(r["cell"] for r in report) < 560, report  # the sidebar takes its share: a narrow cell
        for r in report:
            assert r["over"] == [] and r["scrollers"] == [], r
            assert r["canvas"] <= r["cell"] + 0.5, r
        assert sorted(r["game"] for r in report) == ["tigris", "tigris", "ur", "ur"]
        assert [r["final"] for r in report] == [False, False, True, True]
    finally:
        context.close()


def test_a_game_shown_as_a_picture_fits_a_narrow_cell(lab: JupyterServer, browser: Any) -> None:
    """``game`` on its own shows its SVG picture, which JupyterLab draws as an image at its own size:
    it must take the cell's width, not scroll sideways past it."""
    context, page = show_boards(browser, lab, 800, 1, dark=False)
    try:
        page.wait_for_function(f"() => document.querySelectorAll('.jp-RenderedSVG img').length === {PICTURES}",
                               timeout=60_000)  # fmt: skip
        report = page.evaluate(
            """() => [...document.querySelectorAll('.jp-RenderedSVG')].map((out) => {
            out.scrollIntoView();
            const img = out.querySelector('img').getBoundingClientRect();
            return { cell: out.getBoundingClientRect().width, img: img.width, height: img.height,
                     scrolls: out.scrollWidth > out.clientWidth + 1 };
        })"""
        )
        assert len(report) == PICTURES
        for r in report:
            assert r["cell"] < 560 and not r["scrolls"], r
            assert 0.5 * r["cell"] <= r["img"] <= r["cell"] + 0.5 and r["height"] > 100, r
    finally:
        context.close()


@pytest.mark.parametrize(
    ("width", "dpr", "dark"),
    screen_cases([800, 1600], [1, 2], [False, True], always=[(800, 2, True), (1600, 1, False)]),
)
def test_screenshots_light_and_dark(lab: JupyterServer, browser: Any, width: int, dpr: int, dark: bool) -> None:
    context, page = show_boards(browser, lab, width, dpr, dark)
    try:
        out = ARTIFACTS / "finish"
        out.mkdir(parents=True, exist_ok=True)
        tag = f"lab-{width}-dpr{dpr}-{'dark' if dark else 'light'}"
        for i, r in enumerate(fit_report(page)):
            assert r["over"] == [] and r["scrollers"] == [], (tag, r)
            board = page.locator(".tigris-widget").nth(i)
            board.scroll_into_view_if_needed()
            board.screenshot(path=str(out / f"{tag}-board{i + 1}.png"))
        page.screenshot(path=str(out / f"{tag}-page.png"))
        if dark:  # light text on the log and panel, a dark card under the standings
            colours = page.evaluate(
                """() => [getComputedStyle(document.querySelector('.tigris-widget .tw-log')).color,
                          getComputedStyle(document.querySelector('.tigris-widget .tw-side')).color,
                          getComputedStyle(document.querySelector('.tw-final-card:not([hidden])')).backgroundColor]"""
            )
            log, side, card = (sum(float(v) for v in re.findall(r"[\d.]+", c)[:3]) / 3 for c in colours)
            assert log > 150 and side > 150 and card < 80, colours
    finally:
        context.close()
