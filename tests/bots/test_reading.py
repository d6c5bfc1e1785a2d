"""Reading the hands from play in the analysis (``read_play``, ``games.tigris.bots.reading``)."""

from __future__ import annotations

import pytest

from tigris_widget import Game
from tigris_widget.bots.analysis import analyze
from tigris_widget.games.tigris.bots.analysis_schema import validate_analysis
from tigris_widget.games.tigris.bots.greedy import GreedyBot
from tigris_widget.games.tigris.bots.reading import read_hands
from tigris_widget.games.tigris.bots.search import SearchBot
from tigris_widget.games.tigris.engine.core.types import COLOUR_NAMES


def _greedy_game(players: int, plies: int, seed: int = 5) -> Game:
    game = Game.new(players=players, seed=seed)
    bots = [GreedyBot(seed=seat) for seat in range(players)]
    while len(game) < plies and not game.is_over:
        seat = game.to_move
        game.play(bots[seat].choose(game.view(seat)))
    return game


def test_the_reading_is_the_belief_search_infer_holds() -> None:
    """Followed from the game's record, the belief is the one the bot built while it played."""
    game = Game.new(players=2, seed=9)
    bots = [SearchBot(seed=3, iterations=8, infer=True), GreedyBot(seed=4)]
    while len(game) < 60:
        seat = game.to_move
        game.play(bots[seat].choose(game.view(seat)))
    while game.to_move != 0:
        game.play(bots[1].choose(game.view(1)))
    bots[0].choose(game.view(0))  # the bot's belief is updated at each of its decisions
    held = bots[0].belief
    assert held is not None
    read = read_hands(game, 0, seed=3)
    assert read.expected_hands() == held.expected_hands()
    assert [s.hands for s in read.particles] == [s.hands for s in held.particles]


def test_the_same_reading_whatever_was_read_before() -> None:
    game = _greedy_game(3, 90)
    fresh = read_hands(game.clone(), 2, seed=1).expected_hands()
    # read it step by step, as a user stepping through the game does, then again from scratch
    short = Game.from_record(game.to_record())
    while len(short) > 40:
        short.undo()
    read_hands(short, 2, seed=1)
    for action in game.actions[40:]:
        short.apply(action)
        read_hands(short, 2, seed=1)
    assert read_hands(short, 2, seed=1).expected_hands() == fresh
    assert read_hands(game, 2, seed=1).expected_hands() == fresh
    assert read_hands(game, 2, seed=2).expected_hands() != fresh  # the seed is the bot's


def test_the_analysis_says_what_it_read_and_samples_from_it() -> None:
    game = _greedy_game(3, 120)
    seat = game.to_move
    fair = analyze(game, iterations=120, seed=4)
    read = analyze(game, iterations=120, seed=4, read_play=True)
    assert not fair.read_play and "hands" not in fair.report
    assert read.read_play and "moves so far suggest" in read.fairness()
    validate_analysis(dict(read.report))
    hands = read.report["hands"]
    assert sorted(h["seat"] for h in hands) == [p for p in range(3) if p != seat]
    view = game.view(seat)
    for h in hands:
        assert sum(h["read"].values()) == pytest.approx(view.hand_sizes[h["seat"]], abs=0.05)
        assert sum(h["at_random"].values()) == pytest.approx(view.hand_sizes[h["seat"]], abs=0.05)
    assert any(h["read"] != h["at_random"] for h in hands)  # play says something about the hands
    table = read.tables[-1]
    assert table.header == ("player", *COLOUR_NAMES) and len(table.rows) == 2
    assert read_hands(game, seat, seed=4).expected_hands() == {
        h["seat"]: pytest.approx(tuple(h["read"][c] for c in COLOUR_NAMES), abs=0.005) for h in hands
    }


def test_reading_needs_a_tigris_game_and_a_seat() -> None:
    game = _greedy_game(2, 4)
    with pytest.raises(ValueError, match="seat"):
        read_hands(game, 2)
    with pytest.raises(ValueError, match="T&E Game"):
        read_hands(object(), 0)  # type: ignore[arg-type]
    assert len(game) == 4


def test_a_game_that_hides_nothing_has_nothing_to_read() -> None:
    from tigris_widget.games.ur import UrGame

    result = analyze(UrGame.new(players=3, seed=7), iterations=30, read_play=True)
    assert not result.read_play and not result.hidden_information and "Nothing is hidden" in result.fairness()
