"""Is a puzzle sound: ``verify`` lists everything wrong with one (the position, the solver, the
shipped solution, passing, too many winning actions); ``problems_idle`` is its check that doing
nothing already meets the goal.
"""

from __future__ import annotations

from tigris_widget.games.tigris.engine.core.types import D_ACTION
from tigris_widget.games.tigris.game import Game
from tigris_widget.games.tigris.puzzles.forcing import MAX_WINNERS, forced_values
from tigris_widget.games.tigris.puzzles.goals import Puzzle, solve


def problems_idle(puzzle: Puzzle) -> bool:
    """True when doing nothing (passing, the defence at its first choice) already meets the goal."""
    idle = puzzle.game()
    turn = idle.state.turn
    while idle.state.turn == turn and not idle.is_over:
        s = idle.state
        idle.apply("pass" if s.decider == puzzle.seat and s.phase == D_ACTION else idle.legal_actions()[0])
    return puzzle.check(idle).status != "failed"


def verify(puzzle: Puzzle, *, strict: bool = True) -> list[str]:
    """Everything wrong with a puzzle (empty: it is sound). Checks that the position loads and
    round-trips, the solver forces the goal, the shipped solution meets it against the best
    defence, passing does not, and (``strict``, mined puzzles with one action left) that at most
    ``MAX_WINNERS`` actions force the goal."""
    out: list[str] = []
    try:
        game = puzzle.game()
    except ValueError as err:
        return [f"the position does not load: {err}"]
    if Game.from_position(game.to_position()).state != game.state:
        out.append("the position does not round-trip")
    seat = puzzle.seat
    try:
        best = solve(game.state, seat, puzzle.goal)
    except RuntimeError as err:
        return [*out, str(err)]
    target = puzzle.target()
    if best.value < target:
        out.append(f"the solver forces only {best.value:g}, the goal needs {target:g}")
    if puzzle.goal.best and puzzle.known_target is not None and best.value != puzzle.known_target:
        out.append(f"the stored best value {puzzle.known_target:g} is not the solver's {best.value:g}")
    try:
        solved = puzzle.play_solution()
        if puzzle.check(solved).status != "solved":
            out.append("the shipped solution does not meet the goal against the best defence")
    except (ValueError, AssertionError) as err:
        out.append(f"the shipped solution cannot be played: {err}")
    if problems_idle(puzzle):
        out.append("passing already meets the goal")
    s = game.state
    if strict and puzzle.source == "mined" and s.phase == D_ACTION and s.actions_left == 1:
        winners = [str(a) for a, v in forced_values(s, [puzzle.goal.score]) if v[0] >= target]
        if len(winners) > MAX_WINNERS:
            out.append(f"{len(winners)} actions force the goal ({', '.join(winners[:5])} …): not a puzzle")
    return out
