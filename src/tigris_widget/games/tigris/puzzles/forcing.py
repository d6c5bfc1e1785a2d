"""What every action of a position forces, and the positions that hold a puzzle.

At a moment when a player has one action left in his turn, ``forced_values`` plays out every legal
action and every line that follows inside the turn (the player choosing his best, the opponents
their best defence) for each of the measures of ``measures``; ``candidates`` keeps the measures
where one action (or two) forces a concrete result that every other action, passing included,
falls short of by a margin.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tigris_widget.games.tigris.engine.core.actions import Action
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import COLOUR_NAMES, D_ACTION, LEADER_NAMES, PASS, SWAP
from tigris_widget.games.tigris.engine.rules.legal import legal_actions
from tigris_widget.games.tigris.engine.rules.turn import apply_unchecked
from tigris_widget.games.tigris.puzzles.goals import Goal, weakest

VARIANT_KINDS = ("ziggurat", "ziggurat_bonus", "building")
"""The goal kinds only the variants have; a variant task tries them before the others."""

Measure = Callable[[GameState, GameState, int], float]
PRIORITY = ("win_conflict", "send_home", "ziggurat", "monuments", "ziggurat_bonus", "building", "treasures", "weakest",
            "gain", "gain_total")  # fmt: skip
"""When one position holds several puzzles, the most concrete is kept."""
MAX_WINNERS = 2
"""At most this many actions may force the best result (two: e.g. two squares that do the same)."""
MIN_CHOICES = 20
"""Positions with fewer legal actions are too easy to be puzzles."""
NODE_LIMIT = 40_000
"""Lines explored after one action before the position is skipped (runaway conflict trees)."""


def measures(s: GameState) -> list[tuple[dict[str, Any], Measure]]:
    """The goal specs measured in ``s`` for its active player, each with its score function."""
    p = s.active
    names = s.setup.dynasties
    out: list[tuple[dict[str, Any], Measure]] = []
    for victim in range(s.players):
        if victim == p:
            continue
        for colour in range(4):
            if s.leader_square(victim, colour) < 0:
                continue
            who = f"{names[victim].capitalize()}'s {LEADER_NAMES[colour]}"
            for kind, text in (
                ("win_conflict", f"Win a conflict against {who}: send him home and keep your {LEADER_NAMES[colour]}."),
                ("send_home", f"Send {who} back to his supply."),
            ):
                spec = {"kind": kind, "victim": victim, "colour": COLOUR_NAMES[colour], "text": text}
                out.append((spec, Goal.from_spec(spec).score))
    out.append(({"kind": "monuments", "count": 1}, Goal.monuments().score))
    out.append(({"kind": "treasures"}, lambda a, b, q: b.treasures_taken[q] - a.treasures_taken[q]))
    out.append(({"kind": "weakest"}, lambda a, b, q: float(weakest(b, q))))
    for colour in range(4):
        out.append(({"kind": "gain", "colour": COLOUR_NAMES[colour]}, Goal.gain(colour, 1).score))
    out.append(({"kind": "gain_total"}, Goal.gain_total(1).score))
    if s.setup.buildings:
        for colour in range(4):
            spec = {"kind": "building", "colour": COLOUR_NAMES[colour]}
            out.append((spec, Goal.from_spec(spec).score))
    if s.setup.ziggurat:
        if s.tower < 0:
            out.append(({"kind": "ziggurat"}, Goal.ziggurat().score))
        out.append(({"kind": "ziggurat_bonus"}, Goal.ziggurat_bonus().score))
    return out


class TooBig(Exception):
    pass


def forced_values(
    s: GameState, fns: Sequence[Measure], *, cooperative: bool = False
) -> list[tuple[Action, list[float]]]:
    """For every action of ``s`` (one action left in the turn), what it forces for each measure:
    the player's best line against the opponents' best defence, measure by measure (exact minimax,
    each measure on its own). ``cooperative``: the opponents help instead (what an action promises to
    a player who forgets the defence). Raises ``TooBig`` past ``NODE_LIMIT`` lines after one action."""
    p, turn = s.active, s.turn
    start = s
    count = 0

    def walk(n: GameState) -> list[float]:
        nonlocal count
        count += 1
        if count > NODE_LIMIT:
            raise TooBig
        if n.over or n.turn != turn:
            return [f(start, n, p) for f in fns]
        maximizing = cooperative or n.decider == p
        acc: list[float] | None = None
        for a in legal_actions(n):
            if a.kind == SWAP:
                continue
            c = n.clone()
            apply_unchecked(c, a)
            v = walk(c)
            if acc is None:
                acc = v
            elif maximizing:
                acc = [x if x >= y else y for x, y in zip(acc, v)]
            else:
                acc = [x if x <= y else y for x, y in zip(acc, v)]
        assert acc is not None
        return acc

    out = []
    for a in legal_actions(s):
        if a.kind == SWAP:
            continue
        count = 0
        c = s.clone()
        apply_unchecked(c, a)
        out.append((a, walk(c)))
    return out


@dataclass(frozen=True)
class Candidate:
    spec: dict[str, Any]
    best: float
    second: float
    passing: float
    winners: tuple[str, ...]
    choices: int


def _concrete(kind: str, best: float, second: float, passing: float, start: float) -> bool:
    if kind in ("win_conflict", "send_home", "monuments", "treasures", *VARIANT_KINDS):
        return best >= 1 and passing < best and second < best
    if kind == "weakest":
        return best >= start + 1 and passing < best and second < best
    if kind == "gain":
        return best >= 2 and passing < best and second <= best - 1
    if kind == "gain_total":
        return best >= 4 and passing <= best - 2 and second <= best - 2
    return False


def candidates(s: GameState) -> list[Candidate]:
    """The puzzles ``s`` holds (one action left in the player's turn), most concrete first."""
    if s.over or s.phase != D_ACTION or s.actions_left != 1:
        return []
    specs = measures(s)
    values = forced_values(s, [f for _, f in specs])
    if len(values) < MIN_CHOICES:
        return []
    found = []
    for k, (spec, _) in enumerate(specs):
        column = sorted(((v[k], a) for a, v in values), key=lambda t: -t[0])
        best = column[0][0]
        winners = [a for v, a in column if v == best]
        second = next((v for v, _ in column if v < best), -math.inf)
        passing = next(v[k] for a, v in values if a.kind == PASS)
        start = float(weakest(s, s.active)) if spec["kind"] == "weakest" else 0.0
        if len(winners) > MAX_WINNERS or any(a.kind == PASS for a in winners):
            continue
        if not _concrete(spec["kind"], best, second, passing, start):
            continue
        found.append(Candidate(spec, best, second, passing, tuple(str(a) for a in winners), len(values)))
    found.sort(key=lambda c: PRIORITY.index(c.spec["kind"]))
    return found


def goal_for(c: Candidate) -> Goal:
    kind = c.spec["kind"]
    if kind == "treasures":
        return Goal.treasures(int(c.best))
    if kind == "gain":
        return Goal.gain(COLOUR_NAMES.index(c.spec["colour"]), int(c.best))
    if kind == "gain_total":
        return Goal.gain_total(int(c.best))
    return Goal.from_spec(c.spec)
