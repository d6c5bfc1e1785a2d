"""Monte-Carlo tree search for games without hidden information, written once for every such game.

A game plugs in through ``SearchRules``: how to copy a state, who moves, the legal actions, how to
play one, a fast playout policy and an evaluation giving every seat a value in [0, 1] (its chance of
winning, as the game's heuristics estimate it; exact at the end). Values are kept per seat, so in a
3- or 4-player game every node is chosen for the seat that moves there (the "max^n" reading of UCT),
and a turn made of several small decisions by one seat is simply several levels of the same seat.

Each iteration walks down by UCB1, adds one child, plays a bounded playout with the game's policy,
evaluates where it stopped and adds the value vector to every node on the path. The answer is the
most visited root action; ``Candidate`` reports each root action with its visits, mean value and the
standard error of that mean, so a caller can say when two moves are too close to call.

A game may also mark some decisions as chance (an optional ``chance(state)`` on its rules): there the
seat is modelled as choosing at random among the listed actions (e.g. a greedy opponent breaking ties
at random), so the walk visits those children in turn (the least visited first) instead of letting the
seat maximise, and the node's value is their average.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar

from tigris_widget.bots.budget import Budget
from tigris_widget.bots.search_result import Candidate, SearchResult
from tigris_widget.core.clock import ThinkingClock

__all__ = ["MCTS", "Candidate", "SearchResult", "SearchRules"]

S = TypeVar("S")
A = TypeVar("A")


class SearchRules(Protocol[S, A]):
    """What the search needs from a game's engine (its package supplies one, e.g. in ``bots.py``)."""

    def clone(self, state: S) -> S: ...

    def to_move(self, state: S) -> int | None:
        """The seat deciding now; None when the game is over."""

    def legal(self, state: S) -> Sequence[A]: ...

    def play(self, state: S, action: A) -> None:
        """Play a legal action on ``state`` in place (no checks, no events: this is the hot path)."""

    def playout_action(self, state: S, rng: random.Random) -> A:
        """The playout policy's choice: fast, reasonable, random where it does not know better."""

    def evaluate(self, state: S) -> list[float]:
        """Every seat's value in [0, 1]; exact (1 for a win, shared for a tie, 0 for a loss) when over."""


class _Node(Generic[A]):
    """A node of the tree (a plain class, not a dataclass: mypyc compiles it to a native one)."""

    def __init__(
        self, seat: int | None, actions: list[A], untried: list[int], children: dict[int, _Node[A]], chance: bool
    ) -> None:
        self.seat = seat
        self.chance = chance
        """The seat picks at random among ``actions`` (children visited evenly, not by UCB1)."""
        self.actions = actions
        self.untried = untried
        self.children = children
        self.visits = 0
        self.totals: list[float] | None = None
        self.squares = 0.0
        """Sum of the squared values of the seat that chose this node (for the standard error)."""


class MCTS(Generic[S, A]):
    """UCT with per-seat values over a ``SearchRules`` game."""

    def __init__(
        self, rules: SearchRules[S, A], *, exploration: float = 0.7, playout_depth: int = 40, seed: int = 0
    ) -> None:
        self.rules = rules
        self.exploration = exploration
        self.playout_depth = playout_depth
        self.rng = random.Random(seed)
        self._chance = getattr(rules, "chance", None)
        """The game's optional ``chance(state) -> bool`` (see the module's docstring)."""

    def _node(self, state: S) -> _Node[A]:
        seat = self.rules.to_move(state)
        actions = list(self.rules.legal(state)) if seat is not None else []
        order = list(range(len(actions)))
        self.rng.shuffle(order)
        chance = seat is not None and self._chance is not None and bool(self._chance(state))
        return _Node(seat, actions, order, {}, chance)

    def search(self, state: S, budget: Budget) -> SearchResult[A]:
        """Search from ``state`` (not changed) within ``budget``; the state must not be over."""
        root = self._node(state)
        if root.seat is None or not root.actions:
            raise ValueError("there is nothing to decide: the game is over")
        start = time.perf_counter()
        clock = ThinkingClock()  # the time budget is thinking time (core.clock), not wall time
        done = 0
        while True:
            if budget.iterations is not None and done >= budget.iterations:
                break
            if budget.seconds is not None and done and clock.spent() >= budget.seconds:
                break
            self._iterate(root, self.rules.clone(state))
            done += 1
        return SearchResult(self._candidates(root), done, time.perf_counter() - start)

    def _iterate(self, root: _Node[A], state: S) -> None:
        path = [root]
        node = root
        while not node.untried and node.children:
            index, child = self._select(node)
            self.rules.play(state, node.actions[index])
            node = child
            path.append(node)
        if node.untried:
            index = node.untried.pop()
            self.rules.play(state, node.actions[index])
            child = self._node(state)
            node.children[index] = child
            path.append(child)
            self._playout(state)
        values = self.rules.evaluate(state)
        parent_seat: int | None = None
        for n in path:
            n.visits += 1
            if n.totals is None:
                n.totals = [0.0] * len(values)
            for i, v in enumerate(values):
                n.totals[i] += v
            if parent_seat is not None:
                n.squares += values[parent_seat] ** 2
            parent_seat = n.seat

    def _select(self, node: _Node[A]) -> tuple[int, _Node[A]]:
        """The child to walk into by UCB1, for the seat that chooses at ``node`` (at a chance node the
        least visited child, the first such: a random pick among them, spread evenly)."""
        seat = node.seat
        assert seat is not None
        if node.chance:
            index = min(node.children, key=lambda i: node.children[i].visits)
            return index, node.children[index]
        log_n = math.log(node.visits)
        best, best_score = -1, -math.inf
        for index, child in node.children.items():
            assert child.totals is not None
            score = child.totals[seat] / child.visits + self.exploration * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = index, score
        return best, node.children[best]

    def _playout(self, state: S) -> None:
        for _ in range(self.playout_depth):
            if self.rules.to_move(state) is None:
                return
            self.rules.play(state, self.rules.playout_action(state, self.rng))

    def _candidates(self, root: _Node[A]) -> list[Candidate[A]]:
        seat = root.seat
        assert seat is not None
        out = []
        for index, child in root.children.items():
            assert child.totals is not None
            mean = child.totals[seat] / child.visits
            var = max(0.0, child.squares / child.visits - mean * mean)
            stderr = math.sqrt(var / (child.visits - 1)) if child.visits > 1 else 0.0
            out.append(Candidate(root.actions[index], child.visits, mean, stderr))
        out.sort(key=lambda c: (-c.visits, -c.value))
        return out
