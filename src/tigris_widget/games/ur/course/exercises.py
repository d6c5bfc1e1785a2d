"""The exercises of the Ur course: a question on a lesson position whose answer is a turn line the
engine plays, shown with its hint and its solution folded away.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tigris_widget.core.protocol import GameLike
from tigris_widget.games.ur.course.lessons import XY, lesson
from tigris_widget.games.ur.engine.board import PAIR_NAMES
from tigris_widget.games.ur.game import UrGame


@dataclass(frozen=True)
class UrExercise:
    """A question on a lesson position whose answer is a turn line the engine plays; ``facts`` reads
    the numbers the explanation states off the game after the answer (tests compare them)."""

    key: str
    title: str
    lesson: str
    task: str
    hint: str
    solution: str
    explanation: str
    facts: Callable[[UrGame, UrGame], dict[str, Any]]
    """(game before, game after) → the facts the explanation states."""

    def game(self) -> UrGame:
        return lesson(self.lesson)

    def play_solution(self) -> UrGame:
        g = self.game()
        g.play_line(self.solution)
        return g


def _cubes(g: UrGame, where: XY) -> tuple[int, int]:
    s = g.state
    c = where[1] * 6 + where[0]
    return s.owner[c], s.cubes[c]


def _gains(before: UrGame, after: UrGame) -> list[int]:
    a, b = before.state, after.state
    return [b.on_grid[p] - a.on_grid[p] for p in range(a.n)]


_EXERCISES = [
    UrExercise(
        "ur-ex-starve",
        "Who starves?",
        "ur-agriculture",
        "P0 holds AT and performs agriculture with the most cubes on every farm. Which of P0's tiles end the turn "
        "empty, and how many cubes does P0 have on the grid afterwards (before: 7)?",
        "Step 1 takes a cube from each of your tiles with no agriculture tile beside it — a farm is not beside itself.",
        "P0: agri; exchange (4,0) side T",
        "Step 1 takes a cube from (0,0) (a farm with no farm beside it) and from (5,2) (no farm near). (5,2) is "
        "left empty and lost; (0,0) gets 2 in step 2, which counts the farms P0 had when the action began. "
        "The farms side by side, (3,3) and (3,4), protect each other and each gain 2: 7 − 2 + 6 = 11 cubes on the grid.",
        lambda b, a: {
            "empty": [xy for xy in ((0, 0), (1, 0), (5, 2), (3, 3), (3, 4)) if _cubes(a, xy)[1] == 0],
            "on_grid": a.state.on_grid[0],
        },
    ),
    UrExercise(
        "ur-ex-culture",
        "Who profits from culture?",
        "ur-culture",
        "P0 holds CP and performs culture. How many cubes does each player gain?",
        "Every non-empty tile next to one of P0's culture tiles gets one cube of its owner per such culture tile.",
        "P0: culture; exchange (0,0) side C",
        "(2,3) lies between P0's two culture tiles and gets 2 of P0's cubes; P1's (2,1) and P2's (1,2) touch (2,2) "
        "and get one cube each, of their own colour: P0 +2, P1 +1, P2 +1. Empty (3,2) gets nothing.",
        lambda b, a: {"gains": _gains(b, a)},
    ),
    UrExercise(
        "ur-ex-war",
        "Take the culture tile",
        "ur-war",
        "P0 holds TW. Take P2's culture tile (2,3) and keep as many cubes on (2,2) as you can while still moving one in.",
        "Attacking a tile of the same kind costs no extra cube; the attacker pays as many cubes as the target loses.",
        "P0: war (2,2)->(2,3) move 1; exchange (0,0) side W",
        "(2,2) and (2,3) are both culture tiles, so the war costs the 2 cubes P2 loses and nothing extra: "
        "4 − 2 = 2 remain, 1 moves in, 1 stays on (2,2).",
        lambda b, a: {"attacker": _cubes(a, (2, 2)), "target": _cubes(a, (2, 3))},
    ),
    UrExercise(
        "ur-ex-ziggurats",
        "Two ziggurats",
        "ur-ziggurat",
        "P0 has two tiles with 5 cubes. Build both ziggurats. How many cubes come back to P0's supply (before: 6)?",
        "Each ziggurat takes back its 5 cubes and then gets one of them back on top.",
        "P0: zig (2,2) (4,4); exchange (3,0) side P",
        "Each build returns 5 cubes and puts 1 on the ziggurat: +4 each, so the supply goes from 6 to 14. "
        "No action and no extra cube this turn; the exchange still follows.",
        lambda b, a: {"supply": a.state.supply(0), "left": a.state.zig_left},
    ),
    UrExercise(
        "ur-ex-tie",
        "Who wins the tie?",
        "ur-last-exchange",
        "P0 holds AC; the only empty tiles and the spare are AC tiles too. Play P0's turn without placing a cube. "
        "Who wins?",
        "With no exchange possible the game ends at once. Equal points? Count the cubes on the grid.",
        "P0: pass",
        "P0 cannot exchange (§9.1), so the game ends. P0 and P1 both score 33; P0 has 19 cubes on the grid, "
        "P1 17, so P0 wins (§10.5). Had P0 taken cubes off the grid earlier, the tie could have gone the other way.",
        lambda b, a: {
            "over": a.is_over,
            "points": [r.points for r in a.standings()][:2],
            "winner": [r.seat for r in a.standings() if r.place == 1],
        },
    ),
]
_BY_KEY = {e.key: e for e in _EXERCISES}
EXERCISES: Mapping[str, str] = {e.key: e.title for e in _EXERCISES}


def exercise_of(key: str) -> UrExercise:
    if key not in _BY_KEY:
        raise ValueError(f"unknown exercise {key!r}; choose from {', '.join(_BY_KEY)}")
    return _BY_KEY[key]


def exercise(key: str) -> tuple[str, str, Any, GameLike]:
    """The exercise as HTML (the hint and the solution, with the engine's account of it, folded in
    ``<details>``), plain text, no puzzle (the course offers a live board) and the game at its start."""
    ex = exercise_of(key)
    start = ex.game()
    played = ex.game()
    told = [e.text for e in played.play_line(ex.solution)]
    s = start.state
    hands = ", ".join(f"P{p} holds {PAIR_NAMES[s.hands[p]]}" for p in range(s.n))
    spares = f"; spare {' '.join(PAIR_NAMES[x] for x in s.spares)}" if s.spares else ""
    steps = "".join(f"<li>{html.escape(t)}</li>" for t in told)
    text = (
        "<div style='border-left:4px solid #ff8c00;padding:4px 10px;margin:6px 0'>"
        f"<p><b>Exercise — {html.escape(ex.title)}</b></p><p>{html.escape(ex.task)}</p>"
        f"<p>{hands}{spares}.</p>"
        "<p>Try it on the board below (in Jupyter), or work it out on the picture; then open the answers.</p>"
        f"<details><summary>Hint</summary><p>{html.escape(ex.hint)}</p></details>"
        f"<details><summary>Solution</summary><p><code>{html.escape(ex.solution)}</code></p>"
        f"<p>{html.escape(ex.explanation)}</p><p>The engine's account:</p><ul>{steps}</ul></details></div>"
    )
    plain = f"Exercise — {ex.title}: {ex.task}\nHint: {ex.hint}\nSolution: {ex.solution}. {ex.explanation}"
    return text, plain, None, start
