"""The greedy bot: the best action by a one-step look-ahead and the shared evaluation."""

from __future__ import annotations

from tigris_widget.core.bot import Bot
from tigris_widget.games.tigris.bots.heuristics import commit_choice, policy_choice, progress_choices, rank_turn_actions
from tigris_widget.games.tigris.engine.core.actions import COMMIT_ACTIONS, Action
from tigris_widget.games.tigris.engine.core.types import COMMIT_PHASES, D_ACTION
from tigris_widget.games.tigris.engine.rules.view import PlayerView, determinize


class GreedyBot(Bot):
    """Plays each turn action that leaves the best evaluation (``heuristics.evaluate``) after the
    decisions it raises are settled; commitments and the other decisions follow ``heuristics``.

    The hidden tiles are sampled once per decision (``determinize``) from the bot's own random
    stream, so a decision depends only on the view and the seed; the memo of rule-of-thumb choices
    is made afresh for each decision too."""

    name = "greedy"

    def choose(self, view: PlayerView) -> Action:
        d = view.decision
        assert d is not None and d.choices, "no decision for this seat"
        if len(d.choices) == 1:
            return d.choices[0]
        s = determinize(view, self.rng)
        if s.phase in COMMIT_PHASES:
            return COMMIT_ACTIONS[commit_choice(s)]
        if s.phase != D_ACTION:
            return policy_choice(s, list(d.choices), memo={})
        return rank_turn_actions(s, progress_choices(view, d.choices), memo={})[0][1]
