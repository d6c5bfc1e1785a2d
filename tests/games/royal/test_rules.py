"""Every rule of the Royal Game of Ur (docs/rules-royal.md §1–§7), through the facade and the engine."""

from __future__ import annotations

import pytest

from tigris_widget.core.errors import IllegalActionError
from tigris_widget.games.royal import Move, Roll, Rolled, RoyalGame
from tigris_widget.games.royal.engine import RoyalState, apply_unchecked, check_state, legal, legal_moves
from tigris_widget.games.royal.engine.board import (
    ROSETTE_CELLS,
    ROSETTE_SQUARES,
    exists,
    path_cell,
    path_xy,
    square_of,
)
from tigris_widget.games.royal.formats.position import parse_position

from .helpers import game_throwing, position


def test_the_board_has_twenty_squares_and_five_rosettes() -> None:
    assert sum(exists(x, y) for x in range(8) for y in range(3)) == 20
    assert not exists(4, 0) and not exists(5, 2) and exists(4, 1)
    assert sorted({path_cell(seat, sq) for seat in (0, 1) for sq in ROSETTE_SQUARES}) == list(ROSETTE_CELLS)


def test_the_paths_follow_the_lanes_and_share_the_middle_row() -> None:
    assert [path_xy(0, sq) for sq in (1, 4, 5, 12, 13, 14)] == [(3, 0), (0, 0), (0, 1), (7, 1), (7, 0), (6, 0)]
    assert [path_xy(1, sq) for sq in (1, 4, 13, 14)] == [(3, 2), (0, 2), (7, 2), (6, 2)]
    for sq in range(1, 15):
        assert square_of(0, path_cell(0, sq)) == sq == square_of(1, path_cell(1, sq))
        assert (path_cell(0, sq) == path_cell(1, sq)) == (5 <= sq <= 12)
    with pytest.raises(ValueError):
        path_xy(0, 15)


def _game(light: str, dark: str, last: str) -> RoyalGame:
    return RoyalGame.from_position(position(light, dark, last))


def test_entering_counts_the_first_square_as_one() -> None:
    game = _game("light start 7 path off 0", "dark start 7 path off 0", "next light move 1")
    assert game.legal_actions() == [Move(0)]
    game.apply("move 0")
    assert game.state.squares(0) == [1] and game.state.waiting(0) == 6 and game.to_move == 1
    dark = _game("light start 7 path off 0", "dark start 7 path off 0", "next dark move 2")
    events = dark.apply(Move(0))
    assert dark.state.squares(1) == [2] and "(2,2)" in events[0].text


def test_a_move_names_a_piece_that_is_there() -> None:
    game = _game("light start 6 path 3 off 0", "dark start 7 path off 0", "next light move 2")
    with pytest.raises(IllegalActionError, match="no piece of Light stands on path square 4") as err:
        game.apply("move 4")
    assert err.value.rule == "§5.1 M1"
    empty = _game("light start 0 path 1 2 3 5 6 7 9 off 0", "dark start 7 path off 0", "next light move 1")
    with pytest.raises(IllegalActionError, match="waits to enter"):
        empty.apply("move 0")


def test_bearing_off_needs_the_exact_roll() -> None:
    game = _game("light start 6 path 13 off 0", "dark start 7 path off 0", "next light move 3")
    assert game.legal_actions() == [Move(0)]
    with pytest.raises(IllegalActionError) as err:
        game.apply("move 13")
    assert err.value.rule == "§5.5 M2" and "exactly 2" in str(err.value)
    exact = _game("light start 6 path 13 off 0", "dark start 7 path off 0", "next light move 2")
    exact.apply("move 13")
    assert exact.state.off(0) == 1 and exact.state.squares(0) == []


def test_an_own_piece_blocks_the_square_it_holds() -> None:
    game = _game("light start 5 path 3 5 off 0", "dark start 7 path off 0", "next light move 2")
    assert Move(3) not in game.legal_actions() and Move(5) in game.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        game.apply(Move(3))
    assert err.value.rule == "§5.2 M3"


def test_jumping_over_pieces_is_allowed() -> None:
    game = _game("light start 6 path 6 off 0", "dark start 5 path 5 7 off 0", "next light move 3")
    game.apply("move 6")
    assert game.state.squares(0) == [9] and game.state.squares(1) == [5, 7]


def test_a_capture_sends_the_piece_back_in_the_shared_row() -> None:
    for square in (5, 6, 7, 9, 10, 11, 12):
        light = f"light start 6 path {square} off 0"
        game = _game(light, f"dark start 6 path {square - 1} off 0", "next dark move 1")
        events = game.apply(f"move {square - 1}")
        s = game.state
        assert s.squares(0) == [] and s.waiting(0) == 7 and s.squares(1) == [square]
        assert [e.kind for e in events][:2] == ["moved", "captured"] and events[1].rule == "§5.3"


def test_no_capture_in_the_lanes() -> None:
    for square in (1, 2, 3, 4, 13, 14):
        s = parse_position(position(f"light start 6 path {square} off 0", "dark start 7 path off 0", "next dark roll"))
        s.counts[16] -= 1
        s.counts[16 + square] = 1  # Dark on the same path square: a different cell
        assert check_state(s) is None
        assert path_cell(0, square) != path_cell(1, square)


def test_the_central_rosette_is_safe() -> None:
    game = _game("light start 6 path 8 off 0", "dark start 5 path 5 6 off 0", "next dark move 2")
    assert Move(6) not in game.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        game.apply("move 6")
    assert err.value.rule == "§5.4 M4"
    before = game.to_position()
    assert game.to_position() == before and len(game) == 0


def test_a_central_rosette_held_by_nobody_can_be_taken_and_an_own_piece_blocks_it() -> None:
    game = _game("light start 6 path 6 off 0", "dark start 7 path off 0", "next light move 2")
    game.apply("move 6")
    assert game.state.squares(0) == [8] and game.to_move == 0  # a rosette: Light again


@pytest.mark.parametrize("target", ROSETTE_SQUARES)
def test_a_rosette_gives_another_turn(target: int) -> None:
    start = target - 2
    light = "light start 7 path off 0" if start == 0 else f"light start 6 path {start} off 0"
    game = _game(light.replace("start 7", "start 7"), "dark start 7 path off 0", "next light move 2")
    events = game.apply(f"move {start}")
    assert game.to_move == 0 and game.decision is not None and game.decision.kind == "chance"
    assert events[-1].kind == "rosette" and events[-1].rule == "§6"


def test_no_extra_turn_elsewhere() -> None:
    game = _game("light start 7 path off 0", "dark start 7 path off 0", "next light move 3")
    game.apply("move 0")
    assert game.to_move == 1


def test_a_roll_of_zero_passes_the_turn() -> None:
    game = game_throwing(position("light start 7 path off 0", "dark start 7 path off 0", "next light roll"), 0)
    events = game.apply(Roll())
    assert game.actions == [Rolled(0)] and game.to_move == 1 and game.decision.kind == "chance"  # type: ignore[union-attr]
    assert events[0].kind == "passed" and events[0].rule == "§4"


def test_a_roll_without_a_legal_move_passes_the_turn() -> None:
    text = position("light start 0 path 14 off 6", "dark start 7 path off 0", "next light roll")
    game = game_throwing(text, 2)
    events = game.apply("roll")
    assert game.actions == [Rolled(2)] and game.to_move == 1 and "no legal move" in events[0].text
    blocked = RoyalState.start()
    assert legal_moves(blocked, 0, 0) == []


def test_a_roll_with_a_move_asks_for_it() -> None:
    game = game_throwing(position("light start 7 path off 0", "dark start 7 path off 0", "next light roll"), 3)
    game.apply("roll")
    d = game.decision
    assert d is not None and d.kind == "move" and d.seat == 0 and d.choices == (Move(0),)
    assert d.prompt == "Light rolled 3: move a piece 3 squares"


def test_throwing_twice_or_moving_before_throwing_is_refused() -> None:
    game = _game("light start 7 path off 0", "dark start 7 path off 0", "next light move 3")
    with pytest.raises(IllegalActionError) as err:
        game.apply("roll")
    assert err.value.rule == "§4 T2"
    fresh = RoyalGame.new(seed=1)
    with pytest.raises(IllegalActionError) as err:
        fresh.apply("move 0")
    assert err.value.rule == "§4 T1" and len(fresh) == 0


def test_the_last_piece_borne_off_wins() -> None:
    game = _game("light start 0 path 14 off 6", "dark start 0 path 12 off 6", "next light move 1")
    events = game.apply("move 14")
    assert game.is_over and game.winner == 0 and game.to_move is None and game.decision is None
    assert events[-1].kind == "won" and events[-1].rule == "§7"
    assert [(r.seat, r.points, r.place) for r in game.standings()] == [(0, 7, 1), (1, 6, 2)]
    assert game.legal_actions() == [] and game.ranking == [(0,), (1,)]
    with pytest.raises(IllegalActionError) as err:
        game.apply("roll")
    assert err.value.rule == "§7 G1"


def test_standings_count_pieces_off_and_share_places_while_playing() -> None:
    game = _game("light start 5 path 3 off 1", "dark start 5 path 1 off 1", "next light roll")
    assert [(r.seat, r.points, r.place) for r in game.standings()] == [(0, 1, 1), (1, 1, 1)]
    game = _game("light start 5 path 3 off 1", "dark start 4 path 1 off 2", "next light roll")
    assert [(r.seat, r.place) for r in game.standings()] == [(1, 1), (0, 2)]


def test_the_engine_lists_outcomes_at_a_throw_and_moves_after_it() -> None:
    s = RoyalState.start()
    assert legal(s) == [Rolled(n) for n in range(5)]
    apply_unchecked(s, Rolled(4))
    assert legal(s) == [Move(0)] and s.roll == 4
    apply_unchecked(s, Move(0))
    assert s.squares(0) == [4] and s.to_move == 0 and s.chance  # a rosette
