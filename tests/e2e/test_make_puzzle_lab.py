"""A puzzle of your own from end to end, in a real JupyterLab 4 with Debian's Chromium, for T&E and Ur:
the position set up by clicks in the ``PositionEditor`` (T&E: palette, board and field boxes; Ur: the
position of a bots' game as start), the goal typed and **Make a puzzle** pressed — the solver's report
and a puzzle board appear — saved to a library file, that file opened in a ``PuzzleBrowser`` of each
game, and each puzzle solved there by clicks on the board. No page error."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from browser_harness import (
    ARTIFACTS,
    JupyterServer,
    click_cell,
    evaluate,
    jupyterlab,
    open_notebook,
    wait_in_kernel,
    write_notebook,
)

from tigris_widget.puzzles.library import library

pytestmark = [pytest.mark.jupyterlab, pytest.mark.browser]

NOTEBOOK = "make.ipynb"
UR_KEY = "u-34f2db1a"
"""A shipped Ur puzzle whose start position is the Ur editor's start (a position of a bots' game)."""
SAVE_CELL, BROWSE_CELL = 3, 4
"""The cells that save the made puzzles and browse the file: they do nothing until both are made, and
are run again after."""


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    work = tmp_path_factory.mktemp("makelab")
    start = library("ur")[UR_KEY].position
    cells = [
        "from tigris_widget import PositionEditor, PuzzleBrowser\nfrom tigris_widget.puzzles.saved import save_puzzles",
        "te = PositionEditor('tigris', players=2, seed=3)\nte",
        f"ur = PositionEditor('ur', start={start!r})\nur",
        "made = bool(te.puzzle and ur.puzzle)\nif made:\n    save_puzzles('mine.json', [te.puzzle, ur.puzzle])",
        "if made:\n    te_browser = PuzzleBrowser(game='tigris', library='mine.json')\n    ur_browser = PuzzleBrowser(game='ur', "
        "library='mine.json')\n    display(te_browser, ur_browser)",
    ]
    write_notebook(work / NOTEBOOK, cells)
    with jupyterlab(work, every_cell=True) as server:
        yield server


def _until(kc: Any, page: Any, expression: str) -> None:
    """Wait for ``expression`` in the kernel as long as the solver may take."""
    wait_in_kernel(page, kc, expression, seconds=60)


def _field(root: Any, name: str, value: str) -> None:
    box = root.locator(f'.widget-text:has(label:text-is("{name}")) input')
    box.fill(value)
    box.press("Enter")


def _make(page: Any, kc: Any, root: Any, name: str, goal: str) -> None:
    """Type the goal, press Make a puzzle, and wait for the solver's report and the puzzle board."""
    box = root.locator('.widget-text:has(label:text-is("as written")) input')
    box.fill(goal)
    box.press("Enter")
    root.get_by_role("button", name="Make a puzzle").click()
    _until(kc, page, f"{name}.puzzle is not None or {name}.puzzle_note.value.startswith('<span')")
    assert evaluate(kc, f"{name}.puzzle is not None"), evaluate(kc, f"{name}.puzzle_note.value")
    root.get_by_text("checked by the solver").wait_for(timeout=30_000)
    root.locator(".tw-puzzle-panel").wait_for(timeout=30_000)


def _run_cell(page: Any, index: int) -> None:
    page.evaluate(f"""() => {{ const nb = window.jupyterapp.shell.currentWidget.content;
        nb.activeCellIndex = {index}; return window.jupyterapp.commands.execute('notebook:run-cell'); }}""")


def test_make_save_browse_and_solve_a_puzzle_of_your_own(lab: JupyterServer, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1100})
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    open_notebook(page, lab, NOTEBOOK, workspace="make-puzzle")
    page.wait_for_function("() => document.querySelectorAll('.tw-position-editor .tigris-widget[data-ready]')"
                           ".length >= 2", timeout=120_000)  # fmt: skip
    kc = lab.kernel()
    try:
        te_root, ur_root = (page.locator(".tw-position-editor").nth(i) for i in (0, 1))
        te_board = te_root.locator(".tigris-widget").first
        # T&E: Bull's priest between two temples, by the palette and the board
        te_root.locator('button[title="bull priest"]').first.click()
        click_cell(page, te_board, 5, 3)
        _until(kc, page, "te.editor.cells()[3 * 16 + 5] == 'Br'")
        te_root.locator('button[title="temple (r)"]').first.click()
        click_cell(page, te_board, 6, 3)
        _until(kc, page, "te.editor.cells()[3 * 16 + 6] == 'r'")
        # … the hands and the action left, by the field boxes under the board
        _field(te_root, "hand:archer", "rrbbgg")
        _field(te_root, "hand:bull", "krbbgg")
        _field(te_root, "actions_left", "1")
        _until(kc, page, "te.editor.fields()['actions_left'] in ('1', 1) and te.editor.problems() == []")
        _make(page, kc, te_root, "te", "send_home victim=1 colour=red")
        assert evaluate(kc, "te.puzzle.solution") == ["leader r (6,2)", "commit 2"]
        # Ur: the goal for the position it starts at
        _make(page, kc, ur_root, "ur", "points points=39")
        # saved, and the file browsed
        _run_cell(page, SAVE_CELL)
        _until(kc, page, "__import__('os').path.exists('mine.json')")
        _run_cell(page, BROWSE_CELL)
        _until(kc, page, "'ur_browser' in globals()")
        page.wait_for_function("() => document.querySelectorAll('.tw-puzzle-panel').length >= 4", timeout=60_000)
        assert evaluate(kc, "te_browser.current.puzzle.key == te.puzzle.key")
        assert evaluate(kc, "ur_browser.current.puzzle.key == ur.puzzle.key")
        cell = page.locator(".jp-Cell").nth(BROWSE_CELL)
        boards, panels = cell.locator(".tigris-widget"), cell.locator(".tw-puzzle-panel")
        # T&E solved by clicks: Archer's priest from the panel onto (6,2), then support with both red tiles
        te_live = boards.nth(0)
        archer = te_live.locator('section[aria-label="Archer"]')
        archer.get_by_role("button", name=re.compile(r"^Priest \(red leader\)")).first.click()
        click_cell(page, te_live, 6, 2)
        _until(kc, page, "len(te_browser.current.game) == 1")
        te_live.get_by_role("button", name="Commit 2").click()
        _until(kc, page, "te_browser.current.outcome == 'solved'")
        panels.nth(0).get_by_text(re.compile(r"^Solved\.")).wait_for(timeout=30_000)
        # Ur solved by clicks: the extra cube on (3,4), then the spare taken
        ur_live = boards.nth(1)
        click_cell(page, ur_live, 3, 4)
        page.wait_for_timeout(300)
        extra = ur_live.locator(".tw-side").get_by_role("button", name="Extra cube on (3,4)", exact=True)
        if extra.count():
            extra.first.click()
        _until(kc, page, "[str(a) for a in ur_browser.current.game.actions][-1:] == ['cube (3,4)']")
        ur_live.locator(".tw-side").get_by_role("button", name=re.compile(r"^Take the spare")).first.click()
        _until(kc, page, "ur_browser.current.outcome == 'solved'")
        panels.nth(1).get_by_text(re.compile(r"^Solved\.")).wait_for(timeout=30_000)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "make-puzzle-lab-1400.png"), full_page=True)
    finally:
        kc.stop_channels()
        page.close()
    assert not errors, errors
