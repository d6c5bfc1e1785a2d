"""``PuzzleBoard``: solve a puzzle on the board, with a verdict, hints and the solution.

    >>> from tigris_widget.jupyter import PuzzleBoard
    >>> board = PuzzleBoard("first-revolt")  # a key of ``puzzles.book.PUZZLES`` or a ``Puzzle``
    >>> board.puzzle.key
    'first-revolt'

Play on the board as usual; when an opponent must decide inside the puzzle's turn (support in
a conflict, a treasure choice), the puzzle answers with the best defence. When the turn is over
the verdict appears. "Hint" gives the next hint, "Solution" replays the solution on the board
(step back through it with ←), "Reset" starts again.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from tigris_widget.jupyter.widget import BoardWidget, with_picture
from tigris_widget.puzzles.book import PUZZLES
from tigris_widget.puzzles.goals import Puzzle

STARS = {1: "★☆☆", 2: "★★☆", 3: "★★★"}


class PuzzleBoard:
    """A puzzle on an all-seeing board (puzzles show every hand, like a chess problem)."""

    def __init__(self, puzzle: Puzzle | str) -> None:
        if isinstance(puzzle, str):
            if puzzle not in PUZZLES:
                raise ValueError(f"unknown puzzle {puzzle!r}; choose from {', '.join(sorted(PUZZLES))}")
            puzzle = PUZZLES[puzzle]
        self.puzzle = puzzle
        self.game = puzzle.game()
        self.board = BoardWidget(self.game)
        self.board.on_action(self._after_action)
        self._hints_given = 0
        self._answering = False
        hands = ", ".join(
            f"{name.capitalize()}: {self._hand_text(seat)}" for seat, name in enumerate(self.game.state.setup.dynasties)
        )
        who = self.game.state.setup.dynasties[puzzle.seat].capitalize()
        self.header = widgets.HTML(
            f"<h3>{html.escape(puzzle.title)} <span title='difficulty'>{STARS.get(puzzle.difficulty, '')}</span></h3>"
            f"<p><b>{who} to play.</b> {html.escape(puzzle.goal.text)}</p>"
            f"<p style='opacity:.7'>Hands — {html.escape(hands)}. Topic: {html.escape(puzzle.topic)}.</p>"
        )
        self.status = widgets.HTML()
        self.buttons = {name: widgets.Button(description=name) for name in ("Hint", "Solution", "Reset")}
        self.buttons["Hint"].on_click(lambda _b: self.hint())
        self.buttons["Solution"].on_click(lambda _b: self.show_solution())
        self.buttons["Reset"].on_click(lambda _b: self.reset())
        self.widget = widgets.VBox([self.header, self.board, widgets.HBox(list(self.buttons.values())), self.status])
        self._update()

    def _hand_text(self, seat: int) -> str:
        from tigris_widget.engine.core.types import COLOUR_CODES

        hand = self.game.state.hand(seat)
        return "".join(COLOUR_CODES[c] * n for c, n in enumerate(hand)) or "empty"

    # -- reacting to play -------------------------------------------------------------------------
    def _after_action(self, _record: dict[str, Any]) -> None:
        if self._answering:
            return
        self._answering = True
        try:
            while (reply := self.puzzle.reply(self.game)) is not None:
                self.game.apply(reply)
        finally:
            self._answering = False
        self._update()

    def _update(self) -> None:
        verdict = self.puzzle.check(self.game)
        colour = {"solved": "#2e8b57", "failed": "#c0392b"}.get(verdict.status, "inherit")
        self.status.value = f"<p style='color:{colour}'>{html.escape(verdict.message)}</p>"

    @property
    def verdict(self) -> str:
        return self.puzzle.check(self.game).status

    # -- buttons -----------------------------------------------------------------------------------
    def hint(self) -> str:
        text = self.puzzle.hint(self._hints_given)
        self._hints_given += 1
        self.status.value = f"<p>💡 {html.escape(text)}</p>"
        return text

    def reset(self) -> None:
        while len(self.game):
            self.game.undo()
        self._update()

    def show_solution(self) -> None:
        """Replay the solution (with the best defence) on the board and explain it."""
        self.reset()
        solved = self.puzzle.play_solution()
        self._answering = True
        try:
            for action in solved.actions:
                self.game.apply(action)
        finally:
            self._answering = False
        moves = ", ".join(str(a) for a in solved.actions)
        self.status.value = (f"<p><b>Solution:</b> <code>{html.escape(moves)}</code></p>"
                             f"<p>{html.escape(self.puzzle.explanation)}</p>")  # fmt: skip

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return with_picture(self.widget._repr_mimebundle_(**kwargs), self.board)
