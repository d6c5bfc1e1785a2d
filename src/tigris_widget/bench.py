"""Benchmarks of any registered game: print numbers, never assert (the targets are in the engine issue).

The figures every game gets come through the rules protocol (random games through ``new_game``,
``legal_actions`` and ``apply``; the bots' time per decision; the analysis' timings through
``bots.analysis``; the shared search's iterations per second); a game adds its own (its engine's
playouts, ``legal_actions`` µs …) with the optional ``bench_extras()`` hook (``core.protocol.BenchMeasure``).
"""

from __future__ import annotations

import platform
import random
import time
from collections.abc import Callable

from tigris_widget.core import hooks
from tigris_widget.core.bot import Bot
from tigris_widget.core.checks import check_positive, shown
from tigris_widget.core.protocol import GameLike
from tigris_widget.core.registry import DEFAULT_GAME, game_module, games

_clock: Callable[[], float] = time.perf_counter
"""The clock of the engine figures: wall time, but CPU time in ``--compare``'s workers, so that other
jobs on a shared machine slow neither build's figures (each is one core's work either way)."""

MAX_ACTIONS = 100_000
"""Actions after which a random game is taken to have no end (a game's bug, reported, not a hang)."""


def _build() -> str:
    import tigris_widget

    return "compiled (mypyc)" if tigris_widget.compiled else "pure Python"


def protocol_games_per_second(game_name: str, seconds: float) -> tuple[float, float]:
    """Complete games per second between uniform random players through the protocol (``new_game``,
    ``legal_actions``, the validated ``apply``) at the game's usual player count, and actions per game.

    :raises RuntimeError: a game did not end within ``MAX_ACTIONS`` actions."""
    module = game_module(game_name)
    games_played = actions = 0
    start = _clock()
    while _clock() - start < seconds or games_played == 0:
        game = module.new_game(module.DEFAULT_PLAYERS, games_played, None)
        rng = random.Random(games_played)
        while not game.is_over:
            choices = game.legal_actions()
            game.apply(choices[rng.randrange(len(choices))])
            actions += 1
            if actions > MAX_ACTIONS * (games_played + 1):
                raise RuntimeError(f"a random {game_name} game did not end after {MAX_ACTIONS} actions")
        games_played += 1
    return games_played / (_clock() - start), actions / games_played


def _bot_for(game_name: str, seed: int) -> Bot:
    """The game's greedy bot where it has one (a sensible game to time), else the random one."""
    from tigris_widget.bots import bot_names, make_bot

    return make_bot("greedy" if "greedy" in bot_names(game_name) else "random", seed, game_name)


def analysis_positions(game_name: str, count: int = 5) -> list[GameLike]:
    """Reproducible positions a user might analyse, at the game's usual player count: the opening and
    decisions with a real choice in greedy self-play further on (after at least 22, 44, 66 … actions)."""
    from tigris_widget.bots.runner import step

    module = game_module(game_name)
    players = module.DEFAULT_PLAYERS
    out = [module.new_game(players, 7, None)]
    for k in range(1, count):
        game = module.new_game(players, 10 + k, None)
        bots = [_bot_for(game_name, seat + 1) for seat in range(players)]
        while not game.is_over and (len(game) < 22 * k or len(game.legal_actions()) < 2):
            step(game, bots)
        if not game.is_over:
            out.append(game)
    return out


def analysis_timings(game_name: str, count: int = 5) -> dict[str, float]:
    """What a user feels (median over ``count`` positions, in ms): the first partial analysis after
    pressing Think or Hint, the whole analysis at the game's default search budget
    (``core.hooks.search_defaults``), and a search bot's move (its default budget)."""
    from statistics import median

    from tigris_widget.bots import bot_names, make_bot
    from tigris_widget.bots.analysis import analyze_iter

    budget = hooks.search_defaults(game_module(game_name))
    first: list[float] = []
    total: list[float] = []
    moves: list[float] = []
    positions = analysis_positions(game_name, count)
    for game in positions:
        start = time.perf_counter()
        stamps = [time.perf_counter() - start for _ in analyze_iter(game, budget.iterations, budget.seconds, every=0.1)]
        first.append(stamps[0] * 1000)
        total.append(stamps[-1] * 1000)
        if "search" in bot_names(game_name):
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            start = time.perf_counter()
            make_bot("search", 1, game_name).choose(view)
            moves.append((time.perf_counter() - start) * 1000)
    timings = {
        "analysis_first_result_ms": round(median(first), 1),
        "analysis_default_ms": round(median(total), 1),
        "analysis_default_max_ms": round(max(total), 1),
        "analysis_positions": float(len(positions)),
    }
    if moves:
        timings["bot_move_ms"] = round(median(moves), 1)
    return timings


def ms_per_decision(game_name: str, bot: str, decisions: int = 30) -> float:
    """Milliseconds per decision of ``bot`` (default budget) over the first ``decisions`` of a game at
    the game's usual player count, every seat played by it."""
    from tigris_widget.bots import make_bot
    from tigris_widget.bots.runner import moves

    module = game_module(game_name)
    game = module.new_game(module.DEFAULT_PLAYERS, 5, None)
    bots = [make_bot(bot, seed, game_name) for seed in range(module.DEFAULT_PLAYERS)]
    spent, made = 0.0, 0
    for move in moves(game, bots):
        spent += move.seconds
        made += 1
        if made >= decisions:
            break
    return 1000 * spent / max(made, 1)


def search_iterations_per_second(game_name: str, iterations: int | None = None) -> float:
    """Iterations per second of the search bot's first real decision of a game (seed 1) at the game's
    usual player count — rolls and forced moves, which no bot searches, are played first; ``iterations``
    defaults to the game's search budget (``core.hooks.search_defaults``)."""
    from tigris_widget.bots import make_bot
    from tigris_widget.core.protocol import CHANCE_KIND

    module = game_module(game_name)
    iterations = iterations or hooks.search_defaults(module).iterations or 300
    game = module.new_game(module.DEFAULT_PLAYERS, 1, None)
    while game.decision is not None and (game.decision.kind == CHANCE_KIND or len(game.legal_actions()) < 2):
        game.apply(game.legal_actions()[0])
    bot = make_bot(f"search:{iterations}", 1, game_name)
    seat = game.to_move
    assert seat is not None
    start = _clock()
    bot.choose(game.view(seat))
    return iterations / (_clock() - start)


def run_benchmarks(seconds: float = 3.0, quiet: bool = False, game: str = DEFAULT_GAME) -> dict[str, float]:
    """Measure and print (unless ``quiet``) the speed of ``game``: its random games through the
    protocol, its own figures (``bench_extras``), its bots' time per decision, the shared search's
    iterations per second (games with ``bot_rules()``) and the analysis' timings; returns the figures.

    :raises ValueError: ``seconds`` is not a finite positive number, or ``game`` is no game."""
    from tigris_widget.bots import bot_names

    check_positive(seconds, "seconds")
    module = game_module(game)
    print_ = (lambda *a, **k: None) if quiet else print
    print_(
        f"{module.TITLE} benchmark — {_build()} engine, Python {platform.python_version()} "
        f"on {platform.machine()}, one core"
    )
    players = module.DEFAULT_PLAYERS
    results: dict[str, float] = {}
    rate, length = protocol_games_per_second(game, seconds)
    results["protocol_games_per_s"] = rate
    print_(f"random {players}-player games through the protocol (validated apply): {rate:8.1f} games/s"
           f"   ({length:.0f} actions per game)")  # fmt: skip
    for key, extra in hooks.bench_extras(module).items():
        results[key] = extra.measure(seconds, _clock)
        print_(f"{extra.description}: {results[key]:10.1f}")
    for name in ("greedy", "search"):
        if name in bot_names(game):
            results[f"{name}_ms_per_decision"] = ms_per_decision(game, name)
            print_(f"{name} bot (default budget): {results[f'{name}_ms_per_decision']:7.1f} ms per decision "
                   f"(first 30 of a {players}-player game)")  # fmt: skip
    if module.bot_rules() is not None:
        results["search_iterations_per_s"] = search_iterations_per_second(game)
        print_(f"shared search at the start: {results['search_iterations_per_s']:8.1f} iterations/s")
    timings = analysis_timings(game)
    results.update(timings)
    move = f", search bot's move {timings['bot_move_ms']:.0f} ms" if "bot_move_ms" in timings else ""
    print_(
        f"analysis (median of {timings['analysis_positions']:.0f} positions): first result "
        f"{timings['analysis_first_result_ms']:.0f} ms, default analysis {timings['analysis_default_ms']:.0f} ms "
        f"(slowest {timings['analysis_default_max_ms']:.0f} ms){move}"
    )
    return results


# -- pure against compiled (``bench --compare``) ---------------------------------------------------------
# Each build runs in its own worker process (a fresh copy of the sources; the compiled one with the
# extension modules of ``core.build`` laid over them); the workers take turns, one measurement at a time,
# so both see the same machine load, and each figure is the median over the rounds.

SEARCH_TASK = "search_iterations_per_s"
"""The compared figure every game with a search bot has, as ``<game>_search_iterations_per_s``."""


def compare_tasks() -> dict[str, str]:
    """What ``--compare`` measures, by name: each game's own figures marked ``compare``
    (``<game>_<key>``), then each game's search iterations per second; '_us' figures are times (lower
    is better), the others rates."""
    from tigris_widget.bots import bot_names

    tasks: dict[str, str] = {}
    for name in games():
        for key, extra in hooks.bench_extras(game_module(name)).items():
            if extra.compare:
                tasks[f"{name}_{key}"] = f"{game_module(name).TITLE} {extra.description}"
    for name in games():
        if "search" in bot_names(name):
            tasks[f"{name}_{SEARCH_TASK}"] = f"{game_module(name).TITLE} search iterations/s at the start"
    return tasks


def compare_task(name: str, seconds: float) -> float:
    """One measurement of the compared figure ``name`` (``compare_tasks()``) in this process."""
    for game in games():
        if name == f"{game}_{SEARCH_TASK}":
            return search_iterations_per_second(game)
        extras = hooks.bench_extras(game_module(game))  # anew: a game may share one run among its figures
        key = name.removeprefix(f"{game}_")
        if name.startswith(f"{game}_") and key in extras and extras[key].compare:
            return extras[key].measure(seconds, _clock)
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
    seconds: float = 2.0, rounds: int = 5, quiet: bool = False, tasks: tuple[str, ...] | None = None
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
    known = compare_tasks()
    tasks = tuple(known) if tasks is None else tasks
    unknown = [t for t in tasks if t not in known]
    if unknown:
        raise ValueError(f"unknown benchmark tasks {unknown}; choose from {', '.join(known)}")
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
        print_(f"{known[task]:<72} {pure:10.1f} {compiled:10.1f}   ×{speedup:.2f}")
    return results
