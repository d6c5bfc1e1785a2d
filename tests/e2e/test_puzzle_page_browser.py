"""``puzzle.to_html``: one puzzle as a self-contained page, solved in Debian's Chromium from file:// with
the network blocked — for one puzzle of each game, a wrong first step shows ✗ and the right one ✓ with
the messages the Python judge gives, Step back and Retry go back, Solution plays the line to "solved".
Screenshots at 1,000 px, light and dark, go to test-artifacts/."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from browser_harness import embedded_data, open_offline_page, square_point
from playwright.sync_api import expect

from tigris_widget.puzzles.library import library

pytestmark = pytest.mark.browser


def open_page(browser: Any, path: Path, scheme: str = "light") -> tuple[Any, Any, list[str]]:
    viewport = {"width": 1000, "height": 900}
    return open_offline_page(browser, path, "data-puzzle-ready", viewport=viewport, color_scheme=scheme)


def child(data: dict[str, Any], action: str) -> dict[str, Any]:
    """The embedded node after the first step ``action``."""
    node: dict[str, Any] = data["nodes"][data["nodes"][0]["c"][action]]
    return node


def expect_judgement(page: Any, node: dict[str, Any]) -> None:
    """The panel shows the node's judgement; the board says it before its prompt, or, once the turn
    is over, says what PuzzleBoard says then, and the panel gives the whole try's verdict."""
    status, message = node["j"]
    line = page.locator(".tw-pp-judgement")
    expect(line).to_have_attribute("data-judgement", status, timeout=10_000)
    assert line.inner_text().strip() == f"{ {'good': '✓', 'bad': '✗', 'unclear': '?'}[status] } {message}".strip()
    board = page.locator(".tigris-widget").inner_text()
    if "end" in node:
        assert ("Puzzle solved" if node["end"][0] == "solved" else "Not solved: press Retry") in board
        end = node["end"][1].removeprefix("Solved! ").removeprefix("Not quite. ")
        assert end in page.locator(".tw-pp-status").inner_text()
    else:
        assert message in board


def press(page: Any, name: str) -> None:
    page.locator(".tw-pp-buttons").get_by_role("button", name=name).click()


def back_at_start(page: Any) -> None:
    expect(page.locator("#puzzle")).to_have_attribute("data-steps", "0")
    expect(page.locator(".tigris-widget")).to_have_attribute("data-ready", "puzzle.0")
    assert page.locator(".tw-pp-judgement").inner_text() == ""


def tile_click(page: Any, action: str) -> None:
    """Play a T&E tile step the way a player does: its colour in the hand, then its square."""
    colour = {"k": "black", "r": "red", "b": "blue", "g": "green"}[action.split()[1]]
    x, y = (int(v) for v in action.split("(")[1].rstrip(")").split(","))
    page.locator(".tigris-widget").get_by_role("button", name=f"({colour} tile)").first.click()
    page.mouse.click(*square_point(page.locator("canvas.tw-board"), y * 16 + x))


def ur_cell_click(page: Any, action: str) -> None:
    """Play an Ur cube step by a click on its cell; where the cell offers more than the cube (an attack
    too), the panel lists the choices and the cube is picked there."""
    x, y = (int(v) for v in action.split("(")[1].rstrip(")").split(","))
    canvas = page.locator("canvas.tw-board")
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    lay = json.loads(canvas.get_attribute("data-layout"))
    steps = page.locator("#puzzle").get_attribute("data-steps")
    page.mouse.click(box["x"] + lay["left"] + (x + 0.5) * lay["cell"], box["y"] + lay["top"] + (y + 0.5) * lay["cell"])
    page.wait_for_timeout(300)
    if page.locator("#puzzle").get_attribute("data-steps") == steps:
        page.locator(".tigris-widget .tw-side").get_by_role("button", name=re.compile("cube", re.I)).first.click()


CASES = [
    # game, puzzle, a wrong first step the solver judges bad, how a step is clicked
    ("tigris", "priest-war", "tile r (1,2)", tile_click),
    ("ur", "u-34f2db1a", "cube (1,0)", ur_cell_click),
]


@pytest.mark.parametrize(("game", "key", "wrong", "click"), CASES, ids=[c[1] for c in CASES])
def test_a_puzzle_page_is_solved_in_the_browser_as_python_judges_it(
    browser: Any, tmp_path: Path, artifacts: Path, game: str, key: str, wrong: str, click: Any
) -> None:
    puzzle = library(game)[key]
    path = puzzle.to_html(tmp_path / f"{key}.html")
    assert path.stat().st_size <= 1_500_000
    data = embedded_data(path)
    right = puzzle.solution[0]
    assert child(data, wrong)["j"][0] == "bad" and child(data, right)["j"][0] == "good"
    context, page, errors = open_page(browser, path)
    try:
        page.screenshot(path=str(artifacts / f"puzzle-page-{game}-light.png"), full_page=True)
        click(page, wrong)
        expect_judgement(page, child(data, wrong))
        press(page, "Step back")
        back_at_start(page)
        click(page, right)
        expect_judgement(page, child(data, right))
        press(page, "Retry")
        back_at_start(page)
        press(page, "Solution")
        expect(page.locator("#puzzle")).to_have_attribute("data-verdict", "solved", timeout=20_000)
        assert page.locator("#puzzle").get_attribute("data-steps") == str(len(puzzle.solution))
        status = page.locator(".tw-pp-status").inner_text()
        assert "Solution:" in status and right in status and "not counted as a solve" in status
        assert "Solution shown: press Retry" in page.locator(".tigris-widget").inner_text()
        assert not page.locator(".tw-pp-buttons").get_by_role("button", name="Step back").is_visible()
        page.screenshot(path=str(artifacts / f"puzzle-page-{game}-solved.png"), full_page=True)
        press(page, "Retry")
        back_at_start(page)
        assert not errors, errors
    finally:
        context.close()
    context, page, errors = open_page(browser, path, "dark")
    try:
        page.screenshot(path=str(artifacts / f"puzzle-page-{game}-dark.png"), full_page=True)
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(30, 30, 30)"
        assert not errors, errors
    finally:
        context.close()


def test_a_puzzle_with_too_many_lines_gets_a_page_that_follows_its_solution(
    browser: Any, tmp_path: Path, artifacts: Path
) -> None:
    """T&E's "ziggurat" has more than 20,000 positions in its lines: its page follows the solution.
    Many first tiles there still work (the solver says so), so the page judges one ✓ and stops, saying
    why, with nothing more to play; Step back, then the Solution reaches "solved"."""
    from tigris_widget.render.puzzle_page import FOLLOW_PAGE_NOTE
    from tigris_widget.render.puzzle_tree import FOLLOW_NOTE

    puzzle = library("tigris")["ziggurat"]
    path = puzzle.to_html(tmp_path / "follows.html")
    data = embedded_data(path)
    assert data["follows"] and path.stat().st_size <= 1_500_000
    off_step = "tile k (0,0)"
    off = child(data, off_step)
    assert off["j"][0] == "good" and "c" not in off and off_step not in puzzle.solution
    context, page, errors = open_page(browser, path)
    try:
        assert FOLLOW_PAGE_NOTE in page.locator("body").inner_text()
        tile_click(page, off_step)
        expect_judgement(page, off)
        assert FOLLOW_NOTE in page.locator(".tigris-widget").inner_text()
        # nothing more to play along this line: the hand offers no tile to place
        expect(page.locator(".tigris-widget").get_by_role("button", name="(black tile)")).to_have_count(0)
        assert page.locator("#puzzle").get_attribute("data-steps") == "1"
        page.screenshot(path=str(artifacts / "puzzle-page-follows.png"), full_page=True)
        press(page, "Step back")
        back_at_start(page)
        press(page, "Solution")
        expect(page.locator("#puzzle")).to_have_attribute("data-verdict", "solved", timeout=20_000)
        assert not errors, errors
    finally:
        context.close()
