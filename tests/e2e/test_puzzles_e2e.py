"""End to end in a real JupyterLab 4 server: the puzzle browser shows a mined puzzle, a person solves
it by clicking the board (a tile from the hand, then its square on the canvas), the verdict appears,
the board stops offering moves, and the kernel's browser counts the streak and moves the rating.
The same for an Ur puzzle, step by step on the Ur board, with each step judged beside the board
(#22 items 15–17: judgement visible next to the board, the panel beside the board when there is
room and above it when not, no "Puzzle solved" after Solution). Screenshots of the browser at two
widths, light and dark, land in test-artifacts/."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from browser_harness import (
    ARTIFACTS,
    JupyterServer,
    click_cell,
    evaluate,
    jupyterlab,
    lab_theme,
    open_notebook,
    square_point,
    wait_in_kernel,
    write_notebook,
)

from tigris_widget.games.ur.puzzles.goals import UrPuzzle
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
    write_notebook(
        work / "puzzles.ipynb",
        [f"from tigris_widget import PuzzleBrowser\nb = PuzzleBrowser(rating=1500)\nb.show({key!r})\nb"],
    )
    write_notebook(
        work / "ur_puzzles.ipynb",
        [
            f"from tigris_widget import PuzzleBrowser\nu = PuzzleBrowser(game='ur', rating=1500)\nu.show({_ur_puzzle().key!r})\nu"
        ],
    )
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
        # a wide cell gives its room to the board, not to the text panel beside it (which shrank the board)
        sizes = page.evaluate("""() => ({canvas: document.querySelector('.tigris-widget canvas.tw-board').getBoundingClientRect().width,
            panel: document.querySelector('.tw-puzzle-panel').getBoundingClientRect().width})""")
        assert sizes["canvas"] >= 1.4 * sizes["panel"], sizes

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
        lab_theme(page, dark=True)
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


# -- Ur -----------------------------------------------------------------------------------------------
def _ur_puzzle() -> UrPuzzle:
    """An Ur puzzle whose solution needs no other player's answer (every step is the solver's)."""
    for p in library("ur").values():
        assert isinstance(p, UrPuzzle)
        if len(p.play_solution()) == len(p.solution):
            return p
    raise AssertionError("every Ur puzzle needs another player's answer")


def _click_at(page: Any, board: Any, text: str) -> None:
    """Click the cell an Ur step names, ``(x,y)``."""
    x, y = (int(v) for v in text.strip("()").split(","))
    click_cell(page, board, x, y)


def _panel_button(board: Any, name: str) -> None:
    board.locator(".tw-side").get_by_role("button", name=name).first.click()


def _click_step(page: Any, board: Any, step: str) -> None:
    """Play one Ur step as a person does: cells on the canvas, then the board's own buttons."""
    words = {"agri": "Agriculture (a)", "trade": "Trade (t)", "culture": "Culture (c)", "politics": "Politics (p)"}
    kinds = {"A": "agriculture", "T": "trade", "C": "culture", "P": "politics", "W": "war"}
    parts = step.split()
    if step in words:
        _panel_button(board, words[step])
    elif parts[0] == "cube":
        _click_at(page, board, parts[1])  # one option is played at once; with two, the panel asks
        page.wait_for_timeout(300)
        label = f"Two extra cubes on {parts[1]}" if len(parts) == 3 else f"Extra cube on {parts[1]}"
        if board.locator(".tw-side").get_by_role("button", name=label, exact=True).count():
            board.locator(".tw-side").get_by_role("button", name=label, exact=True).first.click()
    elif parts[0] == "zig":  # one ziggurat: a click on its tile (the panel asks when the tile offers more)
        _click_at(page, board, parts[1])
        page.wait_for_timeout(300)
        label = f"Build a ziggurat on {parts[1]}"
        if board.locator(".tw-side").get_by_role("button", name=label, exact=True).count():
            board.locator(".tw-side").get_by_role("button", name=label, exact=True).first.click()
    elif parts[0] == "exchange" and parts[1] == "spare":
        _panel_button(board, "Take the spare" + (f" {parts[2]}" if len(parts) > 2 else ""))
    elif parts[0] == "exchange":
        _click_at(page, board, parts[1])
        _panel_button(board, f"Take {parts[1]} with {kinds[parts[3]]} ({parts[3]}) up")
    elif "->" in step:
        a, b = step.split("->")
        _click_at(page, board, a)
        _click_at(page, board, b)
    elif parts[0] == "move":
        _panel_button(board, f"{parts[1]} cube{'s' if parts[1] != '1' else ''}")
    elif "+" in step or "=" in step:
        cell, amount = step.replace("=", "+").split("+")
        what = "cubes stay on" if "=" in step else "cubes on"
        _panel_button(board, f"{amount} {what} {cell}")
    else:
        raise AssertionError(f"no click for the step {step!r}")


def test_solve_an_ur_puzzle_by_clicks_judged_beside_the_board(lab: JupyterServer, browser: Any) -> None:
    puzzle = _ur_puzzle()
    page = browser.new_page(viewport={"width": 1500, "height": 1100})
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    # a workspace of its own: JupyterLab would otherwise reopen the T&E notebook of the test above
    open_notebook(page, lab, "ur_puzzles.ipynb", workspace="ur-puzzles")
    board = page.locator(".tigris-widget[data-ready]").first
    board.wait_for(timeout=90_000)
    page.get_by_text("Your rating 1500").wait_for(timeout=30_000)
    kc = lab.kernel("ur_puzzles.ipynb")
    try:
        assert evaluate(kc, "u.current.puzzle.key") == puzzle.key
        assert board.get_attribute("data-game") == "ur"
        panel = page.locator(".tw-puzzle-panel").first
        # item 17: with room, the panel (filters, score, goal, buttons) stands beside the board
        b, p = board.bounding_box(), panel.bounding_box()
        assert p["x"] >= b["x"] + b["width"] - 2 and p["y"] < b["y"] + b["height"] / 2, (b, p)
        assert panel.get_by_text("Your rating 1500").is_visible()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "ur-puzzle-browser-1500-light.png"))
        for i, step in enumerate(puzzle.solution):
            before = evaluate(kc, "len(u.current.game)")
            _click_step(page, board, step)
            wait_in_kernel(page, kc, f"len(u.current.game) > {before}")
            assert evaluate(kc, "[str(a) for a in u.current.game.actions]")[: i + 1] == list(puzzle.solution[: i + 1])
            if i == 0:
                # item 15: the step is judged at once, in the panel beside the board
                judged = page.locator("[data-judgement='good']").first
                judged.wait_for(timeout=30_000)
                j = judged.bounding_box()
                assert j["x"] >= b["x"] + b["width"] - 2, (b, j)
                page.screenshot(path=str(ARTIFACTS / "ur-puzzle-judged-1500-light.png"))
        page.get_by_text("Solved.").wait_for(timeout=60_000)
        assert evaluate(kc, "(u.streak, u.solved, u.rating > 1500)") == [1, 1, True]
        # item 16: the next puzzle given up with Solution never says it was solved, not even after a retry
        page.get_by_role("button", name="Next").click()
        page.wait_for_function("() => !document.body.innerText.includes('Solved.')", timeout=30_000)
        page.get_by_role("button", name="Solution").click()
        page.get_by_text("not counted as a solve").wait_for(timeout=30_000)
        text = page.inner_text("body")
        assert "Puzzle solved" not in text and "Solved." not in text
        assert evaluate(kc, "[h[1] for h in u.history]") == ["solved", "failed"]
        page.screenshot(path=str(ARTIFACTS / "ur-puzzle-solution-1500-light.png"))
        # item 17: in a narrow window the panel goes above the board (the goal and the judgement in sight)
        page.set_viewport_size({"width": 760, "height": 1100})
        page.wait_for_timeout(700)
        b, p = board.bounding_box(), panel.bounding_box()
        assert p["y"] + p["height"] <= b["y"] + 2, (b, p)
        page.screenshot(path=str(ARTIFACTS / "ur-puzzle-browser-760-light.png"))
    finally:
        kc.stop_channels()
    page.close()
    assert not errors, errors
