"""Choosing the stability test set: candidate positions from seeded bot games, a screening search,
then independent long searches whose agreement (``across_seeds``) keeps a position with a clear best."""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from tigris_widget.bots.analysis import analyze
from tigris_widget.bots.seeded_games import player_counts, replayed, seated_bots
from tigris_widget.bots.stability.data import PHASES, StabilityDataError, StablePosition, same_move
from tigris_widget.core.analysis import Analysis
from tigris_widget.core.hooks import rivals_analysis
from tigris_widget.core.protocol import GameLike
from tigris_widget.core.registry import game_module


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
    from tigris_widget.bots.runner import play

    rng = random.Random(seed)
    picks: list[Pick] = []
    for players in player_counts(game):
        for k in range(games_per_count):
            game_seed = seed * 1000 + players * 100 + k
            # greedy bots, and in every other game a small search (60 iterations) in one seat, for less uniform play
            names = ["greedy"] * players
            if k % 2:
                names[k % players] = "search:60"
            bots = seated_bots(game, names, game_seed)
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
                at = replayed(game, players, game_seed, played.actions[:ply])
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
    measure = rivals_analysis(game_module(game.name))  # core.protocol.RivalsAnalysisHook
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
