"""Anytime analysis you can trust: the confidence rule (``core.analysis.verdict``) on hand-built
analyses, settling, the one validated request, the background ``Thinker`` (first answer fast, Stop,
Keep thinking on the same tree, nothing stale after a position change), the dashboards' Stop and
Keep thinking, and informative reasons and heat maps over several positions of each game."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from tigris_widget.bots import make_bot
from tigris_widget.bots.analysis import Thinker, analyze, analyze_iter
from tigris_widget.bots.runner import step
from tigris_widget.core.analysis import (
    DEFAULT_SECONDS,
    Analysis,
    AnalysisRequest,
    AnalysisRequestError,
    Candidate,
    Settling,
    runner_up_said,
    verdict,
)
from tigris_widget.core.clock import ThinkingClock
from tigris_widget.core.protocol import GameLike
from tigris_widget.core.registry import game_module

# -- the decision rule, on hand-built analyses ---------------------------------------------------


def _analysis(*rows: tuple[str, int, float | None, float | None, float | None], seconds: float = 1.0) -> Analysis:
    cands = tuple(Candidate((t,), v, value, low, high) for t, v, value, low, high in rows)
    return Analysis("test", 0, "action", False, "chance to win", cands, 100, seconds)


def test_a_best_separated_from_every_other_is_clear() -> None:
    v = verdict(_analysis(("a", 900, 0.70, 0.68, 0.72), ("b", 300, 0.50, 0.47, 0.53)))
    assert v.clear and v.best is not None and v.best.text == "a" and v.texts == ("a",)
    assert v.headline() == "best: a" and v.call() == "best move clear" and v.not_examined == ()


def test_clear_needs_the_ranges_apart_once_widened_for_the_spread_between_searches() -> None:
    # apart by one search's own intervals (0.66 > 0.64), but not once they are widened (SPREAD, BETWEEN)
    near = verdict(_analysis(("a", 900, 0.67, 0.66, 0.68), ("b", 300, 0.62, 0.60, 0.64)))
    assert not near.clear and near.texts == ("a", "b") and near.compared


def test_a_hair_ahead_with_zero_width_intervals_is_not_clear() -> None:
    # measured in Ur: every sample agreed, so the intervals have no width; 0.01 points is not a best move
    v = verdict(_analysis(("a", 1096, 0.1506, 0.1506, 0.1506), ("b", 1088, 0.1505, 0.1505, 0.1505)))
    assert not v.clear and v.texts == ("a", "b")


def test_clear_needs_every_rival_tried_and_below() -> None:
    # b tried once: it might be anything, so a is the first choice, not a declared best
    v = verdict(_analysis(("a", 900, 0.70, 0.68, 0.72), ("b", 1, 0.30, None, None)))
    assert not v.clear and not v.compared and v.texts == ("a",)
    assert [c.text for c in v.not_examined] == ["b"]
    assert v.headline() == "searched most: a; the other 1 moves not examined"
    # b tried 20 times and far below even by its own widened range: not examined, yet beaten
    v = verdict(_analysis(("a", 900, 0.70, 0.68, 0.72), ("b", 20, 0.30, 0.25, 0.35)))
    assert v.clear and [c.text for c in v.not_examined] == ["b"] and v.headline() == "best: a; 1 not examined"
    # ... but not when its few samples leave it within reach
    v = verdict(_analysis(("a", 900, 0.70, 0.68, 0.72), ("b", 20, 0.55, 0.45, 0.65)))
    assert not v.clear and v.tied == (v.best,)


def test_a_hardly_searched_candidate_is_never_tied() -> None:
    # the T&E opening's shape: the first choice with thousands of visits, the rest with a dozen each
    rows = [("top", 5180, 0.55, 0.54, 0.56)] + [(f"m{i}", 13 + i, 0.54, 0.30, 0.78) for i in range(7)]
    v = verdict(_analysis(*rows))
    assert v.tied == (v.best,) and not v.clear and len(v.not_examined) == 7
    assert "not examined" in v.call() and "too close" not in v.headline()
    # a rival examined enough (5 % of the best's visits) ties; the others stay not examined
    v = verdict(_analysis(*rows[:1], ("rival", 300, 0.54, 0.52, 0.56), *rows[1:]))
    assert v.texts == ("top", "rival") and len(v.not_examined) == 7
    assert v.headline() == "too close to call between 2 moves; 7 not examined"


def test_overlapping_ranges_are_too_close_to_call_and_all_tied_are_marked() -> None:
    v = verdict(_analysis(("a", 90, 0.60, 0.55, 0.65), ("b", 40, 0.58, 0.50, 0.66), ("c", 40, 0.57, 0.52, 0.62),
                          ("d", 30, 0.10, 0.05, 0.15)))  # fmt: skip
    assert not v.clear and v.texts == ("a", "b", "c") and "too close to call between 3" in v.headline()


def test_five_compared_moves_none_ruled_out_is_no_move_stands_out() -> None:
    # every examined move ties with the best: a flat field, not a listed set of contenders
    tie = [(f"m{i}", 300, 0.55 - 0.002 * i, 0.52, 0.58) for i in range(5)]
    v = verdict(_analysis(*tie, ("hardly", 4, 0.2, 0.1, 0.3)))
    assert v.flat and not v.clear and v.texts == tuple(f"m{i}" for i in range(5)) and v.compared
    assert v.headline() == "no move stands out among the 5 compared; 1 not examined"
    assert v.call() == "no move stands out (5 compared, none ruled out, 1 not examined)"
    assert "too close" not in v.call()
    # four tied moves are a listed set: too close to call between them
    four = verdict(_analysis(*tie[:4]))
    assert not four.flat and four.headline() == "too close to call between 4 moves"
    # ... and so are five when an examined sixth was ruled out (the search told moves apart)
    apart = verdict(_analysis(*tie, ("worse", 300, 0.20, 0.18, 0.22)))
    assert not apart.flat and len(apart.tied) == 5 and apart.call().startswith("too close to call (5 moves")


def test_the_runner_up_sentence_follows_the_verdict() -> None:
    tie = [Candidate((f"m{i}",), 300, 0.55, 0.52, 0.58) for i in range(5)]
    assert runner_up_said(tie, tie[1]) == " — no move stands out at this budget."
    assert runner_up_said(tie[:2], tie[1]) == " — too close to call at this budget."
    far = [tie[0], Candidate(("low",), 300, 0.2, 0.18, 0.22)]
    assert runner_up_said(far, far[1]) == "."
    hardly = [tie[0], Candidate(("few",), 3, 0.5, 0.3, 0.7)]
    assert runner_up_said(hardly, hardly[1]) == " — not examined enough to compare."


def test_a_single_candidate_is_clear_and_none_is_no_verdict() -> None:
    assert verdict(_analysis(("only", 1, None, None, None))).clear
    empty = verdict(_analysis())
    assert not empty.clear and empty.best is None and empty.texts == ()


def test_equal_values_always_tie_even_with_no_spread() -> None:
    v = verdict(_analysis(("a", 50, 0.5, 0.5, 0.5), ("b", 50, 0.5, 0.5, 0.5)))
    assert not v.clear and v.texts == ("a", "b")


def test_a_best_searched_too_little_is_not_declared() -> None:
    v = verdict(_analysis(("a", 1, 0.9, None, None), ("b", 1, 0.1, None, None)))
    assert not v.clear and v.headline() == "not searched enough to judge yet"


def test_settling_needs_the_same_clear_best_several_updates_in_a_row() -> None:
    clear = _analysis(("a", 900, 0.7, 0.69, 0.71), ("b", 90, 0.4, 0.38, 0.42), seconds=0.5)
    other = _analysis(("b", 900, 0.7, 0.69, 0.71), ("a", 90, 0.4, 0.38, 0.42), seconds=0.75)
    tied = _analysis(("a", 90, 0.6, 0.5, 0.7), ("b", 80, 0.6, 0.5, 0.7), seconds=1.0)
    s = Settling(3)
    assert [s.see(x) for x in (clear, clear, tied, clear, other, clear, clear)] == [False] * 7
    assert s.see(_analysis(("a", 900, 0.7, 0.69, 0.71), ("b", 90, 0.4, 0.38, 0.42), seconds=2.4))
    assert s.settled_at == 2.4 and s.see(tied), "once settled it stays settled"


# -- one request, checked once -------------------------------------------------------------------


BAD_REQUESTS: list[dict[str, Any]] = [
    {"iterations": 0},
    {"iterations": True},
    {"iterations": 2.5},
    {"seconds": -1},
    {"seconds": float("nan")},
    {"seed": "x"},
    {"every": -0.1},
    {"all_seeing": 1},
    {"focus": "tile r (1,1)"},
    {"focus": [3]},
    {"stop": "stop"},
    {"read_play": "yes"},
    {"read_play": True, "all_seeing": True},
]


@pytest.mark.parametrize("kwargs", BAD_REQUESTS)
def test_a_bad_request_is_refused_naming_the_field(kwargs: dict[str, Any]) -> None:
    with pytest.raises(AnalysisRequestError, match=next(iter(kwargs))):
        AnalysisRequest(**kwargs)


def test_no_budget_is_the_default_second() -> None:
    assert AnalysisRequest().budget == (None, DEFAULT_SECONDS) == (None, 1.0)
    assert AnalysisRequest(iterations=5).budget == (5, None)
    assert AnalysisRequest(focus=["a", "b"]).focus == ("a", "b")


# -- positions ----------------------------------------------------------------------------------


def _position(name: str, players: int, seed: int, plies: int) -> GameLike:
    game = game_module(name).new_game(players, seed, None)
    bot = make_bot("greedy", game=name, seed=seed)
    bots = dict.fromkeys(range(players), bot)
    for _ in range(plies):
        if game.is_over:
            break
        step(game, bots)
    assert not game.is_over
    return game


GAMES = [(name, game_module(name).DEFAULT_PLAYERS) for name in ("tigris", "ur")]
"""The games whose own analyses these tests read (reasons, heat maps), each at its default player count."""


def _until_final(gen: Any, first: Analysis | None = None) -> Analysis:
    """Read a game's analyses up to the next final one (not past it: that would end the generator)."""
    result = first if first is not None else next(gen)
    while not result.final:
        result = next(gen)
    return result


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_search_stops_early_when_asked_and_extends_the_same_tree(name: str, players: int) -> None:
    game = _position(name, players, 2, 20)
    stop = threading.Event()
    gen = analyze_iter(game, seconds=30.0, every=0.05, stop=stop)
    start = time.perf_counter()
    first = next(gen)
    assert not first.final
    next(gen)
    stop.set()
    stopped = _until_final(gen)
    assert time.perf_counter() - start < 5.0 and stopped.iterations > 0, "Stop ends a 30 s search at once"
    stop.clear()
    more = _until_final(gen, gen.send(0.3))
    assert more.final and more.iterations > stopped.iterations and more.seconds > stopped.seconds
    assert more.visits >= stopped.visits, "the same tree: visits only grow"
    with pytest.raises(StopIteration):
        gen.send(None)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_no_budget_means_one_second(name: str, players: int) -> None:
    result = analyze(_position(name, players, 1, 6))
    assert result.final and 0.8 <= result.seconds <= 1.6


# -- the background thinker ------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_thinker_answers_at_once_then_keeps_thinking_and_stops(name: str, players: int) -> None:
    game = _position(name, players, 3, 20)
    seen: list[tuple[float, Analysis, str]] = []
    start = time.perf_counter()
    thinker = Thinker(game, lambda a, t: seen.append((time.perf_counter() - start, a, t.state)), seconds=20.0,
                      every=0.1, until_settled=False).start()  # fmt: skip
    assert thinker.running, "it thinks in a thread: start returns at once"
    while len(seen) < 3 and time.perf_counter() - start < 10:
        time.sleep(0.02)
    assert seen[0][0] < 1.0, "the first answer is on screen well within a second (the target is 0.3 s)"
    thinker.stop()
    assert thinker.wait(5.0) and thinker.state == "stopped"
    stopped = thinker.latest
    assert stopped is not None and stopped.final and seen[-1][2] == "stopped"
    assert "Stopped after" in thinker.status()
    assert thinker.keep_thinking(0.4)
    assert thinker.wait(10.0) and thinker.state == "budget"
    assert thinker.latest is not None and thinker.latest.visits > stopped.visits, "Keep thinking goes on"
    assert len(game.actions) == len(thinker.game.actions), "it searched a copy"


def test_a_cancelled_thinker_never_delivers_again() -> None:
    game = _position("tigris", 2, 3, 20)
    after_cancel: list[Analysis] = []
    cancelled = threading.Event()

    def update(a: Analysis, _t: Thinker) -> None:
        if cancelled.is_set():
            after_cancel.append(a)

    thinker = Thinker(game, update, seconds=10.0, every=0.02).start()
    time.sleep(0.15)
    thinker.cancel()
    cancelled.set()
    assert thinker.wait(5.0) and thinker.state == "cancelled" and after_cancel == []
    assert not thinker.keep_thinking(), "a cancelled analysis cannot be extended"


def test_the_thinker_settles_on_a_clear_best() -> None:
    hand = _analysis(("a", 900, 0.7, 0.69, 0.71), ("b", 90, 0.4, 0.38, 0.42))
    thinker = Thinker(_position("tigris", 2, 1, 6), seconds=5.0)
    for _ in range(3):
        thinker.settling.see(hand)
    assert thinker.settling.settled_at is not None


# -- the dashboards --------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_inspector_thinks_in_the_background_and_a_move_drops_the_analysis(name: str, players: int) -> None:
    from tigris_widget.jupyter import BotInspector

    game = _position(name, players, 2, 20)
    inspector = BotInspector(game)
    tables: list[str] = []
    inspector.table.observe(lambda c: tables.append(c["new"]), names="value")
    thinker = inspector.start_thinking(seconds=20.0, every=0.1)
    assert inspector.think_button.disabled and not inspector.stop_button.disabled
    deadline = time.perf_counter() + 10
    while len(tables) < 3 and time.perf_counter() < deadline:
        time.sleep(0.02)
    assert len(tables) >= 3, "the table updates while it thinks"
    inspector.stop()
    assert thinker.wait(5.0)
    deadline = time.perf_counter() + 2
    while inspector.think_button.disabled and time.perf_counter() < deadline:
        time.sleep(0.02)
    assert not inspector.more_button.disabled and inspector.stop_button.disabled
    assert "Stopped after" in inspector.status.value
    assert inspector.keep_thinking(20.0)
    time.sleep(0.2)
    shown = inspector.analysis
    assert shown is not None
    inspector.board.play(shown.best.actions[0])  # the position changes while it thinks
    assert thinker.wait(5.0) and thinker.cancelled
    time.sleep(0.3)
    assert inspector.analysis is None and inspector.table.value == "", "nothing stale on the screen"
    assert not inspector.think_button.disabled and inspector.more_button.disabled


def test_the_match_hint_thinks_in_the_background_and_leaves_with_the_position() -> None:
    from tigris_widget import Game
    from tigris_widget.jupyter import BotMatch

    game = Game.new(players=2, seed=3, start_player=0)
    match = BotMatch(game, seat=0, opponents=make_bot("greedy", game="tigris"), delay=0)
    thinker = match.start_hint(seconds=20.0, every=0.1)
    assert thinker is not None and match.hint_button.disabled and not match.stop_button.disabled
    deadline = time.perf_counter() + 10
    while "Thinking…" not in match.status.value or thinker.updates < 2:
        assert time.perf_counter() < deadline
        time.sleep(0.02)
    hint = thinker.latest
    assert hint is not None and hint.best.text in match.table.value
    match.board.play(hint.best.actions[0])
    assert thinker.wait(5.0) and thinker.cancelled
    time.sleep(0.3)
    assert match.table.value == "" and match.panel.value == "" and not match.hint_button.disabled


# -- informative reasons and heat maps (several positions of each game) ----------------------------


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_reasons_of_the_top_three_differ_and_drawn_heat_maps_are_not_uniform(name: str, players: int) -> None:
    for seed, plies in ((1, 6), (1, 20), (2, 20), (2, 40), (3, 40), (4, 30)):
        game = _position(name, players, seed, plies)
        result = analyze(game, iterations=200)
        reasons = [c.reason for c in result.candidates[:3]]
        assert all(reasons) and len(set(reasons)) == len(reasons), (seed, plies, reasons)
        for heat in result.heatmaps.values():
            if heat.informative():
                assert len(set(heat.values.values())) > 1
        shown = result.heatmaps.get(result.default_heatmap or "")
        if shown is not None and shown.informative():
            assert max(shown.values.values()) - min(shown.values.values()) > 0.005


# -- the budget is thinking time (core.clock), not wall time ----------------------------------------


def test_the_thinking_clock_does_not_count_a_blocked_thread() -> None:
    clock = ThinkingClock()
    time.sleep(0.2)  # blocked: no CPU
    assert clock.spent() < 0.1
    lock = threading.Lock()
    lock.acquire()
    threading.Timer(0.2, lock.release).start()
    clock = ThinkingClock()
    lock.acquire()  # waits for another thread to release it
    assert clock.spent() < 0.1
    paused = ThinkingClock()
    before = paused.pause()
    sum(range(200_000))
    assert paused.spent() == before, "paused: the caller's work is not the search's"
    used: list[float] = []
    worker = threading.Thread(target=lambda: (paused.resume(), sum(range(2_000_000)), used.append(paused.spent())))
    worker.start()
    worker.join()
    assert before < used[0] < 5.0, "resumed in another thread: counts that thread's time"


class _Waiting:
    """A tiny one-seat game for ``bots.mcts`` whose evaluation waits on a lock the test holds."""

    def __init__(self, lock: threading.Lock) -> None:
        self.lock = lock

    def clone(self, state: list[int]) -> list[int]:
        return list(state)

    def to_move(self, state: list[int]) -> int | None:
        return 0 if len(state) < 3 else None

    def legal(self, state: list[int]) -> list[int]:
        return [0, 1]

    def play(self, state: list[int], action: int) -> None:
        state.append(action)

    def playout_action(self, state: list[int], rng: Any) -> int:
        return 0

    def evaluate(self, state: list[int]) -> list[float]:
        with self.lock:  # blocked while the test holds it: waiting, not thinking
            return [sum(state) / 3]


def test_a_search_budget_is_not_used_up_while_its_thread_waits() -> None:
    from tigris_widget.bots.budget import Budget
    from tigris_widget.bots.mcts import MCTS

    lock = threading.Lock()
    lock.acquire()
    threading.Timer(0.6, lock.release).start()
    start = time.perf_counter()
    result = MCTS(_Waiting(lock)).search([], Budget(seconds=0.2))
    wall = time.perf_counter() - start
    # A wall-clock budget would have ended right after the lock came free (about 0.6 s, 2 iterations);
    # thinking time still had its 0.2 s to spend then.
    assert wall >= 0.75 and result.iterations > 100


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_an_analysis_budget_is_not_used_by_the_caller_between_updates(name: str, players: int) -> None:
    """The search yields every ``every`` seconds; what the caller does meanwhile (here: wait) is not the
    search's thinking time."""
    game = _position(name, players, 3, 10)
    start = time.perf_counter()
    updates = 0
    for result in analyze_iter(game, seconds=0.3, every=0.02):
        updates += 1
        if not result.final:
            time.sleep(0.05)
    wall = time.perf_counter() - start
    assert result.final and 0.3 <= result.seconds < 0.6
    assert wall >= 0.3 + 0.05 * (updates - 2), "the budget ran on while the caller waited"
