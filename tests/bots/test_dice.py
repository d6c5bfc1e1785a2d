"""Dice in the shared bots (``core.protocol.ChanceHook``): a tiny hand-written game where the bet that
wins on the lucky roll is the worse bet on average. The search and the greedy reading weigh the roll
by its probability, playouts draw it with its odds whatever the game's policy says, and every shared
bot asked at a roll just rolls: none ever reads what the dice will show."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from tigris_widget.bots import RandomBot
from tigris_widget.bots.budget import Budget
from tigris_widget.bots.generic import RolloutSearchBot, TreeSearchBot, TurnGreedyBot, greedy_ranking
from tigris_widget.bots.mcts import MCTS, draw
from tigris_widget.core.protocol import CHANCE_KIND

HIT = 0.2
"""The chance of the lucky roll."""
SAFE = 0.4
"""What the safe bet is worth to seat 0, whatever the roll: less than a win on the lucky roll, more
than the gamble's expected 0.2 (but less than the 0.5 a search that weighed both rolls alike would see)."""


class Bet:
    """Seat 0 bets (``safe`` or ``gamble``), then rolls: a hit wins the gamble, a miss loses it."""

    def __init__(self, phase: str = "bet", bet: str = "", roll: str = "") -> None:
        self.phase, self.bet, self.roll = phase, bet, roll


class BetRules:
    """``core.protocol.BotRules`` with dice. Its own policies (``finish_action``, ``playout_action``)
    play the lucky roll at the dice: a bot that trusted them there would take the gamble."""

    def state_of(self, view: Any) -> Bet:
        if view.decision.kind == CHANCE_KIND:
            raise AssertionError("a bot read the state at a roll")
        state: Bet = view.state
        return state

    def clone(self, state: Bet) -> Bet:
        return Bet(state.phase, state.bet, state.roll)

    def to_move(self, state: Bet) -> int | None:
        return None if state.phase == "over" else 0

    def legal(self, state: Bet) -> Sequence[str]:
        return {"bet": ["safe", "gamble"], "roll": ["hit", "miss"]}.get(state.phase, [])

    def play(self, state: Bet, action: str) -> None:
        if state.phase == "bet":
            state.phase, state.bet = "roll", action
        else:
            state.phase, state.roll = "over", action

    def playout_action(self, state: Bet, rng: random.Random) -> str:
        return "hit" if state.phase == "roll" else rng.choice(["safe", "gamble"])

    def evaluate(self, state: Bet) -> list[float]:
        if state.phase != "over":
            return [0.5, 0.5]
        mine = SAFE if state.bet == "safe" else (1.0 if state.roll == "hit" else 0.0)
        return [mine, 1.0 - mine]

    def turn_of(self, state: Bet) -> Any:
        return 0  # one turn: the bet and its roll

    def finish_action(self, state: Bet) -> str:
        return "hit" if state.phase == "roll" else "gamble"

    def margin(self, state: Bet, seat: int) -> float:
        values = self.evaluate(state)
        return values[seat] - values[1 - seat]

    def restless(self, action: Any) -> bool:
        return False

    def chance_outcomes(self, state: Bet) -> Sequence[tuple[str, float]]:
        return [("hit", HIT), ("miss", 1 - HIT)] if state.phase == "roll" else []

    def rollout(self, state: Bet, seed: int) -> list[float]:
        rng = random.Random(seed)
        while state.phase != "over":
            self.play(state, draw(self.chance_outcomes(state), rng) if state.phase == "roll" else "gamble")
        return self.evaluate(state)


@dataclass(frozen=True)
class Decision:
    seat: int
    kind: str
    choices: tuple[str, ...]
    prompt: str = ""


@dataclass(frozen=True)
class View:
    decision: Decision
    state: Bet


class BetGame:
    """The facade: the outcome of a roll comes from its private seed, which no view shows."""

    def __init__(self, seed: int) -> None:
        self._dice = random.Random(seed)
        self.state = Bet()

    def view(self) -> View:
        if self.state.phase == "roll":
            return View(Decision(0, CHANCE_KIND, ("roll",)), Bet())  # nothing of the state: it must not be read
        return View(Decision(0, "bet", ("gamble", "safe")), BetRules().clone(self.state))

    def apply(self, action: str) -> None:
        if action == "roll":
            action = "hit" if self._dice.random() < HIT else "miss"
        BetRules().play(self.state, action)


def test_the_search_weighs_the_roll_by_its_probability() -> None:
    result = MCTS(BetRules(), seed=1).search(Bet(), Budget(iterations=2000))
    values = {c.action: c.value for c in result.candidates}
    assert result.best == "safe"
    assert values["safe"] == pytest.approx(SAFE, abs=0.01)
    # the dice node's visits follow the odds (stratified), so its mean is the expectation, not 0.5
    assert values["gamble"] == pytest.approx(HIT, abs=0.03)


def test_the_old_even_chance_would_have_taken_the_gamble() -> None:
    """What the weighting changes: seen as a seat choosing at random, the roll is worth 0.5 to the gamble."""

    class Even(BetRules):
        def chance(self, state: Any) -> bool:
            return bool(state.phase == "roll")

        chance_outcomes = None  # type: ignore[assignment]

    result = MCTS(Even(), seed=1).search(Bet(), Budget(iterations=2000))
    assert result.best == "gamble"


def test_playouts_draw_the_dice_with_their_odds_not_with_the_games_policy() -> None:
    search = MCTS(BetRules(), playout_depth=5, seed=4)
    hits = 0
    for _ in range(4000):
        state = Bet("roll", "gamble")
        search._playout(state)
        hits += state.roll == "hit"
    assert hits / 4000 == pytest.approx(HIT, abs=0.025)


def test_a_search_cannot_start_at_the_dice() -> None:
    with pytest.raises(ValueError, match="dice decide"):
        MCTS(BetRules()).search(Bet("roll", "gamble"), Budget(iterations=10))


def test_the_greedy_reading_takes_the_expected_lead_over_the_roll() -> None:
    ranked = greedy_ranking(BetRules(), Bet(), ["gamble", "safe"])
    assert [a for _, a in ranked] == ["safe", "gamble"]
    leads = dict((a, v) for v, a in ranked)
    assert leads["safe"] == pytest.approx(2 * SAFE - 1)
    assert leads["gamble"] == pytest.approx(HIT * 1 + (1 - HIT) * -1)


def _bots() -> list[Any]:
    rules = BetRules()
    return [
        RandomBot(seed=1),
        TurnGreedyBot(rules, seed=1),  # type: ignore[arg-type]
        TreeSearchBot(rules, seed=1, iterations=300),  # type: ignore[arg-type]
        RolloutSearchBot(rules, seed=1, iterations=64),  # type: ignore[arg-type]
    ]


@pytest.mark.parametrize("seed", range(6))
def test_the_bots_bet_the_same_whatever_the_dice_will_show_and_just_roll(seed: int) -> None:
    """Six games whose rolls differ (the facade's private seed): every bot bets as in the others, and at
    the roll it plays the request without reading the state (``state_of`` would fail) or searching."""
    game = BetGame(seed)
    greedy, search, rollouts = _bots()[1:]
    for bot in (greedy, search, rollouts):
        assert bot.choose(game.view()) == "safe"
    game.apply("safe")
    for bot in _bots():
        assert bot.choose(game.view()) == "roll"
    idle = _bots()[2]
    idle.choose(game.view())
    assert idle.total_iterations == 0


def test_the_search_gives_the_same_analysis_whatever_the_dice_will_show() -> None:
    found = set()
    for seed in range(4):
        bot = TreeSearchBot(BetRules(), seed=1, iterations=200)  # type: ignore[arg-type]
        result = bot.analyse(BetGame(seed).view())
        found.add(tuple((c.action, c.visits, round(c.value, 9)) for c in result.candidates))
    assert len(found) == 1


def test_draw_follows_the_probabilities() -> None:
    rng = random.Random(3)
    counts = {"a": 0, "b": 0, "c": 0}
    for _ in range(6000):
        counts[draw([("a", 0.5), ("b", 0.3), ("c", 0.2)], rng)] += 1
    assert counts["a"] / 6000 == pytest.approx(0.5, abs=0.03) and counts["c"] / 6000 == pytest.approx(0.2, abs=0.03)


# -- a race over turns: the roller decides after its roll, and the search weighs the other's next roll --
GOAL = 3


class Race:
    """Two seats race to ``GOAL``. A turn: the mover rolls (1 or 2, even odds; 0 or 1 when the other seat
    guarded against it), then advances by the roll or guards (no step; the other's next roll is one less)."""

    def __init__(self, pos: tuple[int, int] = (0, 0), mover: int = 0, phase: str = "roll", roll: int = 0,
                 guarded: bool = False, turn: int = 0) -> None:  # fmt: skip
        self.pos, self.mover, self.phase, self.roll, self.guarded, self.turn = (
            list(pos),
            mover,
            phase,
            roll,
            guarded,
            turn,
        )


class RaceRules:
    """``BotRules`` with dice for ``Race``; its completion policy advances, its policies roll a 2 (lucky)."""

    def state_of(self, view: Any) -> Race:
        state: Race = view.state
        return state

    def clone(self, s: Race) -> Race:
        return Race((s.pos[0], s.pos[1]), s.mover, s.phase, s.roll, s.guarded, s.turn)

    def to_move(self, s: Race) -> int | None:
        return None if s.phase == "over" else s.mover

    def chance_outcomes(self, s: Race) -> Sequence[tuple[str, float]]:
        if s.phase != "roll":
            return []
        return [("roll 0", 0.5), ("roll 1", 0.5)] if s.guarded else [("roll 1", 0.5), ("roll 2", 0.5)]

    def legal(self, s: Race) -> Sequence[str]:
        if s.phase == "roll":
            return [o for o, _ in self.chance_outcomes(s)]
        return ["advance", "guard"] if s.phase == "move" else []

    def play(self, s: Race, action: str) -> None:
        if s.phase == "roll":
            s.roll, s.guarded, s.phase = int(action.split()[1]), False, "move"
            return
        guard = action == "guard"
        if not guard:
            s.pos[s.mover] += s.roll
        if s.pos[s.mover] >= GOAL:
            s.phase = "over"
            return
        s.mover, s.phase, s.guarded, s.turn = 1 - s.mover, "roll", guard, s.turn + 1

    def playout_action(self, s: Race, rng: random.Random) -> str:
        return self.legal(s)[-1] if s.phase == "roll" else rng.choice(["advance", "guard"])

    def evaluate(self, s: Race) -> list[float]:
        if s.phase == "over":
            return [1.0 if s.pos[0] >= GOAL else 0.0, 1.0 if s.pos[1] >= GOAL else 0.0]
        lead = max(-0.45, min(0.45, 0.15 * (s.pos[0] - s.pos[1])))
        return [0.5 + lead, 0.5 - lead]

    def turn_of(self, s: Race) -> Any:
        return s.turn

    def finish_action(self, s: Race) -> str:
        return self.legal(s)[-1] if s.phase == "roll" else "advance"

    def margin(self, s: Race, seat: int) -> float:
        values = self.evaluate(s)
        return values[seat] - values[1 - seat]

    def restless(self, action: Any) -> bool:
        return False


def test_the_search_looks_through_the_other_seats_roll() -> None:
    """Seat 0 rolled a 1 with seat 1 one step from home: advancing loses for sure (any roll brings seat 1
    home), guarding leaves seat 1 an even chance of a 0 (a slim hope). The greedy reading judges the position before
    seat 1's roll and advances; the search weighs that roll and guards."""
    rules = RaceRules()
    view = View(Decision(0, "move", ("advance", "guard")), Race((0, 2), 0, "move", roll=1))  # type: ignore[arg-type]
    assert TurnGreedyBot(rules, seed=1).choose(view) == "advance"  # type: ignore[arg-type]
    search = TreeSearchBot(rules, seed=1, iterations=400, width=2)  # type: ignore[arg-type]
    result = search.analyse(view)
    values = {c.action: c.value for c in result.candidates}
    # advance: every visit a loss but the first (the dice node's own evaluation, before the roll); guarding
    # is a long shot too (seat 1 guards back), but better
    assert result.best == "guard" and values["advance"] < 0.02 < values["guard"]
