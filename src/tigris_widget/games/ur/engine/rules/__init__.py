"""Every rule of *Ur*, one module per rule family; pure functions of a ``UrState``.

``legal_actions`` (``legal``), ``why_illegal`` (``refusals``), ``apply_unchecked`` (``apply``) and
``decision`` (``decisions``) are the entry points; ``setup``, ``actions`` (§5.1-§5.4) with
``allocation``, ``war`` (§5.5), ``exchange`` (§8), ``ending`` (§9), ``scoring`` (§10) and
``invariants`` (§3) hold the rules they call. The names below are re-exported for the importers of
``tigris_widget.games.ur.engine.rules``.
"""

from __future__ import annotations

from tigris_widget.games.ur.engine.rules.actions import agri_plan, culture_plan, trade_plan
from tigris_widget.games.ur.engine.rules.apply import apply_unchecked
from tigris_widget.games.ur.engine.rules.decisions import Decision, decision
from tigris_widget.games.ur.engine.rules.invariants import invariant_problems
from tigris_widget.games.ur.engine.rules.legal import legal_actions
from tigris_widget.games.ur.engine.rules.refusals import why_illegal
from tigris_widget.games.ur.engine.rules.scoring import Standing, player_score, set_score, standings
from tigris_widget.games.ur.engine.rules.setup import begin_turn, new_state

__all__ = [
    "Decision",
    "Standing",
    "agri_plan",
    "apply_unchecked",
    "begin_turn",
    "culture_plan",
    "decision",
    "invariant_problems",
    "legal_actions",
    "new_state",
    "player_score",
    "set_score",
    "standings",
    "trade_plan",
    "why_illegal",
]
