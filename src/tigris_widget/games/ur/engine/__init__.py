"""The rules engine of Paolo Mori's *Ur* (2006): state, every rule, decisions as small steps, scoring.

It imports only the standard library and ``tigris_widget.core`` (errors and events). Cells are ints
``y * 6 + x``; seats 0..n-1; kinds 0..4 (A T C P W); pairs 0..9 (AT AC AP AW TC TP TW CP CW PW).

Every decision point of §12.1 (D1-D16) is a choice among ``legal_actions(state)`` by ``decision(state).seat``;
combinatorial choices are split into small steps (a ``Step``, written as below), so no decision offers
more than a few hundred steps and every completed sequence is legal. Choices with a single feasible
value (an amount forced by the supply or the cap, a war move from a 1-cube attacker) are taken
automatically and are not steps.

====  =====================================  ===========================================  =========================
D     decision                               step notation                                example
====  =====================================  ===========================================  =========================
D2-3  setup cube, rounds 1-3                 ``place (x,y)``                              ``place (2,2)``
D4    initial exchange                       ``keep`` or an exchange step (D15)           ``keep``
D5    restart tile                           ``restart (x,y)``                            ``restart (0,0)``
D6-7  ziggurats (first step of a turn)       ``zig (x,y)`` or ``zig (x,y) (x,y)``         ``zig (2,2) (4,4)``
D8    an action of the hand tile             ``agri`` ``trade`` ``culture`` ``politics``  ``trade``
D8    war: its first attack                  ``(x,y)->(x,y)`` (attacker->target)          ``(2,2)->(2,1)``
D9    extra cube(s), before or after         ``cube (x,y)`` / ``cube (x,y) x2``           ``cube (0,0)``
D10   agriculture step 2, per tile           ``(x,y)+k`` (tiles in reading order)         ``(3,1)+2``
D11   short trade, per tile                  ``(x,y)+k``                                  ``(0,0)+1``
D12   short culture, per tile (that seat)    ``(x,y)+k`` (the active player first)        ``(4,3)+1``
D13   politics, per tile                     ``(x,y)=k`` (the new count)                  ``(1,1)=5``
D14   war: cubes moved in, next attack       ``move m``, ``(x,y)->(x,y)``                 ``move 2``
D15   exchange (ends the turn)               ``exchange (x,y) side K``                    ``exchange (4,3) side W``
D15   exchange with a spare                  ``exchange spare`` [``PAIR`` with 2 spares]  ``exchange spare``
D15   no legal exchange: the game ends       ``end``                                      ``end``
D16   hand side at scoring                   none: the better side is taken               -
====  =====================================  ===========================================  =========================

Within a turn (decision kind ``"turn"``) the offered steps follow the turn order of §4: ziggurats only
as the first step; an action while fewer than two were performed and no cube placement closed them
(one cube on an own tile before any action still allows one action); after a war's ``move`` further
attacks are offered together with everything else (choosing anything else ends the war action);
an exchange step (or ``end``) finishes the turn. A whole turn is one line of the §12.2 notation,
composed into these steps by ``tigris_widget.games.ur.formats.notation``.
"""

from __future__ import annotations

from tigris_widget.games.ur.engine.board import generate
from tigris_widget.games.ur.engine.errors import RULE_CODES
from tigris_widget.games.ur.engine.rules import (
    Decision,
    Standing,
    apply_unchecked,
    decision,
    invariant_problems,
    legal_actions,
    new_state,
    standings,
    why_illegal,
)
from tigris_widget.games.ur.engine.state import UrOptions, UrState, make_options
from tigris_widget.games.ur.engine.steps import Step, parse_step

__all__ = [
    "RULE_CODES",
    "Decision",
    "Standing",
    "Step",
    "UrOptions",
    "UrState",
    "apply_unchecked",
    "decision",
    "generate",
    "invariant_problems",
    "legal_actions",
    "make_options",
    "new_state",
    "parse_step",
    "standings",
    "why_illegal",
]
