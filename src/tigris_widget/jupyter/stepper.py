"""``GameStepper``: step through a game turn by turn or action by action, with narration and charts.

    >>> from tigris_widget import Game, GameStepper
    >>> game = Game.new(players=2, seed=1)
    >>> for _ in range(20):
    ...     _ = game.apply(game.legal_actions()[0])
    >>> stepper = GameStepper(game)          # a Game, a game record (dict) or its JSON text
    >>> stepper.goto(12)                     # jump to the position after 12 actions
    >>> stepper.board.ply
    12

The board is a ``BoardWidget`` (all-seeing unless ``seat`` is given); the controls are ipywidgets
(play/pause, first/back/forward/last, a slider, action or turn steps); the charts are drawn with
ipycanvas from Python.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets
from ipycanvas import Canvas

from tigris_widget.game import Game
from tigris_widget.jupyter.charts import draw_evaluation, draw_scores, score_series
from tigris_widget.jupyter.widget import BoardWidget, with_picture


def as_game(game: Game | Mapping[str, Any] | str) -> Game:
    """A Game from a Game, a game record or its JSON text."""
    if isinstance(game, Game):
        return game
    return Game.from_json(game)


def narration(game: Game, ply: int, seat: int | None = None) -> str:
    """HTML narrating the action that led to ``ply`` (its events with their rule sections)."""
    if ply == 0:
        s = game.state_at(0)
        return f"<b>Start</b> — {html.escape(s.setup.dynasties[s.active].capitalize())} begins."
    events = game.events_seen_by(seat)[ply - 1]
    action = game.actions[ply - 1]
    actor = game.state_at(ply - 1).decider
    shown = str(action)
    if seat is not None and actor != seat and shown.startswith("swap "):
        shown = f"swap {len(shown) - 5}"  # another player's discards stay hidden
    items = "".join(
        f"<li>{html.escape(e.text)} <span style='opacity:.6'>{html.escape(e.rule)}</span></li>" for e in events
    )
    name = game.state_at(0).setup.dynasties[actor].capitalize()
    return f"<b>Action {ply}</b> — {html.escape(name)}: <code>{html.escape(shown)}</code><ul>{items}</ul>"


class GameStepper:
    """A dashboard that replays a finished (or ongoing) game."""

    def __init__(
        self,
        game: Game | Mapping[str, Any] | str,
        *,
        seat: int | None = None,
        evaluation: Mapping[int, float] | Sequence[float] | None = None,
        evaluation_label: str = "bot evaluation",
        interval_ms: int = 800,
    ) -> None:
        self.game = as_game(game)
        self.seat = seat
        self.board = BoardWidget(self.game, seat=seat)
        self.series = score_series(self.game, seat)
        self.evaluation = evaluation
        self.evaluation_label = evaluation_label
        last = len(self.game)
        self.mode = widgets.ToggleButtons(options=[("actions", "action"), ("turns", "turn")], value="action",
                                          description="Step by")  # fmt: skip
        self.slider = widgets.IntSlider(value=0, min=0, max=last, description="Action", continuous_update=True,
                                        layout=widgets.Layout(width="60%"))  # fmt: skip
        self.player = widgets.Play(value=0, min=0, max=last, interval=interval_ms, description="Play")
        widgets.jslink((self.player, "value"), (self.slider, "value"))
        self.buttons = {
            name: widgets.Button(description=label, tooltip=tip, layout=widgets.Layout(width="auto"))
            for name, label, tip in (
                ("first", "⏮", "start"), ("back", "◀", "step back"), ("forward", "▶", "step forward"),
                ("last", "⏭", "end"),
            )
        }  # fmt: skip
        self.buttons["first"].on_click(lambda _b: self.goto(0))
        self.buttons["last"].on_click(lambda _b: self.goto(len(self.game)))
        self.buttons["back"].on_click(lambda _b: self.step(-1))
        self.buttons["forward"].on_click(lambda _b: self.step(1))
        self.text = widgets.HTML()
        self.chart = Canvas(width=720, height=150, layout=widgets.Layout(width="100%", height="auto"))
        self.eval_chart = Canvas(width=720, height=110, layout=widgets.Layout(width="100%", height="auto"))
        self.slider.observe(lambda change: self._show(change["new"]), names="value")
        self.board.observe(self._board_moved, names="ply")
        controls = widgets.HBox([self.player, *self.buttons.values(), self.slider])
        charts = [self.chart] + ([self.eval_chart] if evaluation is not None else [])
        self.widget = widgets.VBox([self.board, controls, self.mode, self.text, *charts])
        self._show(0)

    # -- navigation ----------------------------------------------------------------------------
    @property
    def ply(self) -> int:
        return int(self.slider.value)

    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` actions."""
        if not isinstance(ply, int) or not 0 <= ply <= len(self.game):
            raise ValueError(f"ply must be 0..{len(self.game)}, not {ply!r}")
        self.slider.value = ply

    def step(self, direction: int) -> None:
        """One action (or one turn, in turn mode) forward (+1) or back (-1)."""
        ply = self.ply
        if self.mode.value == "action":
            target = ply + direction
        else:
            starts = [*self.series.turn_starts, len(self.game)]
            target = min((p for p in starts if p > ply), default=ply) if direction > 0 else max(
                (p for p in starts if p < ply), default=0)  # fmt: skip
        self.goto(max(0, min(len(self.game), target)))

    def _board_moved(self, change: Mapping[str, Any]) -> None:
        if change["new"] != self.ply and change["new"] <= len(self.game):
            self.slider.value = change["new"]  # ←/→ on the board move the stepper too

    def _show(self, ply: int) -> None:
        if self.board.ply != ply:
            self.board.goto(ply)
        self.text.value = narration(self.game, ply, self.seat)
        draw_scores(self.chart, self.series, ply)
        if self.evaluation is not None:
            draw_evaluation(self.eval_chart, self.evaluation, ply, label=self.evaluation_label)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return with_picture(self.widget._repr_mimebundle_(**kwargs), self.board)
