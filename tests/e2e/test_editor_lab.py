"""The position editor in a real JupyterLab 4 server with Debian's Chromium: for Ur and for T&E, a
position is set up only by clicks on the palette and the board (and a field's list), an impossible
placement is refused at its square (framed on the board, listed under it) and undone, and Play from
here opens a board on the position below the editor. No page or console error. Screenshots of both
editors at 800 px (file browser open) and 1,400 px, light and dark, go to ``test-artifacts/editor-lab/``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from browser_harness import (
    ARTIFACTS,
    JupyterServer,
    cell_point,
    evaluate,
    jupyterlab,
    lab_sidebar_for,
    lab_theme,
    open_notebook,
    wait_in_kernel,
    watch_console,
    write_notebook,
)

pytestmark = [pytest.mark.jupyterlab, pytest.mark.browser]

NOTEBOOK = "editor.ipynb"
SHOTS = ARTIFACTS / "editor-lab"
UR_SEED = 7
EDITORS = (("ur", 6), ("te", 16))
"""The notebook's editors in page order, with their boards' widths in squares."""


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    work = tmp_path_factory.mktemp("editorlab")
    cells = [
        "from tigris_widget import PositionEditor",
        f"ur = PositionEditor('ur', players=3, seed={UR_SEED})\nur",
        "te = PositionEditor('tigris', seed=5)\nte",
    ]
    write_notebook(work / NOTEBOOK, cells)
    with jupyterlab(work, every_cell=True) as server:
        yield server


def open_editors(page: Any, lab: JupyterServer, workspace: str) -> None:
    open_notebook(page, lab, NOTEBOOK, workspace=workspace)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.tw-position-editor')].filter("
        "e => e.querySelector('.tigris-widget[data-ready]')).length >= 2",
        timeout=120_000,
    )


class EditorOnPage:
    """One editor of the page, driven by mouse, checked through the kernel."""

    def __init__(self, page: Any, kc: Any, index: int) -> None:
        self.page, self.kc = page, kc
        self.name, self.width = EDITORS[index]
        self.root = page.locator(".tw-position-editor").nth(index)
        self.board = self.root.locator(".tigris-widget").first

    def state(self) -> int:
        return int(evaluate(self.kc, f"{self.name}.editor.state_id"))

    def drawn(self) -> None:
        """Wait until the board shows the editor's current state."""
        view = evaluate(self.kc, f"{self.name}.board.view['state_id']")
        self.page.wait_for_function(
            "([el, id]) => el.dataset.ready === id", arg=[self.board.element_handle(), view], timeout=30_000
        )

    def button(self, title: str) -> None:
        """Press a palette or tool toggle (named by its tooltip) or a button (by its text)."""
        found = self.root.locator(f'button[title="{title}"]')
        (found if found.count() else self.root.get_by_role("button", name=title, exact=True)).first.click()

    def click(self, x: int, y: int, edits: bool = True) -> None:
        """Click square (x, y) and wait for the kernel's edit (or, with ``edits`` False, the Move's
        origin framed)."""
        before = self.state()
        self.page.mouse.click(*cell_point(self.board.locator("canvas.tw-board"), x, y))
        changed = f"{self.name}.editor.state_id != {before}" if edits else f"{self.name}.origin == {y * self.width + x}"
        wait_in_kernel(self.page, self.kc, changed, detail=f"{self.name}.status.value")
        self.drawn()

    def problem_at(self, square: int) -> None:
        highlights = evaluate(self.kc, f"{self.name}.board.overlay.get('highlights', [])")
        assert square in [h["square"] for h in highlights], highlights
        self.page.wait_for_function("el => el.textContent.includes('Problems')", arg=self.root.element_handle())

    def play(self) -> None:
        self.button("Play from here")
        self.page.wait_for_function("el => el.querySelectorAll('.tigris-widget[data-ready]').length === 2",
                                    arg=self.root.element_handle(), timeout=30_000)  # fmt: skip
        assert evaluate(self.kc, f"{self.name}.played.game.to_position() == {self.name}.to_position()")


def fifth_pair(cells: list[str]) -> tuple[str, int]:
    """A tile (face/back) and a grid cell where placing it makes its pair appear five times on the grid
    (Ur allows four of a pair): the commonest pair, placed on cells of other pairs until it is the fifth."""
    pairs = Counter(frozenset(c[:2].upper()) for c in cells)
    pair, count = pairs.most_common(1)[0]
    assert count == 4, pairs
    tile = next(c[:2] for c in cells if frozenset(c[:2].upper()) == pair)
    return tile, next(
        i for i, c in enumerate(cells) if frozenset(c[:2].upper()) != pair and ":" not in c and "(" not in c
    )


def test_set_up_refuse_fix_and_play_in_jupyterlab(lab: JupyterServer, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1100})
    errors = watch_console(page)
    try:
        open_editors(page, lab, "editor-play")
        kc = lab.kernel()
        try:
            # Ur: the play stage, cubes and a ziggurat, then a fifth tile of a pair, refused and undone
            ur = EditorOnPage(page, kc, 0)
            ur.drawn()
            ur.root.locator('.widget-dropdown:has(label:text-is("stage")) select').select_option(label="play")
            wait_in_kernel(page, kc, "ur.editor.fields()['stage'] == 'play'")
            ur.drawn()
            ur.button("3 cubes of P0")
            ur.click(0, 0)
            ur.button("2 cubes of P1")
            ur.click(1, 0)
            ur.button("a ziggurat of P2")
            ur.click(2, 2)
            cells = evaluate(kc, "ur.editor.cells()")
            assert cells[0].endswith(":0x3") and cells[1].endswith(":1x2") and cells[14].startswith("Z2(")
            assert evaluate(kc, "ur.editor.problems()") == []
            tile, square = fifth_pair(cells)
            names = {p["piece"]: p["label"] for p in evaluate(kc, "ur.editor.palette()")}
            ur.button(names[tile])
            ur.click(square % 6, square // 6)
            ur.problem_at(square)
            assert ur.root.get_by_role("button", name="Play from here").is_disabled()
            ur.button("Undo")
            page.wait_for_function("el => !el.textContent.includes('Problems')", arg=ur.root.element_handle())
            assert evaluate(kc, "ur.editor.problems()") == []
            ur.play()
            # T&E: a temple and a king beside it, a farm on land refused and undone, a move, then play
            te = EditorOnPage(page, kc, 1)
            te.drawn()
            te.button("temple (r)")
            te.click(5, 3)
            te.button("archer king")
            te.click(5, 4)
            te.button("farm (b)")
            te.click(3, 5)  # on land
            te.problem_at(5 * 16 + 3)
            te.button("Undo")
            page.wait_for_function("el => !el.textContent.includes('Problems')", arg=te.root.element_handle())
            te.button("Move")
            te.click(5, 4, edits=False)
            te.click(4, 3)
            assert evaluate(kc, "te.editor.cells()[3 * 16 + 4]") == "Ak" and evaluate(kc, "te.editor.problems()") == []
            # the keyboard: the cursor moves by an arrow key, Enter places the selected piece there
            te.button("settlement (k)")
            before = evaluate(kc, "te.editor.cells()")
            canvas = te.board.locator("canvas.tw-board")
            canvas.focus()
            page.keyboard.press("ArrowDown")
            page.keyboard.press("Enter")
            wait_in_kernel(page, kc, f"te.editor.cells() != {before!r}")
            after = evaluate(kc, "te.editor.cells()")
            changed = [q for q, (a, b) in enumerate(zip(before, after)) if a != b]
            assert len(changed) == 1 and after[changed[0]].startswith("k"), changed
            te.drawn()  # a key names the state it undoes: pressed before the board shows the new one, it is stale
            page.keyboard.press("u")  # the edit mode's undo key
            wait_in_kernel(page, kc, f"te.editor.cells() == {before!r}")  # the key u undid the placement
            te.play()
        finally:
            kc.stop_channels()
    finally:
        page.close()
    assert not errors, errors


@pytest.mark.parametrize("width", [800, 1400])
def test_screenshots_in_jupyterlab(lab: JupyterServer, browser: Any, width: int) -> None:
    """Each editor fits its cell (no horizontal scrollbar) in both themes."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": width, "height": 1300}, device_scale_factor=1)
    page = context.new_page()
    errors = watch_console(page)
    try:
        open_editors(page, lab, f"editor-{width}")
        lab_sidebar_for(page, width)
        kc = lab.kernel()
        try:  # a problem on each board, for the pictures
            evaluate(kc, "te.select('b') or te.click((3, 5)) or 0")
            evaluate(kc, "ur.select('P0x2') or ur.click((0, 0)) or 0")
        finally:
            kc.stop_channels()
        for dark in (False, True):
            lab_theme(page, dark)
            page.wait_for_timeout(800)
            tag = f"{width}-{'dark' if dark else 'light'}"
            for i, (name, _) in enumerate(EDITORS):
                root = page.locator(".tw-position-editor").nth(i)
                area = root.locator("xpath=ancestor::div[contains(@class,'jp-OutputArea-output')][1]")
                assert area.evaluate("a => a.scrollWidth <= a.clientWidth + 1"), f"{name} sticks out at {tag}"
                area.evaluate("a => a.scrollIntoView({block: 'start'})")
                page.wait_for_timeout(150)
                area.screenshot(path=str(SHOTS / f"{name}-{tag}.png"))
    finally:
        context.close()
    assert not errors, errors
