"""Board maps (rules §2) and setup (rules §3)."""

from __future__ import annotations

import pytest

from tigris_widget import Game, PositionError
from tigris_widget.games.tigris.engine.core.board import (
    ALTERNATIVE,
    CLASSIC,
    NEIGHBOURS,
    format_square,
    parse_square,
    square,
    squares,
)
from tigris_widget.games.tigris.engine.core.types import TOTAL_TILES


def xy_list(mask: int) -> list[tuple[int, int]]:
    return [(q % 16, q // 16) for q in squares(mask)]


def test_classic_map_matches_the_spec() -> None:
    assert CLASSIC.river.bit_count() == 41
    assert sorted(xy_list(CLASSIC.start_temples)) == sorted(
        [(10, 0), (1, 1), (15, 1), (5, 2), (13, 4), (8, 6), (1, 7), (14, 8), (5, 9), (10, 10)]
    )
    assert sorted(xy_list(CLASSIC.specials)) == sorted([(1, 1), (15, 1), (1, 7), (14, 8)])
    assert CLASSIC.is_river(square(12, 0)) and not CLASSIC.is_river(square(11, 0))


def test_alternative_map_matches_the_spec() -> None:
    assert ALTERNATIVE.river.bit_count() == 39
    assert ALTERNATIVE.start_temples.bit_count() == 14
    assert sorted(xy_list(ALTERNATIVE.specials)) == sorted([(1, 2), (15, 5), (0, 7), (4, 9), (9, 10), (14, 10)])


def test_adjacency_is_orthogonal_and_does_not_wrap() -> None:
    assert sorted(xy_list(NEIGHBOURS[square(0, 0)])) == [(0, 1), (1, 0)]
    assert sorted(xy_list(NEIGHBOURS[square(15, 5)])) == [(14, 5), (15, 4), (15, 6)]
    assert NEIGHBOURS[square(5, 5)].bit_count() == 4


def test_square_text() -> None:
    assert parse_square("(5,4)") == square(5, 4) and format_square(square(5, 4)) == "(5,4)"
    with pytest.raises(ValueError, match="off the board"):
        parse_square("(16,0)")


@pytest.mark.parametrize(("board", "temples"), [("classic", 10), ("alternative", 14)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_six_tiles_each_and_fills_the_bag(board: str, temples: int, players: int) -> None:
    s = Game.new(players=players, seed=11, board=board).state
    assert [s.hand_size(p) for p in range(players)] == [6] * players
    assert len(s.bag) == TOTAL_TILES - temples - 6 * players
    assert s.treasures.bit_count() == temples and s.catastrophes_left == [2] * players
    red_in_play = s.bag.count(1) + sum(s.hands[p * 4 + 1] for p in range(players))
    assert red_in_play == 57 - temples


def test_the_seed_fixes_the_deal_and_the_start_player() -> None:
    a, b = Game.new(players=3, seed=5), Game.new(players=3, seed=5)
    assert a.state == b.state
    assert Game.new(players=3, seed=6).state != a.state


def test_scripted_hands_and_bag_control_every_draw() -> None:
    game = Game.new(players=2, seed=1, start_player=1, hands=["rrrrrr", "kkkkkk"], bag="gbgb")
    s = game.state
    assert s.active == 1 and s.hand(0) == [0, 6, 0, 0] and s.hand(1) == [6, 0, 0, 0]
    assert s.bag[-4:][::-1] == [3, 2, 3, 2]  # the next draws: g, b, g, b
    game.play("tile k (0,0)", "tile k (1,0)")  # Bull's turn; he refills g then b
    assert game.state.hand(1) == [4, 0, 1, 1]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 5}, "players must be 2, 3 or 4"),
        ({"board": "hexagonal"}, "unknown board side"),
        ({"variants": ("wonders",)}, "unknown variant"),
        ({"options": {"scores": "secret"}}, "option scores must be one of"),
        ({"options": {"colour": "x"}}, "unknown option"),
        ({"hands": ["rrrrrr"]}, "one starting hand per player"),
        ({"hands": ["rrrrr", "kkkkkk"]}, "must hold 6 tiles"),
        ({"hands": ["rrrrrq", "kkkkkk"]}, "not a tile colour"),
        ({"bag": "k" * 31}, "more tiles of a colour"),
        ({"start_player": 2}, "start player"),
        ({"dynasties": ("lion", "lion")}, "different dynasties"),
    ],
)
def test_bad_setups_are_rejected_with_a_reason(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"players": 2, "seed": 1, **kwargs}
    with pytest.raises(ValueError, match=message):
        Game.new(**args)  # type: ignore[arg-type]


def test_position_errors_are_value_errors() -> None:
    assert issubclass(PositionError, ValueError)
