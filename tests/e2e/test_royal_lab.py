"""The Royal Game of Ur in a real JupyterLab 4 server with Debian's Chromium: a person throws the dice
with the board's Roll button, picks a piece and clicks its target, and the game in the kernel moves
on; then throws by the r key. A BotMatch and a BotInspector of the game render their boards, and the
match's bot answers a move clicked on its board. No page or console error. Last, screenshots of the
boards (a game under way, one with its movable pieces ringed and overlays from Python, a finished
game, the dashboards) at 800 px (file browser open) and 1,400 px, light and dark, DPR 1 and 2, go to
``test-artifacts/royal-lab/``."""

from __future__ import annotations

import json
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
    screen_cases,
    wait_in_kernel,
    watch_console,
    write_notebook,
)

from tigris_widget.games.royal.game import RoyalGame

pytestmark = [pytest.mark.jupyterlab, pytest.mark.browser]

NOTEBOOK = "royal.ipynb"
SHOTS = ARTIFACTS / "royal-lab"
BOARDS = ("play", "mid", "over", "match", "inspector")
"""The notebook's boards, in page order."""


def first_throw_moves(seeds: range = range(100)) -> int:
    """A seed whose first two throws (Light's, then Dark's after Light's move) each give a move."""
    for seed in seeds:
        game = RoyalGame.new(seed=seed)
        game.apply("roll")
        if game.decision is None or game.decision.kind == "chance":
            continue
        game.apply(game.legal_actions()[0])
        if game.decision is not None and game.decision.kind == "chance":
            game.apply("roll")
            if game.decision is not None and game.decision.kind != "chance":
                return seed
    raise AssertionError("no seed throws two moves in a row")


def cells(seed: int) -> list[str]:
    random_game = (
        "def random_game(seed, plies):\n"
        "    game, rng = RoyalGame.new(seed=seed), random.Random(seed)\n"
        "    while not game.is_over and len(game) < plies:\n"
        "        game.apply(rng.choice(game.legal_actions()))\n"
        "    return game"
    )
    return [
        "import random\nfrom tigris_widget import BoardWidget\nfrom tigris_widget.games.royal.game import RoyalGame\n"
        "from tigris_widget.jupyter import BotInspector, BotMatch\n" + random_game,
        f"game = RoyalGame.new(seed={seed})\nplay = BoardWidget(game)\nplay",
        "mid_game = random_game(11, 61)\nwhile mid_game.decision.kind == 'chance':\n    mid_game.apply('roll')\n"
        "mid = BoardWidget(mid_game)\n"
        "mid.highlight([(1, 1)])\nmid.arrow((0, 1), (3, 1))\nmid.label((6, 1), 'next')\n"
        "mid.caption('Overlays from Python: a frame, an arrow and a label')\nmid",
        "over_game = random_game(3, 100_000)\nover = BoardWidget(over_game)\nover",
        "match = BotMatch(RoyalGame.new(seed=5), seat=0, delay=0)\nmatch",
        "inspected = random_game(4, 30)\nwhile inspected.decision.kind == 'chance':\n    inspected.apply('roll')\n"
        "inspector = BotInspector(inspected, seconds=2)\ninspector",
    ]


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    work = tmp_path_factory.mktemp("royallab")
    write_notebook(work / NOTEBOOK, cells(first_throw_moves()))
    with jupyterlab(work, every_cell=True) as server:
        yield server


def open_all(page: Any, lab: JupyterServer, workspace: str | None = None) -> None:
    open_notebook(page, lab, NOTEBOOK, workspace=workspace)
    page.wait_for_function(
        f"() => document.querySelectorAll('.tigris-widget[data-ready]').length >= {len(BOARDS)}", timeout=120_000
    )


def board_ready(page: Any, kc: Any, name: str, index: int) -> tuple[Any, dict[str, Any]]:
    """The ``index``-th board of the page once it shows the view of widget ``name`` in the kernel."""
    view = evaluate(kc, f"{name}.view")
    page.wait_for_function(
        f"() => document.querySelectorAll('.tigris-widget[data-ready]')[{index}]?.dataset.ready === "
        f"{json.dumps(view['state_id'])}",
        timeout=60_000,
    )
    return page.locator(".tigris-widget[data-ready]").nth(index), view


def click_cell(page: Any, board: Any, cell: int) -> None:
    """Click a cell of the eight-column board, by its number."""
    page.mouse.click(*cell_point(board.locator("canvas.tw-board"), cell % 8, cell // 8))


def wait_length(kc: Any, expression: str, length: int, page: Any) -> None:
    wait_in_kernel(page, kc, f"len({expression}) == {length}", seconds=15)


def test_roll_and_move_by_clicks_in_jupyterlab(lab: JupyterServer, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1100})
    errors = watch_console(page)
    try:
        open_all(page, lab)
        kc = lab.kernel()
        try:
            board, view = board_ready(page, kc, "play", 0)
            assert board.get_attribute("data-game") == "royal"
            assert view["targets"] == {"roll": "roll"} and evaluate(kc, "len(game)") == 0
            board.get_by_role("button", name="Roll the dice (r)").click()
            wait_length(kc, "game", 1, page)
            assert evaluate(kc, "str(game.actions[0])").startswith("roll ")
            board, view = board_ready(page, kc, "play", 0)
            start, move = next(iter(view["targets"]["moves"].items()))
            click_cell(page, board, int(start))  # picked: the panel names the move, its target is marked
            board.get_by_role("button", name="Move").first.wait_for()
            click_cell(page, board, move["to"])
            wait_length(kc, "game", 2, page)
            assert evaluate(kc, "str(game.actions[1])") == move["action"]
            assert evaluate(kc, "game.state.waiting(0)") == 6 and evaluate(kc, "play.error") == ""
            # Dark's throw by the board's key
            board, view = board_ready(page, kc, "play", 0)
            assert view["targets"] == {"roll": "roll"} and view["decision"]["seat"] == 1
            board.locator("canvas.tw-board").focus()
            page.keyboard.press("r")
            wait_length(kc, "game", 3, page)
            board, view = board_ready(page, kc, "play", 0)
            assert view["decision"]["kind"] == "move" and view["decision"]["seat"] == 1
            # the dashboards of this game show its board; against the match's bot, a move of ours is answered
            for index in (3, 4):
                assert page.locator(".tigris-widget[data-ready]").nth(index).get_attribute("data-game") == "royal"
            play_against_the_bot(page, kc)
        finally:
            kc.stop_channels()
    finally:
        page.close()
    assert not errors, errors


def play_against_the_bot(page: Any, kc: Any) -> None:
    """On the BotMatch's board (we are Light): throw and move by clicks until a move of ours has been
    answered by a move of the bot's."""
    for _ in range(16):
        # the bot plays its turn in the background: wait until the decision is ours
        wait_in_kernel(page, kc, "match.game.decision is not None and match.game.decision.seat == 0", seconds=15)
        n = evaluate(kc, "len(match.game)")
        board, view = board_ready(page, kc, "match.board", 3)
        if view["decision"]["kind"] == "chance":
            board.get_by_role("button", name="Roll the dice (r)").click()
        else:
            start, move = next(iter(view["targets"]["moves"].items()))
            click_cell(page, board, int(start))
            click_cell(page, board, move["to"])
        wait_in_kernel(page, kc, f"len(match.game) > {n}", seconds=15)
        movers = evaluate(kc, "[p for p, a in zip(match.game.actors, match.game.actions) if str(a).startswith('move')]")
        if 0 in movers and movers[-1] == 1:
            assert evaluate(kc, "match.board.error") == ""
            return
    raise AssertionError("no move of ours answered by a move of the bot's in sixteen clicks")


@pytest.mark.parametrize(("width", "dpr"), screen_cases([800, 1400], [1, 2], always=[(800, 2)]))
def test_screenshots_in_jupyterlab(lab: JupyterServer, browser: Any, width: int, dpr: int) -> None:
    """Each board fits its cell (no horizontal scrollbar), its canvas is drawn at the screen's
    resolution and it follows JupyterLab's theme."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": width, "height": 1300}, device_scale_factor=dpr)
    page = context.new_page()
    errors = watch_console(page)
    try:
        open_all(page, lab, workspace=f"royal-{width}-{dpr}")
        lab_sidebar_for(page, width)
        for dark in (False, True):
            lab_theme(page, dark)
            page.wait_for_selector(f".tigris-widget[data-theme={'dark' if dark else 'light'}]", timeout=30_000)
            page.wait_for_timeout(500)
            tag = f"{width}-{'dark' if dark else 'light'}-dpr{dpr}"
            boards = page.locator(".tigris-widget[data-ready]")
            for i, name in enumerate(BOARDS):
                board = boards.nth(i)
                board.scroll_into_view_if_needed()
                canvas = board.locator("canvas.tw-board")
                css = float(canvas.evaluate("c => parseFloat(c.style.width)"))
                assert canvas.evaluate("c => c.width") == round(css * dpr)  # HiDPI-sharp
                area = board.locator("xpath=ancestor::div[contains(@class,'jp-OutputArea-output')][1]")
                assert area.evaluate("a => a.scrollWidth <= a.clientWidth + 1"), f"{name} sticks out at {tag}"
                assert board.get_attribute("data-theme") == ("dark" if dark else "light")
                area.evaluate("a => a.scrollIntoView({block: 'center'})")  # clear of the sticky toolbar
                page.wait_for_timeout(100)
                area.screenshot(path=str(SHOTS / f"{name}-{tag}.png"))
            page.screenshot(path=str(SHOTS / f"page-{tag}.png"))
    finally:
        context.close()
    assert not errors, errors
