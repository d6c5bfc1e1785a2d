"""Reasons in words for the search bot's analysis: why an action (``explain``, from its immediate
effects and the line the search expects), why a commitment (``conflict_reason``), and why not the
greedy choice (``greedy_comparison``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tigris_widget.core.text import points
from tigris_widget.games.tigris.bots.heuristics import after, projection
from tigris_widget.games.tigris.bots.search import Node, Search
from tigris_widget.games.tigris.engine.core.actions import Action
from tigris_widget.games.tigris.engine.core.board import HEIGHT, NEIGHBOURS, WIDTH, format_square
from tigris_widget.games.tigris.engine.core.types import (
    COLOUR_NAMES,
    COMMIT_PHASES,
    DYNASTIES,
    MOVE_LEADER,
    PLACE_LEADER,
    RED,
    TAKE_TREASURES,
)
from tigris_widget.games.tigris.engine.rules.conflicts import REVOLT
from tigris_widget.games.tigris.engine.rules.turn import apply_unchecked

EXPLAIN_SAMPLES = 6
"""Sampled hands over which an action's immediate effects (points, leaders lost …) are averaged."""
NEAR_TIE = 0.01
"""Search values closer than this (one percentage point) are called alike in the reasons."""


def percent(x: float) -> str:
    """A chance in whole percent: 0.25 → ``"25 %"``."""
    return f"{100 * x:.0f} %"


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
        why = f"Committing {chosen} is the fewest that gives the best chance to win the {kind}, {percent(best_chance)}{extra}."
    elif chosen < cheapest:
        why = (f"Committing {chosen} wins the {kind} {percent(mine)} of the time against {percent(best_chance)} with "
               f"{cheapest}, but keeps {cheapest - chosen} more {what} in hand for later: ")  # fmt: skip
        why += "the search values that more." if values.get(chosen) is not None else "worth more by the evaluation."
    else:
        tie = values.get(chosen) is not None and values.get(cheapest) is not None
        if tie and abs(values[chosen] - values[cheapest]) < NEAR_TIE and mine == best_chance:
            why = (f"Every commitment from {cheapest} to {chosen} gives the best chance to win the {kind}, {percent(best_chance)}, "
                   f"and the search values them alike (within a point): the extra {what} would be discarded, "
                   f"but it sees no better use for them in hand.")  # fmt: skip
        else:
            why = (f"Committing {chosen}, more than the {cheapest} that already give the best chance to win the "
                   f"{kind}: the search values the position after it higher.")  # fmt: skip
    shown = [f"{lv['commit']} → {percent(lv['value'])}" for lv in levels if lv.get("value") is not None]
    tail = f" Game {unit} by commitment: {', '.join(shown)}." if shown else ""
    return f"{why} {rules}{tail}"


def principal_pairs(node: Node, limit: int = 6) -> list[tuple[int, Action]]:
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


def seat_name(seat: int, me: int, dynasties: Sequence[str]) -> str:
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
    gains = [(COLOUR_NAMES[c], g) for c, g in enumerate(fx["gained"]) if g >= 0.5]
    if gains:
        parts.append("scores " + ", ".join(f"{g:.0f} {name}" if abs(g - round(g)) < 0.2 else f"{g:.1f} {name}"
                                           for name, g in gains))  # fmt: skip
    if fx["conflict"]:
        kind, colour, attacker, defender = fx["conflict"].split(":")
        against = (
            seat_name(int(defender), seat, dynasties)
            if int(attacker) == seat
            else seat_name(int(attacker), seat, dynasties)
        )
        text = (
            f"starts a {kind} over {colour} against {against}"
            if int(attacker) == seat
            else f"starts a {kind} over {colour}"
        )
        if conflict is not None and conflict["role"] == "attacker":
            chances = [lv["win_probability"] for lv in conflict["levels"]]
            text += f" (best chance to win it: {percent(max(chances))})"
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
        parts.append(f"expected answer: {seat_name(reply[0], seat, dynasties)} plays {reply[1]}")
    if not parts:
        return "a quiet move: changes little now; the search prefers the positions it leads to"
    text = "; ".join(parts)
    return text[0].upper() + text[1:]


def greedy_comparison(search: Search, by_action: dict[Any, Node], unit: str, best: Action) -> dict[str, Any] | None:
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
    text = (f"The greedy choice, {greedy}, {looks} one move ahead ({percent(one)} against {percent(b_one)} "
            f"for {best})")  # fmt: skip
    if g_value is not None and b_node is not None and b_node.visits:
        reply = next(((p, b) for p, b in principal_pairs(g_node) if p != search.seat), None)  # type: ignore[arg-type]
        after_text = f" after {reply[1]}" if reply is not None else " further ahead"
        text += (f", but the search expects it to end worse{after_text}: {unit} {percent(g_value)} against "
                 f"{percent(b_node.q())} ({points(100 * (g_value - b_node.q()), signed=True)}).")  # fmt: skip
    else:
        text += ", but the search found it worse once the answers are taken into account."
    return {"action": str(greedy), "one_step_value": round(one, 4), "value": None if g_value is None else round(g_value, 4),
            "reason": text}  # fmt: skip
