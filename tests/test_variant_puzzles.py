"""Puzzles about the variants: the goal kinds of civilization buildings (§17) and the ziggurat (§18),
hand-built positions where exactly one action meets them, the variant mining schedule, and the
variant puzzles of the shipped library."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable

import pytest

from tigris_widget.games.tigris.builder import PositionBuilder
from tigris_widget.games.tigris.engine.core.types import BLACK, GREEN
from tigris_widget.games.tigris.game import Game
from tigris_widget.games.tigris.puzzles.description import VARIANT_THEMES, about, explain, tag
from tigris_widget.games.tigris.puzzles.forcing import VARIANT_KINDS, forced_values, measures
from tigris_widget.games.tigris.puzzles.goals import Goal, Puzzle, solve
from tigris_widget.games.tigris.puzzles.mined_file import add_run
from tigris_widget.games.tigris.puzzles.miner import SETTINGS, schedule
from tigris_widget.games.tigris.puzzles.soundness import verify
from tigris_widget.puzzles.library import library, mined_data, select


def _market_line() -> PositionBuilder:
    """Markets on (8,4) and (9,4), a settlement on (7,4): only (10,4) makes a line of three."""
    return (
        PositionBuilder(variants=("buildings",))
        .tile("g", (8, 4), (9, 4))
        .tile("k", (7, 4))
        .hand("archer", "gkkkbb")
        .hand("bull", "gggggg")
        .turn("archer", actions_left=1)
    )


def _cross() -> PositionBuilder:
    """Four settlements around the empty (6,4): a settlement there completes the cross."""
    return (
        PositionBuilder(variants=("ziggurat",))
        .tile("k", (5, 4), (6, 3), (7, 4), (6, 5))
        .hand("archer", "kbbbbb")
        .hand("bull", "kkkkkk")
        .turn("archer", actions_left=1)
    )


def _ziggurat_and_temple() -> PositionBuilder:
    """The ziggurat on (6,4) touches the temple (4,4) through (5,4); of the squares beside that temple
    only (4,3) is free (catastrophes on the others), and the starting temple (5,2) is gone, so only a
    king on (4,3) stands in the ziggurat's kingdom."""
    return (
        PositionBuilder(variants=("ziggurat",))
        .clear((5, 2))
        .ziggurat((6, 4))
        .tile("r", (4, 4))
        .catastrophe((3, 4), (4, 5))
        .hand("archer", "kbbbbb")
        .hand("bull", "kkkkkk")
        .turn("archer", actions_left=1)
    )


def _winners(text: str, goal: Goal) -> list[str]:
    """The actions that force the goal against every defence."""
    state = Game.from_position(text).state
    return [str(a) for a, v in forced_values(state, [goal.score]) if v[0] >= goal.target]


def _idle(puzzle: Puzzle) -> Game:
    game = puzzle.game()
    game.apply("pass")
    return game


def test_variant_goal_specs_round_trip() -> None:
    goals = [Goal.building(GREEN), Goal.building(BLACK), Goal.ziggurat(), Goal.ziggurat_bonus()]
    for g in goals:
        again = Goal.from_spec(json.loads(json.dumps(g.to_spec())))
        assert again == g and again.spec == g.spec
    assert Goal.building(GREEN).to_spec() == {"kind": "building", "colour": "green"}
    assert Goal.building(BLACK).text == "Build the palace this turn, or move it to a new line."
    assert Goal.ziggurat().text == "Build the ziggurat this turn."
    assert "bonus" in Goal.ziggurat_bonus().text
    with pytest.raises(ValueError, match="missing or bad field"):
        Goal.from_spec({"kind": "building"})


@pytest.mark.parametrize(
    ("builder", "goal", "key_move", "solution"),
    [
        (_market_line, Goal.building(GREEN), "tile g (10,4)", ("tile g (10,4)", "building g (8,4)")),
        (_cross, Goal.ziggurat(), "tile k (6,4)", ("tile k (6,4)", "ziggurat (6,4)")),
        (_ziggurat_and_temple, Goal.ziggurat_bonus(), "leader k (4,3)", ("leader k (4,3)", "bonus k")),
    ],
)
def test_exactly_one_action_meets_the_variant_goal(
    builder: Callable[[], PositionBuilder], goal: Goal, key_move: str, solution: tuple[str, ...]
) -> None:
    text = builder().text()
    assert _winners(text, goal) == [key_move]
    puzzle = Puzzle("t", "t", text, goal, 1, solution)
    assert str(solve(puzzle.game().state, puzzle.seat, goal).moves[0]) == key_move
    assert puzzle.check(puzzle.play_solution()).status == "solved"
    assert puzzle.check(_idle(puzzle)).status == "failed"
    assert verify(puzzle) == []


def test_variant_verdicts_say_what_is_missing() -> None:
    market = Puzzle("t", "t", _market_line().text(), Goal.building(GREEN), 1, ("tile g (10,4)", "building g (8,4)"))
    assert explain(market.play_solution()) == "Archer builds the market hall on (8,4)."
    message = market.check(_idle(market)).message
    assert "The market hall is still beside the board: it needs a line of three green tiles." in message
    # The hall already stands on a line of three: a new line of three is not longer, so it stays.
    held = _market_line().tile("g", (0, 5), (1, 5), (2, 5)).building("g", (1, 5))
    stays = Puzzle("t", "t", held.text(), Goal.building(GREEN), 1, ("tile g (10,4)",))
    game = stays.game()
    game.apply("tile g (10,4)")
    assert "The market hall did not move: only a strictly longer line attracts it." in stays.check(game).message
    cross = Puzzle("t", "t", _cross().text(), Goal.ziggurat(), 1, ("tile k (6,4)",))
    game = cross.game()
    game.apply("tile k (6,4)")
    game.apply("decline")
    assert "The ziggurat was not built" in cross.check(game).message
    bonus = Puzzle("t", "t", _ziggurat_and_temple().text(), Goal.ziggurat_bonus(), 1, ("leader k (4,3)",))
    game = bonus.game()
    game.apply("leader k (1,2)")  # beside the starting temple (1,1), far from the ziggurat
    assert "Your king is not in the ziggurat's kingdom" in bonus.check(game).message
    no_tower = Puzzle("t", "t", _cross().text(), Goal.ziggurat_bonus(), 1, ("pass",))
    assert "There is no ziggurat on the board." in no_tower.check(_idle(no_tower)).message


def test_the_miner_measures_variant_goals_only_in_variant_games() -> None:
    kinds = Counter(spec["kind"] for spec, _ in measures(Game.from_position(_market_line().text()).state))
    assert kinds["building"] == 4 and not kinds["ziggurat"]
    kinds = Counter(spec["kind"] for spec, _ in measures(Game.from_position(_cross().text()).state))
    assert kinds["ziggurat"] == kinds["ziggurat_bonus"] == 1 and not kinds["building"]
    kinds = Counter(spec["kind"] for spec, _ in measures(Game.from_position(_ziggurat_and_temple().text()).state))
    assert kinds["ziggurat_bonus"] == 1 and not kinds["ziggurat"]  # one ziggurat per game
    classic = PositionBuilder().hand("archer", "kkkkkk").hand("bull", "kkkkkk").turn("archer", actions_left=1)
    kinds = Counter(spec["kind"] for spec, _ in measures(Game.from_position(classic.text()).state))
    assert not any(kinds[k] for k in VARIANT_KINDS)


def test_a_point_doubled_by_a_building_is_a_buildings_theme() -> None:
    # The market hall on (8,4) stands in Archer's trader's kingdom: a market there scores 2 green.
    doubled = (
        PositionBuilder(variants=("buildings",))
        .tile("g", (8, 4), (9, 4))
        .building("g", (8, 4))
        .leader("archer", "g", (8, 5))
        .hand("archer", "gkkkbb")
        .hand("bull", "gggggg")
        .turn("archer", actions_left=1)
    )
    game = doubled.game()
    start = game.state.clone()
    game.apply("tile g (10,4)")
    assert game.state.points(0)[GREEN] == 2
    themes = tag(start, 0, Goal.gain(GREEN, 2), game.events, phase=False)
    assert "buildings" in themes and "scoring" in themes


def test_variant_schedule_plays_only_variants_and_the_default_is_unchanged() -> None:
    tasks = schedule(12, seed=5, settings="variants")
    assert all(t.variants for t in tasks) and {t.board for t in tasks} == {"classic", "alternative"}
    assert {v for t in tasks for v in t.variants.split(",")} == {"buildings", "ziggurat"}
    assert all(t.themes == ("buildings", "ziggurat") for t in tasks)
    default = schedule(10, seed=5)
    assert [(t.board, t.variants) for t in default] == [SETTINGS[i % len(SETTINGS)] for i in range(10)]
    assert all(t.themes == () for t in default)
    assert [t.seed for t in default] == [t.seed for t in tasks[:10]]  # the same deals, other settings
    with pytest.raises(ValueError, match="settings"):
        schedule(3, settings="chess")


def test_a_run_is_added_to_the_library_without_changing_it() -> None:
    old = {"format": "tigris-puzzles", "version": 1, "command": "mine A",
           "stats": {"games": 10, "puzzles": 2, "wall_seconds": 60.0, "cpu_seconds": 100.0},
           "puzzles": [{"id": "m-1", "x": 1}, {"id": "m-2", "x": 2}]}  # fmt: skip
    run = {"format": "tigris-puzzles", "version": 1, "command": "mine B",
           "stats": {"games": 5, "puzzles": 2, "wall_seconds": 30.0, "cpu_seconds": 40.0},
           "puzzles": [{"id": "m-2", "x": 99}, {"id": "m-3", "x": 3}]}  # fmt: skip
    merged = add_run(old, run)
    assert merged["puzzles"] == [{"id": "m-1", "x": 1}, {"id": "m-2", "x": 2}, {"id": "m-3", "x": 3}]
    assert [(r["command"], r.get("added")) for r in merged["runs"]] == [("mine A", None), ("mine B", 1)]
    stats = merged["stats"]
    assert (stats["games"], stats["puzzles"], stats["wall_seconds"], stats["cpu_seconds"]) == (15, 3, 90.0, 140.0)
    again = add_run(merged, {**run, "command": "mine C"})
    assert len(again["puzzles"]) == 3 and len(again["runs"]) == 3 and again["stats"]["games"] == 20
    with pytest.raises(ValueError, match="tigris-puzzles"):
        add_run(old, {"format": "other"})


def test_the_ziggurat_theme_needs_a_bonus_earned_this_turn() -> None:
    goal = Goal.ziggurat_bonus()
    earned = Puzzle("t", "t", _ziggurat_and_temple().text(), goal, 1, ("leader k (4,3)", "bonus k"))
    game = earned.play_solution()
    assert "ziggurat" in tag(earned.game().state, 0, goal, game.events, phase=False)
    # The king already stands by the ziggurat: the bonus comes anyway, it is not what the turn did.
    due = earned.game()
    due.play("leader k (4,3)", "bonus k", "pass")  # Archer's turn, then Bull passes
    start, before = due.state.clone(), len(due.events)
    due.play("pass", "bonus r")
    assert any(e.kind == "ziggurat_vp" for group in due.events[before:] for e in group)
    assert "ziggurat" not in tag(start, 0, goal, due.events[before:], phase=False)


def test_variant_mining_keeps_puzzles_about_the_variants_only() -> None:
    market = Puzzle("t", "t", _market_line().text(), Goal.building(GREEN), 1, ("tile g (10,4)", "building g (8,4)"),
                    themes=("buildings",))  # fmt: skip
    assert about(market, VARIANT_THEMES)
    # The same tile scores a green point for Archer's trader and raises the hall in passing.
    scoring = _market_line().leader("archer", "g", (9, 5)).tile("r", (10, 5))
    gain = Puzzle("t", "t", scoring.text(), Goal.gain(GREEN, 1), 1, ("tile g (10,4)", "building g (8,4)"),
                  themes=("buildings", "scoring"))  # fmt: skip
    assert gain.check(gain.play_solution()).status == "solved"
    assert not about(gain, VARIANT_THEMES)
    # With the hall already in the kingdom, the same tile's point is doubled: a buildings puzzle.
    doubled = scoring.tile("g", (0, 5), (1, 5), (2, 5)).building("g", (9, 4))
    gain2 = Puzzle("t", "t", doubled.text(), Goal.gain(GREEN, 2), 1, ("tile g (10,4)",), themes=("buildings",))
    assert gain2.check(gain2.play_solution()).status == "solved"
    assert about(gain2, VARIANT_THEMES)


def test_the_library_has_puzzles_for_the_variants() -> None:
    buildings, ziggurat = select(theme="buildings"), select(theme="ziggurat")
    assert len(buildings) >= 70 and len(ziggurat) >= 8, (len(buildings), len(ziggurat))
    kinds = Counter(p.goal.to_spec()["kind"] for p in library().values())
    assert kinds["building"] >= 40 and kinds["ziggurat"] >= 3 and kinds["ziggurat_bonus"] >= 3, kinds
    for p in (*buildings, *ziggurat):
        assert p.game().state.setup.variants, p.key
    runs = mined_data()["runs"]
    assert sum(r["stats"]["games"] for r in runs) == mined_data()["stats"]["games"]
    assert any("--settings variants" in r["command"] for r in runs)
