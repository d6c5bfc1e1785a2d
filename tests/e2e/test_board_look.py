"""The board as a player sees it, in Debian's Chromium: eight canonical positions in light and dark at
device pixel ratios 1 and 2 (screenshots in test-artifacts/look/), discreet legal-move dots, the
last move and a pending conflict marked, history visibly different, notices that never cover the
board, a layout that keeps squares >= 28 px down to 600 px, the same catastrophe picture on the
board and in the panel, and the description a screen reader reads."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser_harness import BoardPage
from view_scenarios import scenario_game

from tigris_widget import Game
from tigris_widget.jupyter.widget import BoardWidget

pytestmark = pytest.mark.browser

CANONICAL = {
    "start": "start_all_seeing",
    "revolt": "revolt_attack",
    "war-order": "war_order",
    "monument": "monument",
    "treasure": "treasure",
    "buildings": "building",
    "ziggurat": "ziggurat_bonus",
    "game-over": "game_over",
}


def board_box(page: Any) -> dict[str, float]:
    box = page.locator("#host canvas.tw-board").bounding_box()
    assert box is not None
    return dict(box)


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def canvas_rgb(page: Any, square: int, dx: float = 0.5, dy: float = 0.5) -> list[int]:
    return page.evaluate(
        """([sq, dx, dy]) => {
            const c = document.querySelector('#host canvas.tw-board');
            const lay = JSON.parse(c.dataset.layout);
            const dpr = c.width / parseFloat(c.style.width);
            const x = Math.round((lay.left + (sq % 16 + dx) * lay.cell) * dpr);
            const y = Math.round((lay.top + (Math.floor(sq / 16) + dy) * lay.cell) * dpr);
            return Array.from(c.getContext('2d').getImageData(x, y, 1, 1).data).slice(0, 3);
        }""",
        [square, dx, dy],
    )


@pytest.fixture
def look_dir(artifacts: Path) -> Path:
    out = artifacts / "look"
    out.mkdir(exist_ok=True)
    return out


@pytest.mark.parametrize("dpr", [1, 2])
def test_eight_canonical_positions_in_light_and_dark(browser: Any, look_dir: Path, dpr: int) -> None:
    context = browser.new_context(viewport={"width": 1300, "height": 1000}, device_scale_factor=dpr)
    errors: list[str] = []
    try:
        for label, name in CANONICAL.items():
            game, seat = scenario_game(name)
            for theme in ("light", "dark"):
                page = context.new_page()
                page.on("pageerror", lambda err: errors.append(str(err)))
                widget = BoardWidget(game, seat=seat, theme=theme)
                board = BoardPage(page, widget)
                if theme == "dark":
                    page.evaluate("() => { document.body.style.background = '#1e1e1e'; }")
                root = page.locator("#host .tigris-widget")
                assert root.get_attribute("data-theme") == theme
                root.screenshot(path=str(look_dir / f"{label}-{theme}-dpr{dpr}.png"))
                canvas = page.locator("#host canvas.tw-board")
                assert canvas.evaluate("c => c.width") == round(
                    float(canvas.evaluate("c => parseFloat(c.style.width)")) * dpr
                )
                assert board.messages == []
                widget.close()
                page.close()
    finally:
        context.close()
    assert not errors, errors


def test_legal_targets_are_discreet_dots_stronger_under_the_pointer(page: Any, look_dir: Path) -> None:
    game = Game.new(players=3, seed=1)
    widget = BoardWidget(game)
    board = BoardPage(page, widget)
    colour, actions = next(iter(widget.view["targets"]["tile"].items()))
    squares = [int(q) for q in actions]
    free = next(q for q in range(176) if q not in squares and q not in widget.view["body"]["board"]["specials"])
    page.get_by_role("button", name=f"({colour} tile)").first.click()
    target = squares[len(squares) // 2]
    page.mouse.move(5, 5)
    page.wait_for_timeout(50)
    centre, corner = canvas_rgb(page, target), canvas_rgb(page, target, 0.12, 0.12)
    # a dot in the middle, the corner of the square untouched: no more orange grid over the board
    assert sum(abs(a - b) for a, b in zip(centre, corner)) > 40
    assert canvas_rgb(page, free, 0.12, 0.12) == corner or widget.view["body"]["board"]["river"]
    page.locator("#host .tigris-widget").screenshot(path=str(look_dir / "targets-dots.png"))
    board.square_point(target)
    page.mouse.move(*board.square_point(target))
    page.wait_for_timeout(50)
    hovered = canvas_rgb(page, target, 0.5, 0.32)  # the bigger dot reaches further from the centre
    assert hovered != canvas_rgb(page, squares[0], 0.5, 0.32) or target == squares[0]


def test_history_is_dimmed_with_a_banner_and_notices_stay_off_the_board(page: Any, look_dir: Path) -> None:
    game = Game.new(players=3, seed=1)
    rng_actions = 0
    while rng_actions < 6:
        game.apply(game.legal_actions()[0])
        rng_actions += 1
    widget = BoardWidget(game)
    board = BoardPage(page, widget)
    live_pixel = canvas_rgb(page, 0, 0.3, 0.3)
    assert page.locator("#host .tw-banner").is_hidden()
    widget.goto(2)
    board.push()
    banner = page.locator("#host .tw-banner")
    assert banner.is_visible()
    assert "Move 2 of 6" in banner.inner_text()
    assert canvas_rgb(page, 0, 0.3, 0.3) != live_pixel  # the board is dimmed
    # the log goes on past the move looked at
    assert page.locator("#host .tw-log li.tw-future").count() >= 1
    # a click on the board in history explains itself below the board, not over row 10
    board.click_square(5 * 16 + 5)
    notice = page.locator("#host .tw-error")
    assert notice.is_visible()
    assert not overlaps(dict(notice.bounding_box()), board_box(page))
    page.locator("#host .tigris-widget").screenshot(path=str(look_dir / "history.png"))
    page.locator("#host .tw-back-live").click()
    page.wait_for_function("() => window.model.get('view').history.live === true")
    assert widget.live


def test_illegal_move_notice_never_covers_the_board(page: Any) -> None:
    game = Game.new(players=3, seed=1)
    widget = BoardWidget(game)
    board = BoardPage(page, widget)
    colour, actions = next(iter(widget.view["targets"]["tile"].items()))
    squares = [int(q) for q in actions]
    page.get_by_role("button", name=f"({colour} tile)").first.click()
    board.click_square(next(q for q in range(176) if q not in squares))
    alert = page.locator("#host .tw-error")
    alert.wait_for(state="visible")
    assert "§" in alert.inner_text()
    assert not overlaps(dict(alert.bounding_box()), board_box(page))


@pytest.mark.parametrize("width", [600, 700, 1000])
def test_narrow_pages_keep_squares_at_least_28px_and_move_the_panel_below(
    browser: Any, look_dir: Path, width: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": 1100}, device_scale_factor=1)
    page = context.new_page()
    try:
        game, seat = scenario_game("midgame_all_seeing")
        BoardPage(page, BoardWidget(game, seat=seat))
        page.evaluate("() => { document.getElementById('host').style.width = 'auto'; }")
        page.wait_for_timeout(100)
        lay = json.loads(page.locator("#host canvas.tw-board").get_attribute("data-layout"))
        assert lay["cell"] >= 28
        canvas = board_box(page)
        side = dict(page.locator("#host .tw-side").bounding_box())
        if width <= 700:
            assert side["y"] >= canvas["y"] + canvas["height"]  # the panel went below the board
        else:
            assert side["x"] >= canvas["x"] + canvas["width"]  # beside it
        page.locator("#host .tigris-widget").screenshot(path=str(look_dir / f"width-{width}.png"))
    finally:
        context.close()


def test_catastrophe_is_the_same_picture_on_board_and_panel(page: Any) -> None:
    game, seat = scenario_game("midgame_all_seeing")
    widget = BoardWidget(game, seat=seat, theme="light")
    BoardPage(page, widget)
    icon = page.locator("#host .tw-side canvas").nth(4)  # after the four leaders of the first player
    assert icon.count() == 1
    # the icon is the board's catastrophe drawing: the dark tile with the light crack
    colours = icon.evaluate(
        """c => { const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
                  const s = new Set(); for (let i = 0; i < d.length; i += 4) if (d[i+3] > 250) s.add(d[i] + ',' + d[i+1] + ',' + d[i+2]);
                  return [...s]; }"""
    )
    assert "63,45,34" in colours  # palette "catastrophe" #3f2d22
    assert "240,201,135" in colours  # palette "crack" #f0c987
    assert "✕" not in page.locator("#host .tw-side").inner_text()


def test_screen_reader_description_says_what_the_picture_shows(page: Any) -> None:
    game, seat = scenario_game("revolt_attack")
    widget = BoardWidget(game, seat=seat)
    BoardPage(page, widget)
    canvas = page.locator("#host canvas.tw-board")
    snapshot = page.locator("#host").aria_snapshot()
    assert "application" in snapshot and "Tigris & Euphrates board" in snapshot
    described = canvas.evaluate("c => document.getElementById(c.getAttribute('aria-describedby')).textContent")
    view = widget.view["body"]
    conflict = view["conflict"]
    assert conflict is not None
    assert "Revolt in" in described and "attacks from" in described
    for squares in view["tiles"].values():
        if squares:
            x, y = squares[0] % 16, squares[0] // 16
            assert f"({x},{y})" in described
    # the accessible description reaches the accessibility tree of the real browser
    cdp = page.context.new_cdp_session(page)
    tree = cdp.send("Accessibility.getFullAXTree")["nodes"]
    board = [n for n in tree if n.get("role", {}).get("value") == "application"]
    assert board, "the board is not in the accessibility tree"
    description = board[0].get("description", {}).get("value", "")
    assert "Revolt in" in description
