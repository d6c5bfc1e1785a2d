"""The search's analysis of a decision, for every game: ``analyze_iter`` yields better and better
``core.analysis.Analysis`` objects while the game's search runs, ``analyze`` returns the last one.

    >>> from tigris_widget.bots.analysis import analyze
    >>> from tigris_widget.core.registry import game_module
    >>> game = game_module("ur").new_game(3, 7, None)
    >>> result = analyze(game, iterations=40)
    >>> result.final and result.best.visits > 0
    True

Each game computes it (its module's ``analyze`` hook): *Tigris & Euphrates* with its information-set
search (one action per candidate, fair unless asked to see every hand), *Ur* with a tree search over
whole turns; a game without one gets the shared tree search's (``bots.default_analysis``). This
module only finds the game and checks the budget.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Generator, Sequence

from tigris_widget.core.analysis import (
    DEFAULT_SECONDS,
    SETTLE_UPDATES,
    Analysis,
    AnalysisRequest,
    AnalysisRequestError,
    Arrow,
    Candidate,
    HeatMap,
    Marks,
    Settling,
    Table,
    Verdict,
    verdict,
)
from tigris_widget.core.hooks import analyze_hook
from tigris_widget.core.protocol import GameLike
from tigris_widget.core.registry import game_module

__all__ = [
    "DEFAULT_SECONDS",
    "Analysis",
    "AnalysisRequest",
    "AnalysisRequestError",
    "Arrow",
    "Candidate",
    "HeatMap",
    "Marks",
    "Table",
    "Thinker",
    "Verdict",
    "analyze",
    "analyze_iter",
    "analyze_request",
    "verdict",
]


def check_game(game: object) -> GameLike:
    """``game`` if it is a game of a registered kind; ``ValueError`` naming what it is otherwise."""
    name = getattr(game, "name", None)
    if not isinstance(name, str) or not callable(getattr(game, "clone", None)):
        raise ValueError(f"a game is needed (a T&E Game, an UrGame …), not {type(game).__name__}")
    package = getattr(game_module(name), "__name__", "")  # UnknownGameError (a ValueError): no such game
    if not any(k.__module__.startswith(package + ".") for k in type(game).__mro__):
        # the game's hooks read its own classes: a look-alike object would fail deep inside them
        raise ValueError(f"a {name!r} game is one of that game's own objects, not a {type(game).__name__}")
    return game  # type: ignore[return-value]


def analyze_request(game: GameLike, request: AnalysisRequest) -> Generator[Analysis, float | None, None]:
    """The analyses of the decision pending in ``game`` as ``request`` asks (the game module's
    ``analyze`` hook, ``core.protocol.GameModule``): one at once, then every ``request.every`` seconds,
    the last with ``final`` set; after it, ``send(seconds)`` extends the same search.

    :raises ValueError: not a game, the game is over, or a bad request."""
    game = check_game(game)
    if not isinstance(request, AnalysisRequest):
        raise AnalysisRequestError(f"an AnalysisRequest is needed, not {type(request).__name__}")
    if game.is_over:
        raise ValueError("the game is over: there is no decision to analyse")
    own = analyze_hook(game_module(game.name))
    if own is None:  # no analysis of its own: the shared tree search's
        from tigris_widget.bots.default_analysis import analyses

        return analyses(game, request)
    return own(game, request)


def analyze_iter(
    game: GameLike,
    iterations: int | None = None,
    seconds: float | None = None,
    *,
    seed: int = 0,
    every: float = 0.25,
    all_seeing: bool = False,
    focus: Sequence[str] = (),
    stop: threading.Event | None = None,
    read_play: bool = False,
) -> Generator[Analysis, float | None, None]:
    """``analyze_request`` with the request's fields as arguments (no budget: ``DEFAULT_SECONDS``).

    :raises ValueError: the game is over, or a bad budget or focus."""
    request = AnalysisRequest(iterations, seconds, seed, every, all_seeing, focus, stop, read_play)  # type: ignore[arg-type]
    return analyze_request(game, request)


def analyze(
    game: GameLike,
    iterations: int | None = None,
    seconds: float | None = None,
    *,
    seed: int = 0,
    every: float = 0.25,
    all_seeing: bool = False,
    focus: Sequence[str] = (),
    callback: Callable[[Analysis], object] | None = None,
    read_play: bool = False,
) -> Analysis:
    """The final analysis (see ``analyze_iter``; no budget: one second); ``callback`` receives every
    partial one too. Its recommendation is ``result.best`` (the most searched candidate); whether
    the search could tell it from the rest is ``verdict(result).clear``."""
    result: Analysis | None = None
    for result in analyze_iter(
        game, iterations, seconds, seed=seed, every=every, all_seeing=all_seeing, focus=focus, read_play=read_play
    ):
        if callback is not None:
            callback(result)
    assert result is not None, "an analysis yields at least once"
    return result


# -- anytime analysis: a search in a background thread that a dashboard watches ---------------------
class Thinker:
    """The analysis of one position, run in a background thread so the kernel stays free.

    ``on_update(analysis, thinker)`` receives each analysis (the first at once, then every ``every``
    seconds), from the thread. The search ends at its budget, on ``stop()``, or — with
    ``until_settled`` — once it has settled (``core.analysis.Settling``: the same clear best in
    ``SETTLE_UPDATES`` updates in a row). ``keep_thinking()`` then searches the *same tree* for
    another budget. ``cancel()`` is for a position that changed: no update is delivered after it
    returns. ``state`` is ``"idle"``, ``"thinking"``, ``"settled"``, ``"stopped"`` (by the user),
    ``"budget"`` (the budget ran out first), ``"cancelled"`` or ``"failed"`` (``error`` says why)."""

    def __init__(
        self,
        game: GameLike,
        on_update: Callable[[Analysis, Thinker], object] | None = None,
        *,
        seconds: float | None = DEFAULT_SECONDS,
        iterations: int | None = None,
        seed: int = 0,
        every: float = 0.25,
        all_seeing: bool = False,
        until_settled: bool = True,
        settle: int = SETTLE_UPDATES,
        read_play: bool = False,
    ) -> None:
        game = check_game(game)
        if game.is_over:
            raise ValueError("the game is over: there is no decision to analyse")
        self.game = game.clone()  # the thread searches a copy: the caller may move on
        self.position = tuple(map(str, game.actions))
        self.request = AnalysisRequest(iterations, seconds, seed, every, all_seeing, (), threading.Event(), read_play)
        self.extension = seconds or DEFAULT_SECONDS
        """Seconds added by each ``keep_thinking`` (the first budget's length)."""
        self.on_update = on_update
        self.until_settled = until_settled
        self.settling = Settling(settle)
        self.latest: Analysis | None = None
        self.updates = 0
        self.state = "idle"
        self.error: BaseException | None = None
        self._generator: Generator[Analysis, float | None, None] | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.RLock()
        self._cancelled = False
        self._user_stop = False
        self.started = 0.0

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def cancelled(self) -> bool:
        return self._cancelled

    def start(self) -> Thinker:
        """Start thinking (once); returns self."""
        if self._generator is not None or self._cancelled:
            raise RuntimeError("this analysis has started already: use keep_thinking() to extend it")
        self._generator = analyze_request(self.game, self.request)
        self._launch(None)
        return self

    def stop(self) -> None:
        """Ask the search to stop: it ends with a final analysis of what it has (within ``every`` s)."""
        self._user_stop = True
        self.request.stop.set()  # type: ignore[union-attr]

    def keep_thinking(self, seconds: float | None = None) -> bool:
        """Search the same tree ``seconds`` longer (default: the first budget's length); False when it
        cannot (still thinking, cancelled, or never started).

        :raises ValueError: ``seconds`` is not a finite positive number (NaN would search for ever)."""
        if seconds is not None:
            AnalysisRequest(seconds=seconds)  # names a bad budget
        if self.running or self._cancelled or self._generator is None:
            return False
        more = seconds or self.extension
        self.request.stop.clear()  # type: ignore[union-attr]
        self._user_stop = False
        self._launch(float(more))
        return True

    def cancel(self) -> None:
        """Drop this analysis (the position changed): stop the search, deliver nothing more."""
        with self._lock:
            self._cancelled = True
            self.state = "cancelled"
        self.request.stop.set()  # type: ignore[union-attr]

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the thinking to end; True when it has."""
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.running

    def _launch(self, more: float | None) -> None:
        self.state = "thinking"
        self.started = time.perf_counter()
        self._thread = threading.Thread(target=self._run, args=(more,), name="tigris-analysis", daemon=True)
        self._thread.start()

    def _run(self, more: float | None) -> None:
        generator = self._generator
        assert generator is not None
        was_settled = self.settling.settled_at is not None
        try:
            item = next(generator) if more is None else generator.send(more)
            while True:
                settled = self._deliver(item)
                if item.final:
                    break
                if settled and self.until_settled and not was_settled:
                    self.request.stop.set()  # type: ignore[union-attr]  # it has settled: finish now
                item = next(generator)
        except StopIteration:
            self._generator = None  # the game's analysis cannot be extended (a focus)
        except Exception as error:  # shown in the dashboard, never lost in a thread
            with self._lock:
                self.error = error
                if not self._cancelled:
                    self.state = "failed"
            return
        with self._lock:
            if self._cancelled:
                return
            if self._user_stop:
                self.state = "stopped"
            elif self.settling.settled_at is not None and self.until_settled and not was_settled:
                self.state = "settled"
            else:
                self.state = "budget"
            if self.on_update is not None and self.latest is not None:
                self.on_update(self.latest, self)  # once more, with the final state

    def _deliver(self, analysis: Analysis) -> bool:
        with self._lock:
            if self._cancelled:
                return False
            self.latest = analysis
            self.updates += 1
            settled = self.settling.see(analysis)
            if self.on_update is not None and not analysis.final:
                self.on_update(analysis, self)
            return settled

    def status(self) -> str:
        """One line on where the thinking stands, for the dashboard."""
        a = self.latest
        if self.state == "failed":
            return f"The analysis failed: {self.error}"
        if a is None:
            return "Thinking…" if self.state == "thinking" else ""
        v = verdict(a)
        call = v.call()
        done = f"{a.iterations:,} iterations, {a.seconds:.1f} s"
        if self.state == "thinking":
            return f"Thinking… {done}: {call}."
        if self.state == "settled":
            return f"Settled after {self.settling.settled_at or a.seconds:.1f} s ({a.iterations:,} iterations): {call}."
        if self.state == "stopped":
            return f"Stopped after {a.seconds:.1f} s ({a.iterations:,} iterations): {call}. Keep thinking to go on."
        if self.state == "cancelled":
            return "Cancelled: the position changed."
        hint = " Keep thinking to search longer." if not v.clear else ""
        return f"Budget used: {done}: {call}.{hint}"
