"""Bots for any game of perfect information, built on what the game knows (``core.protocol.BotRules``):
a greedy bot that completes each candidate turn with the game's own policy, and Monte-Carlo tree search.

    >>> from tigris_widget.core.registry import game_module
    >>> bot = TurnGreedyBot(game_module("ur").bot_rules(), seed=1)
"""

from __future__ import annotations

import math
from typing import Any

from tigris_widget.bots.base import Bot
from tigris_widget.bots.budget import Budget
from tigris_widget.bots.mcts import MCTS, SearchResult
from tigris_widget.core.protocol import BotRules

RESTLESS_LIMIT = 24
"""Actions within one turn after which the greedy bot takes no more restless actions (see
``BotRules.restless``) and lets the game's completion policy finish the turn."""


class TurnGreedyBot(Bot):
    """Tries every legal action, completes the turn with the game's completion policy
    (``rules.finish_action``) and keeps the action after which it leads the best other seat by most
    (``rules.margin``). Among equal actions it prefers one that is not restless (an action that can be
    repeated for nothing, such as a war between empty tiles), then draws with its random stream."""

    name = "greedy"

    def __init__(self, rules: BotRules, seed: int = 0) -> None:
        super().__init__(seed)
        self.rules = rules
        self._turn: Any = None
        self._steps = 0

    def choose(self, view: Any) -> Any:
        rules = self.rules
        state = rules.state_of(view)
        actions = list(rules.legal(state))
        if not actions:
            raise ValueError("there is nothing to decide: the game is over")
        if len(actions) == 1:
            return actions[0]
        turn = rules.turn_of(state)
        self._steps = self._steps + 1 if turn == self._turn else 0
        self._turn = turn
        if self._steps >= RESTLESS_LIMIT:
            calm = [a for a in actions if not rules.restless(a)]
            if calm:
                actions = calm
        seat = rules.to_move(state)
        assert seat is not None
        best: list[Any] = []
        best_value = -math.inf
        for action in actions:
            after = rules.clone(state)
            rules.play(after, action)
            finish_turn(rules, after)
            value = rules.margin(after, seat) - (1e-6 if rules.restless(action) else 0.0)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value > best_value - 1e-9:
                best.append(action)
        return self.rng.choice(best)


def finish_turn(rules: BotRules, state: Any) -> None:
    """Complete the turn under way with the game's completion policy, in place."""
    turn = rules.turn_of(state)
    for _ in range(1000):  # a completion policy ends a turn in a few steps; this is only a guard
        if rules.to_move(state) is None or rules.turn_of(state) != turn:
            return
        rules.play(state, rules.finish_action(state))


class TurnSearchRules:
    """A game's ``BotRules`` seen as ``bots.mcts.SearchRules`` over whole turns: an action is one legal
    step followed by the game's completion of the turn, and only the ``width`` steps that the greedy
    reading ranks best (its lead over the best other seat after the completed turn) are offered.

    In games whose turns are many small steps (Ur) a tree over single steps spends its iterations on
    random continuations of the mover's own turn; over completed turns each level is one seat's turn,
    so the search looks at the other seats' best replies, and a width of 1 is the greedy bot."""

    def __init__(self, rules: BotRules, width: int = 6) -> None:
        if width < 1:
            raise ValueError(f"width must be at least 1, not {width}")
        self.rules = rules
        self.width = width

    def clone(self, state: Any) -> Any:
        return self.rules.clone(state)

    def to_move(self, state: Any) -> int | None:
        return self.rules.to_move(state)

    def legal(self, state: Any) -> list[Any]:
        rules = self.rules
        actions = list(rules.legal(state))
        if len(actions) <= 1:
            return actions
        seat = rules.to_move(state)
        assert seat is not None
        scored = []
        for i, action in enumerate(actions):
            after = rules.clone(state)
            rules.play(after, action)
            finish_turn(rules, after)
            scored.append((-rules.margin(after, seat) + (1e-6 if rules.restless(action) else 0.0), i))
        scored.sort()
        return [actions[i] for _, i in scored[: self.width]]

    def play(self, state: Any, action: Any) -> None:
        self.rules.play(state, action)
        finish_turn(self.rules, state)

    def playout_action(self, state: Any, rng: Any) -> Any:
        return self.rules.finish_action(state)

    def evaluate(self, state: Any) -> list[float]:
        return self.rules.evaluate(state)


class TreeSearchBot(Bot):
    """Monte-Carlo tree search (``bots.mcts``) over the game's turns (``TurnSearchRules``): the root
    offers the ``width`` best steps by the greedy reading, every level below one seat's whole turn."""

    name = "search"

    DEFAULT_ITERATIONS = 60

    def __init__(
        self,
        rules: BotRules,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        *,
        exploration: float = 0.3,
        width: int = 6,
        playout_depth: int = 0,
    ) -> None:
        super().__init__(seed)
        self.rules = rules
        if iterations is None and seconds is None:
            iterations = self.DEFAULT_ITERATIONS
        self.budget = Budget(iterations, seconds)
        self.exploration = exploration
        self.search_rules = TurnSearchRules(rules, width)
        self.playout_depth = playout_depth
        self.total_iterations = 0

    def analyse(self, view: Any) -> SearchResult[Any]:
        """The search's candidates for the decision in ``view`` (most visited first)."""
        search = MCTS(
            self.search_rules,
            exploration=self.exploration,
            playout_depth=self.playout_depth,
            seed=self.rng.randrange(2**31),
        )
        result = search.search(self.rules.state_of(view), self.budget)
        self.total_iterations += result.iterations
        return result

    def choose(self, view: Any) -> Any:
        actions = self.rules.legal(self.rules.state_of(view))
        if len(actions) == 1:
            return actions[0]
        return self.analyse(view).best
