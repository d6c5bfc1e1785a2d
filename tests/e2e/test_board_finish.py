"""The board and its log as a demanding user sees them (issue #22 items 1-7), in Debian's Chromium:
the log keeps the current move in view, the whole last turn is marked and a pass said, every square
has a tooltip, the board fits a 360 px cell with no horizontal scrollbar, a dark theme reaches every
surface, and a finished game shows its standings on the board and in the log, for both games.
Screenshots in test-artifacts/finish/."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from browser_harness import BoardPage
from ur_scenarios import scenario_game as ur_game
from view_scenarios import scenario_game

from tigris_widget import Game
from tigris_widget.core.registry import game_module
from tigris_widget.games.tigris.engine.core.types import PASS
from tigris_widget.jupyter.widget import BoardWidget

pytestmark = pytest.mark.browser


@pytest.fixture
def out(artifacts: Path) -> Path:
    path = artifacts / "finish"
    path.mkdir(exist_ok=True)
    return path


def random_game(plies: int, seed: int = 7, players: int = 3) -> Game:
    game = Game.new(players=players, seed=seed)
    rng = random.Random(seed)
    while len(game) < plies and game.decision is not None:
        game.apply(rng.choice(game.legal_actions()))
    return game


def current_in_view(page: Any, host: str = "#host") -> bool:
    """Whether the log's current entry lies inside the log's visible box."""
    return bool(
        page.evaluate(
            """(host) => {
            const log = document.querySelector(host + ' .tw-log');
            const items = log.querySelectorAll('.tw-current');
            const cur = items[items.length - 1];
            if (!cur) return false;
            const b = log.getBoundingClientRect(), r = cur.getBoundingClientRect();
            return log.scrollHeight > log.clientHeight && r.top >= b.top - 1 && r.top < b.bottom - 8;
        }""",
            host,
        )
    )


def test_item1_the_log_keeps_the_current_move_in_view(page: Any) -> None:
    widget = BoardWidget(random_game(40))
    board = BoardPage(page, widget)
    assert current_in_view(page)  # the latest move, at the bottom of a log that scrolls
    for ply in (34, 30, 38, 40):  # stepping back and forth through the history
        widget.goto(ply)
        board.push()
        assert page.locator("#host .tw-log .tw-current").first.inner_text().startswith(f"{ply}.")
        assert current_in_view(page), ply
    # a move played from Python: the new move is shown at once
    widget.play(widget.game.legal_actions()[0])
    board.push()
    assert current_in_view(page)
    assert page.evaluate("() => document.scrollingElement.scrollTop") == 0  # the log scrolled, not the page
    # a board drawn while its cell is hidden (JupyterLab renders outputs before showing them)
    page.evaluate("() => { document.getElementById('host2').style.display = 'none'; window.tigrisRenderAgain(); }")
    page.wait_for_selector("#host2 .tigris-widget[data-ready]", state="attached")
    page.evaluate("() => { document.getElementById('host2').style.display = 'block'; }")
    page.wait_for_function(
        """() => { const log = document.querySelector('#host2 .tw-log');
                   const cur = log.querySelector('.tw-current');
                   return cur && cur.getBoundingClientRect().bottom <= log.getBoundingClientRect().bottom + 1; }""",
        timeout=3000,
    )
    assert current_in_view(page, "#host2")


LOG_GAPS = """(host) => {
    const log = document.querySelector(host + ' .tw-log');
    const items = log.querySelectorAll('.tw-current');
    const cur = items[items.length - 1];
    const b = log.getBoundingClientRect(), r = cur.getBoundingClientRect();
    const top = b.top + log.clientTop, bottom = top + log.clientHeight;  // the log's visible box
    return {above: r.top - top, below: bottom - r.bottom, scrolls: log.scrollHeight > log.clientHeight};
}"""


def log_gaps(page: Any, host: str = "#host") -> dict[str, Any]:
    """Room between the log's current entry and the top and bottom of the log's visible box (px)."""
    return dict(page.evaluate(LOG_GAPS, host))


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("game_name", ["tigris", "ur"])
@pytest.mark.parametrize("width", [370, 1000])
def test_item1_the_current_entry_has_room_below_it_not_flush_with_the_edge(
    page: Any, out: Path, theme: str, game_name: str, width: int
) -> None:
    """At an 800 px JupyterLab window with the file browser open (a ~370 px cell: the panel under the
    board) the newest entry sat on the log's bottom edge: now it lies inside with a margin, stepping
    both ways, in both games and themes."""
    game: Any = random_game(40) if game_name == "tigris" else ur_game("turn")[0]
    widget = BoardWidget(game, theme=theme)  # type: ignore[arg-type]
    board = BoardPage(page, widget)
    page.evaluate(f"() => {{ document.getElementById('host').style.width = '{width}px'; }}")
    page.wait_for_timeout(100)
    last = len(game)
    for ply in (last, last - 6, last - 1, 3, last):
        widget.goto(ply)
        board.push()
        page.wait_for_timeout(50)
        gaps = log_gaps(page)
        assert gaps["scrolls"], gaps
        assert gaps["below"] >= 4 and gaps["above"] >= 0, (ply, gaps)
    page.locator("#host .tw-log").screenshot(path=str(out / f"log-room-{game_name}-{theme}-{width}.png"))


def test_item2_the_whole_last_turn_is_marked_and_a_pass_is_said(page: Any, out: Path) -> None:
    game = random_game(0)
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    widget = BoardWidget(game)
    board = BoardPage(page, widget)
    turn = widget.view["last_turn"]
    assert len(turn["squares"]) == 2
    line = page.locator("#host .tw-last-turn")
    who = widget.view["seats"][turn["seat"]]["name"]
    assert line.inner_text() == f"Last turn, {who}: {', '.join(turn['actions'])}."
    tint = page.evaluate(
        """(squares) => {
            const c = document.querySelector('#host canvas.tw-board');
            const lay = JSON.parse(c.dataset.layout), k = c.width / parseFloat(c.style.width);
            const ctx = c.getContext('2d');
            // the last turn's frame, in its accent colour, on the edge of every square of the turn
            return squares.map((q) => Array.from(ctx.getImageData(
                Math.round((lay.left + (q % 16) * lay.cell + 1) * k), Math.round((lay.top + (Math.floor(q / 16) + 0.5) * lay.cell) * k), 1, 1).data));
        }""",
        turn["squares"],
    )
    accent = (0xD8, 0x1B, 0x60)
    assert all(sum(abs(a - b) for a, b in zip(px[:3], accent)) < 60 for px in tint), tint
    assert page.locator("#host .tw-log li.tw-in-last-turn").count() == 2
    page.locator("#host .tigris-widget").screenshot(path=str(out / "last-turn.png"))
    # a pass: said in words, on the panel
    while game.decision is not None and not any(a.kind == PASS for a in game.legal_actions()):
        game.apply(game.legal_actions()[0])
    game.apply(next(a for a in game.legal_actions() if a.kind == PASS))
    board.push()
    assert line.inner_text().endswith("passed.")


def test_item3_every_leader_is_ringed_and_every_square_has_a_tooltip(page: Any, out: Path) -> None:
    game, _ = scenario_game("midgame_all_seeing")
    widget = BoardWidget(game)
    board = BoardPage(page, widget)
    view = widget.view
    seat = next(p for p in view["body"]["players"] if any(q >= 0 for q in p["leaders"].values()))
    colour, square = next((c, q) for c, q in seat["leaders"].items() if q >= 0)
    x, y = board.square_point(square)
    page.mouse.move(x, y)
    canvas = page.locator("#host canvas.tw-board")
    title = canvas.get_attribute("title")
    name = seat["dynasty"].capitalize()
    assert title is not None and name in title and f"({square % 16},{square // 16})" in title, title
    # the ring: the owner's seat colour just inside the square's edge, left of the disc's centre
    ring = json.loads(
        page.evaluate(
            """([q]) => {
            const c = document.querySelector('#host canvas.tw-board');
            const lay = JSON.parse(c.dataset.layout), k = c.width / parseFloat(c.style.width);
            const x = Math.round((lay.left + (q % 16) * lay.cell + lay.cell * (20 - 18.5) / 40) * k);
            const y = Math.round((lay.top + (Math.floor(q / 16) + 0.5) * lay.cell) * k);
            return JSON.stringify(Array.from(c.getContext('2d').getImageData(x, y, 1, 1).data).slice(0, 3));
        }""",
            [square],
        )
    )
    want = view["seats"][seat["seat"]]["colour"]
    rgb = [int(want[i : i + 2], 16) for i in (1, 3, 5)]
    assert sum(abs(a - b) for a, b in zip(ring, rgb)) < 90, (ring, want, colour)
    page.mouse.move(5, 5)
    assert canvas.get_attribute("title") is None
    assert page.locator("#host .tw-player .tw-seat-swatch").count() == len(view["seats"])


@pytest.mark.parametrize("width", [360, 372, 420, 560, 760])
@pytest.mark.parametrize("game_name", ["tigris", "ur"])
def test_item4_the_board_fits_any_cell_from_360px(browser: Any, out: Path, width: int, game_name: str) -> None:
    context = browser.new_context(viewport={"width": 900, "height": 1100}, device_scale_factor=1)
    page = context.new_page()
    try:
        game: Any = scenario_game("midgame_all_seeing")[0] if game_name == "tigris" else ur_game("turn")[0]
        BoardPage(page, BoardWidget(game))
        page.evaluate(f"() => {{ document.getElementById('host').style.width = '{width}px'; }}")
        page.wait_for_timeout(150)
        sizes = page.evaluate(
            """() => {
            const root = document.querySelector('#host .tigris-widget');
            const host = document.getElementById('host').getBoundingClientRect();
            const over = [...root.querySelectorAll('*')].filter((e) => {
                const r = e.getBoundingClientRect();
                return r.width > 0 && (r.right > host.right + 0.5 || r.left < host.left - 0.5);
            }).map((e) => e.className || e.tagName);
            const canvas = root.querySelector('canvas.tw-board').getBoundingClientRect();
            const side = root.querySelector('.tw-side').getBoundingClientRect();
            return { over, scroll: root.scrollWidth - root.clientWidth, canvasRight: canvas.right, hostRight: host.right,
                     below: side.top >= canvas.bottom - 1, beside: side.left >= canvas.right - 1 };
        }"""
        )
        assert sizes["over"] == [] and sizes["scroll"] <= 0, sizes
        assert sizes["canvasRight"] <= sizes["hostRight"] + 0.5
        if width < 600:
            assert sizes["below"], sizes
        page.locator("#host .tigris-widget").screenshot(path=str(out / f"fit-{game_name}-{width}.png"))
    finally:
        context.close()


def test_item5_a_dark_board_is_dark_everywhere_it_owns(page: Any, out: Path) -> None:
    game, _ = scenario_game("midgame_all_seeing")
    widget = BoardWidget(game, theme="dark")
    widget.show_heatmap({(6, 4): 3.0, (7, 4): 1.0, (8, 4): -2.0}, legend="points", format="points")
    board = BoardPage(page, widget)
    board.push()

    def luminance(css: str) -> float:
        r, g, b = (float(v) for v in re.findall(r"[\d.]+", css[css.index("(") :])[:3])
        return 0.299 * r + 0.587 * g + 0.114 * b

    styles = page.evaluate(
        """() => {
        const get = (sel, prop) => getComputedStyle(document.querySelector(sel))[prop];
        return { bg: get('#host .tigris-widget', 'backgroundColor'), text: get('#host .tw-log', 'color'),
                 panel: get('#host .tw-side', 'color'), button: get('#host .tw-history button', 'backgroundColor'),
                 legend: get('#host .tw-legend-bar', 'backgroundImage') };
    }"""
    )
    assert luminance(styles["bg"]) < 60 and luminance(styles["button"]) < 60, styles
    assert luminance(styles["text"]) > 170 and luminance(styles["panel"]) > 170, styles
    first_stop = styles["legend"].split("rgb")[1]
    assert luminance("rgb" + first_stop) < 90, styles["legend"]  # the scale's low end is dim, not white
    page.locator("#host .tigris-widget").screenshot(path=str(out / "dark.png"))


def test_item6_labels_leave_the_piece_in_the_middle_uncovered(page: Any) -> None:
    game, _ = scenario_game("midgame_all_seeing")
    widget = BoardWidget(game)
    tile = widget.view["body"]["tiles"]["red"][0]
    board = BoardPage(page, widget)

    def centre() -> list[int]:
        return page.evaluate(
            """(q) => {
            const c = document.querySelector('#host canvas.tw-board');
            const lay = JSON.parse(c.dataset.layout), k = c.width / parseFloat(c.style.width);
            const data = c.getContext('2d').getImageData(Math.round((lay.left + (q % 16 + 0.3) * lay.cell) * k),
                Math.round((lay.top + (Math.floor(q / 16) + 0.25) * lay.cell) * k), Math.round(0.4 * lay.cell * k), Math.round(0.45 * lay.cell * k)).data;
            let sum = 0; for (let i = 0; i < data.length; i++) sum = (sum * 31 + data[i]) % 1000000007;
            return sum;
        }""",
            tile,
        )

    before = centre()
    widget.label(tile, "a long label")
    board.push()
    page.wait_for_timeout(50)
    assert centre() == before  # the middle of the tile (its symbol) looks the same with the label


def test_item7_a_finished_game_shows_its_standings_on_the_board_and_in_the_log(page: Any, out: Path) -> None:
    game, _ = scenario_game("game_over")
    widget = BoardWidget(game)
    BoardPage(page, widget)
    card = page.locator("#host .tw-final-card")
    assert card.is_visible()
    rows = card.locator("tbody tr:not(.tw-standings-note)")
    assert rows.count() == len(widget.view["seats"])
    header = card.locator("thead").inner_text()
    for word in ("Place", "Player", "Points", "Black", "Red", "Blue", "Green", "Treasures"):
        assert word in header
    assert "weakest colour" in card.inner_text()
    final = page.locator("#host .tw-log li.tw-log-final")
    assert final.is_visible() and "Final standings" in final.inner_text()
    page.locator("#host .tigris-widget").screenshot(path=str(out / "game-over.png"))
    card.get_by_role("button", name="Close the standings to see the board").click()
    assert card.is_hidden()
    assert page.locator("#host .tw-side .tw-standings").is_visible()  # still in the panel


def test_item7_ur_standings_come_from_its_own_result(page: Any, out: Path) -> None:
    game, _ = ur_game("over")
    widget = BoardWidget(game)
    BoardPage(page, widget)
    card = page.locator("#host .tw-final-card")
    assert card.is_visible()
    assert card.locator("tbody tr:not(.tw-standings-note)").count() == len(widget.view["seats"])
    header = card.locator("thead").inner_text()
    extra = [k for k in widget.view["result"][0] if k not in ("seat", "rank", "score")]
    assert all(k.capitalize() in header for k in extra), (header, extra)
    page.locator("#host .tigris-widget").screenshot(path=str(out / "ur-game-over.png"))


SQUARE_PIXELS = """([q, cols]) => {
    const c = document.querySelector('#host canvas.tw-board');
    const lay = JSON.parse(c.dataset.layout), k = c.width / parseFloat(c.style.width);
    const x = Math.round((lay.left + (q % cols) * lay.cell + lay.cell * 0.15) * k);
    const y = Math.round((lay.top + Math.floor(q / cols) * lay.cell + lay.cell * 0.15) * k);
    const n = Math.max(2, Math.round(lay.cell * 0.7 * k));
    return Array.from(c.getContext('2d').getImageData(x, y, n, n).data);
}"""


def square_pixels(page: Any, square: int, cols: int) -> list[int]:
    """The RGBA bytes of the middle 70 % of a square on the board's canvas (inside any frame)."""
    return list(page.evaluate(SQUARE_PIXELS, [square, cols]))


def changed(a: list[int], b: list[int]) -> float:
    """The share of pixels that differ clearly (sum of |ΔRGB| > 40) between two equal regions."""
    pixels = len(a) // 4
    return sum(sum(abs(a[i + j] - b[i + j]) for j in range(3)) > 40 for i in range(0, len(a), 4)) / pixels


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("game_name", ["tigris", "ur"])
def test_review_the_better_move_is_a_translucent_ghost_piece(page: Any, out: Path, game_name: str, theme: str) -> None:
    """The better move's piece appears on its square, translucent: the square is neither the bare
    terrain (nothing drawn) nor the piece at full strength (as if it had been played)."""
    if game_name == "tigris":
        game: Any = random_game(6, seed=3, players=2)
        text = next(str(a) for a in game.legal_actions() if str(a).startswith("tile r"))
        cols = 16
    else:
        game = ur_game("allocation")[0]
        text = "(2,0)=1"  # a cube on a cell nobody held: its owner's cube appears there
        cols = 6
    module = game_module(game_name)
    after = game.clone()
    after.apply(text)
    old, new = module.present(game, None)["body"], module.present(after, None)["body"]
    if game_name == "tigris":
        square = next(q for q in new["tiles"]["red"] if q not in old["tiles"]["red"])
    else:
        square = next(q for q, (a, b) in enumerate(zip(old["cells"], new["cells"])) if a != b)
    widget = BoardWidget(game, theme=theme)  # type: ignore[arg-type]
    board = BoardPage(page, widget)
    bare = square_pixels(page, square, cols)
    widget.ghost(after, [square], "#2e86de")
    board.push()
    ghost = square_pixels(page, square, cols)
    page.locator("#host canvas.tw-board").screenshot(path=str(out / f"ghost-{game_name}-{theme}.png"))
    widget.clear_overlays()
    game.apply(text)  # the piece really played, at full strength
    board.push()
    played = square_pixels(page, square, cols)
    piece = changed(bare, played)  # where the piece shows
    assert piece > 0.01, piece
    assert changed(bare, ghost) > 0.6 * piece, (changed(bare, ghost), piece)  # the ghost shows it …
    assert changed(played, ghost) > 0.3 * piece, (changed(played, ghost), piece)  # … not at full strength
