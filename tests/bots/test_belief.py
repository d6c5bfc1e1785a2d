"""Hand inference (``bots.belief``): samples agree with the view, read nothing else, and learn from play."""

from __future__ import annotations

import random

import pytest

from tigris_widget import Game
from tigris_widget.bots import RandomBot
from tigris_widget.games.tigris.bots.belief import HandBelief
from tigris_widget.games.tigris.bots.greedy import GreedyBot
from tigris_widget.games.tigris.engine.core.types import D_ACTION
from tigris_widget.games.tigris.engine.rules.view import determinize, player_view


def _public(view_dict: dict) -> dict:
    return {k: v for k, v in view_dict.items() if k not in ("history", "events")}


@pytest.mark.parametrize(
    ("players", "options", "bots"),
    [
        (2, {}, "greedy,random"),
        (3, {"scores": "hidden"}, "random,greedy,random"),
        (4, {"bag_empty_end": "immediate"}, "greedy,greedy,random,greedy"),
    ],
)
def test_every_sample_is_a_world_the_seat_cannot_tell_from_the_real_one(players, options, bots):
    factories = {"greedy": GreedyBot, "random": RandomBot}
    seats = [factories[name](seed=seat + 3) for seat, name in enumerate(bots.split(","))]
    game = Game.new(players=players, seed=12, options=options)
    belief = HandBelief(0, random.Random(5), particles=8)
    checked = 0
    while not game.is_over and len(game) < 400:
        seat = game.to_move
        view = game.view(seat)
        if seat == 0:
            belief.update(view)
            sample = belief.sample(view, random.Random(checked))
            assert _public(player_view(sample, 0).to_dict()) == _public(view.to_dict())
            assert len(sample.bag) == view.bag_count
            checked += 1
        game.apply(seats[seat].choose(view))
    assert checked > 20


def test_the_belief_reads_the_view_and_nothing_else():
    """Two true games that seat 0 cannot tell apart (same public play, other hidden tiles) give the
    same belief, decision after decision."""
    game = Game.new(players=3, seed=8)
    bots = [GreedyBot(seed=s) for s in range(3)]
    twins = [HandBelief(0, random.Random(2)) for _ in range(2)]
    rng = random.Random(4)
    for _ in range(120):
        if game.is_over:
            break
        seat = game.to_move
        view = game.view(seat)
        if seat == 0:
            history = list(zip(game._actors, map(str, game._actions)))  # the same public play in another world
            twin_view = player_view(determinize(view, rng), 0, history)
            assert twin_view.history == view.history
            twins[0].update(view)
            twins[1].update(twin_view)
            a, b = (t.sample(view, random.Random(9)) for t in twins)
            assert a.hands == b.hands and a.discards == b.discards and a.bag == b.bag
        game.apply(bots[seat].choose(view))


def test_a_belief_belongs_to_one_seat_and_samples_the_view_it_last_saw():
    game = Game.new(players=2, seed=1, start_player=0)
    belief = HandBelief(0, random.Random(1), particles=4)
    with pytest.raises(ValueError, match="seat 0's, not seat 1's"):
        belief.update(game.view(1))
    with pytest.raises(ValueError, match="call update"):
        belief.sample(game.view(0), random.Random(1))
    belief.update(game.view(0))
    game.apply(game.legal_actions()[0])
    with pytest.raises(ValueError, match="call update"):
        belief.sample(game.view(0), random.Random(1))


def test_another_game_starts_the_belief_afresh():
    belief = HandBelief(0, random.Random(1), particles=4)
    first = Game.new(players=2, seed=1, start_player=0)
    first.apply(first.legal_actions()[0])
    belief.update(first.view(0))
    second = Game.new(players=2, seed=2, start_player=0)
    belief.update(second.view(0))
    sample = belief.sample(second.view(0), random.Random(1))
    assert _public(player_view(sample, 0).to_dict()) == _public(second.view(0).to_dict())


def test_the_belief_knows_more_of_greedy_opponents_hands_than_a_uniform_sample():
    """Against bots that play the one-step best (as the opponent model assumes), the sampled hands hold
    more of the true tiles than uniformly dealt ones: a real measurement, fixed seeds."""
    right = {"belief": 0, "uniform": 0}
    for seed in (21, 22):
        game = Game.new(players=4, seed=seed)
        bots = [GreedyBot(seed=seed * 10 + s) for s in range(4)]
        belief = HandBelief(0, random.Random(seed))
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_move
            view = game.view(seat)
            if seat == 0:
                belief.update(view)
                state = game.state
                if state.phase == D_ACTION:
                    for _ in range(4):
                        for name, sample in (("belief", belief.sample(view, rng)), ("uniform", determinize(view, rng))):
                            for p in range(1, 4):
                                true, guess = state.hand(p), sample.hand(p)
                                right[name] += sum(min(x, y) for x, y in zip(true, guess))
            game.apply(bots[seat].choose(view))
    assert right["belief"] > right["uniform"] * 1.03, right


def test_expected_hands_show_what_the_bot_reads_and_add_up_to_the_hand_sizes():
    game = Game.new(players=3, seed=4)
    bots = [GreedyBot(seed=s) for s in range(3)]
    belief = HandBelief(1, random.Random(3), particles=16)
    with pytest.raises(ValueError, match="no view yet"):
        belief.expected_hands()
    for _ in range(30):
        seat = game.to_move
        view = game.view(seat)
        if seat == 1:
            belief.update(view)
            expected = belief.expected_hands()
            assert sorted(expected) == [0, 2]
            for p, counts in expected.items():
                assert sum(counts) == pytest.approx(view.hand_sizes[p])
                assert all(0 <= x <= u for x, u in zip(counts, view.unseen))
        game.apply(bots[seat].choose(view))
