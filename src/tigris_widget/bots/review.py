"""Game review: every decision of a finished (or ongoing) game analysed by the search bot, the loss of
each move against the best one, inaccuracies, mistakes and blunders, and each player's accuracy.

    >>> from tigris_widget.cli import play_game
    >>> from tigris_widget.bots.review import review
    >>> game = play_game(2, 5, "classic", "", ["greedy", "random"])
    >>> report = review(game, iterations=60, last=6)          # the last 6 decisions only, quickly
    >>> sorted(report)[:3]
    ['iterations', 'moves', 'note']
    >>> report["moves"][-1]["loss"] >= 0
    True

**One unit.** Values are the mover's chance to win (2 players) or share of the win (3–4 players) as
the search estimates it, like the analysis (``bots.analysis``). For each decision the search values
its own best move (``value_before``: the position with best play) and the move that was played
(``value_after``), on the same sampled hands; the *loss* is how much the move gave away,
``max(0, value_before − value_after)``.

**Classes** (``THRESHOLDS``, in win-probability points as Lichess counts them): a loss of 5 points or
more is an *inaccuracy*, 10 a *mistake*, 20 a *blunder*. Because the unit saturates, a move in a game
already won or lost by a mile rarely loses much.

**Accuracy** per move is ``103.17·exp(−0.0435·loss) − 3.17`` with the loss in points, clamped to
0–100 (100 for the best move, about 62 for a 10-point loss, 39 for 20); a player's accuracy is the
mean of the arithmetic and the harmonic mean of their moves' accuracies, so a few blunders weigh
heavily. Forced decisions (one legal choice) are listed but not counted.

**Fair.** Each decision is analysed from the mover's own view — the hands they could not see are
sampled, never read from the record — so a move is judged on what its player could know.

Decisions are independent, so the review runs in parallel: ``workers`` local processes, or a Dask
cluster (``scheduler="tcp://…"``), as tournaments do.
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from tigris_widget.bots.budget import Budget
from tigris_widget.bots.parallel import run_all
from tigris_widget.core.files import MAX_JSON_CHARS, load_json, read_text_file
from tigris_widget.games.tigris.bots.analysis import UNIT_NAMES, _conflict_table, _pv_pairs, conflict_reason, explain
from tigris_widget.games.tigris.bots.search import DETERMINIZATIONS, Search
from tigris_widget.games.tigris.engine.core.actions import parse_action
from tigris_widget.games.tigris.engine.core.types import COMMIT_PHASES
from tigris_widget.games.tigris.engine.rules.view import PlayerView, player_view
from tigris_widget.games.tigris.game import Game

THRESHOLDS: dict[str, float] = {"inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.20}
"""Smallest loss (in win probability, 0–1) of each class of bad move."""
MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
CLASSES = (("inaccuracy", "inaccuracies"), ("mistake", "mistakes"), ("blunder", "blunders"))
DEFAULT_ITERATIONS = 300
SCHEMA_VERSION = 1
MAX_REVIEW_CHARS = 2 * MAX_JSON_CHARS
"""Longest input reviewed: a game record, or a tournament result row (a record and its statistics)."""


def classify(loss: float) -> str | None:
    """``"blunder"``, ``"mistake"``, ``"inaccuracy"`` or None for a loss in win probability (0–1)."""
    for name in ("blunder", "mistake", "inaccuracy"):
        if loss >= THRESHOLDS[name]:
            return name
    return None


def move_accuracy(loss: float) -> float:
    """Accuracy (0–100) of one move from its loss in win probability (0–1)."""
    points = 100.0 * max(0.0, loss)
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * points) - 3.1669))


def game_accuracy(accuracies: Sequence[float]) -> float | None:
    """A player's accuracy: the mean of the arithmetic and harmonic means of their moves' accuracies."""
    if not accuracies:
        return None
    arithmetic = sum(accuracies) / len(accuracies)
    harmonic = len(accuracies) / sum(1.0 / max(a, 1.0) for a in accuracies)
    return (arithmetic + harmonic) / 2


@dataclass(frozen=True)
class DecisionTask:
    """One decision to review, complete enough to run anywhere (a worker process, a Dask worker)."""

    ply: int
    seat: int
    view: PlayerView
    """The mover's view before the move (what they could know)."""
    action: str
    iterations: int
    seed: int


@dataclass(frozen=True)
class ReviewChunk:
    """Some decisions of one game, for another process: the game record travels (plain JSON), and
    the worker replays it once and builds each mover's view itself."""

    record: dict[str, Any]
    plies: tuple[int, ...]
    iterations: int
    seed: int


def _view_before(game: Game, ply: int) -> PlayerView:
    actions, actors, events = game.actions, game.actors, game.events
    history = [(actors[i], str(actions[i])) for i in range(ply)]
    flat = [e for batch in events[:ply] for e in batch]
    state = game.state_at(ply)
    return player_view(state, state.decider, history, flat)


def _task(game: Game, ply: int, iterations: int, seed: int) -> DecisionTask:
    return DecisionTask(ply, game.actors[ply], _view_before(game, ply), str(game.actions[ply]), iterations,
                        seed * 100_003 + ply)  # fmt: skip


def review_chunk(chunk: ReviewChunk) -> list[dict[str, Any]]:
    """Review the decisions of a chunk (in a worker)."""
    game = Game.from_dict(chunk.record)
    return [review_decision(_task(game, ply, chunk.iterations, chunk.seed)) for ply in chunk.plies]


def review_decision(task: DecisionTask) -> dict[str, Any]:
    """Analyse one decision: the search's best move and value, the played move's value, the loss."""
    view = task.view
    d = view.decision
    assert d is not None
    played = parse_action(task.action)
    row: dict[str, Any] = {"ply": task.ply, "seat": task.seat, "action": task.action, "decision": d.kind}
    if len(d.choices) <= 1:
        return {**row, "forced": True, "best": task.action, "value_before": None, "value_after": None,
                "loss": 0.0, "class": None, "accuracy": None, "values": None}  # fmt: skip
    search = Search(view, random.Random(task.seed))
    for _ in search.run(Budget(task.iterations)):
        pass
    best = search.best_action()
    best_node = search.focus(best, DETERMINIZATIONS)
    value_before = best_node.q()
    played_node = best_node if played == best else search.focus(played, DETERMINIZATIONS)
    value_after = played_node.q()
    loss = max(0.0, value_before - value_after) if played != best else 0.0
    kind = classify(loss)
    values = [round(t / played_node.visits, 4) for t in played_node.total]
    row.update({
        "forced": False,
        "best": str(best),
        "value_before": round(value_before, 4),
        "value_after": round(value_after, 4),
        "loss": round(loss, 4),
        "class": kind,
        "accuracy": round(move_accuracy(loss), 1),
        "values": values,
    })  # fmt: skip
    if kind is not None:
        row["best_reason"] = _reason(search, best, view)
        if search.root_values.get(played) is not None or played.kind != best.kind:
            row["played_reason"] = _reason(search, played, view)
    return row


def _reason(search: Search, action: Any, view: PlayerView) -> str:
    if view.decision is not None and view.decision.kind != "action":
        table = _conflict_table(search.dets, search.seat) if search.dets[0].phase in COMMIT_PHASES else None
        if table is not None:
            children = {n.action: n for n in search.root.children}
            for level in table["levels"]:
                node = children.get(parse_action(f"commit {level['commit']}"))
                level["value"] = round(node.q(), 4) if node and node.visits else None
            return conflict_reason(
                table, action.committed, UNIT_NAMES["win_probability" if search.players == 2 else "win_share"]
            )
        return "the search's value of the position after it"
    node = next((n for n in search.root.children if n.action == action), None)
    node = node or search._outside.get(action)
    pv = _pv_pairs(node) if node is not None else []
    return explain(search, action, pv, None)


def review_plies(game: Game, first: int = 0, last: int | None = None) -> list[int]:
    """The plies to review: from ``first``, or the ``last`` ones only."""
    n = len(game)
    start = max(first, n - last) if last is not None else first
    return list(range(max(0, start), n))


def execute(game: Game, plies: Sequence[int], iterations: int, seed: int = 0, workers: int = 1,
            scheduler: Any = None) -> Iterator[list[dict[str, Any]]]:  # fmt: skip
    """Review the decisions at ``plies`` and yield lists of rows as they finish (in completion
    order): in this process, in ``workers`` local processes, or on a Dask cluster (an address or a
    ``distributed.Client``), as ``tournament.execute`` runs games."""
    if scheduler is None and workers <= 1:
        for ply in plies:
            yield [review_decision(_task(game, ply, iterations, seed))]
        return
    record = game.to_dict()
    parts = max(1, workers) * 6 if scheduler is None else max(1, len(plies) // 4)
    size = max(1, math.ceil(len(plies) / parts))
    chunks = [ReviewChunk(record, tuple(plies[i : i + size]), iterations, seed) for i in range(0, len(plies), size)]
    yield from run_all(review_chunk, chunks, workers, scheduler)


def _progress(done: int, total: int, start: float, out: TextIO) -> None:
    width = 28
    filled = width * done // max(1, total)
    elapsed = time.perf_counter() - start
    eta = elapsed / done * (total - done) if done else 0.0
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} decisions, {elapsed:.0f}s, eta {eta:.0f}s")
    out.flush()


def as_game(game: Game | Mapping[str, Any] | str) -> Game:
    """A Game from a Game, a game record (dict or JSON text) or a tournament result row (``"record"``)."""
    if isinstance(game, Game):
        return game
    data: Any = load_json(game, "game record", MAX_REVIEW_CHARS) if isinstance(game, str) else game
    if not isinstance(data, Mapping):
        raise ValueError(f"a game record must be a JSON object, not {type(data).__name__}")
    if "record" in data and isinstance(data["record"], Mapping):
        data = data["record"]
    return Game.from_dict(data)


def review(
    game: Game | Mapping[str, Any] | str,
    *,
    iterations: int = DEFAULT_ITERATIONS,
    workers: int = 1,
    scheduler: Any = None,
    seed: int = 0,
    last: int | None = None,
    progress: TextIO | None = None,
) -> dict[str, Any]:
    """Review every decision of ``game`` (a Game, a record or a tournament row; see the module
    docstring): ``{"moves": [...], "players": [...], ...}``. ``last``: only the last decisions.

    :raises ValueError: a bad record, or ``iterations`` / ``workers`` below 1."""
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        raise ValueError(f"iterations must be a positive integer, not {iterations!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a positive integer, not {workers!r}")
    g = as_game(game)
    plies = review_plies(g, last=last)
    rows: list[dict[str, Any]] = []
    start = time.perf_counter()
    if progress is not None:
        _progress(0, len(plies), start, progress)
    for batch in execute(g, plies, iterations, seed, workers, scheduler):
        rows.extend(batch)
        if progress is not None:
            _progress(len(rows), len(plies), start, progress)
    if progress is not None:
        progress.write("\n")
    rows.sort(key=lambda r: r["ply"])
    setup = g.state_at(0).setup
    for row in rows:
        row["dynasty"] = setup.dynasties[row["seat"]]
    players = []
    for seat in range(setup.players):
        mine = [r for r in rows if r["seat"] == seat and not r["forced"]]
        accuracy = game_accuracy([r["accuracy"] for r in mine])
        players.append({
            "seat": seat,
            "dynasty": setup.dynasties[seat],
            "decisions": len(mine),
            "accuracy": None if accuracy is None else round(accuracy, 1),
            "average_loss": round(sum(r["loss"] for r in mine) / len(mine), 4) if mine else 0.0,
            **{plural: sum(1 for r in mine if r["class"] == name) for name, plural in CLASSES},
        })  # fmt: skip
    value_kind = "win_probability" if setup.players == 2 else "win_share"
    return {
        "schema_version": SCHEMA_VERSION,
        "iterations": iterations,
        "moves": rows,
        "note": "Each decision is analysed from the mover's own view: the hands they could not see are "
        "sampled, never read from the record.",
        "players": players,
        "seconds": round(time.perf_counter() - start, 1),
        "thresholds": dict(THRESHOLDS),
        "unit": UNIT_NAMES[value_kind],
        "value_kind": value_kind,
    }


def curve(report: Mapping[str, Any], seat: int = 0) -> dict[int, float]:
    """``seat``'s value after each reviewed move (ply after the move → value), for a chart."""
    return {r["ply"] + 1: r["values"][seat] for r in report["moves"] if r["values"] is not None}


def format_review(report: Mapping[str, Any]) -> str:
    """The review as text: the flagged moves with the better move and why, then each player's accuracy."""
    lines = [f"Review ({report['iterations']} iterations per decision; losses in points of {report['unit']}). "
             + report["note"]]  # fmt: skip
    for r in report["moves"]:
        if r["class"] is None:
            continue
        lines.append(f"  {r['ply'] + 1:>4}. {r['dynasty']:<6} {r['action']:<22} {MARKS[r['class']]:<2} {r['class']:<10} "
                     f"−{100 * r['loss']:.0f}  best: {r['best']}")  # fmt: skip
        if r.get("best_reason"):
            lines.append(f"        why: {r['best_reason']}")
    for p in report["players"]:
        acc = "–" if p["accuracy"] is None else f"{p['accuracy']:.0f}"
        counts = ", ".join(f"{p[many]} {one if p[many] == 1 else many}" for one, many in CLASSES)
        lines.append(f"  {p['dynasty']:<6} accuracy {acc:>3}  over {p['decisions']} decisions: {counts}")
    return "\n".join(lines)


def main_review(path: str, *, as_json: bool, workers: int, scheduler: str | None, iterations: int,
                quiet: bool) -> int:  # fmt: skip
    """The ``review`` subcommand of ``python -m tigris_widget``."""
    try:
        text = read_text_file(path, "game record", MAX_REVIEW_CHARS)
        report = review(text, iterations=iterations, workers=workers, scheduler=scheduler,
                        progress=None if quiet else sys.stderr)  # fmt: skip
    except (ValueError, OSError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(json.dumps(report, indent=1) if as_json else format_review(report))
    return 0
