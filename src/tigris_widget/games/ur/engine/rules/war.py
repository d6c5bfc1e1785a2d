"""War (§5.5): what an attack costs, the attack and the cubes moved into the conquered tile."""

from __future__ import annotations

from tigris_widget.core.events import Event
from tigris_widget.games.ur.engine.board import W, cell_name
from tigris_widget.games.ur.engine.events import say
from tigris_widget.games.ur.engine.rules.cubes import put_cubes, take_cubes
from tigris_widget.games.ur.engine.rules.narrate import who
from tigris_widget.games.ur.engine.state import PH_MOVE, PH_TURN, UrState


def war_cost(s: UrState, a: int, t: int) -> int:
    """Cubes the attacker needs beyond the one it must move: the target's cubes plus the kind cost."""
    extra = 0 if s.face[a] == s.face[t] or (s.opts.war_tile_discount and s.face[a] == W) else 1
    return s.cubes[t] + extra


def attack(s: UrState, a: int, t: int, events: list[Event] | None) -> None:
    p = s.active
    defender = s.owner[t]
    d = s.cubes[t]
    cost = war_cost(s, a, t)
    take_cubes(s, t, d)
    take_cubes(s, a, cost)
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
        move_in(s, 1, events)
    else:
        s.phase = PH_MOVE


def move_in(s: UrState, m: int, events: list[Event] | None) -> None:
    p = s.active
    a, t = s.war_a, s.war_t
    take_cubes(s, a, m)
    put_cubes(s, t, p, m)
    if events is not None:  # the text is built only when someone reads it
        say(events, "move", "§5.5", f"{who(p)} moves {m} cube{'s' if m != 1 else ''} from {cell_name(a)} into {cell_name(t)}",
            {"seat": p, "attacker": a, "target": t, "count": m}, p)  # fmt: skip
    s.war_a = s.war_t = -1
    s.phase = PH_TURN
