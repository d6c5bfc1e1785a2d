"""Positions for the widget tests and the golden view fixtures shared with the JS tests.

Each scenario is a seeded game played by a seeded random policy until a decision of some kind is
pending, so every decision kind the board must handle has a real position. ``python
tests/widget/view_scenarios.py`` rewrites ``tests/fixtures/views/*.json`` (after a deliberate
change of the engine or of ``serialize.py``).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from tigris_widget import Game
from tigris_widget.games.tigris.present.viewjson import serialize_game

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "views"


def play_until(
    kind: str | None,
    *,
    seed: int,
    players: int,
    board: str = "classic",
    variants: tuple[str, ...] = (),
    plies: int | None = None,
    prefer: str | None = None,
) -> Game:
    """A game after random play (seeded) until a ``kind`` decision is pending or ``plies`` were played;
    actions starting with ``prefer`` are chosen whenever legal."""
    game = Game.new(players=players, seed=seed, board=board, variants=variants)
    rng = random.Random(seed)
    while game.decision is not None and len(game) < 600:
        if kind is not None and game.decision.kind == kind:
            return game
        if plies is not None and len(game) >= plies:
            return game
        legal = game.legal_actions()
        preferred = [a for a in legal if prefer and str(a).startswith(prefer)]
        game.apply(preferred[0] if preferred else rng.choice(legal))
    if kind is None:
        return game
    raise AssertionError(f"no {kind!r} decision reached with seed {seed}")


# name -> (how to reach the position, seat of the view)
SCENARIOS: dict[str, tuple[dict[str, Any], int | None]] = {
    "start_all_seeing": ({"kind": "action", "seed": 1, "players": 3}, None),
    "start_seat0": ({"kind": "action", "seed": 1, "players": 3}, 0),
    "midgame_seat1": ({"kind": None, "seed": 5, "players": 4, "plies": 80}, 1),
    "midgame_all_seeing": ({"kind": None, "seed": 5, "players": 4, "plies": 80}, None),
    "revolt_attack": ({"kind": "revolt_attack", "seed": 0, "players": 4}, None),
    "war_defend_seat_view": ({"kind": "war_defend", "seed": 0, "players": 4}, 2),
    "war_order": ({"kind": "war_order", "seed": 0, "players": 4}, None),
    "monument": ({"kind": "monument", "seed": 2, "players": 4}, None),
    "treasure": ({"kind": "treasure", "seed": 0, "players": 4}, None),
    "building": ({"kind": "building", "seed": 0, "players": 4, "board": "alternative", "variants": ("buildings", "ziggurat")}, None),
    "game_over": ({"kind": None, "seed": 3, "players": 2}, None),
    "ziggurat_bonus": (
        {"kind": "ziggurat_bonus", "seed": 26, "players": 2, "board": "alternative",
         "variants": ("buildings", "ziggurat"), "prefer": "ziggurat"},
        None,
    ),
}  # fmt: skip


def scenario_game(name: str) -> tuple[Game, int | None]:
    recipe, seat = SCENARIOS[name]
    return play_until(**recipe), seat


def fixture_path(name: str) -> Path:
    return FIXTURES / f"{name}.json"


def build_fixture(name: str) -> dict[str, Any]:
    """The fixture: the game record (to rebuild the game exactly), the seat, the synced view, and the
    legal actions in notation when the view may act (the JS tests check that the notation they build
    from the targets is exactly these)."""
    game, seat = scenario_game(name)
    view = serialize_game(game, seat)
    legal = [str(a) for a in game.legal_actions()] if view["decision"] and view["decision"]["mine"] else []
    return {"game": game.to_dict(), "seat": seat, "view": view, "legal": legal}


def load_fixture(name: str) -> dict[str, Any]:
    return json.loads(fixture_path(name).read_text(encoding="utf-8"))


def write_fixtures() -> None:
    FIXTURES.mkdir(parents=True, exist_ok=True)
    for name in SCENARIOS:
        fixture_path(name).write_text(json.dumps(build_fixture(name), indent=1) + "\n", encoding="utf-8")
        print("wrote", fixture_path(name))


if __name__ == "__main__":
    sys.exit(write_fixtures())
