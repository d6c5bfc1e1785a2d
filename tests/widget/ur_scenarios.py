"""Ur positions for the golden view fixtures (``tests/fixtures/views/ur/*.json``), read by pytest
(``test_ur_board.py``) and by vitest (``js/tests/ur.test.ts``). ``python tests/widget/ur_scenarios.py``
rewrites them after a deliberate change of the view JSON."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tigris_widget.games.ur import UrGame, present

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "views" / "ur"


def play_until(seed: int, done: Callable[[UrGame], bool], limit: int = 4000) -> UrGame:
    """A game of seeded random steps, stopped at the first position where ``done`` holds."""
    game = UrGame.new(players=4, seed=seed)
    rng = random.Random(seed)
    while not done(game):
        if game.is_over or len(game) >= limit:
            raise AssertionError(f"seed {seed}: the position sought never came")
        game.apply(rng.choice(game.legal_actions()))
    return game


def _kind(*kinds: str) -> Callable[[UrGame], bool]:
    return lambda g: g.decision is not None and g.decision.kind in kinds


SCENARIOS: dict[str, tuple[Callable[[], UrGame], int | None]] = {
    "setup": (lambda: play_until(2006, lambda g: len(g) == 2), None),
    "initial_seat": (lambda: play_until(2006, _kind("initial exchange")), 0),
    "turn": (lambda: play_until(5, lambda g: len(g) > 16 and _kind("turn")(g) and bool(g.state.acts)), None),
    "attack": (
        lambda: play_until(4, lambda g: _kind("turn")(g) and any(s.kind == "attack" for s in g.legal_actions())),
        1,
    ),
    "allocation": (lambda: play_until(11, _kind("trade", "culture", "agriculture", "politics")), None),
    "war_move": (lambda: play_until(3, _kind("war move")), None),
    "over": (lambda: play_until(8, lambda g: g.is_over), None),
}


def scenario_game(name: str) -> tuple[UrGame, int | None]:
    make, seat = SCENARIOS[name]
    return make(), seat


def build_fixture(name: str) -> dict[str, Any]:
    game, seat = scenario_game(name)
    view = present(game, seat)
    legal = [str(s) for s in game.legal_actions()] if view["decision"] and view["decision"]["mine"] else []
    return {"seat": seat, "view": view, "legal": legal}


def load_fixture(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    return data


def write_fixtures() -> None:
    FIXTURES.mkdir(parents=True, exist_ok=True)
    for name in SCENARIOS:
        (FIXTURES / f"{name}.json").write_text(json.dumps(build_fixture(name), indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write_fixtures()
    print(f"wrote {len(SCENARIOS)} fixtures to {FIXTURES}", file=sys.stderr)
