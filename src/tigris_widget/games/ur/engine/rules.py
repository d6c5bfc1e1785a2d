"""Every rule: legal steps, their explanation when refused, their effect, the pending decision, scoring.

Pure functions of a ``UrState``: ``legal_actions``, ``why_illegal``, ``apply_unchecked``, ``decision``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

from tigris_widget.core.events import Event
from tigris_widget.games.ur.engine.board import (
    BORDER,
    KIND_NAMES,
    KINDS,
    NEIGHBOURS,
    PAIR_INDEX,
    PAIR_NAMES,
    PAIRS,
    A,
    C,
    Deal,
    P,
    T,
    W,
    cell_name,
)
from tigris_widget.games.ur.engine.events import say
from tigris_widget.games.ur.engine.state import (
    CUBE_CLOSED,
    CUBE_NONE,
    CUBE_OPEN,
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
    UrOptions,
    UrState,
)
from tigris_widget.games.ur.engine.steps import Step, shape_problem

WORD: Final = ("agri", "trade", "culture", "politics", "war")
WORD_KIND: Final = {"agri": 0, "trade": 1, "culture": 2, "politics": 3}
EXCHANGE_KINDS: Final = ("exchange", "spare", "end")


def who(seat: int) -> str:
    return f"P{seat}"


@dataclass(frozen=True)
class Decision:
    """The pending decision: ``seat`` must choose one of ``choices`` (sorted); ``kind`` names it."""

    seat: int
    kind: str
    choices: tuple[Step, ...]
    prompt: str

    def __repr__(self) -> str:
        shown = ", ".join(map(str, self.choices[:4]))
        more = f", … ({len(self.choices)} in all)" if len(self.choices) > 4 else ""
        return f"Decision(seat={self.seat}, kind={self.kind!r}, choices=[{shown}{more}], prompt={self.prompt!r})"


class Standing(NamedTuple):
    """One player's score now (§10): points with the better hand side ``side``, cubes on the grid
    (ziggurats included, the tie-break) and place (1 = first; equal points and cubes share a place)."""

    seat: int
    points: int
    cubes: int
    place: int
    side: str


# -- setting up ----------------------------------------------------------------------------------------
def new_state(players: int, opts: UrOptions, deal: Deal) -> UrState:
    """The state before the first setup cube (§2.1 steps 1-4)."""
    s = UrState(players, opts)
    s.face = list(deal.faces)
    s.back = list(deal.backs)
    s.hands = list(deal.hands)
    s.spares = list(deal.spares)
    s.start = deal.start
    s.active = s.decider = deal.start
    s.phase = PH_PLACE
    return s


def begin_turn(s: UrState, seat: int) -> None:
    """Seat ``seat`` begins a turn (§4): a restart turn when it has no cube on the grid (§6.4)."""
    s.active = s.decider = seat
    s.acts = []
    s.cube_state = CUBE_NONE
    s.locked = False
    s.started = False
    s.in_war = False
    s.queue = []
    s.line += 1
    s.phase = PH_TURN
    if s.on_grid[seat] == 0:
        if any(o < 0 for o in s.owner):
            s.phase = PH_RESTART
        else:
            s.locked = True  # nowhere to restart: only the exchange remains


# -- small helpers -------------------------------------------------------------------------------------
def _own(s: UrState, c: int, p: int) -> bool:
    return s.owner[c] == p and s.zig[c] == 0


def _put(s: UrState, c: int, p: int, k: int) -> None:
    if k:
        s.owner[c] = p
        s.cubes[c] += k
        s.on_grid[p] += k


def _take(s: UrState, c: int, k: int) -> None:
    if k:
        p = s.owner[c]
        s.cubes[c] -= k
        s.on_grid[p] -= k
        if s.cubes[c] == 0:
            s.owner[c] = -1


def _war_cost(s: UrState, a: int, t: int) -> int:
    """Cubes the attacker needs beyond the one it must move: the target's cubes plus the kind cost."""
    extra = 0 if s.face[a] == s.face[t] or (s.opts.war_tile_discount and s.face[a] == W) else 1
    return s.cubes[t] + extra


# Every step a legal list can hold, built once: the lists share these immutable values.
_PLACE: Final = tuple(Step("place", c) for c in range(36))
_RESTART: Final = tuple(Step("restart", c) for c in range(36))
_CUBE1: Final = tuple(Step("cube", c, n=1) for c in range(36))
_CUBE2: Final = tuple(Step("cube", c, n=2) for c in range(36))
_ADD: Final = tuple(tuple(Step("add", c, n=k) for k in range(6)) for c in range(36))
_SET: Final = tuple(tuple(Step("set", c, n=k) for k in range(6)) for c in range(36))
_MOVE: Final = tuple(Step("move", n=m) for m in range(6))
_ATTACK: Final = tuple(tuple(Step("attack", a, t) for t in NEIGHBOURS[a]) for a in range(36))
_EXCHANGE: Final = tuple(tuple(Step("exchange", c, s=KINDS[k]) for k in range(5)) for c in range(36))
_SIDES: Final = tuple(tuple(sorted(PAIRS[h], key=lambda k: KINDS[k])) for h in range(10))
"""The two kinds of each pair in the alphabetical order of their letters (the order steps sort in)."""
_WORD_STEP: Final = tuple(Step(w) for w in WORD)
_END: Final = Step("end")
_KEEP: Final = Step("keep")
_SPARE: Final = Step("spare")


def _attacks(s: UrState, p: int) -> list[Step]:
    out = []
    owner, cubes, zig, face = s.owner, s.cubes, s.zig, s.face
    discount = s.opts.war_tile_discount
    for a in range(36):
        if owner[a] != p or zig[a]:
            continue
        have = cubes[a]
        free = discount and face[a] == W
        for i, t in enumerate(NEIGHBOURS[a]):
            if zig[t] or owner[t] == p:
                continue
            if have > cubes[t] + (0 if free or face[a] == face[t] else 1):
                out.append(_ATTACK[a][i])
    return out


def _grid_exchanges(s: UrState, p: int) -> list[Step]:
    h = s.hands[p]
    k1, k2 = _SIDES[h]
    out = []
    owner, face, back = s.owner, s.face, s.back
    for c in range(36):
        if owner[c] < 0 and PAIR_INDEX[face[c]][back[c]] != h:
            row = _EXCHANGE[c]
            out.append(row[k1])
            out.append(row[k2])
    return out


def _spare_exchanges(s: UrState, p: int) -> list[Step]:
    if not s.spares:
        return []
    h = s.hands[p]
    if len(s.spares) == 1:
        return [_SPARE] if s.spares[0] != h else []
    return [Step("spare", s=name) for name in sorted({PAIR_NAMES[sp] for sp in s.spares if sp != h})]


def _exchanges(s: UrState, p: int) -> list[Step]:
    return _grid_exchanges(s, p) + _spare_exchanges(s, p)


def _can_act(s: UrState) -> bool:
    n = len(s.acts)
    return not s.locked and n < 2 and (s.cube_state == CUBE_NONE or (s.cube_state == CUBE_OPEN and n == 0))


def _five_cube_tiles(s: UrState, p: int) -> list[int]:
    return [c for c in range(36) if s.owner[c] == p and not s.zig[c] and s.cubes[c] == 5]


def _range(s: UrState) -> tuple[int, int]:
    """The feasible amounts for the first cell of the queue (every completion stays legal)."""
    c = s.queue[0]
    if s.phase == PH_AGRI:
        return 0, min(2, 5 - s.cubes[c], s.supply(s.decider))
    if s.phase == PH_POLITICS:
        rest = 5 * (len(s.queue) - 1)
        return max(0, s.need - rest), min(5, s.need)
    rest = 0
    for m in s.queue[1:]:
        rest += s.due[m]
    return max(0, s.need - rest), min(s.due[c], s.need)


# -- legal steps ---------------------------------------------------------------------------------------
def legal_actions(s: UrState) -> list[Step]:
    """Every legal step for the pending decision, in sorted order (built in that order, not sorted);
    [] once the game is over."""
    ph = s.phase
    p = s.decider
    out: list[Step] = []
    if ph == PH_OVER:
        return out
    owner = s.owner
    if ph == PH_PLACE:
        first = s.setup_step < s.n
        for c in range(36):
            if owner[c] < 0:
                if first or any(owner[m] == p for m in NEIGHBOURS[c]):
                    out.append(_PLACE[c])
            elif owner[c] == p and not first:
                out.append(_PLACE[c])
        return out
    if ph == PH_INITIAL:
        out = _grid_exchanges(s, p)
        out.append(_KEEP)
        return out + _spare_exchanges(s, p)
    if ph == PH_RESTART:
        return [_RESTART[c] for c in range(36) if owner[c] < 0]
    if ph in (PH_AGRI, PH_TRADE, PH_CULTURE):
        lo, hi = _range(s)
        return list(_ADD[s.queue[0]][lo : hi + 1])
    if ph == PH_POLITICS:
        lo, hi = _range(s)
        return list(_SET[s.queue[0]][lo : hi + 1])
    if ph == PH_MOVE:
        return list(_MOVE[1 : s.cubes[s.war_a] + 1])
    # PH_TURN, in the sorted order of the step kinds:
    # agri < attack < cube < culture < end < exchange < politics < spare < trade < zig
    grid = _grid_exchanges(s, p)
    spare = _spare_exchanges(s, p)
    if s.locked:
        return grid + spare if grid or spare else [_END]
    hand = PAIRS[s.hands[p]]
    can = _can_act(s)
    if can and A in hand and A not in s.acts:
        out.append(_WORD_STEP[A])
    if s.in_war or (can and W in hand and W not in s.acts):
        out += _attacks(s, p)
    supply = s.supply(p)
    if s.cube_state == CUBE_NONE and len(s.acts) < 2 and supply > 0:
        none = not s.acts
        two = none and supply >= 2
        cubes, zig = s.cubes, s.zig
        for c in range(36):
            o = owner[c]
            if o == p:
                if not zig[c]:
                    if cubes[c] < 5:
                        out.append(_CUBE1[c])
                    if two and cubes[c] <= 3:
                        out.append(_CUBE2[c])
            elif o < 0 and none:
                out.append(_CUBE1[c])
    if can and C in hand and C not in s.acts:
        out.append(_WORD_STEP[C])
    if not grid and not spare:
        out.append(_END)
    out += grid
    if can and P in hand and P not in s.acts:
        out.append(_WORD_STEP[P])
    out += spare
    if can and T in hand and T not in s.acts:
        out.append(_WORD_STEP[T])
    if not s.started and s.zig_left > 0:
        five = _five_cube_tiles(s, p)
        for i, c in enumerate(five):
            out.append(Step("zig", c))
            if s.zig_left >= 2:
                for d in five[i + 1 :]:
                    out.append(Step("zig", c, d))
    return out


# -- decisions -----------------------------------------------------------------------------------------
def decision(s: UrState) -> Decision | None:
    """Who decides now, what, the legal choices and a plain-language prompt; None once over."""
    if s.phase == PH_OVER:
        return None
    kind, text = _prompt(s)
    return Decision(s.decider, kind, tuple(legal_actions(s)), f"{who(s.decider)}: {text}")


def _prompt(s: UrState) -> tuple[str, str]:
    ph = s.phase
    if ph == PH_PLACE:
        r = s.setup_step // s.n + 1
        where = "an empty tile" if r == 1 else "an own tile or an empty tile next to one"
        return "place", f"setup round {r}: place a cube on {where}"
    if ph == PH_INITIAL:
        return "initial exchange", "keep the hand tile or exchange it"
    if ph == PH_RESTART:
        return "restart", "no cube on the grid: put 3 cubes on an empty tile"
    if ph == PH_MOVE:
        return "war move", f"move 1–{s.cubes[s.war_a]} cubes from {cell_name(s.war_a)} into {cell_name(s.war_t)}"
    if ph in (PH_AGRI, PH_TRADE, PH_CULTURE, PH_POLITICS):
        lo, hi = _range(s)
        c = cell_name(s.queue[0])
        if ph == PH_POLITICS:
            return "politics", f"regroup: how many cubes {c} holds afterwards ({lo}–{hi}; {s.need} left to share)"
        name = {PH_AGRI: "agriculture", PH_TRADE: "trade", PH_CULTURE: "culture"}[ph]
        return name, f"{name}: how many cubes go on {c} ({lo}–{hi})"
    if s.locked:
        return "turn", "exchange the hand tile" if _exchanges(s, s.active) else "no legal exchange: end the game"
    parts = []
    if not s.started and s.zig_left > 0 and _five_cube_tiles(s, s.active):
        parts.append("build ziggurats")
    if _can_act(s):
        parts.append("perform an action")
    if s.in_war:
        parts.append("start another war")
    if s.cube_state == CUBE_NONE and len(s.acts) < 2:
        parts.append("place an extra cube")
    parts.append("exchange the hand tile" if _exchanges(s, s.active) else "end (no legal exchange)")
    return "turn", "choose: " + ", ".join(parts)


# -- explaining refusals -------------------------------------------------------------------------------
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
            if c >= 0 and not (_own(s, c, p) and s.cubes[c] == 5):
                return "§7 Z1", f"{cell_name(c)} is not a tile of {me} with 5 cubes"
        return "§7 Z1", "not a legal ziggurat choice"
    if k in WORD_KIND or k == "attack":
        kind = W if k == "attack" else WORD_KIND[k]
        if not (k == "attack" and s.in_war):
            if kind not in PAIRS[s.hands[p]]:
                return "§4 A1", f"{KIND_NAMES[kind]} is not an action of {me}'s hand tile {PAIR_NAMES[s.hands[p]]}"
            if kind in s.acts:
                return "§4 A2", f"{KIND_NAMES[kind]} was already performed this turn"
            if not _can_act(s):
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
            if not _own(s, c, p):
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
    need = _war_cost(s, a, t) + 1
    return "§5.5 W1", f"attacking {cell_name(t)} from {cell_name(a)} needs {need} cubes there, it has {s.cubes[a]}"


def _explain_exchange(s: UrState, st: Step, p: int) -> tuple[str, str]:
    options = _exchanges(s, p)
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
    lo, hi = _range(s)
    if st.kind != want:
        return "§12 S2", f"the action is under way: decide {cell_name(c)} first ({want} {lo}–{hi})"
    if st.a != c:
        first = "§5.1 G1" if ph == PH_AGRI else rule
        return first, f"the next tile to decide is {cell_name(c)}, not {cell_name(st.a)}"
    return rule, f"{cell_name(c)} takes {lo}–{hi} here, not {st.n}"


# -- applying ------------------------------------------------------------------------------------------
def apply_unchecked(s: UrState, st: Step, events: list[Event] | None = None) -> None:
    """Apply a legal step (unchecked: use ``why_illegal`` first for untrusted input)."""
    ph, k, p = s.phase, st.kind, s.decider
    if ph == PH_PLACE:
        r = s.setup_step // s.n + 1
        _put(s, st.a, p, 1)
        if events is not None:  # the text is built only when someone reads it
            say(events, "place", "§2.5", f"{who(p)} places a setup cube on {cell_name(st.a)} (round {r})",
                {"seat": p, "cell": st.a, "round": r}, p)  # fmt: skip
        s.setup_step += 1
        s.line += 1
        if s.setup_step == 3 * s.n:
            s.phase = PH_INITIAL
            s.setup_step = 0
        s.active = s.decider = (s.start + s.setup_step) % s.n
        return
    if ph == PH_INITIAL:
        if k == "keep":
            if events is not None:  # the text is built only when someone reads it
                say(events, "keep", "§2.6", f"{who(p)} keeps the hand tile {PAIR_NAMES[s.hands[p]]}", {"seat": p}, p)
        else:
            _exchange(s, st, p, events)
        s.setup_step += 1
        if s.setup_step == s.n:
            s.setup_step = 0
            begin_turn(s, s.start)
        else:
            s.line += 1
            s.active = s.decider = (s.start + s.setup_step) % s.n
        return
    if ph == PH_RESTART:
        _put(s, st.a, p, 3)
        if events is not None:  # the text is built only when someone reads it
            say(events, "restart", "§6.4", f"{who(p)} has no cube on the grid and restarts with 3 cubes on {cell_name(st.a)}",
                {"seat": p, "cell": st.a}, p)  # fmt: skip
        s.locked = True
        s.started = True
        s.phase = PH_TURN
        return
    if ph == PH_MOVE:
        _move(s, st.n, events)
        return
    if ph in (PH_AGRI, PH_TRADE, PH_CULTURE, PH_POLITICS):
        _allocate(s, st.n, events)
        return
    # PH_TURN
    if k in EXCHANGE_KINDS:
        if k == "end":
            _game_over(s, "no-exchange", events)
            return
        _exchange(s, st, p, events)
        _end_turn(s, events)
        return
    if k == "zig":
        for c in (st.a, st.b):
            if c >= 0:
                _take(s, c, 5)
                s.owner[c] = p
                s.cubes[c] = 1
                s.zig[c] = 1
                s.on_grid[p] += 1
                s.zig_left -= 1
                if events is not None:  # the text is built only when someone reads it
                    say(events, "ziggurat", "§7", f"{who(p)} builds a ziggurat on {cell_name(c)} ({s.zig_left} left)",
                        {"seat": p, "cell": c, "left": s.zig_left}, p)  # fmt: skip
        s.locked = True
        s.started = True
        return
    s.started = True
    if k == "cube":
        empty = s.owner[st.a] < 0
        _put(s, st.a, p, st.n)
        s.cube_state = CUBE_OPEN if (st.n == 1 and not empty and not s.acts) else CUBE_CLOSED
        s.in_war = False
        rule = "§6.1" if len(s.acts) == 1 or s.cube_state == CUBE_OPEN else "§6.2"
        if events is not None:  # the text is built only when someone reads it
            say(events, "cubes", rule, f"{who(p)} places {st.n} extra cube{'s' if st.n == 2 else ''} on {cell_name(st.a)}",
                {"seat": p, "cell": st.a, "count": st.n, "by": "extra"}, p)  # fmt: skip
        return
    if k == "attack":
        if not s.in_war:
            _declare(s, W, events)
            s.in_war = True
        _attack(s, st.a, st.b, events)
        return
    s.in_war = False
    kind = WORD_KIND[k]
    _declare(s, kind, events)
    if kind == A:
        _agriculture(s, events)
    elif kind == T:
        _trade(s, events)
    elif kind == C:
        _culture(s, events)
    else:
        _politics(s, events)


def _declare(s: UrState, kind: int, events: list[Event] | None) -> None:
    s.acts.append(kind)
    p = s.active
    if events is not None:  # the text is built only when someone reads it
        say(events, "action", "§4", f"{who(p)} performs {KIND_NAMES[kind]} (action {len(s.acts)})",
            {"seat": p, "action": WORD[kind], "number": len(s.acts)}, p)  # fmt: skip


def _placed(events: list[Event] | None, p: int, c: int, k: int, by: str, rule: str) -> None:
    if events is not None and k:
        say(events, "cubes", rule, f"{who(p)} gets {k} cube{'s' if k > 1 else ''} on {cell_name(c)} ({by})",
            {"seat": p, "cell": c, "count": k, "by": by}, p)  # fmt: skip


def agri_plan(s: UrState, p: int) -> tuple[list[int], list[int], list[int], int]:
    """Agriculture of ``p`` now (§5.1): the tiles that starve (step 1), the eligible tiles of step 2 in
    reading order, their room after step 1 (at most 2) and the supply after step 1."""
    starving = []
    farms = []
    for c in range(36):
        if s.face[c] == A and not s.zig[c]:
            if s.owner[c] == p or (s.owner[c] < 0 and s.opts.agriculture_on_empty):
                farms.append(c)
        if _own(s, c, p):
            fed = False
            for m in NEIGHBOURS[c]:
                if s.face[m] == A and not s.zig[m]:
                    fed = True
            if not fed:
                starving.append(c)
    rooms = [min(2, 5 - s.cubes[c] + (1 if c in starving else 0)) for c in farms]
    return starving, farms, rooms, s.supply(p) + len(starving)


def _agriculture(s: UrState, events: list[Event] | None) -> None:
    p = s.active
    starving, eligible, _, _ = agri_plan(s, p)
    for c in starving:
        _take(s, c, 1)
    if starving:
        if events is not None:  # the text is built only when someone reads it
            say(events, "starve", "§5.1", f"{who(p)}'s tiles far from farms lose a cube: "
                + " ".join(cell_name(c) for c in starving), {"seat": p, "cells": starving}, p)  # fmt: skip
    s.queue = eligible
    s.phase = PH_AGRI
    _advance(s, events)


def trade_plan(s: UrState, p: int) -> tuple[list[int], list[int], int]:
    """Trade of ``p`` now (§5.2): own trade tiles that are due cubes, the cubes due (cap applied), supply."""
    tiles = []
    dues = []
    for c in range(36):
        if _own(s, c, p) and s.face[c] == T:
            n = BORDER[c]
            for m in NEIGHBOURS[c]:
                if s.owner[m] >= 0 and s.owner[m] != p:
                    n += 1
            e = min(n, 5 - s.cubes[c])
            if e:
                tiles.append(c)
                dues.append(e)
    return tiles, dues, s.supply(p)


def culture_plan(s: UrState, p: int) -> list[tuple[int, list[int], list[int], int]]:
    """Culture of ``p`` now (§5.3): per seat from ``p`` clockwise, the tiles due cubes, the cubes due
    (cap applied) and that seat's supply."""
    acting = [0] * 36
    for c in range(36):
        if _own(s, c, p) and s.face[c] == C:
            acting[c] = 1
    out = []
    for i in range(s.n):
        q = (p + i) % s.n
        tiles = []
        dues = []
        for u in range(36):
            if s.owner[u] == q and not s.zig[u]:
                w = 0
                for m in NEIGHBOURS[u]:
                    w += acting[m]
                e = min(w, 5 - s.cubes[u])
                if e:
                    tiles.append(u)
                    dues.append(e)
        out.append((q, tiles, dues, s.supply(q)))
    return out


def _trade(s: UrState, events: list[Event] | None) -> None:
    p = s.active
    tiles, dues, sup = trade_plan(s, p)
    if sum(dues) <= sup:
        for c, k in zip(tiles, dues):
            _put(s, c, p, k)
            _placed(events, p, c, k, "trade", "§5.2")
        _finish_action(s)
        return
    for c, k in zip(tiles, dues):
        s.due[c] = k
    s.queue = tiles
    s.need = sup
    s.phase = PH_TRADE
    _advance(s, events)


def _clear_due(s: UrState, cells: list[int]) -> None:
    for c in cells:
        s.due[c] = 0


def _culture(s: UrState, events: list[Event] | None) -> None:
    for _, tiles, dues, _ in culture_plan(s, s.active):
        for c, k in zip(tiles, dues):
            s.due[c] = k
    s.culture_seats = [(s.active + i) % s.n for i in range(s.n)]
    s.queue = []
    s.phase = PH_CULTURE
    _advance(s, events)


def _politics(s: UrState, events: list[Event] | None) -> None:
    p = s.active
    tiles = [c for c in range(36) if _own(s, c, p)]
    total = 0
    for c in tiles:
        total += s.cubes[c]
        _take(s, c, s.cubes[c])  # lifted, then set tile by tile: the supply stays exact meanwhile
    s.queue = tiles
    s.need = total
    s.phase = PH_POLITICS
    _advance(s, events)


def _allocate(s: UrState, k: int, events: list[Event] | None) -> None:
    """The decider's amount for the first cell of the queue, then every forced choice after it."""
    _allocate_forced(s, k, events)
    _advance(s, events)


def _advance(s: UrState, events: list[Event] | None) -> None:
    """Take every forced choice (a single feasible amount) until a real choice or the action's end."""
    while True:
        if s.queue:
            lo, hi = _range(s)
            if lo < hi:
                return
            _allocate_forced(s, lo, events)
            continue
        if s.phase == PH_CULTURE and s.culture_seats:
            q = s.culture_seats.pop(0)
            tiles = [u for u in range(36) if s.owner[u] == q and not s.zig[u] and s.due[u] > 0]
            total = 0
            for u in tiles:
                total += s.due[u]
            if total <= s.supply(q):
                for u in tiles:
                    k = s.due[u]
                    _put(s, u, q, k)
                    s.due[u] = 0
                    _placed(events, q, u, k, "culture", "§5.3")
            elif s.supply(q) > 0:
                s.queue = tiles
                s.need = s.supply(q)
                s.decider = q
            else:
                _clear_due(s, tiles)
            continue
        _finish_action(s)
        return


def _allocate_forced(s: UrState, k: int, events: list[Event] | None) -> None:
    c = s.queue.pop(0)
    p = s.decider
    _put(s, c, p, k)
    if s.phase == PH_POLITICS:
        s.need -= k
        if events is not None:  # the text is built only when someone reads it
            say(events, "politics", "§5.4", f"{who(p)} leaves {k} cube{'s' if k != 1 else ''} on {cell_name(c)}",
                {"seat": p, "cell": c, "count": k}, p)  # fmt: skip
        return
    if s.phase != PH_AGRI:
        s.need -= k
        s.due[c] = 0
    by, rule = {PH_AGRI: ("agri", "§5.1"), PH_TRADE: ("trade", "§5.2"), PH_CULTURE: ("culture", "§5.3")}[s.phase]
    _placed(events, p, c, k, by, rule)


def _finish_action(s: UrState) -> None:
    s.phase = PH_TURN
    s.queue = []
    s.need = 0
    s.culture_seats = []
    s.decider = s.active


def _attack(s: UrState, a: int, t: int, events: list[Event] | None) -> None:
    p = s.active
    defender = s.owner[t]
    d = s.cubes[t]
    cost = _war_cost(s, a, t)
    _take(s, t, d)
    _take(s, a, cost)
    if events is not None:  # the text is built only when someone reads it
        say(events, "war", "§5.5",
            f"{who(p)} attacks {cell_name(t)} from {cell_name(a)}: "
            + (f"{who(defender)} loses {d} cube{'s' if d != 1 else ''}, " if d else "the tile was empty, ")
            + f"the attacker pays {cost}",
            {"seat": p, "attacker": a, "target": t, "defender": defender if d else None, "removed": d, "cost": cost},
            p)  # fmt: skip
    s.war_a = a
    s.war_t = t
    if s.cubes[a] == 1:
        _move(s, 1, events)
    else:
        s.phase = PH_MOVE


def _move(s: UrState, m: int, events: list[Event] | None) -> None:
    p = s.active
    a, t = s.war_a, s.war_t
    _take(s, a, m)
    _put(s, t, p, m)
    if events is not None:  # the text is built only when someone reads it
        say(events, "move", "§5.5", f"{who(p)} moves {m} cube{'s' if m != 1 else ''} from {cell_name(a)} into {cell_name(t)}",
            {"seat": p, "attacker": a, "target": t, "count": m}, p)  # fmt: skip
    s.war_a = s.war_t = -1
    s.phase = PH_TURN


def _exchange(s: UrState, st: Step, p: int, events: list[Event] | None) -> None:
    old = s.hands[p]
    k1, k2 = PAIRS[old]
    if st.kind == "exchange":
        c = st.a
        side = KINDS.index(st.s)
        took = PAIR_INDEX[s.face[c]][s.back[c]]
        s.hands[p] = took
        s.face[c] = side
        s.back[c] = k2 if side == k1 else k1
        if events is not None:  # the text is built only when someone reads it
            say(events, "exchange", "§8", f"{who(p)} takes {PAIR_NAMES[took]} from {cell_name(c)} and lays "
                f"{PAIR_NAMES[old]} there, {KIND_NAMES[side]} side up",
                {"seat": p, "cell": c, "side": st.s, "took": PAIR_NAMES[took], "left": PAIR_NAMES[old]}, p)  # fmt: skip
        return
    i = 0
    for j, sp in enumerate(s.spares):
        if (st.s and PAIR_NAMES[sp] == st.s) or (not st.s and sp != old):
            i = j
            break
    took = s.spares[i]
    s.spares[i] = old
    s.hands[p] = took
    if events is not None:  # the text is built only when someone reads it
        say(events, "exchange", "§8.4", f"{who(p)} takes the spare {PAIR_NAMES[took]} and leaves {PAIR_NAMES[old]} as spare",
            {"seat": p, "cell": None, "side": None, "took": PAIR_NAMES[took], "left": PAIR_NAMES[old]}, p)  # fmt: skip


def _end_turn(s: UrState, events: list[Event] | None) -> None:
    s.turns += 1
    if s.zig_left == 0 and s.active == (s.start - 1) % s.n:
        _game_over(s, "ziggurats", events)
    elif s.opts.turn_limit and s.turns >= s.opts.turn_limit:
        _game_over(s, "turn-limit", events)
    else:
        begin_turn(s, (s.active + 1) % s.n)


def _game_over(s: UrState, reason: str, events: list[Event] | None) -> None:
    s.over = True
    s.end_reason = reason
    s.phase = PH_OVER
    texts = {
        "no-exchange": ("§9.1", f"{who(s.active)} cannot exchange: the game ends at once"),
        "ziggurats": ("§9.2", "the round of the fifth ziggurat is complete: the game ends"),
        "turn-limit": ("§9.3", f"the turn limit ({s.opts.turn_limit}) is reached: the game ends"),
    }
    rule, text = texts[reason]
    if events is not None:
        ranking = ", ".join(f"{who(x.seat)} {x.points}" for x in sorted(standings(s), key=lambda x: x.place))
        if events is not None:  # the text is built only when someone reads it
            say(events, "game_over", rule, f"{text}. Scores: {ranking}", {"reason": reason}, None)


# -- scoring -------------------------------------------------------------------------------------------
def set_score(counts: list[int]) -> int:
    """The best split of items into sets of different colours (§10.3: the layered split is optimal)."""
    total = 0
    j = 1
    while True:
        size = 0
        for c in counts:
            if c >= j:
                size += 1
        if size == 0:
            return total
        total += size * (size + 1) // 2
        j += 1


def player_score(s: UrState, p: int) -> tuple[int, str]:
    """Points of seat ``p`` with the better side of his hand tile, and that side's kind letter."""
    counts = [0] * 6
    for c in range(36):
        if s.owner[c] == p:
            counts[5 if s.zig[c] else s.face[c]] += 1
    best, side = -1, ""
    for k in PAIRS[s.hands[p]]:
        counts[k] += 1
        v = set_score(counts)
        counts[k] -= 1
        if v > best:
            best, side = v, KINDS[k]
    return best, side


def standings(s: UrState) -> list[Standing]:
    """Every seat's score now, in seat order, with places by points then cubes on the grid (§10.5)."""
    raw = [(p, *player_score(s, p), s.on_grid[p]) for p in range(s.n)]
    out = []
    for p, pts, side, cubes in raw:
        better = sum(1 for q, qp, _, qc in raw if (qp, qc) > (pts, cubes))
        out.append(Standing(p, pts, cubes, better + 1, side))
    return out


# -- invariants ----------------------------------------------------------------------------------------
def invariant_problems(s: UrState) -> list[str]:
    """I1-I5 of §3 (empty when all hold)."""
    out = []
    grid = [0] * s.n
    zigs = 0
    pairs = [0] * 10
    for c in range(36):
        o, k = s.owner[c], s.cubes[c]
        if s.face[c] == s.back[c] or not (0 <= s.face[c] < 5 and 0 <= s.back[c] < 5):
            out.append(f"I3: {cell_name(c)} has no valid pair")
            continue
        pairs[PAIR_INDEX[s.face[c]][s.back[c]]] += 1
        if (o < 0) != (k == 0) or not 0 <= k <= 5 or o >= s.n:
            out.append(f"I1: {cell_name(c)} holds {k} cubes of owner {o}")
        if s.zig[c]:
            zigs += 1
            if k != 1 or o < 0:
                out.append(f"I4: the ziggurat {cell_name(c)} holds {k} cubes")
        if 0 <= o < s.n:
            grid[o] += k
    for p in range(s.n):
        if grid[p] != s.on_grid[p] or grid[p] > 20:
            out.append(f"I2: P{p} has {grid[p]} cubes on the grid, counted {s.on_grid[p]}")
    for h in s.hands + s.spares:
        pairs[h] += 1
    if pairs != [4] * 10:
        out.append(f"I3: pair counts {pairs}")
    if zigs + s.zig_left != 5:
        out.append(f"I4: {zigs} ziggurats on the grid and {s.zig_left} left")
    if len(s.hands) != s.n or len(s.spares) != 4 - s.n:
        out.append("I5: hands and spares do not match the players")
    return out
