"""Is each shipped Ur puzzle's decisive step the only one that works? For every puzzle, at its decisive
step (the miner's ``search["step"]``), every other legal step is tried: does the turn finished by the
completion policy meet the goal ("policy"), and can any line of the rest of the turn still meet it
("any line", ``goals.reachable``; "unknown" when its position limit was not enough)?

PYTHONPATH=src python benchmarks/ur_puzzle_uniqueness.py > docs/results/puzzle-uniqueness/ur.txt
"""

from __future__ import annotations

import time

from tigris_widget.games.ur.engine import apply_unchecked, legal_actions
from tigris_widget.games.ur.puzzles.goals import UrPuzzle, reachable, reply_step
from tigris_widget.games.ur.puzzles.miner import after
from tigris_widget.puzzles.library import library


def main() -> None:
    unique = 0
    shipped = library("ur")
    for key, puzzle in shipped.items():
        assert isinstance(puzzle, UrPuzzle)
        clock = time.perf_counter()
        start = puzzle.play_solution().state_at(0)
        seat = start.active
        mine = puzzle.steps()
        decisive = int((puzzle.search or {}).get("step", 0))
        t, i = start.clone(), 0
        while i < decisive or t.decider != seat:
            if t.decider != seat:
                apply_unchecked(t, reply_step(t))
            else:
                apply_unchecked(t, mine[i])
                i += 1
        policy, any_line, unknown = [], [], []
        for step in legal_actions(t):
            if step == mine[decisive]:
                continue
            if puzzle.goal.met(after(t, step), seat):
                policy.append(str(step))
            u = t.clone()
            apply_unchecked(u, step)
            found = reachable(u, start, seat, puzzle.goal)
            if found:
                any_line.append(str(step))
            elif found is None:
                unknown.append(str(step))
        unique += not any_line and not unknown
        print(
            f"{key} [{puzzle.goal.kind}] decisive step {decisive + 1}: {mine[decisive]} | other steps meeting the goal "
            f"by the policy: {len(policy)}, by some line: {len(any_line)}, not known: {len(unknown)} "
            f"({time.perf_counter() - clock:.1f} s){' — e.g. ' + ', '.join(any_line[:3]) if any_line else ''}"
        )
    print(
        f"decisive step unique (no other step reaches the goal by any line, none unknown): {unique} of {len(shipped)}"
    )


if __name__ == "__main__":
    main()
