"""The engine's error families: all are ``ValueError`` so callers can catch bad input in one place."""

from __future__ import annotations

from typing import Final

from tigris_widget.core.errors import IllegalActionError, NotationError, PositionError
from tigris_widget.games.tigris.engine.core.sections import section_title

__all__ = ["RULE_CODES", "IllegalActionError", "NotationError", "PositionError", "SquareError", "explain"]

RULE_CODES: Final[dict[str, str]] = {
    # Malformed actions and decisions (rules §16)
    "§16 A1": "the value given is not an Action",
    "§16 A2": "the action kind is not one of the fifteen kinds",
    "§16 A3": "the colour field is of the wrong type or out of range for the kind",
    "§16 A4": "the square field is of the wrong type or off the board for the kind",
    "§16 A5": "the extra field (swap counts, commitment, treasure squares) is of the wrong type or range",
    "§16 D1": "the seat acting is not the seat that must decide",
    "§16 D2": "the action answers another decision than the one pending",
    # Turn actions (rules §6)
    "§6.1 P1": "placing a leader that is already on the board",
    "§6.1 M1": "moving a leader that is not on the board",
    "§6.1 W1": "withdrawing a leader that is not on the board",
    "§6.1 L1": "a leader's target square is not empty",
    "§6.1 L2": "a leader's target square is a river square",
    "§6.1 L3": "a leader's target square has no adjacent face-up temple",
    "§6.1 L4": "a leader would join two kingdoms",
    "§6.1 L5": "a leader is moved to the square it stands on",
    "§6.2 T1": "the tile is not in the player's hand",
    "§6.2 T2": "a tile's target square is not empty",
    "§6.2 T3": "a farm off the river, or another tile on the river",
    "§6.2 T4": "a tile would touch three or more kingdoms",
    "§6.3 C1": "the player has no catastrophe tile left",
    "§6.3 C3": "a catastrophe on a leader, a treasure, a monument, a catastrophe, a building or the ziggurat",
    "§6.4 S1": "swapping more tiles of a colour than the hand holds",
    "§6.4 S2": "a swap of no tiles",
    # Other decisions
    "§8.4 R1": "committing more tiles to a revolt than the hand holds",
    "§9.3 W1": "choosing a war that is not pending",
    "§9.6 W1": "committing more tiles to a war than the hand holds",
    "§10.2 M1": "a monument where the new tile completes no 2x2 square of its colour",
    "§10.3 M2": "a monument without the colour of the new tile",
    "§10.3 M3": "a monument that is already built",
    "§11.3 S1": "taking other treasures than all but one of the kingdom's",
    "§11.4 S2": "leaving a treasure on a special square while taking a plain one",
    "§14 G1": "any action after the game is over",
    "§17.2 B1": "a civilization building off the new line of 3 or more tiles (variant)",
    "§17.2 B2": "a civilization building of another colour than the new tile (variant)",
    "§18.1 Z1": "a ziggurat where the new tile completes no cross of five tiles (variant)",
    "§18.1 Z3": "a ziggurat in a game without the ziggurat variant",
    "§18.3 Z2": "a second ziggurat (variant)",
}
"""Every rule code an ``IllegalActionError`` can carry, with the violation it names."""


class SquareError(ValueError):
    """A value that names no square of the board."""


def explain(err: ValueError) -> str:
    """The error as a person reads it: a refusal leads with its rule code and the title of that
    section of the rules reference (``§6.1 L2 Land only — …``), so the reader knows where to look."""
    text = str(err)
    rule = getattr(err, "rule", "")
    if rule and text.startswith(f"{rule}: "):
        return f"{section_title(rule)} — {text[len(rule) + 2 :]}"
    return text
