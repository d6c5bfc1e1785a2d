"""Applying a legal step: setup, the turn's steps, and the start of each action (§2, §4-§8)."""

from __future__ import annotations

from tigris_widget.core.events import Event
from tigris_widget.games.ur.engine.board import KIND_NAMES, PAIR_NAMES, A, C, T, W, cell_name
from tigris_widget.games.ur.engine.events import say
from tigris_widget.games.ur.engine.rules.actions import (
    WORD,
    WORD_KIND,
    perform_agriculture,
    perform_culture,
    perform_politics,
    perform_trade,
)
from tigris_widget.games.ur.engine.rules.allocation import allocate
from tigris_widget.games.ur.engine.rules.cubes import put_cubes, take_cubes
from tigris_widget.games.ur.engine.rules.ending import end_turn, game_over
from tigris_widget.games.ur.engine.rules.exchange import EXCHANGE_KINDS, apply_exchange
from tigris_widget.games.ur.engine.rules.narrate import who
from tigris_widget.games.ur.engine.rules.setup import begin_turn
from tigris_widget.games.ur.engine.rules.war import attack, move_in
from tigris_widget.games.ur.engine.state import (
    CUBE_CLOSED,
    CUBE_OPEN,
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


def apply_unchecked(s: UrState, st: Step, events: list[Event] | None = None) -> None:
    """Apply a legal step (unchecked: use ``why_illegal`` first for untrusted input)."""
    ph, k, p = s.phase, st.kind, s.decider
    if ph == PH_PLACE:
        r = s.setup_step // s.n + 1
        put_cubes(s, st.a, p, 1)
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
            apply_exchange(s, st, p, events)
        s.setup_step += 1
        if s.setup_step == s.n:
            s.setup_step = 0
            begin_turn(s, s.start)
        else:
            s.line += 1
            s.active = s.decider = (s.start + s.setup_step) % s.n
        return
    if ph == PH_RESTART:
        put_cubes(s, st.a, p, 3)
        if events is not None:  # the text is built only when someone reads it
            say(events, "restart", "§6.4", f"{who(p)} has no cube on the grid and restarts with 3 cubes on {cell_name(st.a)}",
                {"seat": p, "cell": st.a}, p)  # fmt: skip
        s.locked = True
        s.started = True
        s.phase = PH_TURN
        return
    if ph == PH_MOVE:
        move_in(s, st.n, events)
        return
    if ph in (PH_AGRI, PH_TRADE, PH_CULTURE, PH_POLITICS):
        allocate(s, st.n, events)
        return
    # PH_TURN
    if k in EXCHANGE_KINDS:
        if k == "end":
            game_over(s, "no-exchange", events)
            return
        apply_exchange(s, st, p, events)
        end_turn(s, events)
        return
    if k == "zig":
        for c in (st.a, st.b):
            if c >= 0:
                take_cubes(s, c, 5)
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
        put_cubes(s, st.a, p, st.n)
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
        attack(s, st.a, st.b, events)
        return
    s.in_war = False
    kind = WORD_KIND[k]
    _declare(s, kind, events)
    if kind == A:
        perform_agriculture(s, events)
    elif kind == T:
        perform_trade(s, events)
    elif kind == C:
        perform_culture(s, events)
    else:
        perform_politics(s, events)


def _declare(s: UrState, kind: int, events: list[Event] | None) -> None:
    s.acts.append(kind)
    p = s.active
    if events is not None:  # the text is built only when someone reads it
        say(events, "action", "§4", f"{who(p)} performs {KIND_NAMES[kind]} (action {len(s.acts)})",
            {"seat": p, "action": WORD[kind], "number": len(s.acts)}, p)  # fmt: skip
