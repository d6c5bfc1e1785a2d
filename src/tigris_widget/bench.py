"""Engine benchmarks: print numbers, never assert (the targets are in the engine issue)."""

from __future__ import annotations

import platform
import random
import time
from collections.abc import Callable
from functools import partial

from tigris_widget.core.checks import check_positive, shown
from tigris_widget.games.tigris.engine.core.setup import GameSetup
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import D_OVER
from tigris_widget.games.tigris.engine.rules.deal import deal
from tigris_widget.games.tigris.engine.rules.legal import legal_actions
from tigris_widget.games.tigris.engine.rules.playout import playout, random_action
from tigris_widget.games.tigris.engine.rules.turn import apply_unchecked
from tigris_widget.games.tigris.game import Game

_clock: Callable[[], float] = time.perf_counter
"""The clock of the engine figures: wall time, but CPU time in ``--compare``'s workers, so that other
jobs on a shared machine slow neither build's figures (each is one core's work either way)."""


def _build() -> str:
    import tigris_widget

    return "compiled (mypyc)" if tigris_widget.compiled else "pure Python"


def _per_call(fn: Callable[[], object], min_seconds: float = 0.3) -> float:
    """Seconds per call, best of three batches."""
    n = 1
    while True:
        start = _clock()
        for _ in range(n):
            fn()
        elapsed = _clock() - start
        if elapsed > min_seconds / 3:
            break
        n *= 2
    best = elapsed / n
    for _ in range(2):
        start = _clock()
        for _ in range(n):
            fn()
        best = min(best, (_clock() - start) / n)
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
    start = _clock()
    while _clock() - start < seconds:
        s = deal(GameSetup(players=players), games)
        actions += playout(s, random.Random(games))
        games += 1
    return games / (_clock() - start), actions / games


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
    print_(
        f"Ur engine benchmark — {_build()} engine, Python {platform.python_version()} on {platform.machine()}, one core"
    )
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
    """Measure and print (unless ``quiet``) the engine's and the analysis' speed; returns the figures.

    :raises ValueError: ``seconds`` is not a finite positive number."""
    check_positive(seconds, "seconds")
    if game == "ur":
        return ur_benchmarks(seconds, quiet)
    if game != "tigris":
        raise ValueError(f"no benchmark for game {game!r}")
    print_ = (lambda *a, **k: None) if quiet else print
    print_(
        f"tigris_widget engine benchmark — {_build()} engine, Python {platform.python_version()} "
        f"on {platform.machine()}, one core"
    )
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


# -- pure against compiled (``bench --compare``) ---------------------------------------------------------
# Each build runs in its own worker process (a fresh copy of the sources; the compiled one with the
# extension modules of ``core.build`` laid over them); the workers take turns, one measurement at a time,
# so both see the same machine load, and each figure is the median over the rounds.

COMPARE_TASKS: dict[str, str] = {
    "tigris_fast_games_per_s": "T&E 2-player games/s, fast playout policy",
    "tigris_uniform_games_per_s": "T&E 2-player games/s, uniform over the full legal list",
    "tigris_legal_actions_us": "T&E legal_actions() at a mid-game position, µs",
    "ur_random_games_per_s": "Ur 3-player random games/s (uniform steps)",
    "tigris_search_iterations_per_s": "T&E search iterations/s at the opening",
    "ur_search_iterations_per_s": "Ur search rollouts/s at the start",
}
"""What ``--compare`` measures; '_us' figures are times (lower is better), the others rates."""


def uniform_games_per_second(seconds: float) -> float:
    """Complete 2-player games per second choosing uniformly from the whole ``legal_actions`` list."""
    games = 0
    start = _clock()
    while _clock() - start < seconds or games == 0:
        s = deal(GameSetup(players=2), games)
        rng = random.Random(games)
        while s.phase != D_OVER:
            choices = legal_actions(s)
            apply_unchecked(s, choices[rng.randrange(len(choices))])
        games += 1
    return games / (_clock() - start)


def search_iterations_per_second(game_name: str, iterations: int = 300) -> float:
    """Iterations per second of the default search bot's first decision of a game (seed 1)."""
    from tigris_widget.bots import make_bot
    from tigris_widget.core.registry import game_module

    game = game_module(game_name).new_game(2 if game_name == "tigris" else 3, 1, None)
    bot = make_bot(f"search:{iterations}", 1, game_name)
    seat = game.to_move
    assert seat is not None
    start = _clock()
    bot.choose(game.view(seat))
    return iterations / (_clock() - start)


def compare_task(name: str, seconds: float) -> float:
    """One measurement of ``COMPARE_TASKS[name]`` in this process."""
    if name == "tigris_fast_games_per_s":
        return playouts_per_second(seconds)[0]
    if name == "tigris_uniform_games_per_s":
        return uniform_games_per_second(seconds)
    if name == "tigris_legal_actions_us":
        return _per_call(partial(legal_actions, mid_game_state()), seconds) * 1e6
    if name == "ur_random_games_per_s":
        from tigris_widget.games.ur.engine.bench import playouts

        rate = playouts(2, 3, clock=_clock)["games_per_s"]  # a short run sizes the measured one
        return playouts(max(2, round(seconds * rate)), 3, seed=1000, clock=_clock)["games_per_s"]
    if name == "tigris_search_iterations_per_s":
        return search_iterations_per_second("tigris")
    if name == "ur_search_iterations_per_s":
        return search_iterations_per_second("ur", 30)  # its iterations are rollouts to the end of the game
    raise ValueError(f"unknown benchmark task {name!r}")


def _compare_worker() -> None:
    """The worker loop: a task name and seconds per line in, its figure (JSON) out."""
    import json
    import sys

    import tigris_widget

    global _clock
    _clock = time.process_time
    print(json.dumps({"compiled": tigris_widget.compiled}), flush=True)
    for line in sys.stdin:
        name, seconds = line.split()
        print(json.dumps(compare_task(name, float(seconds))), flush=True)


def machine() -> str:
    """This machine in one line (for the results files)."""
    import os

    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as info:
            lines = info.read(1 << 16).splitlines()
        cpu = next((line.split(":", 1)[1].strip() for line in lines if line.startswith("model name")), cpu)
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()}, Python {platform.python_version()}"


def compare_builds(
    seconds: float = 2.0, rounds: int = 5, quiet: bool = False, tasks: tuple[str, ...] = tuple(COMPARE_TASKS)
) -> dict[str, float]:
    """Pure against compiled, interleaved, medians over ``rounds``; prints a table (unless ``quiet``) and
    returns each figure for both builds and their ratio (``…_speedup``, > 1: compiled is faster).

    :raises RuntimeError: this machine can't compile (no C compiler), saying why.
    :raises ValueError: ``seconds`` not a finite positive number, ``rounds`` below 1."""
    check_positive(seconds, "seconds")
    if type(rounds) is not int or rounds < 1:
        raise ValueError(f"rounds must be a whole number, at least 1, not {shown(rounds)}")
    import json
    import os
    import subprocess
    import sys
    import tempfile
    from pathlib import Path
    from statistics import median

    from tigris_widget.core import build

    print_ = (lambda *a, **k: None) if quiet else print
    unknown = [t for t in tasks if t not in COMPARE_TASKS]
    if unknown:
        raise ValueError(f"unknown benchmark tasks {unknown}; choose from {', '.join(COMPARE_TASKS)}")
    with tempfile.TemporaryDirectory(prefix="tigris-bench-") as tmp:
        print_("preparing the builds (the first compiled build on a machine takes a minute or two) ...")
        roots = {
            "pure": build.pure_tree(Path(tmp) / "pure"),
            "compiled": build.compiled_tree(Path(tmp) / "compiled"),
        }
        code = "from tigris_widget.bench import _compare_worker; _compare_worker()"
        workers = {
            name: subprocess.Popen(
                [sys.executable, "-c", code],
                # without the pure switch (build.PURE_SWITCH), which would make the compiled worker run pure
                env={
                    **{k: v for k, v in os.environ.items() if k != build.PURE_SWITCH},
                    "PYTHONPATH": str(root),
                    "PYTHONDONTWRITEBYTECODE": "1",
                },
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            for name, root in roots.items()
        }
        try:
            for name, proc in workers.items():
                assert proc.stdout is not None
                flag = json.loads(proc.stdout.readline())["compiled"]
                if flag != (name == "compiled"):
                    raise RuntimeError(f"the {name} worker runs the wrong build (compiled={flag})")
            figures: dict[str, dict[str, list[float]]] = {t: {"pure": [], "compiled": []} for t in tasks}
            print_(
                f"pure Python and compiled (mypyc) engines, interleaved, median of {rounds} rounds, "
                f"per core (CPU time) — {machine()}"
            )
            for r in range(rounds):
                for task in tasks:
                    order = ("pure", "compiled") if r % 2 == 0 else ("compiled", "pure")
                    for name in order:
                        proc = workers[name]
                        assert proc.stdin is not None and proc.stdout is not None
                        proc.stdin.write(f"{task} {seconds}\n")
                        proc.stdin.flush()
                        figures[task][name].append(float(json.loads(proc.stdout.readline())))
        finally:
            for proc in workers.values():
                if proc.stdin is not None:
                    proc.stdin.close()
                proc.wait(timeout=60)
    results: dict[str, float] = {}
    for task in tasks:
        pure, compiled = median(figures[task]["pure"]), median(figures[task]["compiled"])
        speedup = pure / compiled if task.endswith("_us") else compiled / pure
        results.update({f"{task}_pure": pure, f"{task}_compiled": compiled, f"{task}_speedup": speedup})
        print_(f"{COMPARE_TASKS[task]:<64} {pure:10.1f} {compiled:10.1f}   ×{speedup:.2f}")
    return results
