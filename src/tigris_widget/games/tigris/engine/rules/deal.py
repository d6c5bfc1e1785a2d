"""Dealing a new game (rules §3): the bag, the hands and the start player, all from one seed."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tigris_widget.games.tigris.engine.core.errors import PositionError
from tigris_widget.games.tigris.engine.core.setup import GameSetup
from tigris_widget.games.tigris.engine.core.state import GameState, empty_state
from tigris_widget.games.tigris.engine.core.types import COLOUR_CODES, HAND_SIZE, RED, TILE_SUPPLY
from tigris_widget.games.tigris.engine.rules.draws import shuffle

TileSpec = str | Sequence[int]
"""Tiles written as colour codes (``"rrkbg"``) or as a sequence of colour numbers."""


def parse_tiles(spec: TileSpec, what: str) -> list[int]:
    if isinstance(spec, str):
        out = []
        for ch in spec.replace(" ", "").lower():
            if ch not in COLOUR_CODES:
                raise PositionError(f"{what}: {ch!r} is not a tile colour (use k, r, b, g)")
            out.append(COLOUR_CODES.index(ch))
        return out
    tiles = list(spec)
    if any(not isinstance(c, int) or not 0 <= c < 4 for c in tiles):
        raise PositionError(f"{what}: tile colours are 0..3 (black, red, blue, green), got {tiles!r}")
    return tiles


def deal(
    setup: GameSetup,
    seed: int,
    start_player: int | None = None,
    hands: Sequence[TileSpec] | None = None,
    bag: TileSpec | None = None,
) -> GameState:
    """A new game: starting temples, shuffled bag, six tiles per player, random start player.

    ``hands`` fixes every player's starting hand and ``bag`` the first tiles drawn, in order; the
    other tiles follow in seeded random order, so all 153 tiles are always accounted for.
    """
    s = empty_state(setup)
    n = setup.players
    rng = random.Random(seed)
    drawn_start = rng.randrange(n)  # drawn even when given, so the bag order depends on the seed only
    start = drawn_start if start_player is None else start_player
    if not isinstance(start, int) or not 0 <= start < n:
        raise PositionError(f"start player must be a seat from 0 to {n - 1}, not {start_player!r}")
    remaining = list(TILE_SUPPLY)
    remaining[RED] -= s.tiles[RED].bit_count()
    fixed_hands = None
    if hands is not None:
        if len(hands) != n:
            raise PositionError(f"give one starting hand per player ({n}), not {len(hands)}")
        fixed_hands = [parse_tiles(h, f"hand of seat {p}") for p, h in enumerate(hands)]
        for p, h in enumerate(fixed_hands):
            if len(h) != HAND_SIZE:
                raise PositionError(f"hand of seat {p} must hold {HAND_SIZE} tiles, not {len(h)}")
            for c in h:
                remaining[c] -= 1
    first = parse_tiles(bag, "bag") if bag is not None else []
    for c in first:
        remaining[c] -= 1
    if min(remaining) < 0:
        raise PositionError(
            "the hands and bag use more tiles of a colour than the game has "
            f"(black 30, red {57 - s.tiles[RED].bit_count()} after the starting temples, blue 36, green 30)"
        )
    rest = [c for c in range(4) for _ in range(remaining[c])]
    shuffle(rng, rest)
    order = first + rest  # draw order
    s.bag = order[::-1]  # the next draw is bag[-1]
    s.active = s.decider = start
    for k in range(n):
        p = (start + k) % n
        if fixed_hands is not None:
            for c in fixed_hands[p]:
                s.hands[p * 4 + c] += 1
        else:
            for _ in range(HAND_SIZE):
                s.hands[p * 4 + s.bag.pop()] += 1
    return s
