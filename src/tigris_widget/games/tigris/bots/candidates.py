"""The turn actions the search ranks below its root: a small sample built from the legal-move masks.

Ranking all 300+ legal actions at every node would cost a full one-step evaluation each, so a node
below the root ranks a dozen or so chosen to hold what a sensible player would play there — above
all the opponents' replies, which is what the tree is for (without them the search lost most of its
edge over the greedy bot). Per colour, one tile that scores for the player to move and at most one
revolt, on a square next to the most temples; per leader off the board, its best calm placement by
the evaluation's own terms (``LeaderSpots``); a couple of tiles that start wars, one other leader
action and one other action. Swaps are never sampled: their value is the luck of the draw.
"""

from __future__ import annotations

import random

from tigris_widget.games.tigris.bots.heuristics import (
    KING_STAND_IN,
    KINGDOM_TILE,
    LEADER_VALUE,
    MONUMENT_VALUE,
    for_players,
    leader_kingdoms,
)
from tigris_widget.games.tigris.engine.core.actions import (
    CATASTROPHE_ACTIONS,
    MOVE_LEADER_ACTIONS,
    PASS_ACTION,
    PLACE_LEADER_ACTIONS,
    TILE_ACTIONS,
    WITHDRAW_ACTIONS,
    Action,
)
from tigris_widget.games.tigris.engine.core.board import ALL, NEIGHBOURS, dilate, squares
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import (
    BLACK,
    GREEN,
    MONUMENTS,
    RED,
    Mask,
    Square,
)
from tigris_widget.games.tigris.engine.rules.legal import TurnMasks


class LeaderSpots:
    """Where the player to move would place each leader, by the evaluation's own terms but without
    playing the placements: next to the region whose tiles of the leader's colour, monuments of that
    colour, size (for the king, who stands in for missing leaders) and treasures (for the trader,
    who collects them) are worth most; there, on a square next to two temples if there is one
    (harder to revolt against), else the first."""

    def __init__(self, s: GameState, near: dict[Mask, Mask] | None = None) -> None:
        """``near``: each region with its neighbourhood (``dilate``), if the caller has them."""
        self.s = s
        self.near = list(near.items()) if near is not None else [(r, dilate(r)) for r in s.regions]
        ones = twos = 0
        for t in squares(s.tiles[RED]):
            n = NEIGHBOURS[t]
            twos |= ones & n
            ones |= n
        self.guarded = twos
        """Squares next to two temples or more."""
        self.monuments = [(top_left, MONUMENTS[m]) for m, top_left in enumerate(s.monuments) if top_left >= 0]
        self.king_value = for_players(LEADER_VALUE, s.players) * KING_STAND_IN

    def best(self, colour: int, targets: Mask) -> Square:
        """The best square of ``targets`` (not empty) for the leader of ``colour``."""
        s = self.s
        tiles = s.tiles[colour]
        best_key = -1.0
        best_spots = 0
        for r, near in self.near:
            spots = targets & near
            if not spots:
                continue
            key = KINGDOM_TILE * min((r & tiles).bit_count(), 12)
            for top_left, colours in self.monuments:
                if colour in colours and r >> top_left & 1:
                    key += MONUMENT_VALUE
            if colour == BLACK:
                key += self.king_value * min(1.0, 0.3 + r.bit_count() / 10)
            elif colour == GREEN:
                found = (r & s.treasures).bit_count()
                if found >= 2:
                    key += found - 1
            if key > best_key:
                best_key, best_spots = key, spots
        pick = best_spots & self.guarded or best_spots
        return (pick & -pick).bit_length() - 1


def _one_of(spots: list[Square], rng: random.Random) -> Square:
    return spots[0] if len(spots) == 1 else rng.choice(spots)


def sample_turn_actions(s: GameState, masks: TurnMasks, rng: random.Random) -> list[Action]:
    """The sample of the turn actions of ``s`` (whose legal actions are ``masks``) described above."""
    seat = s.decider
    near_region = {r: dilate(r) for r in s.regions}
    near_kingdom = [near_region[r] if r else 0 for r in leader_kingdoms(s)]  # per leader slot; 0 off the board
    # squares where a tile of each colour scores for the player to move
    scoring = near_kingdom[seat * 4 : seat * 4 + 4]
    king_near = scoring[BLACK]  # the king collects for colours without their own leader there
    rivals = [0, 0, 0, 0]  # squares next to a kingdom holding another player's leader of each colour
    near = 0  # squares next to any kingdom
    for index, around in enumerate(near_kingdom):
        near |= around
        if index // 4 != seat:
            rivals[index % 4] |= around
    near &= ALL
    twos = masks.twos
    scoring_tiles: list[Action] = []
    war_tiles: list[Action] = []
    for c in range(4):
        row = TILE_ACTIONS[c]
        tiles = masks.tiles[c]
        war_tiles += [row[q] for q in squares(tiles & twos)]
        spots = squares(tiles & ~twos & (scoring[c] or king_near))
        if spots:
            scoring_tiles.append(row[_one_of(spots, rng)])
    revolts: list[Action] = []
    leader_spots: list[Action] = []
    leader_moves: list[Action] = []
    finder = LeaderSpots(s, near_region)
    for table, targets in ((PLACE_LEADER_ACTIONS, masks.place_leader), (MOVE_LEADER_ACTIONS, masks.move_leader)):
        for c in range(4):
            row = table[c]
            attacks = targets[c] & rivals[c]
            if attacks:
                revolts.append(row[_one_of(squares(attacks & finder.guarded or attacks), rng)])
            calm = targets[c] & ~rivals[c]
            if table is PLACE_LEADER_ACTIONS and calm:
                spot = finder.best(c, calm)
                leader_spots.append(row[spot])
                calm &= ~(1 << spot)
            leader_moves += [row[q] for q in squares(calm)]
    other = [WITHDRAW_ACTIONS[c] for c in masks.on_board]
    other += [CATASTROPHE_ACTIONS[q] for q in squares(masks.catastrophe & near)]
    other.append(PASS_ACTION)
    out = scoring_tiles
    for bucket, k in ((war_tiles, 2), (revolts, 4), (leader_spots, 4), (leader_moves, 1), (other, 1)):
        out += bucket if len(bucket) <= k else rng.sample(bucket, k)
    return out
