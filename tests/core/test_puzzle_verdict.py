"""The puzzle verdict both games return: one class, shown in a notebook as a line with its sign."""

from __future__ import annotations

import tigris_widget
from tigris_widget import Game
from tigris_widget.core.puzzle import Verdict
from tigris_widget.puzzles.library import library


def test_both_games_judge_with_the_one_verdict() -> None:
    tigris = tigris_widget.PUZZLES["first-revolt"]
    ur = next(iter(library("ur").values()))
    assert isinstance(tigris.check(tigris.game()), Verdict)
    assert isinstance(ur.check(ur.game()), Verdict)
    assert tigris_widget.Verdict is Verdict


def test_a_verdict_shows_its_message_with_a_sign_and_escapes_it() -> None:
    puzzle = tigris_widget.PUZZLES["first-revolt"]
    game: Game = puzzle.game()
    game.play("leader r (9,3)", "commit 1")
    game.apply(puzzle.reply(game))
    solved = puzzle.check(game)
    assert solved.status == "solved"
    shown = solved._repr_html_()
    assert "✓" in shown and "#2e8b57" in shown and "Solved! On (9,3)" in shown and "Verdict(" not in shown
    assert str(solved) == solved.message
    forged = Verdict("failed", "<script>alert(1)</script> & more")
    assert "<script>" not in forged._repr_html_() and "&lt;script&gt;" in forged._repr_html_()
    assert "✗" in forged._repr_html_()
    assert "…" in Verdict("playing", "Keep going.")._repr_html_()
    assert str(Verdict("unclear", "")) == "unclear" and "?" in Verdict("unclear", "")._repr_html_()
