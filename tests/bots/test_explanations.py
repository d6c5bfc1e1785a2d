"""Reasons in words: commitment reasons from conflict tables, and candidates' reasons on real positions."""

from __future__ import annotations

from tigris_widget.games.tigris.bots.analysis import analyze, piece_key, piece_label
from tigris_widget.games.tigris.bots.analysis_schema import validate_analysis
from tigris_widget.games.tigris.bots.explanations import conflict_reason
from tigris_widget.games.tigris.engine.core.actions import Action

from .test_bots import find_conflict, midgame


def table(kind: str, role: str, chances: list[float], answers: list[float], values: list[float | None]) -> dict:
    return {
        "kind": kind, "colour": "red" if kind == "revolt" else "blue", "role": role, "strength": 1,
        "opponent_strength": 2, "opponent_known": role == "defender",
        "levels": [{"commit": n, "win_probability": p, "opponent_commit": a, "value": v}
                   for n, (p, a, v) in enumerate(zip(chances, answers, values))],
    }  # fmt: skip


def test_a_hopeless_revolt_explains_why_committing_still_helps() -> None:
    t = table("revolt", "attacker", [0.0, 0.0, 0.0], [0.0, 1.0, 2.0], [0.30, 0.34, 0.31])
    text = conflict_reason(t, 1)
    assert "No commitment can win this revolt" in text and "defender discard one more" in text
    assert "only temples count" in text and "discarded whoever wins" in text
    assert "1 → 34 %" in text
    assert "keep your temples" in conflict_reason(t, 0)


def test_the_fewest_tiles_that_give_the_best_chance() -> None:
    t = table("war", "attacker", [0.0, 0.6, 1.0, 1.0], [0, 0, 0, 0], [0.2, 0.4, 0.6, 0.6])
    assert "Committing 2 is the fewest that gives the best chance to win the war, 100 %" in conflict_reason(t, 2)
    assert "only blue tiles count" in conflict_reason(t, 2)
    alike = conflict_reason(t, 3)
    assert "Every commitment from 2 to 3" in alike and "alike" in alike
    fewer = conflict_reason(t, 1)
    assert "keeps 1 more" in fewer


def test_pieces_of_the_heatmaps() -> None:
    assert piece_key(Action.tile("r", "(3,4)")) == "tile:red"
    assert piece_key(Action.leader("k", "(3,4)")) == "leader:king"
    assert piece_key(Action.catastrophe("(3,4)")) == "catastrophe"
    assert piece_key(Action.pass_()) is None
    assert piece_label("tile:red") == "red tile (temple)" and piece_label("leader:king") == "king (black leader)"


def test_heatmaps_are_relative_to_the_best_move_and_the_default_is_its_piece() -> None:
    game = midgame(seed=3, actions=24)
    report = analyze(game.view(game.to_move), iterations=120)
    validate_analysis(report)
    heat = report["heatmaps"]
    best = Action.parse(report["best"])
    assert heat["relative_to"] == report["best"] and heat["default"] == piece_key(best)
    if heat["default"] is not None:
        x, y = best.square % 16, best.square // 16
        assert heat["maps"][heat["default"]][y][x] == 0.0  # the best move is the reference
    legal = {str(a) for a in game.legal_actions()}
    for key, grid in heat["maps"].items():
        for y, row in enumerate(grid):
            for x, v in enumerate(row):
                if v is None:
                    continue
                # a square with a value has a legal action putting that piece there
                assert any(piece_key(Action.parse(a)) == key and a.endswith(f"({x},{y})") for a in legal), (key, x, y)
    assert report["candidates"][0]["action"] == report["best"]
    assert all(c["reason"] for c in report["candidates"])


def test_a_conflict_decision_has_a_reason_with_the_levels() -> None:
    game = find_conflict(7)
    report = analyze(game.view(game.to_move), iterations=60)
    conflict = report["conflict"]
    assert conflict["reason"] and report["explanation"] == conflict["reason"]
    assert all("opponent_commit" in lv for lv in conflict["levels"])
    assert all("to win the" in c["reason"] for c in report["candidates"])
