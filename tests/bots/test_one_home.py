"""One home per concept: the bots' choices and the playouts did not change when legality, state keys,
footprints and the game loop moved to one place each, and the new homes behave as documented."""

from __future__ import annotations

import random

import pytest

from tigris_widget import Game
from tigris_widget.bots import GreedyBot, RandomBot
from tigris_widget.bots.search import SearchBot
from tigris_widget.engine.core.setup import GameSetup
from tigris_widget.engine.rules.deal import deal
from tigris_widget.engine.rules.playout import playout

# (players, deal seed, variants, ply, decision kind, SearchBot(seed=1, iterations=200), GreedyBot(seed=1)),
# recorded before the move, at positions of games between random bots.
RECORDED_CHOICES = [
    (2, 3, "", 9, "action", "leader k (12,4)", "leader k (0,0)"),
    (2, 3, "", 25, "action", "leader k (3,9)", "leader k (3,9)"),
    (2, 3, "", 47, "action", "leader k (8,5)", "leader k (8,5)"),
    (2, 3, "", 70, "action", "tile g (14,2)", "tile g (14,2)"),
    (4, 5, "", 13, "action", "leader k (15,2)", "leader k (15,2)"),
    (4, 5, "", 25, "revolt_attack", "commit 5", "commit 5"),
    (4, 5, "", 41, "action", "leader g (14,9)", "leader b (14,9)"),
    (4, 5, "", 63, "treasure", "treasures (1,1)", "treasures (1,1)"),
    (4, 5, "", 70, "revolt_attack", "commit 2", "commit 0"),
    (4, 5, "", 77, "action", "leader b (6,2)", "leader b (6,2)"),
    (4, 5, "", 110, "action", "tile r (6,2)", "tile r (6,2)"),
    (2, 8, "buildings,ziggurat", 9, "action", "leader g (14,9)", "leader b (14,7)"),
    (2, 8, "buildings,ziggurat", 25, "action", "tile g (11,0)", "move k (12,4)"),
    (2, 8, "buildings,ziggurat", 27, "building", "decline", "building r (5,1)"),
    (2, 8, "buildings,ziggurat", 47, "action", "leader r (12,4)", "leader r (12,4)"),
    (2, 8, "buildings,ziggurat", 70, "action", "move g (14,1)", "move k (14,1)"),
]


def _random_game_at(players: int, seed: int, variants: str, ply: int) -> Game:
    game = Game.new(players=players, seed=seed, variants=variants)
    bot = RandomBot(seed)
    while len(game) < ply:
        game.apply(bot.choose(game.view(game.to_move)))
    return game


@pytest.mark.parametrize(("players", "seed", "variants", "ply", "kind", "search", "greedy"), RECORDED_CHOICES)
def test_bots_choose_as_recorded(players, seed, variants, ply, kind, search, greedy):
    game = _random_game_at(players, seed, variants, ply)
    assert game.decision.kind == kind
    view = game.view(game.to_move)
    assert str(GreedyBot(seed=1).choose(view)) == greedy
    assert str(SearchBot(seed=1, iterations=200).choose(view)) == search


# (players, variants, seed) -> (actions, vp, turn) of a fast random playout, recorded before the move.
RECORDED_PLAYOUTS = [
    (2, (), 0, 173, (15, 13, 8, 11, 1, 6, 3, 7), 77),
    (2, (), 1, 171, (2, 5, 13, 8, 15, 12, 3, 4), 75),
    (3, (), 2, 165, (5, 3, 4, 4, 0, 2, 2, 4, 1, 16, 0, 5), 70),
    (4, ("buildings", "ziggurat"), 0, 190, (5, 14, 3, 8, 9, 12, 1, 5, 1, 0, 19, 1, 1, 4, 1, 4), 77),
    (4, ("buildings", "ziggurat"), 1, 162, (2, 3, 4, 1, 0, 1, 2, 4, 0, 3, 0, 0, 2, 11, 2, 0), 69),
]


@pytest.mark.parametrize(("players", "variants", "seed", "actions", "vp", "turn"), RECORDED_PLAYOUTS)
def test_playouts_play_as_recorded(players, variants, seed, actions, vp, turn):
    s = deal(GameSetup(players=players, variants=frozenset(variants)), seed)
    assert playout(s, random.Random(seed)) == actions
    assert (tuple(s.vp), s.turn) == (vp, turn)
