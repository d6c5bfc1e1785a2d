"""Issue #22 items 15–18 on the widget models of PuzzleBoard and PuzzleBrowser (the Playwright side is
in tests/e2e/test_puzzles_e2e.py):

* 15 — every step is judged as it is made, in the panel beside the board;
* 16 — a revealed solution is not a solve: "Puzzle solved"/"Solved." never appear after Solution;
* 17 — the browser's panel (filters, score, puzzle, buttons) sits beside the board when there is room;
* 18 — themes are shown by name (never a bare "§6.2.3"); hint and solution are offered once.
"""

from __future__ import annotations

import html
import re

import pytest

from tigris_widget.games.ur.puzzles.goals import UrPuzzle
from tigris_widget.jupyter.puzzle_board import PuzzleBoard
from tigris_widget.jupyter.puzzle_browser import PuzzleBrowser
from tigris_widget.puzzles.library import library

SOLVED_WORDS = re.compile(r"Puzzle solved|\bSolved\b")


def _judged(board: PuzzleBoard) -> str:
    m = re.search(r"data-judgement='(\w+)'", board.judgement.value)
    return m.group(1) if m else ""


def _visible(board: PuzzleBoard) -> set[str]:
    return {name for name, b in board.buttons.items() if b.layout.display != "none"}


def _texts(board: PuzzleBoard) -> str:
    return " ".join([board.status.value, board.judgement.value, str(board.board.view["decision"])])


# -- item 15 ---------------------------------------------------------------------------------------
def test_item15_each_tigris_action_is_judged_beside_the_board() -> None:
    board = PuzzleBoard("first-revolt")
    assert board.judgement in board.panel.children and board.panel in board.widget.children
    assert board.widget.children[1] is board.board  # the judgement sits in the panel next to the board
    board.board.play("leader r (10,4)")  # a revolt that cannot be won: judged at once, before the turn ends
    assert board.verdict == "playing" and _judged(board) == "bad"
    assert "can no longer be forced" in board.judgement.value
    board.game.undo()
    board.board.play("leader r (9,3)")  # the solution's move
    assert _judged(board) == "good" and "still in reach" in board.judgement.value


def test_item15_each_ur_step_is_judged_beside_the_board() -> None:
    """In an Ur puzzle the solution's first step is judged good at once, and some other first step
    is judged bad at once (the goal can no longer be met this turn)."""
    seen_bad = False
    for puzzle in list(library("ur").values())[:6]:
        assert isinstance(puzzle, UrPuzzle)
        board = PuzzleBoard(puzzle)
        board.board.play(puzzle.solution[0])
        if board.verdict == "playing":
            assert _judged(board) == "good", board.judgement.value
        board.reset()
        assert board.judgement.value == ""
        for step in board.game.legal_actions()[:12]:
            if str(step) == puzzle.solution[0]:
                continue
            board.board.play(step)
            judged = _judged(board)
            assert judged in ("good", "bad", "unclear") and html.escape(str(step)) in board.judgement.value
            board.reset()
            if judged == "bad":
                seen_bad = True
                break
        if seen_bad:
            break
    assert seen_bad


# -- item 16 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", ["first-revolt", "ur"])
def test_item16_a_revealed_solution_is_never_a_solve(key: str) -> None:
    puzzle = next(iter(library("ur").values())) if key == "ur" else library()[key]
    verdicts: list[str] = []
    board = PuzzleBoard(puzzle, on_verdict=verdicts.append, on_next=lambda: None)
    board.show_solution()
    assert verdicts == ["failed"] and board.outcome == "revealed"
    assert not SOLVED_WORDS.search(_texts(board)), _texts(board)
    assert "not counted as a solve" in board.status.value
    assert _visible(board) == {"Retry", "Next"}  # the solution is shown: it is not offered again
    # Retry and play the solution by hand: still no solve, and no second verdict
    board.buttons["Retry"].click()
    moves = list(puzzle.solution)
    while board.verdict == "playing":
        board.board.play(moves.pop(0))
    assert board.verdict == "solved" and board.outcome == "revealed"
    assert not SOLVED_WORDS.search(_texts(board)), _texts(board)
    assert "does not count as a solve" in board.status.value
    assert verdicts == ["failed"]
    # one message, about the player's own try: no "press Retry to play it yourself" after doing so
    prompt = board.board.view["decision"]["prompt"] if board.board.view["decision"] else ""
    assert "play it yourself" not in prompt + board.status.value, prompt
    assert "your own moves" in board.status.value


def test_item16_the_browser_counts_a_revealed_solution_as_failed() -> None:
    browser = PuzzleBrowser(game="ur")
    browser.current.show_solution()
    browser.current.buttons["Retry"].click()
    for move in browser.current.puzzle.solution:
        if browser.current.verdict == "playing":
            browser.current.board.play(move)
    assert browser.solved == 0 and browser.tried == 1 and [h[1] for h in browser.history] == ["failed"]


# -- item 17 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["tigris", "ur"])
def test_item17_the_browser_panel_sits_beside_the_board(game: str) -> None:
    browser = PuzzleBrowser(game=game)
    row = browser.current.widget
    assert row.children == (browser.current.panel, browser.current.board)
    assert row.layout.flex_flow == "row-reverse wrap"  # the board left, the panel beside it; above when narrow
    assert browser.filters in browser.current.panel.children and browser.score in browser.current.panel.children
    board, panel = browser.current.board.layout, browser.current.panel.layout
    assert board.flex.endswith("440px") and panel.flex == "0 1 360px"  # the board, not the text, takes a wide row
    assert int(board.min_width.removesuffix("px")) + int(panel.min_width.removesuffix("px")) <= 640
    browser.current.buttons["Next"].click()  # the next puzzle keeps the layout and the filters beside it
    assert (
        browser.filters in browser.current.panel.children
        and browser.current.widget.layout.flex_flow == "row-reverse wrap"
    )


# -- item 18 ---------------------------------------------------------------------------------------
def test_item18_themes_are_shown_by_name() -> None:
    from tigris_widget.games.tigris.course.exercises import EXERCISES

    for key, puzzle in EXERCISES.items():
        board = PuzzleBoard(puzzle)
        themes = re.search(r"Themes: ([^<]*)", board.header.value)
        assert themes is not None, key
        assert not re.search(r"§\d", themes.group(1)), (key, themes.group(1))
        assert ":" in themes.group(1) or " " in themes.group(1)
    ur = PuzzleBoard(next(iter(library("ur").values())))
    assert "Themes:" in ur.header.value and "§" not in ur.header.value
    war = PuzzleBoard("priest-war")
    assert "War: unite two kingdoms and win the war" in war.header.value


def test_item18_hint_and_solution_are_offered_once() -> None:
    from tigris_widget.games.tigris.course.exercises import EXERCISES
    from tigris_widget.jupyter.course import exercise

    ex = exercise(next(iter(EXERCISES)))
    outputs = ex._outputs()
    html_text = outputs[0]["text/html"]
    folded = html_text.count("<summary>Hint</summary>"), html_text.count("<summary>Solution</summary>")
    buttons = _visible(ex.board) & {"Hint", "Solution"}
    assert folded[0] + ("Hint" in buttons) == 1 and folded[1] + ("Solution" in buttons) == 1
    board = PuzzleBoard("first-revolt")
    assert _visible(board) == {"Hint", "Solution", "Retry"}
    board.board.play("leader r (10,4)")
    board.board.play("commit 1")
    assert board.verdict == "failed" and _visible(board) == {"Step back", "Retry", "Solution"}  # Hint gone


# -- take-back in both games' puzzles, and the judgement of the player's own step -------------------
def test_a_tigris_step_is_taken_back_with_the_answers_it_got() -> None:
    """T&E had no take-back, though its puzzles said "Step back or Retry"; the defence's automatic
    answer (support in a conflict) goes with the step it answered."""
    board = PuzzleBoard("first-revolt")
    board.board.play("leader r (10,4)")  # a revolt that cannot be won
    assert _judged(board) == "bad" and "Step back" in _visible(board)
    board.board.play("commit 1")  # the player's support: the defender answers at once
    assert board.verdict == "failed"
    answered = len(board.game)
    assert answered > 2  # the defence's commit was played for it
    assert "commit 1" in board.judgement.value or "leader" in board.judgement.value
    board.buttons["Step back"].click()
    assert len(board.game) == 1 and board.verdict == "playing"  # back to before the player's commit
    assert [str(a) for a in board.game.actions] == ["leader r (10,4)"]
    board.step_back()
    assert len(board.game) == 0 and board.judgement.value == "" and "Step back" not in _visible(board)
    board.board.play("leader r (9,3)")  # the solution's move now counts
    assert _judged(board) == "good"


def test_the_judgement_names_the_players_own_step_and_stands_before_the_boards_prompt() -> None:
    """The defence answers at once; the ✓ after the player's last step credited that answer ("commit 0")."""
    board = PuzzleBoard("first-revolt")
    moves = list(board.puzzle.solution)
    while board.verdict == "playing" and moves:
        board.board.play(moves.pop(0))
    player = board.game.actors[0]
    own = [str(a) for a, who in zip(board.game.actions, board.game.actors) if who == player]
    answers = [str(a) for a, who in zip(board.game.actions, board.game.actors) if who != player]
    assert answers and board.verdict == "solved"  # the defence answered inside the turn
    assert own[-1] in board.judgement.value
    assert not [a for a in answers if a not in own and a in board.judgement.value]


def test_an_ur_step_is_taken_back_in_the_panel_too() -> None:
    puzzle = next(iter(library("ur").values()))
    board = PuzzleBoard(puzzle)
    board.board.play(puzzle.solution[0])
    assert "Step back" in _visible(board)
    prompt = board.board.view["decision"]["prompt"]
    assert prompt.startswith("✓ ") and puzzle.solution[0] in prompt  # the judgement, where the player looks
    board.step_back()
    assert len(board.game) == 0 and not board.board.view["decision"]["prompt"].startswith("✓")


@pytest.mark.parametrize("game", ["tigris", "ur"])
def test_the_difficulty_stars_agree_with_the_word(game: str) -> None:
    """The header said ★★☆ "easy" and ★☆☆ "beginner": three stars from one scale, the word from another."""
    from tigris_widget.jupyter.puzzle_board import stars
    from tigris_widget.jupyter.puzzle_browser import levels

    words = levels(game)
    seen = set()
    for puzzle in list(library(game).values())[:40]:
        board = PuzzleBoard(puzzle)
        shown = re.search(r"([★☆]+) \d+ · (\w+)", board.header.value)
        assert shown is not None, board.header.value
        assert shown.group(1).count("★") == words.index(shown.group(2)) + 1 and len(shown.group(1)) == len(words)
        seen.add(shown.group(2))
    assert len(seen) >= 2
    assert stars("expert", words) == "★" * len(words) and stars("nonsense", words) == ""
