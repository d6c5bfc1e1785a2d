"""Turn-line notation (§12.2): one line per setup step or turn, composed into the engine's steps.

``parse_line(text)`` reads a line into items (``NotationError`` names the item and column);
``compose(state, text)`` turns it into the steps that play it from ``state`` (``IllegalActionError``
names the item and the rule; the state is not changed); ``format_line(entries, after)`` writes the
steps of one line back in canonical form.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from tigris_widget.core.checks import MAX_SHOWN, plain_text, read_whole, shown
from tigris_widget.core.errors import IllegalActionError, NotationError
from tigris_widget.games.ur.engine.board import KIND_NAMES, PAIR_NAMES, A, T, cell_name
from tigris_widget.games.ur.engine.rules import (
    agri_plan,
    apply_unchecked,
    culture_plan,
    legal_actions,
    trade_plan,
    why_illegal,
)
from tigris_widget.games.ur.engine.state import (
    PH_AGRI,
    PH_CULTURE,
    PH_INITIAL,
    PH_MOVE,
    PH_PLACE,
    PH_POLITICS,
    PH_RESTART,
    PH_TRADE,
    PH_TURN,
    UrState,
)
from tigris_widget.games.ur.engine.steps import Step

__all__ = ["Item", "compose", "format_line", "parse_line"]

ACTION_ITEMS = ("agri", "trade", "culture", "politics", "war")


class Item(NamedTuple):
    """One item of a line: ``word`` and its parts (cells are ints ``y * 6 + x``)."""

    word: str
    cells: tuple[int, ...] = ()
    n: int = 0
    allocs: tuple[tuple[int, int], ...] = ()
    others: tuple[tuple[int, tuple[tuple[int, int], ...]], ...] = ()
    fights: tuple[tuple[int, int, int], ...] = ()
    text: str = ""
    column: int = 0
    source: str = ""
    """The item as written (one space between words), for messages."""


_CELL = r"\(\s*([0-9])\s*,\s*([0-9])\s*\)"

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th")
AFTER_LAST = "after the line's last step"
"""How a refusal names where in a line it happened: "2nd step, 'exchange (1,1) side P'", not a parser's
item number and column."""


def _cell(m: re.Match[str], i: int, where: str) -> int:
    x, y = int(m.group(i)), int(m.group(i + 1))
    if x > 5 or y > 5:
        raise NotationError(f"{where}: ({x},{y}) is off the grid (x and y are 0..5)")
    return y * 6 + x


def _count(digits: str, what: str, where: str) -> int:
    """A count written in digits, at most 9 (a longer number is refused, naming the item, not by int())."""
    try:
        return read_whole(digits, what, 9)
    except ValueError as err:
        raise NotationError(f"{where}: {err}") from None


def _allocs(text: str, sign: str, where: str) -> tuple[tuple[int, int], ...]:
    out = []
    for part in re.findall(r"\S+", text.replace(f" {sign}", sign).replace(f"{sign} ", sign)):
        m = re.fullmatch(_CELL + re.escape(sign) + r"([0-9])", part)
        if m is None:
            raise NotationError(f"{where}: cannot read {shown(part, MAX_SHOWN)} (expected (x,y){sign}digit)")
        out.append((_cell(m, 1, where), int(m.group(3))))
    return tuple(out)


def parse_line(text: object) -> tuple[int, list[Item]]:
    """The seat and the items of a line, e.g. ``P1: agri; cube (2,2); exchange (4,1) side T``."""
    plain = plain_text(text)  # a str subclass's own methods are not trusted
    if plain is None:
        raise NotationError(f"a line is text, not {shown(text)}")
    text = plain
    m = re.match(r"\s*P([0-9])\s*:\s*", text)
    if m is None:
        raise NotationError(f"column 1: a line starts with the seat, e.g. 'P0: …' (got {shown(text, MAX_SHOWN)})")
    seat = int(m.group(1))
    items = []
    pos = m.end()
    for raw in text[m.end() :].split(";"):
        column = pos + (len(raw) - len(raw.lstrip())) + 1
        pos += len(raw) + 1
        item = " ".join(raw.split())
        if not item:
            raise NotationError(f"column {column}: empty item in {shown(text, MAX_SHOWN)}")
        items.append(_item(item, column)._replace(source=item))
    return seat, items


def _item(t: str, column: int) -> Item:
    where = f"column {column} ({shown(t, MAX_SHOWN)})"
    word = t.split(" ", 1)[0]
    rest = t[len(word) :].strip()
    if word in ("keep", "pass") and not rest:
        return Item(word, text=t, column=column)
    if word in ("place", "restart"):
        m = re.fullmatch(_CELL, rest)
        if m:
            return Item(word, (_cell(m, 1, where),), text=t, column=column)
    elif word == "zig":
        found = list(re.finditer(_CELL, rest))
        if found and re.fullmatch(r"(?:\s*" + _CELL + r")+", rest):
            return Item(word, tuple(_cell(m, 1, where) for m in found), text=t, column=column)
    elif word == "cube":
        m = re.fullmatch(_CELL + r"(\s*x2)?", rest)
        if m:
            return Item(word, (_cell(m, 1, where),), 2 if m.group(3) else 1, text=t, column=column)
    elif word in ("agri", "trade"):
        return Item(word, allocs=_allocs(rest, "+", where), text=t, column=column)
    elif word == "culture":
        parts = rest.split("|")
        others = []
        for part in parts[1:]:
            pm = re.fullmatch(r"\s*P([0-9])\s*:\s*(.*)", part)
            if pm is None or not pm.group(2).strip():
                raise NotationError(f"{where}: expected '| P<k>: (x,y)+k …', found {shown(part.strip(), MAX_SHOWN)}")
            others.append((int(pm.group(1)), _allocs(pm.group(2), "+", where)))
        return Item(word, allocs=_allocs(parts[0], "+", where), others=tuple(others), text=t, column=column)
    elif word == "politics":
        return Item(word, allocs=_allocs(rest, "=", where), text=t, column=column)
    elif word == "war":
        fights = []
        for part in re.split(r"(?<=[0-9])\s*,\s*(?=\()", rest) if rest else []:
            fm = re.fullmatch(r"\s*" + _CELL + r"\s*->\s*" + _CELL + r"\s+move\s+([0-9]+)\s*", part)
            if fm is None:
                raise NotationError(
                    f"{where}: cannot read the war {shown(part.strip(), MAX_SHOWN)} (expected (x,y)->(x,y) move m)"
                )
            fights.append((_cell(fm, 1, where), _cell(fm, 3, where), _count(fm.group(5), "move", where)))
        return Item(word, fights=tuple(fights), text=t, column=column)
    elif word == "exchange":
        m = re.fullmatch(_CELL + r"\s+side\s+([ATCPW])", rest)
        if m:
            return Item(word, (_cell(m, 1, where),), text=m.group(3), column=column)
        m = re.fullmatch(r"spare(?:\s+([A-Z]{2}))?", rest)
        if m:
            pair = m.group(1) or ""
            if pair and pair not in PAIR_NAMES:
                raise NotationError(f"{where}: {shown(pair, MAX_SHOWN)} is not a pair (AT AC AP AW TC TP TW CP CW PW)")
            return Item("spare", text=pair, column=column)
    else:
        raise NotationError(
            f"{where}: unknown item {shown(word, MAX_SHOWN)}; items are place, keep, pass, restart, zig, cube, agri, trade, "
            "culture, politics, war, exchange"
        )
    raise NotationError(f"{where}: cannot read this {word} item")


# -- composing a line into steps -------------------------------------------------------------------------
def _refuse(where: str, rule: str, text: str) -> IllegalActionError:
    return IllegalActionError(f"{where}: {rule}: {text}", rule)


class _Composer:
    def __init__(self, state: UrState) -> None:
        self.s = state.clone()
        self.steps: list[Step] = []

    def do(self, step: Step, where: str) -> None:
        problem = why_illegal(self.s, step)
        if problem is not None:
            raise _refuse(where, problem[0], problem[1])
        apply_unchecked(self.s, step, None)
        self.steps.append(step)

    def drive(self, plan: dict[tuple[int, int], int], where: str) -> None:
        """Answer every pending allocation decision with the planned amount (by seat and cell)."""
        s = self.s
        while s.phase in (PH_AGRI, PH_TRADE, PH_CULTURE, PH_POLITICS):
            c = s.queue[0]
            step = Step("set" if s.phase == PH_POLITICS else "add", c, n=plan.get((s.decider, c), 0))
            self.do(step, where)


def compose(state: UrState, text: str) -> list[Step]:
    """The steps that play the line ``text`` from ``state`` (which is not changed)."""
    seat, items = parse_line(text)
    comp = _Composer(state)
    s = comp.s
    if s.over:
        raise IllegalActionError("§9 G1: the game is over", "§9 G1")
    if seat != s.active or seat != s.decider:
        raise IllegalActionError(f"§12 S3: it is P{s.decider}'s decision, not P{seat}'s", "§12 S3")
    if s.phase not in (PH_PLACE, PH_INITIAL, PH_RESTART, PH_TURN) or (s.phase == PH_TURN and s.started):
        raise IllegalActionError(
            "§12 S2: a turn is under way: a line plays a whole turn, finish this one step by step", "§12 S2"
        )
    line = s.line
    passed = False
    for i, item in enumerate(items):
        where = (
            f"{ORDINALS[i] if i < len(ORDINALS) else f'{i + 1}th'} step, {shown(item.source or item.word, MAX_SHOWN)}"
        )
        if s.line != line or s.over:
            raise _refuse(where, "§12 S2", "the line goes on after its turn ended")
        w = item.word
        if w == "pass":
            if i != 0 or s.phase != PH_TURN or s.started:
                raise _refuse(where, "§12 S2", "'pass' may only open a no-action turn")
            passed = True
            continue
        if passed and (w in ACTION_ITEMS or w in ("cube", "zig")):
            raise _refuse(where, "§12 S2", "'pass' means no action and no extra cube")
        if w == "place":
            comp.do(Step("place", item.cells[0]), where)
        elif w == "keep":
            comp.do(Step("keep"), where)
        elif w == "restart":
            comp.do(Step("restart", item.cells[0]), where)
        elif w == "zig":
            if len(item.cells) > 2:
                raise _refuse(where, "§7 Z2", "at most two ziggurats per turn")
            a = item.cells[0]
            b = item.cells[1] if len(item.cells) > 1 else -1
            if b >= 0 and b < a:
                a, b = b, a
            comp.do(Step("zig", a, b), where)
        elif w == "cube":
            _cube(comp, item, sum(1 for later in items[i + 1 :] if later.word in ACTION_ITEMS), where)
        elif w == "exchange":
            comp.do(Step("exchange", item.cells[0], s=item.text), where)
        elif w == "spare":
            comp.do(_spare_step(s, item.text, where), where)
        elif w == "war":
            _war(comp, item, where)
        else:
            _action(comp, item, where)
    if s.line == line and not s.over:
        if s.phase == PH_TURN and Step("end") in legal_actions(s):
            comp.do(Step("end"), AFTER_LAST)
        elif s.phase == PH_TURN:
            raise IllegalActionError(
                f"{AFTER_LAST}: §9.1 E5: a legal exchange exists: the turn ends with 'exchange …'", "§9.1 E5"
            )
        elif s.phase in (PH_PLACE, PH_INITIAL):
            raise IllegalActionError(f"{AFTER_LAST}: §12 S2: the setup step is missing", "§12 S2")
        else:
            raise IllegalActionError(f"{AFTER_LAST}: §12 S2: the line stops in the middle of an action", "§12 S2")
    return comp.steps


def _cube(comp: _Composer, item: Item, actions_after: int, where: str) -> None:
    """A cube item; written before the line's action it is that action's extra cube (§6.1)."""
    s = comp.s
    c = item.cells[0]
    if actions_after and s.phase == PH_TURN and not s.locked and s.cube_state == 0 and not s.acts:
        if actions_after > 1:
            raise _refuse(where, "§6.3 X3", "no extra cube with two actions")
        if item.n == 2:
            raise _refuse(where, "§6.1 X1", "with one action the extra placement is 1 cube")
        if s.owner[c] != s.active or s.zig[c]:
            raise _refuse(
                where, "§6.1 X1", f"the extra cube of a one-action turn goes on an own tile; {cell_name(c)} is not"
            )
    comp.do(Step("cube", c, n=item.n), where)


def _spare_step(s: UrState, pair: str, where: str) -> Step:
    """``exchange spare`` with the pair written canonically: named only when there are two spares."""
    if len(s.spares) < 2:
        if pair and (not s.spares or PAIR_NAMES[s.spares[0]] != pair):
            raise _refuse(where, "§8 E4", f"there is no spare {pair}")
        return Step("spare")
    if pair:
        return Step("spare", s=pair)
    hand = s.hands[s.active]
    legal = sorted({PAIR_NAMES[x] for x in s.spares if x != hand})
    if len(legal) > 1:
        raise _refuse(where, "§8 E4", "two spares of different pairs: name the one taken, e.g. 'exchange spare "
                      + legal[0] + "'")  # fmt: skip
    return Step("spare", s=legal[0] if legal else PAIR_NAMES[s.spares[0]])


def _war(comp: _Composer, item: Item, where: str) -> None:
    s = comp.s
    if not item.fights:
        raise _refuse(where, "§5.5 W1", "a war action needs at least one war")
    if s.in_war:
        raise _refuse(where, "§4 A2", "war was already performed this turn")
    for a, t, m in item.fights:
        fight = f"{where}, {cell_name(a)}->{cell_name(t)}"
        comp.do(Step("attack", a, t), fight)
        if s.phase == PH_MOVE:
            if not 1 <= m <= s.cubes[a]:
                raise _refuse(fight, "§5.5 W2", f"move 1–{s.cubes[a]} cubes (what is left after the cost), not {m}")
            comp.do(Step("move", n=m), fight)
        elif m != 1:
            raise _refuse(fight, "§5.5 W2", f"only 1 cube is left after the cost: move 1, not {m}")


def _dupes(allocs: tuple[tuple[int, int], ...], where: str, rule: str) -> dict[int, int]:
    out: dict[int, int] = {}
    for c, k in allocs:
        if c in out:
            raise _refuse(where, rule, f"{cell_name(c)} is listed twice")
        out[c] = k
    return out


def _an(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _not_eligible(s: UrState, c: int, kind: int, p: int) -> str:
    if s.zig[c]:
        return f"{cell_name(c)} is a ziggurat, not {_an(KIND_NAMES[kind])} tile"
    if s.face[c] != kind:
        return f"{cell_name(c)} is not {_an(KIND_NAMES[kind])} tile"
    if s.owner[c] < 0:
        return f"{cell_name(c)} is an empty {KIND_NAMES[kind]} tile (only own tiles receive cubes)"
    if s.owner[c] != p:
        return f"{cell_name(c)} is P{s.owner[c]}'s {KIND_NAMES[kind]} tile"
    return f"{cell_name(c)} receives nothing"


def _action(comp: _Composer, item: Item, where: str) -> None:
    s = comp.s
    w = item.word
    p = s.active
    kind = ACTION_ITEMS.index(w)
    if kind in s.acts:
        raise _refuse(where, "§4 A2", f"{KIND_NAMES[kind]} was already performed this turn")
    plan: dict[tuple[int, int], int] = {}
    if w == "agri":
        rule = "§5.1 G2"
        want = _dupes(item.allocs, where, rule)
        _, eligible, rooms, supply = agri_plan(s, p)
        for c in want:
            if c not in eligible:
                raise _refuse(where, "§5.1 G1", _not_eligible(s, c, A, p))
        comp.do(Step("agri"), where)  # checks the hand, the order and the count of actions first
        total = 0
        for c, room in zip(eligible, rooms):
            k = want.get(c, 0) if want else room
            if k > 2:
                raise _refuse(where, rule, f"at most 2 cubes per agriculture tile, not {k} on {cell_name(c)}")
            if k > room:
                raise _refuse(where, rule, f"cap: {cell_name(c)} has room for {room} (5 cubes per tile)")
            total += k
            plan[(p, c)] = k
        if total > supply:
            alone = "'agri' alone places the maximum everywhere; " if not want else ""
            raise _refuse(where, rule, f"{alone}{total} cubes needed, the supply holds {supply}")
    elif w == "trade":
        rule = "§5.2 T1"
        want = _dupes(item.allocs, where, rule)
        tiles, dues, supply = trade_plan(s, p)
        for c in want:
            if c not in tiles and not (s.owner[c] == p and not s.zig[c] and s.face[c] == T):
                raise _refuse(where, rule, _not_eligible(s, c, T, p))
        comp.do(Step("trade"), where)
        total = sum(dues)
        short = total > supply > 0
        if not want and short:
            raise _refuse(where, rule, f"the supply ({supply}) is short of the {total} cubes due: give the allocations")
        placed = 0
        for c, e in zip(tiles, dues):
            k = want.get(c, 0) if want else e
            if k > e:
                raise _refuse(where, rule, f"{cell_name(c)} is due at most {e} cube(s), not {k}")
            placed += k
            plan[(p, c)] = k
        for c, k in want.items():
            if c not in tiles and k:
                raise _refuse(where, rule, f"{cell_name(c)} is due no cube")
        if want and supply == 0 and placed:
            raise _refuse(where, rule, "the supply is empty: trade places nothing")
        if want and total <= supply and plan != {(p, c): e for c, e in zip(tiles, dues)}:
            raise _refuse(where, rule, "the supply suffices: every cube due must be placed (write 'trade')")
        if short and placed != supply:
            raise _refuse(where, rule, f"all {supply} cubes of the supply must be placed, not {placed}")
    elif w == "culture":
        rule = "§5.3 C1"
        lists: dict[int, dict[int, int]] = {}
        if item.allocs:
            lists[p] = _dupes(item.allocs, where, rule)
        for q, allocs in item.others:
            if q >= s.n:
                raise NotationError(f"{where}: P{q} is not a seat of {s.n} players")
            if q == p:
                raise _refuse(where, rule, f"P{p}'s own distribution comes first, right after 'culture'")
            if q in lists:
                raise _refuse(where, rule, f"P{q}'s distribution is given twice")
            lists[q] = _dupes(allocs, where, rule)
        for q, cells in lists.items():  # even '+0' names a tile: it must be q's own, as agri/trade/politics ask
            for c in cells:
                if s.owner[c] != q or s.zig[c]:
                    what = "a ziggurat" if s.zig[c] else "empty" if s.owner[c] < 0 else f"P{s.owner[c]}'s tile"
                    raise _refuse(where, rule, f"{cell_name(c)} is {what}: culture places P{q}'s cubes on P{q}'s tiles")
        seats = culture_plan(s, p)
        comp.do(Step("culture"), where)
        for q, tiles, dues, supply in seats:
            total = sum(dues)
            short = total > supply
            given = lists.get(q)
            full = dict(zip(tiles, dues))
            if given is None:
                if short and supply > 0:
                    raise _refuse(where, rule, f"P{q} is short ({total} cubes due, {supply} in the supply): "
                                  f"give P{q}'s distribution" + (f" ('| P{q}: …')" if q != p else ""))  # fmt: skip
                chosen = full if not short else {}
            else:
                for c, k in given.items():
                    if k > full.get(c, 0):
                        raise _refuse(where, rule, f"{cell_name(c)} is due {full.get(c, 0)} of P{q}'s cubes, not {k}")
                if short and supply > 0:
                    if sum(given.values()) != supply:
                        raise _refuse(where, rule, f"P{q} places exactly the {supply} cube(s) of the supply, "
                                      f"not {sum(given.values())}")  # fmt: skip
                elif total and supply == 0:
                    if any(given.values()):
                        raise _refuse(where, rule, f"P{q} has no cube in the supply: none of P{q}'s cubes is placed")
                elif {c: k for c, k in given.items() if k} != full:
                    raise _refuse(where, rule, f"P{q} is not short: the list must be the full placement (omit it)")
                chosen = given
            for c, k in chosen.items():
                plan[(q, c)] = k
    else:
        rule = "§5.4 P1"
        want = _dupes(item.allocs, where, rule)
        tiles = [c for c in range(36) if s.owner[c] == p and not s.zig[c]]
        for c, k in want.items():
            if c not in tiles:
                what = "a ziggurat" if s.zig[c] else "empty" if s.owner[c] < 0 else f"P{s.owner[c]}'s tile"
                raise _refuse(where, rule, f"{cell_name(c)} is {what}: politics regroups cubes among P{p}'s tiles")
            if k > 5:
                raise _refuse(where, rule, f"cap: at most 5 cubes on {cell_name(c)}, not {k}")
        before = sum(s.cubes[c] for c in tiles)
        after = sum(want.get(c, s.cubes[c]) for c in tiles)
        if after != before:
            raise _refuse(where, rule, f"the total would change from {before} to {after}")
        old = {c: s.cubes[c] for c in tiles}
        comp.do(Step("politics"), where)
        for c in tiles:
            plan[(p, c)] = want.get(c, old[c])
    comp.drive(plan, where)


# -- writing a line back --------------------------------------------------------------------------------
def format_line(entries: list[tuple[UrState, Step]], after: UrState) -> str:
    """The canonical line of one setup step or turn: ``entries`` are (state before, step) in order,
    ``after`` the state after the last step."""
    if not entries:
        raise ValueError("a line needs at least one step")
    seat = entries[0][0].active
    items: list[str] = []
    i = 0
    while i < len(entries):
        pre, st = entries[i]
        j = i + 1
        if st.kind == "attack" or st.kind in ("agri", "trade", "culture", "politics"):
            sub = ("add", "set", "move", "attack") if st.kind == "attack" else ("add", "set")
            while j < len(entries) and entries[j][1].kind in sub:
                j += 1
        post = entries[j][0] if j < len(entries) else after
        k = st.kind
        if k == "attack":
            fights = []
            for a in range(i, j):
                if entries[a][1].kind == "attack":
                    att = entries[a][1]
                    m = entries[a + 1][1].n if a + 1 < j and entries[a + 1][1].kind == "move" else 1
                    fights.append(f"{cell_name(att.a)}->{cell_name(att.b)} move {m}")
            items.append("war " + ", ".join(fights))
        elif k == "agri":
            items.append(_agri_text(pre, post))
        elif k == "trade":
            items.append(_trade_text(pre, post))
        elif k == "culture":
            items.append(_culture_text(pre, post))
        elif k == "politics":
            changed = [f"{cell_name(c)}={post.cubes[c] if post.owner[c] == seat else 0}"
                       for c in range(36) if pre.owner[c] == seat and not pre.zig[c]
                       and (post.cubes[c] if post.owner[c] == seat else 0) != pre.cubes[c]]  # fmt: skip
            items.append(" ".join(["politics", *changed]))
        elif k != "end":
            items.append(str(st))
        i = j
    return f"P{seat}: " + ("; ".join(items) if items else "pass")


def _gain(pre: UrState, post: UrState, c: int, seat: int) -> int:
    return (post.cubes[c] if post.owner[c] == seat else 0) - (pre.cubes[c] if pre.owner[c] == seat else 0)


def _agri_text(pre: UrState, post: UrState) -> str:
    p = pre.active
    starving, eligible, rooms, supply = agri_plan(pre, p)
    got = [_gain(pre, post, c, p) + (1 if c in starving else 0) for c in eligible]
    if got == rooms and sum(rooms) <= supply:
        return "agri"
    listed = [f"{cell_name(c)}+{k}" for c, k in zip(eligible, got) if k]
    return "agri " + " ".join(listed or [f"{cell_name(eligible[0])}+0"])


def _trade_text(pre: UrState, post: UrState) -> str:
    p = pre.active
    tiles, dues, supply = trade_plan(pre, p)
    if sum(dues) <= supply or supply == 0:
        return "trade"
    return "trade " + " ".join(f"{cell_name(c)}+{_gain(pre, post, c, p)}" for c in tiles if _gain(pre, post, c, p))


def _culture_text(pre: UrState, post: UrState) -> str:
    p = pre.active
    text = "culture"
    for q, tiles, dues, supply in culture_plan(pre, p):
        if sum(dues) > supply > 0:
            allocs = " ".join(f"{cell_name(c)}+{_gain(pre, post, c, q)}" for c in tiles if _gain(pre, post, c, q))
            text += f" {allocs}" if q == p else f" | P{q}: {allocs}"
    return text
