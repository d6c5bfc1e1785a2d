"""Why a step is refused: its rule code and a plain explanation (``RULE_CODES`` lists the codes)."""

from __future__ import annotations

from tigris_widget.games.ur.engine.board import KIND_NAMES, NEIGHBOURS, PAIR_INDEX, PAIR_NAMES, PAIRS, W, cell_name
from tigris_widget.games.ur.engine.rules.actions import WORD_KIND
from tigris_widget.games.ur.engine.rules.allocation import allocation_range
from tigris_widget.games.ur.engine.rules.cubes import own_tile
from tigris_widget.games.ur.engine.rules.exchange import EXCHANGE_KINDS, exchanges
from tigris_widget.games.ur.engine.rules.legal import can_act, legal_actions
from tigris_widget.games.ur.engine.rules.narrate import who
from tigris_widget.games.ur.engine.rules.war import war_cost
from tigris_widget.games.ur.engine.state import (
    CUBE_CLOSED,
    CUBE_NONE,
    PH_AGRI,
    PH_CULTURE,
    PH_INITIAL,
    PH_MOVE,
    PH_OVER,
    PH_PLACE,
    PH_POLITICS,
    PH_RESTART,
    PH_TRADE,
    PH_TURN,
    UrState,
)
from tigris_widget.games.ur.engine.steps import Step, shape_problem


def why_illegal(s: UrState, step: object) -> tuple[str, str] | None:
    """None if ``step`` is legal now, else ``(rule code, explanation)``."""
    problem = shape_problem(step)
    if problem is not None:
        return "§12 S1", problem
    assert isinstance(step, Step)
    if s.phase == PH_OVER:
        return "§9 G1", "the game is over"
    if step in legal_actions(s):
        return None
    return _explain(s, step)


def _explain(s: UrState, st: Step) -> tuple[str, str]:
    ph, k, p = s.phase, st.kind, s.decider
    me = who(p)
    if ph == PH_PLACE:
        if k != "place":
            return "§12 S2", f"setup: {me} places a cube (e.g. 'place (2,2)'), not {st}"
        if s.setup_step < s.n:
            return "§2.5 I1", f"round 1 cubes go on an empty tile; {cell_name(st.a)} is not empty"
        return "§2.5 I2", f"rounds 2–3: {cell_name(st.a)} is neither {me}'s tile nor an empty tile next to one"
    if ph == PH_INITIAL:
        if k in ("exchange", "spare"):
            return _explain_exchange(s, st, p)
        return "§12 S2", f"initial exchange: {me} keeps ('keep') or exchanges, not {st}"
    if ph == PH_RESTART:
        if k == "restart":
            return "§6.4 R1", f"the restart cubes go on an empty tile; {cell_name(st.a)} is not empty"
        return (
            "§6.4 R1",
            f"{me} has no cube on the grid: the turn begins with 'restart (x,y)' (3 cubes on an empty tile)",
        )
    if ph in (PH_AGRI, PH_TRADE, PH_CULTURE, PH_POLITICS, PH_MOVE):
        return _explain_alloc(s, st)
    # PH_TURN
    if k == "restart":
        return "§6.4 R2", f"{me} has cubes on the grid: no restart"
    if k == "keep":
        return (
            "§2.6 X1",
            "keeping the hand tile is a choice of the initial exchange only: every turn ends with an exchange",
        )
    if k == "place":
        return "§12 S2", f"{st} belongs to the setup; it is {me}'s turn"
    if k in ("add", "set", "move"):
        return "§12 S2", f"no allocation is pending: {st} answers nothing now"
    if k in EXCHANGE_KINDS:
        return _explain_exchange(s, st, s.active)
    if s.locked:
        return "§4 A4", "after ziggurats or a restart only the exchange remains"
    if k == "zig":
        if s.started:
            return "§7 Z3", "ziggurats replace the whole turn: none after an action or a cube"
        if s.zig_left == 0:
            return "§7 Z2", "no ziggurat is left"
        if st.b == st.a:
            return "§7 Z2", "two ziggurats need two different tiles"
        if st.b >= 0 and s.zig_left < 2:
            return "§7 Z2", "only one ziggurat is left"
        for c in (st.a, st.b):
            if c >= 0 and not (own_tile(s, c, p) and s.cubes[c] == 5):
                return "§7 Z1", f"{cell_name(c)} is not a tile of {me} with 5 cubes"
        return "§7 Z1", "not a legal ziggurat choice"
    if k in WORD_KIND or k == "attack":
        kind = W if k == "attack" else WORD_KIND[k]
        if not (k == "attack" and s.in_war):
            if kind not in PAIRS[s.hands[p]]:
                return "§4 A1", f"{KIND_NAMES[kind]} is not an action of {me}'s hand tile {PAIR_NAMES[s.hands[p]]}"
            if kind in s.acts:
                return "§4 A2", f"{KIND_NAMES[kind]} was already performed this turn"
            if not can_act(s):
                if len(s.acts) >= 2:
                    return "§4 A3", "two actions were already performed"
                if s.cube_state == CUBE_CLOSED:
                    return "§4 A3", "the cube placement of this turn allows no (further) action"
                return "§4 A3", "an extra cube before the action allows only one action"
        if k == "attack":
            return _explain_war(s, st, p)
        return "§4 A1", f"{st} is not legal now"
    if k == "cube":
        if len(s.acts) >= 2:
            return "§6.3 X3", "no extra cube with two actions"
        if s.cube_state != CUBE_NONE:
            if s.acts:
                return "§6.1 X1", "one action allows one extra cube, placed once"
            return "§6.2 X2", "a turn without actions allows one placement only"
        if s.supply(p) < st.n:
            return "§6 X4", f"{me} has {s.supply(p)} cube(s) in the supply"
        c = st.a
        if s.acts:
            if st.n == 2:
                return "§6.1 X1", "with one action the extra placement is 1 cube"
            if not own_tile(s, c, p):
                return "§6.1 X1", f"with one action the extra cube goes on an own tile; {cell_name(c)} is not {me}'s"
            return "§6.1 X1", f"cap: {cell_name(c)} holds {s.cubes[c]} cubes"
        if s.zig[c]:
            return "§6.2 X2", f"{cell_name(c)} is a ziggurat"
        if s.owner[c] < 0:
            return "§6.2 X2", "an empty tile receives 1 cube only"
        if s.owner[c] != p:
            return "§6.2 X2", f"{cell_name(c)} is {who(s.owner[c])}'s tile"
        return "§6.2 X2", f"cap: {cell_name(c)} holds {s.cubes[c]} cubes (at most 5)"
    return "§12 S2", f"{st} is not one of the legal choices now"


def _explain_war(s: UrState, st: Step, p: int) -> tuple[str, str]:
    a, t = st.a, st.b
    if s.zig[a]:
        return "§5.5 W1", f"{cell_name(a)} is a ziggurat: it cannot attack"
    if s.owner[a] != p:
        return "§5.5 W1", f"the attacker {cell_name(a)} is not a tile of {who(p)}"
    if t not in NEIGHBOURS[a]:
        return "§5.5 W1", f"{cell_name(t)} is not adjacent to {cell_name(a)} (diagonals are not)"
    if s.zig[t]:
        return "§5.5 W1", f"{cell_name(t)} is a ziggurat: it cannot be attacked"
    if s.owner[t] == p:
        return "§5.5 W1", f"{cell_name(t)} is {who(p)}'s own tile"
    if s.cubes[t] == 5:
        return "§5.5 W3", "a 5-cube tile cannot be attacked"
    need = war_cost(s, a, t) + 1
    return "§5.5 W1", f"attacking {cell_name(t)} from {cell_name(a)} needs {need} cubes there, it has {s.cubes[a]}"


def _explain_exchange(s: UrState, st: Step, p: int) -> tuple[str, str]:
    options = exchanges(s, p)
    h = s.hands[p]
    if st.kind == "end":
        return "§9.1 E5", "a legal exchange exists: the turn ends with the exchange"
    if not options and s.phase == PH_TURN:
        return "§9.1 E6", "no legal exchange exists: the turn ends with 'end' (the game ends)"
    if st.kind == "exchange":
        c = st.a
        if s.zig[c]:
            return "§8 E1", f"{cell_name(c)} is a ziggurat"
        if s.owner[c] >= 0:
            return "§8 E1", f"{cell_name(c)} is not empty"
        if PAIR_INDEX[s.face[c]][s.back[c]] == h:
            return "§8 E2", f"{cell_name(c)} has the hand tile's pair {PAIR_NAMES[h]}"
        return "§8 E3", f"{st.s} is not a side of the hand tile {PAIR_NAMES[h]}"
    if not s.spares:
        return "§8 E4", "there is no spare tile"
    if st.s and PAIR_NAMES.index(st.s) not in s.spares:
        return "§8 E4", f"no spare tile {st.s}"
    if st.s == PAIR_NAMES[h] or (not st.s and all(sp == h for sp in s.spares)):
        return "§8 E2", f"the spare has the hand tile's pair {PAIR_NAMES[h]}"
    if len(s.spares) == 2:
        return "§8 E4", "two spares: name the pair taken, e.g. 'exchange spare " + PAIR_NAMES[s.spares[0]] + "'"
    return "§8 E4", "one spare: write 'exchange spare' without a pair"


def _explain_alloc(s: UrState, st: Step) -> tuple[str, str]:
    ph = s.phase
    rule = {PH_AGRI: "§5.1 G2", PH_TRADE: "§5.2 T1", PH_CULTURE: "§5.3 C1", PH_POLITICS: "§5.4 P1"}.get(ph, "§5.5 W2")
    if ph == PH_MOVE:
        if st.kind != "move":
            return "§12 S2", f"the war is under way: move 1–{s.cubes[s.war_a]} cubes into {cell_name(s.war_t)}"
        return "§5.5 W2", f"move 1–{s.cubes[s.war_a]} cubes, not {st.n}"
    want = "set" if ph == PH_POLITICS else "add"
    c = s.queue[0]
    lo, hi = allocation_range(s)
    if st.kind != want:
        return "§12 S2", f"the action is under way: decide {cell_name(c)} first ({want} {lo}–{hi})"
    if st.a != c:
        first = "§5.1 G1" if ph == PH_AGRI else rule
        return first, f"the next tile to decide is {cell_name(c)}, not {cell_name(st.a)}"
    return rule, f"{cell_name(c)} takes {lo}–{hi} here, not {st.n}"
