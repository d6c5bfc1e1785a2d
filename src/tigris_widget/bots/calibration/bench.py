"""The calibration benchmark: the default analysis with several seeds on each position from ordinary
play (``collect``), and how often its verdict is right about the other seeds (``score``).

A run's verdict is *right* when, for a clear run, the other seeds name the same best move, and for a
too-close-to-call run, the other seeds' best moves lie in the set it lists. A run that compared nothing
with its best (every rival not examined) claims neither; nor does a run in which no move stands out
(``Verdict.flat``: it says other moves may be as good): how often the other seeds agree with them is
reported apart. Each run's candidates are
kept (``RunRecord``), with every move reduced to a class of moves that do the same (``same_move``), so
that the runs can be scored again with another rule without searching again (``score``)."""

from __future__ import annotations

import math
import os
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tigris_widget.bots.analysis import analyze
from tigris_widget.bots.calibration.positions import PlayedPosition
from tigris_widget.bots.stability.data import same_move
from tigris_widget.core.analysis import Analysis, Candidate, Verdict, verdict
from tigris_widget.core.protocol import GameLike

TARGET = 0.95
"""The aim for both clear-run agreement and close-run coverage."""


@dataclass(frozen=True)
class RunRecord:
    """One seed's analysis of a position: its candidates, best first, each with the class of its move."""

    seed: int
    iterations: int
    seconds: float
    candidates: tuple[tuple[int, int, float | None, float | None, float | None], ...]
    """(move class, visits, value, low, high) per candidate, best first."""

    @property
    def top(self) -> int:
        return self.candidates[0][0]

    def analysis(self, moves: Sequence[str]) -> Analysis:
        """The run as an ``Analysis`` (what ``verdict`` reads: candidates, budget), its texts the classes' texts."""
        cands = tuple(Candidate((moves[k],), n, v, lo, hi) for k, n, v, lo, hi in self.candidates)
        return Analysis("", 0, "", True, "chance to win", cands, self.iterations, self.seconds)


@dataclass(frozen=True)
class PositionRuns:
    """Every seed's analysis of one position."""

    position: PlayedPosition
    moves: tuple[str, ...]
    """A text per move class (the first seen of the moves that do the same)."""
    runs: tuple[RunRecord, ...]
    cpu: float
    """CPU seconds of this process for all the runs."""


def _classify(game: GameLike, moves: list[tuple[str, ...]], actions: tuple[str, ...]) -> int:
    """The class of ``actions`` among ``moves`` (the classes' first members), added when new."""
    for k, other in enumerate(moves):
        if same_move(game, other, actions):
            return k
    moves.append(actions)
    return len(moves) - 1


def collect(
    positions: Sequence[PlayedPosition],
    *,
    seeds: int = 10,
    iterations: int | None = None,
    seconds: float | None = None,
    first_seed: int = 1,
    progress: Callable[[PositionRuns], object] | None = None,
) -> list[PositionRuns]:
    """The analysis (no budget: the default) with seeds ``first_seed`` … on every position."""
    if isinstance(seeds, bool) or not isinstance(seeds, int) or seeds < 1:
        raise ValueError(f"seeds must be a positive integer, not {seeds!r}")
    out = []
    for p in positions:
        game = p.game_at()
        moves: list[tuple[str, ...]] = []
        runs = []
        cpu = time.process_time()
        for s in range(first_seed, first_seed + seeds):
            result = analyze(game, iterations, seconds, seed=s, every=3600.0)
            cands = tuple((_classify(game, moves, c.actions), c.visits, c.value, c.low, c.high)
                          for c in result.candidates)  # fmt: skip
            runs.append(RunRecord(s, result.iterations, round(result.seconds, 3), cands))
        item = PositionRuns(p, tuple("; ".join(m) for m in moves), tuple(runs), round(time.process_time() - cpu, 2))
        out.append(item)
        if progress is not None:
            progress(item)
    return out


# -- scoring -------------------------------------------------------------------------------------
def wilson(hits: int, total: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a share ``hits / total`` ((0, 1) when there is nothing)."""
    if total == 0:
        return 0.0, 1.0
    p, z = hits / total, 1.96
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Score:
    """How right one game's verdicts were (see the module docstring)."""

    game: str
    positions: int
    runs: int
    clear_runs: int
    agree: int
    """Other seeds whose best is the clear run's move, summed over the clear runs …"""
    agree_of: int
    """… out of this many (other seeds of each clear run)."""
    close_runs: int
    covered: int
    """Other seeds whose best is in the close run's listed set, summed over the close runs …"""
    covered_of: int
    listed: float
    """Mean size of a close run's listed set, in distinct moves (``same_move``)."""
    alone_runs: int
    """Runs not compared: no rival examined, and one of those hardly tried not clearly below the best …"""
    alone_agree: int
    """… other seeds whose best is that run's best, summed over those runs …"""
    alone_of: int
    flat_runs: int
    """Runs in which no move stands out (``Verdict.flat``) …"""
    flat_agree: int
    """… other seeds whose best is that run's first choice …"""
    flat_covered: int
    """… other seeds whose best is among the moves it compared …"""
    flat_of: int
    flat_listed: float
    """… and how many moves it compared, on average."""
    not_examined: float
    """Mean number of candidates a run reports as not examined."""
    distinguished: int
    """Positions where most runs tell at least two candidates apart (clear, or an examined move left out
    of the listed set)."""
    iterations_median: int
    seconds: float
    """Search seconds, all runs."""
    cpu: float

    def summary(self) -> dict[str, Any]:
        agree_low, agree_high = wilson(self.agree, self.agree_of)
        cover_low, cover_high = wilson(self.covered, self.covered_of)
        return {
            "game": self.game,
            "positions": self.positions,
            "runs": self.runs,
            "clear_share": round(self.clear_runs / self.runs, 3) if self.runs else 0.0,
            "clear_runs": self.clear_runs,
            "clear_agreement": round(self.agree / self.agree_of, 3) if self.agree_of else None,
            "clear_agreement_interval": [round(agree_low, 3), round(agree_high, 3)],
            "close_runs": self.close_runs,
            "close_coverage": round(self.covered / self.covered_of, 3) if self.covered_of else None,
            "close_coverage_interval": [round(cover_low, 3), round(cover_high, 3)],
            "listed_mean": round(self.listed, 2),
            "uncompared_runs": self.alone_runs,
            "uncompared_agreement": round(self.alone_agree / self.alone_of, 3) if self.alone_of else None,
            "flat_runs": self.flat_runs,
            "flat_first_choice_agreement": round(self.flat_agree / self.flat_of, 3) if self.flat_of else None,
            "flat_coverage": round(self.flat_covered / self.flat_of, 3) if self.flat_of else None,
            "flat_compared_mean": round(self.flat_listed, 2),
            "not_examined_mean": round(self.not_examined, 2),
            "distinguished_share": round(self.distinguished / self.positions, 3) if self.positions else 0.0,
            "iterations_median": self.iterations_median,
            "seconds": round(self.seconds, 1),
            "cpu": round(self.cpu, 1),
        }


def _apart(v: Verdict, analysis: Analysis) -> bool:
    """Does the verdict tell two candidates apart: clear, or an examined candidate left out of the tie?"""
    examined = len(analysis.candidates) - len(v.not_examined)
    return v.clear or len(v.tied) < examined


def score(game: str, data: Sequence[PositionRuns], rule: Callable[[Analysis], Verdict] = verdict) -> Score:
    """Score every run's verdict (``rule``) against the other seeds' best moves."""
    runs = clear = agree = agree_of = close = covered = covered_of = distinguished = 0
    alone = alone_agree = alone_of = flat = flat_agree = flat_covered = flat_of = 0
    listed: list[int] = []
    flat_listed: list[int] = []
    hidden: list[int] = []
    for item in data:
        tops = [r.top for r in item.runs]
        apart = 0
        for i, run in enumerate(item.runs):
            analysis = run.analysis(item.moves)
            v = rule(analysis)
            others = tops[:i] + tops[i + 1 :]
            runs += 1
            hidden.append(len(v.not_examined))
            apart += _apart(v, analysis)
            if v.clear:
                clear += 1
                agree += sum(t == run.top for t in others)
                agree_of += len(others)
            elif len(v.tied) == 1:
                alone += 1
                alone_agree += sum(t == run.top for t in others)
                alone_of += len(others)
            else:
                inside = {item.moves.index(c.text) for c in v.tied}  # distinct moves: two texts of one count once
                if v.flat:
                    flat += 1
                    flat_agree += sum(t == run.top for t in others)
                    flat_covered += sum(t in inside for t in others)
                    flat_of += len(others)
                    flat_listed.append(len(inside))
                    continue
                close += 1
                covered += sum(t in inside for t in others)
                covered_of += len(others)
                listed.append(len(inside))
        distinguished += apart * 2 > len(item.runs)
    its = [r.iterations for item in data for r in item.runs]
    return Score(game, len(data), runs, clear, agree, agree_of, close, covered, covered_of,
                 statistics.fmean(listed) if listed else 0.0, alone, alone_agree, alone_of,
                 flat, flat_agree, flat_covered, flat_of, statistics.fmean(flat_listed) if flat_listed else 0.0,
                 statistics.fmean(hidden) if hidden else 0.0,
                 distinguished, int(statistics.median(its)) if its else 0,
                 sum(r.seconds for item in data for r in item.runs), sum(item.cpu for item in data))  # fmt: skip


def format_summary(s: Score) -> str:
    """One game's scores in a few lines."""
    d = s.summary()

    def pct(x: float | None) -> str:
        return "–" if x is None else f"{100 * x:.1f} %"

    lo, hi = d["clear_agreement_interval"]
    clo, chi = d["close_coverage_interval"]
    return (f"{s.game}: {s.positions} positions, {s.runs} runs; iterations per run: median {s.iterations_median:,}\n"
            f"  clear: {s.clear_runs} runs ({pct(d['clear_share'])}); the other seeds name the clear move: "
            f"{s.agree}/{s.agree_of} = {pct(d['clear_agreement'])} (95 % {pct(lo)}–{pct(hi)}; target ≥ {TARGET:.0%})\n"
            f"  too close to call: {s.close_runs} runs; the other seeds' best in the listed set: {s.covered}/"
            f"{s.covered_of} = {pct(d['close_coverage'])} (95 % {pct(clo)}–{pct(chi)}); listed set: "
            f"{s.listed:.2f} moves on average; not examined: {s.not_examined:.2f} candidates per run\n"
            f"  not compared (no examined rival, one hardly tried and not clearly below): {s.alone_runs} runs; the other seeds name "
            f"its best: {s.alone_agree}/{s.alone_of} = {pct(d['uncompared_agreement'])}\n"
            f"  no move stands out ({s.flat_listed:.2f} moves compared on average, none ruled out): {s.flat_runs} runs; "
            f"the other seeds name its first choice: {s.flat_agree}/{s.flat_of} = "
            f"{pct(d['flat_first_choice_agreement'])}, one of the compared moves: {s.flat_covered}/{s.flat_of} = "
            f"{pct(d['flat_coverage'])}\n"
            f"  positions where most runs tell two candidates apart: {s.distinguished}/{s.positions} "
            f"({pct(d['distinguished_share'])}); search time {s.seconds:.0f} s (CPU {s.cpu:.0f} s)")  # fmt: skip


# -- the data as JSON (the positions as their origin: a seat's hidden tiles are not written) ------
def to_json(data: Sequence[PositionRuns]) -> list[dict[str, Any]]:
    return [{"key": item.position.key, "game": item.position.game, "players": item.position.players,
             "seed": item.position.seed, "ply": item.position.ply, "bots": list(item.position.bots),
             "decision": item.position.decision, "moves": list(item.moves), "cpu": item.cpu,
             "runs": [{"seed": r.seed, "iterations": r.iterations, "seconds": r.seconds,
                       "candidates": [list(c) for c in r.candidates]} for r in item.runs]}
            for item in data]  # fmt: skip


def from_json(rows: object) -> list[PositionRuns]:
    """The data ``to_json`` wrote; ``ValueError`` naming what is malformed."""
    if not isinstance(rows, list):
        raise ValueError("calibration data: 'positions' must be a list")
    out = []
    for i, row in enumerate(rows):
        try:
            p = PlayedPosition(row["game"], row["players"], row["seed"], row["ply"], tuple(row["bots"]),
                               row["decision"])  # fmt: skip
            runs = tuple(RunRecord(r["seed"], r["iterations"], r["seconds"],
                                   tuple((int(k), int(n), v, lo, hi) for k, n, v, lo, hi in r["candidates"]))
                         for r in row["runs"])  # fmt: skip
            out.append(PositionRuns(p, tuple(row["moves"]), runs, float(row["cpu"])))
        except (KeyError, TypeError, ValueError) as err:
            raise ValueError(f"calibration data, position {i}: malformed ({err!r:.80})") from err
    return out


def machine() -> dict[str, Any]:
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    return {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "load": [round(x, 2) for x in load]}
