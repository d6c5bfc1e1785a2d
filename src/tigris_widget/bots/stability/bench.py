"""The stability benchmark: the default analysis on every position of the test set with several seeds,
how often it names the stored move (``run_benchmark``), and the table of the results (``format_table``)."""

from __future__ import annotations

import os
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tigris_widget.bots.analysis import analyze
from tigris_widget.bots.stability.data import StablePosition, check_position, same_move
from tigris_widget.bots.stability.selection import lcb_choice, separation

BAR = 0.9
"""A position passes when the default analysis names the stored move in at least this share of seeds."""


# -- the benchmark -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Row:
    """The default analysis on one position, over several seeds."""

    key: str
    game: str
    players: int
    phase: str
    decision: str
    best: tuple[str, ...]
    margin: float
    seeds: int
    hits: int
    """Seeds whose best move is the stored one."""
    picks: tuple[tuple[str, int], ...]
    """Every move the seeds named, with how many named it, most first."""
    iterations: tuple[int, ...]
    """Iterations of each seed's analysis."""
    seconds: tuple[float, ...]
    cpu: float
    """CPU seconds of this process for all the seeds' analyses."""
    close: int = 0
    """Seeds whose own best was not apart from its runner-up (the analysis would say too close to call)."""
    lcb_hits: int = 0
    """Seeds where choosing by the interval's lower end instead of by visits names the stored move."""

    @property
    def passed(self) -> bool:
        return self.hits >= BAR * self.seeds - 1e-9


@dataclass(frozen=True)
class BenchResult:
    rows: tuple[Row, ...]
    budget: str
    seeds: int
    date: str
    load: tuple[float, float, float]
    seconds: float

    def summary(self, game: str | None = None) -> dict[str, Any]:
        rows = [r for r in self.rows if game is None or r.game == game]
        its = [i for r in rows for i in r.iterations]
        return {
            "positions": len(rows),
            "passed": sum(r.passed for r in rows),
            "hits": sum(r.hits for r in rows),
            "runs": sum(r.seeds for r in rows),
            "iterations_median": int(statistics.median(its)) if its else 0,
            "iterations_min": min(its, default=0),
            "iterations_max": max(its, default=0),
            "close": sum(r.close for r in rows),
            "lcb_passed": sum(r.lcb_hits >= BAR * r.seeds - 1e-9 for r in rows),
            "lcb_hits": sum(r.lcb_hits for r in rows),
        }


def run_benchmark(
    positions: Sequence[StablePosition],
    *,
    seeds: int = 10,
    iterations: int | None = None,
    seconds: float | None = None,
    first_seed: int = 1,
    progress: Callable[[Row], object] | None = None,
) -> BenchResult:
    """The default analysis (or the budget given) on every position with ``seeds`` seeds: how often it
    names the stored move."""
    if isinstance(seeds, bool) or not isinstance(seeds, int) or seeds < 1:
        raise ValueError(f"seeds must be a positive integer, not {seeds!r}")
    start = time.perf_counter()
    rows = []
    for p in positions:
        game = check_position(p)
        named: list[tuple[str, ...]] = []
        by_low: list[tuple[str, ...]] = []
        its: list[int] = []
        secs: list[float] = []
        close = 0
        cpu = time.process_time()
        for s in range(first_seed, first_seed + seeds):
            result = analyze(game, iterations, seconds, seed=s)
            named.append(result.best.actions)
            by_low.append(lcb_choice(result))
            its.append(result.iterations)
            secs.append(round(result.seconds, 3))
            close += not separation(result).apart
        cpu = time.process_time() - cpu
        hits = sum(same_move(game, p.best, m) for m in named)
        lcb_hits = sum(same_move(game, p.best, m) for m in by_low)
        counts = Counter("; ".join(m) for m in named)
        row = Row(p.key, p.game, p.players, p.phase, p.decision, p.best, p.margin, seeds, hits,
                  tuple(counts.most_common()), tuple(its), tuple(secs), round(cpu, 2), close, lcb_hits)  # fmt: skip
        rows.append(row)
        if progress is not None:
            progress(row)
    budget = (
        "default" if iterations is None and seconds is None
        else ", ".join(x for x in (iterations and f"{iterations} iterations", seconds and f"{seconds} s") if x)
    )  # fmt: skip
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    return BenchResult(tuple(rows), budget, seeds, time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                       tuple(round(x, 2) for x in load), round(time.perf_counter() - start, 1))  # type: ignore[arg-type]  # fmt: skip


def _short(text: str, width: int = 34) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def format_table(result: BenchResult, markdown: bool = False) -> str:
    """The per-position table and a summary line per game (markdown: a GitHub table)."""
    head = ("position", "players", "phase", "decision", "long search's best", "margin", "same", "iterations",
            "other picks")  # fmt: skip
    lines = []
    if markdown:
        lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    else:
        lines.append(f"{'position':<24} {'pl':>2} {'phase':<7} {'decision':<14} {'best':<34} {'margin':>6} "
                     f"{'same':>5} {'iter (med)':>10}  other picks")  # fmt: skip
    for r in result.rows:
        best = "; ".join(r.best)
        others = ", ".join(f"{m} ×{n}" for m, n in r.picks if m != best)
        same = f"{r.hits}/{r.seeds}" + ("" if r.passed else " ✗")
        med = int(statistics.median(r.iterations))
        if markdown:
            cells = (r.key, str(r.players), r.phase, r.decision, f"`{best}`", f"{r.margin:.3f}", same,
                     f"{med:,}", others.replace("|", "/") or "–")  # fmt: skip
            lines.append("| " + " | ".join(cells) + " |")
        else:
            lines.append(f"{r.key:<24} {r.players:>2} {r.phase:<7} {_short(r.decision, 14):<14} {_short(best):<34} "
                         f"{r.margin:>6.3f} {same:>5} {med:>10,}  {_short(others, 60)}")  # fmt: skip
    lines.append("")
    for game in sorted({r.game for r in result.rows}):
        s = result.summary(game)
        lines.append(f"{game}: {s['passed']}/{s['positions']} positions pass (≥ {BAR:.0%} of seeds), "
                     f"{s['hits']}/{s['runs']} runs name the long search's move; iterations per analysis: "
                     f"median {s['iterations_median']:,} (min {s['iterations_min']:,}, max {s['iterations_max']:,}); "
                     f"{s['close']} runs too close to call by their own intervals; choosing by the interval's "
                     f"lower end instead: {s['lcb_passed']}/{s['positions']} pass, {s['lcb_hits']}/{s['runs']} runs")  # fmt: skip
    lines.append(f"budget: {result.budget}; {result.seeds} seeds; {result.seconds:.0f} s; load average "
                 f"{result.load[0]:.2f}, {result.load[1]:.2f}, {result.load[2]:.2f}; {result.date}")  # fmt: skip
    return "\n".join(lines)
