"""A notebook exported to HTML with its widget state (what nbviewer shows, and JupyterLab's "Export
as HTML" with "Save Widget State Automatically" on): the boards come back with no kernel, and a board
that embedded its history steps through every move.

The page is nbconvert's own export of a notebook executed by nbclient (which stores the widget state,
as nbviewer and exporters read it). It loads require.js, the widgets' HTML manager and anywidget's
front end from public CDNs; this machine has no internet, so the browser is served the same files
from the npm packages in ``js/node_modules`` at those addresses (everything else is refused)."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest
from browser_harness import ROOT, code_notebook, no_network

pytestmark = pytest.mark.browser

NODE_MODULES = ROOT / "js" / "node_modules"
CDN_FILES = {
    r"^https://cdnjs\.cloudflare\.com/ajax/libs/require\.js/[^/]+/require(\.min)?\.js$": "requirejs/require.js",
    r"^https://unpkg\.com/@jupyter-widgets/html-manager@[^/]+/dist/embed-amd\.js$": (
        "@jupyter-widgets/html-manager/dist/embed-amd.js"
    ),
    r"^https://cdn\.jsdelivr\.net/npm/anywidget@[^/]+/dist/index\.js$": "anywidget/dist/index.js",
}
MOVES = 14

CELLS = [
    f"""import random
from tigris_widget import BoardWidget, Game

game = Game.new(players=2, seed=3)
rng = random.Random(3)
for _ in range({MOVES}):
    game.apply(rng.choice(game.legal_actions()))
board = BoardWidget(game, embed_history=True)
board.highlight([(5, 4)], colour="orange")
board.caption("After {MOVES} moves")
board""",
    "BoardWidget(game, seat=0)  # no embedded history: the saved position only",
]


@pytest.fixture(scope="module")
def executed(tmp_path_factory: pytest.TempPathFactory) -> nbformat.NotebookNode:
    from nbclient import NotebookClient

    nb = code_notebook(CELLS)
    NotebookClient(nb, timeout=120, kernel_name="python3", store_widget_state=True).execute()
    assert "application/vnd.jupyter.widget-state+json" in nb.metadata.get("widgets", {})
    return nb


def export(nb: nbformat.NotebookNode, folder: Path, theme: str) -> Path:
    """nbconvert's HTML export (JupyterLab's "Export as HTML" and nbviewer render the same template)."""
    from nbconvert import HTMLExporter

    body, _ = HTMLExporter(theme=theme).from_notebook_node(nb)
    path = folder / f"shared-{theme}.html"
    path.write_text(body, encoding="utf-8")
    return path


def test_the_npm_front_ends_match_the_installed_packages() -> None:
    """The files served in place of the CDN are the versions the exported page asks for."""
    import anywidget

    npm = json.loads((NODE_MODULES / "anywidget" / "package.json").read_text())["version"]
    assert npm.split(".")[:2] == anywidget.__version__.split(".")[:2], (
        f"js/package.json pins anywidget {npm}; the Python package is {anywidget.__version__}: update the pin"
    )


def open_exported(
    browser: Any, exported: Path, width: int = 1300, dpr: int = 1, dark: bool = False, boards: int = 2
) -> Any:
    """A new browser context showing the exported page, the CDN files served from ``js/node_modules``;
    ``page.tw_errors`` collects JavaScript errors, ``page.tw_refused`` the requests refused."""
    context = browser.new_context(
        viewport={"width": width, "height": 1100}, device_scale_factor=dpr, color_scheme="dark" if dark else "light"
    )
    refused = no_network(context, {pattern: NODE_MODULES / file for pattern, file in CDN_FILES.items()})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(exported.as_uri())
    page.wait_for_function(
        f"document.querySelectorAll('.tigris-widget[data-ready]').length === {boards}", timeout=30_000
    )
    page.wait_for_selector(f'.tigris-widget[data-connection="none"] >> nth={boards - 1}', timeout=10_000)
    page.tw_errors, page.tw_refused = errors, refused
    return page


@pytest.fixture
def open_page(browser: Any, executed: nbformat.NotebookNode, tmp_path: Path) -> Iterator[Any]:
    pages: list[Any] = []

    def open_(width: int = 1300, dpr: int = 1, dark: bool = False) -> Any:
        pages.append(open_exported(browser, export(executed, tmp_path, "dark" if dark else "light"), width, dpr, dark))
        return pages[-1]

    yield open_
    for page in pages:
        page.context.close()
        # only fonts, MathJax and the like are refused; never a widget's code
        assert not [u for u in page.tw_refused if "anywidget" in u or "html-manager" in u or "require" in u]


def test_an_embedded_board_steps_through_the_game_with_no_kernel(open_page: Any, artifacts: Path) -> None:
    page = open_page()
    embedded, saved = page.locator(".tigris-widget").nth(0), page.locator(".tigris-widget").nth(1)
    notice = embedded.locator(".tw-offline-box")
    notice.wait_for(state="visible")
    page.wait_for_function(
        "document.querySelector('.tigris-widget .tw-offline-box').textContent.includes('Step through')"
    )
    assert "Saved board: no Python kernel is running it" in notice.inner_text()
    assert f"its {MOVES} moves" in notice.inner_text()
    assert embedded.locator(".tw-caption").inner_text() == f"After {MOVES} moves"
    page.screenshot(path=str(artifacts / "exported-notebook-light.png"), full_page=True)

    # the history bar: ← steps back, Home jumps to the start, the slider anywhere
    history = embedded.locator(".tw-history")
    history.focus()
    page.keyboard.press("ArrowLeft")
    embedded.locator(f'xpath=self::*[@data-ready="replay.{MOVES - 1}"]').wait_for()
    assert f"Move {MOVES - 1} of {MOVES}" in embedded.locator(".tw-banner").inner_text()
    assert embedded.locator(".tw-caption").is_hidden()  # Python's overlay belongs to the saved position
    page.keyboard.press("Home")
    embedded.locator('xpath=self::*[@data-ready="replay.0"]').wait_for()
    # on the board: . steps forward and the narrated log follows
    embedded.locator("canvas.tw-board").focus()
    for _ in range(3):
        page.keyboard.press(".")
    embedded.locator('xpath=self::*[@data-ready="replay.3"]').wait_for()
    assert embedded.locator(".tw-log li.tw-current").inner_text().startswith("3. ")
    embedded.locator(".tw-range").fill("9")
    embedded.locator(".tw-range").dispatch_event("change")
    embedded.locator('xpath=self::*[@data-ready="replay.9"]').wait_for()
    page.screenshot(path=str(artifacts / "exported-notebook-history.png"), full_page=True)
    # a click on the board says why nothing happens; nothing can be played
    embedded.locator("canvas.tw-board").click(position={"x": 200, "y": 200}, force=True)  # aria-disabled
    assert "moves cannot be played here" in embedded.locator(".tw-error").inner_text()
    embedded.locator(".tw-back-live").click()
    embedded.locator(f'xpath=self::*[@data-ready="replay.{MOVES}"]').wait_for()
    assert embedded.locator(".tw-caption").is_visible()
    assert embedded.locator(".tw-side .tw-actions button:enabled").count() == 0

    # the board without embedded history shows its saved position, its history controls disabled
    assert "shows the position it was saved with" in saved.locator(".tw-offline-box").inner_text()
    assert saved.locator(".tw-history button:enabled, .tw-history input:enabled").count() == 0
    assert not page.tw_errors, page.tw_errors


@pytest.mark.parametrize(("width", "dpr", "dark"), [(700, 2, False), (1300, 2, True)])
def test_the_exported_board_at_other_sizes_and_themes(
    open_page: Any, artifacts: Path, width: int, dpr: int, dark: bool
) -> None:
    page = open_page(width, dpr, dark)
    embedded = page.locator(".tigris-widget").nth(0)
    assert embedded.get_attribute("data-theme") == ("dark" if dark else "light")
    box = embedded.locator("canvas.tw-board").bounding_box()
    assert box is not None and box["width"] <= width
    name = f"exported-notebook-{width}-dpr{dpr}-{'dark' if dark else 'light'}.png"
    page.screenshot(path=str(artifacts / name), full_page=True)
    assert not page.tw_errors, page.tw_errors


def test_a_broken_saved_history_is_reported_on_the_board(
    browser: Any, executed: nbformat.NotebookNode, tmp_path: Path
) -> None:
    """A hand-edited notebook whose board history is not a replay: the board says so and still shows
    its saved position; nothing else on the page breaks."""
    nb = nbformat.from_dict(json.loads(json.dumps(executed)))
    state = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    boards = [m for m in state.values() if m["state"].get("replay")]
    assert len(boards) == 1
    boards[0]["state"]["replay"] = "H4sIAAAAAAAA/not-a-replay"
    page = open_exported(browser, export(nb, tmp_path, "light"))
    embedded = page.locator(".tigris-widget").nth(0)
    error = embedded.locator(".tw-error")
    error.wait_for(state="visible", timeout=10_000)
    assert "saved history cannot be read" in error.inner_text()
    assert embedded.get_attribute("data-ready") is not None  # the saved position is still drawn
    assert "shows the position it was saved with" in embedded.locator(".tw-offline-box").inner_text()
    page.context.close()


def test_a_step_the_board_cannot_draw_is_refused_visibly(
    browser: Any, executed: nbformat.NotebookNode, tmp_path: Path
) -> None:
    """A saved history whose third step lacks its board map: stepping there says so and keeps the
    board on the step before; the other steps still work."""
    from tigris_widget.render.replay import pack, unpack

    nb = nbformat.from_dict(json.loads(json.dumps(executed)))
    state = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    model = next(m for m in state.values() if m["state"].get("replay"))
    data = unpack(model["state"]["replay"])
    del data["views"][3]["body"]["board"]
    model["state"]["replay"] = pack(data)
    page = open_exported(browser, export(nb, tmp_path, "light"))
    embedded = page.locator(".tigris-widget").nth(0)
    page.wait_for_function(
        "document.querySelector('.tigris-widget .tw-offline-box').textContent.includes('Step through')"
    )
    embedded.locator(".tw-history").focus()
    page.keyboard.press("Home")
    embedded.locator('xpath=self::*[@data-ready="replay.0"]').wait_for()
    embedded.locator("canvas.tw-board").focus()
    page.keyboard.press(".")
    page.keyboard.press(".")
    embedded.locator('xpath=self::*[@data-ready="replay.2"]').wait_for()
    page.keyboard.press(".")
    error = embedded.locator(".tw-error")
    error.wait_for(state="visible", timeout=5_000)
    assert "Move 3 of the saved history cannot be shown" in error.inner_text()
    assert embedded.get_attribute("data-ready") == "replay.2"
    assert "move 2 / " in embedded.locator(".tw-history").inner_text()
    page.keyboard.press("End")
    embedded.locator(f'xpath=self::*[@data-ready="replay.{MOVES}"]').wait_for()
    assert not page.tw_errors, page.tw_errors
    page.context.close()


def test_a_published_notebook_steps_through_its_games(browser: Any, tmp_path: Path) -> None:
    """``make_notebooks.py --html=DIR`` publishes a notebook whose every board embeds its moves: the
    variants notebook's board of a whole game replays its 200 actions on the page."""
    sys.path.insert(0, str(ROOT / "notebooks"))
    try:
        import make_notebooks
    finally:
        sys.path.remove(str(ROOT / "notebooks"))
    name = "05_variants.ipynb"
    path = make_notebooks.publish(name, make_notebooks.build(name, make_notebooks.cells_of("variants")), tmp_path)
    text = path.read_text(encoding="utf-8")
    assert "embed_history_default" not in text  # the switch ran but is not shown
    page = open_exported(browser, path, boards=5)  # four game boards, then the puzzle browser's
    last = page.locator(".tigris-widget").nth(3)
    page.wait_for_function(
        "(el) => el.querySelector('.tw-offline-box').textContent.includes('Step through')", arg=last.element_handle()
    )
    moves = int(re.search(r"Step through its (\d+) moves", last.locator(".tw-offline-box").inner_text()).group(1))
    assert moves > 100
    last.locator(".tw-history").focus()
    page.keyboard.press("Home")
    last.locator('xpath=self::*[@data-ready="replay.0"]').wait_for()
    page.keyboard.press("End")
    last.locator(f'xpath=self::*[@data-ready="replay.{moves}"]').wait_for()
    assert not page.tw_errors, page.tw_errors
    page.context.close()
