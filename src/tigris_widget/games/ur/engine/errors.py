"""Rule codes of the refusals (``IllegalActionError.rule``): the section of the rules reference plus a
short letter code. Messages always start with the code and say what is wrong in plain words.

Every code is a heading of the game's own rules reference, ``docs/rules-ur.md`` (e.g. ``#### §5.5 W3 — A
full tile cannot be attacked``), which uses the same section numbers; tests/test_rules_reference.py checks it."""

from __future__ import annotations

from typing import Final

from tigris_widget.core.errors import IllegalActionError, NotationError, PositionError

__all__ = ["RULE_CODES", "IllegalActionError", "NotationError", "PositionError"]

RULE_CODES: Final[dict[str, str]] = {
    "§12 S1": "the value given is not a step action, or one of its fields is out of range",
    "§12 S2": "the step answers another decision than the one pending",
    "§12 S3": "the seat acting is not the seat that must decide",
    "§9 G1": "the game is over",
    "§2.5 I1": "a round-1 setup cube on a tile that is not empty",
    "§2.5 I2": "a round-2/3 setup cube neither on an own tile nor on an empty tile next to one",
    "§2.6 X1": "keeping the tile outside the initial exchange",
    "§4 A1": "an action that is not on the hand tile",
    "§4 A2": "the same action twice in a turn",
    "§4 A3": "a third action, or an action after the extra cube closed the actions",
    "§4 A4": "the turn has already chosen its ziggurats or restart: only the exchange remains",
    "§5.1 G1": "agriculture cubes on a tile that is not next in turn or not eligible",
    "§5.1 G2": "agriculture: more cubes than allowed on a tile (2, the cap or the supply)",
    "§5.2 T1": "trade distribution: an amount that cannot complete a legal distribution",
    "§5.3 C1": "culture distribution: an amount that cannot complete a legal distribution",
    "§5.4 P1": "politics: a count that cannot complete a regrouping of the same total",
    "§5.5 W1": "a war that is not allowed (attacker, target, adjacency or cost)",
    "§5.5 W2": "moving a number of cubes the attacker does not have (1 to all that remain)",
    "§5.5 W3": "a 5-cube tile cannot be attacked",
    "§6.1 X1": "the extra cube of a one-action turn goes on one own tile, below the cap",
    "§6.2 X2": "the placement of a no-action turn: 1 or 2 cubes on one own tile or 1 on an empty tile",
    "§6.3 X3": "no extra cube with two actions",
    "§6 X4": "a placement needs cubes in the supply",
    "§6.4 R1": "the restart turn places 3 cubes on an empty tile before anything else",
    "§6.4 R2": "a restart without the restart condition (the player has cubes on the grid)",
    "§7 Z1": "a ziggurat on a tile that is not an own tile with 5 cubes",
    "§7 Z2": "more ziggurats than allowed (2 per turn, those left) or the same tile twice",
    "§7 Z3": "a ziggurat after the turn has begun with an action or a cube",
    "§8 E1": "an exchange target that is not empty or is a ziggurat",
    "§8 E2": "an exchange target of the hand tile's pair",
    "§8 E3": "the side put up is not a kind of the hand tile",
    "§8 E4": "a spare exchange without a suitable spare",
    "§9.1 E5": "ending the turn without an exchange while a legal exchange exists",
    "§9.1 E6": "an exchange when no legal exchange exists",
}
