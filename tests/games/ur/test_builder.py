"""UrPositionBuilder and the readable accessors (UrGame.position): round trips, a scripted war, hostile input."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tigris_widget.core.errors import PositionError
from tigris_widget.games.ur import UrGame, UrPositionBuilder
from tigris_widget.games.ur.engine.state import PH_TURN

from .urtext import parse


def _between_turns(g: UrGame) -> bool:
    s = g.state
    return s.phase == PH_TURN and not s.started


def _random_game(seed: int, players: int, steps: int) -> UrGame:
    rng = random.Random(seed)
    g = UrGame.new(players, seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize(("seed", "players"), [(1, 3), (2, 4), (3, 3), (4, 4)])
def test_accessors_agree_with_the_position_text(seed: int, players: int) -> None:
    rng = random.Random(seed)
    g = UrGame.new(players, seed)
    checked = 0
    for _ in range(400):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
        if not (_between_turns(g) or g.is_over):
            continue
        text, pos = parse(g.to_position()), g.position
        for (x, y), cell in text.cells.items():
            got = pos.at((x, y))
            assert (got.face[0].upper(), got.back[0].upper()) == (cell.face.upper(), cell.back.upper())
            assert (got.owner, got.cubes, got.ziggurat is not None) == (cell.owner, cell.cubes, cell.zig)
            assert got.ziggurat in (None, cell.owner)
        assert pos.spares == tuple(text.spares) and pos.start_player == text.start
        assert pos.to_move == text.to_move and pos.ziggurats_left == text.zigs_left
        standings = {r.seat: r for r in g.standings()}
        for p in range(players):
            me = pos.player(p)
            assert me.hand == text.hands[p] and me.supply == text.supplies[p] == 20 - me.cubes_on_grid
            assert (me.points, me.place) == (standings[p].points, standings[p].place)
            assert set(me.tiles) == {xy for xy, c in text.cells.items() if c.owner == p}
            assert set(me.ziggurats) == {xy for xy, c in text.cells.items() if c.owner == p and c.zig}
        # the builder reads the position and writes it back unchanged
        assert UrPositionBuilder.from_position(g.to_position()).game().to_position() == g.to_position()
        checked += 1
    assert checked >= 5


def test_builder_round_trip_and_readable_names() -> None:
    dealt = UrPositionBuilder(players=4, seed=11).game().position
    h0, h1 = dealt.player(0).hand, dealt.player(1).hand
    b = (
        UrPositionBuilder(players=4, seed=11)
        .cubes((0, 0), 0, 3)
        .cubes("(5,5)", 3, 5)
        .ziggurat(7, "P2")
        .swap((1, 1), (4, 4))
        .flip((3, 3))
        .hand(1, h0.lower())
        .hand(0, h1[::-1])
        .start_player(2)
        .to_move(3)
    )
    g = b.game()
    pos = g.position
    assert pos.at((0, 0)).cubes == 3 and pos.at((0, 0)).owner == 0
    assert pos.at((1, 1)).ziggurat == 2 and pos.player(2).ziggurats == ((1, 1),)
    assert pos.player("P1").hand == h0 and pos.player(0).hand == h1
    assert pos.start_player == 2 and pos.to_move == 3 and pos.ziggurats_left == 4 and pos.spares == ()
    assert pos.player(3).supply == 15 and "P3 to move" in repr(pos)
    again = UrPositionBuilder.from_position(g.to_position()).game()
    assert again.to_position() == g.to_position()
    assert UrGame.from_position(b.text()).to_position() == g.to_position()


def test_built_war_is_played_by_the_engine() -> None:
    # P0 (war in hand, §4) attacks from a war tile with 5 cubes into P1's agriculture tile holding 2 (§5.5)
    b = UrPositionBuilder(players=3, seed=7).hand(0, "TW").hand(1, "AT")  # the dealt hands swapped
    b = b.flip((1, 0)).cubes((1, 0), 0, 5).cubes((2, 0), 1, 2).to_move(0)
    g = b.game()
    assert g.position.at((1, 0)).face == "war" and g.position.at((2, 0)).face == "agriculture"
    assert g.is_legal("(1,0)->(2,0)")
    g.apply("(1,0)->(2,0)")
    g.apply("move 2")
    pos = g.position
    # the two defenders go home, two attackers pay for them, no extra cube from a war tile, two move in
    assert (pos.at((2, 0)).owner, pos.at((2, 0)).cubes) == (0, 2)
    assert (pos.at((1, 0)).owner, pos.at((1, 0)).cubes) == (0, 1)
    assert pos.player(1).supply == 20 and pos.player(0).cubes_on_grid == 3


def test_game_over_position() -> None:
    g = UrPositionBuilder(players=3, seed=5).cubes((2, 2), 1, 4).game_over().game()
    assert g.is_over and g.position.to_move is None and g.position.is_over
    assert g.result is not None and g.position.player(1).place == 1


@pytest.mark.parametrize(
    ("call", "word"),
    [
        (lambda b: b.cubes((6, 0), 0, 1), "off the grid"),
        (lambda b: b.cubes("(a,b)", 0, 1), "not a cell"),
        (lambda b: b.cubes((0, 0), 3, 1), "not a seat"),
        (lambda b: b.cubes((0, 0), True, 1), "not a seat"),
        (lambda b: b.cubes((0, 0), 0, 6), "cubes on a tile"),
        (lambda b: b.cubes((0, 0), 0, 0), "cubes on a tile"),
        (lambda b: b.tile((0, 0), "A", "agriculture"), "two different kinds"),
        (lambda b: b.tile((0, 0), "X", "T"), "not a kind"),
        (lambda b: b.hand(0, "AA"), "not a tile pair"),
        (lambda b: b.hand(0, None), "not a tile pair"),
        (lambda b: b.spares("AT", "AC"), "spare"),
        (lambda b: b.supplies(20, 20), "supplies expected"),
        (lambda b: b.layout("7"), "seed"),
        (lambda b: b.to_move("P9"), "not a seat"),
    ],
)  # fmt: skip
def test_hostile_calls_name_the_problem_and_change_nothing(call: object, word: str) -> None:
    b = UrPositionBuilder(players=3, seed=3)
    before = b.text()
    with pytest.raises(PositionError, match=word):
        call(b)  # type: ignore[operator]
    assert b.text() == before


@pytest.mark.parametrize(
    ("build", "word"),
    [
        (lambda b: b.tile((0, 0), "W", "P"), "off: AC 3, PW 5"),  # breaks the 4-of-each-pair rule
        (lambda b: b.hand(0, "CW"), "pair counts"),
        (lambda b: b.supplies(19, 20, 20), "supply"),
        (lambda b: [b.cubes((x, y), 0, 5) for x in range(5) for y in range(1)] and b, "P0 has 25 cubes on the grid"),
        (lambda b: [b.ziggurat((x, 0), 1) for x in range(6)] and b, "ziggurats"),
    ],
)
def test_refused_positions_raise_before_any_game(
    build: Callable[[UrPositionBuilder], UrPositionBuilder], word: str
) -> None:
    b = build(UrPositionBuilder(players=3, seed=3))
    with pytest.raises(PositionError, match=word):
        b.game()


def test_bad_settings() -> None:
    for kwargs in ({"players": 5}, {"players": "3"}, {"players": 2}, {"options": {"layout": "x"}}):
        with pytest.raises(PositionError):
            UrPositionBuilder(**kwargs)
    with pytest.raises(PositionError, match="setup"):
        UrPositionBuilder.from_position(UrGame.new(3, 1).to_position())
    with pytest.raises(ValueError, match="not a seat"):
        UrGame.new(3, 1).position.player(3)


@settings(max_examples=60, deadline=None)
@given(
    where=st.one_of(st.integers(-5, 40), st.tuples(st.integers(-2, 7), st.integers(-2, 7)), st.text(max_size=6)),
    seat=st.one_of(st.integers(-2, 5), st.text(max_size=3), st.none()),
    count=st.one_of(st.integers(-2, 8), st.floats(), st.booleans()),
)
def test_any_cubes_call_either_works_or_is_refused_cleanly(where: object, seat: object, count: object) -> None:
    b = UrPositionBuilder(players=3, seed=9)
    before = b.text()
    try:
        b.cubes(where, seat, count)  # type: ignore[arg-type]
    except PositionError:
        assert b.text() == before
        return
    g = b.game()  # one tile of a seat on an empty grid is always a valid position
    assert g.position.at(where).cubes == count


@settings(max_examples=40, deadline=None)
@given(text=st.text(max_size=8), other=st.one_of(st.text(max_size=8), st.integers(), st.none()))
def test_any_tile_or_hand_call_either_works_or_is_refused_cleanly(text: str, other: object) -> None:
    calls: tuple[Callable[[UrPositionBuilder], object], ...] = (
        lambda b: b.tile(0, text, other),  # type: ignore[arg-type]
        lambda b: b.hand(0, text),
        lambda b: b.spares(text),
    )
    for call in calls:
        b = UrPositionBuilder(players=4, seed=2)
        before = b.text()
        try:
            call(b)
        except PositionError:
            assert b.text() == before
            continue
        with contextlib.suppress(PositionError):  # a valid tile may still break the pair counts
            b.game()
