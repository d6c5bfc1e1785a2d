"""The analysis of a decision: JSON that follows its schema, partial results, conflict tables."""

from __future__ import annotations

import json

import pytest

from tigris_widget import Game
from tigris_widget.games.tigris.bots.analysis import analyze, analyze_iter
from tigris_widget.games.tigris.bots.analysis_schema import ANALYSIS_SCHEMA, validate_analysis

from .test_bots import find_conflict, midgame


def test_schema_is_a_valid_json_schema():
    import jsonschema

    jsonschema.Draft202012Validator.check_schema(ANALYSIS_SCHEMA)


def test_analysis_of_a_turn_action_validates_and_is_json():
    game = midgame(seed=3, actions=24)
    report = analyze(game.view(game.to_move), iterations=60)
    validate_analysis(report)
    assert json.loads(json.dumps(report)) == report
    assert report["final"] and not report["cheating"]
    assert report["iterations"] == 60
    assert report["best"] in {str(a) for a in game.legal_actions()}
    assert report["candidates"][0]["action"] == report["best"]
    assert sum(c["visits"] for c in report["candidates"]) <= 60
    assert any(k.startswith("tile:") for k in report["heatmaps"]["maps"]), "some tile placement should be rated"
    for grid in report["heatmaps"]["maps"].values():
        assert len(grid) == 11 and all(len(row) == 16 for row in grid)
    assert report["expected_score"]["weakest"] in ("black", "red", "blue", "green")
    assert all(c["reason"] for c in report["candidates"])


def test_partial_results_arrive_while_searching():
    game = Game.new(players=2, seed=4)
    seen = []
    final = analyze(game.view(game.to_move), seconds=0.3, every=0.05, callback=seen.append)
    assert len(seen) >= 2
    assert seen[-1] is final and final["final"]
    assert not any(r["final"] for r in seen[:-1])
    iterations = [r["iterations"] for r in seen]
    assert iterations == sorted(iterations)
    for r in seen:
        validate_analysis(r)


def test_generator_form_yields_the_same_final_shape():
    game = Game.new(players=4, seed=5)
    reports = list(analyze_iter(game.view(game.to_move), iterations=40, every=0.0))
    assert reports[-1]["final"]
    assert reports[-1]["value_kind"] == "win_share"
    validate_analysis(reports[-1])


def test_conflict_commitment_levels_have_win_probabilities():
    game = find_conflict(7)
    report = analyze(game.view(game.to_move), iterations=40)
    validate_analysis(report)
    conflict = report["conflict"]
    assert conflict is not None
    levels = [row["win_probability"] for row in conflict["levels"]]
    assert levels == sorted(levels), "committing more never lowers the chance to win"
    assert len(levels) == game.state.hands[game.to_move * 4 + game.state.conflict.colour] + 1


def test_cheating_mode_is_labelled():
    game = midgame(seed=6, actions=12)
    report = analyze(game.view(game.to_move), iterations=20, omniscient=game.state)
    assert report["cheating"] and report["determinizations"] == 1
    validate_analysis(report)


def test_budget_must_be_positive():
    game = Game.new(players=2, seed=4)
    with pytest.raises(ValueError, match="iterations"):
        analyze(game.view(game.to_move), iterations=0)


def test_only_the_deciding_seat_can_be_analysed():
    game = Game.new(players=2, seed=4)
    other = 1 - game.to_move
    with pytest.raises(ValueError, match="must decide now"):
        analyze(game.view(other), iterations=5)
    with pytest.raises(ValueError, match="all-seeing"):
        analyze(game.view(None), iterations=5)
