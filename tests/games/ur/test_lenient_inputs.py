"""Inputs Ur once took silently or answered with a bare or foreign error: each is now refused with a
``ValueError`` naming the argument, line or field — and the game is unchanged."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tigris_widget.core.errors import IllegalActionError, PositionError
from tigris_widget.games.ur import UrGame
from tigris_widget.games.ur.engine.steps import Step, parse_step

from .test_spec_cases import TC13

START = "P0: culture (3,2)+1 | P2: (4,3)+1; exchange (2,3) side T"


# -- item 6: a seed or turn limit that the record could not write back ----------------------------
@pytest.mark.parametrize("seed", [10**5000, -(10**5000), 10**1000], ids=["huge", "huge-negative", "1001-digits"])
def test_a_seed_no_record_can_hold_is_refused_by_new(seed: int) -> None:
    # before: accepted, then to_record()/to_json() raised "Exceeds the limit (4300 digits)"
    from tigris_widget import Game

    for new in (lambda: UrGame.new(3, seed=seed), lambda: Game.new(players=2, seed=seed)):
        with pytest.raises(ValueError, match=r"^seed must be a whole number of at most 1,000 digits, not an int of"):
            new()


@pytest.mark.parametrize(
    "limit", [10**5000, 10_001, "9" * 5000, 0, "0", -3], ids=["huge", "10001", "long-text", "0", "0-text", "-3"]
)
def test_a_turn_limit_beyond_any_game_is_refused(limit: object) -> None:
    # before: 10**5000 was accepted and to_record()/to_position() failed
    with pytest.raises(ValueError, match=r"^option turnLimit must be"):
        UrGame.new(3, seed=1, options={"turnLimit": limit})


def test_a_large_seed_and_limit_still_round_trip() -> None:
    game = UrGame.new(3, seed=2**64 + 5, options={"turnLimit": 10_000})
    assert UrGame.from_record(game.to_record()).to_record() == game.to_record()
    assert UrGame.from_position(game.to_position()).options["turnLimit"] == "10000"


# -- item 8: numpy's integers are welcome ----------------------------------------------------------
def test_numpy_integers_are_taken_as_ints() -> None:
    # before: "bool object expected; got numpy.bool" (compiled) / "must be a positive integer" (pure)
    game = UrGame.new(np.int64(3), seed=np.uint32(7), options={"turnLimit": np.int64(5)})
    assert game.options["turnLimit"] == "5" and game.players == 3
    assert game.to_record() == UrGame.new(3, seed=7, options={"turnLimit": 5}).to_record()


# -- item 7: foreign objects are refused by type; their methods are never called -----------------------
class Hostile(str):
    def __eq__(self, other: object) -> bool:
        raise RuntimeError("__eq__ called")

    def __ne__(self, other: object) -> bool:
        raise RuntimeError("__ne__ called")

    __hash__ = str.__hash__

    def __repr__(self) -> str:
        raise RuntimeError("__repr__ called")

    def split(self, *args: Any) -> Any:  # type: ignore[override]
        raise RuntimeError("split called")


class Loud:
    def __repr__(self) -> str:
        raise RuntimeError("__repr__ called")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("__eq__ called")

    __hash__ = object.__hash__


def test_foreign_objects_never_run_their_methods() -> None:
    # before: RuntimeError escaped from apply, play_line, is_legal, new, Step and view(seat=…)
    game = UrGame.new(3, seed=1)
    start = game.to_record()
    legal = str(game.legal_actions()[0])
    for bad in (Loud(), Hostile("nonsense")):
        with pytest.raises(ValueError):
            game.apply(bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            game.play_line(bad)  # type: ignore[arg-type]
        assert game.is_legal(bad) is False
        with pytest.raises(ValueError, match=r"^seed must be"):
            UrGame.new(3, seed=bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match=r"^players"):
            UrGame.new(bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            UrGame.new(3, seed=1, options={bad: "true"})  # type: ignore[dict-item]
        with pytest.raises(ValueError, match=r"^option allowTwoPlayers must be true or false"):
            UrGame.new(3, seed=1, options={"allowTwoPlayers": bad})
        with pytest.raises(ValueError, match=r"^seat must be"):
            game.view(seat=bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            game.apply(Step(bad))  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            game.apply(legal, seat=bad)  # type: ignore[arg-type]
    game.apply(Hostile(legal))  # a str subclass is read as its plain text
    assert game.to_record() != start and len(game) == 1


def test_a_subclassed_step_is_refused() -> None:
    class MyStep(Step):
        def __eq__(self, other: object) -> bool:
            raise RuntimeError("__eq__ called")

        __hash__ = Step.__hash__

    game = UrGame.new(3, seed=1)
    step = game.legal_actions()[0]
    with pytest.raises(IllegalActionError, match="not a step action"):
        game.apply(MyStep(*step))
    assert len(game) == 0


@given(st.text(min_size=101, max_size=3000))
def test_error_messages_quote_at_most_a_hundred_characters(text: str) -> None:
    # before: a 1 MB step gave a 1 MB message
    for read in (parse_step, UrGame.from_position, UrGame.from_record, UrGame.new(3, seed=1).play_line):
        try:
            read("place " + text)
        except ValueError as err:
            assert len(str(err)) < 600
        else:  # pragma: no cover - no such text is a legal step
            raise AssertionError(text)


def test_a_megabyte_step_gives_a_short_message() -> None:
    with pytest.raises(ValueError) as info:
        UrGame.new(3, seed=1).apply("x" * 1_000_000)
    assert len(str(info.value)) < 600


# -- item 9: digits only ASCII, never more than fit ------------------------------------------------------
def _with(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [("supplies: P0=1", "supplies: P0=²", "line 10: P0's supply must be written in digits 0-9"),
     ("supplies: P0=1", "supplies: P0=" + "1" * 5000, "line 10: P0's supply must be at most 20"),
     ("4 players", "9" * 5000 + " players", "line 1: players must be at most 9"),
     ("ziggurats left: 5", "ziggurats left: " + "5" * 5000, "line 1: ziggurats left must be at most 5"),
     ("options: defaults", "options: turnLimit=²", "line 1: option turnLimit must be written in digits 0-9"),
     ("options: defaults", "options: turnLimit=" + "7" * 5000, "line 1: option turnLimit must be at most 10000"),
     ("options: defaults", "options: turnLimit=5, turnLimit=6", "line 1: option 'turnLimit' is given twice")],
    ids=["supply-unicode", "supply-long", "players-long", "zigs-long", "limit-unicode", "limit-long", "limit-twice"],
)  # fmt: skip
def test_positions_name_the_line_of_a_bad_number(old: str, new: str, words: str) -> None:
    # before: bare "invalid literal for int()" / "Exceeds the limit (4300 digits)"; a repeated option: last won
    with pytest.raises(PositionError) as info:
        UrGame.from_position(_with(TC13, old, new))
    assert str(info.value).startswith(words)


@pytest.mark.parametrize(
    "step", ["move " + "1" * 5000, "move ²", "(1,1)+²", "(1,1)+" + "1" * 5000, "move 10"],
    ids=["move-long", "move-unicode", "add-unicode", "add-long", "move-10"],
)  # fmt: skip
def test_steps_name_a_bad_count(step: str) -> None:
    with pytest.raises(ValueError) as info:
        parse_step(step)
    assert "invalid literal" not in str(info.value) and "4300" not in str(info.value)
    assert len(str(info.value)) < 600


def test_a_war_line_names_a_bad_count() -> None:
    game = UrGame.from_position(TC13)
    with pytest.raises(ValueError, match="move must be at most 9"):
        game.play_line("P0: war (2,2)->(3,2) move " + "1" * 5000)


# -- item 10: contradictions in records are named, not resolved silently ---------------------------------
def _record() -> str:
    game = UrGame.new(3, seed=5)
    while "\nplay\n" not in game.to_record():  # the setup and one whole turn
        game.apply(game.legal_actions()[0])
    return game.to_record()


def _position_record(players: int = 4) -> str:
    game = UrGame.from_position(TC13)
    game.play_line(START)
    return game.to_record().replace("players 4", f"players {players}")


@pytest.mark.parametrize(
    ("change", "words"),
    [(lambda r: r.replace("players 3", "players ²"), "line 2: players must be written in digits 0-9"),
     (lambda r: r.replace("seed 5", "seed " + "5" * 5000), "line 3: seed must be at most"),
     (lambda r: r.replace("seed 5", "seed 5\nseed 6"), "line 4: a second 'seed' header (the first is on line 3)"),
     (lambda r: r.replace("layout colour", "layout colour\noptions turnLimit=4"), "a second 'options' header"),
     (lambda r: r.replace("options ", "options turnLimit=4 turnLimit=5 "), "option 'turnLimit' is given twice"),
     (lambda r: r.replace("options ", "options layout=face "), "option 'layout' is given twice"),
     (lambda r: r.replace("\nsetup\n", "\nplay\n"), "a setup line under 'play'")],
    ids=["players-unicode", "seed-long", "seed-twice", "options-twice", "option-twice", "layout-twice", "section"],
)  # fmt: skip
def test_a_record_header_names_what_is_wrong(change: Any, words: str) -> None:
    record = _record()
    assert UrGame.from_record(record).to_record() == record
    with pytest.raises(PositionError) as info:
        UrGame.from_record(change(record))
    assert words in str(info.value)


def test_a_turn_under_setup_is_refused() -> None:
    record = _record()
    head, _, rest = record.partition("\nplay\n")
    with pytest.raises(PositionError, match="a turn line under 'setup'"):
        UrGame.from_record(head + "\n" + rest)


@pytest.mark.parametrize(
    ("change", "words"),
    [(lambda r: r.replace("players 4", "players 3"), "line 2: players 3, but the position (line 3) is of 4 players"),
     (lambda r: r.replace("players 4", "players 4\nseed 7"), "line 3: a record that starts at a position has no 'seed'"),
     (lambda r: r.replace("players 4", "players 4\noptions turnLimit=3"), "has no 'options'")],
    ids=["players", "seed", "options"],
)  # fmt: skip
def test_a_record_from_a_position_takes_no_contradicting_header(change: Any, words: str) -> None:
    # before: the players header and a seed or options beside the position were ignored
    record = _position_record()
    assert UrGame.from_record(record).to_record() == record
    with pytest.raises(PositionError) as info:
        UrGame.from_record(change(record))
    assert words in str(info.value)


@pytest.mark.parametrize(
    "line",
    ["P0: culture (3,2)+1 (1,2)+0 | P2: (4,3)+1; exchange (2,3) side T",
     "P0: culture (3,2)+1 | P2: (4,3)+1 (0,1)+0; exchange (2,3) side T",
     "P0: culture (3,2)+1 | P2: (4,3)+1 (5,0)+0; exchange (2,3) side T"],
    ids=["other-players-tile", "empty-tile", "p0-tile-in-p2-list"],
)  # fmt: skip
def test_culture_refuses_a_zero_on_a_tile_that_is_not_the_players(line: str) -> None:
    # before: '+0' on such a cell was accepted (agri, trade and politics refuse it)
    game = UrGame.from_position(TC13)
    with pytest.raises(IllegalActionError, match=r"§5.3 C1.*culture places P\d's cubes on P\d's tiles") as info:
        game.play_line(line)
    assert info.value.rule == "§5.3 C1" and len(game) == 0
    game.play_line(START)
