"""Rule codes of the refusals (``IllegalActionError.rule``): a section of ``docs/rules-royal.md`` and a
short letter code. Every refusal's message starts with its code and says what is wrong in plain words."""

from __future__ import annotations

from typing import Final

RULE_CODES: Final[dict[str, str]] = {
    "§8 S1": "the value given is not an action of this game",
    "§8 S2": "the seat acting is not the seat that must decide",
    "§7 G1": "the game is over",
    "§4 T1": "a move while the dice are still to be thrown",
    "§4 T2": "a roll while the dice have been thrown and a piece must move",
    "§3 D1": "a roll outcome that is not what the dice give at this point of the game",
    "§5.1 M1": "no piece of the mover stands on that path square (or none waits to enter)",
    "§5.5 M2": "the roll carries the piece past the end: bearing off needs the exact count",
    "§5.2 M3": "the square the piece would land on holds a piece of the mover's own",
    "§5.4 M4": "the central rosette is held by the opponent, who is safe there",
}
