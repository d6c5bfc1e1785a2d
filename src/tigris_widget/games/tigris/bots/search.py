"""The search bot: Information-Set Monte-Carlo Tree Search over sampled hidden tiles.

One tree is shared by many *determinizations* — full states sampled by ``engine.rules.view.determinize``
from the bot's view, so the search never reads what the bot cannot see. Each iteration picks an action
at the root, takes one determinization (they are sampled once per decision; the k-th visit of every
root action takes the k-th, so that the actions are compared on the same samples), walks down the
tree choosing among the children that are legal in it, adds one node and scores it with the shared
evaluation (``heuristics.evaluate``) instead of a long random playout.

The branching factor (often 300+ legal actions) is tamed in two ways:

* **Heuristic priors and progressive widening.** At the root every non-swap action is ranked by its
  one-step value, averaged over the first ``ROOT_SAMPLES`` determinizations; the tree considers the
  best ``1 + c * visits ** PW_ALPHA`` of them (``c`` from ``PW_C``) and picks among those by PUCT
  with the ranking as prior. Deeper nodes rank only a
  sample of their actions chosen to hold what a sensible player would play (``candidates``; for the
  bot's own later actions, also its best actions at the root), and only once visited
  ``EXPAND_AFTER + 1`` times.
* **Rule-of-thumb sub-decisions.** Inside the tree, the decisions that follow a turn action
  (support, war order, treasures, monuments …) are settled by ``heuristics.policy_choice``; only turn
  actions (and whatever decision is pending at the root) branch.

Values are per seat, so each player maximises their own (rank-aware in 3–4 player games).
An explicitly labelled *cheating* mode searches the true state instead of samples; it exists only
for teaching comparisons (``analysis.analyze(..., omniscient=state)``), never in a bot.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator

from tigris_widget.core.bot import Bot, Budget
from tigris_widget.core.clock import ThinkingClock
from tigris_widget.games.tigris.bots.belief import HandBelief
from tigris_widget.games.tigris.bots.candidates import sample_turn_actions
from tigris_widget.games.tigris.bots.heuristics import (
    PolicyMemo,
    after,
    commit_choice,
    evaluate,
    for_players,
    progress_choices,
    projection,
    rank_turn_actions,
    settle,
)
from tigris_widget.games.tigris.engine.core.actions import COMMIT_ACTIONS, Action
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import COMMIT_PHASES, D_ACTION, D_OVER
from tigris_widget.games.tigris.engine.rules.legal import legal_actions, turn_masks
from tigris_widget.games.tigris.engine.rules.legal_view import hand_allows, is_legal_fast
from tigris_widget.games.tigris.engine.rules.turn import apply_unchecked
from tigris_widget.games.tigris.engine.rules.view import PlayerView, determinize

PW_C = (2.0, 1.0)
"""Progressive widening with 2 players and with 3–4: with more players the search looks at fewer
actions more deeply (measured: 42.5 % against three greedy bots instead of 30 % on the same deals)."""
PW_ALPHA = 0.5
C_PUCT = 1.0
DETERMINIZATIONS = 24
OWN_BEST = 8
"""Below the root, the bot's own nodes also consider this many of its best actions at the root."""
EXPAND_AFTER = 1
"""How many times a leaf is evaluated as it is before its own actions are ranked and it branches."""
ROOT_SAMPLES = 4
"""Determinizations the root's one-step ranking is averaged over. With one, the sampled opponents'
hands alone could push the long search's clear best move down to 73rd of 388 (a 4-player turn in the
stability set), beyond what progressive widening reaches; with four it ranks within the top 14 in
every seed measured. Costs about one ranking of every legal action per extra sample."""
PRIOR_TEMPERATURE = 0.05
"""Softmax temperature turning one-step values (win probabilities) into root priors."""


class Node:
    """A node of the tree: the decision after the actions on the path from the root."""

    __slots__ = (
        "action",
        "board",
        "children",
        "colour_sum",
        "prior",
        "priors",
        "ranked",
        "seat",
        "squares",
        "total",
        "visits",
    )

    def __init__(self, action: Action | None, seat: int, prior: float, players: int) -> None:
        self.action = action
        self.seat = seat
        """The seat that chose ``action`` (whose value this node's statistics describe)."""
        self.prior = prior
        self.children: list[Node] = []
        self.ranked: list[tuple[float, Action]] | None = None
        """Candidate actions with their one-step values, best first; None until expanded."""
        self.priors: list[float] | None = None
        """The children's priors (``Search._priors`` of ``ranked``), computed once when the node first widens."""
        self.board: tuple[object, ...] | None = None
        """``GameState.board_key()`` of the state the candidates were ranked in."""
        self.visits = 0
        self.total = [0.0] * players
        self.squares = 0.0
        """Sum of the squared values of ``seat`` (for the standard error of ``q``)."""
        self.colour_sum = [0.0, 0.0, 0.0, 0.0]
        """Sum of the root seat's projected VP per colour over the evaluations below (root children)."""

    def q(self) -> float:
        return self.total[self.seat] / self.visits if self.visits else 0.0


def _applicable(s: GameState, a: Action, same_board: bool) -> bool:
    """Is ``a`` legal in ``s``? Children were found in another determinization: with the same
    public board (``GameState.board_key``) only the hand can differ."""
    if same_board and s.phase == D_ACTION:
        return hand_allows(s, a)
    return is_legal_fast(s, a)


class Search:
    """One ISMCTS search for the decision pending in ``view`` (``omniscient``: cheat, for teaching)."""

    def __init__(
        self,
        view: PlayerView,
        rng: random.Random,
        omniscient: GameState | None = None,
        determinizations: int = DETERMINIZATIONS,
        belief: HandBelief | None = None,
    ) -> None:
        if view.seat is None:
            raise ValueError("search decides for one seat; the all-seeing view has none")
        if view.decision is None:
            raise ValueError("the game is over: there is no decision to search")
        if not view.decision.choices:
            raise ValueError(f"seat {view.decision.seat} must decide now, not seat {view.seat}")
        self.memo: PolicyMemo = {}
        """Rule-of-thumb choices of this search (``heuristics.policy_choice``), by state."""
        self.view = view
        self.rng = rng
        self.seat = view.seat
        self.cheating = omniscient is not None
        self.omniscient = omniscient
        self.belief = belief
        self.max_dets = 1 if omniscient is not None else determinizations
        self.dets: list[GameState] = []
        self.players = view.players
        self.pw_c = for_players(PW_C, self.players)
        self.iterations = 0
        self.elapsed = 0.0
        self._outside: dict[Action, Node] = {}
        """Root actions searched only because ``focus`` asked for them."""
        first = self.determinization(0)
        self.root = Node(None, -1, 1.0, self.players)
        self.root.ranked = self._rank_root_averaged(list(progress_choices(view, view.decision.choices)))
        self.root_values = {a: v for v, a in self.root.ranked}
        self.own_best = [a for _, a in self.root.ranked[:OWN_BEST]] if first.phase == D_ACTION else []

    # -- determinizations ----------------------------------------------------------------------
    def determinization(self, i: int) -> GameState:
        """The ``i``-th sampled state (round-robin over at most ``max_dets`` samples)."""
        k = i % self.max_dets
        while len(self.dets) <= k:
            if self.omniscient is not None:
                self.dets.append(self.omniscient.clone())
            elif self.belief is not None:
                self.dets.append(self.belief.sample(self.view, self.rng))
            else:
                self.dets.append(determinize(self.view, self.rng))
        return self.dets[k]

    # -- candidates ----------------------------------------------------------------------------
    def _rank_root(self, s: GameState, choices: list[Action]) -> list[tuple[float, Action]]:
        if s.phase == D_ACTION:
            return rank_turn_actions(s, choices, self.memo)
        memo = self.memo
        seat = s.decider
        if s.phase in COMMIT_PHASES:
            usual = COMMIT_ACTIONS[commit_choice(s)]
            ranked = [(evaluate(after(s, a, memo))[seat] + (0.05 if a == usual else 0.0), a) for a in choices]
        else:
            ranked = [(evaluate(after(s, a, memo))[seat], a) for a in choices]
        ranked.sort(key=lambda pair: -pair[0])
        return ranked

    def _rank_root_averaged(self, choices: list[Action]) -> list[tuple[float, Action]]:
        """``_rank_root`` averaged over the first ``ROOT_SAMPLES`` determinizations (the root's choices,
        and so the actions ranked, are the same in every one: only the hidden tiles differ)."""
        samples = min(ROOT_SAMPLES, self.max_dets)
        ranked = self._rank_root(self.determinization(0), choices)
        if samples == 1 or len(ranked) <= 1:
            return ranked
        totals = {a: v for v, a in ranked}  # in the first sample's order, which the stable sort keeps for ties
        for i in range(1, samples):
            for v, a in self._rank_root(self.determinization(i), choices):
                totals[a] += v
        return sorted(((v / samples, a) for a, v in totals.items()), key=lambda pair: -pair[0])

    def _rank_inner(self, s: GameState) -> list[tuple[float, Action]]:
        if s.phase != D_ACTION:  # settling stopped early (a long chain of wars): try one choice
            legal = legal_actions(s)
            actions = legal if len(legal) <= 1 else self.rng.sample(legal, 1)
        else:
            masks = turn_masks(s)
            actions = sample_turn_actions(s, masks, self.rng)
            if s.decider == self.seat and self.own_best:
                # The bot's own later actions (the second action of its turn above all): its best
                # actions at the root, where still legal, are the likeliest good ones, and the
                # sample alone often misses them.
                seen = set(actions)
                actions += [a for a in self.own_best if a not in seen and is_legal_fast(s, a, masks)]
        seat = s.decider
        memo = self.memo
        ranked = [(evaluate(after(s, a, memo))[seat], a) for a in actions]
        ranked.sort(key=lambda pair: -pair[0])
        return ranked

    @staticmethod
    def _priors(ranked: list[tuple[float, Action]]) -> list[float]:
        top = ranked[0][0]
        w = [math.exp((v - top) / PRIOR_TEMPERATURE) for v, _ in ranked]
        total = sum(w)
        return [x / total for x in w]

    # -- one iteration -------------------------------------------------------------------------
    def iterate(self, forced: Node | None = None) -> None:
        """One iteration (``forced``: start with this root action instead of choosing one; see
        ``focus``)."""
        # The root's choices are legal in every determinization, so the root child is chosen first
        # and its k-th visit plays the k-th determinization: siblings are compared on the same
        # sampled hands (common random numbers), and the luck of the samples largely cancels out
        # of the differences that decide the move.
        node = self.root
        first = forced if forced is not None else self._choose_child(node, None)
        s = self.determinization(self.iterations if first is None else first.visits).clone()
        self.iterations += 1
        path = [node]
        leaf_value: list[float] | None = None
        while True:
            if node is not self.root:
                settle(s, memo=self.memo)
            if s.phase == D_OVER:
                break
            if node.ranked is None:
                if node.visits < EXPAND_AFTER:
                    break  # a fresh leaf: evaluate it as it is
                node.ranked = self._rank_inner(s)
                node.board = s.board_key()
            best = first if node is self.root else self._choose_child(node, s)
            if best is None:
                break
            assert best.action is not None
            apply_unchecked(s, best.action)
            node = best
            path.append(node)
            if node.visits == 0:
                settle(s, memo=self.memo)
                break
        if leaf_value is None:
            leaf_value = evaluate(s)
        colours = projection(s, self.seat) if len(path) > 1 else None
        for n in path:
            n.visits += 1
            total = n.total
            for i, v in enumerate(leaf_value):
                total[i] += v
            if n.seat >= 0:
                n.squares += leaf_value[n.seat] ** 2
        if colours is not None:
            cs = path[1].colour_sum
            for c in range(4):
                cs[c] += colours[c]

    def _choose_child(self, node: Node, s: GameState | None) -> Node | None:
        """Widen ``node`` to what its visits allow and pick a child by PUCT among those legal in
        ``s`` (None at the root, whose choices are legal in every determinization)."""
        ranked = node.ranked
        if not ranked:
            return None
        decider = self.seat if s is None else s.decider
        allowed = min(len(ranked), 1 + int(self.pw_c * node.visits**PW_ALPHA))
        if len(node.children) < allowed:
            priors = node.priors
            if priors is None:
                priors = node.priors = self._priors(ranked)
            while len(node.children) < allowed:
                i = len(node.children)
                node.children.append(Node(ranked[i][1], decider, priors[i], self.players))
        best = None
        best_score = -1e9
        sqrt_n = math.sqrt(node.visits + 1)
        same = s is None or node.board == s.board_key()
        # Values are normalised to the spread among the children (as in MuZero), so the
        # exploration weight means the same deep in the tree as at the root.
        qs = [c.q() if c.visits else ranked[i][0] for i, c in enumerate(node.children)]
        low = min(qs)
        spread = max(qs) - low
        scale = 1.0 / spread if spread > 1e-9 else 0.0
        for i, child in enumerate(node.children):
            if s is not None and not _applicable(s, child.action, same):  # type: ignore[arg-type]
                continue
            u = (qs[i] - low) * scale + C_PUCT * child.prior * sqrt_n / (1 + child.visits)
            if u > best_score:
                best, best_score = child, u
        return best

    def run(self, budget: Budget, every: float | None = None) -> Iterator[int]:
        """Search within ``budget`` (its seconds are thinking time, ``core.clock``: a loaded machine
        does not starve it); yield the iteration count every ``every`` wall-clock seconds and at the end."""
        clock = ThinkingClock()
        before = self.elapsed
        last = time.perf_counter()
        limit = budget.iterations
        seconds = budget.seconds
        done = 0
        while limit is None or done < limit:
            self.iterate()
            done += 1
            if done & 7 == 0 or every is not None:
                if seconds is not None and clock.spent() >= seconds:
                    break
                if every is not None and time.perf_counter() - last >= every:
                    self.elapsed = before + clock.pause()
                    yield self.iterations
                    clock.resume()
                    last = time.perf_counter()  # the next report: ``every`` of searching after this one
        self.elapsed = before + clock.spent()
        yield self.iterations

    def focus(self, action: Action, visits: int = DETERMINIZATIONS) -> Node:
        """Search ``action`` at the root until it has ``visits`` visits, even if the search would not
        choose it (a game review values the move that was played); returns its node. An action the
        root did not let in is searched in a node of its own, outside the tree, so the search's own
        choice (``best_action``) is unchanged by it."""
        node = next((n for n in self.root.children if n.action == action), None)
        if node is None:
            node = self._outside.get(action)
            if node is None:
                node = self._outside[action] = Node(action, self.seat, 0.0, self.players)
        while node.visits < visits:
            self.iterate(forced=node)
        return node

    def best_action(self) -> Action:
        """The most visited root action (ties: the better value, then the better prior)."""
        if not self.root.children:
            return self.root.ranked[0][1]  # type: ignore[index]
        best = max(self.root.children, key=lambda n: (n.visits, n.q(), n.prior))
        assert best.action is not None
        return best.action

    def principal_variation(self, limit: int = 8) -> list[tuple[int, Action]]:
        """(seat, action) pairs following the most visited child from the root."""
        pv: list[tuple[int, Action]] = []
        node = self.root
        while node.children and len(pv) < limit:
            node = max(node.children, key=lambda n: (n.visits, n.q()))
            if node.visits == 0:
                break
            assert node.action is not None
            pv.append((node.seat, node.action))
        return pv


DEFAULT_BUDGET = Budget(iterations=400)
"""Iterations per decision unless told otherwise, with any number of players: about 0.14 s with 2
players and 0.2 s with 4 on the reference machine. With 4 players 1,000 iterations measured no
stronger against greedy bots (33.8 % of 200 games against 37.6 % of 189 at 400; docs/results/bots-research.md)."""


class SearchBot(Bot):
    """ISMCTS from the bot's view (see the module docstring).

    :param iterations: iterations per decision (reproducible: same seed, same decisions).
    :param seconds: a time limit per decision instead (or as well): anytime, not reproducible.
    Without either, ``DEFAULT_BUDGET``.
    """

    name = "search"

    def __init__(
        self, seed: int = 0, iterations: int | None = None, seconds: float | None = None, infer: bool = False
    ) -> None:
        super().__init__(seed)
        self.budget = None if iterations is None and seconds is None else Budget(iterations, seconds)
        self.infer = infer
        self.last: Search | None = None
        self.total_iterations = 0
        self.total_seconds = 0.0
        self.belief: HandBelief | None = None
        """What the bot has inferred of the hidden hands so far in this game (with ``infer``)."""

    def choose(self, view: PlayerView) -> Action:
        d = view.decision
        assert d is not None and d.choices, "no decision for this seat"
        belief = self._follow(view) if self.infer else None
        if len(d.choices) == 1:
            return d.choices[0]
        search = Search(view, self.rng, belief=belief)
        for _ in search.run(self.budget or DEFAULT_BUDGET):
            pass
        self.last = search
        self.total_iterations += search.iterations
        self.total_seconds += search.elapsed
        return search.best_action()

    def _follow(self, view: PlayerView) -> HandBelief | None:
        """Bring the belief up to ``view``. Called at every decision, forced ones too: each update sets the
        bot's own tiles in every particle, so its next action is replayed with the hand it was chosen
        from. The update's time counts as thinking."""
        if view.seat is None:
            return None
        clock = ThinkingClock()
        if self.belief is None or self.belief.seat != view.seat:
            self.belief = HandBelief(view.seat, random.Random(self.seed + 1))
        self.belief.update(view)
        self.total_seconds += clock.spent()
        return self.belief

    def __repr__(self) -> str:
        infer = ", infer=True" if self.infer else ""
        if self.budget is None:
            return f"SearchBot(seed={self.seed}{infer})"
        return f"SearchBot(seed={self.seed}, iterations={self.budget.iterations}, seconds={self.budget.seconds}{infer})"
