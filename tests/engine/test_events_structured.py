"""Events carry their facts as data (the table in ``engine.core.events``), checked on real positions;
private events reach only whoever asks for them."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tigris_widget import Game
from tigris_widget.games.tigris.builder import PositionBuilder
from tigris_widget.games.tigris.engine.core import events as events_module
from tigris_widget.games.tigris.engine.core.events import Event
from tigris_widget.games.tigris.engine.rules.playout import random_action

from .helpers import at
from .test_rules_cases import tc1_game, tc2_game, tc4_game, tc11_builder

CONFLICT = {"seat", "colour", "support", "attacker", "defender", "attacker_square", "defender_square",
            "attacker_base", "defender_base"}  # fmt: skip
OUTCOME = CONFLICT | {"attacker_commit", "defender_commit", "attacker_strength", "defender_strength", "winner",
                      "loser", "loser_square", "removed", "points"}  # fmt: skip
DATA_KEYS: dict[str, set[str]] = {
    "tile_placed": {"seat", "colour", "square"},
    "vp": {"seat", "colour", "leader", "points"},
    "unification": {"seat", "square"},
    "leader_placed": {"seat", "colour", "square"},
    "leader_moved": {"seat", "colour", "square", "from"},
    "leader_withdrawn": {"seat", "colour", "from"},
    "catastrophe": {"seat", "square", "destroyed", "removed"},
    "swap": {"seat", "count"},
    "draw": {"seat", "count"},
    "drawn_tiles": {"seat", "tiles"},
    "pass": {"seat", "unused"},
    "revolt": CONFLICT,
    "war": CONFLICT,
    "commit": {"seat", "side", "colour", "count", "strength"},
    "revolt_won": OUTCOME,
    "war_won": OUTCOME,
    "war_order": {"seat", "colours"},
    "unification_end": {"square"},
    "leader_lost_temple": {"seat", "colour", "square"},
    "building": {"seat", "colour", "square", "from"},
    "building_returned": {"colour", "square"},
    "monument": {"seat", "monument", "colours", "square", "squares"},
    "ziggurat": {"seat", "square", "squares"},
    "monument_vp": {"seat", "colour", "monument", "square", "points"},
    "ziggurat_vp": {"seat", "colour", "points"},
    "treasure": {"seat", "squares"},
    "bag_empty": {"immediate"},
    "treasures_end": {"treasures"},
    "game_over": {"results"},
}


def one(events: list[Event], kind: str) -> Event:
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, [e.kind for e in events]
    return found[0]


def event_json(event: Event) -> dict[str, Any]:
    return event.to_dict()["data"]  # type: ignore[no-any-return]


def check_shape(event: Event) -> None:
    assert set(event.data) == DATA_KEYS[event.kind], event.kind
    data = event.to_dict()["data"]
    assert json.loads(json.dumps(data)) == data  # plain JSON values once thawed
    with pytest.raises(TypeError):
        event.data["extra"] = 1  # type: ignore[index]  # read-only: the game's history can't be changed
    if "seat" in event.data:
        assert event.data["seat"] == event.seat


def test_every_kind_is_documented_in_the_table() -> None:
    doc = events_module.__doc__ or ""
    for kind in DATA_KEYS:
        assert f"``{kind}``" in doc, kind


def test_random_games_produce_only_documented_shapes() -> None:
    seen: set[str] = set()
    for seed, players, variants in [(1, 2, ""), (2, 3, "buildings ziggurat"), (3, 4, "ziggurat"), (4, 2, "buildings")]:
        game = Game.new(players=players, seed=seed, variants=variants)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(random_action(game.state, rng))
        for batch in game.events_seen_by(None):
            for event in batch:
                check_shape(event)
                seen.add(event.kind)
    assert {"tile_placed", "vp", "draw", "drawn_tiles", "game_over", "commit"} <= seen


def test_revolt_names_both_leaders_strengths_and_the_point() -> None:
    game = tc1_game()
    opening = one(game.apply("leader r (9,3)"), "revolt")
    check_shape(opening)
    assert event_json(opening) == {"seat": 0, "colour": "red", "support": "red", "attacker": 0, "defender": 1,
                            "attacker_square": at(9, 3), "defender_square": at(11, 3), "attacker_base": 2,
                            "defender_base": 1}  # fmt: skip
    commit = one(game.apply("commit 2"), "commit")
    assert event_json(commit) == {"seat": 0, "side": "attacker", "colour": "red", "count": 2, "strength": 4}
    end = one(game.apply("commit 3"), "revolt_won")
    check_shape(end)
    assert (end.data["winner"], end.data["loser"], end.data["loser_square"]) == (1, 0, at(9, 3))
    assert (end.data["attacker_commit"], end.data["defender_commit"]) == (2, 3)
    assert (end.data["attacker_strength"], end.data["defender_strength"]) == (4, 4)
    assert end.data["removed"] == () and event_json(end)["points"] == [{"seat": 1, "colour": "red", "amount": 1}]


def test_war_gives_winner_loser_removed_squares_and_points() -> None:
    game = tc2_game()
    events = game.apply("tile g (6,4)")
    assert one(events, "unification").data == {"seat": 0, "square": at(6, 4)}
    assert event_json(one(events, "war_order")) == {"seat": 0, "colours": ["black", "green"]}
    war = one(game.apply("war g"), "war")
    assert (war.data["colour"], war.data["attacker_base"], war.data["defender_base"]) == ("green", 1, 2)
    game.apply("commit 4")
    events = game.apply("commit 1")
    end = one(events, "war_won")
    check_shape(end)
    assert (end.data["winner"], end.data["loser"]) == (0, 1)
    assert end.data["removed"] == (at(7, 4), at(8, 4))
    assert end.data["loser_square"] == war.data["defender_square"]
    assert (end.data["attacker_strength"], end.data["defender_strength"]) == (5, 3)
    assert event_json(end)["points"] == [{"seat": 0, "colour": "green", "amount": 3}]
    assert one(events, "unification_end").data == {"square": at(6, 4)}


def test_tile_points_monument_and_a_leader_sent_home() -> None:
    game = tc4_game()
    events = game.apply("tile r (9,5)")
    assert one(events, "tile_placed").data == {"seat": 1, "colour": "red", "square": at(9, 5)}
    scored = one(events, "vp")
    assert event_json(scored) == {"seat": 0, "colour": "red", "leader": "red",
                           "points": [{"seat": 0, "colour": "red", "amount": 1}]}  # fmt: skip
    events = game.apply("monument rg (8,5)")
    built = one(events, "monument")
    assert built.data["colours"] == ("red", "green") and built.data["square"] == at(8, 5)
    assert built.data["squares"] == (at(8, 5), at(9, 5), at(8, 6), at(9, 6))
    assert one(events, "leader_lost_temple").data == {"seat": 1, "colour": "blue", "square": at(10, 6)}


def test_leader_moves_withdrawals_and_catastrophes() -> None:
    game = tc11_builder().game()
    events = game.apply("catastrophe (9,2)")
    hit = one(events, "catastrophe")
    assert event_json(hit) == {"seat": 0, "square": at(9, 2), "destroyed": "red", "removed": [at(9, 2)]}
    assert one(events, "leader_lost_temple").data == {"seat": 0, "colour": "red", "square": at(9, 3)}
    game = tc11_builder().game()
    moved = one(game.apply("move r (8,2)"), "leader_moved")
    assert event_json(moved) == {"seat": 0, "colour": "red", "square": at(8, 2), "from": at(9, 3)}
    gone = one(game.apply("withdraw r"), "leader_withdrawn")
    assert event_json(gone) == {"seat": 0, "colour": "red", "from": at(8, 2)}


def test_treasures_taken_are_squares() -> None:
    game = (
        PositionBuilder(players=("archer", "bull"))
        .tile("k", (2, 1), (5, 1), (6, 2), (7, 2), (8, 2), (9, 2), (10, 2), (10, 1))
        .tile("b", (4, 1))
        .leader("bull", "trader", (0, 1))
        .hand("archer", "kkkkkk")
        .turn("archer")
        .game(then=["tile k (3,1)"])
    )
    taken = one(game.apply("treasures (1,1) (5,2)"), "treasure")
    assert event_json(taken) == {"seat": 1, "squares": [at(1, 1), at(5, 2)]}


def test_private_draws_are_returned_and_kept_only_on_request() -> None:
    game = PositionBuilder().hand("archer", "kkkrrr").hand("bull", "kkkrrr").bag("gbgbgb").game()
    shown = game.apply("swap kk")
    assert [e.kind for e in shown] == ["swap", "draw"] and all(e.public for e in shown)
    assert one(shown, "draw").text == "Archer draws 2 tiles."
    assert "gb" not in " ".join(e.text for e in shown)
    game.undo()
    everything = game.apply("swap kk", private=True)
    secret = one(everything, "drawn_tiles")
    assert not secret.public and secret.text == "Archer draws: bg." and event_json(secret) == {"seat": 0, "tiles": "bg"}
    assert all(e.public for e in game.events[-1])
    assert secret in game.events_seen_by(0)[-1] and secret not in game.events_seen_by(1)[-1]
    assert secret in game.events_seen_by(None)[-1]
    ended = one(game.apply("pass"), "pass")
    assert ended.text == "Archer ends the turn with 1 action unused." and event_json(ended) == {"seat": 0, "unused": 1}
    assert game.view(1).events == tuple(e for b in game.events_seen_by(1) for e in b)


def test_the_end_lists_the_results() -> None:
    game = PositionBuilder().hand("archer", "kkkrrr").hand("bull", "kkkrrr").bag("g").game()
    events = game.play("swap kk", "pass")
    assert one(events, "bag_empty").data == {"immediate": False}
    over = one(events, "game_over")
    assert [row["seat"] for row in over.data["results"]] == [0, 1]
    assert all(row["rank"] == 1 and row["score"] == 0 for row in over.data["results"])
    assert game.ranking == [(0, 1)]  # a shared first place
