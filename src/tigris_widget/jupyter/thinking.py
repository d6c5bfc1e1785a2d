"""The Think / Stop / Keep thinking controls that the analysis dashboards share (any game).

One ``ThinkingControls`` runs one ``bots.analysis.Thinker`` at a time in a background thread, so the
kernel stays free while it searches. A thinker belongs to the position that was on screen when it
started (``position()`` names it): its updates reach the dashboard's ``show`` only while that
position is still there, and a dashboard drops it (``clear``) as soon as the position changes — a
result is never shown for a position it was not computed for.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Hashable

import ipywidgets as widgets

from tigris_widget.bots.analysis import Analysis, AnalysisRequest, Thinker
from tigris_widget.core.protocol import GameLike
from tigris_widget.core.registry import game_module


def reading_box(game: GameLike, tooltip: str, value: bool = False) -> widgets.Checkbox:
    """The "read hands from play" box of a dashboard (``AnalysisRequest.read_play``): hidden, unticked and
    disabled for a game that hides nothing (``HIDDEN_INFORMATION`` of its module)."""
    hides = bool(game_module(game.name).HIDDEN_INFORMATION)
    return widgets.Checkbox(value=value and hides, description="read hands from play", indent=False,
                            disabled=not hides, tooltip=tooltip,
                            layout=widgets.Layout(width="auto", flex="0 1 auto", display="flex" if hides else "none"))  # fmt: skip


class SearchProgress:
    """A progress bar shown while a search thinks (iterations or seconds done of the budget) and hidden
    when it is done: ``widget`` to place, ``start(iterations, seconds)``, ``update(analysis)``, ``done()``."""

    def __init__(self, description: str) -> None:
        self.bar = widgets.FloatProgress(value=0.0, min=0.0, max=1.0, description=description, bar_style="info",
                                         layout=widgets.Layout(width="auto", flex="1 1 160px"))  # fmt: skip
        self.note = widgets.Label("")
        self.widget = widgets.HBox([self.bar, self.note],
                                   layout=widgets.Layout(display="none", flex_flow="row wrap", width="100%"))  # fmt: skip
        self._budget: tuple[int | None, float | None] = (None, None)

    @property
    def visible(self) -> bool:
        return bool(self.widget.layout.display != "none")

    def start(self, iterations: int | None, seconds: float | None) -> None:
        self._budget = (iterations, seconds)
        self.bar.value = 0.0
        self.note.value = "starting…"
        self.widget.layout.display = "flex"

    def update(self, analysis: Analysis) -> None:
        iterations, seconds = self._budget
        parts = [analysis.iterations / iterations if iterations else 0.0,
                 analysis.seconds / seconds if seconds else 0.0]  # fmt: skip
        self.bar.value = 1.0 if analysis.final else max(0.0, min(1.0, max(parts)))
        self.note.value = f"{analysis.iterations:,} iterations, {analysis.seconds:.1f} s"

    def done(self) -> None:
        self.widget.layout.display = "none"
        self.note.value = ""


class ThinkingControls:
    """The start button (``label``: Think, Hint …), Stop, Keep thinking, a progress bar and a status line."""

    def __init__(
        self,
        label: str,
        icon: str,
        tooltip: str,
        *,
        on_start: Callable[[], object],
        position: Callable[[], Hashable],
        show: Callable[[Analysis], object],
        finished: Callable[[Analysis, Hashable], object] | None = None,
        primary: bool = False,
        progress_label: str | None = None,
    ) -> None:
        layout = widgets.Layout(width="auto", min_width="max-content", flex="0 0 auto")
        self.start_button = widgets.Button(description=label, icon=icon, tooltip=tooltip, layout=layout,
                                           button_style="primary" if primary else "")  # fmt: skip
        self.start_button.on_click(lambda _b: on_start())
        self.stop_button = widgets.Button(description="Stop", icon="stop", layout=layout, disabled=True,
                                          tooltip="stop the search now and keep what it found")  # fmt: skip
        self.stop_button.on_click(lambda _b: self.stop())
        self.more_button = widgets.Button(description="Keep thinking", icon="forward", layout=layout, disabled=True,
                                          tooltip="search the same tree one budget longer")  # fmt: skip
        self.more_button.on_click(lambda _b: self.keep_thinking())
        # width auto: a column stretches it to its width; 100% plus the widget's margins overflowed it
        self.status = widgets.HTML("", layout=widgets.Layout(width="auto"))
        self.progress = SearchProgress(progress_label or label)
        self.thinker: Thinker | None = None
        """The analysis running (or last run)."""
        self.key: Hashable | None = None
        """The position ``thinker`` belongs to (None once it was cleared)."""
        self._position = position
        self._show = show
        self._finished = finished

    @property
    def stale(self) -> bool:
        """Does the thinker belong to a position that is no longer on screen?"""
        return self.key is not None and self.key != self._position()

    def start(self, game: GameLike, *, iterations: int | None, seconds: float | None, every: float = 0.25,
              seed: int = 0, all_seeing: bool = False, until_settled: bool = True,
              read_play: bool = False) -> Thinker:  # fmt: skip
        """Drop any running analysis and start one of the decision pending in ``game``."""
        self.cancel()
        self.key = self._position()
        self.thinker = Thinker(game, self._on_update, iterations=iterations, seconds=seconds, seed=seed, every=every,
                               all_seeing=all_seeing, until_settled=until_settled, read_play=read_play)  # fmt: skip
        self.progress.start(iterations, seconds)
        self._buttons(thinking=True)
        self.status.value = "Thinking…"
        return self.thinker.start()

    @staticmethod
    def wait(thinker: Thinker) -> Analysis | None:
        """Wait for ``thinker`` to end (for scripts); its last analysis, None if it was dropped."""
        thinker.wait()
        if thinker.error is not None:
            raise thinker.error
        return None if thinker.cancelled else thinker.latest

    def stop(self) -> None:
        """Stop the running search; it ends with a final analysis of what it found."""
        if self.thinker is not None and self.thinker.running:
            self.thinker.stop()

    def keep_thinking(self, seconds: float | None = None) -> bool:
        """Search the same tree one budget (or ``seconds``) longer; False when there is nothing to
        extend for the position on screen."""
        if seconds is not None:
            AnalysisRequest(seconds=seconds)  # a ValueError names a bad budget, whatever is on screen
        t = self.thinker
        if t is None or t.cancelled or self.key is None or self.stale or not t.keep_thinking(seconds):
            return False
        self.progress.start(None, seconds or t.extension)
        self._buttons(thinking=True)
        return True

    def cancel(self) -> None:
        """Drop the running analysis: nothing more of it reaches the screen."""
        if self.thinker is not None:
            self.thinker.cancel()
        self.progress.done()
        self._buttons(thinking=False)

    def clear(self) -> None:
        """``cancel`` and forget which position it was for (Keep thinking has nothing to extend)."""
        self.cancel()
        self.key = None
        self.status.value = ""

    def _buttons(self, thinking: bool) -> None:
        self.start_button.disabled = thinking
        self.stop_button.disabled = not thinking
        t = self.thinker
        self.more_button.disabled = thinking or t is None or t.cancelled or self.key is None or self.stale

    def _on_update(self, analysis: Analysis, thinker: Thinker) -> None:
        """From the thinker's thread: show a result if it still belongs to the position on screen."""
        if thinker is not self.thinker or thinker.cancelled or self.key is None or self.stale:
            return
        self.progress.update(analysis)
        self._show(analysis)
        self.status.value = html.escape(thinker.status())
        if thinker.state != "thinking":
            if self._finished is not None:
                self._finished(analysis, self.key)
            self.progress.done()
            self._buttons(thinking=False)
