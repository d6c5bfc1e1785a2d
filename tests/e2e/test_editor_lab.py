"""The position editor in a real JupyterLab 4 server with Debian's Chromium: for Ur and for T&E, a
position is set up only by clicks on the palette and the board (and a field's list), an impossible
placement is refused at its square (framed on the board, listed under it) and undone, and Play from
here opens a board on the position below the editor. No page or console error. Screenshots of both
editors at 800 px (file browser open) and 1,400 px, light and dark, go to ``test-artifacts/editor-lab/``."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from typing import Any

import nbformat
import pytest
from browser_harness import ARTIFACTS, JupyterServer, evaluate, jupyterlab, open_notebook

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
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, work / NOTEBOOK)
    settings = work / "config" / "lab" / "user-settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    (settings / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')  # render every cell
    with jupyterlab(work) as server:
        yield server


def watch_console(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(f"page error: {err}"))
    page.on("console", lambda msg: errors.append(f"console: {msg.text}") if msg.type == "error" else None)
    return errors


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
        canvas = self.board.locator("canvas.tw-board")
        canvas.scroll_into_view_if_needed()
        box = canvas.bounding_box()
        lay = json.loads(canvas.get_attribute("data-layout"))
        self.page.mouse.click(box["x"] + lay["left"] + (x + 0.5) * lay["cell"],
                              box["y"] + lay["top"] + (y + 0.5) * lay["cell"])  # fmt: skip
        for _ in range(200):
            if self.state() != before if edits else evaluate(self.kc, f"{self.name}.origin") == y * self.width + x:
                break
            self.page.wait_for_timeout(50)
        else:
            raise AssertionError(
                f"the click on ({x},{y}) changed nothing: {evaluate(self.kc, f'{self.name}.status.value')}"
            )
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
            for _ in range(100):
                if evaluate(kc, "ur.editor.fields()['stage']") == "play":
                    break
                page.wait_for_timeout(50)
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
            for _ in range(200):
                after = evaluate(kc, "te.editor.cells()")
                if after != before:
                    break
                page.wait_for_timeout(50)
            changed = [q for q, (a, b) in enumerate(zip(before, after)) if a != b]
            assert len(changed) == 1 and after[changed[0]].startswith("k"), changed
            te.drawn()  # a key names the state it undoes: pressed before the board shows the new one, it is stale
            page.keyboard.press("u")  # the edit mode's undo key
            for _ in range(200):
                if evaluate(kc, "te.editor.cells()") == before:
                    break
                page.wait_for_timeout(50)
            else:
                raise AssertionError("the key u did not undo the placement")
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
        page.evaluate("() => { const s = window.jupyterapp.shell; if (%s) s.expandLeft(); else s.collapseLeft(); }"
                      % ("true" if width < 1000 else "false"))  # fmt: skip
        page.wait_for_timeout(400)
        news = page.get_by_role("button", name="No")
        if news.count():
            news.first.click()
        kc = lab.kernel()
        try:  # a problem on each board, for the pictures
            evaluate(kc, "te.select('b') or te.click((3, 5)) or 0")
            evaluate(kc, "ur.select('P0x2') or ur.click((0, 0)) or 0")
        finally:
            kc.stop_channels()
        for theme in ("JupyterLab Light", "JupyterLab Dark"):
            dark = "Dark" in theme
            page.evaluate(f"() => window.jupyterapp.commands.execute('apputils:change-theme', {{theme: '{theme}'}})")
            page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{str(not dark).lower()}'",
                                   timeout=30_000)  # fmt: skip
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
