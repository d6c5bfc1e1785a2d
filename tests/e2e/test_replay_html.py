"""``game.to_html``: one self-contained HTML file that replays a whole game on the canvas board, opened
from file:// in Debian's Chromium with the network blocked; a seat's file holds only that seat's
views; a 300-action game stays under 1.5 MB."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from browser_harness import embedded_data, open_offline_page

from tigris_widget import Game
from tigris_widget.jupyter.widget import BoardWidget

pytestmark = pytest.mark.browser


def long_game() -> Game:
    """A 4-player game on the alternative board with both variants, played to the end (324 actions)."""
    game = Game.new(players=4, seed=6, board="alternative", variants=("buildings", "ziggurat"))
    rng = random.Random(6)
    while game.decision is not None:
        legal = game.legal_actions()
        busy = [a for a in legal if str(a) != "pass" and not str(a).startswith("swap")]
        game.apply(rng.choice(busy or legal))
    return game


@pytest.fixture(scope="module")
def game() -> Game:
    return long_game()


def open_replay(browser: Any, path: Path, dpr: int = 1) -> tuple[Any, Any, list[str]]:
    viewport = {"width": 1300, "height": 1000}
    return open_offline_page(browser, path, "data-replay-ready", viewport=viewport, device_scale_factor=dpr)


def test_a_300_action_game_replays_from_a_file_without_network(
    browser: Any, game: Game, tmp_path: Path, artifacts: Path
) -> None:
    assert len(game) >= 300
    path = game.to_html(tmp_path / "game.html")
    size = path.stat().st_size
    assert size <= 1_500_000, size
    context, page, errors = open_replay(browser, path)
    try:
        n = len(game)
        root = page.locator(".tigris-widget")
        assert root.get_attribute("data-ready") == f"replay.{n}"
        assert "game over" in page.locator(".tw-status").inner_text()
        # step back with the history bar's keys, then jump to the start
        page.locator(".tw-history").focus()
        page.keyboard.press("ArrowLeft")
        page.wait_for_selector(f'.tigris-widget[data-ready="replay.{n - 1}"]')
        assert page.locator(".tw-banner").is_visible()
        assert f"Move {n - 1} of {n}" in page.locator(".tw-banner").inner_text()
        page.keyboard.press("Home")
        page.wait_for_selector('.tigris-widget[data-ready="replay.0"]')
        # on the board: . steps forward; the narrated log follows
        page.locator("canvas.tw-board").focus()
        for _ in range(3):
            page.keyboard.press(".")
        page.wait_for_selector('.tigris-widget[data-ready="replay.3"]')
        current = page.locator(".tw-log li.tw-current").inner_text()
        assert current.startswith("3. ") and str(game.actions[2]) in current
        assert str(game.events[2][0]) in current
        # the slider
        page.locator(".tw-range").fill(str(n // 2))
        page.locator(".tw-range").dispatch_event("change")
        page.wait_for_selector(f'.tigris-widget[data-ready="replay.{n // 2}"]')
        page.screenshot(path=str(artifacts / "replay-midgame.png"))
        # clicking the board explains that nothing can be played
        page.locator(".tw-back-live").click()
        page.wait_for_selector(f'.tigris-widget[data-ready="replay.{n}"]')
        assert page.locator(".tw-side .tw-actions button").count() == 0
        assert page.evaluate("() => window.tigrisReplay.plies") == n
    finally:
        context.close()
    assert not errors, errors


def test_a_seats_file_holds_only_that_seats_views(browser: Any, tmp_path: Path) -> None:
    game = Game.new(players=3, seed=1, hands=["rrkbbg", "kkkkkk", "gggggg"])
    rng = random.Random(1)
    for _ in range(40):
        game.apply(rng.choice(game.legal_actions()))
    path = game.to_html(tmp_path / "archer.html", seat=0)
    data = embedded_data(path)
    assert data["seat"] == 0
    for view in data["views"]:
        assert view["viewer"] == 0
        for p in view["body"]["players"]:
            assert (p["hand"] is not None) == (p["seat"] == 0)
    # nobody else's draws: private "draws: rg." events of seats 1 and 2 are not in the file
    everything = json.dumps(data)
    for ply, batch in enumerate(game.events):
        for event in batch:
            if not event.visible_to(0):
                assert event.text not in everything, (ply, event.text)
    # and the same seen by the browser: the other hands are counts
    context, page, errors = open_replay(browser, path)
    try:
        side = page.locator(".tw-side").inner_text()
        assert "tiles in hand" in side
    finally:
        context.close()
    assert not errors, errors
    with pytest.raises(ValueError, match="seat"):
        game.to_html(tmp_path / "x.html", seat=3)


def test_the_widget_writes_its_seats_replay(tmp_path: Path) -> None:
    game = Game.new(players=2, seed=4)
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    widget = BoardWidget(game, seat=1)
    data = embedded_data(widget.to_html(tmp_path / "w.html"))
    assert data["seat"] == 1 and len(data["views"]) == 6
    assert all(v["body"]["players"][0]["hand"] is None for v in data["views"])
