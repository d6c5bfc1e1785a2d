"""Play against bots on the board, with a hint control that shows the search bot's analysis (any game).

    >>> from tigris_widget import Game
    >>> from tigris_widget.bots import make_bot
    >>> from tigris_widget.jupyter import BotMatch
    >>> match = BotMatch(Game.new(players=2, seed=3), seat=0, opponents=make_bot("search:0.5s"))
    >>> match.board.seat           # your board (seat 0); show ``match`` for it with a Hint button
    0

The bots answer every decision that is theirs — their turns, but also support in a conflict you
start — one action at a time, at least ``delay`` seconds apart so you can follow them on the board.
In a running notebook a bot thinks in a background thread (a search bot may take seconds) while a
line under the board says who is thinking, and the kernel stays free; elsewhere they answer at once.
An answer is played only if the position is still the one the bot saw. Each bot sees only its own
view. The hint thinks in
a background thread like ``BotInspector``'s Think (Stop, Keep thinking; "too close to call" when the
search cannot separate its best move from the next) and leaves the board when the position changes.
Where the game hides something, "hints read hands from play" (``hint_read_play``) lets the hint deal
the bots' hidden tiles as your seat can read them from their moves so far, and say what it read.
"""

from __future__ import annotations

import asyncio
import html
import threading
import time
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from tigris_widget.bots import make_bot
from tigris_widget.bots.analysis import DEFAULT_SECONDS, Analysis, AnalysisRequest, Thinker, check_game
from tigris_widget.bots.base import Bot
from tigris_widget.bots.runner import play_choice, step
from tigris_widget.core.checks import is_finite, is_whole
from tigris_widget.core.protocol import GameLike
from tigris_widget.core.reopen import ShowsSavedPicture
from tigris_widget.jupyter.inspect import (
    candidate_table,
    mark_verdict,
    show_analysis_heatmap,
    summary,
)
from tigris_widget.jupyter.thinking import ThinkingControls, reading_box
from tigris_widget.jupyter.widget import BoardWidget, with_picture


class BotMatch(ShowsSavedPicture):
    """A human seat against bots: the board for ``seat``, bots for the other seats, and hints."""

    def __init__(
        self,
        game: GameLike,
        seat: int = 0,
        opponents: Bot | Mapping[int, Bot] | None = None,
        *,
        delay: float = 0.6,
        hint_iterations: int | None = None,
        hint_seconds: float = DEFAULT_SECONDS,
        hint_read_play: bool = False,
    ) -> None:
        game = check_game(game)
        n = game.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, not {seat!r}")
        if opponents is None:
            opponents = make_bot("greedy", game=game.name)
        if isinstance(opponents, Bot):
            bots = {p: opponents for p in range(n) if p != seat}
        elif isinstance(opponents, Mapping) and all(isinstance(b, Bot) for b in opponents.values()):
            bots = dict(opponents)
        else:
            raise ValueError(f"opponents must be a bot or a mapping of seats to bots, not {opponents!r}")
        if seat in bots or set(bots) - set(range(n)):
            raise ValueError(f"opponents must be bots for seats other than {seat}, within 0..{n - 1}")
        self.game = game
        self.seat = seat
        self.bots = bots
        if not is_finite(delay) or delay < 0:
            raise ValueError(f"delay must be a number of seconds, 0 or more, not {delay!r}")
        self.delay = delay
        AnalysisRequest(hint_iterations, hint_seconds, read_play=hint_read_play)  # checked now, not at the first Hint
        self.hint_iterations = hint_iterations
        self.hint_seconds = hint_seconds
        self.board = BoardWidget(game, seat=seat)
        self.board.on_action(lambda _record: self._schedule())
        self.board.observe(self._position_changed, names="view")
        self.thinking = ThinkingControls("Hint", "lightbulb-o", "let the search bot analyse your decision",
                                         on_start=self.start_hint, position=lambda: self.board.view.get("state_id"),
                                         show=self._show)  # fmt: skip
        self.hint_button, self.stop_button, self.more_button = (self.thinking.start_button,
                                                                self.thinking.stop_button, self.thinking.more_button)  # fmt: skip
        self.status, self.progress = self.thinking.status, self.thinking.progress
        self.bot_status = widgets.HTML("", layout=widgets.Layout(width="auto", min_height="1.6em"))
        self.bot_status.add_class("tw-bot-status")
        """Which bot is thinking, or why a bot's answer was not played (its height kept when empty, so
        the controls below do not jump each time a bot starts or ends thinking)."""
        self.panel = widgets.HTML(layout=widgets.Layout(flex="1 1 300px", min_width="0"))
        self.panel.add_class("tw-hint-panel")
        self.panel.add_class("tw-fit")
        self.table = widgets.HTML(layout=widgets.Layout(width="auto", overflow="auto"))
        self.reading = reading_box(game, "the hint deals the bots' hidden tiles as their moves so far suggest",
                                   hint_read_play)  # fmt: skip
        """Hints deal the hidden tiles as this seat reads them from play (shown where the game hides something)."""
        buttons = widgets.VBox([self.hint_button, self.stop_button, self.more_button, self.reading],
                               layout=widgets.Layout(flex="0 0 auto"))  # fmt: skip
        bar = widgets.HBox([buttons, self.panel], layout=widgets.Layout(align_items="flex-start",
                                                                        flex_flow="row wrap"))  # fmt: skip
        self.widget = widgets.VBox([self.board, self.bot_status, bar, self.progress.widget, self.status, self.table],
                                   layout=widgets.Layout(width="100%"))  # fmt: skip
        self._playing = False
        """A bot's move is being played (its events call ``_schedule``: no re-entry)."""
        self._thinking = False
        """A bot thinks in a background thread; its answer comes back through ``_answer``."""
        self.bot_error: Exception | None = None
        """Why the last bot that failed in the background failed (its answer was not played)."""
        self._schedule()

    # -- bots --------------------------------------------------------------------------------------
    def _bot_to_move(self) -> Bot | None:
        decision = self.game.decision
        return None if decision is None else self.bots.get(decision.seat)

    def _schedule(self) -> None:
        """Let the bots answer, one action at a time: at once without an event loop; with one (a running
        notebook), each bot thinks in a thread and its action is played ``delay`` seconds after the
        previous one at the earliest."""
        if self._playing or self._thinking or self._bot_to_move() is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.play_bots()
            return
        self._thinking = True
        self._think(loop, time.perf_counter() + max(0.0, self.delay))

    def _think(self, loop: asyncio.AbstractEventLoop, not_before: float) -> None:
        """Ask the bot to move for its decision in a background thread (from the event loop's thread)."""
        seat = self.game.to_move
        bot = self._bot_to_move()
        assert seat is not None and bot is not None
        view = self.game.view(seat)
        position = self.game.to_position()
        self.bot_status.value = f"<i>{html.escape(self._seat_name(seat))} ({html.escape(bot.name)}) is thinking…</i>"

        def think() -> None:
            try:
                start = time.perf_counter()
                action, error = bot.choose(view), None
                seconds = time.perf_counter() - start
            except Exception as err:  # shown under the board: a thread's exception would be lost
                action, error, seconds = None, err, 0.0
            wait = max(0.0, not_before - time.perf_counter())
            loop.call_soon_threadsafe(loop.call_later, wait, self._answer, bot, seat, position, action, error, seconds)

        threading.Thread(target=think, name=f"bot seat {seat}", daemon=True).start()

    def _answer(self, bot: Bot, seat: int, position: str, action: Any, error: Exception | None, seconds: float) -> None:
        """Back on the event loop's thread: play the bot's answer if its position is still the game's."""
        self._thinking = False
        if error is None and self.game.to_position() == position:  # else the game moved on (undone, played)
            self._playing = True  # playing the move triggers on_action; do not re-enter
            try:
                play_choice(self.game, bot, seat, action, seconds)
            except ValueError as err:
                error = err
            finally:
                self._playing = False
        if error is not None:
            # The message stays off the board: it may name the bot's own tiles, which the board's seat
            # must not learn. ``bot_error`` keeps it for the notebook's author.
            self.bot_error = error
            self.bot_status.value = html.escape(f"{self._seat_name(seat)}'s bot ({bot.name}) failed "
                                                f"({type(error).__name__}); nothing was played. See match.bot_error.",
                                                quote=False)  # fmt: skip
            return
        self._schedule()
        if not self._thinking:  # cleared only now: no flicker between two moves of the bots
            self.bot_status.value = ""

    def _seat_name(self, seat: int) -> str:
        seats = self.board.view.get("seats") or []
        names = {s.get("seat"): s.get("name") for s in seats if isinstance(s, dict)}
        return str(names.get(seat) or f"Seat {seat}")

    def play_bots(self, limit: int | None = None) -> int:
        """Play the bots' decisions now, in this thread (all of them, or ``limit``); returns how many
        were played. ``RuntimeError`` while a bot thinks in the background (it would play twice)."""
        if self._thinking:
            raise RuntimeError("a bot is thinking in the background; its move comes by itself")
        if limit is not None and (not is_whole(limit) or limit < 0):
            raise ValueError(f"limit is how many decisions to play (0 or more) or None, not {limit!r}")
        played = 0
        while self._bot_to_move() is not None and (limit is None or played < limit):
            self._playing = True  # playing the move triggers on_action; do not re-enter
            try:
                step(self.game, self.bots)
            finally:
                self._playing = False
            played += 1
        return played

    # -- hints (thought in a background thread) ---------------------------------------------------
    def start_hint(self, iterations: int | None = None, seconds: float | None = None, every: float = 0.25,
                   until_settled: bool = True) -> Thinker | None:  # fmt: skip
        """Start analysing the human's pending decision from his view in the background, updating the
        board while it thinks (the first result at once); None when the decision is not his."""
        AnalysisRequest(iterations, seconds, every=every)  # a ValueError names a bad budget first
        decision = self.game.decision
        if decision is None or decision.seat != self.seat:
            self.clear_hint()
            self.panel.value = "Hints are for your own decisions."
            return None
        self.clear_hint()
        iterations = iterations or self.hint_iterations
        if iterations is None and seconds is None:
            seconds = self.hint_seconds
        return self.thinking.start(self.game, iterations=iterations, seconds=seconds, every=every,
                                   until_settled=until_settled, read_play=self.reading.value)  # fmt: skip

    @property
    def thinker(self) -> Thinker | None:
        """The hint's analysis running (or last run)."""
        return self.thinking.thinker

    def hint(self, iterations: int | None = None, every: float = 0.25, seconds: float | None = None) -> Analysis | None:
        """The hint for the whole budget, waited for (for scripts; the Hint button does not wait)."""
        thinker = self.start_hint(iterations, seconds, every, until_settled=False)
        return None if thinker is None else self.thinking.wait(thinker)

    def stop(self) -> None:
        """Stop the hint's search; it ends with what it found."""
        self.thinking.stop()

    def keep_thinking(self, seconds: float | None = None) -> bool:
        """Search the hint's tree one budget (or ``seconds``) longer; False when there is none to extend."""
        return self.thinking.keep_thinking(seconds)

    def clear_hint(self) -> None:
        """Remove the hint from the board and the panel (and drop its search if it still runs)."""
        self.thinking.clear()
        self.board.clear_overlays()
        self.panel.value = ""
        self.table.value = ""

    def _position_changed(self, _change: Any) -> None:
        if self.thinking.stale:
            self.clear_hint()

    def _show(self, analysis: Analysis) -> None:
        self.board.clear_overlays()
        drawn = show_analysis_heatmap(self.board, analysis, analysis.default_heatmap)
        self.panel.value = summary(analysis, analysis.default_heatmap if drawn else None)
        self.table.value = candidate_table(analysis, analysis.best.text)
        mark_verdict(self.board, analysis, "Hint", "Hint — too close to call", "Hint — no move stands out")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return with_picture(self.widget._repr_mimebundle_(**kwargs), self.board)
