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

Dice are chance with weights (an optional ``chance_outcomes(state)``, ``core.protocol.ChanceHook``):
where it lists outcomes, the node's children are those outcomes, and the walk takes the one whose
visits lag its probability's share of the node's visits most (deterministic stratified sampling: after
n visits every outcome has about p·n of them, rare ones included). The node's value, the mean over its
visits, is then the probability-weighted mean of its children. Playouts draw outcomes by probability
with the search's own random stream, whatever the game's playout policy would do there. The root is
never such a node: a seat decides there (a bot asked at a roll just rolls, ``bots.generic``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

from tigris_widget.bots.budget import Budget
from tigris_widget.bots.search_result import Candidate, SearchResult
from tigris_widget.core.clock import ThinkingClock

__all__ = ["MCTS", "Candidate", "SearchResult", "SearchRules", "draw"]

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
        self,
        seat: int | None,
        actions: list[A],
        untried: list[int],
        children: dict[int, _Node[A]],
        chance: bool,
        odds: list[float] | None = None,
    ) -> None:
        self.seat = seat
        self.chance = chance
        """The seat picks at random among ``actions`` (children visited evenly, not by UCB1)."""
        self.odds = odds
        """At a dice node: each outcome's probability (``actions`` are the outcomes); None elsewhere."""
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
        self._outcomes: Callable[[S], Sequence[tuple[A, float]]] | None = getattr(rules, "chance_outcomes", None)
        """The game's optional ``chance_outcomes(state)``: dice with their probabilities."""

    def _node(self, state: S) -> _Node[A]:
        if self._outcomes is not None:
            outcomes = self._outcomes(state)
            if outcomes:
                # no shuffled order: outcomes are taken by how far their visits lag their odds
                return _Node(
                    self.rules.to_move(state), [o for o, _ in outcomes], [], {}, True, [p for _, p in outcomes]
                )
        seat = self.rules.to_move(state)
        actions = list(self.rules.legal(state)) if seat is not None else []
        order = list(range(len(actions)))
        self.rng.shuffle(order)
        chance = seat is not None and self._chance is not None and bool(self._chance(state))
        return _Node(seat, actions, order, {}, chance)

    def search(self, state: S, budget: Budget) -> SearchResult[A]:
        """Search from ``state`` (not changed) within ``budget``; the state must not be over."""
        root = self.root(state)
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

    # -- a tree kept between calls (an anytime analysis grows the same tree in slices) --------------
    def root(self, state: S) -> _Node[A]:
        """The root of a new tree for ``state``.

        :raises ValueError: the game is over, or dice decide at ``state`` (nobody chooses)."""
        root = self._node(state)
        if root.seat is None or not root.actions:
            raise ValueError("there is nothing to decide: the game is over")
        if root.odds is not None:
            raise ValueError("the dice decide here, not a seat: there is nothing to search")
        return root

    def offer(self, root: _Node[A], action: A) -> None:
        """Add ``action`` to the root's actions (a move the caller wants searched although the rules do
        not offer it), tried after the others; nothing when it is offered already."""
        if action not in root.actions:
            root.untried.insert(0, len(root.actions))  # ``untried`` is taken from its end: this one last
            root.actions.append(action)

    def grow(self, root: _Node[A], state: S, iterations: int, only: int = -1) -> None:
        """``iterations`` more iterations of the tree at ``root`` (from ``state``, not changed); with
        ``only`` ≥ 0 each goes through that root action (to search a move as deeply as another)."""
        for _ in range(iterations):
            self._iterate(root, self.rules.clone(state), only)

    def report(self, root: _Node[A]) -> list[Candidate[A]]:
        """Every root action tried, most visited first (``Candidate``)."""
        return self._candidates(root)

    def offered(self, root: _Node[A]) -> list[A]:
        """The root's actions, in the rules' order (then the extra ones)."""
        return list(root.actions)

    def visits(self, root: _Node[A], action: A) -> int:
        """How often root action ``action`` was tried."""
        for index, child in root.children.items():
            if root.actions[index] == action:
                return child.visits
        return 0

    def child_values(self, root: _Node[A], action: A) -> list[float]:
        """Every seat's mean value after root action ``action``; empty before it is tried."""
        for index, child in root.children.items():
            if root.actions[index] == action and child.totals is not None and child.visits:
                return [t / child.visits for t in child.totals]
        return []

    def line(self, root: _Node[A], action: A, depth: int) -> list[A]:
        """What the search expects after root action ``action``: the most visited child, level after
        level, up to ``depth`` actions, stopping before dice (an outcome is not expected, only weighed)."""
        node: _Node[A] | None = None
        for index, child in root.children.items():
            if root.actions[index] == action:
                node = child
        out: list[A] = []
        while node is not None and node.children and node.odds is None and len(out) < depth:
            index, most = -1, -1
            for i, child in node.children.items():
                if child.visits > most:
                    index, most = i, child.visits
            out.append(node.actions[index])
            node = node.children[index]
        return out

    def _iterate(self, root: _Node[A], state: S, only: int = -1) -> None:
        path = [root]
        node = root
        if only >= 0 and only in root.children:  # the walk starts through the move asked for
            node = root.children[only]
            self.rules.play(state, root.actions[only])
            path.append(node)
        elif only >= 0 and only in root.untried:
            root.untried.remove(only)
            root.untried.append(only)  # expanded next (``untried`` is taken from its end)
        while True:
            if node.odds is not None:  # dice: the outcome whose visits lag its probability most
                index = self._outcome(node)
                self.rules.play(state, node.actions[index])
                if index not in node.children:
                    child = self._node(state)
                    node.children[index] = child
                    path.append(child)
                    self._playout(state)
                    break
                node = node.children[index]
                path.append(node)
                continue
            if node.untried or not node.children:
                break
            index, child = self._select(node)
            self.rules.play(state, node.actions[index])
            node = child
            path.append(node)
        if node.odds is None and node.untried:
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

    @staticmethod
    def _outcome(node: _Node[A]) -> int:
        """The dice node's outcome whose visits lag its share of the node's visits (about to be one more)
        most; the first of equals."""
        odds = node.odds
        assert odds is not None
        total = node.visits + 1
        best, best_lag = 0, -math.inf
        for index, p in enumerate(odds):
            child = node.children.get(index)
            lag = p * total - (child.visits if child is not None else 0)
            if lag > best_lag:
                best, best_lag = index, lag
        return best

    def _playout(self, state: S) -> None:
        for _ in range(self.playout_depth):
            if self.rules.to_move(state) is None:
                return
            if self._outcomes is not None:
                outcomes = self._outcomes(state)
                if outcomes:  # the dice, drawn with their odds by the search's own stream
                    self.rules.play(state, draw(outcomes, self.rng))
                    continue
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


def draw(outcomes: Sequence[tuple[A, float]], rng: random.Random) -> A:
    """One of ``outcomes`` drawn with its probability from ``rng``."""
    x = rng.random()
    for outcome, p in outcomes:
        x -= p
        if x < 0:
            return outcome
    return outcomes[-1][0]  # the probabilities' rounding left a sliver
