"""Bots for any game of perfect information, built on what the game knows (``core.protocol.BotRules``):
a greedy bot that completes each candidate turn with the game's own policy, and Monte-Carlo tree search.

Dice (``core.protocol.ChanceHook``): a bot asked at a roll (a decision of kind ``CHANCE_KIND``) rolls,
without searching. A turn's completion stops before dice, since what they will show is not known: the
greedy reading takes the expected lead over the outcomes where its own seat rolls next within the
turn (one roll deep; a further roll is judged by the evaluation before it), and the tree search makes
every roll a chance node weighted by the outcomes' probabilities (``bots.mcts``).

    >>> from tigris_widget.core.registry import game_module
    >>> bot = TurnGreedyBot(game_module("ur").bot_rules(), seed=1)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from tigris_widget.bots.base import Bot, roll_request
from tigris_widget.bots.budget import Budget
from tigris_widget.bots.mcts import MCTS, SearchResult
from tigris_widget.bots.rollouts import rollout_search
from tigris_widget.core.protocol import BotRules

Dice = Callable[[Any], Sequence[tuple[Any, float]]]
"""A game's ``chance_outcomes`` (``core.protocol.ChanceHook``)."""

RESTLESS_LIMIT = 8
"""Restless actions (see ``BotRules.restless``) a bot takes within one turn; after that it takes only
calm ones, so the game's own steps finish the turn (a war between empty tiles costs nothing, and a bot
finding such moves as good as any other could shuttle cubes for ever)."""


DEFAULT_EXPLORATION = 0.15
"""The search's exploration constant unless the game names its own (``rules.exploration``)."""
TIE = 1e-9
"""Values this close to the best are ties: the greedy bot draws among them."""


def greedy_ranking(rules: BotRules, state: Any, actions: list[Any]) -> list[tuple[float, Any]]:
    """``actions`` with the mover's lead over the best other seat once each is played and the turn
    completed by the game's policy, best first (a restless action just below an equal calm one)."""
    seat = rules.to_move(state)
    assert seat is not None
    dice: Dice | None = getattr(rules, "chance_outcomes", None)
    scored = []
    for i, action in enumerate(actions):
        after = rules.clone(state)
        rules.play(after, action)
        _finish(rules, after, dice)
        lead = rules.margin(after, seat) if dice is None else _expected_margin(rules, after, seat, dice)
        scored.append((lead - (1e-6 if rules.restless(action) else 0.0), -i, action))
    scored.sort(key=lambda x: (x[0], x[1]), reverse=True)
    return [(value, action) for value, _, action in scored]


class _TurnBot(Bot):
    """A bot over a game's ``BotRules`` that counts its restless actions in the turn under way."""

    def __init__(self, rules: BotRules, seed: int = 0) -> None:
        super().__init__(seed)
        self.rules = rules
        self._turn: Any = None
        self._restless = 0

    def _actions(self, state: Any) -> list[Any]:
        """The legal actions the bot still considers: calm ones only once it was restless too often."""
        rules = self.rules
        actions = list(rules.legal(state))
        if not actions:
            raise ValueError("there is nothing to decide: the game is over")
        turn = rules.turn_of(state)
        if turn != self._turn:
            self._turn, self._restless = turn, 0
        if self._restless >= RESTLESS_LIMIT:
            calm = [a for a in actions if not rules.restless(a)]
            return calm or actions
        return actions

    def _chosen(self, action: Any) -> Any:
        if self.rules.restless(action):
            self._restless += 1
        return action

    def _greedy(self, state: Any, actions: list[Any]) -> Any:
        ranked = greedy_ranking(self.rules, state, actions)
        top = ranked[0][0]
        return self.rng.choice([a for v, a in ranked if v > top - TIE])


class TurnGreedyBot(_TurnBot):
    """Tries every legal action, completes the turn with the game's completion policy
    (``rules.finish_action``) and keeps the action after which it leads the best other seat by most
    (``rules.margin``). Among equal actions it prefers one that is not restless (an action that can be
    repeated for nothing, such as a war between empty tiles), then draws with its random stream."""

    name = "greedy"

    def choose(self, view: Any) -> Any:
        roll = roll_request(view)
        if roll is not None:
            return roll  # the dice decide: nothing to weigh
        state = self.rules.state_of(view)
        actions = self._actions(state)
        if len(actions) == 1:
            return self._chosen(actions[0])
        return self._chosen(self._greedy(state, actions))


def finish_turn(rules: BotRules, state: Any) -> None:
    """Complete the turn under way with the game's completion policy, in place (stopping before dice)."""
    _finish(rules, state, getattr(rules, "chance_outcomes", None))


def _finish(rules: BotRules, state: Any, dice: Dice | None) -> None:
    """``finish_turn`` with the game's ``chance_outcomes`` (or None) looked up once by the caller."""
    turn = rules.turn_of(state)
    for _ in range(1000):  # a completion policy ends a turn in a few steps; this is only a guard
        if rules.to_move(state) is None or rules.turn_of(state) != turn:
            return
        if dice is not None and dice(state):
            return  # a roll: its outcome is not known, so the completion ends before it
        rules.play(state, rules.finish_action(state))


def _expected_margin(rules: BotRules, state: Any, seat: int, dice: Dice) -> float:
    """``seat``'s lead in ``state`` (a completed turn), or, when ``seat`` itself rolls next, its lead
    after that roll and the completion, averaged over the outcomes by their probabilities."""
    outcomes = dice(state)
    if not outcomes or rules.to_move(state) != seat:
        return rules.margin(state, seat)
    expected = 0.0
    for outcome, p in outcomes:
        after = rules.clone(state)
        rules.play(after, outcome)
        _finish(rules, after, dice)
        expected += p * rules.margin(after, seat)
    return expected


class TurnSearchRules:
    """A game's ``BotRules`` seen as ``bots.mcts.SearchRules`` over whole turns: an action is one legal
    step followed by the game's completion of the turn, and only the ``width`` steps that the greedy
    reading ranks best (its lead over the best other seat after the completed turn) are offered.

    In games whose turns are many small steps (Ur) a tree over single steps spends its iterations on
    random continuations of the mover's own turn; over completed turns each level is one seat's turn,
    so the search looks at the other seats' replies, and a width of 1 is the greedy bot. The other
    seats may be given a narrower ``other_width``: with 1 the search expects each of them to play the
    greedy reading's best turn (an opponent model), and spends its iterations on its own choices."""

    def __init__(
        self,
        rules: BotRules,
        width: int = 6,
        other_width: int | None = None,
        seat: int | None = None,
        *,
        chance_width: int = 0,
        seed: int = 0,
    ) -> None:
        for label, value in (("width", width), ("other_width", other_width)):
            if value is not None and (not isinstance(value, int) or value < 1):
                raise ValueError(f"{label} must be at least 1, not {value!r}")
        if not isinstance(chance_width, int) or isinstance(chance_width, bool) or chance_width < 0:
            raise ValueError(f"chance_width must be a whole number of at least 0, not {chance_width!r}")
        self.rules = rules
        self.width = width
        self.other_width = width if other_width is None else other_width
        self.chance_width = chance_width
        """0: another seat plays the greedy reading's first best turn. k > 0 (with ``other_width`` 1): it
        plays step by step as the greedy bot does, at random among the steps the greedy reading ties
        for best — a chance node of the search (``chance``) over up to k of them, drawn by ``rng``. The
        greedy bot ties often (Ur: about 9 equal claims and 10 equal exchanges a step), and a search that
        expects the first of them plans against replies that rarely come."""
        self.rng = random.Random(seed)
        self._dice: Dice | None = getattr(rules, "chance_outcomes", None)
        self.seat = seat
        """The searching seat: ``width`` for its turns, ``other_width`` for the others' (None: all ``width``)."""
        self.root: Any = None
        """The turn (``rules.turn_of``) of the decision searched: there the offer also holds the best step
        of every family the game names (``rules.family``, optional), so that a kind of move the greedy
        reading undervalues (Ur: two cubes instead of a claim, for the tie-break) is still searched."""

    def clone(self, state: Any) -> Any:
        return self.rules.clone(state)

    def to_move(self, state: Any) -> int | None:
        return self.rules.to_move(state)

    def legal(self, state: Any) -> list[Any]:
        actions = list(self.rules.legal(state))
        if len(actions) <= 1:
            return actions
        if self.chance(state):
            scored = greedy_ranking(self.rules, state, actions)
            top = scored[0][0]
            ties = [action for value, action in scored if value > top - TIE]
            return ties if len(ties) <= self.chance_width else self.rng.sample(ties, self.chance_width)
        mine = self.seat is None or self.rules.to_move(state) == self.seat
        ranked = [action for _, action in greedy_ranking(self.rules, state, actions)]
        offer = ranked[: self.width if mine else self.other_width]
        family = getattr(self.rules, "family", None)
        if mine and family is not None and self.root is not None and self.rules.turn_of(state) == self.root:
            seen = {family(action) for action in offer}
            for action in ranked[len(offer) :]:
                f = family(action)
                if f not in seen:
                    seen.add(f)
                    offer.append(action)
        return offer

    def chance(self, state: Any) -> bool:
        """Whether another seat decides here, modelled as the greedy bot's random pick among its ties
        (``chance_width``); ``bots.mcts`` then visits the offered steps evenly."""
        if self.chance_width == 0 or self.seat is None or self.other_width != 1:
            return False
        seat = self.rules.to_move(state)
        return seat is not None and seat != self.seat

    def chance_outcomes(self, state: Any) -> Sequence[tuple[Any, float]]:
        """The game's dice at ``state`` (``core.protocol.ChanceHook``; none for a game without): a chance
        node of ``bots.mcts`` weighted by the outcomes' probabilities."""
        return () if self._dice is None else self._dice(state)

    def play(self, state: Any, action: Any) -> None:
        rules = self.rules
        if self._dice is not None and self._dice(state):
            rules.play(state, action)
            return  # an outcome of the dice: the seat that rolled decides next, at a node of its own
        stepwise = self.chance(state)
        rules.play(state, action)
        if stepwise and not rules.restless(action):
            return  # the modelled seat's next step is the next chance node (a restless one ends its turn)
        _finish(rules, state, self._dice)

    def playout_action(self, state: Any, rng: Any) -> Any:
        return self.rules.playout_action(state, rng)

    def evaluate(self, state: Any) -> list[float]:
        return self.rules.evaluate(state)


class TreeSearchBot(_TurnBot):
    """Monte-Carlo tree search (``bots.mcts``) over the game's turns (``TurnSearchRules``): its own
    turns offer the ``width`` best steps by the greedy reading, the other seats' turns the
    ``other_width`` best (1: they are expected to play greedily); every level is one seat's whole turn,
    leaves are judged by the game's evaluation (``playout_depth`` 0: no playout; else up to that many
    turns, each begun by the game's playout policy). At the root the offer also holds the best step of
    each family the game names (``TurnSearchRules.root``)."""

    name = "search"

    DEFAULT_ITERATIONS = 60

    def __init__(
        self,
        rules: BotRules,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        *,
        exploration: float | None = None,
        width: int = 4,
        other_width: int = 1,
        playout_depth: int = 0,
        chance_width: int | None = None,
    ) -> None:
        super().__init__(rules, seed)
        if iterations is None and seconds is None:
            iterations = self.DEFAULT_ITERATIONS
        self.budget = Budget(iterations, seconds)
        if exploration is None:  # the game's choice (``rules.exploration``), else 0.15
            exploration = getattr(rules, "exploration", DEFAULT_EXPLORATION)
        self.exploration = exploration
        if chance_width is None:  # the game's choice (``rules.chance_width``), else the greedy reading's first best
            chance_width = getattr(rules, "chance_width", 0)
        self.search_rules = TurnSearchRules(rules, width, other_width, chance_width=chance_width)
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
        state = self._aim(view)
        if self.search_rules.chance_width:  # only then: the default search's random stream stays as it was
            self.search_rules.rng.seed(self.rng.randrange(2**31))
        result = search.search(state, self.budget)
        self.total_iterations += result.iterations
        return result

    def _aim(self, view: Any) -> Any:
        """The state of ``view``, with the offer pointed at its decision: the searching seat, and the turn
        whose root also offers every family."""
        state = self.rules.state_of(view)
        self.search_rules.seat = self.rules.to_move(state)
        self.search_rules.root = self.rules.turn_of(state)
        return state

    def choose(self, view: Any) -> Any:
        roll = roll_request(view)
        if roll is not None:
            return roll  # the dice decide: nothing to search
        state = self.rules.state_of(view)
        first = self.rules.turn_of(state) != self._turn  # read before ``_actions`` notes the turn
        actions = self._actions(state)
        if len(actions) == 1:
            return self._chosen(actions[0])
        if not self._searches(state, first) or len(actions) < len(self.rules.legal(state)):
            return self._chosen(self._greedy(state, actions))  # (restless too often this turn: no search)
        return self._chosen(self.analyse(view).best)

    def _searches(self, state: Any, first: bool) -> bool:
        """Whether this decision is searched (``first``: the turn's first step); else the greedy bot's."""
        return True


class RolloutSearchBot(TreeSearchBot):
    """The search for games whose rules play a state to its end as their model of the players does
    (``rules.rollout``, ``core.protocol.RolloutHook``): each decision offers what the tree search's root
    offers (the ``width`` best steps by the greedy reading and the best of every other family) and
    chooses among them by rollouts to the end (``bots.rollouts``); a budget of ``iterations`` is the
    number of rollouts per decision. Every step of its turns is searched when ``every_step`` (by default
    the game's ``rules.search_every_step(state)``, else False); otherwise only the first step of each turn,
    the rest being the greedy bot's (a turn's first step decides what it is; searching every step costs
    about three times as much)."""

    DEFAULT_ITERATIONS = 96

    def __init__(
        self,
        rules: BotRules,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        *,
        width: int = 8,
        every_step: bool | None = None,
    ) -> None:
        super().__init__(rules, seed, iterations, seconds, width=width)
        self.every_step = every_step

    def _every_step(self, state: Any) -> bool:
        if self.every_step is not None:
            return self.every_step
        ask = getattr(self.rules, "search_every_step", None)
        return bool(ask(state)) if callable(ask) else False

    def _searches(self, state: Any, first: bool) -> bool:
        return first or self._every_step(state)

    def analyse(self, view: Any) -> SearchResult[Any]:
        state = self._aim(view)
        offer = self.search_rules.legal(state)
        result = rollout_search(self.rules, state, offer, self.budget, seed=self.rng.randrange(2**31))
        self.total_iterations += result.iterations
        return result
