"""PuzzleBoard stops taking moves after the verdict and offers Retry/Next; PuzzleBrowser keeps a
streak and an Elo-like rating."""

from __future__ import annotations

import pytest

from tigris_widget.jupyter.puzzle_board import PuzzleBoard
from tigris_widget.jupyter.puzzle_browser import PuzzleBrowser, expected, updated_rating
from tigris_widget.puzzles.library import library


def _visible(board: PuzzleBoard) -> set[str]:
    return {name for name, b in board.buttons.items() if b.layout.display != "none"}


def _solve(board: PuzzleBoard) -> None:
    """Play the shipped solution as a person would: only the solver's own decisions."""
    moves = list(board.puzzle.solution)
    while board.verdict == "playing":
        board.board.play(moves.pop(0))


def test_board_stops_inviting_moves_after_the_verdict() -> None:
    nexts: list[int] = []
    verdicts: list[str] = []
    board = PuzzleBoard("first-revolt", on_next=lambda: nexts.append(1), on_verdict=verdicts.append)
    assert _visible(board) == {"Hint", "Solution", "Retry"}
    assert board.board.view["decision"]["mine"] is True
    board.board.play("leader r (10,4)")
    board.board.play("commit 1")  # Pot defends with his best reply at once
    assert board.verdict == "failed" and verdicts == ["failed"]
    view = board.board.view
    assert view["decision"]["mine"] is False and view["targets"] == {}
    assert "Retry" in view["decision"]["prompt"]
    assert _visible(board) == {"Step back", "Retry", "Solution", "Next"}
    assert "Pot's priest is still on the board" in board.status.value
    before = len(board.game)
    with pytest.raises(ValueError, match="Nothing was played"):
        board.board.play("pass")
    assert len(board.game) == before
    board.buttons["Retry"].click()
    assert len(board.game) == 0 and board.board.view["decision"]["mine"] is True
    _solve(board)
    assert board.verdict == "solved" and verdicts == ["failed", "solved"]
    assert _visible(board) == {"Retry", "Next"} and "Solved." in board.status.value
    board.buttons["Next"].click()
    assert nexts == [1]


def test_hint_uses_no_emoji_and_next_hides_without_a_callback() -> None:
    board = PuzzleBoard("kings-substitute")
    text = board.hint()
    assert text in board.status.value and "💡" not in board.status.value and "<b>Hint:</b>" in board.status.value
    assert board.buttons["Hint"].icon and "Next" not in _visible(board)


def test_solution_counts_as_giving_up() -> None:
    verdicts: list[str] = []
    board = PuzzleBoard("first-revolt", on_verdict=verdicts.append)
    board.show_solution()
    assert verdicts == ["failed"] and board.verdict == "solved" and board.outcome == "revealed"
    assert board.board.view["decision"]["mine"] is False


def test_elo_update() -> None:
    assert expected(1500, 1500) == pytest.approx(0.5)
    assert updated_rating(1500, 1500, True) == pytest.approx(1516)
    assert updated_rating(1500, 1900, True) - 1500 > 1516 - 1500  # beating a harder puzzle gains more
    assert updated_rating(1500, 1100, False) < updated_rating(1500, 1900, False)


def test_browser_streak_rating_and_filters() -> None:
    browser = PuzzleBrowser(theme="war", level="easy", rating=1200)
    first = browser.current.puzzle
    assert "war" in first.themes and first.label == "easy" and first.source in ("mined", "hand-made")
    _solve(browser.current)
    assert browser.streak == 1 and browser.solved == 1 and browser.rating > 1200
    assert "streak 1" in browser.score.value
    browser.current.buttons["Next"].click()
    second = browser.current.puzzle
    assert second.key != first.key and "war" in second.themes
    rating = browser.rating
    browser.current.show_solution()  # gives it up
    assert browser.streak == 0 and browser.rating < rating and browser.best_streak == 1
    assert "Solved." not in browser.current.status.value
    assert [h[1] for h in browser.history] == ["solved", "failed"]
    browser.level_box.value = "hard"
    assert browser.current.puzzle.label == "hard" or "No puzzle" in str(browser.stage.children[0].children[-1].value)
    with pytest.raises(ValueError, match="unknown theme"):
        browser.choose(theme="fork")
    with pytest.raises(ValueError, match="unknown level"):
        browser.choose(level="grandmaster")


def test_browser_picks_the_puzzle_closest_to_the_rating() -> None:
    browser = PuzzleBrowser(rating=2000)
    pool = browser.candidates()
    best = min(abs(p.elo - 2000) for p in pool)
    assert abs(browser.current.puzzle.elo - 2000) == best
    assert len(library()) == len(pool)
