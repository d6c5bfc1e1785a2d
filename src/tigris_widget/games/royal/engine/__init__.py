"""The rules engine of the Royal Game of Ur (Irving Finkel's reconstruction): board, dice, state,
actions, rules. It imports only itself and ``tigris_widget.core`` (errors, events, checks), and is
compiled by mypyc with the other engines. The rules are described in ``docs/rules-royal.md``; the
section numbers there are the ``rule`` of every event and refusal.
"""

from __future__ import annotations

from tigris_widget.games.royal.engine.actions import Action, Move, Roll, Rolled, make_action, parse_action
from tigris_widget.games.royal.engine.board import PROBABILITIES, SEAT_NAMES, SEAT_WORDS, SQUARES
from tigris_widget.games.royal.engine.errors import RULE_CODES
from tigris_widget.games.royal.engine.rules import (
    ROLLS,
    apply_unchecked,
    check_state,
    legal,
    legal_moves,
    pips,
    why_illegal,
)
from tigris_widget.games.royal.engine.state import ROLL_PENDING, RoyalState

__all__ = [
    "PROBABILITIES",
    "ROLLS",
    "ROLL_PENDING",
    "RULE_CODES",
    "SEAT_NAMES",
    "SEAT_WORDS",
    "SQUARES",
    "Action",
    "Move",
    "Roll",
    "Rolled",
    "RoyalState",
    "apply_unchecked",
    "check_state",
    "legal",
    "legal_moves",
    "make_action",
    "parse_action",
    "pips",
    "why_illegal",
]
