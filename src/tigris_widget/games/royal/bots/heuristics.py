"""The Royal Game of Ur for the shared bots (``core.protocol.BotRules`` with ``chance_outcomes``).

The algorithms (random, greedy, the tree search with chance nodes) are the shared layer's
(``tigris_widget.bots``); this module holds only the game's knowledge:

* ``race`` — a seat's standing as a race: the squares its pieces still have to travel, plus what its
  pieces in reach of an enemy piece are expected to lose before they move on.
* ``win_chances`` — a logistic of the race difference, whose spread shrinks as the race shortens
  (exact once the game is over).
* ``choose_move`` — the playout and completion policy: win, capture the furthest piece, land on a
  rosette, bear off, escape danger, else advance the piece furthest along (ties drawn at random).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from tigris_widget.games.royal.engine import (
    PROBABILITIES,
    ROLLS,
    Action,
    RoyalState,
    apply_unchecked,
    legal,
    pips,
)
from tigris_widget.games.royal.engine.board import CENTRAL, OFF, PIECES, is_rosette, is_shared
from tigris_widget.games.royal.engine.state import STRIDE
from tigris_widget.games.royal.game import RoyalView

TEMPO = 2.0
"""Squares the seat to throw is worth ahead of the other (one average roll)."""
CENTRAL_WORTH = 2.0
"""Squares a piece on the central rosette is worth beyond its distance (it is safe and blocks)."""
_OUTCOMES: tuple[tuple[Action, float], ...] = tuple(zip(ROLLS, PROBABILITIES))


def threat(s: RoyalState, seat: int, square: int) -> float:
    """The chance that the other seat's next throw lets a piece of its land on ``seat``'s piece on the
    shared ``square`` (the union of the rolls that reach it from any enemy piece 1–4 squares behind)."""
    if not is_shared(square) or square == CENTRAL:
        return 0.0
    other = (1 - seat) * STRIDE
    hit = [False] * 5
    for back in range(1, 5):
        if square - back >= 1 and s.counts[other + square - back]:
            hit[back] = True
    return sum(PROBABILITIES[r] for r in range(1, 5) if hit[r])


def race(s: RoyalState, seat: int) -> float:
    """The squares ``seat`` still has to travel, with the expected loss of its exposed pieces (a
    captured piece goes back to square 0), less a bonus for holding the central rosette."""
    total = float(pips(s, seat))
    base = seat * STRIDE
    for square in range(5, 13):
        if s.counts[base + square]:
            total += threat(s, seat, square) * square
    if s.counts[base + CENTRAL]:
        total -= CENTRAL_WORTH
    return total


def win_chances(s: RoyalState) -> list[float]:
    """Light's and Dark's chances of winning as the race reads them; exact once the game is over."""
    if s.winner >= 0:
        return [1.0 if seat == s.winner else 0.0 for seat in (0, 1)]
    lead = race(s, 1) - race(s, 0)  # Light's lead in squares
    tempo = TEMPO if s.roll < 0 else float(s.roll)
    lead += tempo if s.to_move == 0 else -tempo
    left = pips(s, 0) + pips(s, 1)
    spread = 1.0 + 0.55 * math.sqrt(left)  # the race's luck: about sqrt(throws to come)
    p = 1.0 / (1.0 + math.exp(-lead / spread))
    return [p, 1.0 - p]


def move_score(s: RoyalState, square: int) -> float:
    """How the playout policy likes moving the piece on ``square`` by the roll (higher is better)."""
    seat, roll = s.to_move, s.roll
    target = square + roll
    other = (1 - seat) * STRIDE
    if target == OFF:
        return 100.0 if s.off(seat) == PIECES - 1 else 30.0
    score = target / 100.0  # advance the piece furthest along, all else equal
    if is_shared(target) and s.counts[other + target]:
        score += 40.0 + target
    if is_rosette(target):
        score += 35.0
    score += 20.0 * (threat(s, seat, square) - _threat_after(s, seat, target))
    return score


def _threat_after(s: RoyalState, seat: int, target: int) -> float:
    """The threat on a piece arriving at ``target`` (enemy pieces behind it, the capture ignored)."""
    return threat(s, seat, target) if target < OFF else 0.0


def choose_move(s: RoyalState, moves: Sequence[Action], rng: random.Random | None) -> Action:
    """The policy's move among ``moves`` (the best ``move_score``; ties drawn with ``rng``, else the first)."""
    best: list[Action] = []
    top = -math.inf
    for m in moves:
        value = move_score(s, m.n)
        if value > top + 1e-9:
            best, top = [m], value
        elif value > top - 1e-9:
            best.append(m)
    return best[0] if rng is None or len(best) == 1 else rng.choice(best)


def draw(rng: random.Random) -> Action:
    """An outcome of the dice drawn by its probability."""
    return ROLLS[bin(rng.getrandbits(4)).count("1")]


class RoyalBotRules:
    """The Royal Game of Ur for the shared bots (``core.protocol.BotRules`` and ``ChanceHook``)."""

    def state_of(self, view: RoyalView) -> RoyalState:
        if not isinstance(view, RoyalView):
            raise TypeError(f"a Royal Game of Ur bot needs a RoyalView, not {type(view).__name__}")
        return view.state.copy()

    def clone(self, state: RoyalState) -> RoyalState:
        return state.copy()

    def to_move(self, state: RoyalState) -> int | None:
        return None if state.winner >= 0 else state.to_move

    def legal(self, state: RoyalState) -> Sequence[Action]:
        return legal(state)

    def play(self, state: RoyalState, action: Action) -> None:
        apply_unchecked(state, action)

    def chance_outcomes(self, state: RoyalState) -> Sequence[tuple[Action, float]]:
        """The five outcomes with their probabilities while the dice are to be thrown; else none."""
        return _OUTCOMES if state.chance else ()

    def playout_action(self, state: RoyalState, rng: random.Random) -> Action:
        if state.chance:
            return draw(rng)
        return choose_move(state, legal(state), rng)

    def evaluate(self, state: RoyalState) -> list[float]:
        return win_chances(state)

    def turn_of(self, state: RoyalState) -> tuple[int, int]:
        """The seat to act and its roll (-1 before the throw): it changes with every throw and move."""
        return state.to_move, state.roll

    def finish_action(self, state: RoyalState) -> Action:
        if state.chance:
            return ROLLS[2]  # the likeliest outcome (the shared bots stop before dice anyway)
        return choose_move(state, legal(state), None)

    def margin(self, state: RoyalState, seat: int) -> float:
        chances = win_chances(state)
        return chances[seat] - chances[1 - seat]

    def restless(self, action: Action) -> bool:
        return False


BOT_RULES = RoyalBotRules()
