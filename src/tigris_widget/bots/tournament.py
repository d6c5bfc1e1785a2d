"""Tournaments between bots: paired deals, seat rotation, win rates with 95 % intervals and Elo.

A tournament is a list of ``GameTask``s, each a complete description of one game (deal seed, bots
per seat, their seeds), so any executor can run them: in this process, in local worker processes,
or on a Dask cluster (``scheduler="tcp://…"``). The deal and the bots draw from separate random
streams: the deal seed fixes the bag and the start player, each bot gets its own seed.

Fairness: every deal is played once per seating of the lineup — with 2 players the two bots swap
seats on the same bag; with 3–4 players the lineup is rotated through every seat — so luck of the
deal and of the seat cancels out between the bots.

Every game of the registry plays here: a task names its ``game`` and that game's ``options`` (for
*Tigris & Euphrates* the board side and variants are options too: ``board``, ``variants``).

Results are one JSON object per game (with the full game record: an object for T&E, replayable with
``Game.from_dict``, else the game's record text, replayable with its ``game_from_record``);
``summarize`` turns any list of them into win rates, Wilson 95 % intervals, head-to-head scores and
Elo-style ratings (a Bradley–Terry fit of every pairwise finishing order).
"""

from __future__ import annotations

import contextlib
import gzip
import json
import math
import os
import sys
import time
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass
from itertools import combinations, count
from typing import Any, TextIO

from tigris_widget.bots import make_bot
from tigris_widget.bots.parallel import check_workers, run_all
from tigris_widget.bots.runner import MAX_ACTIONS, GameTooLong, moves
from tigris_widget.core.checks import is_finite, whole
from tigris_widget.core.files import MAX_JSON_CHARS, load_json
from tigris_widget.core.registry import DEFAULT_GAME, game_module

MAX_ROW_CHARS = 2 * MAX_JSON_CHARS
"""Longest line of a results file read: one game's record and its statistics."""
MAX_RESULTS_CHARS = 1_000_000_000
"""Longest results file read (after decompression): some 200,000 games."""

Z95 = 1.959963984540054
# A game still running after ``runner.MAX_ACTIONS`` actions is stopped and scored as it stands (and
# marked ``"finished": false``); no game between the bots here comes near it.


@dataclass(frozen=True)
class GameTask:
    """One game of a tournament, complete enough to be run anywhere."""

    index: int
    deal: int
    """Which deal of the tournament this is (games on the same deal share the bag)."""
    deal_seed: int
    players: int
    bots: tuple[str, ...]
    """Bot name per seat (see ``bots.make_bot``)."""
    bot_seeds: tuple[int, ...]
    game: str = DEFAULT_GAME
    """The game's registry name."""
    options: tuple[tuple[str, str], ...] = ()
    """The game's options as (name, value) pairs, sorted (``new_game``'s ``options``)."""

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameTask:
        """The task of a result row (``row["task"]``), also from rows written before tasks named their
        game (T&E's ``board`` and ``variants`` become its options)."""
        if not isinstance(data, dict):
            raise ValueError(f"a task is a JSON object, not {type(data).__name__}")
        missing = [k for k in ("index", "deal", "deal_seed", "players", "bots", "bot_seeds") if k not in data]
        if missing:
            raise ValueError(f"the task has no {', '.join(missing)}")
        d = dict(data)
        options = dict(d.pop("options", None) or {})
        for key in ("board", "variants"):
            if key in d:
                value = d.pop(key)
                if value and not (key == "board" and value == "classic"):
                    options[key] = value
        return cls(
            index=d["index"],
            deal=d["deal"],
            deal_seed=d["deal_seed"],
            players=d["players"],
            bots=tuple(d["bots"]),
            bot_seeds=tuple(d["bot_seeds"]),
            game=d.get("game", DEFAULT_GAME),
            options=_option_pairs(options),
        )

    def to_dict(self) -> dict[str, Any]:
        """The task as JSON data (options as an object)."""
        data = asdict(self)
        data["options"] = dict(self.options)
        return data


def _option_pairs(options: dict[str, Any] | None) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((str(k), str(v)) for k, v in (options or {}).items()))


def _mix(*parts: int) -> int:
    """A 31-bit seed from integers (a fixed hash, the same on every machine and Python)."""
    h = 0x9E3779B1
    for p in parts:
        h = (h ^ (p & 0xFFFFFFFF)) * 0x01000193 & 0xFFFFFFFF
        h ^= h >> 15
    return h & 0x7FFFFFFF


def lineups(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The lineups to play: with 2 players and more bots every pair; else the bots in seat order,
    the last one repeated to fill the seats (``search,greedy`` with 4 players: one search, three greedy)."""
    if not bots:
        raise ValueError("name at least one bot")
    if players == 2 and len(bots) > 2:
        return [(a, b) for a, b in combinations(bots, 2)]
    if len(bots) > players:
        raise ValueError(f"{len(bots)} bots do not fit {players} seats")
    return [tuple(bots) + (bots[-1],) * (players - len(bots))]


MAX_GAMES = 1_000_000
"""The most games per lineup a tournament schedules (a larger number is a typo: it would run for years)."""


def schedule(
    bots: Sequence[str],
    players: int = 2,
    games: int = 100,
    seed: int = 0,
    board: str = "classic",
    variants: str = "",
    *,
    game: str = DEFAULT_GAME,
    options: dict[str, Any] | None = None,
) -> list[GameTask]:
    """Tasks for ``games`` games per lineup (rounded up to whole sets of seatings on each deal) of
    ``game`` with ``options`` (``board`` and ``variants`` are T&E's, kept for its callers).

    :raises ValueError: ``games`` is not 1..``MAX_GAMES``."""
    whole(games, "games", 1, MAX_GAMES)
    opts = dict(options or {})
    if board != "classic":
        opts["board"] = board
    if variants:
        opts["variants"] = variants
    pairs = _option_pairs(opts)
    tasks: list[GameTask] = []
    deal = 0
    for lineup in lineups(bots, players):
        rotations = [lineup[k:] + lineup[:k] for k in range(players)]
        if players == 2:
            rotations = [lineup, lineup[::-1]]
        unique = list(dict.fromkeys(rotations))
        deals = max(1, math.ceil(games / len(unique)))
        for _ in range(deals):
            deal_seed = _mix(seed, deal, 1)
            for seating in unique:
                index = len(tasks)
                seeds = tuple(_mix(seed, index, seat, 2) for seat in range(players))
                tasks.append(GameTask(index, deal, deal_seed, players, seating, seeds, game, pairs))
            deal += 1
    return tasks


def run_game(task: GameTask) -> dict[str, Any]:
    """Play one task to the end; the result row with ranks, scores, timing and the game record."""
    start = time.perf_counter()
    game = game_module(task.game).new_game(task.players, task.deal_seed, dict(task.options) or None)
    bots = [make_bot(name, seed, task.game) for name, seed in zip(task.bots, task.bot_seeds)]
    thinking = [0.0] * task.players
    decisions = [0] * task.players
    try:
        for move in moves(game, bots, max_actions=MAX_ACTIONS):
            thinking[move.seat] += move.seconds
            decisions[move.seat] += 1
    except GameTooLong:
        pass  # scored as it stands and marked unfinished
    by_seat = sorted(game.standings(), key=lambda r: r.seat)  # as scored now if the game hit MAX_ACTIONS
    iterations = [getattr(b, "total_iterations", 0) for b in bots]
    extra: dict[str, Any] = {}
    final = [getattr(r, "final", None) for r in by_seat]
    if all(f is not None for f in final):  # T&E: the points of each colour
        extra["final"] = [list(f) for f in final if f is not None]
    turn = getattr(getattr(game, "state", None), "turn", None)
    if isinstance(turn, int):
        extra["turns"] = turn
    to_dict = getattr(game, "to_dict", None)  # T&E's record as a JSON object, as rows always held it
    record = to_dict() if callable(to_dict) else game.to_record()
    return {
        "task": task.to_dict(),
        "ranks": [r.place for r in by_seat],
        "scores": [r.points for r in by_seat],
        **extra,
        "finished": game.is_over,
        "actions": len(game),
        "decisions": decisions,
        "thinking_seconds": [round(x, 3) for x in thinking],
        "search_iterations": iterations,
        "seconds": round(time.perf_counter() - start, 3),
        "record": record,
    }


# -- statistics ------------------------------------------------------------------------------------
def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (half wins count as half a success)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def win_credit(ranks: Sequence[int]) -> list[float]:
    """1 for a sole winner, 1/k for each of k tied winners, 0 otherwise (rules §15.4)."""
    winners = sum(1 for r in ranks if r == 1)
    return [1.0 / winners if r == 1 else 0.0 for r in ranks]


def elo_ratings(
    pairs: Iterable[tuple[str, str, float]], names: Sequence[str], anchor: str | None = None, prior: float = 1.0
) -> dict[str, float]:
    """Elo-style ratings from pairwise results ``(a, b, score of a)`` by a Bradley–Terry fit.

    Each pair of bots also gets ``prior`` virtual draws, which keeps ratings finite when one bot
    wins every game. Ratings are 400·log10 of the strengths, ``anchor`` (default the first name) at 0."""
    idx = {n: i for i, n in enumerate(names)}
    k = len(names)
    wins = [[0.0] * k for _ in range(k)]
    for a, b, score in pairs:
        if a == b:
            continue
        wins[idx[a]][idx[b]] += score
        wins[idx[b]][idx[a]] += 1.0 - score
    games = [[wins[i][j] + wins[j][i] for j in range(k)] for i in range(k)]
    if prior:
        for i in range(k):
            for j in range(k):
                if i != j and games[i][j]:
                    wins[i][j] += prior / 2
                    games[i][j] += prior
    gamma = [1.0] * k
    for _ in range(2000):  # minorization-maximization (Hunter 2004)
        new = []
        for i in range(k):
            w = sum(wins[i])
            d = sum(games[i][j] / (gamma[i] + gamma[j]) for j in range(k) if j != i and games[i][j])
            new.append(w / d if d > 0 and w > 0 else gamma[i])
        norm = math.exp(sum(math.log(g) for g in new) / k)
        new = [g / norm for g in new]
        done = max(abs(a - b) for a, b in zip(new, gamma)) < 1e-10
        gamma = new
        if done:
            break
    ref = idx[anchor] if anchor is not None else 0
    return {n: round(400 * math.log10(gamma[idx[n]] / gamma[ref]), 1) for n in names}


def summarize(rows: Sequence[dict[str, Any]], anchor: str | None = None) -> dict[str, Any]:
    """Win rates (per seat taken), Wilson 95 % intervals, mean scores, head-to-head and Elo."""
    names: list[str] = []
    stats: dict[str, dict[str, float]] = {}
    pairs: list[tuple[str, str, float]] = []
    head: dict[str, dict[str, float]] = {}
    for row in rows:
        bots = row["task"]["bots"]
        ranks = row["ranks"]
        credit = win_credit(ranks)
        for seat, name in enumerate(bots):
            if name not in stats:
                names.append(name)
                stats[name] = {"seats": 0, "wins": 0.0, "score": 0.0, "thinking": 0.0, "decisions": 0, "iterations": 0}
            st = stats[name]
            st["seats"] += 1
            st["wins"] += credit[seat]
            st["score"] += row["scores"][seat]
            st["thinking"] += row.get("thinking_seconds", [0.0] * len(bots))[seat]
            st["decisions"] += row.get("decisions", [0] * len(bots))[seat]
            st["iterations"] += row.get("search_iterations", [0] * len(bots))[seat]
        for i, j in combinations(range(len(bots)), 2):
            if bots[i] == bots[j]:
                continue
            score = 1.0 if ranks[i] < ranks[j] else 0.0 if ranks[i] > ranks[j] else 0.5
            pairs.append((bots[i], bots[j], score))
            h = head.setdefault(f"{bots[i]} vs {bots[j]}", {"games": 0, "score": 0.0})
            h["games"] += 1
            h["score"] += score
            r = head.setdefault(f"{bots[j]} vs {bots[i]}", {"games": 0, "score": 0.0})
            r["games"] += 1
            r["score"] += 1.0 - score
    table = {}
    for name in names:
        st = stats[name]
        n = int(st["seats"])
        low, high = wilson(st["wins"], n)
        table[name] = {
            "seats_played": n,
            "wins": st["wins"],
            "win_rate": round(st["wins"] / n, 4) if n else 0.0,
            "ci95": [round(low, 4), round(high, 4)],
            "mean_score": round(st["score"] / n, 3) if n else 0.0,
            "seconds_per_decision": round(st["thinking"] / st["decisions"], 4) if st["decisions"] else 0.0,
            "iterations_per_second": round(st["iterations"] / st["thinking"], 1) if st["iterations"] else None,
        }
    for h in head.values():
        low, high = wilson(h["score"], int(h["games"]))
        h["rate"] = round(h["score"] / h["games"], 4)
        h["ci95"] = [round(low, 4), round(high, 4)]  # type: ignore[assignment]  # the row's one list field
    return {
        "games": len(rows),
        "bots": table,
        "head_to_head": head,
        "elo": elo_ratings(pairs, names, anchor=anchor) if len(names) > 1 else {n: 0.0 for n in names},
    }


# -- running -----------------------------------------------------------------------------------------
def _progress(
    done: int, total: int, rows: Sequence[dict[str, Any]], start: float, out: TextIO, resumed: int = 0
) -> None:
    width = 28
    filled = width * done // total if total else width
    elapsed = time.perf_counter() - start
    played = done - resumed  # games of this run: the pace of the ones found on disk is unknown
    eta = elapsed / played * (total - done) if played else 0.0
    rates = summarize(rows)["bots"] if rows else {}
    text = " ".join(f"{n} {r['win_rate']:.0%}" for n, r in rates.items())
    out.write(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games, {elapsed:.0f}s, eta {eta:.0f}s  {text}"
    )
    out.flush()


def execute(tasks: Sequence[GameTask], workers: int = 1, scheduler: str | None = None) -> Iterator[dict[str, Any]]:
    """Run the tasks and yield result rows as games finish (in completion order).

    ``scheduler`` is a Dask scheduler address (``tcp://host:8786``) or a ``distributed.Client``;
    without it, ``workers`` local processes are used (1: this process)."""
    return run_all(run_game, tasks, workers, scheduler)


def run_tournament(
    tasks: Sequence[GameTask],
    workers: int = 1,
    scheduler: str | None = None,
    out_dir: str | None = None,
    progress: TextIO | None = sys.stderr,
    on_result: Callable[[dict[str, Any]], object] | None = None,
    resume: bool = False,
) -> dict[str, Any]:
    """Run a tournament; write ``games.jsonl`` (one result with its game record per line, as games
    finish) and ``summary.json`` to ``out_dir``; return the summary.

    ``resume``: keep the games already in ``out_dir``'s ``games.jsonl`` (a run that was stopped) and
    play only the others; the file must hold games of this same schedule, else ``ValueError``."""
    if resume and out_dir is None:
        raise ValueError("resuming a tournament needs its output directory (out_dir)")
    check_workers(workers)  # before games.jsonl is opened (and emptied)
    rows = finished_rows(out_dir, tasks) if resume and out_dir is not None else []
    done = {row["task"]["index"] for row in rows}
    todo = [task for task in tasks if task.index not in done]
    start = time.perf_counter()
    with contextlib.ExitStack() as stack:
        log = None
        if out_dir is not None:
            os.makedirs(out_dir, exist_ok=True)
            log = stack.enter_context(open(os.path.join(out_dir, "games.jsonl"), "a" if resume else "w"))
        if progress is not None:
            stack.callback(progress.write, "\n")
            _progress(len(rows), len(tasks), rows, start, progress, len(done))
        for row in execute(todo, workers, scheduler):
            rows.append(row)
            if log is not None:
                log.write(json.dumps(row) + "\n")
                log.flush()
            if on_result is not None:
                on_result(row)
            if progress is not None:
                _progress(len(rows), len(tasks), rows, start, progress, len(done))
    rows.sort(key=lambda r: r["task"]["index"])
    summary = summarize(rows)
    summary["seconds"] = round(time.perf_counter() - start, 1)
    if out_dir is not None:
        with open(os.path.join(out_dir, "summary.json"), "w") as f:
            json.dump(summary, f, indent=1)
    return summary


def finished_rows(out_dir: str, tasks: Sequence[GameTask]) -> list[dict[str, Any]]:
    """The games a stopped run of ``tasks`` left in ``out_dir/games.jsonl`` (none if there is no file).
    A last line cut off by the stop (no whole game) is first dropped from the file; then a game of
    another schedule, or one game twice, is refused with ``ValueError``."""
    path = os.path.join(out_dir, "games.jsonl")
    if not os.path.exists(path):
        return []
    _drop_cut_line(path)
    wanted = {task.index: json.loads(json.dumps(task.to_dict())) for task in tasks}
    rows = load_rows(path)
    seen: set[int] = set()
    for number, row in enumerate(rows, 1):
        task = row.get("task")
        index = task.get("index") if isinstance(task, dict) else None
        if not isinstance(index, int) or wanted.get(index) != task:
            raise ValueError(f"{path}: line {number} is a game of another tournament (bots, seed, players or "
                             "options differ); resume with the same settings or choose another --out")  # fmt: skip
        if index in seen:
            raise ValueError(f"{path}: line {number} repeats game {index}")
        seen.add(index)
    return rows


def _drop_cut_line(path: str) -> None:
    """Cut a last line that has no newline (the run stopped while writing it): it holds no whole game."""
    with open(path, "rb+") as f:
        size = f.seek(0, os.SEEK_END)
        if size == 0:
            return
        f.seek(size - 1)
        if f.read(1) == b"\n":
            return
        keep = 0
        step = 1 << 16
        position = size
        while position > 0:  # find the last newline from the end, a block at a time
            position = max(0, position - step)
            f.seek(position)
            block = f.read(min(step, size - position))
            cut = block.rfind(b"\n")
            if cut >= 0:
                keep = position + cut + 1
                break
        f.truncate(keep)


def load_rows(path: str) -> list[dict[str, Any]]:
    """The result rows of a ``games.jsonl`` file, or a gzipped ``games.jsonl.gz`` (for summaries of
    runs in progress or published ones); ``ValueError`` names the file and line that is wrong."""
    opener = gzip.open if path.endswith(".gz") else open
    rows: list[dict[str, Any]] = []
    total = 0
    number = 0
    with opener(path, "rt", encoding="utf-8") as f:
        # Line by line with a bound on each line and on the whole (after decompression), so that no
        # file (/dev/zero, a gzip bomb, a wrong file) can make a summary hang or fill the memory.
        for number in count(1):
            try:
                line = f.readline(MAX_ROW_CHARS + 1)
            except UnicodeDecodeError as err:
                raise ValueError(f"{path}: line {number}: not UTF-8 text ({err.reason})") from None
            except (EOFError, zlib.error, gzip.BadGzipFile) as err:  # a .gz file cut off or damaged
                raise ValueError(f"{path}: line {number}: the compressed file is cut off or damaged ({err})") from None
            if not line:
                return rows
            total += len(line)
            if len(line) > MAX_ROW_CHARS or total > MAX_RESULTS_CHARS:
                raise ValueError(f"{path}: a results file is at most {MAX_RESULTS_CHARS:,} characters, each line at "
                                 f"most {MAX_ROW_CHARS:,}; line {number} goes beyond")  # fmt: skip
            if line.strip():
                try:
                    row = load_json(line, "result row", MAX_ROW_CHARS)
                except ValueError as err:
                    raise ValueError(f"{path}: line {number}: {err}") from None
                problem = row_problem(row)
                if problem:
                    raise ValueError(f"{path}: line {number} is not a result row: {problem}")
                rows.append(row)
    return rows


def row_problem(row: object) -> str:
    """What keeps ``row`` from being a result row that ``summarize`` reads ("" if nothing): a JSON
    object whose task names the bots by seat, with a rank and a score per seat (and, if present, the
    timing lists, one number per seat)."""
    if not isinstance(row, dict):
        return "not a JSON object"
    task = row.get("task")
    if not isinstance(task, dict):
        return 'no "task" object'
    bots = task.get("bots")
    if not isinstance(bots, list) or not bots or not all(isinstance(b, str) for b in bots):
        return 'its task has no "bots" list of names'
    for key in ("ranks", "scores", "thinking_seconds", "decisions", "search_iterations"):
        if key not in row and key in ("ranks", "scores"):
            return f'no "{key}"'
        values = row.get(key, [0] * len(bots))
        if not isinstance(values, list) or len(values) != len(bots) or not all(is_finite(v) for v in values):
            return f'"{key}" must be a list of {len(bots)} numbers, one per seat'
    return ""


def format_summary(summary: dict[str, Any]) -> str:
    lines = [f"{summary['games']} games"]
    for name, r in summary["bots"].items():
        low, high = r["ci95"]
        speed = f", {r['iterations_per_second']:.0f} it/s" if r.get("iterations_per_second") else ""
        lines.append(
            f"  {name:<14} win rate {r['win_rate']:6.1%}  95% CI [{low:.1%}, {high:.1%}]  over {r['seats_played']} seats,"
            f" mean score {r['mean_score']:.2f}, {r['seconds_per_decision'] * 1000:.0f} ms/decision{speed}"
        )
    for pair, h in summary["head_to_head"].items():
        low, high = h["ci95"]
        lines.append(f"  {pair:<30} {h['rate']:6.1%}  [{low:.1%}, {high:.1%}]  over {h['games']} pairings")
    lines.append("  Elo: " + ", ".join(f"{n} {e:+.0f}" for n, e in summary["elo"].items()))
    return "\n".join(lines)
