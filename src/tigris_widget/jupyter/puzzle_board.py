"""``PuzzleBoard``: solve a puzzle of any game on the board, each step judged as it is made.

    >>> from tigris_widget.jupyter import PuzzleBoard
    >>> board = PuzzleBoard("first-revolt")  # an id of ``puzzles.library.library()`` or a puzzle
    >>> board.puzzle.key
    'first-revolt'

Play on the board as usual. The panel beside the board (above it in a narrow cell) judges every
step at once: still on course, off course (the goal can no longer be met this turn: "Step back" or
Retry), or not the solution's step but maybe still fine; the board says it too, before its prompt. When another player must decide inside the
puzzle's turn (support in a T&E conflict, an Ur player's share of a short culture action), the
puzzle answers for him. When the turn is over the verdict appears and the board stops taking
moves: "Retry" starts again, "Next" (when the board was given a next puzzle) moves on. "Hint" gives
the next hint, "Solution" replays the solution on the board; a revealed solution gives the puzzle
up, and replaying it afterwards is never counted as a solve.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from tigris_widget.core.protocol import PuzzleLike
from tigris_widget.core.puzzle import COLOURS, MARKS
from tigris_widget.core.reopen import ShowsSavedPicture
from tigris_widget.jupyter.widget import BOARD_BESIDE_PANEL, BoardWidget, with_picture
from tigris_widget.puzzles.library import book, game_of, library, puzzle_games


def stars(label: str, words: tuple[str, ...]) -> str:
    """A difficulty word as stars, one per step up the game's words (beginner ★☆☆☆☆ … expert ★★★★★): the
    stars and the word always agree (three stars from another scale said ★★☆ "easy")."""
    if label not in words:
        return ""
    n = words.index(label) + 1
    return "★" * n + "☆" * (len(words) - n)


PANEL_LAYOUT = {"flex": "0 1 360px", "min_width": "260px", "max_width": "560px"}
ROW = "row-reverse wrap"
"""The board takes what room there is; the panel sits beside it when both fit, else above it."""


class _PuzzleBoardWidget(BoardWidget):
    """The board, which stops offering moves once the puzzle's turn is over (``frozen`` holds what
    the board says instead of the next player's prompt) and says how the last step was judged
    (``note``) before its prompt, where the player looks next — in a narrow cell the panel with the
    full judgement sits above the board, out of sight."""

    frozen: str = ""
    note: str = ""

    def _sync(self) -> None:
        view = self._shown(self._module.present(self._game, self.seat, self.ply, revision=self._revision))
        live = view["history"]["live"] and view.get("decision") is not None
        if self.frozen and live:
            view["decision"] = {**view["decision"], "mine": False, "prompt": self.frozen}
            view["targets"] = {}
        elif self.note and live:
            view["decision"] = {**view["decision"], "prompt": f"{self.note} {view['decision']['prompt']}"}
        self.view = view

    def freeze(self, text: str) -> None:
        if text != self.frozen:
            self.frozen = text
            self._sync()

    def say(self, note: str) -> None:
        if note != self.note:
            self.note = note
            self._sync()

    def play(self, action: str | Any) -> Any:
        if self.frozen:
            raise ValueError(f"{self.frozen} Nothing was played.")
        return super().play(action)


def _lookup(key: str) -> PuzzleLike:
    for game in puzzle_games():  # a game without puzzles is never asked
        lib = library(game)
        if key in lib:
            return lib[key]
    raise ValueError(f"unknown puzzle {key!r}; see tigris_widget.puzzles.library.library(game) for the ids")


class PuzzleBoard(ShowsSavedPicture):
    """A puzzle on an all-seeing board (puzzles show every hand, like a chess problem).

    :param puzzle: a puzzle or a puzzle id (of any game's library).
    :param on_next: called when "Next" is pressed (the button shows only with it).
    :param on_verdict: called with ``"solved"`` or ``"failed"`` when a try ends (once per try);
        ``"failed"`` when the solution is revealed before a verdict, and nothing for tries after it.
    :param theme: the board's theme, ``"auto"``, ``"light"`` or ``"dark"``.
    :param help_buttons: offer "Hint" and "Solution" (False where the page offers them already).
    :param panel_top: widgets shown at the top of the panel (the PuzzleBrowser's filters and score).
    """

    def __init__(
        self,
        puzzle: PuzzleLike | str,
        *,
        on_next: Callable[[], object] | None = None,
        on_verdict: Callable[[str], None] | None = None,
        theme: str = "auto",
        help_buttons: bool = True,
        panel_top: list[widgets.Widget] | None = None,
    ) -> None:
        if isinstance(puzzle, str):
            puzzle = _lookup(puzzle)
        elif not isinstance(puzzle, PuzzleLike):
            raise ValueError(f"PuzzleBoard needs a puzzle or a puzzle's id (a string), not {type(puzzle).__name__}")
        self.puzzle = puzzle
        self.book = book(game_of(puzzle))
        self._on_next = on_next
        self._on_verdict = on_verdict
        self._help = help_buttons
        self.game = puzzle.game()
        self.board = _PuzzleBoardWidget(self.game, theme=theme, layout=widgets.Layout(**BOARD_BESIDE_PANEL))
        self._hints_given = 0
        self._answering = False
        self._revealed = False
        """The solution was shown: no later try of this puzzle counts as a solve."""
        self._showing_solution = False
        self._solution_on_board = False
        """The board shows the solution as ``show_solution`` played it (not a try after it)."""
        self._reported = False
        self.who = self.book.who(puzzle)
        themes = self.book.theme_names(puzzle)
        self.theme_names = themes
        rating = f"{puzzle.elo} · {puzzle.label}"
        self.header = widgets.HTML(
            "<div style='line-height:1.45'>"
            f"<h3 style='margin:0.2em 0'>{html.escape(puzzle.title)} "
            f"<span title='difficulty' style='font-weight:normal;opacity:.75'>"
            f"{stars(puzzle.label, tuple(w for _, w in self.book.LABELS))}"
            f" {html.escape(rating)}</span></h3>"
            f"<p style='margin:0.2em 0'><b>{html.escape(self.who)} to play.</b> {html.escape(puzzle.goal.text)}</p>"
            f"<p style='margin:0.2em 0;opacity:.8'>{html.escape(self.book.setting(puzzle))}</p>"
            + (f"<p style='margin:0.2em 0;opacity:.8'>Themes: {html.escape('; '.join(themes))}.</p>" if themes else "")
            + "</div>"
        )
        self.judgement = widgets.HTML()
        """The last step, judged as it was made."""
        self.judgement.add_class("tw-puzzle-judgement")
        self.status = widgets.HTML()
        self.status.add_class("tw-puzzle-status")
        self.buttons = {
            "Hint": widgets.Button(description="Hint", icon="question-circle", tooltip="A clue (then the first move)"),
            "Solution": widgets.Button(description="Solution", icon="eye", tooltip="Show a verified solution (gives the puzzle up)"),
            "Step back": widgets.Button(description="Step back", icon="step-backward",
                                        tooltip="Take back your last step (and the answer it got)"),
            "Retry": widgets.Button(description="Retry", icon="undo", tooltip="Start this puzzle again"),
            "Next": widgets.Button(description="Next", icon="forward", tooltip="The next puzzle"),
        }  # fmt: skip
        self.buttons["Next"].button_style = "primary"
        self.buttons["Hint"].on_click(lambda _b: self.hint())
        self.buttons["Solution"].on_click(lambda _b: self.show_solution())
        self.buttons["Step back"].on_click(lambda _b: self.step_back())
        self.buttons["Retry"].on_click(lambda _b: self.reset())
        self.buttons["Next"].on_click(lambda _b: self._next())
        self.controls = widgets.HBox(list(self.buttons.values()), layout=widgets.Layout(flex_flow="row wrap"))
        self.panel = widgets.VBox(
            [*(panel_top or []), self.header, self.judgement, self.controls, self.status],
            layout=widgets.Layout(**PANEL_LAYOUT),
        )
        self.panel.add_class("tw-puzzle-panel")
        # row-reverse: the board on the left and the panel beside it when both fit; in a narrow cell
        # the panel wraps onto the first line, above the board, so the goal and the judgement of each
        # step stay in sight next to the board instead of below its log
        self.widget = widgets.HBox(
            [self.panel, self.board],
            layout=widgets.Layout(flex_flow=ROW, width="100%", align_items="flex-start"),
        )
        self._unsubscribe = self.game.subscribe(lambda _g, change: self._changed(change))
        self._update()

    # -- reacting to play -------------------------------------------------------------------------
    def _changed(self, change: str) -> None:
        if self._answering or self._showing_solution:
            return
        self._answering = True
        try:
            if change == "apply":
                while (reply := self.puzzle.reply(self.game)) is not None:
                    self.game.apply(reply)
        finally:
            self._answering = False
        self._judge()
        self._update()

    def _judge(self) -> None:
        """Judge the step just made (or say where a take-back left the try)."""
        verdict = self.puzzle.judge(self.game) if len(self.game) else None
        if verdict is None or not verdict.message:
            self.judgement.value = ""
            self.board.say("")
            return
        colour = COLOURS.get(verdict.status, "inherit")
        mark = MARKS.get(verdict.status, "")
        self.board.say(f"{mark} {verdict.message}".strip())
        self.judgement.value = (
            f"<p data-judgement='{html.escape(verdict.status)}' style='margin:0.4em 0;padding:4px 8px;"
            f"border-left:4px solid {colour};background:{colour}1f;font-size:1.05em;line-height:1.45'>"
            f"<b style='color:{colour}'>{mark}</b> "
            f"{html.escape(verdict.message, quote=False)}</p>"
        )

    def _show(self, *names: str) -> None:
        for name, button in self.buttons.items():
            visible = name in names and (name != "Next" or self._on_next is not None)
            if name in ("Hint", "Solution") and not self._help:
                visible = False
            button.layout.display = None if visible else "none"

    def _update(self) -> None:
        verdict = self.puzzle.check(self.game)
        if verdict.status == "playing":
            self.board.freeze("")
            self._show("Hint", "Solution", "Retry", *(["Step back"] if len(self.game) else []))
            if len(self.game) == 0:
                self.status.value = ""
            return
        solved = verdict.status == "solved"
        text = verdict.message.removeprefix("Solved! ").removeprefix("Not quite. ")
        if self._revealed:  # a revealed solution is not a solve, neither now nor on a later try
            if self._solution_on_board:
                self.board.freeze("Solution shown: press Retry to play it yourself, or Next.")
                word, note = ("Goal met, with the solution shown" if solved else "Not solved"), ""
            else:  # the player's own try after seeing the solution
                self.board.freeze("Your try is over: Retry, Step back, or Next.")
                word = "Goal met by your own moves" if solved else "Not solved"
                note = " It does not count as a solve: the solution was shown before."
            colour = COLOURS["unclear"]
            note = note or (" It does not count as a solve." if solved else "")
            self.status.value = (f"<p style='color:{colour};line-height:1.45'><b>{word}.</b>{note} "
                                 f"{html.escape('' if solved else text, quote=False)}</p>")  # fmt: skip
            self._show("Retry", "Next", *([] if self._solution_on_board else ["Step back"]))
            return
        self.board.freeze(
            "Puzzle solved: press Next or Retry." if solved else "Not solved: press Retry, or see the Solution."
        )
        colour = COLOURS["good" if solved else "bad"]
        word = "Solved" if solved else "Not solved"
        self.status.value = (f"<p style='color:{colour};line-height:1.45'><b>{word}.</b> {html.escape(text, quote=False)}</p>")  # fmt: skip
        self._show("Retry", "Next") if solved else self._show("Step back", "Retry", "Solution", "Next")
        if not self._reported:
            self._reported = True
            if self._on_verdict is not None:
                self._on_verdict(verdict.status)

    @property
    def verdict(self) -> str:
        """The engine's judgement of the try on the board: "solved", "failed" or "playing"."""
        return self.puzzle.check(self.game).status

    @property
    def outcome(self) -> str:
        """What the try counts as: "solved", "failed", "playing", or "revealed" once the solution was shown."""
        return "revealed" if self._revealed else self.verdict

    # -- buttons -----------------------------------------------------------------------------------
    def hint(self) -> str:
        text = self.puzzle.hint(self._hints_given)
        self._hints_given += 1
        self.status.value = f"<p style='line-height:1.45'><b>Hint:</b> {html.escape(text)}</p>"
        return text

    def reset(self) -> None:
        """Start the puzzle again (a new try: its verdict is reported again, unless the solution was shown)."""
        self.board.freeze("")
        self._showing_solution = True  # quiet while the moves are taken back
        try:
            while len(self.game):
                self.game.undo()
        finally:
            self._showing_solution = False
        self._reported = self._revealed
        self._solution_on_board = False
        self.judgement.value = ""
        self.board.say("")
        self.status.value = ""
        self._update()

    def step_back(self) -> None:
        """Take back your last step, and the answers the puzzle gave to it (both games; the same as
        Retry when it was your first step). A try already judged is not judged again."""
        if not len(self.game) or self._solution_on_board:
            return
        mine = self.game.actors[0]  # a puzzle starts with its player to move
        self.board.freeze("")
        self._showing_solution = True  # quiet: no answers while stepping back
        try:
            while len(self.game):
                seat = self.game.actors[-1]
                self.game.undo()
                if seat == mine:
                    break
        finally:
            self._showing_solution = False
        self._judge()
        self.status.value = ""
        self._update()

    def _next(self) -> None:
        if self._on_next is not None:
            self._on_next()

    def show_solution(self) -> None:
        """Replay the solution on the board and explain it; the puzzle counts as given up."""
        reported = self._reported
        self.reset()
        self._revealed = self._reported = True
        if not reported and self._on_verdict is not None:
            self._on_verdict("failed")  # asking for the solution gives the puzzle up
        solved = self.puzzle.play_solution()
        self._showing_solution = True
        try:
            for action in solved.actions:
                self.game.apply(action)
        finally:
            self._showing_solution = False
        self.judgement.value = ""
        self.board.say("")
        self._solution_on_board = True
        self._update()
        moves = ", ".join(str(a) for a in solved.actions)
        self.status.value = (f"<p style='line-height:1.45'><b>Solution:</b> <code>{html.escape(moves)}</code></p>"
                             f"<p style='line-height:1.45'>{html.escape(self.puzzle.explanation)}</p>"
                             "<p style='line-height:1.45;opacity:.8'>Shown, so not counted as a solve: press Retry "
                             "to play it yourself.</p>")  # fmt: skip

    @property
    def task(self) -> str:
        """The puzzle in one line: who plays and the goal (the caption of its static picture)."""
        return f"{self.puzzle.title} — {self.who} to play. {self.puzzle.goal.text}"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return with_picture(self.widget._repr_mimebundle_(**kwargs), self.board, self.task)
