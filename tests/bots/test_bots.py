"""Bots decide from views only, finish games of every shape, and are reproducible."""

from __future__ import annotations

import random

import pytest

from tigris_widget import Game
from tigris_widget.bots import RandomBot, make_bot
from tigris_widget.games.tigris.bots.greedy import GreedyBot
from tigris_widget.games.tigris.bots.heuristics import commit_choice, evaluate, projection
from tigris_widget.games.tigris.bots.search import SearchBot
from tigris_widget.games.tigris.engine.core.types import D_REVOLT_ATTACK, D_REVOLT_DEFEND, D_WAR_ATTACK, D_WAR_DEFEND
from tigris_widget.games.tigris.engine.rules.view import determinize, player_view

COMMIT_KINDS = ("revolt_attack", "revolt_defend", "war_attack", "war_defend")


def tiny_search(seed: int) -> SearchBot:
    return SearchBot(seed=seed, iterations=6)


def tiny_inferring_search(seed: int) -> SearchBot:
    return SearchBot(seed=seed, iterations=6, infer=True)


BOT_FACTORIES = {"random": RandomBot, "greedy": GreedyBot, "search": tiny_search, "search-infer": tiny_inferring_search}


def play(game: Game, bots: list, max_actions: int = 2000) -> Game:
    while not game.is_over and len(game) < max_actions:
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
    return game


def midgame(seed: int = 5, actions: int = 40, players: int = 2) -> Game:
    game = Game.new(players=players, seed=seed)
    rng = random.Random(seed)
    while len(game) < actions:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_make_bot_knows_every_bot_and_rejects_others():
    assert isinstance(make_bot("greedy", 3), GreedyBot)
    assert isinstance(make_bot("search", 3), SearchBot)
    inferring = make_bot("search-infer:300", 3)
    assert isinstance(inferring, SearchBot) and inferring.infer and inferring.budget.iterations == 300
    assert not make_bot("search:300", 3).infer
    with pytest.raises(ValueError, match="unknown bot 'nope'"):
        make_bot("nope")


@pytest.mark.parametrize("name", sorted(BOT_FACTORIES))
def test_decision_ignores_hidden_information(name):
    """Two true states that agree on everything seat 0 may see give seat 0 the same decision."""
    game = midgame()
    seat = game.to_move
    view = game.view(seat)
    worlds = [determinize(view, random.Random(k)) for k in (1, 2)]
    assert worlds[0] != worlds[1], "the samples should differ in hidden tiles"
    views = [player_view(w, seat) for w in worlds]
    assert views[0].to_dict() == views[1].to_dict()
    choices = [BOT_FACTORIES[name](seed=11).choose(v) for v in views]
    assert choices[0] == choices[1]


def test_decision_ignores_hidden_hands_at_the_deal():
    a = Game.new(players=2, seed=3, start_player=0, hands=["rrkbgg", "kkkkbb"])
    b = Game.new(players=2, seed=4, start_player=0, hands=["rrkbgg", "rrrbgg"])
    assert a.view(0).to_dict() == b.view(0).to_dict()
    for factory in BOT_FACTORIES.values():
        assert factory(seed=2).choose(a.view(0)) == factory(seed=2).choose(b.view(0))


@pytest.mark.parametrize("name", sorted(BOT_FACTORIES))
def test_same_seed_same_decisions(name):
    game = midgame(seed=8, actions=30)
    view = game.view(game.to_move)
    first = BOT_FACTORIES[name](seed=4)
    second = BOT_FACTORIES[name](seed=4)
    assert [first.choose(view) for _ in range(3)] == [second.choose(view) for _ in range(3)]


CONFIGS = [
    (("search", "greedy"), "classic", ""),
    (("search", "greedy", "random"), "alternative", "buildings"),
    (("search", "greedy", "random", "greedy"), "classic", "ziggurat"),
    (("random", "search"), "alternative", "buildings,ziggurat"),
    (("greedy", "random", "search"), "classic", "ziggurat"),
    (("random", "greedy", "search", "random"), "alternative", "buildings,ziggurat"),
    (("search-infer", "greedy"), "alternative", ""),
    (("greedy", "search-infer", "random", "search-infer"), "classic", "buildings,ziggurat"),
]


@pytest.mark.parametrize(("names", "board", "variants"), CONFIGS)
def test_every_bot_finishes_complete_games(names, board, variants):
    players = len(names)
    game = Game.new(players=players, seed=players * 10 + len(variants), board=board, variants=variants)
    bots = [BOT_FACTORIES[n](seed=k) for k, n in enumerate(names)]
    play(game, bots)
    assert game.is_over
    assert game.result is not None


def test_greedy_beats_random_on_a_few_paired_deals():
    wins = 0
    for seed in range(2):
        for greedy_seat in (0, 1):
            bots = [RandomBot(seed), RandomBot(seed)]
            bots[greedy_seat] = GreedyBot(seed)
            game = play(Game.new(players=2, seed=seed), bots)
            assert game.ranking is not None
            wins += game.ranking[0] == (greedy_seat,)
    assert wins >= 3


def find_conflict(seed: int) -> Game:
    game = Game.new(players=2, seed=seed)
    bots = [GreedyBot(1), GreedyBot(2)]
    while not game.is_over:
        if game.decision.kind in COMMIT_KINDS:
            return game
        game.apply(bots[game.to_move].choose(game.view(game.to_move)))
    raise AssertionError("no conflict in this game")


def test_defender_commits_just_enough_to_hold():
    game = find_conflict(7)
    s = game.state.clone()
    from tigris_widget.games.tigris.engine.core.actions import COMMIT_ACTIONS
    from tigris_widget.games.tigris.engine.rules.turn import apply_unchecked

    assert s.phase in (D_REVOLT_ATTACK, D_WAR_ATTACK)
    apply_unchecked(s, COMMIT_ACTIONS[0])
    assert s.phase in (D_REVOLT_DEFEND, D_WAR_DEFEND)
    c = s.conflict
    assert c is not None
    need = c.attacker_base + c.attacker_commit - c.defender_base
    have = s.hands[c.defender * 4 + c.colour]
    expected = max(0, need) if need <= have else 0
    assert commit_choice(s) == expected


def test_evaluation_is_a_probability_split_and_exact_at_the_end():
    game = midgame(players=3)
    values = evaluate(game.state)
    assert len(values) == 3 and abs(sum(values) - 1) < 1e-9 and all(0 <= v <= 1 for v in values)
    assert len(projection(game.state, 0)) == 4
    done = play(Game.new(players=2, seed=1), [RandomBot(1), RandomBot(2)])
    final = evaluate(done.state)
    assert sorted(final) in ([0.0, 1.0], [0.5, 0.5])


def test_search_reports_its_work():
    bot = SearchBot(seed=1, iterations=30)
    game = midgame(seed=2, actions=10)
    action = bot.choose(game.view(game.to_move))
    assert action in game.legal_actions()
    assert bot.last is not None and bot.last.iterations == 30
    assert bot.last.principal_variation()[0][1] == action


@pytest.mark.parametrize("name", ["greedy", "search"])
def test_a_stalled_game_is_pushed_towards_its_end(name):
    """With only passes and leader moves for a while, bots place, swap or destroy a tile."""
    import dataclasses

    game = midgame(seed=9, actions=30)
    while game.decision.kind != "action":
        game.apply(game.legal_actions()[0])
    view = dataclasses.replace(game.view(game.to_move), history=("pass",) * 16)
    action = BOT_FACTORIES[name](seed=1).choose(view)
    assert str(action).startswith(("tile ", "swap ", "catastrophe "))


def test_search_considers_its_best_root_actions_for_its_second_action():
    """Below the root, the bot's own node ranks its best root actions that are still legal (the
    varied sample alone would often miss them)."""
    from tigris_widget.games.tigris.bots.heuristics import after
    from tigris_widget.games.tigris.bots.search import OWN_BEST, Search
    from tigris_widget.games.tigris.engine.rules.legal import legal_actions

    game = midgame(seed=3, actions=30, players=3)
    while game.state.actions_left != 2 or game.decision.kind != "action":
        game.apply(random.Random(len(game)).choice(game.legal_actions()))
    search = Search(game.view(game.to_move), random.Random(1))
    assert len(search.own_best) == OWN_BEST
    first = search.determinization(0)
    second = after(first, search.own_best[0])
    assert second.decider == search.seat and second.actions_left == 1
    legal = set(legal_actions(second))
    still_legal = [a for a in search.own_best if a in legal]
    assert still_legal
    ranked = {a for _, a in search._rank_inner(second)}
    assert set(still_legal) <= ranked


@pytest.mark.parametrize("players", [2, 4])
def test_search_default_budget_and_time_limits(players):
    from tigris_widget.games.tigris.bots.search import DEFAULT_BUDGET

    game = midgame(seed=4, actions=12, players=players)
    bot = make_bot("search", seed=1)
    bot.choose(game.view(game.to_move))
    assert bot.last is not None
    assert bot.last.iterations == DEFAULT_BUDGET.iterations == 400
    assert repr(bot) == "SearchBot(seed=1)"
    timed = make_bot("search:0.05s", seed=1)
    assert timed.budget is not None and timed.budget.iterations is None and timed.budget.seconds == 0.05


def test_search_compares_root_actions_on_the_same_samples():
    """Common random numbers: the k-th visit of every root action plays the k-th determinization,
    so every action is judged on the same sampled hands."""
    from tigris_widget.games.tigris.bots.search import Search

    class Spy(Search):
        def __init__(self, *args, **kwargs):
            self.asked: list[int] = []
            super().__init__(*args, **kwargs)

        def determinization(self, i):
            self.asked.append(i)
            return super().determinization(i)

    game = midgame(seed=7, actions=24, players=3)
    search = Spy(game.view(game.to_move), random.Random(3))
    for _ in range(150):
        before = {id(c): c.visits for c in search.root.children}
        search.asked.clear()
        search.iterate()
        visited = [c for c in search.root.children if c.visits > before.get(id(c), 0)]
        assert len(visited) == 1
        assert search.asked[0] == before.get(id(visited[0]), 0)
    assert len([c for c in search.root.children if c.visits >= 3]) >= 2


def test_search_samples_and_checks_legality_from_the_legal_masks():
    """The search builds its below-root candidates from ``turn_masks`` without listing every action:
    each candidate must be legal, the kinds of the sample must be the ones it promises, and the
    mask-based legality check must agree with ``legal_actions`` on every turn action, legal or not."""
    from tigris_widget.games.tigris.bots.candidates import sample_turn_actions
    from tigris_widget.games.tigris.engine.core.actions import (
        CATASTROPHE_ACTIONS,
        MOVE_LEADER_ACTIONS,
        PLACE_LEADER_ACTIONS,
        TILE_ACTIONS,
    )
    from tigris_widget.games.tigris.engine.core.types import PLACE_TILE, SWAP
    from tigris_widget.games.tigris.engine.rules.legal import legal_actions, turn_masks
    from tigris_widget.games.tigris.engine.rules.legal_view import is_legal_fast

    every = [a for table in (TILE_ACTIONS, PLACE_LEADER_ACTIONS, MOVE_LEADER_ACTIONS) for row in table for a in row]
    every += list(CATASTROPHE_ACTIONS)
    checked = 0
    for players, seed in ((2, 3), (3, 8), (4, 6)):
        game = midgame(seed=seed, actions=45, players=players)
        while game.decision.kind != "action":
            game.apply(random.Random(len(game)).choice(game.legal_actions()))
        s = game.state
        masks = turn_masks(s)
        legal = set(legal_actions(s))
        for a in every:
            assert is_legal_fast(s, a, masks) == (a in legal), a
            checked += 1
        sample = sample_turn_actions(s, masks, random.Random(seed))
        assert sample and set(sample) <= legal
        assert all(a.kind != SWAP for a in sample)
        # at most one calm tile and one calm leader placement per colour, and one revolt per leader
        calm_tiles = [a.colour for a in sample if a.kind == PLACE_TILE and not masks.twos >> a.square & 1]
        assert len(calm_tiles) == len(set(calm_tiles))
        assert len(sample) <= 16
    assert checked > 3000


def test_search_places_a_leader_next_to_the_richest_region_and_two_temples():
    """Below the root, each leader's placement is picked without playing them all: next to the
    region with the most tiles of its colour, and there on a square next to two temples if any."""
    from tigris_widget.games.tigris.bots.candidates import LeaderSpots
    from tigris_widget.games.tigris.builder import PositionBuilder
    from tigris_widget.games.tigris.engine.core.types import GREEN
    from tigris_widget.games.tigris.engine.rules.legal import turn_masks

    def spot(more_markets_by_the_top_left_temple: tuple) -> tuple[int, int]:
        game = (
            PositionBuilder(players=("archer", "bull"))  # starting temples at (1,1), (5,2) …
            .tile("r", (5, 4))
            .tile("g", (6, 2), (7, 2), (6, 3))  # three markets by the temple (5,2); (5,3) touches two temples
            .tile("g", (2, 1), *more_markets_by_the_top_left_temple)
            .hand("archer", "ggrrkk")
            .hand("bull", "kkkkgg")
            .turn("archer")
            .game()
        )
        q = LeaderSpots(game.state).best(GREEN, turn_masks(game.state).place_leader[GREEN])
        return q % 16, q // 16

    assert spot(()) == (5, 3)
    assert spot(((3, 1), (2, 0), (3, 0))) == (1, 0)  # four markets there now; no square by two temples
