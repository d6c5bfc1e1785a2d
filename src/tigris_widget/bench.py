"""Engine benchmarks: print numbers, never assert (the targets are in the engine issue)."""

from __future__ import annotations

import platform
import random
import time
from collections.abc import Callable
from functools import partial

from tigris_widget.games.tigris.engine.core.setup import GameSetup
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.rules.deal import deal
from tigris_widget.games.tigris.engine.rules.legal import legal_actions
from tigris_widget.games.tigris.engine.rules.playout import playout, random_action
from tigris_widget.games.tigris.engine.rules.turn import apply_unchecked
from tigris_widget.games.tigris.game import Game


def _per_call(fn: Callable[[], object], min_seconds: float = 0.3) -> float:
    """Seconds per call, best of three batches."""
    n = 1
    while True:
        start = time.perf_counter()
        for _ in range(n):
            fn()
        elapsed = time.perf_counter() - start
        if elapsed > min_seconds / 3:
            break
        n *= 2
    best = elapsed / n
    for _ in range(2):
        start = time.perf_counter()
        for _ in range(n):
            fn()
        best = min(best, (time.perf_counter() - start) / n)
    return best


def mid_game_state(seed: int = 3, actions: int = 70) -> GameState:
    """A reproducible mid-game position: ``actions`` random-policy actions into a 2-player game."""
    s = deal(GameSetup(players=2), seed)
    rng = random.Random(seed)
    for _ in range(actions):
        apply_unchecked(s, random_action(s, rng))
    return s


def playouts_per_second(seconds: float, players: int = 2) -> tuple[float, float]:
    """Complete random-policy games per second on one core, and actions per game."""
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = deal(GameSetup(players=players), games)
        actions += playout(s, random.Random(games))
        games += 1
    return games / (time.perf_counter() - start), actions / games


def analysis_positions(count: int = 5) -> list[Game]:
    """Reproducible positions a user might analyse: the opening and turn actions of greedy self-play
    further on (after at least 22, 44, 66 … actions)."""
    from tigris_widget.bots.runner import step
    from tigris_widget.games.tigris.bots.greedy import GreedyBot

    out = [Game.new(players=2, seed=7)]
    for k in range(1, count):
        game = Game.new(players=2, seed=10 + k)
        bots = [GreedyBot(seed=1), GreedyBot(seed=2)]
        while not game.is_over and (len(game) < 22 * k or game.decision is None or game.decision.kind != "action"):
            step(game, bots)  # to a turn action: the decisions with the most choices
        out.append(game)
    return out


def analysis_timings(count: int = 5) -> dict[str, float]:
    """What a user feels (median over ``count`` positions, in ms): the first partial analysis after
    pressing Think or Hint, the whole default analysis, and a search bot's move (default budget)."""
    from statistics import median

    from tigris_widget.games.tigris.bots.analysis import DEFAULT_ITERATIONS, analyze_iter
    from tigris_widget.games.tigris.bots.search import SearchBot

    first: list[float] = []
    total: list[float] = []
    moves: list[float] = []
    for game in analysis_positions(count):
        view = game.view(game.to_move)
        start = time.perf_counter()
        stamps = []
        for _ in analyze_iter(view, DEFAULT_ITERATIONS, every=0.1):
            stamps.append(time.perf_counter() - start)
        first.append(stamps[0] * 1000)
        total.append(stamps[-1] * 1000)
        start = time.perf_counter()
        SearchBot(seed=1).choose(view)
        moves.append((time.perf_counter() - start) * 1000)
    return {
        "analysis_first_result_ms": round(median(first), 1),
        "analysis_default_ms": round(median(total), 1),
        "analysis_default_max_ms": round(max(total), 1),
        "bot_move_ms": round(median(moves), 1),
        "analysis_positions": float(count),
    }


def ur_benchmarks(seconds: float = 3.0, quiet: bool = False) -> dict[str, float]:
    """Ur's engine speed (``games.ur.engine.bench``, also behind ``benchmarks/ur_speed.py``) and its
    bots' time per decision, for 3 and 4 players; prints (unless ``quiet``) and returns the figures."""
    from tigris_widget.bots.runner import moves
    from tigris_widget.core.registry import game_module
    from tigris_widget.games.ur.engine.bench import playouts

    print_ = (lambda *a, **k: None) if quiet else print
    print_(f"Ur engine benchmark — Python {platform.python_version()} on {platform.machine()}, one core")
    results: dict[str, float] = {}
    for players in (3, 4):
        first = playouts(2, players)  # a short run sizes the measured one to about ``seconds``
        games = max(2, round(seconds / 2 * first["games_per_s"]))
        r = playouts(games, players, seed=1000)
        results[f"games_per_s_{players}p"] = r["games_per_s"]
        results[f"legal_actions_us_{players}p"] = r["us_per_legal_actions"]
        results[f"steps_per_game_{players}p"] = r["steps_per_game"]
        print_(
            f"random {players}-player games (uniform steps): {r['games_per_s']:7.1f} games/s   "
            f"({r['steps_per_game']:.0f} steps per game, {r['us_per_step']:.0f} µs per step); "
            f"legal_actions(): {r['us_per_legal_actions']:6.1f} µs"
        )
    from tigris_widget.bots import make_bot

    module = game_module("ur")
    for name in ("greedy", "search"):
        ur_game = module.new_game(3, 5, None)
        bots = [make_bot(name, seed, "ur") for seed in range(3)]
        spent, decisions = 0.0, 0
        for move in moves(ur_game, bots):
            spent += move.seconds
            decisions += 1
            if decisions >= 30:
                break
        results[f"{name}_ms_per_decision"] = 1000 * spent / decisions
        print_(
            f"{name} bot (default budget): {1000 * spent / decisions:7.1f} ms per decision (first 30 of a 3-player game)"
        )
    return results


def run_benchmarks(seconds: float = 3.0, quiet: bool = False, game: str = "tigris") -> dict[str, float]:
    """Measure and print (unless ``quiet``) the engine's and the analysis' speed; returns the figures."""
    if game == "ur":
        return ur_benchmarks(seconds, quiet)
    if game != "tigris":
        raise ValueError(f"no benchmark for game {game!r}")
    print_ = (lambda *a, **k: None) if quiet else print
    print_(f"tigris_widget engine benchmark — Python {platform.python_version()} on {platform.machine()}, one core")
    results: dict[str, float] = {}
    rate, length = playouts_per_second(seconds)
    results["games_per_s"] = rate
    print_(f"random 2-player games (fast playout policy): {rate:8.1f} games/s   ({length:.0f} actions per game)")
    opening = deal(GameSetup(players=2), 1)
    middle = mid_game_state()
    for label, state in (("opening", opening), ("mid-game", middle)):
        t = _per_call(partial(legal_actions, state))
        results[f"legal_{label}_us"] = t * 1e6
        print_(f"legal_actions() at the {label:<8}: {t * 1e6:8.1f} µs   ({len(legal_actions(state))} actions)")
    t = _per_call(middle.clone)
    results["clone_us"] = t * 1e6
    print_(f"clone() of a mid-game state:        {t * 1e6:8.2f} µs")
    rng = random.Random(5)
    action = random_action(middle, rng)

    def trusted() -> None:
        apply_unchecked(middle.clone(), action)

    t = _per_call(trusted) - results["clone_us"] / 1e6
    results["apply_unchecked_us"] = t * 1e6
    print_(f"apply (trusted, {action!s:<18}): {t * 1e6:8.1f} µs")
    facade = Game.from_state(middle)

    def checked() -> None:
        facade.apply(action)
        facade.undo()

    t = _per_call(checked)
    results["game_apply_us"] = t * 1e6
    print_(f"Game.apply (validated, with events): {t * 1e6:7.1f} µs")
    timings = analysis_timings()
    results.update(timings)
    print_(
        f"analysis (median of {timings['analysis_positions']:.0f} positions): first result "
        f"{timings['analysis_first_result_ms']:.0f} ms, default analysis {timings['analysis_default_ms']:.0f} ms "
        f"(slowest {timings['analysis_default_max_ms']:.0f} ms), search bot's move {timings['bot_move_ms']:.0f} ms"
    )
    return results
