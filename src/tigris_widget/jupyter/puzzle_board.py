"""``PuzzleBoard``: solve a puzzle on the board, with a verdict, hints and the solution.

    >>> from tigris_widget.jupyter import PuzzleBoard
    >>> board = PuzzleBoard("first-revolt")  # an id of ``puzzles.library.library()`` or a ``Puzzle``
    >>> board.puzzle.key
    'first-revolt'

Play on the board as usual; when an opponent must decide inside the puzzle's turn (support in
a conflict, a treasure choice), the puzzle answers with the best defence. When the turn is over
the verdict appears in plain words and the board stops taking moves: "Retry" starts again,
"Next" (when the board was given a next puzzle) moves on. "Hint" gives the next hint,
"Solution" replays the solution on the board (step back through it with ←).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from tigris_widget.games.tigris.engine.core.types import COLOUR_CODES
from tigris_widget.games.tigris.puzzles.goals import Puzzle
from tigris_widget.jupyter.widget import BoardWidget, with_picture

STARS = {1: "★☆☆", 2: "★★☆", 3: "★★★"}


class _PuzzleBoardWidget(BoardWidget):
    """The board, which stops offering moves once the puzzle's turn is over (``frozen`` holds what
    the board says instead of the next player's prompt)."""

    frozen: str = ""

    def _sync(self) -> None:
        view = self._module.present(self._game, self.seat, self.ply, revision=self._revision)
        if self.frozen and view["history"]["live"] and view.get("decision") is not None:
            view["decision"] = {**view["decision"], "mine": False, "prompt": self.frozen}
            view["targets"] = {}
        self.view = view

    def freeze(self, text: str) -> None:
        if text != self.frozen:
            self.frozen = text
            self._sync()

    def play(self, action: str | Any) -> Any:
        if self.frozen:
            raise ValueError(f"{self.frozen} Nothing was played.")
        return super().play(action)


def _lookup(key: str) -> Puzzle:
    from tigris_widget.puzzles.library import library

    lib = library()
    if key not in lib:
        raise ValueError(f"unknown puzzle {key!r}; see tigris_widget.puzzles.library.library() for the ids")
    return lib[key]


class PuzzleBoard:
    """A puzzle on an all-seeing board (puzzles show every hand, like a chess problem).

    :param puzzle: a ``Puzzle`` or a puzzle id (hand-made key or mined ``m-…`` id).
    :param on_next: called when "Next" is pressed (the button shows only with it).
    :param on_verdict: called with ``"solved"`` or ``"failed"`` when the turn ends (once per try;
        not after "Solution").
    :param theme: the board's theme, ``"auto"``, ``"light"`` or ``"dark"``.
    """

    def __init__(
        self,
        puzzle: Puzzle | str,
        *,
        on_next: Callable[[], object] | None = None,
        on_verdict: Callable[[str], None] | None = None,
        theme: str = "auto",
    ) -> None:
        if isinstance(puzzle, str):
            puzzle = _lookup(puzzle)
        self.puzzle = puzzle
        self._on_next = on_next
        self._on_verdict = on_verdict
        self.game = puzzle.game()
        self.board = _PuzzleBoardWidget(self.game, theme=theme)
        self.board.on_action(self._after_action)
        self._hints_given = 0
        self._answering = False
        self._shown_solution = False
        self._reported = False
        names = self.game.state.setup.dynasties
        hands = ", ".join(f"{name.capitalize()}: {self._hand_text(seat)}" for seat, name in enumerate(names))
        who = names[puzzle.seat].capitalize()
        themes = ", ".join(puzzle.themes) or puzzle.topic
        rating = f"{puzzle.elo} · {puzzle.label}"
        self.header = widgets.HTML(
            "<div style='line-height:1.45'>"
            f"<h3 style='margin:0.2em 0'>{html.escape(puzzle.title)} "
            f"<span title='difficulty' style='font-weight:normal;opacity:.75'>{STARS.get(puzzle.difficulty, '')}"
            f" {html.escape(rating)}</span></h3>"
            f"<p style='margin:0.2em 0'><b>{who} to play.</b> {html.escape(puzzle.goal.text)}</p>"
            f"<p style='margin:0.2em 0;opacity:.75'>Hands — {html.escape(hands)}. Themes: {html.escape(themes)}.</p></div>"
        )
        self.status = widgets.HTML()
        self.status.add_class("tw-puzzle-status")
        self.buttons = {
            "Hint": widgets.Button(description="Hint", icon="question-circle", tooltip="A clue (then the first move)"),
            "Solution": widgets.Button(description="Solution", icon="eye", tooltip="Show a verified solution"),
            "Retry": widgets.Button(description="Retry", icon="undo", tooltip="Start this puzzle again"),
            "Next": widgets.Button(description="Next", icon="forward", tooltip="The next puzzle"),
        }
        self.buttons["Next"].button_style = "primary"
        self.buttons["Hint"].on_click(lambda _b: self.hint())
        self.buttons["Solution"].on_click(lambda _b: self.show_solution())
        self.buttons["Retry"].on_click(lambda _b: self.reset())
        self.buttons["Next"].on_click(lambda _b: self._next())
        self.controls = widgets.HBox(list(self.buttons.values()))
        self.widget = widgets.VBox([self.header, self.board, self.controls, self.status])
        self._update()

    def _hand_text(self, seat: int) -> str:
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

    def _show(self, *names: str) -> None:
        for name, button in self.buttons.items():
            visible = name in names and (name != "Next" or self._on_next is not None)
            button.layout.display = None if visible else "none"

    def _update(self) -> None:
        verdict = self.puzzle.check(self.game)
        if verdict.status == "playing":
            self.board.freeze("")
            self._show("Hint", "Solution", "Retry")
            if len(self.game) == 0:
                self.status.value = ""
            else:
                self.status.value = f"<p>{html.escape(verdict.message)}</p>"
            return
        solved = verdict.status == "solved"
        self.board.freeze(
            "Puzzle solved: press Next or Retry." if solved else "Not solved: press Retry, or see the Solution."
        )
        colour = "#2e8b57" if solved else "#c0392b"
        word = "Solved" if solved else "Not solved"
        text = verdict.message.removeprefix("Solved! ").removeprefix("Not quite. ")
        self.status.value = (f"<p style='color:{colour};line-height:1.45'><b>{word}.</b> {html.escape(text, quote=False)}</p>")  # fmt: skip
        self._show("Retry", "Next") if solved else self._show("Retry", "Solution", "Next")
        if not self._reported and not self._shown_solution:
            self._reported = True
            if self._on_verdict is not None:
                self._on_verdict(verdict.status)

    @property
    def verdict(self) -> str:
        return self.puzzle.check(self.game).status

    # -- buttons -----------------------------------------------------------------------------------
    def hint(self) -> str:
        text = self.puzzle.hint(self._hints_given)
        self._hints_given += 1
        self.status.value = f"<p style='line-height:1.45'><b>Hint:</b> {html.escape(text)}</p>"
        return text

    def reset(self) -> None:
        """Start the puzzle again (a new try: the verdict will be reported again)."""
        self.board.freeze("")
        while len(self.game):
            self.game.undo()
        self._shown_solution = False
        self._reported = False
        self._update()

    def _next(self) -> None:
        if self._on_next is not None:
            self._on_next()

    def show_solution(self) -> None:
        """Replay the solution (with the best defence) on the board and explain it."""
        reported = self._reported
        self.reset()
        self._reported = True
        self._shown_solution = True
        if not reported and self._on_verdict is not None:
            self._on_verdict("failed")  # asking for the solution gives the puzzle up
        solved = self.puzzle.play_solution()
        self._answering = True
        try:
            for action in solved.actions:
                self.game.apply(action)
        finally:
            self._answering = False
        self._update()
        moves = ", ".join(str(a) for a in solved.actions)
        self.status.value = (f"<p style='line-height:1.45'><b>Solution:</b> <code>{html.escape(moves)}</code></p>"
                             f"<p style='line-height:1.45'>{html.escape(self.puzzle.explanation)}</p>")  # fmt: skip

    @property
    def task(self) -> str:
        """The puzzle in one line: who plays and the goal (the caption of its static picture)."""
        who = self.game.state_at(0).setup.dynasties[self.puzzle.seat].capitalize()
        return f"{self.puzzle.title} — {who} to play. {self.puzzle.goal.text}"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return with_picture(self.widget._repr_mimebundle_(**kwargs), self.board, self.task)
