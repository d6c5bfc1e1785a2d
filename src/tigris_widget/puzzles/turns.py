"""The shared bots' tree search as a puzzle miner uses it, for a game whose ``bot_rules()`` exist.

A game's miner (Ur's ``games/ur/puzzles/miner.py``) knows what makes a puzzle; it is handed this
searcher so that the game itself imports no shared layer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tigris_widget.bots.budget import Budget
from tigris_widget.bots.generic import TreeSearchBot, TurnGreedyBot, TurnSearchRules, greedy_ranking
from tigris_widget.bots.mcts import MCTS
from tigris_widget.core.protocol import BotRules
from tigris_widget.core.registry import game_module

EXPLORATION = 0.15
"""The search bot's own exploration constant (``bots.generic.TreeSearchBot``)."""
PLAY_ITERATIONS = 60
"""Iterations of the search bot that plays the mined games."""


class TurnSearcher:
    """Searches one decision of a game over whole turns (``bots.generic.TurnSearchRules``): each
    choice is completed to the end of the turn by the game's policy and the other seats answer with
    their greedy turn."""

    def __init__(self, game: str) -> None:
        rules = game_module(game).bot_rules()
        if rules is None:
            raise ValueError(f"the game {game!r} has no bot rules for the shared search: it mines its own way")
        self.rules: BotRules = rules

    def analyse(self, state: Any, iterations: int, seed: int, width: int) -> list[tuple[Any, float, int, float]]:
        turn_rules = TurnSearchRules(self.rules, width, 1, seat=self.rules.to_move(state))
        search = MCTS(turn_rules, exploration=EXPLORATION, playout_depth=0, seed=seed)
        result = search.search(state, Budget(iterations, None))
        return [(c.action, c.value, c.visits, c.stderr) for c in result.candidates]

    def greedy_rank(self, state: Any, action: Any) -> int:
        ranked = [a for _, a in greedy_ranking(self.rules, state, list(self.rules.legal(state)))]
        return ranked.index(action) + 1 if action in ranked else len(ranked) + 1

    def player(self, kind: str, seed: int) -> Callable[[Any], Any]:
        if kind not in ("greedy", "search"):
            raise ValueError(f"a mining bot is 'greedy' or 'search', not {kind!r}")
        bot = (
            TurnGreedyBot(self.rules, seed)
            if kind == "greedy"
            else TreeSearchBot(self.rules, seed, iterations=PLAY_ITERATIONS)
        )
        return lambda game: bot.choose(game.view(game.to_move))
