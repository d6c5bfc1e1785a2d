"""Readable accessors: what is on a square, regions and kingdoms, players, monuments, the conflict."""

from __future__ import annotations

import pytest

from tigris_widget import Game
from tigris_widget.games.tigris.builder import PositionBuilder
from tigris_widget.games.tigris.engine.core.board import to_square
from tigris_widget.games.tigris.engine.core.types import to_colour


def revolt_game() -> Game:
    game = (
        PositionBuilder(players=("archer", "lion"))
        .tile("r", (4, 3), (6, 3), (5, 2))
        .tile("k", (7, 3))
        .tile("r", (8, 2))
        .leader("archer", "priest", (5, 3))
        .leader("lion", "king", (8, 3))
        .hand("archer", "rrkbbg")
        .hand("lion", "rrrggb")
        .turn("lion")
        .game()
    )
    return game


def test_square_contents() -> None:
    game = revolt_game()
    pos = game.position
    leader = pos.at((5, 3)).leader
    assert leader is not None and (leader.dynasty, leader.colour, leader.name) == ("archer", "red", "priest")
    assert pos.at("(4,3)").tile == "red" and pos.at(to_square((4, 3))).terrain == "land"
    assert pos.at((0, 0)).empty
    river = pos.at((4, 0))
    assert river.terrain == "river" and river.empty


def test_regions_and_kingdoms_list_their_squares_leaders_and_tiles() -> None:
    pos = revolt_game().position
    kingdom = pos.region_at((5, 3))
    assert kingdom is not None and kingdom.is_kingdom
    assert set(kingdom.squares) >= {(4, 3), (5, 3), (6, 3), (5, 2), (7, 3), (8, 3)}
    assert kingdom.tiles["red"] == 4 and kingdom.tiles["black"] == 1
    assert {(le.dynasty, le.colour) for le in kingdom.leaders} == {("archer", "red"), ("lion", "black")}
    assert kingdom.leader("priest") is not None and kingdom.leader("g") is None
    assert kingdom in pos.kingdoms()
    assert pos.region_at((0, 0)) is None


def test_the_pending_conflict_with_its_sides_and_strengths() -> None:
    game = revolt_game()
    game.apply("leader r (6,4)")  # adjacent to the temple at (6,3): a revolt against the archer's priest
    conflict = game.position.conflict
    assert conflict is not None
    assert (conflict.kind, conflict.colour, conflict.attacker, conflict.defender) == ("revolt", "red", 1, 0)
    assert conflict.attacker_leader == (6, 4) and conflict.defender_leader == (5, 3)
    assert (conflict.attacker_base, conflict.defender_base) == (1, 3)
    assert conflict.attacker_committed is None
    game.apply("commit 2")
    after = game.position.conflict
    assert after is not None and after.attacker_committed == 2 and after.attacker_strength == 3


def test_players_leaders_supply_hand_and_points() -> None:
    game = revolt_game()
    archer = game.position.player("archer")
    assert archer.seat == 0 and archer.leaders == {"red": (5, 3)}
    assert archer.supply == ("black", "blue", "green")
    assert archer.hand == {"black": 1, "red": 2, "blue": 2, "green": 1} and archer.hand_size == 6
    assert archer.points == {"black": 0, "red": 0, "blue": 0, "green": 0} and archer.catastrophes == 2
    assert game.view(1).position.player("archer").hand is None
    with pytest.raises(ValueError, match="no player 'bull'"):
        game.position.player("bull")


def test_monuments_buildings_and_the_ziggurat() -> None:
    game = (
        PositionBuilder(players=("archer", "lion"), variants=("buildings", "ziggurat"))
        .monument("kr", (8, 5))
        .building("g", (3, 5))
        .tile("g", (3, 5))
        .ziggurat((12, 5))
        .hand("archer", "rrkbbg")
        .hand("lion", "rrrggb")
        .turn("archer")
        .game()
    )
    pos = game.position
    [monument] = pos.monuments()
    assert monument.colours == ("black", "red") and monument.squares == ((8, 5), (9, 5), (8, 6), (9, 6))
    assert pos.at((9, 6)).monument == ("black", "red")
    assert pos.buildings() == {"green": (3, 5)} and pos.at((3, 5)).building == "green"
    zig = pos.ziggurat()
    assert zig is not None and zig.centre == (12, 5) and len(zig.squares) == 5


@pytest.mark.parametrize("value", [(16, 0), (0, 11), (-1, 2), "(3;4)", 176, -1, True, 2.0, None, (1, 2, 3)])
def test_squares_are_parsed_by_one_function_with_one_error(value: object) -> None:
    with pytest.raises(ValueError, match=r"square|off the board"):
        to_square(value)


@pytest.mark.parametrize(("value", "colour"), [(0, 0), ("r", 1), ("Blue", 2), ("market", 3), ("king", 0)])
def test_colours_are_read_in_every_form(value: object, colour: int) -> None:
    assert to_colour(value) == colour


@pytest.mark.parametrize("value", [4, -1, "purple", None, True])
def test_bad_colours_are_named(value: object) -> None:
    with pytest.raises(ValueError, match="not a colour"):
        to_colour(value)
