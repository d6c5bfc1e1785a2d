"""Game review, for every game: each move of a finished (or ongoing) game analysed by the game's search,
the loss of each move against the best one, inaccuracies, mistakes and blunders, and each player's
accuracy.

    >>> from tigris_widget.bots import make_bot
    >>> from tigris_widget.bots.review import review
    >>> from tigris_widget.bots.runner import play
    >>> from tigris_widget.core.registry import game_module
    >>> game = play(game_module("tigris").new_game(2, 5, None), [make_bot("greedy", 1), make_bot("random", 2)])
    >>> report = review(game, iterations=60, last=6)          # the last 6 moves only, quickly
    >>> sorted(report)[:3]
    ['game', 'iterations', 'moves']
    >>> report["moves"][-1]["loss"] >= 0
    True

**A move** is what the game's analysis judges (its module's ``moves``): one action in *Tigris &
Euphrates* (support and war order included), a whole turn in *Ur*. Each row has the move's first
``ply`` and its ``plies``.

**One unit.** Values are the mover's chance to win (or share of the win) as the search estimates it,
like the analysis (``bots.analysis``). For each move the game's analysis runs on the position
before it with the played move as its *focus*, so both the search's best move (``value_before``: the
position with best play) and the move played (``value_after``) are searched, on the same samples;
the *loss* is how much the move gave away, ``max(0, value_before − value_after)``.

**Classes** (``THRESHOLDS``, in win-probability points as Lichess counts them): a loss of 5 points or
more is an *inaccuracy*, 10 a *mistake*, 20 a *blunder*. Because the unit saturates, a move in a game
already won or lost by a mile rarely loses much.

**Accuracy** per move is ``103.17·exp(−0.0435·loss) − 3.17`` with the loss in points, clamped to
0–100 (100 for the best move, about 62 for a 10-point loss, 39 for 20); a player's accuracy is the
mean of the arithmetic and the harmonic mean of their moves' accuracies, so a few blunders weigh
heavily. Forced moves (one legal choice) are listed but not counted.

**Fair.** Each move is analysed from the mover's own view — in a game that hides something (T&E's
hands) what they could not see is sampled, never read from the record — so a move is judged on what
its player could know.

Moves are independent, so the review runs in parallel: ``workers`` local processes, or a Dask
cluster (``scheduler="tcp://…"``), as tournaments do.
"""

from __future__ import annotations

import json
import math
import sys
import textwrap
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from tigris_widget.bots.analysis import Analysis, analyze_iter
from tigris_widget.bots.parallel import run_all
from tigris_widget.core.files import MAX_JSON_CHARS, load_json, read_text_file
from tigris_widget.core.protocol import GameLike
from tigris_widget.core.registry import game_module, games
from tigris_widget.core.text import points

THRESHOLDS: dict[str, float] = {"inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.20}
"""Smallest loss (in win probability, 0–1) of each class of bad move."""
MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
CLASSES = (("inaccuracy", "inaccuracies"), ("mistake", "mistakes"), ("blunder", "blunders"))
DEFAULT_ITERATIONS = 300
SCHEMA_VERSION = 1
MAX_REVIEW_CHARS = 2 * MAX_JSON_CHARS
"""Longest input reviewed: a game record, or a tournament result row (a record and its statistics)."""


def plural(count: int, one: str, many: str) -> str:
    """``"1 blunder"``, ``"2 blunders"``, ``"0 blunders"``."""
    return f"{count} {one if count == 1 else many}"


def class_counts(player: Mapping[str, Any]) -> str:
    """A player's bad moves in words, grammatical: ``"0 inaccuracies, 1 mistake, 2 blunders"``."""
    return ", ".join(plural(int(player[many]), one, many) for one, many in CLASSES)


def loss_words(loss: float, unit: str = "chance to win") -> str:
    """A move's loss (in win probability, 0–1) in words, its one figure with the unit: what the move
    gives away in percentage points of ``unit``: "gives away 18 points of chance to win", "… 1 point …"."""
    if loss <= 0:
        return "is as good as the best"
    if 100 * loss < 0.5:
        return f"gives away less than 1 point of {unit}"
    return f"gives away {points(100 * loss)} of {unit}"


def better_why(move: Mapping[str, Any]) -> str:
    """Why the better move is better, as the end of a sentence (its capital lowered unless a name's)."""
    why = str(move.get("best_reason") or "").rstrip(". ")
    return why[:1].lower() + why[1:] if why[1:2].islower() else why


def review_sentence(move: Mapping[str, Any]) -> str:
    """One reviewed move in plain sentences, one loss figure in all: "Mistake by P1: it gives away
    18 points of chance to win. Better was …: why." (the why in its own sentence, so that a figure
    in it is never read as a second loss)."""
    what = "turn" if move.get("plies", 1) > 1 else "move"
    who = str(move.get("name", f"P{move.get('seat', '?')}"))
    gives = loss_words(float(move["loss"]), str(move.get("unit", "chance to win")))
    if move["class"] is None:
        return f"A good {what} by {who}: it {gives}."
    why = better_why(move)
    better = str(move.get("best_name") or move["best"])  # an Ur turn's short name, not its whole line
    text = f"{str(move['class']).capitalize()} by {who}: it {gives}. Better was {better}"
    return f"{text}: {why}." if why else f"{text}."


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
class ReviewChunk:
    """Some moves of one game, for another process: the game's name and record travel (plain text),
    and the worker replays it once and analyses each move from the position before it."""

    game: str
    record: str
    moves: tuple[tuple[int, int], ...]
    iterations: int
    seed: int


def _before(game: GameLike, ply: int) -> GameLike:
    """A copy of ``game`` as it stood before ``ply`` actions had been played."""
    copy = game.clone()
    while len(copy) > ply:
        copy.undo()
    return copy


def review_move(game: GameLike, first: int, plies: int, iterations: int, seed: int) -> dict[str, Any]:
    """Analyse one move (``plies`` actions from ``first``; one action in T&E, a whole turn in Ur) from
    the position before it, through the game's analysis with the move played as its focus: the best
    move's value, the played move's value (searched as much), the loss."""
    before = _before(game, first)
    decision = before.decision
    assert decision is not None, "a move is played where a decision is pending"
    played = [str(a) for a in game.actions[first : first + plies]]
    text = "; ".join(played)
    row: dict[str, Any] = {"ply": first, "plies": plies, "seat": decision.seat, "action": text,
                           "decision": decision.kind}  # fmt: skip
    if plies == 1 and len(before.legal_actions()) <= 1:
        return {**row, "forced": True, "best": text, "value_before": None, "value_after": None,
                "loss": 0.0, "class": None, "accuracy": None, "values": None}  # fmt: skip
    *_, analysis = analyze_iter(before, iterations, seed=seed * 100_003 + first, every=3600.0, focus=played)
    best = analysis.best
    mine = analysis.candidate(text)
    assert mine is not None and mine.value is not None and best.value is not None, "the focus is always searched"
    loss = max(0.0, best.value - mine.value) if mine.text != best.text else 0.0
    kind = classify(loss)
    row.update({
        "forced": False,
        "best": best.text,
        "best_actions": list(best.actions),
        "value_before": best.value,
        "value_after": mine.value,
        "loss": round(loss, 4),
        "class": kind,
        "accuracy": round(move_accuracy(loss), 1),
        "values": list(mine.values),
        "hidden": analysis.hidden_information,
        "unit": analysis.unit,
    })  # fmt: skip
    if best.name:  # a short name (an Ur turn's): sentences and captions name the better move by it
        row["best_name"] = best.name
    if kind is not None:
        # the better move's own reason: the analysis' explanation compares it with others, in figures
        # that would read as a second loss beside the review's
        row["best_reason"] = best.reason or analysis.explanation or "the search's value of the position after it"
        row["best_marks"] = _marks(analysis, best.text)
        if mine.reason:
            row["played_reason"] = mine.reason
    return row


def _marks(analysis: Analysis, text: str) -> dict[str, Any]:
    """Where the better move goes on the board: framed squares and arrows (plain JSON)."""
    marks = analysis.marks.get(text)
    if marks is None:
        return {"squares": [], "arrows": []}
    return {"squares": list(marks.squares), "arrows": [[a.start, a.end] for a in marks.arrows]}


def review_chunk(chunk: ReviewChunk) -> list[dict[str, Any]]:
    """Review the moves of a chunk (in a worker)."""
    game = game_module(chunk.game).game_from_record(chunk.record)
    return [review_move(game, first, plies, chunk.iterations, chunk.seed) for first, plies in chunk.moves]


def review_moves(game: GameLike, first: int = 0, last: int | None = None) -> list[tuple[int, int]]:
    """The moves to review as (first ply, plies): those starting from ply ``first``, or the ``last`` ones."""
    moves = [m for m in game_module(game.name).moves(game) if m[0] >= first]
    return moves[-last:] if last is not None and last > 0 else ([] if last == 0 else moves)


def execute(game: GameLike, moves: Sequence[tuple[int, int]], iterations: int, seed: int = 0, workers: int = 1,
            scheduler: Any = None) -> Iterator[list[dict[str, Any]]]:  # fmt: skip
    """Review ``moves`` and yield lists of rows as they finish (in completion order): in this
    process, in ``workers`` local processes, or on a Dask cluster (an address or a
    ``distributed.Client``), as ``tournament.execute`` runs games."""
    if scheduler is None and workers <= 1:
        for first, plies in moves:
            yield [review_move(game, first, plies, iterations, seed)]
        return
    record = game.to_record()
    parts = max(1, workers) * 6 if scheduler is None else max(1, len(moves) // 4)
    size = max(1, math.ceil(len(moves) / parts))
    chunks = [ReviewChunk(game.name, record, tuple(moves[i : i + size]), iterations, seed)
              for i in range(0, len(moves), size)]  # fmt: skip
    yield from run_all(review_chunk, chunks, workers, scheduler)


def _progress(done: int, total: int, start: float, out: TextIO) -> None:
    width = 28
    filled = width * done // max(1, total)
    elapsed = time.perf_counter() - start
    eta = elapsed / done * (total - done) if done else 0.0
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} decisions, {elapsed:.0f}s, eta {eta:.0f}s")
    out.flush()


def _from_record(text: str) -> GameLike:
    """The game whose record ``text`` is: the first registered game that reads it."""
    problems = []
    for name in games():
        try:
            return game_module(name).game_from_record(text)
        except ValueError as err:
            problems.append(f"{name}: {err}")
    raise ValueError("not a game record of any game here — " + "; ".join(problems))


def as_game(game: GameLike | Mapping[str, Any] | str) -> GameLike:
    """A game from a game, a game record (a dict, JSON text or a game's own record text) or a
    tournament result row (its ``"record"``)."""
    if not isinstance(game, (str, Mapping)):
        if isinstance(getattr(game, "name", None), str) and hasattr(game, "to_record"):
            return game
        raise ValueError(f"a game, a game record or a tournament row, not {type(game).__name__}")
    if isinstance(game, str):
        if len(game) > MAX_REVIEW_CHARS:
            raise ValueError(f"the game record is {len(game):,} characters long; at most {MAX_REVIEW_CHARS:,} are read")
        if not game.lstrip().startswith(("{", "[")):
            return _from_record(game)
    data: Any = load_json(game, "game record", MAX_REVIEW_CHARS) if isinstance(game, str) else game
    if not isinstance(data, Mapping):
        raise ValueError(f"a game record must be a JSON object, not {type(data).__name__}")
    record = data.get("record") if isinstance(data.get("record"), (Mapping, str)) else data
    return _from_record(record if isinstance(record, str) else json.dumps(record))


def review(
    game: GameLike | Mapping[str, Any] | str,
    *,
    iterations: int = DEFAULT_ITERATIONS,
    workers: int = 1,
    scheduler: Any = None,
    seed: int = 0,
    last: int | None = None,
    progress: TextIO | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Review every move of ``game`` (a game, a record or a tournament row; see the module
    docstring): ``{"moves": [...], "players": [...], ...}``. ``last``: only the last moves.
    ``progress`` gets a text progress line; ``on_progress(done, total)`` is called before the first
    move and after each batch (a notebook's progress bar: ``jupyter.stepper.review_game``).

    :raises ValueError: a bad record, or ``iterations`` / ``workers`` below 1."""
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        raise ValueError(f"iterations must be a positive integer, not {iterations!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a positive integer, not {workers!r}")
    if last is not None and (isinstance(last, bool) or not isinstance(last, int) or last < 0):
        raise ValueError(f"last must be a number of moves (0 or more), not {last!r}")
    g = as_game(game)
    moves = review_moves(g, last=last)
    rows: list[dict[str, Any]] = []
    start = time.perf_counter()
    if progress is not None:
        _progress(0, len(moves), start, progress)
    if on_progress is not None:
        on_progress(0, len(moves))
    for batch in execute(g, moves, iterations, seed, workers, scheduler):
        rows.extend(batch)
        if progress is not None:
            _progress(len(rows), len(moves), start, progress)
        if on_progress is not None:
            on_progress(len(rows), len(moves))
    if progress is not None:
        progress.write("\n")
    rows.sort(key=lambda r: r["ply"])
    names = [str(s["name"]) for s in game_module(g.name).present(g, None, 0)["seats"]]
    hidden = any(r.pop("hidden", False) for r in rows)
    units = {r.pop("unit") for r in rows if "unit" in r}
    unit = units.pop() if len(units) == 1 else "chance to win"
    for row in rows:
        row["name"] = names[row["seat"]]
        row["dynasty"] = row["name"].lower()  # the name T&E reports have always used
    players = []
    for seat, seat_name in enumerate(names):
        mine = [r for r in rows if r["seat"] == seat and not r["forced"]]
        accuracy = game_accuracy([r["accuracy"] for r in mine])
        players.append({
            "seat": seat,
            "name": seat_name,
            "dynasty": seat_name.lower(),
            "decisions": len(mine),
            "accuracy": None if accuracy is None else round(accuracy, 1),
            "average_loss": round(sum(r["loss"] for r in mine) / len(mine), 4) if mine else 0.0,
            **{plural: sum(1 for r in mine if r["class"] == name) for name, plural in CLASSES},
        })  # fmt: skip
    note = ("Each move is analysed from the mover's own view: what they could not see is sampled, never read "
            "from the record." if hidden else "Nothing is hidden in this game: each move is judged on the whole "
            "position before it.")  # fmt: skip
    return {
        "schema_version": SCHEMA_VERSION,
        "game": g.name,
        "iterations": iterations,
        "moves": rows,
        "note": note,
        "players": players,
        "seconds": round(time.perf_counter() - start, 1),
        "thresholds": dict(THRESHOLDS),
        "unit": unit,
        "value_kind": "win_share" if unit == "share of the win" else "win_probability",
    }


def curve(report: Mapping[str, Any], seat: int = 0) -> dict[int, float]:
    """``seat``'s value after each reviewed move (ply after the move → value), for a chart."""
    return {r["ply"] + r.get("plies", 1): r["values"][seat] for r in report["moves"] if r["values"]}


def format_review(report: Mapping[str, Any], width: int = 88) -> str:
    """The review as text: the flagged moves with the better move and why, then each player's accuracy,
    wrapped at ``width`` characters between words (an Ur turn's best line alone can run to 150), each
    entry's later lines indented under its first."""
    if not isinstance(width, int) or isinstance(width, bool) or width < 30:
        raise ValueError(f"width must be a whole number of characters, at least 30, not {width!r}")
    try:
        return _review_text(report, width)
    except (KeyError, TypeError, ValueError, AttributeError) as err:  # a hand-built or edited report
        raise ValueError(f"not a review report (as bots.review.review returns): {type(err).__name__} {err}") from err


def _review_text(report: Mapping[str, Any], width: int) -> str:
    def entry(text: str, first: str, rest: str) -> str:
        return textwrap.fill(text, width, initial_indent=first, subsequent_indent=rest,
                             break_long_words=False, break_on_hyphens=False)  # fmt: skip

    lines = [entry(f"Review ({report['iterations']} iterations per decision; losses in percentage points of "
                   f"{report['unit']}). " + report["note"], "", "")]  # fmt: skip
    for r in report["moves"]:
        if r["class"] is None:
            continue
        # numbered as the board, the stepper's narration and the charts' x-axis count: one per action
        lines.append(entry(f"move {r['ply'] + 1:>3} {r['name']:<6} {r['action']:<22} {MARKS[r['class']]:<2} "
                           f"{r['class']:<10} −{100 * r['loss']:.0f}  best: {r['best']}", "  ", " " * 8))  # fmt: skip
        if r.get("best_reason"):
            lines.append(entry(f"why: {r['best_reason']}", " " * 8, " " * 13))
    for p in report["players"]:
        acc = "–" if p["accuracy"] is None else f"{p['accuracy']:.0f}"
        lines.append(entry(f"{p['name']:<6} accuracy {acc:>3}  over {plural(p['decisions'], 'move', 'moves')}: "
                           f"{class_counts(p)}", "  ", " " * 4))  # fmt: skip
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
