"""Who must decide what next (rules §16, design contract 2)."""

from __future__ import annotations

from dataclasses import dataclass

from tigris_widget.games.tigris.engine.core.actions import Action, shown
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import (
    ATTACK_PHASES,
    COLOUR_NAMES,
    COMMIT_PHASES,
    D_ACTION,
    D_BUILDING,
    D_MONUMENT,
    D_OVER,
    D_TREASURE,
    D_WAR_ORDER,
    D_ZIGGURAT_BONUS,
    DECISION_NAMES,
    REVOLT_PHASES,
    TILE_NAMES,
)
from tigris_widget.games.tigris.engine.rules.legal import legal_actions
from tigris_widget.games.tigris.engine.rules.narrate import who


@dataclass(frozen=True)
class Decision:
    """The pending decision: ``seat`` must choose one of ``choices`` (sorted); ``kind`` names it."""

    seat: int
    kind: str
    choices: tuple[Action, ...]
    prompt: str
    """What is asked, in a player's words."""

    def __repr__(self) -> str:
        shown = ", ".join(map(str, self.choices[:4]))
        more = f", … ({len(self.choices)} in all)" if len(self.choices) > 4 else ""
        return f"Decision(seat={self.seat}, kind={self.kind!r}, choices=[{shown}{more}], prompt={self.prompt!r})"


def prompt(s: GameState, reveal: bool = True) -> str:
    """The pending question in plain language, e.g. "Lion: commit red tiles to the revolt (0–3)".

    With ``reveal`` False the text says nothing that depends on the decider's hidden hand."""
    phase = s.phase
    if phase == D_OVER:
        return "The game is over."
    name = who(s, s.decider)
    if phase == D_ACTION:
        return f"{name}: choose action {3 - s.actions_left} of 2 (or pass)."
    if phase in COMMIT_PHASES:
        assert s.conflict is not None
        colour = s.conflict.colour
        role = "attacker" if phase in ATTACK_PHASES else "defender"
        fight = "revolt" if phase in REVOLT_PHASES else f"{COLOUR_NAMES[colour]} war"
        have = f" (0–{s.hands[s.decider * 4 + colour]})" if reveal else ""
        return f"{name} ({role} in the {fight}): commit {TILE_NAMES[colour]}s from hand{have}."
    texts = {
        D_WAR_ORDER: "choose which war is fought next",
        D_BUILDING: "build or move the civilization building, or decline",
        D_MONUMENT: "build a monument (or the ziggurat), or decline",
        D_TREASURE: "choose which treasures the trader takes",
        D_ZIGGURAT_BONUS: "choose the colour of the ziggurat bonus point",
    }
    return f"{name}: {texts[phase]}."


def seat_problem(s: GameState, seat: object) -> tuple[str, str] | None:
    """None if ``seat`` must decide now, else ``(rule, explanation)``; says nothing hidden."""
    if type(seat) is not int or not 0 <= seat < s.players:  # exact int: no subclass's comparisons run
        raise ValueError(f"seat must be 0..{s.players - 1}, not {shown(seat)}")
    if s.phase == D_OVER:
        return "§14 G1", "the game is over; no more actions can be played"
    if seat != s.decider:
        return "§16 D1", f"it is not {who(s, seat)}'s decision; waiting for {prompt(s, reveal=False).rstrip('.')}"
    return None


def decision(s: GameState, viewer: int | None = None) -> Decision | None:
    """The pending decision; seen by ``viewer`` (a seat other than the decider) it lists no choices."""
    if s.phase == D_OVER:
        return None
    reveal = viewer is None or viewer == s.decider
    choices = tuple(legal_actions(s)) if reveal else ()
    return Decision(s.decider, DECISION_NAMES[s.phase], choices, prompt(s, reveal))
