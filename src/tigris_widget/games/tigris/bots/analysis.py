"""Looking inside a decision: the search bot's analysis as JSON, with partial results while it runs.

``analyze(view, budget)`` returns one JSON-serialisable dict (``ANALYSIS_SCHEMA`` describes it);
``analyze_iter`` yields the same dict while the search runs (a first one as soon as the candidates
are ranked, then every ``every`` seconds; the last one has ``"final": true``), and
``analyze(..., callback=f)`` calls ``f`` with each partial result, so a notebook can redraw as the
search goes on::

    >>> from tigris_widget import Game
    >>> from tigris_widget.games.tigris.bots.analysis import analyze, validate_analysis
    >>> game = Game.new(players=2, seed=7)
    >>> report = analyze(game.view(game.to_move), iterations=50)
    >>> validate_analysis(report)
    >>> report["candidates"][0]["action"] == report["best"]
    True

One unit everywhere: every value of an analysis (the candidates, the heatmaps, the conflict levels'
``value``) is the deciding player's chance to win with 2 players (``"win_probability"``) and their
share of the win with 3–4 (``"win_share"``), as the search estimates it.

Everything is computed from the view (the hidden tiles are sampled); ``omniscient=state`` searches
the true state instead and marks the result ``"cheating": true`` — a teaching comparison only.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Generator, Mapping, Sequence
from typing import Any

from tigris_widget.core.analysis import (
    DEFAULT_SECONDS,
    Analysis,
    AnalysisRequest,
    Arrow,
    Candidate,
    HeatMap,
    Marks,
    Table,
    interval,
    stderr_of,
)
from tigris_widget.core.bot import Budget
from tigris_widget.games.tigris.bots.belief import PARTICLES, HandBelief
from tigris_widget.games.tigris.bots.heuristics import after, projection, strength
from tigris_widget.games.tigris.bots.reading import hands_reading, read_hands
from tigris_widget.games.tigris.bots.search import DETERMINIZATIONS, Node, Search
from tigris_widget.games.tigris.engine.core.actions import COMMIT_ACTIONS, Action, parse_action
from tigris_widget.games.tigris.engine.core.board import HEIGHT, NEIGHBOURS, WIDTH, format_square
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import (
    ATTACK_PHASES,
    COLOUR_NAMES,
    COMMIT,
    COMMIT_PHASES,
    DYNASTIES,
    LEADER_NAMES,
    MOVE_LEADER,
    PLACE_CATASTROPHE,
    PLACE_LEADER,
    PLACE_TILE,
    RED,
    TAKE_TREASURES,
    TILE_NAMES,
)
from tigris_widget.games.tigris.engine.rules.conflicts import REVOLT
from tigris_widget.games.tigris.engine.rules.turn import apply_unchecked
from tigris_widget.games.tigris.engine.rules.view import PlayerView
from tigris_widget.games.tigris.game import Game

SCHEMA_VERSION = 2
UNIT_NAMES = {"win_probability": "chance to win", "win_share": "share of the win"}
"""How the unit of an analysis is written for people."""
EXPLAIN_SAMPLES = 6
"""Sampled hands over which an action's immediate effects (points, leaders lost …) are averaged."""
DEFAULT_ITERATIONS = 400
"""The budget of BotInspector's Think and BotMatch's Hint (the search bot's own default)."""
NEAR_TIE = 0.01
"""Search values closer than this (one percentage point) are called alike in the reasons."""

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
            "opponent_commit": {"type": "number", "minimum": 0},
            "visits": {"type": "integer", "minimum": 0},
            "value": {"type": ["number", "null"]},
        },
        "required": ["commit", "win_probability", "opponent_commit"],
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
        "reason": {"type": "string"},
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
        "unit": {"enum": list(UNIT_NAMES.values())},
        "iterations": {"type": "integer", "minimum": 0},
        "seconds": {"type": "number", "minimum": 0},
        "iterations_per_second": {"type": "number", "minimum": 0},
        "determinizations": {"type": "integer", "minimum": 1},
        "best": {"type": "string"},
        "value": {"type": "number"},
        "explanation": {"type": "string"},
        "greedy": {
            "oneOf": [
                {"type": "null"},
                {
                    "type": "object",
                    "properties": {
                        "action": {"type": "string"},
                        "one_step_value": _NUMBER,
                        "value": {"type": ["number", "null"]},
                        "reason": {"type": "string"},
                    },
                    "required": ["action", "one_step_value", "value", "reason"],
                    "additionalProperties": False,
                },
            ]
        },
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
                    "seat_values": {"type": "array", "items": _NUMBER},
                    "stderr": {"type": "number", "minimum": 0},
                    "reason": {"type": "string"},
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
                "unit": {"enum": ["win_probability", "win_share"]},
                "relative_to": {"type": "string"},
                "default": {"type": ["string", "null"]},
                "maps": {"type": "object", "additionalProperties": _GRID},
                "labels": {"type": "object", "additionalProperties": {"type": "string"}},
            },
            "required": ["unit", "relative_to", "default", "maps", "labels"],
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
        "hands": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"seat": {"type": "integer", "minimum": 0}, "read": _COLOURS, "at_random": _COLOURS},
                "required": ["seat", "read", "at_random"],
                "additionalProperties": False,
            },
        },
    },
    "required": [
        "schema_version",
        "final",
        "cheating",
        "seat",
        "decision",
        "value_kind",
        "unit",
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
def _colours(x: Sequence[float]) -> dict[str, float]:
    return {COLOUR_NAMES[c]: round(x[c], 3) for c in range(4)}


def piece_key(action: Action) -> str | None:
    """The heatmap an action belongs to: ``"tile:red"``, ``"leader:king"``, ``"catastrophe"`` or None."""
    if action.kind == PLACE_TILE:
        return f"tile:{COLOUR_NAMES[action.colour]}"
    if action.kind in (PLACE_LEADER, MOVE_LEADER):
        return f"leader:{LEADER_NAMES[action.colour]}"
    if action.kind == PLACE_CATASTROPHE:
        return "catastrophe"
    return None


def piece_label(key: str) -> str:
    """``"tile:red"`` → ``"red tile (temple)"``, ``"leader:king"`` → ``"king (black leader)"``."""
    if key == "catastrophe":
        return "catastrophe"
    kind, name = key.split(":")
    if kind == "tile":
        return f"{name} tile ({TILE_NAMES[COLOUR_NAMES.index(name)]})"
    return f"{name} ({COLOUR_NAMES[LEADER_NAMES.index(name)]} leader)"


def _estimates(search: Search) -> dict[Action, float]:
    """Every ranked root action's value in the analysis' unit *relative to the best move*: the
    search's value for the actions it searched, the one-step look-ahead's for the others (each
    compared with the best move's value by the same measure)."""
    best = search.best_action()
    by_action = {n.action: n for n in search.root.children if n.visits}
    ranked = search.root.ranked or []
    one_step = search.root_values
    best_node = by_action.get(best)
    best_q = best_node.q() if best_node else None
    best_one = one_step.get(best, 0.0)
    out: dict[Action, float] = {}
    for v, a in ranked:
        node = by_action.get(a)
        if node is not None and best_q is not None:
            out[a] = node.q() - best_q
        else:
            out[a] = v - best_one
    return out


def _heatmaps(search: Search, estimates: dict[Action, float], value_kind: str) -> dict[str, Any]:
    """Per piece (each tile colour, each leader, the catastrophe): on each square the value of the
    best action that puts that piece there, relative to the best move (``None``: no legal action)."""
    maps: dict[str, list[list[float | None]]] = {}
    for a, delta in estimates.items():
        key = piece_key(a)
        if key is None:
            continue
        grid = maps.setdefault(key, [[None] * WIDTH for _ in range(HEIGHT)])
        y, x = divmod(a.square, WIDTH)
        old = grid[y][x]
        if old is None or delta > old:
            grid[y][x] = round(delta, 4)
    best = search.best_action()
    default = piece_key(best)
    return {
        "unit": value_kind,
        "relative_to": str(best),
        "default": default if default in maps else None,
        "maps": maps,
        "labels": {k: piece_label(k) for k in maps},
    }


def _conflict_table(states: list[GameState], seat: int) -> dict[str, Any] | None:
    """Chance to win the pending conflict for each commitment level of ``seat`` over the sampled
    states, with the tiles the other side is expected to commit in answer (it holds if it can, by
    ``heuristics.commit_choice``; committed tiles are discarded whoever wins)."""
    from tigris_widget.games.tigris.bots.heuristics import commit_choice

    first = states[0]
    if first.phase not in COMMIT_PHASES or first.decider != seat:
        return None
    conflict = first.conflict
    assert conflict is not None
    colour = conflict.colour
    attacking = first.phase in ATTACK_PHASES
    have = first.hands[seat * 4 + colour]
    mine = conflict.attacker_base if attacking else conflict.defender_base
    levels = []
    if attacking:
        theirs = conflict.defender_base
        for n in range(have + 1):
            wins = 0
            answer = 0
            for s in states:
                defence = s.hands[conflict.defender * 4 + colour]
                wins += mine + n > theirs + defence
                c = s.clone()
                apply_unchecked(c, COMMIT_ACTIONS[n])
                if c.phase in COMMIT_PHASES:
                    answer += commit_choice(c)
            levels.append({"commit": n, "win_probability": round(wins / len(states), 4),
                           "opponent_commit": round(answer / len(states), 2)})  # fmt: skip
    else:
        theirs = conflict.attacker_base + conflict.attacker_commit
        levels = [{"commit": n, "win_probability": 1.0 if mine + n >= theirs else 0.0, "opponent_commit": 0.0}
                  for n in range(have + 1)]  # fmt: skip
    return {
        "kind": "revolt" if conflict.kind == REVOLT else "war",
        "colour": COLOUR_NAMES[colour],
        "role": "attacker" if attacking else "defender",
        "strength": mine,
        "opponent_strength": theirs,
        "opponent_known": not attacking,
        "levels": levels,
    }


def _pct(x: float) -> str:
    return f"{100 * x:.0f} %"


def _pp(x: float) -> str:
    """A difference in percentage points, signed (−3, +2, 0)."""
    v = round(100 * x)
    return "±0" if v == 0 else f"{v:+d}".replace("-", "−")


def conflict_reason(table: dict[str, Any], chosen: int, unit: str = "chance to win") -> str:
    """Why ``chosen`` tiles are committed, in words, from the conflict table (levels with values)."""
    kind, role, colour = table["kind"], table["role"], table["colour"]
    what = "temples (red tiles)" if kind == "revolt" else f"{colour} tiles"
    counts = ("In a revolt only temples count (next to each leader, plus those committed from the hand)"
              if kind == "revolt" else f"In a war only {colour} tiles count (in each kingdom, plus those committed)")  # fmt: skip
    rules = f"{counts}; committed {what} are discarded whoever wins."
    levels = table["levels"]
    chances = [lv["win_probability"] for lv in levels]
    best_chance = max(chances)
    cheapest = min(lv["commit"] for lv in levels if lv["win_probability"] == best_chance)
    mine = chances[chosen] if chosen < len(chances) else 0.0
    values = {lv["commit"]: lv.get("value") for lv in levels}
    why: str
    if best_chance == 0.0:
        if chosen == 0:
            why = f"No commitment can win this {kind}: commit nothing and keep your {what}."
        else:
            answer = levels[chosen]["opponent_commit"] - levels[0]["opponent_commit"]
            if role == "attacker" and answer > 0:
                why = (f"No commitment can win this {kind}, but each of your {what} committed makes the "
                       f"defender discard one more to hold: committing {chosen} costs it about "
                       f"{answer:.1f} more, which the search values above keeping yours.")  # fmt: skip
            else:
                why = f"No commitment can win this {kind}; the search still prefers committing {chosen}."
    elif chosen == cheapest:
        extra = " (more would only throw tiles away)" if chosen < len(levels) - 1 else ""
        why = f"Committing {chosen} is the fewest that gives the best chance to win the {kind}, {_pct(best_chance)}{extra}."
    elif chosen < cheapest:
        why = (f"Committing {chosen} wins the {kind} {_pct(mine)} of the time against {_pct(best_chance)} with "
               f"{cheapest}, but keeps {cheapest - chosen} more {what} in hand for later: ")  # fmt: skip
        why += "the search values that more." if values.get(chosen) is not None else "worth more by the evaluation."
    else:
        tie = values.get(chosen) is not None and values.get(cheapest) is not None
        if tie and abs(values[chosen] - values[cheapest]) < NEAR_TIE and mine == best_chance:
            why = (f"Every commitment from {cheapest} to {chosen} gives the best chance to win the {kind}, {_pct(best_chance)}, "
                   f"and the search values them alike (within a point): the extra {what} would be discarded, "
                   f"but it sees no better use for them in hand.")  # fmt: skip
        else:
            why = (f"Committing {chosen}, more than the {cheapest} that already give the best chance to win the "
                   f"{kind}: the search values the position after it higher.")  # fmt: skip
    shown = [f"{lv['commit']} → {_pct(lv['value'])}" for lv in levels if lv.get("value") is not None]
    tail = f" Game {unit} by commitment: {', '.join(shown)}." if shown else ""
    return f"{why} {rules}{tail}"


def _pv_pairs(node: Node, limit: int = 6) -> list[tuple[int, Action]]:
    out: list[tuple[int, Action]] = []
    while node.children and len(out) < limit:
        node = max(node.children, key=lambda n: (n.visits, n.q()))
        if node.visits == 0 or node.action is None:
            break
        out.append((node.seat, node.action))
    return out


def _effects(search: Search, a: Action) -> dict[str, Any]:
    """The immediate effects of ``a`` (with the decisions it raises settled by rule of thumb),
    averaged over a few sampled hands: points per colour, leaders lost by each side, monuments,
    treasures, conflicts started, and the change of the projected final points per colour."""
    seat = search.seat
    dets = search.dets[:EXPLAIN_SAMPLES]
    n = len(dets)
    gained = [0.0] * 4
    others = 0.0
    theirs_lost = 0.0
    mine_lost = 0.0
    monuments = treasures = 0.0
    conflict: str | None = None
    proj = [0.0] * 4
    before_proj = projection(dets[0], seat)
    for s in dets:
        c = s.clone()
        apply_unchecked(c, a)
        if c.phase in COMMIT_PHASES and c.conflict is not None and conflict is None:
            kind = "revolt" if c.conflict.kind == REVOLT else "war"
            conflict = f"{kind}:{COLOUR_NAMES[c.conflict.colour]}:{c.conflict.attacker}:{c.conflict.defender}"
        t = after(s, a, search.memo)
        for col in range(4):
            gained[col] += t.vp[seat * 4 + col] - s.vp[seat * 4 + col]
        for p in range(s.players):
            if p != seat:
                others += sum(t.vp[p * 4 : p * 4 + 4]) - sum(s.vp[p * 4 : p * 4 + 4])
        for slot in range(s.players * 4):
            if (
                s.leaders[slot] >= 0
                and t.leaders[slot] < 0
                and not (a.kind == MOVE_LEADER and slot == seat * 4 + a.colour)
            ):
                if slot // 4 == seat:
                    mine_lost += 1
                else:
                    theirs_lost += 1
        monuments += t.monuments_built() - s.monuments_built()
        treasures += t.treasures_taken[seat] - s.treasures_taken[seat]
        p_after = projection(t, seat)
        p_before = projection(s, seat)
        for col in range(4):
            proj[col] += p_after[col] - p_before[col]
    return {
        "gained": [g / n for g in gained],
        "others_gained": others / n,
        "theirs_lost": theirs_lost / n,
        "mine_lost": mine_lost / n,
        "monuments": monuments / n,
        "treasures": treasures / n,
        "conflict": conflict,
        "projection": [x / n for x in proj],
        "weakest": min(range(4), key=lambda col: before_proj[col]),
    }


def _who(seat: int, me: int, dynasties: Sequence[str]) -> str:
    return "you" if seat == me else f"the {dynasties[seat]}"


def explain(search: Search, a: Action, pv: Sequence[tuple[int, Action]], conflict: dict[str, Any] | None) -> str:
    """A short plain-language reason for ``a``, from the evaluation's own terms and the line the
    search expects after it."""
    seat = search.seat
    dynasties = search.dets[0].setup.dynasties if search.dets else DYNASTIES
    fx = _effects(search, a)
    parts: list[str] = []
    if a.kind in (PLACE_LEADER, MOVE_LEADER) and search.dets:
        # what tells leader squares apart when nothing else does: its strength in a revolt there
        temples = (NEIGHBOURS[a.square] & search.dets[0].tiles[RED]).bit_count()
        parts.append(f"stands beside {temples} temple{'' if temples == 1 else 's'} (its strength in a revolt)")
    points = [(COLOUR_NAMES[c], g) for c, g in enumerate(fx["gained"]) if g >= 0.5]
    if points:
        parts.append("scores " + ", ".join(f"{g:.0f} {name}" if abs(g - round(g)) < 0.2 else f"{g:.1f} {name}"
                                           for name, g in points))  # fmt: skip
    if fx["conflict"]:
        kind, colour, attacker, defender = fx["conflict"].split(":")
        against = (
            _who(int(defender), seat, dynasties) if int(attacker) == seat else _who(int(attacker), seat, dynasties)
        )
        text = (
            f"starts a {kind} over {colour} against {against}"
            if int(attacker) == seat
            else f"starts a {kind} over {colour}"
        )
        if conflict is not None and conflict["role"] == "attacker":
            chances = [lv["win_probability"] for lv in conflict["levels"]]
            text += f" (best chance to win it: {_pct(max(chances))})"
        parts.append(text)
    if fx["theirs_lost"] >= 0.5:
        parts.append(
            "removes a rival leader" if fx["theirs_lost"] < 1.5 else f"removes {fx['theirs_lost']:.0f} rival leaders"
        )
    if fx["mine_lost"] >= 0.5:
        parts.append(
            "loses one of your leaders" if fx["mine_lost"] < 1.5 else f"loses {fx['mine_lost']:.0f} of your leaders"
        )
    if fx["monuments"] >= 0.5:
        parts.append("builds a monument")
    if a.kind == TAKE_TREASURES and search.dets:
        # the squares are the only difference between treasure choices: say which ones stay behind
        left = [q for q in range(WIDTH * HEIGHT) if search.dets[0].treasures >> q & 1 and q not in a.treasure_squares]
        taken = ", ".join(format_square(q) for q in a.treasure_squares)
        stay = ", ".join(format_square(q) for q in left[:4]) or "none"
        parts.append(
            f"takes the treasure{'s' if len(a.treasure_squares) > 1 else ''} on {taken}; left on the board: {stay}"
        )
    elif fx["treasures"] >= 0.5:
        parts.append("takes a treasure")
    if fx["others_gained"] >= 0.5:
        parts.append(f"gives the others {fx['others_gained']:.0f} point{'s' if fx['others_gained'] >= 1.5 else ''}")
    weakest = fx["weakest"]
    change = fx["projection"]
    if change[weakest] >= 0.3:
        parts.append(
            f"raises {COLOUR_NAMES[weakest]}, your weakest colour now (+{change[weakest]:.1f} expected at the end)"
        )
    elif change[weakest] <= -0.3:
        parts.append(
            f"lowers {COLOUR_NAMES[weakest]}, your weakest colour now ({change[weakest]:.1f} expected at the end)"
        )
    else:
        top = max(range(4), key=lambda c: change[c])
        if change[top] >= 0.3:
            parts.append(f"builds up {COLOUR_NAMES[top]} (+{change[top]:.1f} expected at the end)")
    reply = next(((p, b) for p, b in pv if p != seat), None)
    if reply is not None:
        parts.append(f"expected answer: {_who(reply[0], seat, dynasties)} plays {reply[1]}")
    if not parts:
        return "a quiet move: changes little now; the search prefers the positions it leads to"
    text = "; ".join(parts)
    return text[0].upper() + text[1:]


def _greedy(search: Search, by_action: dict[Any, Node], unit: str, best: Action) -> dict[str, Any] | None:
    """The one-step look-ahead's favourite when it is not the search's choice, and why it is worse."""
    ranked = search.root.ranked or []
    if not ranked:
        return None
    one, greedy = ranked[0]
    if greedy == best:
        return None
    g_node = by_action.get(greedy)
    b_node = by_action.get(best)
    g_value = g_node.q() if g_node is not None and g_node.visits else None
    b_one = search.root_values.get(best, 0.0)
    looks = "looks best" if one - b_one >= 0.005 else "looks as good"
    text = (f"The greedy choice, {greedy}, {looks} one move ahead ({_pct(one)} against {_pct(b_one)} "
            f"for {best})")  # fmt: skip
    if g_value is not None and b_node is not None and b_node.visits:
        reply = next(((p, b) for p, b in _pv_pairs(g_node) if p != search.seat), None)  # type: ignore[arg-type]
        after_text = f" after {reply[1]}" if reply is not None else " further ahead"
        text += (f", but the search expects it to end worse{after_text}: {unit} {_pct(g_value)} against "
                 f"{_pct(b_node.q())} ({_pp(g_value - b_node.q())} points).")  # fmt: skip
    else:
        text += ", but the search found it worse once the answers are taken into account."
    return {"action": str(greedy), "one_step_value": round(one, 4), "value": None if g_value is None else round(g_value, 4),
            "reason": text}  # fmt: skip


def _stderr(node: Node, seat: int) -> float:
    """Standard error of ``node``'s value for ``seat`` (the seat that chose it) over its visits."""
    return stderr_of(node.total[seat], node.squares, node.visits)


def _rank_key(n: Node) -> tuple[int, float, float]:
    return (n.visits, n.q(), n.prior)


def snapshot(
    search: Search, top: int = 8, final: bool = False, best: Action | None = None, extra: Sequence[Action] = ()
) -> dict[str, Any]:
    """The analysis dict for the search as it stands (``final``: with reasons and conflict tables);
    ``best``: the search's choice fixed before ``extra`` actions were searched on purpose (``focus``),
    which the candidates then hold too."""
    view = search.view
    seat = search.seat
    value_kind = "win_probability" if search.players == 2 else "win_share"
    unit = UNIT_NAMES[value_kind]
    one_step = search.root_values
    children = sorted(search.root.children, key=_rank_key, reverse=True)  # the same order as best_action
    best = search.best_action() if best is None else best
    shown = [n.action for n in children[:top] if n.action is not None]  # children of the root have actions
    if best in shown:
        shown.insert(0, shown.pop(shown.index(best)))
    else:
        shown.insert(0, best)
    shown += [a for a in extra if a not in shown]
    for _, a in search.root.ranked or ():
        if len(shown) >= top:
            break
        if a not in shown:
            shown.append(a)
    by_action = {**{n.action: n for n in search._outside.values()}, **{n.action: n for n in search.root.children}}
    ranked = search.root.ranked or []
    priors = dict(zip((a for _, a in ranked), search._priors(ranked))) if ranked else {}
    deciding_turn = view.decision is not None and view.decision.kind == "action"
    candidates: list[dict[str, Any]] = []
    for a in shown:
        node = by_action.get(a)
        visits = node.visits if node else 0
        pv = _pv_pairs(node) if node else []
        row: dict[str, Any] = {
            "action": str(a),
            "visits": visits,
            "value": round(node.q(), 4) if node and visits else None,
            "prior": round(priors.get(a, 0.0), 4),
            "one_step_value": round(one_step.get(a, 0.0), 4),
            "expected_colours": _colours([x / visits for x in node.colour_sum]) if node and visits else None,
            "principal_variation": [str(b) for _, b in pv],
        }
        if node and visits:
            row["seat_values"] = [round(t / visits, 4) for t in node.total]
            row["stderr"] = round(_stderr(node, seat), 4)
        if final:
            conflict = _conflict_table([_played(s, a) for s in search.dets], seat) if deciding_turn else None
            row["conflict"] = conflict
            if deciding_turn or a.kind != COMMIT:
                reason = explain(search, a, pv, conflict)
                same = next((c["action"] for c in candidates if c.get("reason") == reason), None)
                if same is not None:  # say so rather than repeat a reason as if it told the moves apart
                    reason += f" — by these terms the same as {same}; only the search's line tells them apart"
                row["reason"] = reason
        candidates.append(row)
    best_node = by_action.get(best)
    now = projection(search.dets[0], seat)
    expected = [x / best_node.visits for x in best_node.colour_sum] if best_node and best_node.visits else now
    weakest = min(range(4), key=lambda c: expected[c])
    root_conflict = _conflict_table(search.dets, seat)
    explanation = ""
    if root_conflict is not None:
        for level in root_conflict["levels"]:
            node = by_action.get(COMMIT_ACTIONS[level["commit"]])
            level["visits"] = node.visits if node else 0
            level["value"] = round(node.q(), 4) if node and node.visits else None
        root_conflict["reason"] = conflict_reason(root_conflict, best.committed, unit)
        explanation = root_conflict["reason"]
        for row in candidates:
            level = root_conflict["levels"][parse_commit(row["action"])]
            what = "temple" if root_conflict["kind"] == "revolt" else f"{root_conflict['colour']} tile"
            n = level["commit"]
            row["reason"] = (f"commits {n} {what}{'' if n == 1 else 's'} (discarded whoever wins): "
                             f"{_pct(level['win_probability'])} to win the {root_conflict['kind']}"
                             + (f"; the other side is expected to commit {level['opponent_commit']:.1f}"
                                if root_conflict["role"] == "attacker" else ""))  # fmt: skip
    greedy = _greedy(search, by_action, unit, best) if deciding_turn else None
    if deciding_turn and final and candidates:
        explanation = candidates[0].get("reason", "")
        if greedy is not None:
            explanation += ". " + greedy["reason"]
    out = {
        "schema_version": SCHEMA_VERSION,
        "final": final,
        "cheating": search.cheating,
        "seat": seat,
        "decision": view.decision.kind if view.decision else "over",
        "value_kind": value_kind,
        "unit": unit,
        "iterations": search.iterations,
        "seconds": round(search.elapsed, 4),
        "iterations_per_second": round(search.iterations / search.elapsed, 1) if search.elapsed > 0 else 0.0,
        "determinizations": len(search.dets),
        "best": str(best),
        "value": round(best_node.q(), 4) if best_node and best_node.visits else round(one_step.get(best, 0.0), 4),
        "candidates": candidates,
        "principal_variation": [{"seat": p, "action": str(a)} for p, a in search.principal_variation()],
        "heatmaps": _heatmaps(search, _estimates(search), value_kind),
        "expected_score": {
            "colours": _colours(expected),
            "weakest": COLOUR_NAMES[weakest],
            "score": round(strength(expected), 3),
            "now": _colours(now),
        },
        "conflict": root_conflict,
    }
    if search.belief is not None:
        out["hands"] = hands_reading(search.belief, view)
    if explanation:
        out["explanation"] = explanation
    if deciding_turn:
        out["greedy"] = greedy
    return out


def parse_commit(text: str) -> int:
    """``"commit 2"`` → 2."""
    return int(text.split()[1])


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
    focus: Action | None = None,
    stop: threading.Event | None = None,
    belief: HandBelief | None = None,
) -> Generator[dict[str, Any], float | None, None]:
    """Search the decision pending in ``view`` and yield the analysis: once at once (the one-step
    ranking, before any iteration), then every ``every`` seconds; the last one (``"final": true``)
    adds the reasons and the conflict tables of the candidates. ``stop`` (an event) ends the search
    early, checked every ``every`` seconds. After the final one, ``send(seconds)`` searches the same
    tree that much longer and yields again, ending in another final one. With ``focus`` (a game
    review's played move) the search's choice and ``focus`` are searched to ``DETERMINIZATIONS``
    visits each on the same samples, and the last analysis holds only those two. With ``belief`` (the
    seat's reading of the play, ``reading.read_hands``) the hidden tiles are sampled from it, and the
    analysis says what it read (``"hands"``)."""
    if iterations is None and seconds is None:
        seconds = DEFAULT_SECONDS
    budget = Budget(iterations, seconds)
    search = Search(view, random.Random(seed), omniscient=omniscient, belief=belief)
    yield snapshot(search, top)  # at once: the candidates ranked by the one-step look-ahead
    while True:
        done = search.iterations
        for _ in search.run(budget, every=every):
            if stop is not None and stop.is_set():
                break
            if search.root.children and (budget.iterations is None or search.iterations - done < budget.iterations):
                yield snapshot(search, top)
        if focus is not None:
            break
        more = yield snapshot(search, top, final=True)
        if not more or more <= 0:
            return
        budget = Budget(None, float(more))
    best = search.best_action()
    search.focus(best, DETERMINIZATIONS)
    if focus != best:
        search.focus(focus, DETERMINIZATIONS)
    yield snapshot(search, 1, final=True, best=best, extra=[focus])


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


# -- the game's analysis hook (core.protocol.GameModule.analyze): this report as core.analysis.Analysis ----
def _marks(game: Game, seat: int, text: str) -> Marks:
    """An arrow for a leader's move (from where it stands), a framed square for any other placement."""
    try:
        action = parse_action(text)
    except ValueError:
        return Marks()
    if action.square < 0:
        return Marks()
    source = game.state.leader_square(seat, action.colour) if action.kind == MOVE_LEADER else -1
    if source >= 0:
        return Marks(arrows=(Arrow(source, action.square),))
    return Marks(squares=(action.square,))


def _conflict_as_table(conflict: Mapping[str, Any], unit: str) -> Table:
    kind = conflict["kind"]
    known = "" if conflict["opponent_known"] else " before the defender commits"
    caption = (f"{kind.capitalize()} over {conflict['colour']}: you are the {conflict['role']}, "
               f"{conflict['strength']} against {conflict['opponent_strength']}{known}")  # fmt: skip
    rows = tuple(
        (str(lv["commit"]), _pct(lv["win_probability"]), "–" if lv.get("value") is None else _pct(lv["value"]))
        for lv in conflict["levels"]
    )
    return Table(caption, ("commit", f"wins the {kind}", f"game {unit}"), rows)


def _hands_as_table(hands: Sequence[Mapping[str, Any]], seat: int, dynasties: Sequence[str]) -> Table:
    rows = tuple(
        (_who(int(h["seat"]), seat, dynasties).capitalize(),
         *(f"{h['read'][c]:.1f} ({h['at_random'][c]:.1f})" for c in COLOUR_NAMES))
        for h in hands
    )  # fmt: skip
    caption = ("Hands read from the play so far: tiles of each colour the search expects them to hold "
               "(in brackets, what a random deal of the tiles you have not seen gives; the reading keeps "
               f"{PARTICLES} guesses, so a few tenths either way are noise)")  # fmt: skip
    return Table(caption, ("player", *COLOUR_NAMES), rows)


def to_analysis(report: Mapping[str, Any], game: Game) -> Analysis:
    """``report`` (this module's JSON, for the decision pending in ``game``) in the shared model."""
    seat = int(report["seat"])
    candidates = []
    for c in report["candidates"]:
        value, err = c["value"], c.get("stderr")
        low = high = None
        if value is not None and err is not None:
            low, high = (round(x, 4) for x in interval(value, err))
        candidates.append(Candidate((c["action"],), c["visits"], value, low, high, c.get("reason", ""),
                                    tuple(c["principal_variation"]), tuple(c.get("seat_values", ()))))  # fmt: skip
    heat = report["heatmaps"]
    maps = {}
    for key, grid in heat["maps"].items():
        squares = {y * WIDTH + x: v for y, row in enumerate(grid) for x, v in enumerate(row) if v is not None}
        maps[key] = HeatMap(heat["labels"][key], squares)
    expected = report["expected_score"]
    colours = ", ".join(f"{c} {expected['colours'][c]:.1f}" for c in COLOUR_NAMES)
    notes = [f"Expected points at the end: {colours}; weakest {expected['weakest']}."]
    greedy = report.get("greedy")
    if greedy and greedy["reason"] not in report.get("explanation", ""):
        notes.insert(0, greedy["reason"])
    conflict = report.get("conflict")
    tables = [_conflict_as_table(conflict, report["unit"])] if conflict else []
    hands = report.get("hands")
    if hands:
        tables.append(_hands_as_table(hands, seat, game.setup.dynasties))
    return Analysis(
        game="tigris",
        seat=seat,
        decision=report["decision"],
        final=bool(report["final"]),
        unit=report["unit"],
        candidates=tuple(candidates),
        iterations=int(report["iterations"]),
        seconds=float(report["seconds"]),
        all_seeing=bool(report["cheating"]),
        hidden_information=True,
        read_play=bool(hands),
        explanation=report.get("explanation", ""),
        notes=tuple(notes),
        tables=tuple(tables),
        heatmaps=maps,
        default_heatmap=heat["default"],
        marks={c.text: _marks(game, seat, c.text) for c in candidates},
        report=report,
    )


def game_analyses(game: Game, request: AnalysisRequest) -> Generator[Analysis, float | None, None]:
    """The hook ``analyze`` of the game module: ``analyze_iter`` for the seat that decides in ``game``
    (``core.protocol.GameModule.analyze``: the request is validated, the game checked)."""
    decision = game.decision
    if decision is None:
        raise ValueError("the game is over: there is no decision to analyse")
    focus = request.focus
    if len(focus) > 1:
        raise ValueError(f"a T&E move is one action: focus holds one action text, not {list(focus)!r:.80}")
    wanted = parse_action(focus[0]) if focus else None
    if wanted is not None and wanted not in decision.choices:
        raise ValueError(f"{focus[0]!r} is not a legal choice of the decision pending")
    view = game.view(decision.seat)
    omniscient = game.state if request.all_seeing else None
    belief = read_hands(game, decision.seat, request.seed) if request.read_play else None
    iterations, seconds = request.budget
    reports = analyze_iter(view, iterations, seconds, seed=request.seed, every=request.every, omniscient=omniscient,
                           focus=wanted, stop=request.stop, belief=belief)  # fmt: skip
    report = next(reports)
    while True:
        more = yield to_analysis(report, game)
        try:
            report = reports.send(more)
        except StopIteration:
            return


# -- stability selection (h-stab2): the long search with its rivals measured -----------------------
def rivals_analysis(game: Game, iterations: int, *, seed: int, top: int = 3, visits: int = 2000,
                    extra: Sequence[str] = ()) -> Analysis:  # fmt: skip
    """A fair search of ``iterations`` for the decision pending in ``game``, then its ``top`` most
    visited root moves and the ``extra`` ones (action texts) searched to at least ``visits`` each on
    the same samples, so that each rival's value is an estimate, not the handful of visits UCT gave
    it. The best stays the search's own choice before that (``bots.stability`` compares runs)."""
    decision = game.decision
    if decision is None:
        raise ValueError("the game is over: there is no decision to analyse")
    wanted = [parse_action(t) for t in extra]
    if any(a not in decision.choices for a in wanted):
        raise ValueError(f"an extra move is not a legal choice of the decision pending: {list(extra)!r:.80}")
    search = Search(game.view(decision.seat), random.Random(seed))
    for _ in search.run(Budget(iterations, None)):
        pass
    best = search.best_action()
    ranked = sorted(search.root.children, key=_rank_key, reverse=True)
    moves = [n.action for n in ranked[:top] if n.action is not None]
    moves += [a for a in wanted if a not in moves]
    for a in moves:
        search.focus(a, visits)
    return to_analysis(snapshot(search, len(moves), best=best, extra=moves), game)
