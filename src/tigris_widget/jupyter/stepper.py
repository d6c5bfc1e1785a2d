"""``GameStepper``: step through a game turn by turn or action by action, with narration and charts.

    >>> from tigris_widget import Game, GameStepper
    >>> game = Game.new(players=2, seed=1)
    >>> for _ in range(20):
    ...     _ = game.apply(game.legal_actions()[0])
    >>> stepper = GameStepper(game)          # any registered game, or a game record's text
    >>> stepper.goto(12)                     # jump to the position after 12 actions
    >>> stepper.board.ply
    12

The board is a ``BoardWidget`` (all-seeing unless ``seat`` is given) with its own history bar; the
stepper adds play/pause by action or by turn, turn steps (ipywidgets with Font Awesome icons, which
JupyterLab ships), the narration, and charts drawn with ipycanvas from Python at the screen's
resolution. It names no game: the narration is the game's own log (as the seat may see it), the turns
and the scores come through the rules protocol (``core.protocol``).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from tigris_widget.bots.review import better_why, loss_words, review_sentence
from tigris_widget.core.checks import is_finite, is_whole
from tigris_widget.core.errors import PositionError
from tigris_widget.core.protocol import GameLike
from tigris_widget.core.registry import game_module, games
from tigris_widget.core.reopen import ShowsSavedPicture
from tigris_widget.jupyter.charts import (
    CLASS_INK,
    SEAT_INK,
    SharpCanvas,
    draw_evaluation,
    draw_score_parts,
    draw_scores,
    parts_height,
    score_parts,
    score_series,
)
from tigris_widget.jupyter.widget import BoardWidget, with_picture

BETTER_COLOUR = "#2e86de"
"""Where the review's better move goes on the board (blue: neither a seat's colour nor a class's)."""


def _check_review_of(review: object, game: GameLike) -> None:
    """Refuse a review report that is not of ``game`` (another game's would fail later, at a jump)."""
    if not isinstance(review, Mapping) or not isinstance(review.get("moves"), Sequence):
        raise ValueError("review is not a review report (as bots.review.review returns): it has no list of moves")
    if review.get("game", game.name) != game.name:
        raise ValueError(
            f"review is a review of a game of {str(review.get('game'))[:40]!r}, not of this {game.name} game"
        )
    players = review.get("players")
    if isinstance(players, Sequence) and len(players) != game.players:
        raise ValueError(f"review is of a {len(players)}-player game, this game has {game.players} players")
    actions = [str(a) for a in game.actions]
    for move in review["moves"]:
        try:
            ply, plies, text = move["ply"], move.get("plies", 1), move["action"]
            played = "; ".join(actions[ply : ply + plies]) if is_whole(ply) and is_whole(plies) and ply >= 0 else None
        except (KeyError, TypeError, AttributeError) as err:
            raise ValueError(f"review is not a review report (as bots.review.review returns): {err!r}") from err
        if played is None or ply + plies > len(actions) or played != text:
            raise ValueError(
                f"review is not of this game: its move at ply {str(ply)[:12]} is {str(text)[:60]!r}, "
                f"this game played {str(played)[:60]!r} there"
            )


def review_game(game: GameLike | Mapping[str, Any] | str, **options: Any) -> dict[str, Any]:
    """``bots.review.review`` with a progress bar in the notebook (moves reviewed, seconds, time left),
    removed when the review is done; ``options`` are ``review``'s."""
    import threading
    import time

    from IPython.display import display

    from tigris_widget.bots.review import review

    bar = widgets.IntProgress(value=0, min=0, max=1, description="Reviewing", bar_style="info",
                              layout=widgets.Layout(width="auto", flex="1 1 200px"))  # fmt: skip
    note = widgets.Label("Starting the review …")
    box = widgets.HBox([bar, note], layout=widgets.Layout(flex_flow="row wrap", width="100%"))
    start = time.perf_counter()
    counts = [0, 0]  # moves done, moves in all

    def show() -> None:
        done, total = counts
        elapsed = time.perf_counter() - start
        left = f", about {elapsed / done * (total - done):.0f} s left" if done else ""
        note.value = (
            f"{done} of {total} moves, {elapsed:.0f} s{left}" if total else f"Starting the review … {elapsed:.0f} s"
        )

    def update(done: int, total: int) -> None:
        counts[:] = [done, total]
        bar.max = max(1, total)
        bar.value = done
        show()

    stop = threading.Event()

    def tick() -> None:  # the seconds go on while a batch of moves is thought over (it may take a while)
        while not stop.wait(1.0):
            show()

    handle = display(box, display_id=True)  # type: ignore[no-untyped-call]
    ticker = threading.Thread(target=tick, name="review-progress", daemon=True)
    ticker.start()
    done = "The review stopped."
    try:
        report = review(game, on_progress=update, **options)
        done = f"Reviewed {len(report['moves'])} moves in {time.perf_counter() - start:.0f} s."
        return report
    finally:
        stop.set()
        ticker.join()
        box.close()
        if handle is not None:  # the bar's place says what was done (a saved notebook shows no dead widget)
            handle.update({"text/plain": done}, raw=True)


def as_game(game: GameLike | Mapping[str, Any] | str) -> GameLike:
    """A game from a game, or from a game record (its text, or the parsed JSON of a record written as
    JSON): each registered game is asked in turn to read it.

    :raises PositionError: no game reads the record (the message lists each game's complaint).
    """
    if isinstance(game, GameLike) and getattr(game, "name", None) in games():
        return game
    if isinstance(game, Mapping):
        import json

        try:
            text = json.dumps(game)
        except (TypeError, ValueError) as err:  # a mapping JSON cannot hold is no record
            raise PositionError(f"a game record as a mapping must be JSON data: {err}") from None
    elif isinstance(game, str):
        text = game
    else:
        raise PositionError(f"GameStepper needs a game or a game record, not {type(game).__name__}")
    problems = []
    for name in games():
        try:
            return game_module(name).game_from_record(text)
        except ValueError as err:
            problems.append(f"{game_module(name).TITLE}: {str(err)[:160]}")
    raise PositionError("not a game record of any game here — " + "; ".join(problems))


def _seat_names(game: GameLike) -> list[str]:
    view = game_module(game.name).present(game, None, 0, log_window=0)
    return [str(s["name"]) for s in view["seats"]]


def narration(game: GameLike, ply: int, seat: int | None = None) -> str:
    """HTML narrating the action that led to ``ply`` (its events with their rule sections), as ``seat``
    may see it (the game's own log hides what the seat may not know)."""
    present = game_module(game.name).present
    if ply == 0:
        view = present(game, seat, 0, log_window=0)
        first = (view["decision"] or {}).get("seat", 0)
        return f"<b>Start</b> — {html.escape(view['seats'][first]['name'])} begins."
    view = present(game, seat, ply, log_window=1)
    entry = next(e for e in view["log"] if e["ply"] == ply)
    items = "".join(
        f"<li>{html.escape(e['text'])} <span style='opacity:.6'>{html.escape(e['rule'])}</span></li>"
        for e in entry["events"]
    )
    name = view["seats"][entry["seat"]]["name"]
    # "Move N", as the board's history bar and banner count the actions
    return f"<b>Move {ply}</b> — {html.escape(name)}: <code>{html.escape(entry['action'])}</code><ul>{items}</ul>"


def _checked_evaluation(values: object) -> dict[int, float]:
    """An evaluation curve as ``{ply: value}``: from a mapping of plies to numbers or a sequence of
    numbers (one per ply); a ``ValueError`` names what is not."""
    if isinstance(values, Mapping):
        items = list(values.items())
    elif isinstance(values, Iterable) and not isinstance(values, (str, bytes)):  # a list, a numpy array…
        items = list(enumerate(values))
    else:
        raise ValueError(f"evaluation must map plies to values or list one value per ply, not {type(values).__name__}")
    out: dict[int, float] = {}
    for ply, value in items:
        if not is_whole(ply) or ply < 0:
            raise ValueError(f"evaluation: a ply is a whole number 0 or more, not {ply!r}")
        if not is_finite(value):
            raise ValueError(f"evaluation: the value at ply {ply} must be a finite number, not {value!r}")
        out[int(ply)] = float(value)
    return out


class GameStepper(ShowsSavedPicture):
    """A dashboard that replays a finished (or ongoing) game.

    The board's own history bar (« ‹ slider › » and the arrow keys) is the one history control;
    the stepper adds play/pause (by action or by turn), turn steps, the narration of each action and
    the charts. With ``review=`` (a ``bots.review.review`` report) the evaluation chart shows the
    review's curve with its inaccuracies, mistakes and blunders marked, and a click on the chart
    jumps the board there.
    """

    def __init__(
        self,
        game: GameLike | Mapping[str, Any] | str,
        *,
        seat: int | None = None,
        evaluation: Mapping[int, float] | Sequence[float] | None = None,
        evaluation_label: str = "bot evaluation",
        review: Mapping[str, Any] | None = None,
        review_seat: int = 0,
        interval_ms: int = 800,
        theme: str = "auto",
    ) -> None:
        self.game = as_game(game)
        self.seat = seat
        players = self.game.players
        if not is_whole(review_seat) or not 0 <= review_seat < players:
            raise ValueError(f"review_seat must be 0..{players - 1}, not {review_seat!r}")
        if not is_whole(interval_ms) or interval_ms < 1:
            raise ValueError(f"interval_ms must be a whole number of milliseconds (1 or more), not {interval_ms!r}")
        if evaluation is not None:
            evaluation = _checked_evaluation(evaluation)
        self.board = BoardWidget(self.game, seat=seat, theme=theme)
        self.series = score_series(self.game, seat)
        if review is not None:
            _check_review_of(review, self.game)
        self.review = review
        self.review_seat = review_seat
        if review is not None and evaluation is None:
            from tigris_widget.bots.review import curve

            try:
                evaluation = {0: 0.5, **curve(review, review_seat)}
            except (KeyError, TypeError, IndexError, AttributeError) as err:
                raise ValueError(f"review is not a review report (as bots.review.review returns): {err!r}") from err
            who = _seat_names(self.game)[review_seat]
            unit = review.get("unit", "chance to win")
            evaluation_label = f"{who}'s {unit} after each reviewed move (click to jump there)"
        self.evaluation = evaluation
        self.evaluation_label = evaluation_label
        self._names = _seat_names(self.game)
        self._ply = 0
        self.mode = widgets.ToggleButtons(
            options=[("moves", "action"), ("turns", "turn")],
            value="action",
            tooltips=["play one move (one action) at a time", "play one turn at a time"],
            style={"button_width": "auto"},
            layout=widgets.Layout(width="auto"),
        )
        self.mode.observe(lambda _c: self._sync_player(), names="value")
        self.player = widgets.Play(value=0, min=0, max=len(self.game), interval=interval_ms, description="Play",
                                   layout=widgets.Layout(width="auto", flex="0 0 auto"))  # fmt: skip
        self.player.observe(self._played, names="value")
        self.buttons = {
            "back": widgets.Button(description="turn", icon="step-backward", tooltip="back to the start of the turn",
                                   layout=widgets.Layout(width="auto", flex="0 0 auto")),
            "forward": widgets.Button(description="turn", icon="step-forward", tooltip="to the next turn",
                                      layout=widgets.Layout(width="auto", flex="0 0 auto")),
        }  # fmt: skip
        self.buttons["back"].on_click(lambda _b: self.step(-1, by="turn"))
        self.buttons["forward"].on_click(lambda _b: self.step(1, by="turn"))
        self.text = widgets.HTML(layout=widgets.Layout(min_height="4em"))
        self.chart = SharpCanvas(190, self._draw_scores, theme=theme)
        self.eval_chart = SharpCanvas(200, self._draw_evaluation, theme=theme)  # room for a wrapped key
        # the game's own picture of its scores (T&E: each player's colour scores), where it offers one
        self.parts = score_parts(self.game, seat)
        self.parts_chart = (
            SharpCanvas(0, self._draw_parts, theme=theme, height_for=self._parts_height) if self.parts else None
        )
        self.eval_chart.canvas.on_mouse_down(self._chart_clicked)
        self.board.observe(self._board_moved, names="ply")
        controls = widgets.HBox([self.player, widgets.Label("Play by"), self.mode, *self.buttons.values()],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))  # fmt: skip
        charts = [self.chart.widget] + ([self.parts_chart.widget] if self.parts_chart else [])
        charts += [self.eval_chart.widget] if evaluation is not None else []
        self.widget = widgets.VBox([self.board, controls, self.text, *charts], layout=widgets.Layout(width="100%"))
        self._show(0)

    # -- navigation ----------------------------------------------------------------------------
    @property
    def ply(self) -> int:
        return self._ply

    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` actions."""
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= len(self.game):
            raise ValueError(f"ply must be 0..{len(self.game)}, not {ply!r}")
        self._show(ply)

    def _turn_starts(self) -> list[int]:
        return sorted({*self.series.turn_starts, len(self.game)})

    def step(self, direction: int, by: str | None = None) -> None:
        """One action (or one turn: ``by="turn"``, or in turn mode) forward (+1) or back (-1)."""
        if not is_whole(direction):
            raise ValueError(f"direction is +1 (forward) or -1 (back), not {direction!r}")
        if by not in (None, "action", "turn"):
            raise ValueError(f"by is 'action', 'turn' or None (the mode shown), not {by!r}")
        ply = self.ply
        if (by or self.mode.value) == "action":
            target = ply + direction
        else:
            starts = self._turn_starts()
            target = min((p for p in starts if p > ply), default=ply) if direction > 0 else max(
                (p for p in starts if p < ply), default=0)  # fmt: skip
        self.goto(max(0, min(len(self.game), target)))

    def _sync_player(self) -> None:
        """Keep the play widget's counter in the current unit (actions or turns) at the shown ply."""
        self._syncing = True
        try:
            if self.mode.value == "action":
                self.player.max = len(self.game)
                self.player.value = self.ply
            else:
                starts = self._turn_starts()
                self.player.max = len(starts) - 1
                self.player.value = max(i for i, p in enumerate(starts) if p <= self.ply)
        finally:
            self._syncing = False

    def _played(self, change: Mapping[str, Any]) -> None:
        if getattr(self, "_syncing", False):
            return
        value = int(change["new"])
        target = value if self.mode.value == "action" else self._turn_starts()[min(value, len(self._turn_starts()) - 1)]
        if target != self.ply:
            self.goto(target)

    def _board_moved(self, change: Mapping[str, Any]) -> None:
        if change["new"] != self.ply and change["new"] <= len(self.game):
            self._show(change["new"])  # the board's history bar and ←/→ move the stepper too

    def _chart_clicked(self, x: float, y: float) -> None:
        from tigris_widget.jupyter.charts import ply_at

        css_x, _ = self.eval_chart.to_css(x, y)
        self.goto(ply_at(css_x, self.eval_chart.css_width, len(self.game)))

    def _show(self, ply: int) -> None:
        self._ply = ply
        if self.board.ply != ply:
            self.board.goto(ply)
        self.text.value = narration(self.game, ply, self.seat) + self._review_note(ply)
        self._show_better_move(ply)
        self._sync_player()
        self.chart.redraw()
        if self.parts_chart is not None:
            self.parts_chart.redraw()
        if self.evaluation is not None:
            self.eval_chart.redraw()

    def _review_note(self, ply: int) -> str:
        """For the move that led to ``ply``: who played it, the review's verdict and the better move."""
        move = self._reviewed(ply)
        if move is None or move["forced"]:
            return ""
        if move["class"] is None:
            return f"<div>Review: {html.escape(review_sentence(move))}</div>"
        # the review's sentences (one loss figure, with its unit), the class and the player in colour
        who = html.escape(str(move.get("name", "")))
        gives = html.escape(loss_words(float(move["loss"]), str(move.get("unit", "chance to win"))))
        why = html.escape(better_why(move))
        drawn = " (marked on the board)" if self._better_marks(move) else ""
        name = str(move.get("best_name") or move["best"])  # an Ur turn's short name, its whole line the tooltip
        tip = f" title='{html.escape(move['best'], quote=True)}'" if name != move["best"] else ""
        better = f"<code{tip}>{html.escape(name)}</code>"
        colour = CLASS_INK.get(move["class"], "#e67e22")
        ring = SEAT_INK[move["seat"] % len(SEAT_INK)]
        return (f"<div><b style='color:{colour}'>{move['class'].capitalize()}</b> by "
                f"<b style='border-bottom:2px solid {ring}'>{who}</b>: it {gives}. Better was "
                f"{better}{drawn}{f': {why}' if why else ''}.</div>")  # fmt: skip

    def _reviewed(self, ply: int) -> Mapping[str, Any] | None:
        """The reviewed move that ends at ``ply`` (a turn: at its last action), if any."""
        if self.review is None or ply == 0:
            return None
        return next((m for m in self.review["moves"] if m["ply"] + m.get("plies", 1) == ply), None)

    @staticmethod
    def _better_marks(move: Mapping[str, Any]) -> bool:
        marks = move.get("best_marks") or {}
        return bool(marks.get("squares") or marks.get("arrows"))

    def _show_better_move(self, ply: int) -> None:
        """After a flagged move, draw the better move on the board — the pieces it would place as ghosts
        (translucent, on their squares), an arrow for a piece it would move, framed squares where no
        ghost can be drawn — with a caption; elsewhere leave the board clean."""
        if self.review is None:
            return
        self.board.clear_overlays()
        move = self._reviewed(ply)
        if move is None or move["class"] is None:
            return
        marks = move.get("best_marks") or {}
        try:
            arrows = [(int(a), int(b)) for a, b in marks.get("arrows", [])]
            squares = [int(q) for q in marks.get("squares", [])]
            starts = {a for a, _ in arrows}
            ghosts = sorted({*squares, *(b for _, b in arrows)} - starts)
            after = self._better_position(move) if ghosts else None
            if after is not None:
                self.board.ghost(after, ghosts, BETTER_COLOUR)
            framed = [q for q in squares if after is None or q not in ghosts]
            if framed:
                self.board.highlight(framed, BETTER_COLOUR)
            for start, end in arrows:
                self.board.arrow(start, end, BETTER_COLOUR)
        except (ValueError, TypeError):  # a hand-edited report: the narration still says it in words
            self.board.clear_overlays()
        self.board.caption(
            f"{move.get('name', '')}'s {move['class']} — better was {move.get('best_name') or move['best']}"[:140]
        )

    def _better_position(self, move: Mapping[str, Any]) -> GameLike | None:
        """The game after the review's better move instead of the one played (None when the report's
        move cannot be played here: a report of another game, or hand-edited)."""
        first = move.get("ply")
        best = str(move.get("best", ""))
        listed = move.get("best_actions")
        # the listed steps, unless a hand-edited report changed the text without them
        actions = listed if isinstance(listed, list) and "; ".join(map(str, listed)) == best else best.split("; ")
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first <= len(self.game):
            return None
        after = self.game.clone()
        while len(after) > first:
            after.undo()
        try:
            for text in actions:
                after.apply(str(text))
        except ValueError:
            return None
        return after

    def _draw_scores(self, canvas: Any, width: float, height: float, dpr: float, dark: bool) -> None:
        draw_scores(canvas, self.series, self.ply, width=width, height=height, dpr=dpr, dark=dark)

    def _parts_height(self, width: float) -> int:
        return parts_height(self.parts, width, len(self._names)) if self.parts else 0

    def _draw_parts(self, canvas: Any, width: float, height: float, dpr: float, dark: bool) -> None:
        if self.parts is not None:
            draw_score_parts(canvas, self.parts, self.ply, self._names, self.series.turn_starts, width=width,
                             height=height, dpr=dpr, dark=dark)  # fmt: skip

    def _draw_evaluation(self, canvas: Any, width: float, height: float, dpr: float, dark: bool) -> None:
        if self.evaluation is None:
            return
        marks = []
        if self.review is not None:
            for m in self.review["moves"]:
                if m["class"] is not None and m["values"] is not None:
                    marks.append((m["ply"] + m.get("plies", 1), m["values"][self.review_seat], m["class"], m["seat"]))
        draw_evaluation(canvas, self.evaluation, self.ply, label=self.evaluation_label, width=width, height=height,
                        dpr=dpr, last=len(self.game), marks=marks, dark=dark, seat_names=self._names,
                        x_label="moves")  # fmt: skip

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return with_picture(self.widget._repr_mimebundle_(**kwargs), self.board)
