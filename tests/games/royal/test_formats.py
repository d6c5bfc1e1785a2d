"""Notation, position text and records (§8–§10): round trips over whole games and clear refusals."""

from __future__ import annotations

import pickle

import pytest

from tigris_widget.core.errors import IllegalActionError, NotationError, PositionError
from tigris_widget.games.royal import Move, Roll, Rolled, RoyalGame
from tigris_widget.games.royal.engine import RoyalState, parse_action
from tigris_widget.games.royal.formats.notation import format_throw, parse_throw
from tigris_widget.games.royal.formats.position import format_position, parse_position

from .helpers import position, random_game


def test_actions_are_values_with_their_notation() -> None:
    actions = [Roll(), *(Rolled(n) for n in range(5)), *(Move(n) for n in range(15))]
    assert len(set(actions)) == len(actions) == 21
    for a in actions:
        assert not isinstance(a, str) and parse_action(str(a)) == a and hash(parse_action(str(a))) == hash(a)
        assert pickle.loads(pickle.dumps(a)) == a and type(pickle.loads(pickle.dumps(a))) is type(a)
    assert (
        Rolled(3) != Move(3)
        and Roll() != Rolled(0)
        and sorted([Move(4), Rolled(1), Roll()]) == [Roll(), Rolled(1), Move(4)]
    )
    assert parse_action("  MOVE   12 ") == Move(12) and repr(Move(12)) == "Move(12)"


@pytest.mark.parametrize(
    "text", ["", "rolls", "roll 5", "roll -1", "move", "move 15", "move 99", "move x", "roll 3 4", "move ٣", 7, None]
)
def test_bad_notation_is_refused_naming_it(text: object) -> None:
    with pytest.raises(NotationError, match="§8"):
        parse_action(text)


@pytest.mark.parametrize("bad", [5, -1, "3", True, 2.0])
def test_bad_action_fields_are_refused(bad: object) -> None:
    with pytest.raises(NotationError):
        Rolled(bad)
    with pytest.raises(NotationError):
        Move(99 if bad == 5 else bad)


def test_throw_lines_round_trip() -> None:
    for seat, rolled, move in [
        (0, Rolled(3), Move(0)),
        (1, Rolled(0), None),
        (1, Rolled(4), Move(14)),
        (1, None, Move(6)),
    ]:
        assert parse_throw(format_throw(seat, rolled, move)) == (seat, rolled, move)
    for bad in ["light roll 3", "blue: roll 3", "light: roll 3 move", "light:", "dark: roll 7"]:
        with pytest.raises(NotationError):
            parse_throw(bad)


@pytest.mark.parametrize("seed", range(6))
def test_every_position_of_a_game_round_trips(seed: int) -> None:
    game = random_game(seed)
    for ply in range(len(game) + 1):
        state = game.state_at(ply)
        text = format_position(state)
        assert parse_position(text) == state and format_position(parse_position(text)) == text
    assert RoyalGame.from_position(game.to_position()).state == game.state


def test_a_position_may_state_the_roll() -> None:
    game = RoyalGame.from_position(
        position("light start 6 path 3 off 0", "dark start 7 path off 0", "next dark move 3")
    )
    d = game.decision
    assert d is not None and d.kind == "move" and d.seat == 1 and d.prompt.startswith("Dark rolled 3")
    assert "next dark move 3" in game.to_position()


@pytest.mark.parametrize(
    ("lines", "words"),
    [
        (("light start 6 path off 0", "dark start 7 path off 0", "next light roll"), "6 pieces"),
        (("light start 5 path 3 3 off 0", "dark start 7 path off 0", "next light roll"), "listed twice"),
        (("light start 6 path 6 off 0", "dark start 6 path 6 off 0", "next light roll"), "both seats"),
        (("light start 6 path 15 off 0", "dark start 7 path off 0", "next light roll"), "at most 14"),
        (("light start 6 path 0 off 1", "dark start 7 path off 0", "next light roll"), "1..14"),
        (("light start 7 path off 0", "dark start 7 path off 0", "next light move 0"), "passes the turn"),
        (("light start 7 path off 0", "dark start 7 path off 0", "next light move 5"), "at most 4"),
        (("light start 0 path 14 off 6", "dark start 7 path off 0", "next light move 2"), "no legal move"),
        (("light start 0 path off 7", "dark start 7 path off 0", "next dark roll"), "winner"),
        (("light start 7 path off 0", "dark start 7 path off 0", "winner light"), "winner"),
        (("dark start 7 path off 0", "light start 7 path off 0", "next light roll"), "light start"),
        (("light start 7 path off 0", "dark start 7 path off 0", "next blue roll"), "next light roll"),
        (("light start x path off 0", "dark start 7 path off 0", "next light roll"), "digits"),
    ],
)
def test_bad_positions_are_refused_naming_the_problem(lines: tuple[str, str, str], words: str) -> None:
    with pytest.raises(PositionError, match=words):
        RoyalGame.from_position(position(*lines))


@pytest.mark.parametrize("text", ["", "royal-position 2\n", "royal-position 1\nlight start 7 path off 0\n", 12, b"x"])
def test_malformed_position_texts_are_refused(text: object) -> None:
    with pytest.raises(PositionError):
        RoyalGame.from_position(text)  # type: ignore[arg-type]


def test_records_of_whole_random_games_replay_exactly() -> None:
    for seed in range(40):
        game = random_game(seed)
        text = game.to_record()
        again = RoyalGame.from_record(text)
        assert again.actions == game.actions and again.actors == game.actors and again.state == game.state
        assert again.to_record() == text and again.is_over and text.splitlines()[-1].startswith("result")


def test_records_of_games_under_way_replay_at_every_ply() -> None:
    game = random_game(3, plies=80)
    for ply in range(len(game) + 1):
        part = RoyalGame.new(seed=3)
        for a in game.actions[:ply]:
            part.apply(a)
        again = RoyalGame.from_record(part.to_record())
        assert again.state == part.state and again.actions == part.actions


def test_a_record_from_a_position_keeps_it() -> None:
    start = position("light start 6 path 3 off 0", "dark start 6 path 6 off 0", "next dark move 2")
    game = RoyalGame.from_position(start)
    game.apply("move 6")
    game.apply("roll")
    text = game.to_record()
    assert "position\nroyal-position 1" in text
    again = RoyalGame.from_record(text)
    assert again.state == game.state and again.state_at(0) == parse_position(start)


def test_a_game_from_a_record_throws_from_a_seed_the_record_gives() -> None:
    text = random_game(4, plies=30).to_record()
    a, b = RoyalGame.from_record(text), RoyalGame.from_record(text)
    for _ in range(20):
        if a.is_over:
            break
        a.apply(a.legal_actions()[0])
        b.apply(b.legal_actions()[0])
    assert a.actions == b.actions


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "royal-record 1"),
        ("royal-record 1\n", "'play'"),
        ("royal-record 1\nplay\ndark: roll 2 move 0\n", "light's throw"),
        ("royal-record 1\nplay\nlight: roll 2 move 5\n", "§5.1 M1"),
        ("royal-record 1\nplay\nlight: roll 0 move 0\n", "passes the turn"),
        ("royal-record 1\nplay\nlight: roll 2\ndark: roll 1 move 0\n", "must move a piece"),
        ("royal-record 1\nplay\nlight: roll 2 move 0\nresult light 7 dark 0 winner light\n", "not over"),
        ("royal-record 1\nplay\nresult light 0\nlight: roll 1 move 0\n", "nothing may follow"),
        ("royal-record 1\nposition\nroyal-position 1\nplay\n", "the record's position"),
        ("royal-record 1\nplay\nlight: roll 9 move 0\n", "0 to 4"),
        ("royal-record 1\nplay\nlight: move 0\n", "names no roll"),
        (
            "royal-record 1\nposition\nroyal-position 1\nlight start 7 path off 0\ndark start 7 path off 0\n"
            "next light move 2\nplay\nlight: roll 2 move 0\n",
            "write the move alone",
        ),
    ],
)
def test_bad_records_are_refused_naming_the_line(text: str, words: str) -> None:
    with pytest.raises(PositionError, match=words):
        RoyalGame.from_record(text)


def test_a_wrong_result_line_is_refused() -> None:
    text = random_game(2).to_record()
    lines = text.splitlines()
    lines[-1] = "result light 7 dark 7 winner dark"
    with pytest.raises(PositionError, match="does not match"):
        RoyalGame.from_record("\n".join(lines))


def test_hostile_actions_are_refused_and_change_nothing() -> None:
    game = random_game(9, plies=25)
    before = (game.to_record(), game.to_position(), len(game))

    try:

        class Sneaky(Move):
            pass

        sneaky: list[object] = [Sneaky(3)]
    except TypeError:  # the compiled engine: no subclass of an action can even be made
        sneaky = []
    mutated = Move(3)
    mutated.n = 99
    for bad in [None, 3, 2.5, b"roll", ["roll"], "jump", *sneaky, mutated, object()]:
        with pytest.raises(ValueError):
            game.apply(bad)  # type: ignore[arg-type]
        assert not game.is_legal(bad)
    with pytest.raises(IllegalActionError, match="§8 S2"):
        game.apply(game.legal_actions()[0], seat=1 - game.to_move)  # type: ignore[operator]
    for seat in (2, -1, "0", True):
        with pytest.raises(ValueError):
            game.apply(game.legal_actions()[0], seat=seat)  # type: ignore[arg-type]
    assert (game.to_record(), game.to_position(), len(game)) == before


def test_new_refuses_bad_arguments() -> None:
    for players in (1, 3, "2", True):
        with pytest.raises(ValueError, match="players"):
            RoyalGame.new(players=players)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no options"):
        RoyalGame.new(options={"fast": True})
    with pytest.raises(ValueError, match="seed"):
        RoyalGame.new(seed="7")  # type: ignore[arg-type]
    assert RoyalGame.new(options={}).state == RoyalState.start()
