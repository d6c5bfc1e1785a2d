"""Looking inside a decision: the search bot's analysis as JSON, with partial results while it runs.

``analyze(view, budget)`` returns one JSON-serialisable dict (``ANALYSIS_SCHEMA`` describes it);
``analyze_iter`` yields the same dict every ``every`` seconds while the search runs (the last one
has ``"final": true``), and ``analyze(..., callback=f)`` calls ``f`` with each partial result, so a
notebook can redraw as the search goes on::

    >>> from tigris_widget import Game
    >>> from tigris_widget.bots.analysis import analyze, validate_analysis
    >>> game = Game.new(players=2, seed=7)
    >>> report = analyze(game.view(game.to_move), iterations=50)
    >>> validate_analysis(report)
    >>> report["candidates"][0]["action"] == report["best"]
    True

Everything is computed from the view (the hidden tiles are sampled); ``omniscient=state`` searches
the true state instead and marks the result ``"cheating": true`` — a teaching comparison only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from tigris_widget.bots.heuristics import after, evaluate, projection, strength
from tigris_widget.bots.search import Budget, Node, Search
from tigris_widget.engine.core.actions import COMMIT_ACTIONS
from tigris_widget.engine.core.board import HEIGHT, WIDTH
from tigris_widget.engine.core.state import GameState
from tigris_widget.engine.core.types import (
    ATTACK_PHASES,
    COLOUR_NAMES,
    COMMIT_PHASES,
    LEADER_NAMES,
    MOVE_LEADER,
    PLACE_LEADER,
    PLACE_TILE,
)
from tigris_widget.engine.rules.conflicts import REVOLT
from tigris_widget.engine.rules.turn import apply_unchecked
from tigris_widget.engine.rules.view import PlayerView

SCHEMA_VERSION = 1

_NUMBER = {"type": "number"}
_GRID = {
    "type": "array",
    "minItems": HEIGHT,
    "maxItems": HEIGHT,
    "items": {"type": "array", "minItems": WIDTH, "maxItems": WIDTH, "items": {"type": ["number", "null"]}},
}
_COLOURS = {
    "type": "object",
    "properties": {c: _NUMBER for c in COLOUR_NAMES},
    "required": list(COLOUR_NAMES),
    "additionalProperties": False,
}
_LEVELS = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {
            "commit": {"type": "integer", "minimum": 0},
            "win_probability": {"type": "number", "minimum": 0, "maximum": 1},
            "visits": {"type": "integer", "minimum": 0},
            "value": {"type": ["number", "null"]},
        },
        "required": ["commit", "win_probability"],
        "additionalProperties": False,
    },
}
_CONFLICT = {
    "type": "object",
    "properties": {
        "kind": {"enum": ["revolt", "war"]},
        "colour": {"enum": list(COLOUR_NAMES)},
        "role": {"enum": ["attacker", "defender"]},
        "strength": {"type": "integer"},
        "opponent_strength": {"type": "integer"},
        "opponent_known": {"type": "boolean"},
        "levels": _LEVELS,
    },
    "required": ["kind", "colour", "role", "strength", "opponent_strength", "opponent_known", "levels"],
    "additionalProperties": False,
}
ANALYSIS_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "tigris_widget search analysis",
    "type": "object",
    "properties": {
        "schema_version": {"const": SCHEMA_VERSION},
        "final": {"type": "boolean"},
        "cheating": {"type": "boolean"},
        "seat": {"type": "integer", "minimum": 0},
        "decision": {"type": "string"},
        "value_kind": {"enum": ["win_probability", "win_share"]},
        "iterations": {"type": "integer", "minimum": 0},
        "seconds": {"type": "number", "minimum": 0},
        "iterations_per_second": {"type": "number", "minimum": 0},
        "determinizations": {"type": "integer", "minimum": 1},
        "best": {"type": "string"},
        "value": {"type": "number"},
        "candidates": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "action": {"type": "string"},
                    "visits": {"type": "integer", "minimum": 0},
                    "value": {"type": ["number", "null"]},
                    "prior": {"type": "number", "minimum": 0, "maximum": 1},
                    "one_step_value": {"type": "number"},
                    "expected_colours": {"oneOf": [_COLOURS, {"type": "null"}]},
                    "principal_variation": {"type": "array", "items": {"type": "string"}},
                    "robustness": {"type": ["number", "null"], "minimum": 0, "maximum": 1},
                    "conflict": {"oneOf": [_CONFLICT, {"type": "null"}]},
                },
                "required": ["action", "visits", "value", "prior", "one_step_value", "principal_variation"],
                "additionalProperties": False,
            },
        },
        "principal_variation": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"seat": {"type": "integer"}, "action": {"type": "string"}},
                "required": ["seat", "action"],
                "additionalProperties": False,
            },
        },
        "heatmaps": {
            "type": "object",
            "properties": {
                "tiles": {"type": "object", "additionalProperties": _GRID},
                "leaders": {"type": "object", "additionalProperties": _GRID},
            },
            "required": ["tiles", "leaders"],
            "additionalProperties": False,
        },
        "expected_score": {
            "type": "object",
            "properties": {
                "colours": _COLOURS,
                "weakest": {"enum": list(COLOUR_NAMES)},
                "score": _NUMBER,
                "now": _COLOURS,
            },
            "required": ["colours", "weakest", "score", "now"],
            "additionalProperties": False,
        },
        "conflict": {"oneOf": [_CONFLICT, {"type": "null"}]},
    },
    "required": [
        "schema_version",
        "final",
        "cheating",
        "seat",
        "decision",
        "value_kind",
        "iterations",
        "seconds",
        "best",
        "value",
        "candidates",
        "principal_variation",
        "heatmaps",
        "expected_score",
        "conflict",
    ],
    "additionalProperties": False,
}


def validate_analysis(data: dict[str, Any]) -> None:
    """Raise ``jsonschema.ValidationError`` unless ``data`` follows ``ANALYSIS_SCHEMA``."""
    import jsonschema

    jsonschema.validate(data, ANALYSIS_SCHEMA)


# -- pieces of the analysis ------------------------------------------------------------------------
def _colours(x: list[float]) -> dict[str, float]:
    return {COLOUR_NAMES[c]: round(x[c], 3) for c in range(4)}


def _heatmaps(search: Search) -> dict[str, dict[str, list[list[float | None]]]]:
    """One-step value of every tile placement (per colour) and leader placement or move (per leader)."""
    tiles: dict[str, list[list[float | None]]] = {}
    leaders: dict[str, list[list[float | None]]] = {}
    for value, a in search.root.ranked or ():
        if a.kind == PLACE_TILE:
            grid = tiles.setdefault(COLOUR_NAMES[a.colour], [[None] * WIDTH for _ in range(HEIGHT)])
        elif a.kind in (PLACE_LEADER, MOVE_LEADER):
            grid = leaders.setdefault(LEADER_NAMES[a.colour], [[None] * WIDTH for _ in range(HEIGHT)])
        else:
            continue
        grid[a.square // WIDTH][a.square % WIDTH] = round(value, 4)
    return {"tiles": tiles, "leaders": leaders}


def _conflict_table(states: list[GameState], seat: int) -> dict[str, Any] | None:
    """Win probability for each commitment level of ``seat`` in the pending conflict, over the
    sampled states (the opponent answers by ``heuristics.commit_choice``: it holds if it can)."""
    first = states[0]
    if first.phase not in COMMIT_PHASES or first.decider != seat:
        return None
    conflict = first.conflict
    assert conflict is not None
    colour = conflict.colour
    attacking = first.phase in ATTACK_PHASES
    have = first.hands[seat * 4 + colour]
    mine = conflict.attacker_base if attacking else conflict.defender_base
    if attacking:
        theirs = conflict.defender_base
        levels = []
        for n in range(have + 1):
            wins = 0
            for s in states:
                defence = s.hands[conflict.defender * 4 + colour]
                wins += mine + n > theirs + defence
            levels.append({"commit": n, "win_probability": round(wins / len(states), 4)})
    else:
        theirs = conflict.attacker_base + conflict.attacker_commit
        levels = [{"commit": n, "win_probability": 1.0 if mine + n >= theirs else 0.0} for n in range(have + 1)]
    return {
        "kind": "revolt" if conflict.kind == REVOLT else "war",
        "colour": COLOUR_NAMES[colour],
        "role": "attacker" if attacking else "defender",
        "strength": mine,
        "opponent_strength": theirs,
        "opponent_known": not attacking,
        "levels": levels,
    }


def _pv_below(node: Node, limit: int = 6) -> list[str]:
    out: list[str] = []
    while node.children and len(out) < limit:
        node = max(node.children, key=lambda n: (n.visits, n.q()))
        if node.visits == 0:
            break
        out.append(str(node.action))
    return out


def _robustness(search: Search, actions: list[Any]) -> dict[Any, float]:
    """Share of the sampled hands in which each action has the best one-step value among ``actions``."""
    if len(actions) < 2:
        return {a: 1.0 for a in actions}
    seat = search.seat
    best_count = dict.fromkeys(actions, 0)
    dets = search.dets
    for s in dets:
        values = [evaluate(after(s, a, search.memo))[seat] for a in actions]
        best_count[actions[values.index(max(values))]] += 1
    return {a: best_count[a] / len(dets) for a in actions}


def snapshot(search: Search, top: int = 8, final: bool = False) -> dict[str, Any]:
    """The analysis dict for the search as it stands."""
    view = search.view
    seat = search.seat
    one_step = search.root_values
    children = sorted(search.root.children, key=lambda n: (-n.visits, -n.q()))
    shown = [n.action for n in children[:top] if n.action is not None]  # children of the root have actions
    for _, a in search.root.ranked or ():
        if len(shown) >= top:
            break
        if a not in shown:
            shown.append(a)
    by_action = {n.action: n for n in search.root.children}
    ranked = search.root.ranked or []
    priors = dict(zip((a for _, a in ranked), search._priors(ranked))) if ranked else {}
    robust = _robustness(search, shown) if final else {}
    candidates = []
    for a in shown:
        node = by_action.get(a)
        visits = node.visits if node else 0
        conflict = None
        if final and view.decision is not None and view.decision.kind == "action":
            conflict = _conflict_table([_played(s, a) for s in search.dets], seat)
        candidates.append({
            "action": str(a),
            "visits": visits,
            "value": round(node.q(), 4) if node and visits else None,
            "prior": round(priors.get(a, 0.0), 4),
            "one_step_value": round(one_step.get(a, 0.0), 4),
            "expected_colours": _colours([x / visits for x in node.colour_sum]) if node and visits else None,
            "principal_variation": _pv_below(node) if node else [],
            "robustness": round(robust[a], 4) if a in robust else None,
            "conflict": conflict,
        })  # fmt: skip
    best = search.best_action()
    best_node = by_action.get(best)
    now = projection(search.dets[0], seat)
    expected = [x / best_node.visits for x in best_node.colour_sum] if best_node and best_node.visits else now
    weakest = min(range(4), key=lambda c: expected[c])
    root_conflict = _conflict_table(search.dets, seat)
    if root_conflict is not None:
        for level in root_conflict["levels"]:
            node = by_action.get(COMMIT_ACTIONS[level["commit"]])
            level["visits"] = node.visits if node else 0
            level["value"] = round(node.q(), 4) if node and node.visits else None
    return {
        "schema_version": SCHEMA_VERSION,
        "final": final,
        "cheating": search.cheating,
        "seat": seat,
        "decision": view.decision.kind if view.decision else "over",
        "value_kind": "win_probability" if search.players == 2 else "win_share",
        "iterations": search.iterations,
        "seconds": round(search.elapsed, 4),
        "iterations_per_second": round(search.iterations / search.elapsed, 1) if search.elapsed > 0 else 0.0,
        "determinizations": len(search.dets),
        "best": str(best),
        "value": round(best_node.q(), 4) if best_node and best_node.visits else round(one_step.get(best, 0.0), 4),
        "candidates": candidates,
        "principal_variation": [{"seat": p, "action": str(a)} for p, a in search.principal_variation()],
        "heatmaps": _heatmaps(search),
        "expected_score": {
            "colours": _colours(expected),
            "weakest": COLOUR_NAMES[weakest],
            "score": round(strength(expected), 3),
            "now": _colours(now),
        },
        "conflict": root_conflict,
    }


def _played(s: GameState, a: Any) -> GameState:
    c = s.clone()
    apply_unchecked(c, a)
    return c


def analyze_iter(
    view: PlayerView,
    iterations: int | None = None,
    seconds: float | None = None,
    *,
    seed: int = 0,
    every: float = 0.25,
    top: int = 8,
    omniscient: GameState | None = None,
) -> Iterator[dict[str, Any]]:
    """Search the decision pending in ``view`` and yield the analysis every ``every`` seconds; the
    last one (``"final": true``) adds robustness and conflict tables for the candidates."""
    if iterations is None and seconds is None:
        seconds = 1.0
    budget = Budget(iterations, seconds)
    search = Search(view, random.Random(seed), omniscient=omniscient)
    for _ in search.run(budget, every=every):
        if search.root.children:
            yield snapshot(search, top)
    yield snapshot(search, top, final=True)


def analyze(
    view: PlayerView,
    iterations: int | None = None,
    seconds: float | None = None,
    *,
    seed: int = 0,
    callback: Callable[[dict[str, Any]], object] | None = None,
    every: float = 0.25,
    top: int = 8,
    omniscient: GameState | None = None,
) -> dict[str, Any]:
    """The final analysis of the decision pending in ``view`` (see ``analyze_iter``); ``callback``
    receives every partial result, the final one included."""
    result: dict[str, Any] = {}
    for result in analyze_iter(view, iterations, seconds, seed=seed, every=every, top=top, omniscient=omniscient):
        if callback is not None:
            callback(result)
    return result
