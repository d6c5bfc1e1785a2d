"""The Ur board in Debian's Chromium (Playwright): the setup and a whole turn played by clicks alone
(cells and panel buttons), a refused click explained by the engine, a step taken back, and
screenshots at two widths, light and dark, DPR 1 and 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser_harness import BoardPage, cell_point, check_offline_replay, screen_cases

from tigris_widget.games.ur import UrGame
from tigris_widget.jupyter.widget import BoardWidget

pytestmark = pytest.mark.browser


def cell_centre(page: Any, cell: int) -> tuple[float, float]:
    """Page coordinates of a cell's centre (6 columns)."""
    return cell_point(page.locator("#host canvas.tw-board"), cell % 6, cell // 6)


def click_cell(board: BoardPage, cell: int) -> None:
    x, y = cell_centre(board.page, cell)
    board.page.mouse.click(x, y)


def press(board: BoardPage, name: str) -> None:
    board.page.locator("#host .tw-side").get_by_role("button", name=name).first.click()


def test_the_setup_and_a_turn_by_clicks_alone(page: Any, artifacts: Path) -> None:
    game = UrGame.new(players=4, seed=2006)
    widget = BoardWidget(game)
    board = BoardPage(page, widget)
    assert page.locator("#host .tigris-widget").get_attribute("data-game") == "ur"
    # setup: three rounds of cubes, each on a ringed cell
    while game.decision is not None and game.decision.kind == "place":
        cell = int(next(iter(widget.view["targets"]["place"])))
        n = len(game)
        click_cell(board, cell)
        board.settle(n)
    assert len(game) == 12 and all(str(s).startswith("place") for s in game.actions)
    # the initial exchange: every seat keeps its tile, by the panel's button
    while game.decision is not None and game.decision.kind == "initial exchange":
        n = len(game)
        press(board, "Keep the hand tile (k)")
        board.settle(n)
    active = game.state.active
    page.locator("#host .tigris-widget").screenshot(path=str(artifacts / "ur-turn-start.png"))
    # a whole turn: an action, its allocations, then an exchange of a ringed tile with the side chosen
    word = next(iter(widget.view["targets"]["actions"]))
    labels = {"agri": "Agriculture (a)", "trade": "Trade (t)", "culture": "Culture (c)", "politics": "Politics (p)"}
    n = len(game)
    press(board, labels[word])
    board.settle(n)
    while game.state.active == active and game.decision is not None:
        targets = widget.view["targets"]
        n = len(game)
        if "alloc" in targets:
            amount = max(targets["alloc"]["amounts"], key=int)
            page.locator(f'#host .tw-side button[data-key="alloc-{amount}"]').click()
        elif "exchange" in targets:
            cell = int(next(iter(targets["exchange"])))
            click_cell(board, cell)
            board.page.locator("#host .tw-side").get_by_role(
                "button", name=f"Take ({cell % 6},{cell // 6}) with"
            ).first.click()
        elif "spare" in targets:
            press(board, "Take the spare")
        else:
            press(board, "End the game")
        board.settle(n)
    assert game.state.active != active or game.is_over
    assert len(game.lines) == 12 + 4 + 1  # the setup steps, the four keeps and the turn as one line
    assert widget.error == ""
    assert all(m["kind"] == "intent" for m in board.messages)


def test_a_refused_click_explains_the_rule_and_a_step_is_taken_back(page: Any) -> None:
    game = UrGame.new(players=4, seed=2006)
    game.play_line(f"P{game.to_move}: place (0,0)")
    widget = BoardWidget(game)
    board = BoardPage(page, widget)
    click_cell(board, 0)  # round 1: the tile is taken
    alert = page.locator("#host .tw-error")
    alert.wait_for(state="visible")
    assert "§2.5" in alert.inner_text()
    assert len(game) == 1
    # take back: the setup step of the seat deciding now is not its own, so there is nothing to undo
    assert "undo" not in widget.view["targets"]
    for _ in range(11):
        game.apply(game.legal_actions()[0])
    for _ in range(4):
        game.apply("keep")
    first = game.legal_actions()
    action = next(s for s in first if s.kind in ("agri", "trade", "culture", "politics"))
    game.apply(action)
    board.push()
    n = len(game)
    press(board, "Take back the last step (u)")
    board.settle(n, -1)
    assert game.legal_actions() == first


def test_a_refusal_notice_goes_with_the_next_click_that_works(page: Any) -> None:
    """At the initial exchange: a refused click shows the rule; picking a legal tile next (a pick only,
    nothing sent to Python) takes the notice away instead of leaving it beside the new choice."""
    game = UrGame.new(players=3, seed=2006)
    while not str(game.legal_actions()[0]).startswith("exchange"):
        game.apply(game.legal_actions()[0])
    widget = BoardWidget(game)
    board = BoardPage(page, widget)
    view = widget.view
    sides = view["targets"]["exchange"]
    two = next(int(c) for c, offers in sides.items() if sum(1 for a in offers.values() if a) == 2)
    taken = next(c for c, cell in enumerate(view["body"]["cells"]) if cell["owner"] is not None)
    click_cell(board, taken)  # a tile with cubes on it: refused by the engine
    alert = page.locator("#host .tw-error")
    alert.wait_for(state="visible")
    assert widget.error  # the engine said why
    click_cell(board, two)  # a legal tile with two sides: picked, its sides offered in the panel
    page.locator("#host .tw-side").get_by_role("button", name=f"Take ({two % 6},{two // 6})").first.wait_for()
    alert.wait_for(state="hidden", timeout=5_000)
    assert widget.error == ""  # cleared on the Python side too


@pytest.mark.parametrize(
    ("width", "dpr", "theme"),
    screen_cases([420, 800, 1600], [1, 2], ["light", "dark"], always=[(420, 2, "dark"), (1600, 1, "light")]),
)
def test_screenshots(browser: Any, artifacts: Path, width: int, dpr: int, theme: str) -> None:
    game = UrGame.new(players=4, seed=7)
    for _ in range(12):
        game.apply(game.legal_actions()[-1])
    for _ in range(4):
        game.apply("keep")
    game.apply(next(s for s in game.legal_actions() if s.kind in ("trade", "culture", "agri", "politics")))
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
        canvas = page.locator("#host canvas.tw-board")
        assert canvas.evaluate("c => c.width") == round(float(canvas.evaluate("c => parseFloat(c.style.width)")) * dpr)
        assert float(canvas.evaluate("c => parseFloat(c.style.width)")) <= width - 24
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width  # nothing sticks out
        page.screenshot(path=str(artifacts / f"ur-{width}-{theme}-dpr{dpr}.png"), full_page=True)
    finally:
        context.close()


def test_a_whole_ur_game_replays_from_an_offline_html_file(browser: Any, tmp_path: Path, artifacts: Path) -> None:
    """``render.html`` on an Ur game: the file opens from file:// with the network blocked and steps
    through every step with the history bar and the board's keys; nothing in it can be played."""
    from tigris_widget.bots import make_bot
    from tigris_widget.bots.runner import play
    from tigris_widget.render.html import write_html

    game = play(UrGame.new(players=3, seed=17), [make_bot("greedy", seed=p, game="ur") for p in range(3)])
    assert game.is_over
    path = write_html(game, tmp_path / "ur.html")
    buttons = ".tw-side button[data-key^='act-'], .tw-side button[data-key='keep']"
    check_offline_replay(browser, game, path, 13, buttons, artifacts / "ur-replay.png")


def test_overlays_from_python_are_drawn_on_the_ur_cells(page: Any, artifacts: Path) -> None:
    """A heatmap, an arrow, a label, a frame and a caption set from Python land on the Ur board's cells."""
    game = UrGame.new(players=4, seed=2006)
    widget = BoardWidget(game)
    board = BoardPage(page, widget)
    canvas = page.locator("#host canvas.tw-board")

    def pixel(cell: int, dx: float = 0.15, dy: float = 0.85) -> list[int]:
        lay = json.loads(canvas.get_attribute("data-layout"))
        x = lay["left"] + (cell % 6 + dx) * lay["cell"]
        y = lay["top"] + (cell // 6 + dy) * lay["cell"]
        return list(canvas.evaluate(
            "(c, [x, y]) => { const r = c.width / c.getBoundingClientRect().width;"
            " return Array.from(c.getContext('2d').getImageData(Math.round(x * r), Math.round(y * r), 1, 1).data); }",
            [x, y],
        ))  # fmt: skip

    # the heat map rings a rated cell (its rim, half in the strip between the tiles), never paints it
    plain = {c: pixel(c, 0.02, 0.5) for c in (0, 7, 14)}
    inside = pixel(7)
    edge = pixel(35, 0.03, 0.5)
    widget.show_heatmap({(0, 0): 1.0, (1, 1): 5.0}, legend="a test scale")
    widget.highlight([(5, 5)], colour="#00ff00")
    widget.arrow((2, 2), (2, 4))
    widget.label((3, 3), "here")
    widget.caption("Overlays on Ur")
    board.push()
    page.locator("#host .tigris-widget").screenshot(path=str(artifacts / "ur-overlays.png"))
    assert pixel(0, 0.02, 0.5) != plain[0] and pixel(7, 0.02, 0.5) != plain[7]
    assert pixel(0, 0.02, 0.5) != pixel(7, 0.02, 0.5)  # two heat values
    assert pixel(7) == inside  # the tile itself is not painted
    assert pixel(14, 0.02, 0.5) == plain[14]  # no heat, no overlay
    assert pixel(35, 0.03, 0.5) != edge  # the frame
    assert "Overlays on Ur" in page.locator("#host .tigris-widget").inner_text()


def test_a_regrouping_keeps_the_lifted_cubes_on_the_players_side(page: Any, artifacts: Path) -> None:
    """Politics lifts a player's cubes until each tile's new count is chosen: meanwhile the board still
    shows his tiles (a "?" chip), and his supply and cubes on the grid do not jump."""
    import random

    game, rng = UrGame.new(players=4, seed=4), random.Random(4)
    while not (
        len(game) > 30 and "politics" in {s.kind for s in game.legal_actions()} and game.state.on_grid[game.to_move] > 2
    ):
        game.apply(rng.choice(game.legal_actions()))
    seat = game.to_move
    supply, on_grid = game.state.supply(seat), game.state.on_grid[seat]
    game.apply("politics")
    assert game.decision.kind == "politics" and game.state.supply(seat) != supply  # the engine lifted them
    BoardPage(page, BoardWidget(game))
    row = page.locator("#host .tw-ur-seats tbody tr").nth(seat).locator("td")
    assert [row.nth(2).inner_text(), row.nth(3).inner_text()] == [str(supply), str(on_grid)]
    assert "Regrouping:" in page.locator("#host .tw-ur-turn").inner_text()
    labels = page.locator("#host .tw-side button[data-key^='alloc-']").all_inner_texts()
    assert labels[:2] == [f"0 cubes stay on {labels[0].split()[-1]}", f"1 cube stays on {labels[0].split()[-1]}"]
    page.locator("#host .tigris-widget").screenshot(path=str(artifacts / "ur-regrouping.png"))
