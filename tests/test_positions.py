"""The position text format: hand-written positions, round trips and clear errors."""

from __future__ import annotations

import pytest

from tigris_widget import Game, PositionError
from tigris_widget.builder import PositionBuilder
from tigris_widget.jupyter.lessons import lesson_builder

PUZZLE = """\
tigris-position 1
board: classic
players: lion pot
variants: none
turn: 12 lion 2
lion: hand=gggggk vp=2,3,1,4 treasures=1 catastrophes=1
pot: hand=gkkkbb vp=3,3,3,0
seed: 4            # the bag is every unused tile, shuffled with this seed

      0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15
 0    .  .  .  .  ~  ~  ~  ~  ~  . r*  .  ~  .  .  .
 1    . r*  .  .  ~  .  .  .  .  .  .  .  ~  .  .  r
 2    .  .  .  ~  ~ r*  .  .  .  .  .  .  ~  ~  .  .
 3    ~  ~  ~  ~  r  .  .  .  .  .  .  .  .  ~  ~  ~
 4    .  .  .  . Lk  g  .  g  g Pk  r  .  . r*  ~  ~
 5    .  .  .  . Lg  r  .  .  .  . Pg  .  .  .  ~  .
 6    ~  ~  ~  ~  .  .  .  . r*  .  .  .  ~  ~  ~  .
 7    . r*  .  ~  ~  ~  ~  .  .  .  .  .  ~  .  .  .
 8    .  .  .  .  .  .  ~  ~  ~  ~  ~  ~  ~  . r*  .
 9    .  .  .  .  . r*  .  .  .  .  .  .  .  .  .  .
10    .  .  .  .  .  .  .  .  .  . r*  .  .  .  .  .
"""


def test_a_hand_written_position_loads_and_round_trips() -> None:
    game = Game.from_position(PUZZLE)
    s = game.state
    assert s.turn == 12 and s.active == 0 and s.vp[:4] == [2, 3, 1, 4] and s.catastrophes_left == [1, 2]
    assert s.treasures.bit_count() == 9  # the treasure of (15,1) was taken earlier
    text = game.to_position()
    assert Game.from_position(text).state == s and Game.from_position(text).to_position() == text
    game.apply("tile g (6,4)")
    assert game.decision is not None and game.decision.kind == "war_order"


def test_builder_and_text_agree() -> None:
    built = (
        lesson_builder("war")  # the same pieces and hands as the puzzle text
        .tile("r", (15, 1))
        .score("lion", (2, 3, 1, 4), treasures=1, catastrophes=1)
        .score("pot", (3, 3, 3, 0))
        .turn("lion", number=12)
        .bag(seed=4)
        .game()
    )
    assert built.state.key()[1:] == Game.from_position(PUZZLE).state.key()[1:]


def bad(old: str, new: str) -> str:
    assert old in PUZZLE
    return PUZZLE.replace(old, new, 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hello", "line 1: position text starts with 'tigris-position 2'"),
        (bad("turn: 12 lion 2", "turn: 12 lion 3"), "line 5: turn: write"),
        (bad("players: lion pot", "players: lion lion"), "different dynasties"),
        (bad(" 9    .  .  .  .  . r*  .  .  .  .  .  .  .  .  .  .\n", ""), "needs 11 rows"),
        (bad(" 0    .  .  .  .  ~", " 0    .  .  .  .  ."), r"\(4,0\) is a river square"),
        (bad(" 0    .  .  .  .  ~", " 0    .  .  .  .  q"), r"unknown token 'q' on \(4,0\)"),
        (bad(" 0    .  .  .  .  ~", " 0    .  .  .  .  r"), r"T3: a tile 'r' cannot stand on \(4,0\)"),
        (bad(" 9    .  .  .  .  .", " 9    .  .  .  . Ak"), "the archer is not playing"),
        (bad(" 9    .  .  .  .  .", " 9    .  . Lk  .  ."), "leader 'Lk' appears twice"),
        (bad(" 9    .  .  .  .  .", " 9    .  . Pb  .  ."), r"I1: the leader on \(2,9\)"),
        (bad(" 9    .  .  .  .  .", " 9    .  .  .  .  r*"), r"treasures lie only on starting-temple squares"),
        (bad(" 5    .  .  .  . Lg", " 5    .  .  .  . Lk"), r"appears twice"),
        (bad("lion: hand=gggggk", "lion: hand=gggggkk"), "at most 6"),
        (bad("lion: hand=gggggk vp=2,3,1,4", "lion: hand=gggggk vp=2,3,1"), "four non-negative numbers"),
        (bad("variants: none", "variants: none\nmonuments: kr (0,9)"), "needs four 'm' tiles"),
        (bad("variants: none", "variants: none\nbuildings: g (5,4)"), "variant is not enabled"),
        (bad("variants: none", "variants: none\nvariants: buildings"), "'variants' is given twice"),
        (bad("variants: none", "variants: none\nbag: " + "k" * 31), "tiles are in use, but the game has only 30"),
        (bad(" 4    .  .  .  . Lk  g  .  g  g Pk", " 4    .  .  .  . Lk  g  g  g  g Pk"), "I2"),
    ],
)  # fmt: skip
def test_impossible_positions_are_rejected_with_where(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        Game.from_position(text)


def test_pending_decisions_round_trip() -> None:
    game = Game.from_position(PUZZLE)
    game.play("tile g (6,4)", "war g", "commit 2")
    text = game.to_position()
    assert "pending:" in text
    again = Game.from_position(text)
    assert again.state == game.state
    again.apply("commit 1")
    game.apply("commit 1")
    assert again.state == game.state


def test_builder_can_leave_any_decision_pending_and_place_treasures() -> None:
    builder = (
        PositionBuilder(players=("archer", "bull"))
        .tile("r", (9, 2), (10, 3))
        .leader("bull", "priest", (11, 3))
        .hand("archer", "rrkkbg")
        .hand("bull", "rrrkkb")
    )
    game = builder.game(then=["leader r (9,3)", "commit 1"])
    assert game.decision is not None and game.decision.kind == "revolt_defend" and game.decision.seat == 1
    assert Game.from_position(game.to_position()).state == game.state
    with pytest.raises(ValueError, match=r"action 1 \(leader r \(0,0\)\)"):
        builder.game(then=["leader r (0,0)"])
    with pytest.raises(PositionError, match="needs a tile"):
        builder.treasure((0, 0))
    with pytest.raises(PositionError, match="starting-temple"):
        builder.tile("k", (0, 0)).treasure((0, 0)).game()
