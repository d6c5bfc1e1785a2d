"""The evaluation shared by the greedy bot and the search bot (priors and leaf values).

The score of a player is their weakest colour after the treasures are spent as wild points
(rules §15.3), so the evaluation projects each player's VP per colour — what they have plus what
their leaders on the board are likely to bring in before the end — spends the treasures on the
lowest colours, and takes a *soft* minimum so that raising the weakest colour counts most while the
others still count a little. Values compare the players: in a 2-player game a logistic function of
the score difference (a win probability), with 3–4 players a softmax over the players' scores that
sharpens as the end of the game nears.

The rule-of-thumb decisions (support commitments, treasures, monuments, war order, the ziggurat
bonus) are here too as ``policy_choice``: the bots use them inside look-ahead so that a conflict is
resolved the way a sensible player would resolve it.

All functions take a *complete* state: bots call them on ``engine.rules.view.determinize`` samples, never
on a hidden true state.
"""

from __future__ import annotations

import math
from typing import TypeVar

from tigris_widget.games.tigris.engine.core.actions import COMMIT_ACTIONS, Action
from tigris_widget.games.tigris.engine.core.board import NEIGHBOURS
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import (
    ATTACK_PHASES,
    BLACK,
    COMMIT_PHASES,
    D_ACTION,
    D_OVER,
    MONUMENTS,
    PLACE_CATASTROPHE,
    PLACE_TILE,
    RED,
    SWAP,
)
from tigris_widget.games.tigris.engine.rules.legal import legal_actions
from tigris_widget.games.tigris.engine.rules.scoring import final_results, spend_treasures
from tigris_widget.games.tigris.engine.rules.turn import apply_unchecked
from tigris_widget.games.tigris.engine.rules.view import PlayerView, unseen_tiles

T = TypeVar("T")


def for_players(values: tuple[T, T], players: int) -> T:
    """The setting for a game of ``players``: the first of ``values`` with 2 players, else the second."""
    return values[0 if players == 2 else 1]


# -- weights (tuned by hand against the random and greedy bots; see docs/results/bots-research.md) ---------------
LEADER_VALUE = (2.2, 1.0)
"""Future VP of its colour a leader in a kingdom is expected to bring in over a whole game, with 2
players and with 3–4: with more players each has fewer turns and more rivals to lose leaders to
(measured: greedy with 1.0 won 30.8 % of 240 four-player games against three greedy bots with 2.2,
1.4 won 30.0 %, 3.2 won 22.9 %; docs/results/bots-research.md)."""
KING_STAND_IN = 0.45
"""Share of ``LEADER_VALUE`` a king brings in for each colour without its own leader (§6.2)."""
KINGDOM_TILE = 0.06
"""Extra future VP per tile of the leader's colour in its kingdom (bigger kingdoms score more)."""
TEMPLE_GUARD = 0.25
"""Per adjacent temple (up to 3): a leader that is hard to revolt against keeps scoring."""
MONUMENT_VALUE = 1.6
"""Future VP a monument brings to a leader of its colour in its kingdom."""
RED_IN_HAND = 0.12
"""Red tiles in hand defend against revolts."""
CATASTROPHE_VALUE = 0.25
SOFTMIN_T = 1.6
"""Temperature of the soft minimum over colours: lower is closer to the hard weakest colour."""
SUM_WEIGHT = 0.04
"""A little credit for every point, which also breaks ties as §15.4 does."""
TEMPO = 0.4
"""Strength an action is worth on average (measured in greedy self-play): the player to move gets
it for each action left, so that states at different moments of a turn compare fairly."""
VALUE_SCALE = 2.0
"""Score difference (in VP) that moves the 2-player win probability from 50 % to about 73 %."""
END_SHARPNESS = 0.3
"""With 3–4 players, the share of ``VALUE_SCALE`` left at the very end of the game."""
FULL_BAG = 80.0


def game_left(s: GameState) -> float:
    """Rough share of the game still to come (1 early, 0 at the end), from the bag and the treasures."""
    if s.over:
        return 0.0
    return max(0.0, min(1.0, len(s.bag) / FULL_BAG, (s.treasures.bit_count() - 2) / 6.0))


def leader_kingdoms(s: GameState) -> list[int]:
    """The kingdom (region mask) of each of the 16 leader slots (``seat * 4 + colour``), 0 when off
    the board: found once per evaluation instead of once per player."""
    where = [0] * 16
    slot = {q: i for i, q in enumerate(s.leaders) if q >= 0}
    lm = s.leader_mask
    for r in s.regions:
        m = r & lm
        while m:
            low = m & -m
            where[slot[low.bit_length() - 1]] = r
            m ^= low
    return where


def projections(s: GameState, seats: range | tuple[int, ...], left: float | None = None) -> list[list[float]]:
    """Expected final VP per colour of each of ``seats``: VP so far, plus what the leaders on the
    board are likely to bring in before the end (scaled by ``left``, the share of the game still to
    come), with the treasures spent on the lowest colours. The kingdoms and monuments are found once
    for all the seats."""
    if left is None:
        left = game_left(s)
    vp = s.vp
    out = []
    if left > 0.0:
        where = leader_kingdoms(s)
        built = [(top_left, MONUMENTS[m]) for m, top_left in enumerate(s.monuments) if top_left >= 0]
        leaders = s.leaders
        tiles = s.tiles
        temples = tiles[RED]
        hands = s.hands
        spares = s.catastrophes_left
        leader_value = for_players(LEADER_VALUE, s.players)
        income = left * leader_value
        monument_income = left * MONUMENT_VALUE
        kingdom_tile, temple_guard = KINGDOM_TILE, TEMPLE_GUARD
    for seat in seats:
        base = seat * 4
        x = [float(vp[base]), float(vp[base + 1]), float(vp[base + 2]), float(vp[base + 3])]
        if left > 0.0:
            for c in range(4):
                q = leaders[base + c]
                if q >= 0:
                    guard = (NEIGHBOURS[q] & temples).bit_count()
                    size = (where[base + c] & tiles[c]).bit_count()
                    if size > 12:
                        size = 12
                    if guard > 3:
                        guard = 3
                    x[c] += left * (leader_value + kingdom_tile * size + temple_guard * guard)
            if leaders[base + BLACK] >= 0:
                stand_in = income * KING_STAND_IN * min(1.0, 0.3 + where[base + BLACK].bit_count() / 10)
                for c in range(1, 4):
                    if leaders[base + c] < 0:
                        x[c] += stand_in
            for top_left, colours in built:
                for c in colours:
                    if where[base + c] >> top_left & 1:
                        x[c] += monument_income
            x[RED] += RED_IN_HAND * min(hands[base + RED], 4) * left
            spare = CATASTROPHE_VALUE * spares[seat] * left / 4
            if spare:
                x[0] += spare
                x[1] += spare
                x[2] += spare
                x[3] += spare
        taken = s.treasures_taken[seat]
        if taken:
            spend_treasures(x, taken)
        out.append(x)
    return out


def projection(s: GameState, seat: int) -> list[float]:
    """Expected final VP per colour of ``seat`` (see ``projections``)."""
    return projections(s, (seat,))[0]


_exp = math.exp
_log = math.log


def strength(x: list[float]) -> float:
    """One number for a projection: a soft minimum over the colours plus a little of their sum."""
    a, b, c, d = x
    low = min(x)
    t = SOFTMIN_T
    soft = _exp((low - a) / t) + _exp((low - b) / t) + _exp((low - c) / t) + _exp((low - d) / t)
    return low - t * _log(soft) + SUM_WEIGHT * (a + b + c + d)


def values_from_strengths(scores: list[float], left: float = 1.0) -> list[float]:
    """Per-seat values in [0, 1] summing to 1: 2 players a logistic, more players a softmax that
    sharpens as the game nears its end (``left`` → 0), when less can change the order."""
    if len(scores) == 2:
        d = max(-30.0, min(30.0, (scores[0] - scores[1]) / VALUE_SCALE))
        p = 1.0 / (1.0 + math.exp(-d))
        return [p, 1.0 - p]
    top = max(scores)
    scale = VALUE_SCALE * (END_SHARPNESS + (1.0 - END_SHARPNESS) * left)
    w = [math.exp((v - top) / scale) for v in scores]
    total = sum(w)
    return [v / total for v in w]


def final_values(s: GameState) -> list[float]:
    """Exact values of a finished game: 1 shared among the winners (rules §15.4)."""
    results = final_results(s)
    winners = [r.seat for r in results if r.rank == 1]
    return [1.0 / len(winners) if p in winners else 0.0 for p in range(s.players)]


def evaluate(s: GameState) -> list[float]:
    """Value of ``s`` for every seat (see ``values_from_strengths``); exact once the game is over."""
    if s.over:
        return final_values(s)
    left = game_left(s)
    scores = [strength(x) for x in projections(s, range(s.players), left)]
    if s.phase == D_ACTION:
        scores[s.active] += TEMPO * s.actions_left * left
    return values_from_strengths(scores, left)


# -- rule-of-thumb choices for the decisions that follow a turn action ---------------------------
def unseen_by(s: GameState, seat: int, colour: int) -> tuple[int, int]:
    """Tiles of ``colour`` and of all colours that ``seat`` cannot locate (bag, other hands, discards)."""
    unseen = unseen_tiles(s, seat)
    return unseen[colour], sum(unseen)


def commit_choice(s: GameState) -> int:
    """How many tiles the decider commits to the pending revolt or war (§8.4, §9.6).

    The attacker cannot see the defender's hand: it commits the fewest tiles that win for sure, or
    everything when it is likely (by the expected count of that colour in the defender's hand) to
    win, or nothing. The defender sees the attacker's strength and commits just enough to hold (a
    tie goes to the defender), or nothing when it cannot."""
    conflict = s.conflict
    assert conflict is not None
    colour = conflict.colour
    seat = s.decider
    have = s.hands[seat * 4 + colour]
    if s.phase in ATTACK_PHASES:
        a_base, d_base = conflict.attacker_base, conflict.defender_base
        defender = conflict.defender
        size = s.hand_size(defender)
        mine, total = unseen_by(s, seat, colour)
        worst = d_base + min(size, mine)
        if a_base + have > worst:
            return max(0, worst + 1 - a_base)
        expected = d_base + (size * mine / total if total else 0.0)
        if a_base + have > expected + 0.5:
            return have
        return 0
    a_total = conflict.attacker_base + conflict.attacker_commit
    need = a_total - conflict.defender_base
    return max(0, need) if need <= have else 0


PolicyMemo = dict[tuple[object, ...], Action]
"""``policy_choice`` results by ``GameState.position_key()``: a search meets the same states again and
again (the same sample down the same path), and settling several wars tries every order of them.
A memo belongs to one decision of one game (the key leaves out the setup): each search and each
greedy decision makes its own, so no choice made for one game can reach another."""
MEMO_LIMIT = 20_000


def policy_choice(s: GameState, choices: list[Action] | None = None, memo: PolicyMemo | None = None) -> Action:
    """A sensible choice for a decision other than a turn action: commitments by ``commit_choice``,
    the rest (monuments, treasures, war order, buildings, ziggurat bonus) by one-step evaluation."""
    if s.phase in COMMIT_PHASES:
        return COMMIT_ACTIONS[commit_choice(s)]
    if choices is None:
        choices = legal_actions(s)
    if len(choices) == 1:
        return choices[0]
    if memo is None:
        memo = {}
    key = s.position_key()
    best = memo.get(key)
    if best is not None:
        return best
    seat = s.decider
    best = choices[0]
    best_value = -1.0
    for a in choices:
        c = s.clone()
        apply_unchecked(c, a)
        settle(c, stop_seat=-1, memo=memo)
        v = evaluate(c)[seat]
        if v > best_value:
            best, best_value = a, v
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[key] = best
    return best


def settle(s: GameState, stop_seat: int = -1, limit: int = 12, memo: PolicyMemo | None = None) -> None:
    """Play the pending non-turn decisions by ``policy_choice`` (in place) until a turn action is due
    or the game is over; with ``stop_seat`` >= 0, also stop at any decision of that seat."""
    n = 0
    while s.phase != D_ACTION and s.phase != D_OVER and n < limit:
        if s.decider == stop_seat:
            return
        if s.phase in COMMIT_PHASES:
            apply_unchecked(s, COMMIT_ACTIONS[commit_choice(s)])
        else:
            if memo is None:
                memo = {}
            apply_unchecked(s, policy_choice(s, memo=memo))
        n += 1


def after(s: GameState, action: Action, memo: PolicyMemo | None = None) -> GameState:
    """A copy of ``s`` with ``action`` played and the decisions it raises settled by rule of thumb."""
    c = s.clone()
    apply_unchecked(c, action)
    settle(c, memo=memo)
    return c


def rank_turn_actions(
    s: GameState, choices: list[Action] | tuple[Action, ...], memo: PolicyMemo | None = None
) -> list[tuple[float, Action]]:
    """Every choice but swaps, with its one-step value for the decider, best first (ties keep the
    sorted order of ``choices``). Swaps are left out: their value is the luck of the draw. When only
    swaps and passing are legal, the swaps of the whole hand and a pass are ranked."""
    if memo is None:
        memo = {}
    seat = s.decider
    scored = []
    for a in choices:
        if a.kind == SWAP:
            continue
        scored.append((evaluate(after(s, a, memo))[seat], a))
    if len(scored) <= 1:
        whole = tuple(s.hand(seat))
        for a in choices:
            if a.kind == SWAP and a.tiles == whole:
                scored.append((evaluate(after(s, a, memo))[seat], a))
        if not scored:
            scored.append((0.0, choices[0]))
    scored.sort(key=lambda pair: -pair[0])
    return scored


# -- ending the game -------------------------------------------------------------------------------
STALL_WINDOW = 8
"""Actions per player without a tile placed, swapped or destroyed after which a game is stalled."""
_PROGRESS = ("tile ", "swap ", "catastrophe ")


def is_stalled(view: PlayerView) -> bool:
    """Have the players only moved leaders and passed for a while? (The rules have no limit on
    passing, so two bots that both prefer to wait — e.g. with an empty bag, where the next tile
    placed ends the game — could play forever.)"""
    window = STALL_WINDOW * view.players
    recent = view.history[-window:]
    return len(recent) == window and not any(h.startswith(_PROGRESS) for h in recent)


def progress_choices(view: PlayerView, choices: tuple[Action, ...]) -> tuple[Action, ...]:
    """The choices, or only those that move the game towards its end when it is stalled."""
    if view.decision is None or view.decision.kind != "action" or not is_stalled(view):
        return choices
    forward = tuple(a for a in choices if a.kind in (PLACE_TILE, SWAP, PLACE_CATASTROPHE))
    return forward or choices
