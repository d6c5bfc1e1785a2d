"""Golden views of the Royal Game of Ur (``tests/fixtures/views/royal/*.json``), read here and by vitest
(``js/tests/royal-board.test.ts``): the front end is tested on what the presenter really writes.
``PYTHONPATH=src python tests/games/royal/test_present_fixtures.py`` rewrites them after a deliberate
change of the view JSON."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tigris_widget.games.royal.game import RoyalGame
from tigris_widget.games.royal.present.view import present

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "views" / "royal"


def play_until(seed: int, done: Callable[[RoyalGame], bool], limit: int = 2000) -> RoyalGame:
    """A game of seeded random actions, stopped at the first position where ``done`` holds."""
    game, rng = RoyalGame.new(seed=seed), random.Random(seed)
    while not done(game):
        if game.is_over or len(game) >= limit:
            raise AssertionError(f"seed {seed}: the position sought never came")
        game.apply(rng.choice(game.legal_actions()))
    return game


def _moving(g: RoyalGame, least: int = 2) -> bool:
    return g.decision is not None and g.decision.kind != "chance" and len(g.legal_actions()) >= least


def _throwing(g: RoyalGame, seat: int) -> bool:
    return g.decision is not None and g.decision.kind == "chance" and g.decision.seat == seat


SCENARIOS: dict[str, tuple[Callable[[], RoyalGame], int | None]] = {
    "start": (lambda: RoyalGame.new(seed=1), None),
    "roll": (lambda: play_until(4, lambda g: len(g) > 20 and _throwing(g, 0)), 0),
    "move": (lambda: play_until(5, lambda g: len(g) > 30 and _moving(g, 3)), None),
    "bear_off": (lambda: play_until(6, lambda g: _moving(g) and "move 14" in map(str, g.legal_actions())), None),
    "other_seat": (lambda: play_until(7, lambda g: len(g) > 12 and _moving(g)), 1),
    "over": (lambda: play_until(8, lambda g: g.is_over, 5000), None),
}


def build_fixture(name: str) -> dict[str, Any]:
    make, seat = SCENARIOS[name]
    game = make()
    view = present(game, seat)
    legal = [str(a) for a in game.legal_actions()] if view["decision"] and view["decision"]["mine"] else []
    return {"seat": seat, "view": view, "legal": legal}


def write_all() -> None:
    FIXTURES.mkdir(parents=True, exist_ok=True)
    for name in SCENARIOS:
        (FIXTURES / f"{name}.json").write_text(json.dumps(build_fixture(name), indent=1) + "\n", encoding="utf-8")


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_fixture_is_what_the_presenter_writes(name: str) -> None:
    stored = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    assert stored == json.loads(json.dumps(build_fixture(name))), f"run {__file__} to rewrite the fixtures"


if __name__ == "__main__":
    write_all()
