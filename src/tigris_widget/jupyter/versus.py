"""Play against bots on the board, with a hint control that shows the search bot's analysis.

    >>> from tigris_widget import Game
    >>> from tigris_widget.bots.search import SearchBot
    >>> from tigris_widget.jupyter import BotMatch
    >>> match = BotMatch(Game.new(players=2, seed=3), seat=0, opponents=SearchBot(seconds=0.5))
    >>> match.board.seat           # your board (seat 0); show ``match`` for it with a Hint button
    0

The bots answer every decision that is theirs — their turns, but also support in a conflict you
start — one action at a time, ``delay`` seconds apart so you can follow them on the board (in a
running notebook; elsewhere they answer at once). Each bot sees only its own view.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from tigris_widget.bots.analysis import analyze_iter
from tigris_widget.bots.base import Bot
from tigris_widget.bots.runner import step
from tigris_widget.engine.core.actions import parse_action
from tigris_widget.engine.core.types import COLOUR_NAMES, LEADER_NAMES, MOVE_LEADER, PLACE_LEADER, PLACE_TILE
from tigris_widget.game import Game
from tigris_widget.jupyter.inspect import candidate_table, heatmap_squares, summary
from tigris_widget.jupyter.widget import BoardWidget, with_picture


class BotMatch:
    """A human seat against bots: the board for ``seat``, bots for the other seats, and hints."""

    def __init__(
        self,
        game: Game,
        seat: int = 0,
        opponents: Bot | Mapping[int, Bot] | None = None,
        *,
        delay: float = 0.6,
        hint_iterations: int = 300,
    ) -> None:
        n = game.state.players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, not {seat!r}")
        if opponents is None:
            from tigris_widget.bots.greedy import GreedyBot

            opponents = GreedyBot()
        bots = {p: opponents for p in range(n) if p != seat} if isinstance(opponents, Bot) else dict(opponents)
        if seat in bots or set(bots) - set(range(n)):
            raise ValueError(f"opponents must be bots for seats other than {seat}, within 0..{n - 1}")
        self.game = game
        self.seat = seat
        self.bots = bots
        self.delay = delay
        self.hint_iterations = hint_iterations
        self.board = BoardWidget(game, seat=seat)
        self.board.on_action(lambda _record: self._schedule())
        self.hint_button = widgets.Button(description="Hint", tooltip="let the search bot analyse your decision")
        self.hint_button.on_click(lambda _b: self.hint())
        self.panel = widgets.HTML()
        self.table = widgets.HTML()
        self.widget = widgets.VBox([self.board, widgets.HBox([self.hint_button, self.panel]), self.table])
        self._pending = False
        self._schedule()

    # -- bots --------------------------------------------------------------------------------------
    def _bot_to_move(self) -> Bot | None:
        decision = self.game.decision
        return None if decision is None else self.bots.get(decision.seat)

    def _schedule(self) -> None:
        """Let the bots answer, one action per ``delay`` seconds when an event loop is running."""
        if self._pending or self._bot_to_move() is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None or self.delay <= 0:
            self.play_bots()
            return
        self._pending = True
        loop.call_later(self.delay, self._step)

    def _step(self) -> None:
        self._pending = False
        self.play_bots(limit=1)
        self._schedule()

    def play_bots(self, limit: int | None = None) -> int:
        """Play the bots' decisions now (all of them, or ``limit``); returns how many were played."""
        played = 0
        while self._bot_to_move() is not None and (limit is None or played < limit):
            self._pending = True  # playing the move triggers on_action; do not re-enter
            try:
                step(self.game, self.bots)
            finally:
                self._pending = False
            played += 1
        return played

    # -- hints ---------------------------------------------------------------------------------------
    def hint(self, iterations: int | None = None, every: float = 0.2) -> dict[str, Any] | None:
        """Analyse the human's pending decision from his view, updating the board while it thinks."""
        decision = self.game.decision
        if decision is None or decision.seat != self.seat:
            self.panel.value = "Hints are for your own decisions."
            return None
        result: dict[str, Any] = {}
        view = self.game.view(self.seat)
        for result in analyze_iter(view, iterations or self.hint_iterations, None, every=every):
            self._show(result)
        return result

    def _show(self, analysis: dict[str, Any]) -> None:
        self.panel.value = summary(analysis)
        self.table.value = candidate_table(analysis, analysis["best"])
        self.board.clear_overlays()
        best = parse_action(analysis["best"])
        group, name = ("tiles", COLOUR_NAMES[best.colour]) if best.kind == PLACE_TILE else ("leaders", "")
        if best.kind in (PLACE_LEADER, MOVE_LEADER):
            name = LEADER_NAMES[best.colour]
        grid = analysis["heatmaps"][group].get(name)
        if grid:
            self.board.show_heatmap(heatmap_squares(grid))
        if best.square >= 0:
            self.board.highlight([best.square], "#e67e22")
        self.board.caption(f"Hint: {analysis['best']}")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return with_picture(self.widget._repr_mimebundle_(**kwargs), self.board)
