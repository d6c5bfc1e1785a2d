"""The analysis of an Ur decision: whole turns as candidates, values with visits and intervals, reasons
in words that tell the candidates apart, a heat map only where it says something; and T&E's analysis
in the same shared model."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from tigris_widget.bots.analysis import Analysis, analyze, analyze_iter
from tigris_widget.core.registry import game_module
from tigris_widget.games.ur.bots.analysis import _turn

UR = game_module("ur")

RICH = """\
3 players · start player P1 · to move: P1 · ziggurats left: 5 · options: defaults
      x=0       x=1       x=2       x=3       x=4       x=5
y=0   Ac:2x1    Cw:2x1    Aw:1x1    Ct:1x1    Aw:0x1    Pa:0x1
y=1   Pa:2x1    Tp:2x1    Pa:1x1    Ap:0x1    Ta:1x1    Ta:0x1
y=2   Pc:2x1    Wt:1x1    Ct:1x1    Wp:0x1    Wc:2x1    Pc:1x1
y=3   Wp:0x1    Tw:2x1    Cp:0x1    Ct:2x1    Ac:1x1    Tw:0x1
y=4   Ca        Wp:0x1    Ta:2x1    At:2x1    Aw:1x1    Pc:0x1
y=5   Wt:2x1    Wp:1x1    Pt:0x1    Tp:1x1    Wc        Cw
hands: P0=AC  P1=AW  P2=TC   spare: TP
supplies: P0=9  P1=9  P2=9
"""
"""A late position of a search bots' game (seed 7, ply 60): the turns differ by several points."""

FLAT = """\
3 players · start player P1 · to move: P0 · ziggurats left: 5 · options: defaults
      x=0       x=1       x=2       x=3       x=4       x=5
y=0   Ac:2x1    Cw:2x1    Aw:1x1    Ct:1x1    Aw:0x1    Pa:0x1
y=1   Pa:2x1    Tp:2x1    Pa:1x1    Ap:0x1    Ta:1x1    Ta:0x1
y=2   Pc:2x1    Pt        Ct:1x1    Wp:0x1    Wc:2x1    Pc:1x1
y=3   Wp:0x1    Tw:2x1    Cp:0x1    Tw        Ac:1x1    Tw
y=4   Pw        Aw        Ta        At:2x1    Cw        Pc
y=5   Tc        Wp:1x1    Pt        Ca        Wc        Ca
hands: P0=TW  P1=TC  P2=AW   spare: TP
supplies: P0=13  P1=12  P2=12
"""
"""The land grab (ply 40): every candidate claims a tile for the same points (told apart since issue 40)."""


@pytest.fixture(scope="module")
def rich() -> Analysis:
    return analyze(UR.game_from_position(RICH), iterations=200)


def test_candidates_are_whole_legal_turns(rich: Analysis) -> None:
    game = UR.game_from_position(RICH)
    seat = game.to_move
    assert rich.game == "ur" and rich.seat == seat and rich.final and rich.decision == "turn"
    assert len(rich.candidates) >= 5
    for candidate in rich.candidates:
        copy = game.clone()
        start = _turn(copy.state_at(len(copy)))
        for step in candidate.actions:
            assert _turn(copy.state_at(len(copy))) == start, f"{candidate.text}: steps go on after the turn"
            copy.apply(step)  # legal, or IllegalActionError
        assert copy.is_over or _turn(copy.state_at(len(copy))) != start, f"{candidate.text} leaves the turn unfinished"
    assert len({c.text for c in rich.candidates}) == len(rich.candidates)


def test_sorted_by_visits_and_the_visits_sum_to_the_iterations(rich: Analysis) -> None:
    visits = [c.visits for c in rich.candidates]
    assert visits == sorted(visits, reverse=True) and sum(visits) == rich.iterations == 200
    assert rich.best.visits > rich.candidates[-1].visits, "the search spends its time on the better turns"
    for c in rich.candidates:
        assert c.value is not None and c.low is not None and c.high is not None
        assert 0.0 <= c.low <= c.value <= c.high <= 1.0
        assert len(c.values) == 3 and abs(sum(c.values) - 1.0) < 1e-3
    assert rich.best.value == max(c.value or 0.0 for c in rich.candidates[:3])


def test_reasons_say_what_changes_and_differ(rich: Analysis) -> None:
    reasons = [c.reason for c in rich.candidates]
    assert all(reasons) and len(set(reasons)) == len(reasons)
    assert any("points" in r for r in reasons) and any("tile" in r for r in reasons)
    assert rich.explanation.startswith(rich.best.reason)
    assert rich.best.line and all(line.startswith("P") for line in rich.best.line), "the expected answers"
    assert not rich.hidden_information and "Nothing is hidden" in rich.fairness()


def test_the_heat_map_is_drawn_only_where_values_differ(rich: Analysis) -> None:
    assert rich.default_heatmap == "turns"
    heat = rich.heatmaps["turns"]
    assert heat.informative() and max(heat.values.values()) == 0.0 and min(heat.values.values()) < -0.01
    touched = {q for m in rich.marks.values() for q in (*m.squares, *(a.end for a in m.arrows))}
    assert set(heat.values) <= touched
    # Issue 40: the land grab's claims score alike but set up different turns (the hand tile's action,
    # a war next turn), so the evaluation tells them apart and the map is drawn there too.
    flat = analyze(UR.game_from_position(FLAT), iterations=60)
    assert len({c.value for c in flat.candidates}) > 1, "claims for the same points, told apart"
    assert flat.default_heatmap == "turns" and flat.heatmaps["turns"].informative()


def test_partial_analyses_arrive_first() -> None:
    game = UR.game_from_position(RICH)
    seen = list(analyze_iter(game, iterations=120, every=0.0))
    assert len(seen) >= 3 and not seen[0].final and seen[-1].final
    assert seen[0].iterations == 0 and all(c.value is None for c in seen[0].candidates)
    assert [a.iterations for a in seen] == sorted(a.iterations for a in seen)


def test_a_focus_turn_is_searched_as_well_as_the_best() -> None:
    game = UR.game_from_position(RICH)
    first = analyze(game, iterations=100)
    worst = first.candidates[-1]
    again = analyze(game, iterations=100, focus=worst.actions)
    held = again.candidate(worst.text)
    assert held is not None and held.visits >= again.best.visits - 1
    assert held.value is not None and again.best.value is not None and held.value < again.best.value


def test_bad_requests_are_refused_with_value_errors() -> None:
    game = UR.game_from_position(RICH)
    with pytest.raises(ValueError, match="iterations"):
        analyze(game, iterations=0)
    with pytest.raises(ValueError, match="seconds"):
        analyze(game, seconds=-1.0)
    with pytest.raises(ValueError, match="off the grid"):
        analyze(game, iterations=5, focus=["cube (9,9)"])
    with pytest.raises(ValueError, match="not legal"):
        analyze(game, iterations=5, focus=["move 1"])
    with pytest.raises(ValueError, match="whole turn"):
        analyze(game, iterations=5, focus=["cube (4,5)"])
    with pytest.raises(ValueError, match="list of action texts"):
        analyze(game, iterations=5, focus="cube (4,5)")
    before = game.to_position()
    assert game.to_position() == before, "an analysis changes nothing"


def test_an_ur_game_over_has_nothing_to_analyse() -> None:
    from tigris_widget.bots import make_bot
    from tigris_widget.bots.runner import play

    players = UR.DEFAULT_PLAYERS
    game = play(UR.new_game(players, 5, None), [make_bot("greedy", seed=s, game="ur") for s in range(players)])
    with pytest.raises(ValueError, match="over"):
        analyze(game, iterations=5)


def test_tigris_fills_the_same_model() -> None:
    tigris = game_module("tigris")
    game = tigris.new_game(2, 7, None)
    result = analyze(game, iterations=80)
    assert result.game == "tigris" and result.hidden_information and not result.all_seeing
    assert result.best.text == result["best"] and result.best.visits > 0
    assert result.default_heatmap in result.heatmaps or result.default_heatmap is None
    assert all(len(c.actions) == 1 for c in result.candidates)
    seeing = analyze(game, iterations=40, all_seeing=True)
    assert seeing.all_seeing and seeing["cheating"] and "reads the hidden tiles" in seeing.fairness()


def test_every_registered_game_offers_the_analysis_hooks() -> None:
    from tigris_widget.core.hooks import own_bots
    from tigris_widget.core.registry import games

    for name in games():
        module = game_module(name)
        game = module.new_game(module.DEFAULT_PLAYERS, 5, None)
        assert isinstance(own_bots(module), Mapping) and module.moves(game) == []
        result = analyze(game, iterations=10)
        assert result.game == name and result.final and result.candidates and result.seat == game.to_move
