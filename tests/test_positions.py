"""The position text format: hand-written positions, round trips and clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tigris_widget import Game, PositionError
from tigris_widget.games.tigris.builder import PositionBuilder
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.rules.legal import legal_actions
from tigris_widget.games.tigris.engine.rules.turn import apply_unchecked
from tigris_widget.games.tigris.formats.positions import format_position, parse_position
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


# -- version 2: the pending decision in words; version 1 still read ------------------------------
FIXTURES = Path(__file__).parent / "fixtures" / "positions_v1"
V1_KEYS = json.loads((FIXTURES / "state_keys.json").read_text())


@pytest.mark.parametrize("name", sorted(V1_KEYS))
def test_version_1_texts_load_as_before_and_are_rewritten_in_words(name: str) -> None:
    v1 = (FIXTURES / name).read_text()
    s = parse_position(v1)
    assert repr(s.key()[1:]) == V1_KEYS[name]  # the state the version-1 reader gave when it was written
    v2 = format_position(s)
    assert v2.startswith("tigris-position 2\n") and "phase=" not in v2 and "conflict=" not in v2
    assert f"pending: {name.removesuffix('.txt')}" in v2
    assert parse_position(v2).key() == s.key()
    if not s.over:  # every legal action can be applied to the loaded state
        for action in legal_actions(s)[:40]:
            apply_unchecked(s.clone(), action)


def test_pending_lines_name_the_decision_the_leaders_and_the_squares() -> None:
    s = parse_position((FIXTURES / "revolt_defend.txt").read_text())
    assert pending_line(s) == (
        "pending: revolt_defend by archer; attacker Br (5,4) base 1 committed 0; defender Ar (5,1) base 2"
    )
    war = parse_position((FIXTURES / "war_defend.txt").read_text())
    assert pending_line(war) == (
        "pending: war_defend by bull; attacker Ag (10,1) base 12 committed 0; defender Bg (13,8) base 2; "
        "unification (9,8); placed (9,8)"
    )
    over = parse_position((FIXTURES / "over.txt").read_text())
    assert pending_line(over) == "pending: over; step refill"


def pending_line(s: GameState) -> str:
    return next(line for line in format_position(s).splitlines() if line.startswith("pending:"))


def v2_text(name: str) -> str:
    return format_position(parse_position((FIXTURES / name).read_text()))


def v1_text(name: str) -> str:
    return (FIXTURES / name).read_text()


@pytest.mark.parametrize(
    ("name", "version", "old", "new", "message"),
    [
        # Forged version-1 lines used to crash the engine (IndexError, AssertionError, shift counts) or leave
        # a game with nothing to play.
        ("revolt_defend.txt", 1, "conflict=0,1,1,0,5,1,1,2,0", "conflict=-", "needs its attacker and defender"),
        ("revolt_defend.txt", 1, "conflict=0,1,1,0,5,1,1,2,0", "conflict=0,1,1,0,6,1,1,2,0", "one colour"),
        ("revolt_defend.txt", 1, "conflict=0,1,1,0,5,1,1,2,0", "conflict=0,1,1,0,5,9,1,2,0", "conflict must be"),
        ("revolt_defend.txt", 1, "conflict=0,1,1,0,5,1,1,2,0", "conflict=0,1,1,0,5,1,1,3,0", "bases 1-2, not 1-3"),
        ("revolt_defend.txt", 1, "phase=2 decider=0 step=0 conflict=0,1,1,0,5,1,1,2,0", "phase=8 decider=0 step=4 conflict=-",
         r"§4 I2: a kingdom holds 2 priests \(Ar \(5,1\), Br \(5,4\)\)"),
        ("ziggurat_bonus.txt", 1, "phase=9 decider=1 step=7", "phase=8 decider=1 step=4", "no treasure is due"),
        ("revolt_defend.txt", 1, "phase=2 decider=0 step=0", "phase=3 decider=1 step=1", "unification marker"),
        ("revolt_defend.txt", 1, "phase=2", "phase=12", "phase must be a whole number from 0 to 10"),
        ("revolt_defend.txt", 1, "decider=0", "decider=-1", "needs a player to decide"),
        ("revolt_defend.txt", 1, "step=0", "step=9", "step must be"),
        ("revolt_defend.txt", 1, " over=0", " over=1", "over exactly when"),
        ("war_order.txt", 1, "marker=84", "marker=-1", "unification marker lies on the face-up tile"),
        ("monument.txt", 1, "placed=79", "placed=-1", "needs the tile just placed"),
        ("building.txt", 1, "placed=62", "placed=0", "must be a face-up tile"),
        ("ziggurat_bonus.txt", 1, "phase=9 decider=1 step=7", "phase=0 decider=1 step=0", "1 or 2 actions left"),
        # The same mistakes in words.
        ("revolt_defend.txt", 2, "committed 0", "committed 2", "cannot have committed 2 red tiles"),
        ("revolt_defend.txt", 2, "base 1 committed", "base 3 committed", "bases 1-2, not 3-2"),
        ("revolt_defend.txt", 2, "attacker Br (5,4)", "attacker Br (5,5)", r"named on \(5,5\), but it stands on \(5,4\)"),
        ("revolt_defend.txt", 2, "attacker Br (5,4)", "attacker Lr (5,4)", "the lion is not playing"),
        ("revolt_defend.txt", 2, "defender Ar (5,1)", "defender Ak (15,0)", "one colour"),
        ("revolt_defend.txt", 2, "revolt_defend by archer", "revolt_defend by bull", "the defender decides now"),
        ("revolt_defend.txt", 2, "revolt_defend by archer", "revolt_attack by archer", "exactly when the defender"),
        ("revolt_defend.txt", 2, "revolt_defend by archer", "revolt_defend", "write who decides"),
        ("revolt_defend.txt", 2, "revolt_defend by archer", "banana by archer", "'banana by archer' is not a decision"),
        ("revolt_defend.txt", 2, "; defender Ar (5,1) base 2", "", "needs both an 'attacker"),
        ("revolt_defend.txt", 2, "base 2", "base 2; step refill", "asked at step idle, not refill"),
        ("revolt_defend.txt", 2, "base 2", "base 2; placed (5,4)", "no tile just placed"),
        ("revolt_defend.txt", 2, "base 2", "base 2; base 2", "cannot read 'base 2'"),
        ("war_defend.txt", 2, "attacker Ag (10,1) base 12", "attacker Bg (13,8) base 2", "different players"),
        ("war_attack.txt", 2, "war_attack by archer", "war_order by archer", "a war_order decision has no attacker"),
        ("treasure.txt", 2, "treasure by bull", "treasure by archer", "the bull's trader takes the treasures"),
        ("ziggurat_bonus.txt", 2, "ziggurat_bonus by bull", "ziggurat_bonus by archer", "active player"),
        ("over.txt", 2, "over; step refill", "over by archer", "without 'by'"),
    ],
)  # fmt: skip
def test_forged_pending_lines_are_refused_naming_the_line(
    name: str, version: int, old: str, new: str, message: str
) -> None:
    text = v1_text(name) if version == 1 else v2_text(name)
    assert old in text
    line = next(i + 1 for i, row in enumerate(text.splitlines()) if row.startswith("pending:"))
    with pytest.raises(PositionError, match=rf"line {line}: pending: .*{message}"):
        parse_position(text.replace(old, new, 1))


def trader_with_two_treasures() -> PositionBuilder:
    """The archer's trader in a kingdom holding the treasures of (5,2) and (8,6)."""
    return (
        PositionBuilder(players=("archer", "bull"))
        .tile("r", (5, 3), (5, 4), (5, 5), (5, 6), (6, 6), (7, 6))
        .leader("archer", "trader", (6, 5))
        .hand("archer", "kkkkkk")
        .hand("bull", "bbbbbb")
        .turn("archer", actions_left=1)
    )


def test_a_trader_kingdom_with_two_treasures_cannot_be_at_rest() -> None:
    text = trader_with_two_treasures().text()
    with pytest.raises(PositionError, match=r"§11.3: the kingdom of the trader on \(6,5\)"):
        parse_position(text)
    waiting = text.replace("tigris-position 1", "tigris-position 2").replace(
        "seed: 0", "seed: 0\npending: treasure by archer"
    )
    s = parse_position(waiting)
    assert [str(a) for a in legal_actions(s)] == ["treasures (5,2)", "treasures (8,6)"]
    assert parse_position(format_position(s)).key() == s.key()


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("turn: 12 lion 2", "turn: \u0661\u0662 lion 2", "line 5: '.' cannot appear"),
        ("vp=2,3,1,4", "vp=2,3,1," + "9" * 5000, "line 6: [0-9,]+ characters is too long"),
        ("vp=2,3,1,4", "vp=2,3,1,99999999", "line 6: vp is a whole number"),
        ("treasures=1", "treasures=\u00b2", "line 6: '²' cannot appear"),
        ("seed: 4", "seed: x", "line 8: seed is a whole number"),
        ("seed: 4", "seed: 4\nfoo: bar", "line 9: unknown field 'foo'"),
        ("seed: 4", "seed: 4\narcher: hand=-", "the archer is not playing"),
        ("turn: 12 lion 2", "turn: 12 lion 0", "1 or 2 actions left"),
        ("seed: 4", "seed: 4\x00", "cannot appear"),
    ],
)
def test_malformed_numbers_and_fields_are_refused(old: str, new: str, message: str) -> None:
    assert old in PUZZLE
    with pytest.raises(PositionError, match=message):
        parse_position(PUZZLE.replace(old, new, 1))


def test_over_long_text_is_refused_before_reading() -> None:
    with pytest.raises(PositionError, match="at most 200,000"):
        parse_position(PUZZLE + "# " + "x" * 200_000)
