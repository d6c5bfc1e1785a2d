"""Allocations decided tile by tile (§5.1 step 2, short trade §5.2, short culture §5.3, politics §5.4):
the feasible amounts, and every forced choice taken automatically."""

from __future__ import annotations

from tigris_widget.core.events import Event
from tigris_widget.games.ur.engine.board import cell_name
from tigris_widget.games.ur.engine.events import say
from tigris_widget.games.ur.engine.rules.cubes import put_cubes
from tigris_widget.games.ur.engine.rules.narrate import say_placed, who
from tigris_widget.games.ur.engine.state import PH_AGRI, PH_CULTURE, PH_POLITICS, PH_TRADE, PH_TURN, UrState


def allocation_range(s: UrState) -> tuple[int, int]:
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


def _clear_due(s: UrState, cells: list[int]) -> None:
    for c in cells:
        s.due[c] = 0


def allocate(s: UrState, k: int, events: list[Event] | None) -> None:
    """The decider's amount for the first cell of the queue, then every forced choice after it."""
    _allocate_forced(s, k, events)
    advance(s, events)


def advance(s: UrState, events: list[Event] | None) -> None:
    """Take every forced choice (a single feasible amount) until a real choice or the action's end."""
    while True:
        if s.queue:
            lo, hi = allocation_range(s)
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
                    put_cubes(s, u, q, k)
                    s.due[u] = 0
                    say_placed(events, q, u, k, "culture", "§5.3")
            elif s.supply(q) > 0:
                s.queue = tiles
                s.need = s.supply(q)
                s.decider = q
            else:
                _clear_due(s, tiles)
            continue
        finish_action(s)
        return


def _allocate_forced(s: UrState, k: int, events: list[Event] | None) -> None:
    c = s.queue.pop(0)
    p = s.decider
    put_cubes(s, c, p, k)
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
    say_placed(events, p, c, k, by, rule)


def finish_action(s: UrState) -> None:
    s.phase = PH_TURN
    s.queue = []
    s.need = 0
    s.culture_seats = []
    s.decider = s.active
