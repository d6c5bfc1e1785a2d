"""The public Game API: decisions, events, undo, clone, JSON records and views."""

from __future__ import annotations

import json
import random

import pytest

from tigris_widget import Game, IllegalActionError, PositionError
from tigris_widget.games.tigris.builder import PositionBuilder
from tigris_widget.games.tigris.engine.rules.playout import random_action


def test_decision_names_seat_kind_and_sorted_choices() -> None:
    game = Game.new(players=3, seed=2)
    d = game.decision
    assert d is not None and d.seat == game.state.active == game.to_move and d.kind == "action"
    assert list(d.choices) == sorted(d.choices) == game.legal_actions()
    assert d.choices[-1] == game.legal_actions()[-1] and str(d.choices[-1]) == "pass"
    assert d.prompt.startswith(game.state.setup.dynasties[d.seat].capitalize())


def test_events_explain_with_rule_sections() -> None:
    game = (
        PositionBuilder(players=("lion", "pot"))
        .tile("r", (9, 2), (10, 3))
        .leader("pot", "priest", (11, 3))
        .hand("lion", "rrrkkk")
        .hand("pot", "rrrkkk")
        .turn("lion")
        .game()
    )
    game.play("leader r (9,3)", "commit 3")
    events = game.apply("commit 0")
    final = events[-1]
    assert final.kind == "revolt_won" and final.rule == "§8.6"
    assert final.text.startswith("Lion wins the revolt 5–1 and gains 1 red point")
    assert str(final).endswith("(§8.6)")


def test_undo_restores_the_previous_state_exactly() -> None:
    game = Game.new(players=2, seed=4)
    start = game.state.clone()
    rng = random.Random(1)
    game.apply(game.legal_actions()[0])
    for _ in range(30):
        game.apply(random_action(game.state, rng))
    for _ in range(31):
        game.undo()
    assert game.state == start and len(game) == 0
    with pytest.raises(ValueError, match="no action to undo"):
        game.undo()


def test_clone_is_independent() -> None:
    game = Game.new(players=2, seed=4)
    copy = game.clone()
    copy.apply(copy.legal_actions()[0])
    assert len(game) == 0 and len(copy) == 1 and game.state != copy.state


def test_json_record_round_trips_and_replays() -> None:
    game = Game.new(players=3, seed=9, board="alternative", variants="buildings,ziggurat",
                    options={"scores": "hidden"}, hands=["rrkkbg", "gggkkr", "bbbrrr"], bag="kkrr")  # fmt: skip
    rng = random.Random(3)
    for _ in range(60):
        game.apply(random_action(game.state, rng))
    text = game.to_json()
    data = json.loads(text)
    assert data["format"] == "tigris-game" and data["version"] == 1 and len(data["actions"]) == 60
    again = Game.from_json(text)
    assert again.state == game.state and again.to_json() == text
    assert Game.from_json(data).state == game.state


def test_games_from_positions_record_the_position() -> None:
    game = PositionBuilder().hand("archer", "kkkkkk").hand("bull", "rrrrrr").game()
    game.apply("tile k (0,0)")
    again = Game.from_json(game.to_json())
    assert again.state == game.state


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "malformed JSON at line 1 column 2"),
        ("[]", "a game record is a JSON object"),
        ('{"format": "chess"}', "not a game record"),
        ('{"format": "tigris-game", "version": 99}', "unsupported game record version 99"),
        ('{"format": "tigris-game", "version": 1, "setup": {}, "extra": 1}', "unknown field"),
        ('{"format": "tigris-game", "version": 1, "setup": {"players": 9}}', "players must be 2, 3 or 4"),
        ('{"format": "tigris-game", "version": 1, "setup": {}, "seed": 1, "actions": ["pass", "jump"]}',
         r"actions\[1\] 'jump'"),
        ('{"format": "tigris-game", "version": 1, "setup": {}, "seed": 1, "actions": [3]}', "list of action"),
    ],
)  # fmt: skip
def test_malformed_json_says_where(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Game.from_json(text)


def test_illegal_action_in_a_record_names_its_index() -> None:
    game = Game.new(players=2, seed=1)
    data = game.to_dict()
    data["actions"] = ["pass", "pass", "tile b (0,0)"]
    with pytest.raises(PositionError, match=r"actions\[2\] .*§6.2 T3"):
        Game.from_json(data)


def test_is_legal_and_result() -> None:
    game = Game.new(players=2, seed=1)
    assert game.is_legal("pass") and not game.is_legal("tile b (0,0)") and not game.is_legal("gibberish")
    assert game.result is None and game.ranking is None
    rng = random.Random(2)
    while not game.is_over:
        game.apply(random_action(game.state, rng))
    results = game.result
    assert results is not None and game.ranking is not None
    assert sorted(r.rank for r in results)[0] == 1
    places = game.ranking
    assert sorted(seat for place in places for seat in place) == [0, 1]
    for place in places:  # the seats of a place share a rank, and places get worse in order
        assert len({results[seat].rank for seat in place}) == 1
    assert [results[place[0]].rank for place in places] == sorted({r.rank for r in results})
    assert all(r.score == min(r.final) for r in results)
    with pytest.raises(IllegalActionError):
        game.apply("pass")


# -- views (design contract 4) ----------------------------------------------------------------------
def twin_games(bull_hand: str) -> Game:
    return (
        PositionBuilder(players=("archer", "bull"), options={"scores": "hidden"})
        .tile("r", (9, 2), (10, 3))
        .leader("bull", "priest", (11, 3))
        .hand("archer", "rrkkbg")
        .hand("bull", bull_hand)
        .score("bull", (3, 1, 4, 1), treasures=2)
        .turn("archer")
        .bag("kkkkkk", then_rest=True)
        .game()
    )


def test_views_of_games_differing_only_in_hidden_information_are_identical() -> None:
    one, two = twin_games("rrrkkb"), twin_games("rgggbb")
    script = ["leader r (9,3)", "commit 2", "commit 0", "swap kk", "pass"]
    for step in script:
        assert one.view(0).to_dict() == two.view(0).to_dict(), step
        one.apply(step)
        two.apply(step)
    assert one.view(0).to_dict() == two.view(0).to_dict()
    assert one.view(1).to_dict() != two.view(1).to_dict()  # Bull sees his own hand


def test_a_view_hides_hands_bag_discards_and_hidden_scores() -> None:
    game = twin_games("rrrkkb")
    game.play("swap kk", "pass")
    view = game.view(1).to_dict()
    archer, bull = view["players"]
    assert archer["hand"] is None and archer["hand_size"] == 6 and archer["vp"] is None
    assert archer["treasures"] is None and bull["hand"] == {"black": 2, "red": 3, "blue": 1, "green": 0}
    assert view["bag"] == len(game.state.bag) and isinstance(view["bag"], int)
    assert view["history"][0] == "swap 2" and game.view(0).to_dict()["history"][0] == "swap kk"
    assert all(e["kind"] != "drawn_tiles" or e["seat"] == 1 for e in view["events"])
    assert view["decision"]["choices"] == [str(a) for a in game.legal_actions()]  # Bull decides now
    assert game.view(0).to_dict()["decision"]["choices"] == []
    assert game.view(None).to_dict()["players"][0]["hand"] is not None
    with pytest.raises(ValueError, match="seat must be"):
        game.view(5)
