"""The test cases of the rules specification, §20 (TC-1 … TC-17), with their expected numbers."""

from __future__ import annotations

import pytest

from tigris_widget import Game, IllegalActionError
from tigris_widget.games.tigris.builder import PositionBuilder
from tigris_widget.games.tigris.engine.core.types import TOTAL_TILES
from tigris_widget.games.tigris.engine.rules.invariants import problems
from tigris_widget.games.tigris.engine.rules.scoring import allocate_treasures, final_results, rank_players
from tigris_widget.jupyter.lessons import lesson, lesson_builder

from .helpers import at, hand, has_tile, kinds, leader_square, vp


def bases(game: Game) -> tuple[int, int]:
    """The supporters on the board of the pending conflict: (attacker, defender)."""
    c = game.state.conflict
    assert c is not None
    return c.attacker_base, c.defender_base


def choices(game: Game) -> list[str]:
    assert game.decision is not None
    return [str(a) for a in game.decision.choices]


def sound(game: Game) -> None:
    assert problems(game.state) == []


# -- TC-1 -------------------------------------------------------------------------------------------
def tc1_game() -> Game:
    # The lesson's position is TC-1's; the bag is fixed so the refills can be checked.
    return lesson_builder("revolt").bag("kkbbbggg", then_rest=True).game()


def test_tc1_revolt_tie_goes_to_defender() -> None:
    game = tc1_game()
    events = game.apply("leader r (9,3)")
    assert "revolt" in kinds(events)
    assert bases(game) == (2, 1)  # base: attacker 2 temples, defender 1 (the shared one)
    assert game.decision is not None and game.decision.seat == 0 and game.decision.kind == "revolt_attack"
    assert choices(game) == ["commit 0", "commit 1", "commit 2"]
    game.apply("commit 2")
    assert game.decision is not None and game.decision.seat == 1 and game.decision.kind == "revolt_defend"
    assert choices(game) == ["commit 0", "commit 1", "commit 2", "commit 3"]
    events = game.apply("commit 3")
    assert leader_square(game, 0, "r") == -1  # the attacker's priest went home
    assert leader_square(game, 1, "r") == at(11, 3)
    assert vp(game, 1)["r"] == 1 and vp(game, 0)["r"] == 0
    assert game.state.out_public[1] == 5  # the five committed temples left the game
    assert has_tile(game, "r", 9, 2) and has_tile(game, "r", 10, 3)  # no board tile removed
    assert "tie goes to the defender" in events[-1].text and events[-1].rule == "§8.6"
    # End of turn: the active player refills first (2 tiles), then the defender (3 tiles).
    game.apply("pass")
    assert hand(game, 0) == "kkkkbg"
    assert hand(game, 1) == "kkbbbb"
    assert game.state.active == 1
    sound(game)


def test_tc1_variant_attacker_wins_when_defender_commits_less() -> None:
    game = tc1_game()
    game.play("leader r (9,3)", "commit 2", "commit 2")
    assert leader_square(game, 1, "r") == -1
    assert leader_square(game, 0, "r") == at(9, 3)
    assert vp(game, 0)["r"] == 1 and vp(game, 1)["r"] == 0
    assert game.state.out_public[1] == 4
    sound(game)


# -- TC-2 -------------------------------------------------------------------------------------------
def tc2_game() -> Game:
    return lesson_builder("war").game()


def test_a_unification_without_a_contested_leader_merges_and_cites_9_10() -> None:
    game = (
        PositionBuilder(players=("lion", "pot"))
        .hand("lion", "gggggg")
        .hand("pot", "gggggg")
        .turn("lion")
        .tile("r", (4, 3), (6, 3))
        .leader("lion", "king", (4, 4))
        .leader("pot", "trader", (6, 4))
        .game()
    )
    events = game.apply("tile g (5,4)")
    assert kinds(events)[:3] == ["tile_placed", "unification", "unification_end"]
    end = next(e for e in events if e.kind == "unification_end")
    assert end.rule == "§9.10" and "merge" in end.text
    assert game.state.marker == -1 and game.decision is not None and game.decision.kind == "action"


def test_tc2_war_5_to_3_winner_gets_3_green() -> None:
    game = tc2_game()
    events = game.apply("tile g (6,4)")
    assert "unification" in kinds(events) and "vp" not in kinds(events)
    assert game.state.marker == at(6, 4)
    assert game.decision is not None and game.decision.kind == "war_order" and game.decision.seat == 0
    assert choices(game) == ["war k", "war g"]
    game.apply("war g")
    c = game.state.conflict
    assert c is not None
    attacker, defender, a_base, d_base = c.attacker, c.defender, c.attacker_base, c.defender_base
    assert (attacker, defender, a_base, d_base) == (0, 1, 1, 2)
    game.apply("commit 4")
    events = game.apply("commit 1")
    assert leader_square(game, 1, "g") == -1  # Pot's trader went home
    assert not has_tile(game, "g", 7, 4) and not has_tile(game, "g", 8, 4)
    assert vp(game, 0)["g"] == 3
    assert game.state.out_public[3] == 7  # 2 removed + 5 committed
    # The king war disappeared: Pot's king is now in a separate kingdom.
    assert [e.rule for e in events if e.kind == "unification_end"] == ["§9.9"]
    assert game.state.marker == -1 and has_tile(game, "g", 6, 4)
    assert game.decision is not None and game.decision.kind == "action" and game.state.actions_left == 1
    game.apply("pass")
    assert game.state.hand_size(0) == 6 and game.state.hand_size(1) == 6
    assert game.state.out_public[3] == 7
    sound(game)


def test_tc2b_kings_first_then_green_war_still_fought() -> None:
    game = tc2_game()
    game.play("tile g (6,4)", "war k")
    assert bases(game) == (0, 0)
    game.play("commit 0", "commit 0")
    assert leader_square(game, 0, "k") == -1  # 0:0 tie, the defender wins
    assert vp(game, 1)["k"] == 1
    # Lion's trader side still touches (6,4): the green war follows by itself.
    assert game.decision is not None and game.decision.kind == "war_attack"
    assert game.state.conflict.colour == 3 and bases(game) == (1, 2)


# -- TC-3 -------------------------------------------------------------------------------------------
def test_tc3_treasure_collection_takes_special_square_first() -> None:
    game = lesson("treasure")
    events = game.apply("tile b (4,1)")
    assert vp(game, 0)["b"] == 1  # Bull's farmer scores the farm
    taken = [e for e in events if e.kind == "treasure"]
    assert len(taken) == 1 and taken[0].data["squares"] == (at(1, 1),) and taken[0].rule == "§11.4"
    assert game.state.treasures_taken[1] == 1
    assert game.state.treasures >> at(5, 2) & 1 and not game.state.treasures >> at(1, 1) & 1


# -- TC-4 -------------------------------------------------------------------------------------------
def tc4_game(variants: tuple[str, ...] = ()) -> Game:
    b = lesson_builder("monument")
    if variants:
        b.with_variants(*variants).building("r", (8, 5))
    return b.game()


def test_tc4_monument_and_leader_losing_last_temple() -> None:
    game = tc4_game()
    game.apply("tile r (9,5)")
    assert vp(game, 0)["r"] == 1  # Archer's priest scores the temple
    assert game.decision is not None and game.decision.kind == "monument" and game.decision.seat == 1
    assert choices(game) == ["monument kr (8,5)", "monument rb (8,5)", "monument rg (8,5)", "decline"]
    events = game.apply("monument rg (8,5)")
    assert "leader_lost_temple" in kinds(events)
    assert leader_square(game, 1, "b") == -1  # Bull's farmer lost (9,6)
    assert leader_square(game, 1, "g") == at(7, 5) and leader_square(game, 0, "r") == at(6, 4)
    assert game.state.treasures >> at(8, 6) & 1  # the treasure stays on the flipped temple
    assert game.state.down.bit_count() == 4
    game.apply("pass")
    assert vp(game, 1) == {"k": 0, "r": 0, "b": 0, "g": 1}  # Bull's trader; no priest for red
    game.apply("pass")
    game.apply("pass")  # Archer's turn ends: his priest scores red
    assert vp(game, 0)["r"] == 2
    sound(game)


def test_tc4_variant_red_blue_monument_scores_nothing_for_bull() -> None:
    game = tc4_game()
    game.play("tile r (9,5)", "monument rb (8,5)", "pass")
    assert vp(game, 1) == {"k": 0, "r": 0, "b": 0, "g": 0}
    game.play("pass", "pass")
    assert vp(game, 0)["r"] == 2


# -- TC-5 -------------------------------------------------------------------------------------------
def test_tc5_final_scoring_table() -> None:
    assert allocate_treasures((12, 10, 7, 13), 3) == (12, 10, 10, 13)
    assert allocate_treasures((22, 6, 17, 11), 3) == (22, 9, 17, 11)
    game = (
        PositionBuilder(players=("pot", "lion", "bull", "archer"))
        .score("pot", (11, 11, 14, 11))
        .score("lion", (12, 10, 7, 13), treasures=3)
        .score("bull", (10, 10, 11, 18))
        .score("archer", (22, 6, 17, 11), treasures=3)
        .game()
    )
    results = {r.dynasty: r for r in final_results(game.state)}
    assert {name: r.rank for name, r in results.items()} == {"pot": 1, "lion": 2, "bull": 3, "archer": 4}
    assert results["pot"].score == 11 and results["archer"].score == 9
    assert results["lion"].final == (12, 10, 10, 13) and results["archer"].final == (22, 9, 17, 11)
    assert rank_players([(1, 2, 3, 4), (1, 2, 3, 4), (0, 9, 9, 9)]) == [1, 1, 3]  # full tie shares


# -- TC-6 -------------------------------------------------------------------------------------------
def test_tc6_opening_of_the_example_game() -> None:
    # Jenő = archer (start), Éva = bull, Márk = pot, Anita = lion.
    game = Game.new(players=4, seed=3, start_player=0, hands=["rrkkbg", "bkkggg", "rkkbgg", "rrrrkg"])
    game.play("leader k (11,0)", "leader r (6,2)")
    assert game.state.active == 1 and game.state.hand_size(0) == 6
    game.play("leader b (5,1)", "tile b (5,0)")
    assert vp(game, 1)["b"] == 1 and game.state.hand_size(1) == 6
    game.play("leader k (7,6)", "tile r (6,6)")
    assert vp(game, 2)["r"] == 1
    game.apply("leader r (5,3)")
    assert bases(game) == (1, 1)
    game.play("commit 3", "commit 0")
    assert leader_square(game, 0, "r") == -1 and vp(game, 3)["r"] == 1
    game.apply("tile r (4,3)")
    assert vp(game, 3)["r"] == 2
    assert game.state.active == 0  # Anita's turn ended; she drew 4, Jenő nothing
    assert [game.state.hand_size(p) for p in range(4)] == [6, 6, 6, 6]
    assert [vp(game, p) for p in range(4)] == [
        {"k": 0, "r": 0, "b": 0, "g": 0},
        {"k": 0, "r": 0, "b": 1, "g": 0},
        {"k": 0, "r": 1, "b": 0, "g": 0},
        {"k": 0, "r": 2, "b": 0, "g": 0},
    ]
    s = game.state
    kingdoms = sorted(r for r in s.regions if r & s.leader_mask)
    expected = [
        sum(1 << at(x, y) for x, y in cells)
        for cells in (
            [(10, 0), (11, 0)],
            [(4, 3), (5, 0), (5, 1), (5, 2), (5, 3)],
            [(6, 6), (7, 6), (8, 6)],
        )
    ]
    assert kingdoms == sorted(expected)
    assert len(s.bag) == 113 and sum(s.hands) == 24 and s.tiles_on_board() == 13 and sum(s.out_public) == 3
    assert len(s.bag) + sum(s.hands) + s.tiles_on_board() + sum(s.out_public) == TOTAL_TILES


# -- TC-7 -------------------------------------------------------------------------------------------
def tc7_game(variants: tuple[str, ...] = (), hall: bool = False) -> Game:
    b = (
        PositionBuilder(players=("archer", "bull"), variants=variants)
        .tile("r", (0, 4), (4, 5))
        .tile("g", (0, 5), (1, 5), (2, 5), (5, 4), (6, 4), (7, 4), (5, 5))
        .leader("archer", "trader", (1, 4))
        .leader("bull", "trader", (4, 4))
        .hand("archer", "kggkkk")
        .hand("bull", "ggkkkk")
        .turn("archer")
    )
    if hall:
        b.building("g", (1, 5))
    return b.game()


def test_tc7_war_vp_count_only_removed_pieces() -> None:
    game = tc7_game()
    game.apply("tile k (3,5)")
    assert game.state.conflict.colour == 3 and bases(game) == (3, 4)
    game.play("commit 2", "commit 2")  # 5 : 6
    assert leader_square(game, 0, "g") == -1
    assert vp(game, 1)["g"] == 4  # 1 for the leader + 3 removed supporters; committed tiles give nothing
    assert not any(has_tile(game, "g", x, 5) for x in (0, 1, 2))
    sound(game)


# -- TC-8 -------------------------------------------------------------------------------------------
def test_tc8_priest_war_with_protected_temples() -> None:
    game = lesson("priest-war")
    events = game.apply("tile r (5,4)")
    assert "vp" not in kinds(events)
    assert game.decision is not None and game.decision.kind == "war_attack"  # only the red war
    assert game.state.conflict.colour == 1 and bases(game) == (2, 4)
    game.play("commit 3", "commit 0")
    assert leader_square(game, 1, "r") == -1
    assert not has_tile(game, "r", 6, 4) and not has_tile(game, "r", 7, 5)
    assert has_tile(game, "r", 8, 5) and has_tile(game, "r", 8, 6)  # next to Bull's king / treasure
    assert vp(game, 0)["r"] == 3
    s = game.state
    region = next(r for r in s.regions if r >> at(5, 4) & 1)
    assert region >> at(4, 4) & 1 and not region >> at(9, 5) & 1
    assert leader_square(game, 1, "k") == at(9, 5)
    sound(game)


# -- TC-9 -------------------------------------------------------------------------------------------
def tc9_builder() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull", "pot"))
        .tile("r", (6, 3), (8, 3))
        .leader("archer", "king", (6, 4))
        .leader("bull", "king", (8, 4))
        .hand("archer", "rkbgrr")
        .turn("archer")
    )


def test_tc9_leader_cannot_join_kingdoms_but_a_tile_can() -> None:
    game = tc9_builder().game()
    with pytest.raises(IllegalActionError, match="L4"):
        game.apply("leader r (7,3)")
    game.apply("tile r (7,3)")
    assert game.decision is not None and game.decision.kind == "war_attack" and game.state.conflict.colour == 0


def test_tc9_tile_touching_three_kingdoms_is_illegal() -> None:
    game = tc9_builder().tile("r", (7, 6)).leader("pot", "farmer", (7, 5)).game()
    with pytest.raises(IllegalActionError, match="T4"):
        game.apply("tile k (7,4)")


@pytest.mark.parametrize(
    ("action", "rule"),
    [("tile r (4,0)", "T3"), ("tile k (12,1)", "T3"), ("tile g (0,3)", "T3"), ("tile b (0,0)", "T3"),
     ("leader b (12,2)", "L2")],
)  # fmt: skip
def test_tc9_terrain(action: str, rule: str) -> None:
    game = tc9_builder().game()
    with pytest.raises(IllegalActionError, match=rule):
        game.apply(action)


# -- TC-10 ------------------------------------------------------------------------------------------
def tc10_game(with_king: bool = True) -> Game:
    b = (
        PositionBuilder(players=("archer", "bull", "pot"))
        .tile("r", (2, 4))
        .leader("bull", "priest", (3, 4))
        .hand("pot", "krbgkk")
        .turn("pot")
    )
    if with_king:
        b.leader("archer", "king", (2, 5))
    return b.game()


@pytest.mark.parametrize(
    ("action", "scorer", "colour"),
    [("tile k (1,4)", 0, "k"), ("tile r (1,4)", 1, "r"), ("tile g (4,4)", 0, "g"), ("tile b (2,6)", 0, "b")],
)
def test_tc10_who_scores_a_tile(action: str, scorer: int, colour: str) -> None:
    game = tc10_game()
    game.apply(action)
    for seat in range(3):
        expected = {"k": 0, "r": 0, "b": 0, "g": 0}
        if seat == scorer:
            expected[colour] = 1
        assert vp(game, seat) == expected


def test_tc10_nobody_scores_without_matching_leader_or_king() -> None:
    game = tc10_game(with_king=False)
    game.apply("tile g (4,4)")
    assert sum(game.state.vp) == 0
    game = tc10_game()
    game.apply("tile k (0,0)")  # a leaderless region
    assert sum(game.state.vp) == 0


# -- TC-11 ------------------------------------------------------------------------------------------
def tc11_builder() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull"))
        .tile("r", (9, 2), (11, 2))
        .leader("archer", "priest", (9, 3))
        .leader("bull", "king", (10, 2))
        .monument("kb", (0, 9))
        .hand("archer", "kkkkkk")
        .turn("archer")
    )


def test_tc11_catastrophe_removes_temple_and_leader_returns() -> None:
    game = tc11_builder().game()
    events = game.apply("catastrophe (9,2)")
    assert "leader_lost_temple" in kinds(events)
    assert leader_square(game, 0, "r") == -1 and leader_square(game, 1, "k") == at(10, 2)
    assert game.state.out_public[1] == 1 and game.state.catastrophes_left[0] == 1
    assert sum(game.state.vp) == 0
    game.apply("catastrophe (12,0)")  # an empty river square
    sound(game)


@pytest.mark.parametrize(("target", "code"), [("(10,0)", "§6.3 C3"), ("(10,2)", "§6.3 C3"), ("(0,9)", "§6.3 C3")])
def test_tc11_catastrophe_forbidden_targets(target: str, code: str) -> None:
    """A treasure tile, a leader and a monument tile are all forbidden targets (C3)."""
    game = tc11_builder().game()
    with pytest.raises(IllegalActionError) as err:
        game.apply(f"catastrophe {target}")
    assert err.value.rule == code


def test_tc11_no_third_catastrophe() -> None:
    game = tc11_builder().score("archer", catastrophes=0).game()
    with pytest.raises(IllegalActionError, match="C1"):
        game.apply("catastrophe (12,0)")


# -- TC-12 ------------------------------------------------------------------------------------------
def tc12_builder() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull"))
        .monument("kr", (0, 4))
        .tile("r", (2, 4))
        .leader("archer", "king", (2, 5))
        .leader("archer", "priest", (3, 4))
        .hand("archer", "kkkkkk")
        .hand("bull", "kkkkkk")
        .turn("archer")
    )


def test_tc12_monument_scoring_and_the_king() -> None:
    game = tc12_builder().monument("bg", (4, 4)).tile("r", (6, 5)).leader("bull", "farmer", (6, 4)).game()
    game.apply("pass")
    assert vp(game, 0) == {"k": 1, "r": 1, "b": 0, "g": 0}  # black/red; blue/green gives nothing
    assert vp(game, 1) == {"k": 0, "r": 0, "b": 0, "g": 0}  # other players score on their own turn
    game.apply("pass")
    assert vp(game, 1) == {"k": 0, "r": 0, "b": 1, "g": 0}


def test_tc12_two_monuments_score_separately() -> None:
    game = tc12_builder().monument("rb", (4, 4)).game()
    game.apply("pass")
    assert vp(game, 0) == {"k": 1, "r": 2, "b": 0, "g": 0}


# -- TC-13 ------------------------------------------------------------------------------------------
def test_tc13_two_specials_taken_and_no_trader_means_no_collection() -> None:
    game = (
        PositionBuilder(players=("archer", "bull"))
        .tile("k", (1, 2), (1, 4), (1, 5), (2, 1), (3, 1), (5, 1))
        .tile("b", (1, 3), (1, 6), (4, 1))
        .hand("archer", "kkkkkk")
        .turn("archer")
        .game()
    )
    assert game.state.treasures.bit_count() == 10  # three treasures in one leaderless region: nothing
    events = game.apply("leader g (0,1)")
    taken = [e for e in events if e.kind == "treasure"]
    assert taken and taken[0].data["squares"] == (at(1, 1), at(1, 7))
    assert game.state.treasures >> at(5, 2) & 1


def test_tc13_special_plus_choice_of_normal_made_by_trader_owner() -> None:
    game = (
        PositionBuilder(players=("archer", "bull"))
        .tile("k", (2, 1), (5, 1), (6, 2), (7, 2), (8, 2), (9, 2), (10, 2), (10, 1))
        .tile("b", (4, 1))
        .leader("bull", "trader", (0, 1))
        .hand("archer", "kkkkkk")
        .turn("archer")
        .game()
    )
    game.apply("tile k (3,1)")
    assert game.decision is not None and game.decision.kind == "treasure" and game.decision.seat == 1
    assert choices(game) == ["treasures (10,0) (1,1)", "treasures (1,1) (5,2)"]
    game.apply("treasures (1,1) (5,2)")
    assert game.state.treasures_taken[1] == 2 and game.state.treasures >> at(10, 0) & 1
    assert game.decision is not None and game.decision.seat == 0 and game.decision.kind == "action"


# -- TC-14 ------------------------------------------------------------------------------------------
def treasure_builder(keep: list[tuple[int, int]]) -> PositionBuilder:
    b = PositionBuilder(players=("archer", "bull")).hand("archer", "kkkkkk").hand("bull", "kkkkkk")
    for q in [(10, 0), (1, 1), (15, 1), (5, 2), (13, 4), (8, 6), (1, 7), (14, 8), (5, 9), (10, 10)]:
        if q not in keep:
            b.tile("r", q)  # a starting temple whose treasure was taken earlier
    return b


def test_tc14_two_treasures_left_end_the_game() -> None:
    game = (
        treasure_builder([(10, 0), (5, 2), (13, 4)]).tile("k", (6, 2), (7, 2), (8, 2), (9, 2), (10, 2), (10, 1)).game()
    )
    game.play("leader g (5,3)", "treasures (10,0)")
    assert game.state.treasures.bit_count() == 2 and not game.is_over  # only at the end of the turn
    game.apply("pass")
    assert game.is_over and game.decision is None
    assert any(e.kind == "treasures_end" for e in game.events[-1])


def test_tc14_three_treasures_left_play_on() -> None:
    game = treasure_builder([(10, 0), (5, 2), (13, 4)]).game()
    game.apply("pass")
    assert not game.is_over and game.state.active == 1


# -- TC-15 ------------------------------------------------------------------------------------------
def bag_builder(bag: str, options: dict[str, str] | None = None) -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull"), options=options)
        .hand("archer", "kkkrrr")
        .hand("bull", "kkkrrr")
        .turn("archer")
        .bag(bag)
    )


def test_tc15_bag_runs_out_during_swap_default_finishes_turn() -> None:
    game = bag_builder("gg").game()
    events = game.apply("swap kkk")
    assert "bag_empty" in kinds(events) and not game.is_over
    assert hand(game, 0) == "rrrgg"
    assert game.decision is not None and game.decision.kind == "action" and game.decision.seat == 0
    game.apply("tile r (0,0)")  # his second action
    assert game.is_over


def test_tc15_bag_runs_out_during_swap_immediate_option() -> None:
    game = bag_builder("gg", {"bag_empty_end": "immediate"}).game()
    game.apply("swap kkk")
    assert game.is_over and game.result is not None


def test_tc15_exactly_emptied_bag_does_not_end_the_game() -> None:
    game = bag_builder("gbb").game()
    game.play("tile k (0,0)", "swap rr")
    assert not game.is_over and len(game.state.bag) == 0 and game.state.hand_size(0) == 6
    game.play("tile k (15,10)", "pass")
    assert game.is_over


# -- TC-16 ------------------------------------------------------------------------------------------
def test_tc16_granary_moves_to_a_longer_line() -> None:
    base = (
        PositionBuilder(players=("archer", "bull"), variants=("buildings",))
        .tile("b", (0, 3), (1, 3), (2, 3), (6, 8), (7, 8), (8, 8))
        .building("b", (1, 3))
        .hand("bull", "bkkkkk")
        .turn("bull")
    )
    game = base.game()
    game.apply("tile b (9,8)")
    assert game.decision is not None and game.decision.kind == "building"
    assert choices(game) == ["building b (6,8)", "building b (7,8)", "building b (8,8)", "building b (9,8)", "decline"]
    game.apply("building b (7,8)")
    assert game.state.buildings[2] == at(7, 8)
    game = base.tile("b", (3, 3)).game()  # the granary's line is 4 long: no move
    game.apply("tile b (9,8)")
    assert game.decision is not None and game.decision.kind == "action"


def test_tc16_market_hall_after_catastrophe() -> None:
    game = (
        PositionBuilder(players=("archer", "bull"), variants=("buildings",))
        .tile("g", (4, 4), (5, 4), (6, 4), (9, 4), (10, 4))
        .building("g", (4, 4))
        .hand("archer", "gkkkkk")
        .turn("archer")
        .game()
    )
    game.apply("catastrophe (5,4)")
    assert game.state.buildings[3] == at(4, 4)  # it stays though its line is now 1
    game.apply("tile g (11,4)")
    assert choices(game) == ["building g (9,4)", "building g (10,4)", "building g (11,4)", "decline"]


def test_tc16_double_points_with_the_building_in_the_kingdom() -> None:
    b = (
        PositionBuilder(players=("archer", "bull"), variants=("buildings",))
        .tile("r", (2, 4))
        .tile("g", (3, 5), (4, 5), (5, 5))
        .leader("archer", "trader", (2, 5))
        .hand("bull", "gkkkkk")
        .turn("bull")
    )
    game = b.game()
    game.apply("tile g (6,5)")
    assert vp(game, 0)["g"] == 1
    game = b.building("g", (3, 5)).game()
    events = game.apply("tile g (6,5)")
    assert vp(game, 0)["g"] == 2 and any(e.rule == "§17.6" for e in events)
    assert game.decision is not None and game.decision.kind == "action"  # already on this line


def test_tc16_building_protects_its_tile_in_war() -> None:
    game = tc7_game(variants=("buildings",), hall=True)
    game.apply("tile k (3,5)")
    assert bases(game) == (3, 4)  # the hall's market still supports
    game.play("commit 0", "commit 0")
    assert vp(game, 1)["g"] == 3  # 2 removed + the leader
    assert has_tile(game, "g", 1, 5) and game.state.buildings[3] == at(1, 5)
    with pytest.raises(IllegalActionError, match="civilization building"):
        game.apply("catastrophe (1,5)")


def test_tc16_library_returns_when_its_temple_is_flipped() -> None:
    game = tc4_game(variants=("buildings",))
    game.apply("tile r (9,5)")
    assert game.decision is not None and game.decision.kind == "monument"  # the line is too short to build
    events = game.apply("monument rg (8,5)")
    assert game.state.buildings[1] == -1 and "building_returned" in kinds(events)


# -- TC-17 ------------------------------------------------------------------------------------------
def test_tc17_ziggurat() -> None:
    game = lesson("ziggurat")
    game.apply("tile k (6,4)")
    assert vp(game, 0)["k"] == 1
    assert choices(game) == ["ziggurat (6,4)", "decline"]
    game.apply("ziggurat (6,4)")
    s = game.state
    assert s.tower == at(6, 4) and s.ziggurat.bit_count() == 5 and s.out_public[0] == 5
    assert leader_square(game, 0, "k") == at(4, 4)
    region = next(r for r in s.regions if r >> at(4, 4) & 1)
    assert region & s.ziggurat == s.ziggurat  # the king is connected to the ziggurat through (5,4)
    game.apply("pass")
    assert game.decision is not None and game.decision.kind == "ziggurat_bonus"
    assert choices(game) == ["bonus k", "bonus r", "bonus b", "bonus g"]
    game.apply("bonus b")
    assert vp(game, 0) == {"k": 1, "r": 0, "b": 1, "g": 0}
    assert game.state.active == 1
    sound(game)
