"""The exchange that ends every turn (§8, §2.6 for the initial one): its legal steps and its effect."""

from __future__ import annotations

from typing import Final

from tigris_widget.core.events import Event
from tigris_widget.games.ur.engine.board import KIND_NAMES, KINDS, PAIR_INDEX, PAIR_NAMES, PAIRS, cell_name
from tigris_widget.games.ur.engine.events import say
from tigris_widget.games.ur.engine.rules.narrate import who
from tigris_widget.games.ur.engine.state import UrState
from tigris_widget.games.ur.engine.steps import Step

EXCHANGE_KINDS: Final = ("exchange", "spare", "end")
"""The step kinds that finish a turn."""

EXCHANGE_STEPS: Final = tuple(tuple(Step("exchange", c, s=KINDS[k]) for k in range(5)) for c in range(36))
"""``EXCHANGE_STEPS[c][k]``: the exchange on cell ``c`` putting kind ``k`` face up."""
HAND_SIDES: Final = tuple(tuple(sorted(PAIRS[h], key=lambda k: KINDS[k])) for h in range(10))
"""The two kinds of each pair in the alphabetical order of their letters (the order steps sort in)."""
_SPARE: Final = Step("spare")
_KIND_OF_LETTER: Final = {letter: k for k, letter in enumerate(KINDS)}


def grid_exchanges(s: UrState, p: int) -> list[Step]:
    h = s.hands[p]
    k1, k2 = HAND_SIDES[h]
    out = []
    owner, face, back = s.owner, s.face, s.back
    for c in range(36):
        if owner[c] < 0 and PAIR_INDEX[face[c]][back[c]] != h:
            row = EXCHANGE_STEPS[c]
            out.append(row[k1])
            out.append(row[k2])
    return out


def spare_exchanges(s: UrState, p: int) -> list[Step]:
    if not s.spares:
        return []
    h = s.hands[p]
    if len(s.spares) == 1:
        return [_SPARE] if s.spares[0] != h else []
    return [Step("spare", s=name) for name in sorted({PAIR_NAMES[sp] for sp in s.spares if sp != h})]


def exchanges(s: UrState, p: int) -> list[Step]:
    return grid_exchanges(s, p) + spare_exchanges(s, p)


def apply_exchange(s: UrState, st: Step, p: int, events: list[Event] | None) -> None:
    old = s.hands[p]
    k1, k2 = PAIRS[old]
    if st.kind == "exchange":
        c = st.a
        side = _KIND_OF_LETTER[st.s]  # a dict lookup: str.index is a slow method call when compiled
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
