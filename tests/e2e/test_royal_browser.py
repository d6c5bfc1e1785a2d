"""The Royal Game of Ur board in Debian's Chromium (Playwright), against a real ``BoardWidget`` in this
process: a throw by the Roll button and by the r key, a move by clicking a piece and then its target,
a stuck piece explained by the engine, a whole turn by the keyboard alone (Space, n, Enter); screenshots at three widths, light and dark, DPR 1 and 2."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from browser_harness import BoardPage, cell_point, check_offline_replay, screen_cases

from tigris_widget.games.royal.engine.board import path_cell
from tigris_widget.games.royal.game import RoyalGame
from tigris_widget.jupyter.widget import BoardWidget

pytestmark = pytest.mark.browser


def cell_centre(page: Any, cell: int) -> tuple[float, float]:
    """Page coordinates of a cell's centre (8 columns)."""
    return cell_point(page.locator("#host canvas.tw-board"), cell % 8, cell // 8)


def played(plies: int, seed: int) -> RoyalGame:
    game, rng = RoyalGame.new(seed=seed), random.Random(seed)
    while not game.is_over and len(game) < plies:
        game.apply(rng.choice(game.legal_actions()))
    return game


def to_throw(game: RoyalGame) -> RoyalGame:
    """Play moves until the dice are to be thrown by a seat that will have a move."""
    rng = random.Random(1)
    while True:
        if game.decision is not None and game.decision.kind == "chance":
            trial = game.clone()
            trial.apply("roll")
            if trial.decision is not None and trial.decision.kind != "chance" and trial.decision.seat == game.to_move:
                return game
        game.apply(rng.choice(game.legal_actions()))


def test_roll_and_move_by_clicks(page: Any) -> None:
    game = to_throw(played(24, seed=5))
    widget = BoardWidget(game)
    board = BoardPage(page, widget)
    root = page.locator("#host .tigris-widget")
    assert root.get_attribute("data-game") == "royal"
    side = page.locator("#host .tw-side")
    n = len(game)
    side.get_by_role("button", name="Roll the dice (r)").click()
    board.settle(n)
    assert str(game.actions[-1]).startswith("roll ")
    moves = widget.view["targets"]["moves"]
    start, move = next(iter(moves.items()))
    page.mouse.click(*cell_centre(page, int(start)))  # picked: the panel names its move
    side.get_by_role("button", name="Move").first.wait_for()
    n = len(game)
    page.mouse.click(*cell_centre(page, move["to"]))
    board.settle(n)
    assert str(game.actions[-1]) == move["action"]


def test_the_r_key_throws_and_a_stuck_piece_is_explained(page: Any) -> None:
    for seed in range(60):
        game = to_throw(played(40, seed))
        trial = game.clone()
        trial.apply("roll")
        mover = trial.state.to_move
        view_moves = {str(a) for a in trial.legal_actions()}
        stuck = [sq for sq in trial.state.squares(mover) if f"move {sq}" not in view_moves]
        if stuck:
            break
    else:
        pytest.fail("no position with a stuck piece")
    widget = BoardWidget(game)
    board = BoardPage(page, widget)
    n = len(game)
    page.locator("#host canvas.tw-board").focus()  # the board's keys
    page.keyboard.press("r")
    board.settle(n)
    cell = path_cell(mover, stuck[0])
    page.mouse.click(*cell_centre(page, cell))
    alert = page.locator("#host .tw-error")
    alert.wait_for(state="visible", timeout=5_000)
    assert "§" in widget.error and len(game) == n + 1


def test_keyboard_alone_throws_picks_and_moves(page: Any) -> None:
    game = to_throw(played(30, seed=9))
    widget = BoardWidget(game)
    board = BoardPage(page, widget)
    canvas = page.locator("#host canvas.tw-board")
    canvas.focus()
    n = len(game)
    page.keyboard.press(" ")  # Space throws while the dice are to be thrown
    board.settle(n)
    moves = widget.view["targets"]["moves"]
    first = moves[str(min(int(c) for c in moves))]["action"]
    page.keyboard.press("n")  # the first piece that can move is picked, the cursor on it
    page.locator("#host .tw-side").get_by_role("button", name="Move").first.wait_for()
    n = len(game)
    page.keyboard.press("Enter")  # the picked piece again: its move
    board.settle(n)
    assert str(game.actions[-1]) == first


@pytest.mark.parametrize(
    ("width", "dpr", "theme"),
    screen_cases([320, 800, 1400], [1, 2], ["light", "dark"], always=[(320, 2, "dark"), (1400, 1, "light")]),
)
def test_screenshots(browser: Any, artifacts: Path, width: int, dpr: int, theme: str) -> None:
    game = to_throw(played(60, seed=11))
    game.apply("roll")
    context = browser.new_context(viewport={"width": width, "height": 900}, device_scale_factor=dpr)
    page = context.new_page()
    try:
        page.emulate_media(color_scheme=theme)
        widget = BoardWidget(game, theme=theme)
        board = BoardPage(page, widget)
        page.evaluate("w => { document.getElementById('host').style.width = w + 'px'; }", width - 24)
        page.evaluate("() => window.dispatchEvent(new Event('resize'))")
        page.wait_for_timeout(100)
        board.wait_ready()
        if theme == "dark":
            page.evaluate("() => { document.body.style.background = '#111'; }")
        start = next(iter(widget.view["targets"]["moves"]))
        page.mouse.click(*cell_centre(page, int(start)))  # a piece picked: its target is marked
        page.wait_for_timeout(100)
        canvas = page.locator("#host canvas.tw-board")
        assert canvas.evaluate("c => c.width") == round(float(canvas.evaluate("c => parseFloat(c.style.width)")) * dpr)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width  # nothing sticks out
        page.screenshot(path=str(artifacts / f"royal-{width}-{theme}-dpr{dpr}.png"), full_page=True)
    finally:
        context.close()


def test_a_whole_game_replays_from_an_offline_html_file(browser: Any, tmp_path: Path, artifacts: Path) -> None:
    """``render.html`` on a finished game: the file opens from file:// with the network blocked, steps
    through the history with the board's keys, and offers nothing to play (no Roll button)."""
    from tigris_widget.render.html import write_html

    game = played(100_000, seed=3)
    assert game.is_over
    path = write_html(game, tmp_path / "royal.html")
    buttons = ".tw-side button[data-key='roll'], .tw-side button[data-key='move']"
    check_offline_replay(browser, game, path, 7, buttons, artifacts / "royal-replay.png")
