"""The pending decision: its seat, kind, choices and a plain-language prompt (§12.1)."""

from __future__ import annotations

from dataclasses import dataclass

from tigris_widget.games.ur.engine.board import cell_name
from tigris_widget.games.ur.engine.rules.allocation import allocation_range
from tigris_widget.games.ur.engine.rules.exchange import exchanges
from tigris_widget.games.ur.engine.rules.legal import can_act, five_cube_tiles, legal_actions
from tigris_widget.games.ur.engine.rules.narrate import who
from tigris_widget.games.ur.engine.state import (
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
    UrState,
)
from tigris_widget.games.ur.engine.steps import Step


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
        lo, hi = allocation_range(s)
        c = cell_name(s.queue[0])
        if ph == PH_POLITICS:
            return "politics", f"regroup: how many cubes {c} holds afterwards ({lo}–{hi}; {s.need} left to share)"
        name = {PH_AGRI: "agriculture", PH_TRADE: "trade", PH_CULTURE: "culture"}[ph]
        return name, f"{name}: how many cubes go on {c} ({lo}–{hi})"
    if s.locked:
        return "turn", "exchange the hand tile" if exchanges(s, s.active) else "no legal exchange: end the game"
    parts = []
    if not s.started and s.zig_left > 0 and five_cube_tiles(s, s.active):
        parts.append("build ziggurats")
    if can_act(s):
        parts.append("perform an action")
    if s.in_war:
        parts.append("start another war")
    if s.cube_state == CUBE_NONE and len(s.acts) < 2:
        parts.append("place an extra cube")
    parts.append("exchange the hand tile" if exchanges(s, s.active) else "end (no legal exchange)")
    return "turn", "choose: " + ", ".join(parts)
