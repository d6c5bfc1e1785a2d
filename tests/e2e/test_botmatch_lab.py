"""BotMatch against a search bot in a real JupyterLab 4: while the bot thinks (in a background thread)
a line under the board says who is thinking and the kernel answers at once; then the bot's moves
appear and the decision comes back to the human. Screenshots in light and dark, at 700 and 1,400 px,
device pixel ratio 1 and 2, go to test-artifacts/botmatch-*.png."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from browser_harness import (
    ARTIFACTS,
    JupyterServer,
    evaluate,
    jupyterlab,
    lab_theme,
    open_notebook,
    screen_cases,
    write_notebook,
)

pytestmark = [pytest.mark.jupyterlab, pytest.mark.browser]

CELL = """from tigris_widget import Game
from tigris_widget.bots import make_bot
from tigris_widget.jupyter import BotMatch

match = BotMatch(Game.new(players=2, seed=3, start_player=1), seat=0, opponents=make_bot("search:1.5s"), delay=0.3)
match"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    work = tmp_path_factory.mktemp("botmatch")
    write_notebook(work / "botmatch.ipynb", [CELL])
    with jupyterlab(work) as server:
        yield server


@pytest.mark.parametrize(
    ("theme", "width", "dpr"),
    screen_cases(["light", "dark"], [700, 1400], [1, 2], always=[("light", 1400, 1), ("dark", 700, 2)]),
)
def test_the_bot_thinks_while_the_kernel_stays_free(lab: JupyterServer, browser: Any, theme: str, width: int,
                                                    dpr: int) -> None:  # fmt: skip
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": width, "height": 1300}, device_scale_factor=dpr)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(f"{err}\n{err.stack}"))
    try:
        page.goto(lab.url("/lab"))
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.commands.hasCommand('apputils:change-theme')",
                               timeout=60_000)  # fmt: skip
        lab_theme(page, dark=theme == "dark")
        open_notebook(page, lab, "botmatch.ipynb")
        output = page.locator(".jp-Notebook .jp-Cell").first.locator(".jp-OutputArea")
        thinking = output.locator(".tw-bot-status", has_text="is thinking…")
        thinking.wait_for(state="visible", timeout=120_000)
        assert "Bull (search)" in thinking.inner_text()
        page.locator(".tigris-widget[data-ready]").first.wait_for(timeout=60_000)
        kc = lab.kernel()
        start = time.perf_counter()
        assert evaluate(kc, "1 + 1") == 2
        assert time.perf_counter() - start < 1.5, "the kernel answers while the bot thinks"
        assert evaluate(kc, "match._thinking") is True
        output.screenshot(path=str(ARTIFACTS / f"botmatch-thinking-{theme}-{width}-dpr{dpr}.png"))
        page.wait_for_function("(el) => !el.innerText.includes('is thinking')", arg=output.element_handle(),
                               timeout=120_000)  # fmt: skip
        assert evaluate(kc, "match.game.to_move") == 0  # the line stays until the last bot move is played
        assert evaluate(kc, "len(match.game)") >= 2
        assert evaluate(kc, "match.bot_status.value") == ""
        page.wait_for_timeout(500)
        output.screenshot(path=str(ARTIFACTS / f"botmatch-answered-{theme}-{width}-dpr{dpr}.png"))
        kc.stop_channels()
        assert not errors
    except Exception:
        page.screenshot(path=str(ARTIFACTS / f"botmatch-failure-{theme}-{width}.png"))
        raise
    finally:
        context.close()
