"""Illegal actions of every kind are rejected with the rule that forbids them, and change nothing."""

from __future__ import annotations

import pytest

from tigris_widget import Game, IllegalActionError, NotationError
from tigris_widget.games.tigris.builder import PositionBuilder
from tigris_widget.games.tigris.engine.core.actions import parse_action
from tigris_widget.games.tigris.engine.rules.illegal import why_illegal
from tigris_widget.games.tigris.engine.rules.legal import legal_actions


def position() -> Game:
    """Archer to act: king on (6,4) next to temple (6,3); Bull's king on (8,4) next to (8,3)."""
    return (
        PositionBuilder(players=("archer", "bull"), variants=("buildings", "ziggurat"))
        .tile("r", (6, 3), (8, 3))
        .tile("g", (2, 5), (3, 5), (4, 5))
        .building("g", (3, 5))
        .leader("archer", "king", (6, 4))
        .leader("bull", "king", (8, 4))
        .catastrophe((0, 10))
        .monument("kb", (13, 9))
        .ziggurat((2, 9))
        .hand("archer", "rrkkbg")
        .hand("bull", "rrrggg")
        .turn("archer")
        .game()
    )


TURN_CASES = [
    ("tile g (5,5)", "§6.2 T1", "no market"),
    ("tile k (6,3)", "§6.2 T2", "temple"),
    ("tile k (6,4)", "§6.2 T2", "king"),
    ("tile k (0,10)", "§6.2 T2", "catastrophe"),
    ("tile k (13,9)", "§6.2 T2", "monument"),
    ("tile k (2,9)", "§6.2 T2", "ziggurat"),
    ("tile b (5,5)", "§6.2 T3", "river square"),
    ("tile k (4,0)", "§6.2 T3", "goes on land"),
    ("leader k (5,3)", "§6.1 P1", "already on the board"),
    ("move r (7,2)", "§6.1 M1", "not on the board"),
    ("move k (6,4)", "§6.1 L5", "already stands"),
    ("leader r (6,3)", "§6.1 L1", "not empty"),
    ("leader r (3,3)", "§6.1 L2", "river"),
    ("leader r (0,0)", "§6.1 L3", "temple"),
    ("leader r (7,3)", "§6.1 L4", "join two kingdoms"),
    ("withdraw r", "§6.1 W1", "not on the board"),
    ("catastrophe (6,4)", "§6.3 C3", "king"),
    ("catastrophe (10,0)", "§6.3 C3", "treasure"),
    ("catastrophe (13,9)", "§6.3 C3", "monument"),
    ("catastrophe (0,10)", "§6.3 C3", "catastrophe"),
    ("catastrophe (3,5)", "§6.3 C3", "civilization building"),
    ("catastrophe (2,9)", "§6.3 C3", "ziggurat"),
    ("swap ggg", "§6.4 S1", "only 1 green"),
    ("commit 2", "§16 D2", "answers another decision"),
    ("war k", "§16 D2", "answers another decision"),
    ("decline", "§16 D2", "answers another decision"),
    ("bonus r", "§16 D2", "answers another decision"),
]


@pytest.mark.parametrize(("notation", "rule", "words"), TURN_CASES)
def test_illegal_turn_actions_name_the_rule_and_change_nothing(notation: str, rule: str, words: str) -> None:
    game = position()
    before = game.state.clone()
    if notation.startswith("tile g"):
        game = PositionBuilder(players=("archer", "bull")).hand("archer", "kkkkkk").turn("archer").game()
        before = game.state.clone()
    with pytest.raises(IllegalActionError) as err:
        game.apply(notation)
    assert str(err.value).startswith(rule + ":"), str(err.value)
    assert err.value.rule == rule
    assert words in str(err.value)
    assert game.state == before and len(game) == 0
    assert parse_action(notation) not in legal_actions(game.state)


def test_a_moved_leader_is_checked_without_itself_on_the_board() -> None:
    game = position()
    # Lifted, the king leaves (6,3) leaderless: (7,3) then touches only Bull's kingdom (§6.1).
    assert game.is_legal("move k (7,3)")
    assert not game.is_legal("leader r (7,3)")


def test_tile_joining_three_kingdoms() -> None:
    game = (
        PositionBuilder(players=("archer", "bull", "pot"))
        .tile("r", (6, 3), (8, 3), (7, 6))
        .leader("archer", "king", (6, 4))
        .leader("bull", "king", (8, 4))
        .leader("pot", "farmer", (7, 5))
        .hand("archer", "kkkkkk")
        .turn("archer")
        .game()
    )
    with pytest.raises(IllegalActionError, match=r"^§6.2 T4: .*three or more kingdoms"):
        game.apply("tile k (7,4)")


def test_no_catastrophe_left() -> None:
    game = PositionBuilder().score("archer", catastrophes=0).hand("archer", "kkkkkk").game()
    with pytest.raises(IllegalActionError, match=r"^§6.3 C1"):
        game.apply("catastrophe (0,0)")


def test_commitment_decisions_reject_wrong_answers() -> None:
    game = (
        PositionBuilder(players=("archer", "bull"))
        .tile("r", (9, 2), (10, 3))
        .leader("bull", "priest", (11, 3))
        .hand("archer", "rrkkbg")
        .hand("bull", "rrrkkb")
        .turn("archer")
        .game()
    )
    game.apply("leader r (9,3)")
    before = game.state.clone()
    with pytest.raises(IllegalActionError, match=r"^§8.4 R1: Archer has only 2 red tiles in hand and cannot commit 3"):
        game.apply("commit 3")
    with pytest.raises(IllegalActionError, match=r"^§16 D2: Archer must decide the revolt attack"):
        game.apply("tile k (0,0)")
    assert game.state == before


def test_other_decisions_list_the_choices() -> None:
    game = (
        PositionBuilder(players=("archer", "bull"))
        .tile("r", (7, 4), (8, 5), (9, 6))
        .leader("bull", "trader", (7, 5))
        .hand("bull", "rkkkkk")
        .turn("bull")
        .game()
    )
    game.apply("tile r (9,5)")
    with pytest.raises(IllegalActionError, match=r"^§10.3 M2: .*monument kr \(8,5\)"):
        game.apply("monument kb (8,5)")


def test_after_the_game_is_over_nothing_is_legal() -> None:
    game = PositionBuilder().hand("archer", "kkkrrr").hand("bull", "kkkrrr").bag("g").game()
    game.play("swap kk", "pass")
    assert game.is_over and game.legal_actions() == []
    with pytest.raises(IllegalActionError, match=r"^§14 G1"):
        game.apply("pass")


@pytest.mark.parametrize(
    "text",
    ["", "jump (1,1)", "tile x (1,1)", "tile r (16,0)", "tile r (1;1)", "tile r", "commit -1", "commit 7",
     "swap", "swap 3", "monument kk (1,1)", "treasures", "treasures (1,1) (1,1)", "war", "pass now"],
)  # fmt: skip
def test_malformed_notation_is_a_value_error_saying_what(text: str) -> None:
    game = position()
    before = game.state.clone()
    with pytest.raises(NotationError) as err:
        game.apply(text)
    assert isinstance(err.value, ValueError) and str(err.value)
    assert game.state == before


def test_non_actions_are_rejected() -> None:
    game = position()
    with pytest.raises(IllegalActionError, match=r"^§16 A1: 42 is not an action"):
        game.apply(42)  # type: ignore[arg-type]
    assert why_illegal(game.state, "pass") == ("§16 A1", "'pass' is not an action")


def test_play_is_all_or_nothing() -> None:
    game = position()
    with pytest.raises(IllegalActionError, match=r"action 2 \(tile b \(5,5\)\)"):
        game.play("tile k (0,0)", "tile b (5,5)")
    assert len(game) == 0
