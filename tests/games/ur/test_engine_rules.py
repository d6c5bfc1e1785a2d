"""The step model in action: decisions, forced choices, who decides, lines composed and written back."""

from __future__ import annotations

import random

import pytest

from tigris_widget import IllegalActionError
from tigris_widget.games.ur import Step, UrGame, parse_step
from tigris_widget.games.ur.engine import invariant_problems
from tigris_widget.games.ur.engine.rules import set_score

HEAD = "4 players · start player P0 · to move: P0 · ziggurats left: {z} · options: {o}\n"
CULTURE = (
    HEAD.format(z=5, o="defaults")
    + """\
y=0   At:0x5    Tp:0x5    Ca        Pc        Wc:0x5    At
y=1   Ca        Pa        Wa:0x1    At        Tc        Cp
y=2   Wt        Ac:1x4    Cw:0x1    Tp:0x1    Ct:0x1    Wp:2x1
y=3   Tp        Cp        Pw        Wa        Ap:2x1    Tw
y=4   Pw:1x5    Wc        At        Tc        Ca        Pt:2x2
y=5   Ap:1x5    Tw:1x5    Cp:2x5    Pw:2x5    Wc:2x5    Aw:1x1
hands: P0=TC  P1=AW  P2=AP  P3=TW
"""
)
WARS = (
    HEAD.format(z=5, o="defaults")
    + """\
y=0   Ap        Tp        Cp        Pa        Wa        At
y=1   Cw        Wa:0x5    At        Ca:1x1    Tc        Cp
y=2   Wt        Pt        Ta        Cw        Pw        Wa
y=3   Tc        Ca        Pa        Wt        At        Tp
y=4   Pc        Wc        Ac        Tc        Cp        Pw
y=5   Ap        Tp        Cw        Pw        Wt        Aw
hands: P0=PW  P1=AC  P2=TC  P3=TW
"""
)


def test_culture_short_players_decide_their_own_cubes() -> None:
    g = UrGame.from_position(CULTURE)
    g.apply("culture")
    d = g.decision
    assert d is not None and d.kind == "culture" and d.seat == 0 and g.to_move == 0
    assert [str(c) for c in d.choices] == ["(2,1)+0", "(2,1)+1"]  # (3,2) is then forced
    g.apply("(2,1)+0", seat=0)
    assert g.to_move == 2  # P1 has no supply: nothing to decide; P2 is short by one
    with pytest.raises(IllegalActionError) as info:
        g.apply("(5,2)+0", seat=0)
    assert info.value.rule == "§12 S3"
    g.apply("(5,2)+0", seat=2)  # (4,3) then gets the one cube
    assert g.decision is not None and g.decision.kind == "turn" and g.to_move == 0
    g.apply("exchange (2,3) side T")
    assert g.lines == ["P0: culture (3,2)+1 | P2: (4,3)+1; exchange (2,3) side T"]
    assert not invariant_problems(g.state)


def test_wars_continue_until_another_step_is_chosen() -> None:
    g = UrGame.from_position(WARS)
    g.apply("(1,1)->(2,1)")
    assert g.decision is not None and g.decision.kind == "war move"
    assert [str(c) for c in g.decision.choices] == ["move 1", "move 2", "move 3", "move 4", "move 5"]
    g.apply("move 3")
    choices = {str(c) for c in g.legal_actions()}
    assert {"(2,1)->(3,1)", "(1,1)->(1,2)", "cube (2,1)", "politics", "exchange (0,0) side P"} <= choices
    g.apply("(2,1)->(3,1)")  # 1 cube left after the cost: the move of 1 is forced, no step
    g.apply("(1,1)->(1,2)")
    g.apply("move 2")
    g.apply("exchange (2,1) side P")
    assert g.lines == ["P0: war (1,1)->(2,1) move 3, (2,1)->(3,1) move 1, (1,1)->(1,2) move 2; exchange (2,1) side P"]


def test_extra_cube_before_one_action_and_closing_placements() -> None:
    g = UrGame.from_position(WARS)
    for refused in ("cube (1,1)", "cube (3,1)", "cube (0,0) x2"):  # cap, P1's tile, 2 on an empty tile
        with pytest.raises(IllegalActionError):
            g.apply(refused)
    g2 = UrGame.from_position(WARS)
    g2.apply("cube (0,0)")  # an empty tile: a no-action placement, nothing may follow but the exchange
    assert {c.kind for c in g2.legal_actions()} == {"exchange"}


def test_ziggurats_only_open_a_turn_and_end_without_exchange() -> None:
    g = UrGame.from_position(WARS)
    assert "zig (1,1)" in {str(c) for c in g.legal_actions()}
    g.apply("politics")
    assert "zig (1,1)" not in {str(c) for c in g.legal_actions()}
    with pytest.raises(IllegalActionError) as info:
        g.apply("zig (1,1)")
    assert info.value.rule == "§7 Z3"


def test_play_line_is_atomic_and_names_the_item() -> None:
    g = UrGame.from_position(WARS)
    before = g.to_position()
    with pytest.raises(IllegalActionError) as info:
        g.play_line("P0: war (1,1)->(2,1) move 3; exchange (1,1) side P")
    # named as a player reads the line, not as a parser counts it ("item 2 (exchange, column 32)")
    assert str(info.value).startswith("2nd step, 'exchange (1,1) side P': ") and info.value.rule == "§8 E1"
    assert "column" not in str(info.value) and "item" not in str(info.value)
    assert g.to_position() == before and len(g) == 0


@pytest.mark.parametrize(
    "line",
    ["P0: war (1,1)->(2,1) move 3, (2,1)->(3,1) move 1; exchange (2,1) side W",
     "P0: politics; exchange (0,0) side P",
     "P0: cube (1,0); exchange (0,0) side W",
     "P0: zig (1,1); exchange (0,0) side P"],
)  # fmt: skip
def test_lines_round_trip(line: str) -> None:
    g = UrGame.from_position(WARS)
    g.play_line(line)
    assert g.lines == [line]


def test_pass_is_written_only_alone() -> None:
    g = UrGame.from_position(WARS)
    g.play_line("P0: pass; exchange (0,0) side P")
    assert g.lines == ["P0: exchange (0,0) side P"]


def test_set_scores_and_ties() -> None:
    assert set_score([3, 2, 1, 2, 2, 1]) == 32  # the rulebook's example, politics side of the hand
    assert set_score([0] * 6) == 0 and set_score([1] * 6) == 21 and set_score([2, 0, 0, 0, 0, 2]) == 6
    g = UrGame.from_position(WARS)
    ranks = {s.seat: s.place for s in g.standings()}
    assert ranks[0] == 1 and ranks[1] == 2 and ranks[2] == ranks[3] == 3


def test_two_spares_are_named_and_the_turn_limit_ends_the_game() -> None:
    g = UrGame.new(2, 5, {"allowTwoPlayers": True, "turnLimit": 3})
    rng = random.Random(2)
    while not g.is_over:
        choices = g.legal_actions()
        for c in choices:
            if c.kind == "spare":
                assert c.s and parse_step(str(c)) == c
        g.apply(rng.choice(choices))
    assert g.end_reason == "turn-limit" and g.to_record().rstrip().endswith("turn-limit")
    assert UrGame.from_record(g.to_record()).to_position() == g.to_position()


def test_no_legal_exchange_needs_the_end_step() -> None:
    text = WARS.replace("hands: P0=PW", "hands: P0=PW")
    g = UrGame.from_position(text)
    assert Step("end") not in g.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        g.apply("end")
    assert info.value.rule == "§9.1 E5"


def test_every_rule_code_used_is_listed() -> None:
    import re
    from pathlib import Path

    from tigris_widget.games.ur import RULE_CODES

    root = Path(__file__).resolve().parents[3] / "src" / "tigris_widget" / "games" / "ur"
    used = set()
    for path in root.rglob("*.py"):
        used |= set(re.findall(r'"(§[0-9.]+ [A-Z][0-9])"', path.read_text(encoding="utf-8")))
    used -= set(RULE_CODES)
    assert not used


def test_a_locked_turn_without_exchange_is_a_pass_line() -> None:
    # P1 has no cube and no tile is empty (no restart); once P0 leaves AT as the spare, P1 (AT) cannot exchange
    rows = "\n".join(f"y={y}   " + "  ".join(f"{t}:{2 * (y % 2)}x1" for t in row.split()) for y, row in enumerate(
        ["Ac Tc Cp Pa Wa Ac", "Ct Pt Wt Ap Tp Cp", "Wa At Tw Cw Pw Wa",
         "Tc Ca Pa Wt At Tp", "Pc Wc Ac Tc Cp Pw", "Ap Tp Cw Pw Wt Aw"]))  # fmt: skip
    text = "3 players · start player P0 · to move: P0 · ziggurats left: 5 · options: defaults\n" + rows
    text += "\nhands: P0=AT  P1=AT  P2=PW   spare: CW\n"
    g = UrGame.from_position(text)
    g.play_line("P0: exchange spare")
    assert g.lines == ["P0: exchange spare"] and not g.is_over
    g.play_line("P1: pass")
    assert g.is_over and g.end_reason == "no-exchange" and g.lines[-1] == "P1: pass"


def test_play_line_starts_at_a_turn_boundary() -> None:
    g = UrGame.from_position(WARS)
    g.apply("politics")
    with pytest.raises(IllegalActionError) as info:
        g.play_line("P0: exchange (0,0) side P")
    assert info.value.rule == "§12 S2" and len(g) == 1
