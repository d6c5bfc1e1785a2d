"""Is the default analysis stable? A benchmark on positions with a clear best move, for every game.

The test set (``stability_positions.json`` beside this module) holds positions from seeded bot games
where independent long searches (several seeds, each with its top moves searched to equal depth)
all name the same best move and it beats every measured rival by a paired interval over the runs
and by a clear margin (``MIN_MARGIN``). ``select_positions`` builds it (re-runnable: the same
settings give the same file); ``run_benchmark`` then asks the *default* analysis (``bots.analysis.analyze`` with no
budget, or the budget given) for its best move with several seeds and counts how often it names the
stored one. The bar is the same move in at least 9 of 10 seeds on every position.

    >>> from tigris_widget.bots.stability import load_positions, run_benchmark
    >>> positions = load_positions()[:1]
    >>> result = run_benchmark(positions, seeds=2, iterations=30)
    >>> len(result.rows), result.rows[0].seeds
    (1, 2)

Games are reached through ``core.registry.game_module`` only; a move is a tuple of action texts (one
action, or the steps of a whole turn), and two moves are the same when their texts are, or when they
lead to the same position (a turn's steps may be written in another order).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TextIO

from tigris_widget.bots.analysis import analyze
from tigris_widget.core.analysis import Analysis
from tigris_widget.core.files import read_text_file
from tigris_widget.core.protocol import GameLike
from tigris_widget.core.registry import game_module, games

DATA = Path(__file__).with_name("stability_positions.json")
MAX_FILE_CHARS = 20_000_000
"""A test-set file is refused past this size (the shipped one is about 130 KB)."""
"""The shipped test set."""
FORMAT = "tigris_widget stability positions 1"
BAR = 0.9
"""A position passes when the default analysis names the stored move in at least this share of seeds."""
PHASES = ("opening", "middle", "late")


class StabilityDataError(ValueError):
    """A test-set file (or one of its positions) is malformed; the message says where."""


@dataclass(frozen=True)
class StablePosition:
    """One position of the test set and what the long search found there."""

    key: str
    game: str
    players: int
    phase: str
    """``opening``, ``middle`` or ``late``: where in its game the position was taken."""
    decision: str
    """The kind of decision pending, as the game names it."""
    position: str
    """The game's position text (``game_module(game).game_from_position``)."""
    best: tuple[str, ...]
    """The long search's best move, as action texts."""
    margin: float
    """The smallest gap, over the long search's seeds, between the best value and the runner-up's."""
    long: dict[str, Any] = field(default_factory=dict)
    """How the long search ran and what each seed found (iterations, seeds, values, intervals)."""
    origin: dict[str, Any] = field(default_factory=dict)
    """The bot game it comes from (seed, ply, bots)."""

    def game_at(self) -> GameLike:
        """A new game at this position."""
        return game_module(self.game).game_from_position(self.position)


# -- moves ---------------------------------------------------------------------------------------
def play_move(game: GameLike, move: Sequence[str]) -> GameLike:
    """A copy of ``game`` with the move's actions played; ``ValueError`` (the game's own, naming the
    rule) if one of them is not legal there."""
    if isinstance(move, str) or not move or not all(isinstance(a, str) for a in move):
        raise StabilityDataError(f"a move is a non-empty list of action texts, not {move!r:.80}")
    after = game.clone()
    for text in move:
        if after.is_over:
            raise StabilityDataError(f"the game is over before {text!r} of the move {'; '.join(move)!r}")
        after.apply(text)
    return after


def same_move(game: GameLike, a: Sequence[str], b: Sequence[str]) -> bool:
    """Do moves ``a`` and ``b`` (action texts) do the same in ``game``: written alike, or leading to the
    same position?"""
    if tuple(a) == tuple(b):
        return True
    try:
        return play_move(game, a).to_position() == play_move(game, b).to_position()
    except ValueError:
        return False


# -- the data file -------------------------------------------------------------------------------
def _need(row: dict[str, Any], name: str, kind: type | tuple[type, ...], where: str) -> Any:
    value = row.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise StabilityDataError(f"{where}: {name!r} is missing or not a {getattr(kind, '__name__', kind)}")
    return value


def parse_positions(data: object, name: str = "stability data") -> list[StablePosition]:
    """The positions of a test-set file's JSON data; ``StabilityDataError`` naming what is malformed."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StabilityDataError(f"{name}: not a stability test set (its 'format' must be {FORMAT!r})")
    rows = data.get("positions")
    if not isinstance(rows, list):
        raise StabilityDataError(f"{name}: 'positions' must be a list")
    out: list[StablePosition] = []
    keys: set[str] = set()
    for i, row in enumerate(rows):
        where = f"{name}, position {i}"
        if not isinstance(row, dict):
            raise StabilityDataError(f"{where}: a position is an object, not {type(row).__name__}")
        key = _need(row, "key", str, where)
        where = f"{name}, position {key!r}"
        if key in keys:
            raise StabilityDataError(f"{where}: the key is used twice")
        keys.add(key)
        game = _need(row, "game", str, where)
        if game not in games():
            raise StabilityDataError(f"{where}: unknown game {game!r} (the games are {', '.join(games())})")
        best = _need(row, "best", list, where)
        if not best or not all(isinstance(a, str) and a for a in best):
            raise StabilityDataError(f"{where}: 'best' must be a non-empty list of action texts")
        phase = _need(row, "phase", str, where)
        if phase not in PHASES:
            raise StabilityDataError(f"{where}: 'phase' must be one of {', '.join(PHASES)}, not {phase!r}")
        out.append(
            StablePosition(
                key=key,
                game=game,
                players=_need(row, "players", int, where),
                phase=phase,
                decision=_need(row, "decision", str, where),
                position=_need(row, "position", str, where),
                best=tuple(best),
                margin=float(_need(row, "margin", (int, float), where)),
                long=dict(row.get("long") or {}),
                origin=dict(row.get("origin") or {}),
            )
        )
    return out


def load_positions(path: str | os.PathLike[str] | None = None, game: str | None = None) -> list[StablePosition]:
    """The test set (the shipped one by default), optionally of one game only."""
    where = Path(path) if path is not None else DATA
    try:
        data = json.loads(read_text_file(where, "stability test set", MAX_FILE_CHARS))
    except json.JSONDecodeError as err:
        raise StabilityDataError(f"{where.name}: not JSON ({err})") from err
    positions = parse_positions(data, where.name)
    return [p for p in positions if game is None or p.game == game]


def check_position(p: StablePosition) -> GameLike:
    """The game at ``p``, after checking that the position loads, a decision with a choice is pending
    and the stored move is legal there; ``StabilityDataError`` otherwise."""
    try:
        game = p.game_at()
    except ValueError as err:
        raise StabilityDataError(f"position {p.key!r} does not load: {err}") from err
    decision = game.decision
    if decision is None or len(decision.choices) < 2:
        raise StabilityDataError(f"position {p.key!r} has no decision with a choice pending")
    try:
        play_move(game, p.best)
    except ValueError as err:
        raise StabilityDataError(
            f"position {p.key!r}: the stored move {'; '.join(p.best)!r} is not legal: {err}"
        ) from err
    return game


def write_positions(
    positions: Iterable[StablePosition], path: str | os.PathLike[str], settings: dict[str, Any]
) -> None:
    """Write a test set (sorted by key: a re-run with the same settings writes the same file)."""
    rows = [asdict(p) for p in sorted(positions, key=lambda p: (p.game, p.key))]
    for row in rows:
        row["best"] = list(row["best"])
    data = {"format": FORMAT, "settings": settings, "positions": rows}
    Path(path).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


# -- choosing the positions ----------------------------------------------------------------------
@dataclass(frozen=True)
class Separation:
    """How clearly an analysis' best candidate stands above the rest."""

    best: tuple[str, ...]
    value: float
    second: tuple[str, ...] | None
    second_value: float | None
    gap: float
    """best value − runner-up value (the runner-up: the second most visited)."""
    apart: bool
    """The intervals do not overlap and no other searched candidate has a higher value."""
    low: float | None = None
    second_high: float | None = None


def separation(result: Analysis) -> Separation:
    """The best candidate against the runner-up (see ``Separation``)."""
    best = result.candidates[0]
    value = best.value if best.value is not None else 0.0
    others = [c for c in result.candidates[1:] if c.visits > 0 and c.value is not None]
    if not others:
        return Separation(best.actions, value, None, None, 1.0, len(result.candidates) == 1, best.low, None)
    second = others[0]
    assert second.value is not None
    above = any(c.value is not None and c.value >= value for c in others)
    apart = best.low is not None and second.high is not None and best.low > second.high and not above
    return Separation(best.actions, value, second.actions, second.value, value - second.value, apart, best.low,
                      second.high)  # fmt: skip


def lcb_choice(result: Analysis) -> tuple[str, ...]:
    """The candidate with the highest lower end of its interval (the most visited when none has one):
    a final choice that counts both value and certainty, measured here against choosing by visits."""
    rated = [c for c in result.candidates if c.visits > 1 and c.low is not None]
    if not rated:
        return result.best.actions
    return max(rated, key=lambda c: (c.low, c.visits)).actions


def _players(game: str) -> list[int]:
    """The player counts a game allows with its default options."""
    counts = []
    for n in (2, 3, 4, 5, 6):
        try:
            game_module(game).new_game(n, 0, None)
        except ValueError:
            continue
        counts.append(n)
    return counts


def _replay(game: str, players: int, seed: int, actions: Sequence[Any], ply: int) -> GameLike:
    g = game_module(game).new_game(players, seed, None)
    for a in actions[:ply]:
        g.apply(a)
    return g


@dataclass(frozen=True)
class Pick:
    """A candidate position from a bot game, before the searches judge it."""

    game: str
    players: int
    seed: int
    ply: int
    phase: str
    decision: str
    bots: tuple[str, ...]
    position: str

    @property
    def key(self) -> str:
        return f"{self.game}-{self.players}p-s{self.seed}-{self.ply}"


def candidate_positions(game: str, games_per_count: int, seed: int) -> list[Pick]:
    """Positions from seeded bot games of ``game`` (every player count it allows): from each game one
    decision of its most common kind in the opening, middle and late game, and one of each rarer kind
    (conflicts, monuments … wherever the game has them). Decisions with a single choice are skipped."""
    from tigris_widget.bots import make_bot
    from tigris_widget.bots.runner import play

    rng = random.Random(seed)
    picks: list[Pick] = []
    for players in _players(game):
        for k in range(games_per_count):
            game_seed = seed * 1000 + players * 100 + k
            # greedy bots, and in every other game a small search (60 iterations) in one seat, for less uniform play
            names = ["greedy"] * players
            if k % 2:
                names[k % players] = "search:60"
            bots = [make_bot(n, game_seed * 7919 + s + 1, game) for s, n in enumerate(names)]
            try:
                played = play(game_module(game).new_game(players, game_seed, None), bots)
            except RuntimeError:  # a runaway game: take its positions all the same
                continue
            g = game_module(game).new_game(players, game_seed, None)
            plies: list[tuple[int, str]] = []
            for ply, action in enumerate(played.actions):
                d = g.decision
                if d is not None and len(d.choices) > 1:
                    plies.append((ply, d.kind))
                g.apply(action)
            if not plies:
                continue
            kinds = Counter(kind for _, kind in plies)
            common = kinds.most_common(1)[0][0]
            usual = [ply for ply, kind in plies if kind == common]
            chosen: list[tuple[int, str]] = []
            for i, phase in enumerate(PHASES):
                part = usual[len(usual) * i // 3 : len(usual) * (i + 1) // 3]
                if part:
                    chosen.append((rng.choice(part), phase))
            for kind in sorted(kinds):
                if kind != common:
                    chosen.append((rng.choice([ply for ply, kd in plies if kd == kind]), ""))
            total = len(played.actions)
            for ply, phase in chosen:
                phase = phase or PHASES[min(2, 3 * ply // max(1, total))]
                at = _replay(game, players, game_seed, played.actions, ply)
                d = at.decision
                assert d is not None
                if not _round_trips(at):
                    continue
                picks.append(Pick(game, players, game_seed, ply, phase, d.kind, tuple(names), at.to_position()))
    return picks


def _round_trips(game: GameLike) -> bool:
    """Does the position text give back this decision with the same choices? (Not always: a position
    text may leave out what the turn under way has done so far.)"""
    again = game_module(game.name).game_from_position(game.to_position())
    a, b = game.decision, again.decision
    return (a is not None and b is not None and (a.seat, a.kind) == (b.seat, b.kind)
            and sorted(map(str, game.legal_actions())) == sorted(map(str, again.legal_actions())))  # fmt: skip


def _interleave(groups: dict[Any, list[Any]]) -> list[Any]:
    """The groups' items round-robin (each group in its own order), so a prefix stays varied."""
    out: list[Any] = []
    lists = [groups[k] for k in sorted(groups, key=str)]
    for i in range(max((len(x) for x in lists), default=0)):
        out += [x[i] for x in lists if i < len(x)]
    return out


def _seed_report(result: Analysis, sep: Separation) -> dict[str, Any]:
    return {
        "best": list(sep.best),
        "value": round(sep.value, 4),
        "low": sep.low,
        "second": list(sep.second) if sep.second else None,
        "second_value": None if sep.second_value is None else round(sep.second_value, 4),
        "second_high": sep.second_high,
        "visits": result.candidates[0].visits,
        "iterations": result.iterations,
        "seconds": round(result.seconds, 1),
    }


T975 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26}
"""Student's t, two-sided 95 %, by degrees of freedom (seeds − 1): the interval of a mean over a few
independent runs."""
MIN_MARGIN = 0.02
"""A kept best must beat every measured rival by at least this mean gap (two points of win chance):
a smaller lead is real only to a 40,000-iteration search, and to a user the two moves are too close
to call (the analysis shows their intervals overlapping)."""
RIVAL_SHARE = 0.02
"""A candidate counts as a rival of the best in a run when it got at least this share of the best's
visits (fewer: its value is a handful of samples, not an estimate)."""


@dataclass(frozen=True)
class Agreement:
    """What independent long searches (one per seed) say together about a position."""

    best: tuple[str, ...] | None
    """The move every run names (None when they differ)."""
    second: tuple[str, ...] | None
    """The rival hardest to tell from it (the lowest ``low``)."""
    margin: float
    """The smallest mean gap to a rival (best value − its value, paired run by run)."""
    low: float
    """The lowest lower end, over the rivals, of the 95 % interval of the gap over the runs (Student's
    t): above 0 means the runs, each with its own sampled hands, agree that the best is better."""
    apart: bool
    """Every run names the same move, every rival's gap interval lies above 0 and the margin is at
    least ``MIN_MARGIN`` (a position with no measured rival is not kept: a runner-up UCT barely
    visited says nothing)."""


def across_seeds(game: GameLike, results: Sequence[Analysis], min_margin: float = MIN_MARGIN) -> Agreement:
    """Judge a position from independent runs: the best must be each run's choice, and its value
    minus each rival's, paired run by run, must stay above 0 within the spread of the runs — an
    interval that covers the sampling of hidden hands and the tree's own noise, which one run's
    visit statistics do not — and its mean must be at least ``min_margin`` (a clear best, not a tie
    that many iterations can just separate)."""
    first = results[0].best.actions
    if not all(same_move(game, first, r.best.actions) for r in results):
        return Agreement(None, None, 0.0, 0.0, False)
    gaps: dict[tuple[str, ...], list[float]] = {}
    for r in results:
        top = r.best
        assert top.value is not None
        for c in r.candidates:
            if c is top or c.value is None or c.visits < max(2, RIVAL_SHARE * top.visits):
                continue
            gaps.setdefault(c.actions, []).append(top.value - c.value)
    if not gaps:  # no other move was measured: nothing shows that the best is better
        return Agreement(first, None, 0.0, 0.0, False)
    judged = []
    for actions, g in gaps.items():
        mean = statistics.fmean(g)
        if len(g) == len(results) and len(g) > 1:
            low = mean - T975.get(len(g) - 1, 2.0) * statistics.stdev(g) / len(g) ** 0.5
        else:  # a rival some runs left out: too few pairs for an interval, it must lose in every one
            low = min(g) if len(g) > 1 or len(results) == 1 else -1.0
        judged.append((low, mean, actions))
    low, _, second = min(judged, key=lambda x: (x[0], x[1]))
    margin = min(m for _, m, _ in judged)
    return Agreement(first, second, round(margin, 4), round(low, 4), low > 0 and margin > 0 and margin >= min_margin)


RIVALS = 3
"""The long search measures this many root moves (the best included) in every run."""
RIVAL_VISITS = 2000
"""... to at least this many visits each."""


def long_runs(game: GameLike, iterations: int, seeds: Sequence[int], top: int = RIVALS,
              visits: int = RIVAL_VISITS) -> list[Analysis]:  # fmt: skip
    """One independent long search per seed, with the rivals measured: a game that can
    (``rivals_analysis`` in its module) searches each run's ``top`` most visited moves to ``visits``
    each, and then, in every run, each move some run measured (a rival must be compared in every run,
    paired); another game's runs are its plain analyses."""
    measure = getattr(game_module(game.name), "rivals_analysis", None)  # core.protocol.RivalsAnalysisHook
    if measure is None:
        return [analyze(game, iterations=iterations, seed=s, every=3600.0) for s in seeds]
    results: list[Analysis] = [measure(game, iterations, seed=s, top=top, visits=visits) for s in seeds]
    union = {c.actions for r in results for c in r.candidates if c.visits >= visits}
    for i, s in enumerate(seeds):
        have = {c.actions for c in results[i].candidates if c.visits >= visits}
        missing = [a for a in sorted(union - have) if not any(same_move(game, a, h) for h in have)]
        if missing:  # the same search again (the same seed and budget), these moves measured too
            extra = [t for a in missing for t in a]
            results[i] = measure(game, iterations, seed=s, top=top, visits=visits, extra=extra)
    return results


def _run_report(result: Analysis) -> dict[str, Any]:
    top = result.best
    runner = next((c for c in result.candidates[1:] if c.value is not None and c.visits > 0), None)
    return {
        "best": list(top.actions),
        "value": top.value,
        "visits": top.visits,
        "second": list(runner.actions) if runner else None,
        "second_value": runner.value if runner else None,
        "second_visits": runner.visits if runner else 0,
        "iterations": result.iterations,
        "seconds": round(result.seconds, 1),
    }


def select_positions(
    game: str,
    *,
    seed: int = 1,
    games_per_count: int = 4,
    screen_iterations: int = 4000,
    long_iterations: int = 5000,
    long_seeds: int = 4,
    long_candidates: int = 36,
    progress: TextIO | None = None,
    on_keep: Callable[[list[StablePosition]], object] | None = None,
    part: tuple[int, int] = (0, 1),
    screened: dict[str, tuple[float, bool]] | None = None,
    reverse: bool = False,
    picks: list[Pick] | None = None,
    skip: frozenset[str] = frozenset(),
    rivals: int = RIVALS,
    rival_visits: int = RIVAL_VISITS,
    only: Sequence[str] = (),
) -> tuple[list[StablePosition], dict[str, Any]]:
    """Choose a game's test positions: candidates from bot games, a screening search (one seed,
    ``screen_iterations``) keeps those whose best stands apart, and the first ``long_candidates`` of
    them (varied: round-robin over player counts and phases/decisions, clearest first) get the long
    search: ``long_iterations`` with each of ``long_seeds`` seeds, independent runs (their own hand
    samples and trees). A position is kept when every run names the same move and its gap to every
    rival, paired run by run, has a 95 % interval over the runs above 0 (``across_seeds``). Budgets
    are iterations, so the selection is deterministic. ``on_keep`` receives the positions kept so far
    after each long search (to save a long run as it goes); ``part=(i, n)`` long-searches only every
    n-th chosen candidate from the i-th (to share the work between processes; the union of the parts
    is the whole selection). ``screened``: the screen's (gap, apart) by position key, read when a
    key is there and filled in when not (so parallel parts screen once). ``reverse``: long-search the
    part's positions last first (a second process can work a part from its other end). ``picks``:
    the candidates if already made (``candidate_positions``); ``skip``: keys not to long-search again
    (a run resumed after some were done). ``rivals``, ``rival_visits``: in each long run the
    ``rivals`` most visited moves are searched to ``rival_visits`` each (``long_runs``). ``only``:
    long-search exactly these candidates, in this order, without the screen (to add named candidates,
    e.g. ones the screen could not judge because their runner-up got no visits)."""

    def say(text: str) -> None:
        if progress is not None:
            print(text, file=progress, flush=True)

    if picks is None:
        picks = candidate_positions(game, games_per_count, seed)
    say(f"{game}: {len(picks)} candidate positions")
    groups: dict[Any, list[tuple[float, Pick]]] = {}
    by_key = {pick.key: pick for pick in picks}
    unknown = [k for k in only if k not in by_key]
    if unknown:
        raise StabilityDataError(f"not among the candidate positions: {', '.join(unknown)}")
    for i, pick in enumerate([] if only else picks):
        if screened is not None and pick.key in screened:
            gap, apart = screened[pick.key]
        else:
            at = game_module(game).game_from_position(pick.position)
            sep = separation(analyze(at, iterations=screen_iterations, seed=seed, every=3600.0))
            gap, apart = round(sep.gap, 4), sep.apart
            if screened is not None:
                screened[pick.key] = (gap, apart)
        say(f"  screen {i + 1}/{len(picks)} {pick.key} {pick.decision}: gap {gap:.4f} apart={apart}")
        if apart:
            group = (pick.players, pick.phase if pick.decision == picks[0].decision else pick.decision)
            groups.setdefault(group, []).append((gap, pick))
    for members in groups.values():
        members.sort(key=lambda pair: (-pair[0], pair[1].key))
    chosen = [by_key[k] for k in only] if only else [pick for _, pick in _interleave(groups)][:long_candidates]
    say(f"{game}: {sum(len(m) for m in groups.values())} apart at the screen; long search on {len(chosen)}")
    kept: list[StablePosition] = []
    seeds = [seed * 100 + s for s in range(1, long_seeds + 1)]
    order = [(i, pick) for i, pick in enumerate(chosen) if i % part[1] == part[0] and pick.key not in skip]
    for i, pick in reversed(order) if reverse else order:
        at = game_module(game).game_from_position(pick.position)
        results = long_runs(at, long_iterations, seeds, rivals, rival_visits)
        verdict = across_seeds(at, results)
        say(f"  long {i + 1}/{len(chosen)} {pick.key}: {'kept' if verdict.apart else 'dropped'} "
            f"(best {verdict.best and '; '.join(verdict.best)!r:.40}, rival {verdict.second and '; '.join(verdict.second)!r:.40}, "
            f"gap {verdict.margin:.4f}, interval low {verdict.low:.4f})")  # fmt: skip
        if verdict.apart and verdict.best is not None:
            kept.append(
                StablePosition(
                    key=pick.key,
                    game=game,
                    players=pick.players,
                    phase=pick.phase,
                    decision=pick.decision,
                    position=pick.position,
                    best=verdict.best,
                    margin=verdict.margin,
                    long={
                        "iterations": long_iterations,
                        "seeds": seeds,
                        "rival": list(verdict.second) if verdict.second else None,
                        "gap_low": verdict.low,
                        "runs": [_run_report(r) for r in results],
                    },
                    origin={"seed": pick.seed, "ply": pick.ply, "bots": list(pick.bots)},
                )
            )
            if on_keep is not None:
                on_keep(kept)
    settings = {
        "seed": seed,
        "games_per_count": games_per_count,
        "screen_iterations": screen_iterations,
        "long_iterations": long_iterations,
        "long_seeds": long_seeds,
        "long_candidates": long_candidates,
        "rivals": rivals,
        "rival_visits": rival_visits,
        "min_margin": MIN_MARGIN,
        "candidates": len(picks),
        "apart_at_screen": sum(len(m) for m in groups.values()),
        "long_searched": len(chosen),
        "kept": len(kept),
    }
    return kept, settings


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


# -- command line: ``python -m tigris_widget bench stability`` ------------------------------------
def add_parser(sub: Any) -> None:
    """The ``stability`` sub-command of ``bench``."""
    p = sub.add_parser("stability", help="how often the default analysis names a long search's clear best move")
    p.add_argument("--game", dest="stab_game", choices=games(), help="one game only (default: every game)")
    p.add_argument(
        "--seeds", dest="stab_seeds", metavar="N", type=int, default=10, help="analyses per position (default 10)"
    )
    p.add_argument(
        "--seconds",
        dest="stab_seconds",
        metavar="SECONDS",
        type=float,
        help="budget per analysis (default: the default)",
    )
    p.add_argument(
        "--iterations", dest="stab_iterations", metavar="N", type=int, help="budget per analysis in iterations"
    )
    p.add_argument(
        "--positions", dest="stab_positions", metavar="FILE", help="a test-set file (default: the shipped one)"
    )
    p.add_argument("--limit", dest="stab_limit", metavar="N", type=int, help="only the first N positions of each game")
    p.add_argument(
        "--markdown", dest="stab_markdown", metavar="FILE", help="also write the table as markdown to this file"
    )
    p.add_argument("--json", dest="stab_json", action="store_true", help="print the rows as JSON")
    p.add_argument("--select", dest="stab_select", metavar="OUT.json",
                   help="instead: choose the test set anew (slow: long searches) and write it to OUT.json")  # fmt: skip
    p.add_argument("--select-seed", dest="stab_select_seed", metavar="N", type=int, default=1, help="with --select")
    p.add_argument("--long-iterations", dest="stab_long", metavar="N", type=int, default=5000, help="with --select")
    p.add_argument("--screen-iterations", dest="stab_screen", metavar="N", type=int, default=4000, help="with --select")
    p.add_argument("--long-candidates", dest="stab_candidates", metavar="N", type=int, default=36, help="with --select")
    p.add_argument("--games-per-count", dest="stab_games", metavar="N", type=int, default=4, help="with --select")
    p.add_argument("--long-seeds", dest="stab_long_seeds", metavar="N", type=int, default=4, help="with --select")
    p.add_argument("--screened", dest="stab_screened", metavar="FILE.json",
                   help="with --select: the screen's results by position key, read if present, written after")  # fmt: skip
    p.add_argument("--picks", dest="stab_picks", metavar="FILE.json",
                   help="with --select: the candidate positions, read if present, written if not")  # fmt: skip
    p.add_argument("--skip", dest="stab_skip", metavar="KEY,KEY", default="",
                   help="with --select: positions not to long-search again")  # fmt: skip
    p.add_argument("--only", dest="stab_only", metavar="KEY,KEY", default="",
                   help="with --select: long-search only these candidates, in this order, without the screen")  # fmt: skip
    p.add_argument("--reverse", dest="stab_reverse", action="store_true",
                   help="with --select: long-search the part's positions last first")  # fmt: skip
    p.add_argument("--part", dest="stab_part", metavar="I/N", default="0/1",
                   help="with --select: long-search only every N-th chosen position from the I-th (parallel runs)")  # fmt: skip


def main(args: Any) -> int:
    """Run ``bench stability`` with parsed arguments (see ``add_parser``)."""
    try:
        if args.stab_select:
            return _select_command(args)
        positions = load_positions(args.stab_positions, args.stab_game)
        if args.stab_limit is not None:
            by_game: dict[str, list[StablePosition]] = {}
            for p in positions:
                by_game.setdefault(p.game, []).append(p)
            positions = [p for ps in by_game.values() for p in ps[: args.stab_limit]]

        def show(row: Row) -> None:
            print(f"  {row.key}: {row.hits}/{row.seeds}", file=sys.stderr, flush=True)

        result = run_benchmark(positions, seeds=args.stab_seeds, iterations=args.stab_iterations,
                               seconds=args.stab_seconds, progress=None if args.stab_json else show)  # fmt: skip
    except (ValueError, OSError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    if args.stab_json:
        print(json.dumps({"rows": [asdict(r) for r in result.rows], "summary": {g: result.summary(g) for g in
                          sorted({r.game for r in result.rows})}, "budget": result.budget, "load": result.load},
                         indent=1))  # fmt: skip
    else:
        print(format_table(result))
    if args.stab_markdown:
        Path(args.stab_markdown).write_text(format_table(result, markdown=True) + "\n", encoding="utf-8")
    return 0


def _part(text: str) -> tuple[int, int]:
    try:
        i, n = (int(x) for x in text.split("/"))
    except ValueError:
        raise StabilityDataError(f"--part is I/N (e.g. 0/2), not {text!r}") from None
    if not 0 <= i < n:
        raise StabilityDataError(f"--part I/N needs 0 <= I < N, not {text!r}")
    return i, n


def _select_command(args: Any) -> int:
    names = [args.stab_game] if args.stab_game else list(games())
    out = Path(args.stab_select)
    kept: list[StablePosition] = []
    settings: dict[str, Any] = {}
    if out.exists():  # keep the other games' positions when re-selecting one
        data = json.loads(read_text_file(out, "stability test set", MAX_FILE_CHARS))
        kept = [p for p in parse_positions(data, out.name) if p.game not in names]
        settings = {k: v for k, v in data.get("settings", {}).items() if k not in names}
    screened: dict[str, tuple[float, bool]] = {}
    if args.stab_screened and Path(args.stab_screened).exists():
        data = json.loads(read_text_file(Path(args.stab_screened), "screen results", MAX_FILE_CHARS))
        if not isinstance(data, dict) or not all(isinstance(v, list) and len(v) == 2 for v in data.values()):
            raise StabilityDataError(f"{args.stab_screened}: not screen results (key: [gap, apart])")
        screened = {k: (float(v[0]), bool(v[1])) for k, v in data.items()}
    picks: list[Pick] | None = None
    if args.stab_picks and Path(args.stab_picks).exists():
        rows = json.loads(read_text_file(Path(args.stab_picks), "candidate positions", MAX_FILE_CHARS))
        picks = [Pick(**{**row, "bots": tuple(row["bots"])}) for row in rows]
    elif args.stab_picks:
        picks = candidate_positions(names[0], args.stab_games, args.stab_select_seed)
        Path(args.stab_picks).write_text(json.dumps([asdict(p) for p in picks]) + "\n", encoding="utf-8")
    for name in names:

        def save(
            so_far: list[StablePosition], name: str = name, before: tuple[StablePosition, ...] = tuple(kept)
        ) -> None:
            write_positions([*before, *so_far], out, {**settings, name: {"partial": True}})

        chosen, used = select_positions(name, seed=args.stab_select_seed, games_per_count=args.stab_games,
                                        screen_iterations=args.stab_screen, long_iterations=args.stab_long,
                                        long_candidates=args.stab_candidates, progress=sys.stderr, on_keep=save,
                                        long_seeds=args.stab_long_seeds, part=_part(args.stab_part),
                                        screened=screened, reverse=args.stab_reverse, picks=picks,
                                        skip=frozenset(k for k in args.stab_skip.split(",") if k),
                                        only=[k for k in args.stab_only.split(",") if k])  # fmt: skip
        if args.stab_screened:
            Path(args.stab_screened).write_text(json.dumps(screened, indent=0) + "\n", encoding="utf-8")
        kept += chosen
        settings[name] = used
        write_positions(kept, out, settings)
    return 0


__all__ = [
    "BAR",
    "DATA",
    "MIN_MARGIN",
    "BenchResult",
    "Row",
    "StabilityDataError",
    "StablePosition",
    "check_position",
    "load_positions",
    "parse_positions",
    "run_benchmark",
    "same_move",
    "select_positions",
    "separation",
]
