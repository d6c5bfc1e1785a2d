"""End to end in a real JupyterLab 4 server: the puzzle browser shows a mined puzzle, a person solves
it by clicking the board (a tile from the hand, then its square on the canvas), the verdict appears,
the board stops offering moves, and the kernel's browser counts the streak and moves the rating.
Screenshots of the browser at two widths, light and dark, land in test-artifacts/."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from typing import Any

import nbformat
import pytest
from browser_harness import ARTIFACTS, JupyterServer, evaluate, jupyterlab, open_notebook, square_point

from tigris_widget.puzzles.library import library

pytestmark = [pytest.mark.jupyterlab, pytest.mark.browser]


def _tile_puzzle() -> tuple[str, str]:
    """A mined puzzle solved by one tile placement and nothing after it: (id, move)."""
    for p in library().values():
        if p.source == "mined" and len(p.solution) == 1 and p.solution[0].startswith("tile "):
            return p.key, p.solution[0]
    raise AssertionError("no mined puzzle is solved by a single tile")


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    work = tmp_path_factory.mktemp("puzzle-lab")
    key, _ = _tile_puzzle()
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        f"from tigris_widget import PuzzleBrowser\nb = PuzzleBrowser(rating=1500)\nb.show({key!r})\nb"
    )]  # fmt: skip
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, work / "puzzles.ipynb")
    with jupyterlab(work) as server:
        yield server
    shutil.rmtree(work, ignore_errors=True)


def test_solve_a_mined_puzzle_by_clicking(lab: JupyterServer, browser: Any) -> None:
    key, move = _tile_puzzle()
    _, code, square_text = move.split(" ")
    x, y = (int(v) for v in square_text.strip("()").split(","))
    colour = {"k": "black", "r": "red", "b": "blue", "g": "green"}[code]
    page = browser.new_page(viewport={"width": 1400, "height": 1100})
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    open_notebook(page, lab, "puzzles.ipynb")
    board = page.locator(".tigris-widget[data-ready]").first
    board.wait_for(timeout=90_000)
    page.get_by_text("Your rating 1500").wait_for(timeout=30_000)
    kc = lab.kernel()
    try:
        assert evaluate(kc, "b.current.puzzle.key") == key
        view = evaluate(kc, "b.current.board.view")
        assert board.get_attribute("data-ready") == view["state_id"]
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "puzzle-browser-1400-light.png"))

        # a person solves it: the tile from the hand, then its square on the canvas
        board.get_by_role("button", name=f"({colour} tile)").first.click()
        page.mouse.click(*square_point(board.locator("canvas.tw-board"), y * 16 + x))
        page.get_by_text("Solved.").wait_for(timeout=60_000)
        assert evaluate(kc, "[str(a) for a in b.current.game.actions][:1]") == [move]
        assert evaluate(kc, "(b.streak, b.solved, b.rating > 1500)") == [1, 1, True]
        page.get_by_text("streak 1").wait_for(timeout=10_000)
        # the board no longer offers moves: no choice buttons, Retry and Next instead
        view = evaluate(kc, "b.current.board.view")
        assert view["decision"]["mine"] is False
        page.wait_for_selector(f'.tigris-widget[data-ready="{view["state_id"]}"]', timeout=30_000)
        assert board.get_by_role("button", name="Pass").count() == 0
        assert page.get_by_role("button", name="Retry").is_visible()
        assert page.get_by_role("button", name="Next").is_visible()
        assert page.get_by_role("button", name="Hint").is_hidden()
        # the buttons' icons come from Font Awesome, which JupyterLab ships
        width = page.evaluate(
            "() => document.querySelector('.widget-button i.fa-undo')?.getBoundingClientRect().width ?? 0"
        )
        assert width > 4, "the Retry icon did not render"
        page.screenshot(path=str(ARTIFACTS / "puzzle-browser-1400-light-solved.png"))
        page.set_viewport_size({"width": 760, "height": 1100})
        page.wait_for_timeout(500)
        page.screenshot(path=str(ARTIFACTS / "puzzle-browser-760-light.png"))
        page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Dark'})")
        page.wait_for_selector(".tigris-widget[data-theme=dark]", timeout=30_000)
        page.wait_for_timeout(500)
        page.screenshot(path=str(ARTIFACTS / "puzzle-browser-760-dark.png"))
        page.set_viewport_size({"width": 1400, "height": 1100})
        page.wait_for_timeout(500)
        page.screenshot(path=str(ARTIFACTS / "puzzle-browser-1400-dark.png"))
        # Next: another puzzle
        page.get_by_role("button", name="Next").click()
        page.wait_for_function("() => !document.body.innerText.includes('Solved.')", timeout=30_000)
        assert evaluate(kc, "b.current.puzzle.key") != key
        (ARTIFACTS / "puzzle-e2e.json").write_text(json.dumps({"puzzle": key, "move": move}))
    finally:
        kc.stop_channels()
    page.close()
    assert not errors, errors
