"""Each rule that can refuse an action has its own code, and every code is listed in
``errors.RULE_CODES`` (one row per code below, each producing its code on a real position; the
cases one rule lists together, like the forbidden catastrophe targets, are in
``test_refusals_match_reference``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import tigris_widget.games.tigris.engine.rules as rules_package
from tigris_widget import Game, IllegalActionError
from tigris_widget.games.tigris.builder import PositionBuilder
from tigris_widget.games.tigris.engine.core.actions import Action
from tigris_widget.games.tigris.engine.core.errors import RULE_CODES

from .test_hostile_actions import game_named
from .test_illegal_actions import position


def no_black() -> Game:
    return PositionBuilder().hand("archer", "rrrggb").game()


def start() -> Game:
    return Game.new(players=2, seed=1, start_player=0)


def three_kingdoms() -> Game:
    return (
        PositionBuilder(players=("archer", "bull", "pot"))
        .tile("r", (6, 3), (8, 3), (7, 6))
        .leader("archer", "king", (6, 4))
        .leader("bull", "king", (8, 4))
        .leader("pot", "farmer", (7, 5))
        .hand("archer", "kkkkkk")
        .turn("archer")
        .game()
    )


def monument(variants: str = "ziggurat", built: str = "") -> Callable[[], Game]:
    """Bull's new temple on (9,5) completes the red 2x2 whose top-left is (8,5)."""

    def make() -> Game:
        builder = PositionBuilder(players=("archer", "bull"), variants=variants)
        builder.tile("r", (7, 4), (8, 5), (9, 6)).leader("bull", "trader", (7, 5)).hand("bull", "rkkkkk").turn("bull")
        if built == "monument":
            builder.monument("kr", (0, 4))
        if built == "ziggurat":
            builder.tile("k", (1, 4), (2, 5), (1, 6), (0, 5)).ziggurat((1, 5))
        return builder.game(then=["tile r (9,5)"])

    return make


def building() -> Game:
    """Archer's third settlement in a row: the palace may go on (1,4), (2,4) or (3,4)."""
    return (
        PositionBuilder(players=("archer", "bull"), variants="buildings")
        .tile("k", (1, 4), (2, 4))
        .hand("archer", "kkkkkk")
        .turn("archer")
        .game(then=["tile k (3,4)"])
    )


def over() -> Game:
    game = PositionBuilder().hand("archer", "kkkrrr").hand("bull", "kkkrrr").bag("g").game()
    game.play("swap kk", "pass")
    return game


def in_war_attack() -> Game:
    game = game_named("war-order")
    game.apply("war k")
    return game


# (reason, position, action, seat acting or None, expected code)
CASES: list[tuple[str, Callable[[], Game], Any, int | None, str]] = [
    ("not an action object", start, 42, None, "§16 A1"),
    ("unknown kind", start, Action(99), None, "§16 A2"),
    ("colour out of range", start, Action(0, 7, 3), None, "§16 A3"),
    ("square off the board", start, Action(0, 0, 999), None, "§16 A4"),
    ("extra of the wrong type", start, Action(7, -1, -1, "x"), None, "§16 A5"),
    ("another seat's decision", start, "pass", 1, "§16 D1"),
    ("answer to another decision", start, "commit 2", None, "§16 D2"),
    ("place a leader on the board", position, "leader k (5,3)", None, "§6.1 P1"),
    ("move a leader off the board", position, "move r (7,2)", None, "§6.1 M1"),
    ("withdraw a leader off the board", position, "withdraw r", None, "§6.1 W1"),
    ("leader on an occupied square", position, "leader r (6,3)", None, "§6.1 L1"),
    ("leader on the river", position, "leader r (3,3)", None, "§6.1 L2"),
    ("leader without a temple", position, "leader r (0,0)", None, "§6.1 L3"),
    ("leader joining kingdoms", position, "leader r (7,3)", None, "§6.1 L4"),
    ("leader moved onto itself", position, "move k (6,4)", None, "§6.1 L5"),
    ("tile not in hand", no_black, "tile k (5,5)", None, "§6.2 T1"),
    ("tile on an occupied square", position, "tile k (6,3)", None, "§6.2 T2"),
    ("tile on the wrong terrain", position, "tile b (5,5)", None, "§6.2 T3"),
    ("tile touching three kingdoms", three_kingdoms, "tile k (7,4)", None, "§6.2 T4"),
    ("no catastrophe left", lambda: PositionBuilder().score("archer", catastrophes=0).game(), "catastrophe (0,0)",
     None, "§6.3 C1"),
    ("catastrophe on a treasure", position, "catastrophe (10,0)", None, "§6.3 C3"),
    ("swap more than the hand", position, "swap ggg", None, "§6.4 S1"),
    ("swap nothing", position, Action(5, -1, -1, (0, 0, 0, 0)), None, "§6.4 S2"),
    ("revolt commitment beyond the hand", lambda: game_named("revolt"), "commit 3", None, "§8.4 R1"),
    ("war not pending", lambda: game_named("war-order"), "war r", None, "§9.3 W1"),
    ("war commitment beyond the hand", in_war_attack, "commit 4", None, "§9.6 W1"),
    ("monument off the new 2x2", monument(), "monument kr (0,0)", None, "§10.2 M1"),
    ("monument without the colour", monument(), "monument kb (8,5)", None, "§10.3 M2"),
    ("monument already built", monument(built="monument"), "monument kr (8,5)", None, "§10.3 M3"),
    ("treasures: not all but one", lambda: game_named("treasure"), "treasures (1,1)", None, "§11.3 S1"),
    ("treasures: special left behind", lambda: game_named("treasure"), "treasures (10,0) (5,2)", None, "§11.4 S2"),
    ("after the game", over, "pass", None, "§14 G1"),
    ("building off the line", building, "building k (5,5)", None, "§17.2 B1"),
    ("building of another colour", building, "building r (1,4)", None, "§17.2 B2"),
    ("ziggurat off a cross", monument(), "ziggurat (8,5)", None, "§18.1 Z1"),
    ("second ziggurat", monument(built="ziggurat"), "ziggurat (8,5)", None, "§18.3 Z2"),
    ("ziggurat without the variant", monument(variants="none"), "ziggurat (8,5)", None, "§18.1 Z3"),
]  # fmt: skip


@pytest.mark.parametrize(("reason", "make", "action", "seat", "code"), CASES, ids=[c[0] for c in CASES])
def test_each_reason_gives_its_code(reason: str, make: Callable[[], Game], action: Any, seat: int | None,
                                    code: str) -> None:  # fmt: skip
    game = make()
    before = game.state.key()
    with pytest.raises(IllegalActionError) as err:
        game.apply(action, seat=seat)
    assert err.value.rule == code, str(err.value)
    assert str(err.value).startswith(f"{code}: ")
    assert game.state.key() == before


def test_codes_are_distinct_per_reason_and_all_listed() -> None:
    codes = [code for *_, code in CASES]
    assert len(set(codes)) == len(codes), "two reasons share a code"
    assert set(codes) == set(RULE_CODES), "RULE_CODES and the reasons above must list the same codes"
    assert all(re.fullmatch(r"§\d+(\.\d+)? [A-Z]\d", code) for code in RULE_CODES)


def test_the_engine_emits_only_listed_codes() -> None:
    """Every code literal in the rules package is in RULE_CODES (so the docs can cover them all)."""
    folder = Path(rules_package.__file__).parent
    found = set()
    for path in folder.glob("*.py"):
        found |= set(re.findall(r'"(§\d+(?:\.\d+)? [A-Z]\d)"', path.read_text()))
    assert found == set(RULE_CODES)


def test_the_seat_check_reveals_no_hand() -> None:
    game = game_named("revolt")  # Archer (attacker) must commit; Bull tries to act
    with pytest.raises(IllegalActionError) as err:
        game.apply("commit 0", seat=1)
    text = str(err.value)
    assert err.value.rule == "§16 D1" and "Archer" in text
    assert "0–" not in text and "rr" not in text  # no hand size nor content


def test_play_keeps_the_rule_and_type() -> None:
    game = start()
    with pytest.raises(IllegalActionError) as err:
        game.play("pass", "commit 2")
    assert err.value.rule == "§16 D2" and str(err.value).startswith("action 2 (commit 2): §16 D2: ")
    assert len(game) == 0
