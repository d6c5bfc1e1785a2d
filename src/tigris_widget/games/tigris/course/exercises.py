"""The exercises of the T&E course (notebooks/02_course_*): small puzzles checked by the engine
(``puzzles.goals``), each with a hint and a solution that the notebook folds away until asked."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from tigris_widget.games.tigris.builder import PositionBuilder
from tigris_widget.games.tigris.course.lessons import lesson_builder
from tigris_widget.games.tigris.puzzles.goals import Goal, Puzzle

CODES = {"black": "k", "red": "r", "blue": "b", "green": "g"}
HIGHLIGHT = "#ff8c00"


def exercise_text(p: Puzzle) -> tuple[str, str]:
    """The exercise as HTML (hint and solution in ``<details>``) and as plain text."""
    game = p.game()
    who = game.state.setup.dynasties[p.seat].capitalize()
    hands = "; ".join(
        f"{info.dynasty.capitalize()} holds <code>{''.join(CODES[c] * n for c, n in (info.hand or {}).items()) or '–'}</code>"
        for info in game.position.players
    )
    solved = p.play_solution()
    names = game.state.setup.dynasties
    steps: list[tuple[str, Any]] = []
    for i, a in enumerate(solved.actions):
        seat = solved.state_at(i).decider
        steps.append((str(a), None if seat == p.seat else names[seat].capitalize()))
    moves = ", ".join(
        f"<code>{html.escape(a)}</code>" if who is None else f"({who}'s best answer: <code>{html.escape(a)}</code>)"
        for a, who in steps
    )
    plain_moves = ", ".join(a if who is None else f"({who}'s best answer: {a})" for a, who in steps)
    left = game.state.actions_left
    actions = f" ({left} action{'s' if left != 1 else ''} left)" if left else ""
    text = (
        f"<div style='border-left:4px solid {HIGHLIGHT};padding:4px 10px;margin:6px 0'>"
        f"<p><b>Exercise — {html.escape(p.title)}</b></p>"
        f"<p><b>{who} to play{actions}.</b> {html.escape(p.goal.text)}</p>"
        f"<p>{hands}.</p>"
        f"<p>Play it on the board below (in Jupyter): the engine judges your turn when it is over. "
        f"Without a kernel, work it out on the picture and open the answers.</p>"
        f"<details><summary>Hint</summary><p>{html.escape(p.hints[0] if p.hints else p.hint(0))}</p></details>"
        f"<details><summary>Solution</summary><p>{moves}</p><p>{html.escape(p.explanation)}</p></details>"
        "</div>"
    )
    plain = (
        f"Exercise — {p.title}: {who} to play. {p.goal.text}\nHint: {p.hints[0] if p.hints else p.hint(0)}\n"
        f"Solution: {plain_moves}. {p.explanation}"
    )
    return text, plain


def _puzzle(
    key: str, title: str, builder: PositionBuilder, goal: Goal, solution: Sequence[str], hint: str, explanation: str,
    topic: str,
) -> Puzzle:  # fmt: skip
    return Puzzle(key, title, builder.text(), goal, 1, tuple(solution), (hint,), explanation, topic)


EXERCISES: dict[str, Puzzle] = {}


def _register(p: Puzzle) -> None:
    EXERCISES[p.key] = p


BLACK, RED, BLUE, GREEN = range(4)


def _exercises() -> None:
    _register(_puzzle(
        "king-stands-in", "The king stands in",
        PositionBuilder(players=("archer", "bull")).tile("r", (2, 4)).leader("archer", "king", (2, 5))
        .leader("bull", "priest", (3, 4)).hand("archer", "gbbkrr").hand("bull", "kkkkkk").turn("archer", 1),
        Goal.gain(GREEN, 1), ["tile g (3,5)"],
        "A tile scores for the leader of its colour in its kingdom; without one, for the kingdom's king.",
        "The market joins the kingdom of Archer's king. There is no trader there, so the king stands in: "
        "Archer +1 green (§6.2.3). A market anywhere touching the kingdom works; a tile on (1,4) or (3,5) is fine.",
        "§6.2.3",
    ))  # fmt: skip
    _register(_puzzle(
        "first-kingdom", "Found a kingdom and score",
        PositionBuilder(players=("archer", "bull")).hand("archer", "gggrrb").hand("bull", "kkkkkk"),
        Goal.gain(GREEN, 1), ["leader g (6,2)", "tile g (6,1)"],
        "Placing a leader never scores. You have two actions: a leader first, then a tile beside him.",
        "Action 1 stands the trader next to a starting temple (§6.1 L3), action 2 lays a market in his kingdom: "
        "Archer +1 green. A king would have worked too (he stands in for the trader).",
        "§5, §6.1, §6.2",
    ))  # fmt: skip
    _register(_puzzle(
        "catastrophe-home", "Cut off a priest",
        PositionBuilder(players=("archer", "bull")).tile("r", (9, 2), (11, 2)).leader("bull", "priest", (9, 3))
        .leader("archer", "king", (10, 2)).hand("archer", "kkkkkk").hand("bull", "kkkkkk").turn("archer", 1),
        Goal.send_home(1, RED, "Send Bull's priest back to his supply this turn."),
        ["catastrophe (9,2)"],
        "A leader needs a face-up temple next to him (§4 I1). Which temple does the priest depend on?",
        "The catastrophe destroys the temple (9,2), the priest's only temple: he goes home at once (§12). "
        "Your king still touches (11,2) and stays. (10,0) carries a treasure and may not be hit (§6.3 C3).",
        "§6.3, §12",
    ))  # fmt: skip
    _register(_puzzle(
        "win-revolt", "Win the revolt",
        lesson_builder("revolt").hand("archer", "rrrkkb").hand("bull", "rrrkkb").turn("archer", 1),
        Goal.win_conflict(1, RED, "Throw Bull's priest out of his kingdom and keep yours on the board."),
        ["leader r (9,3)", "commit 3"],
        "Count the temples next to each priest, then the temples Bull could add; a tie goes to the defender.",
        "On (9,3) your priest touches 2 temples, Bull's 1. Bull holds 3 temples, so he can reach 4: you need 5, "
        "so commit all 3 (§8.3–§8.5). All 6 committed tiles are discarded, whoever wins (§8.6.3).",
        "§8",
    ))  # fmt: skip
    _register(_puzzle(
        "win-war", "Win the trader war",
        lesson_builder("war").turn("lion", 1),
        Goal.win_conflict(1, GREEN, "Send Pot's trader home and keep yours."),
        ["tile g (6,4)", "war g", "commit 4"],
        "Unite the kingdoms with a market, then choose which war is fought first.",
        "The market on (6,4) unites the kingdoms (it scores nothing and never counts). Fight the traders first: "
        "your side has 1 market, Pot's 2, and Pot holds 1 more. Commit 4: 5 against at most 3. Pot's markets (7,4) "
        "and (8,4) leave the board, +3 green, and the kings' war vanishes: Pot's king is cut off (§9.8.5).",
        "§9",
    ))  # fmt: skip
    _register(_puzzle(
        "build-monument", "Build a monument",
        PositionBuilder(players=("archer", "bull")).tile("r", (7, 4), (8, 5), (9, 6)).leader("archer", "priest", (7, 5))
        .hand("archer", "rkkkkb").hand("bull", "kkkkkk").turn("archer", 1),
        Goal.monuments(1), ["tile r (9,5)", "monument rg (8,5)"],
        "Four tiles of one colour in a 2×2 square — and the square must include the tile you just laid.",
        "The temple on (9,5) completes the square (8,5)–(9,6) with the starting temple (8,6). You may choose any "
        "monument that shows red: kr, rb or rg (§10.3). The four temples turn face down; your priest keeps the "
        "temple (7,4) and stays (without it he would go home, §12).",
        "§10",
    ))  # fmt: skip
    _register(_puzzle(
        "take-treasure", "Collect a treasure",
        lesson_builder("treasure").turn("lion", 1),
        Goal.treasures(1), ["tile b (4,1)"],
        "A kingdom with a trader and two or more treasures gives all but one of them to the trader's owner.",
        "The farm on the river square (4,1) joins the region of (5,1) and (5,2) to the kingdom of your trader; it "
        "holds two treasures now, so you take one — the one on the special square (1,1) (§11.4). Bull's farmer "
        "scores the farm.",
        "§11",
    ))  # fmt: skip


_exercises()
