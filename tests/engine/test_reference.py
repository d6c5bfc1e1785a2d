"""The bitboard engine against a slow, obviously-correct reference written square by square.

The reference reads the rules literally (§4 D4 regions by breadth-first search, §6.1 L1–L4,
§6.2 T2–T4, §6.3 C2–C3) and knows nothing of masks, so it checks the region bookkeeping and the
legal-move tables of the fast engine in many random positions.
"""

from __future__ import annotations

import random
from collections import deque

import pytest

from tigris_widget import Game
from tigris_widget.games.tigris.engine.core.actions import Action
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import (
    BLUE,
    MOVE_LEADER,
    PLACE_CATASTROPHE,
    PLACE_LEADER,
    PLACE_TILE,
    RED,
    SWAP,
)
from tigris_widget.games.tigris.engine.rules.playout import random_action


def cells(mask: int) -> set[tuple[int, int]]:
    return {(q % 16, q // 16) for q in range(176) if mask >> q & 1}


def neighbours(x: int, y: int) -> list[tuple[int, int]]:
    return [(a, b) for a, b in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)) if 0 <= a < 16 and 0 <= b < 11]


def regions(pieces: set[tuple[int, int]]) -> list[set[tuple[int, int]]]:
    seen: set[tuple[int, int]] = set()
    found = []
    for start in sorted(pieces):
        if start in seen:
            continue
        region = {start}
        todo = deque([start])
        while todo:
            for n in neighbours(*todo.popleft()):
                if n in pieces and n not in region:
                    region.add(n)
                    todo.append(n)
        seen |= region
        found.append(region)
    return found


def reference_turn_targets(s: GameState, lifted: tuple[int, int] | None = None) -> dict[str, set[tuple[int, int]]]:
    tiles = [cells(m) for m in s.tiles]
    leaders = {(q % 16, q // 16) for q in s.leaders if q >= 0} - ({lifted} if lifted else set())
    pieces = set().union(*tiles) | cells(s.down) | cells(s.ziggurat) | leaders
    blocked = pieces | cells(s.catastrophes)
    river = cells(s.map.river)
    kingdoms = [r for r in regions(pieces) if r & leaders]

    def touching(x: int, y: int) -> int:
        return sum(1 for k in kingdoms if any(n in k for n in neighbours(x, y)))

    empty = {(x, y) for x in range(16) for y in range(11)} - blocked
    return {
        "land_tile": {c for c in empty if c not in river and touching(*c) < 3},
        "river_tile": {c for c in empty & river if touching(*c) < 3},
        "leader": {c for c in empty - river if any(n in tiles[RED] for n in neighbours(*c)) and touching(*c) < 2}
        - ({lifted} if lifted else set()),
        "catastrophe": (empty | set().union(*tiles))
        - cells(s.treasures)
        - {(q % 16, q // 16) for q in s.buildings if q >= 0},
    }


def engine_targets(actions: list[Action], kind: int, colour: int | None = None) -> set[tuple[int, int]]:
    return {
        (a.square % 16, a.square // 16) for a in actions if a.kind == kind and (colour is None or a.colour == colour)
    }


def compare(s: GameState, actions: list[Action]) -> None:
    ref = reference_turn_targets(s)
    base = s.active * 4
    for c in range(4):
        expected = (ref["river_tile"] if c == BLUE else ref["land_tile"]) if s.hands[base + c] else set()
        assert engine_targets(actions, PLACE_TILE, c) == expected
        in_supply = s.leaders[base + c] < 0
        assert engine_targets(actions, PLACE_LEADER, c) == (ref["leader"] if in_supply else set())
        if not in_supply:
            q = s.leaders[base + c]
            moved = reference_turn_targets(s, lifted=(q % 16, q // 16))["leader"]
            assert engine_targets(actions, MOVE_LEADER, c) == moved
    expected_cat = ref["catastrophe"] if s.catastrophes_left[s.active] else set()
    assert engine_targets(actions, PLACE_CATASTROPHE) == expected_cat
    hand = s.hands[base : base + 4]
    swaps = (hand[0] + 1) * (hand[1] + 1) * (hand[2] + 1) * (hand[3] + 1) - 1
    assert sum(1 for a in actions if a.kind == SWAP) == swaps


def test_opening_count_from_first_principles() -> None:
    game = Game.new(players=2, seed=1, hands=["kkrrbg", "kkkkkk"], start_player=0)
    temples = cells(game.state.tiles[RED])
    river = cells(game.state.map.river)
    next_to_temple = {n for t in temples for n in neighbours(*t)} - temples - river
    land_empty = 176 - 41 - 10
    expected = 3 * land_empty + 41 + 4 * len(next_to_temple) + (176 - 10) + (3 * 3 * 2 * 2 - 1) + 1
    assert len(game.legal_actions()) == expected


@pytest.mark.parametrize("seed", range(6))
def test_engine_matches_reference_through_random_games(seed: int) -> None:
    variants = ("buildings", "ziggurat") if seed % 2 else ()
    game = Game.new(players=2 + seed % 3, seed=seed, board="alternative" if seed % 3 == 1 else "classic",
                    variants=variants)  # fmt: skip
    rng = random.Random(seed)
    ply = 0
    while not game.is_over:
        s = game.state
        if s.phase == 0 and ply % 3 == 0:
            compare(s, game.legal_actions())
            engine_regions = sorted(sorted(cells(r)) for r in s.regions)
            pieces = set().union(*(cells(m) for m in s.tiles)) | cells(s.down | s.ziggurat | s.leader_mask)
            assert engine_regions == sorted(sorted(r) for r in regions(pieces))
        game.apply(random_action(s, rng))
        ply += 1
