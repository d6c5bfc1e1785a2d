"""Every shipped puzzle is solvable, its solution works against every defence, and it is not trivial."""

from __future__ import annotations

import pytest

from tigris_widget import Game
from tigris_widget.games.tigris.puzzles.book import PUZZLES
from tigris_widget.games.tigris.puzzles.goals import solve


def test_at_least_twelve_puzzles_of_varied_kinds_and_difficulty() -> None:
    assert len(PUZZLES) >= 12
    assert {p.difficulty for p in PUZZLES.values()} == {1, 2, 3}
    assert len({p.topic for p in PUZZLES.values()}) >= 10
    assert any(p.goal.best for p in PUZZLES.values())


@pytest.mark.parametrize("key", sorted(PUZZLES))
def test_puzzle_is_verified(key: str) -> None:
    puzzle = PUZZLES[key]
    game = puzzle.game()
    assert Game.from_position(game.to_position()).state == game.state
    best = solve(game.state, puzzle.seat, puzzle.goal)
    target = puzzle.target()
    assert best.value >= target
    solved = puzzle.play_solution()
    assert puzzle.check(solved).status == "solved"
    if puzzle.goal.best:
        assert puzzle.goal.score(game.state, solved.state, puzzle.seat) == best.value  # the solution is optimal
    # Not trivial: doing nothing does not solve it.
    idle = puzzle.game()
    while idle.state.turn == game.state.turn and not idle.is_over:
        idle.apply("pass" if idle.state.decider == puzzle.seat else idle.legal_actions()[0])
    assert puzzle.check(idle).status == "failed"


def test_check_follows_an_attempt() -> None:
    puzzle = PUZZLES["kings-substitute"]
    game = puzzle.game()
    assert puzzle.check(game).status == "playing"
    game.apply("tile b (3,3)")
    assert puzzle.check(game).status == "playing"
    game.apply("tile k (0,0)")
    verdict = puzzle.check(game)
    assert verdict.status == "failed" and "scores 1 blue point; the goal is 2" in verdict.message
    assert puzzle.hint(0).startswith("Your kingdom has no farmer") and puzzle.hint(9) == "Try: tile b (3,3)"


def test_reply_defends_as_well_as_possible() -> None:
    puzzle = PUZZLES["first-revolt"]
    game = puzzle.game()
    game.play("leader r (10,4)", "commit 1")  # a square next to only two temples: 3 against 2+1
    reply = puzzle.reply(game)
    assert reply is not None and str(reply) == "commit 1"
    game.apply(reply)
    assert puzzle.check(game).status == "failed"
