"""Looking inside a decision: the search bot's analysis as JSON, with partial results while it runs.

``analyze(view, budget)`` returns one JSON-serialisable dict (``ANALYSIS_SCHEMA`` describes it);
``analyze_iter`` yields the same dict while the search runs (a first one as soon as the candidates
are ranked, then every ``every`` seconds; the last one has ``"final": true``), and
``analyze(..., callback=f)`` calls ``f`` with each partial result, so a notebook can redraw as the
search goes on::

    >>> from tigris_widget import Game
    >>> from tigris_widget.games.tigris.bots.analysis import analyze
    >>> from tigris_widget.games.tigris.bots.analysis_schema import validate_analysis
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

The report's schema is ``analysis_schema``'s, its reasons in words ``explanations``', and its shared
form (``core.analysis.Analysis``, the game module's hooks) ``analysis_hooks``'.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Generator, Sequence
from typing import Any

from tigris_widget.core.analysis import DEFAULT_SECONDS, stderr_of
from tigris_widget.core.bot import Budget
from tigris_widget.games.tigris.bots.analysis_rivals import search_and_compare
from tigris_widget.games.tigris.bots.analysis_schema import SCHEMA_VERSION, UNIT_NAMES
from tigris_widget.games.tigris.bots.belief import HandBelief
from tigris_widget.games.tigris.bots.explanations import (
    conflict_reason,
    explain,
    greedy_comparison,
    percent,
    principal_pairs,
)
from tigris_widget.games.tigris.bots.heuristics import projection, strength
from tigris_widget.games.tigris.bots.reading import hands_reading
from tigris_widget.games.tigris.bots.search import DETERMINIZATIONS, Node, Search
from tigris_widget.games.tigris.engine.core.actions import COMMIT_ACTIONS, Action
from tigris_widget.games.tigris.engine.core.board import HEIGHT, WIDTH
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import (
    ATTACK_PHASES,
    COLOUR_NAMES,
    COMMIT,
    COMMIT_PHASES,
    LEADER_NAMES,
    MOVE_LEADER,
    PLACE_CATASTROPHE,
    PLACE_LEADER,
    PLACE_TILE,
    TILE_NAMES,
)
from tigris_widget.games.tigris.engine.rules.conflicts import REVOLT
from tigris_widget.games.tigris.engine.rules.turn import apply_unchecked
from tigris_widget.games.tigris.engine.rules.view import PlayerView


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


def _stderr(node: Node, seat: int) -> float:
    """Standard error of ``node``'s value for ``seat`` (the seat that chose it) over its visits."""
    return stderr_of(node.total[seat], node.squares, node.visits)


def rank_key(n: Node) -> tuple[int, float, float]:
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
    children = sorted(search.root.children, key=rank_key, reverse=True)  # the same order as best_action
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
        pv = principal_pairs(node) if node else []
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
                             f"{percent(level['win_probability'])} to win the {root_conflict['kind']}"
                             + (f"; the other side is expected to commit {level['opponent_commit']:.1f}"
                                if root_conflict["role"] == "attacker" else ""))  # fmt: skip
    greedy = greedy_comparison(search, by_action, unit, best) if deciding_turn else None
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
    adds the reasons and the conflict tables of the candidates. The last part of every budget goes to
    comparing the leading root moves (``analysis_rivals``), so that the verdict can weigh them. ``stop``
    (an event) ends the search early, checked every ``every`` seconds. After the final one, ``send(seconds)`` searches the same
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
        for _ in search_and_compare(search, budget, every):
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
