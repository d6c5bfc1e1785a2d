"""What Ur's bots know about the game: an evaluation, a way to finish a turn, and the search rules.

The algorithms (a turn-completing greedy bot, Monte-Carlo tree search) are the shared layer's
(``tigris_widget.bots``); this module holds only Ur's knowledge and is found through the game's
``bot_rules()``, so the game never imports the shared layers. Ur has no chance and no hidden information
after setup, so a bot reads the real state from its view.

* ``standings`` (``utility`` for one seat) — every seat's standing: its points by the final scoring
  (§10), a little for every cube on the grid (cubes defend tiles, win wars and break ties, §10.5) and,
  while the game goes on, part of what the position promises: the best war it can wage next turn, the
  best ziggurat it can build, the cubes its hand tile's action would bring (``action_yields``). With
  points and cubes alone the greedy bot never spent a turn on an action and equal claims tied (issue 40).
* ``win_chances`` — every seat's chance of winning as a softmax of the standings (exact at the end).
* ``finish_step``/``finish_turn`` — a fast, sensible way to complete a half-made turn: the full amount
  in allocations, counts kept in politics, half the cubes moved after a war, then the exchange that
  gives the hand tile most worth to its holder.
* ``playout_step`` — the playout policy: the claim (or ziggurat) worth most to the mover, then
  ``finish_step`` (the search plays no playouts by default: measured weaker than judging leaves).
* ``UrBotRules.family`` — kinds of first step, so the search also weighs the best step of each kind.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from tigris_widget.games.ur.engine import Step, UrState, apply_unchecked, legal_actions
from tigris_widget.games.ur.engine.board import BORDER, NEIGHBOURS, PAIRS, A, C, T, W
from tigris_widget.games.ur.engine.rules import set_score
from tigris_widget.games.ur.engine.state import PH_MOVE, PH_OVER, PH_POLITICS, PH_TURN
from tigris_widget.games.ur.game import UrView

CUBE_WORTH = 0.12
"""Points a cube on the grid is worth to the evaluation."""
TEMPERATURE = 1.0
"""Points of utility that make one seat e times likelier to win than another (``win_chances``)."""
THREAT_WORTH = 0.25
"""Part of the best war a seat can wage next turn that its standing counts (``standings``). A rival's
threat already lowers a seat's margin, so no separate term counts the seat's own exposed tiles (one was
measured: more turns spent on defence, weaker against the old greedy bot; issue 40)."""
ZIGGURAT_WORTH = 0.5
"""Part of the points its best ziggurat would add that a seat able to build one counts."""
YIELD_WORTH = 0.05
"""Points a seat's standing counts for every cube the better action of its hand tile would bring next
turn (``action_yields``): it tells apart claims and exchanges that score alike but set up different turns."""
CLOSING_WORTH = 0.2
"""Points a leading seat counts for every step it has made toward the end of a game that only ziggurats
can end (a spare keeps every exchange legal, §8.4/§9.1): a cube on its fullest tile, six for a
ziggurat of its own (``closing``). Without it a seat ahead had no reason to build, nobody else wanted
to, and three greedy bots passed the spare round for ever (issue 40: 13 of 200 three-player games)."""
ZIGGURAT_STEPS = 6
"""Closing steps a ziggurat counts: more than the five cubes it takes, so building is progress."""
END_STEPS = 12
"""Further closing steps for the seats ahead once the last ziggurat stands: the game ends this round."""
PLAYOUT_RANDOM = 0.0
"""How often a playout step is random instead of ``playout_step``'s choice."""


def _counts(s: UrState, seat: int) -> list[int]:
    """Tiles of each kind (and ziggurats, index 5) that ``seat`` owns."""
    counts = [0] * 6
    owner, zig, face = s.owner, s.zig, s.face
    for c in range(36):
        if owner[c] == seat:
            counts[5 if zig[c] else face[c]] += 1
    return counts


_SCORES: dict[tuple[int, ...], int] = {}
"""``set_score`` by counts: the search asks for the same few thousand counts again and again."""


def _score(counts: list[int]) -> int:
    key = tuple(counts)
    value = _SCORES.get(key)
    if value is None:
        if len(_SCORES) > 200_000:  # counts are small numbers, so this never fills in play; only a guard
            _SCORES.clear()
        value = _SCORES[key] = set_score(counts)
    return value


_HAND_SCORES: dict[tuple[int, ...], int] = {}
"""``_hand_score`` by counts and pair: the evaluation asks for each seat's few combinations again and again."""


def _hand_score(counts: list[int], pair: int) -> int:
    """The set score with a hand tile of ``pair`` on its better side."""
    key = (*counts, pair)
    best = _HAND_SCORES.get(key)
    if best is not None:
        return best
    best = 0
    for k in PAIRS[pair]:
        counts[k] += 1
        value = _score(counts)
        counts[k] -= 1
        if value > best:
            best = value
    if len(_HAND_SCORES) > 200_000:  # a guard only, as for ``_SCORES``
        _HAND_SCORES.clear()
    _HAND_SCORES[key] = best
    return best


def points(s: UrState, seat: int) -> int:
    """The seat's points by the final scoring (§10), the hand tile on its better side."""
    return _hand_score(_counts(s, seat), s.hands[seat])


class _Worth:
    """What one more or one fewer item of a colour is worth to each seat in points, computed on demand."""

    def __init__(self, s: UrState) -> None:
        n = s.n
        self.counts = [[0] * 6 for _ in range(n)]
        owner, zig, face = s.owner, s.zig, s.face
        for c in range(36):
            o = owner[c]
            if o >= 0:
                self.counts[o][5 if zig[c] else face[c]] += 1
        self.hands = s.hands
        self.base = [_hand_score(self.counts[p], s.hands[p]) for p in range(n)]
        self._gain: dict[int, int] = {}
        self._loss: dict[int, int] = {}
        self._zig: dict[int, int] = {}

    def gain(self, seat: int, colour: int) -> int:
        key = seat * 8 + colour
        value = self._gain.get(key)
        if value is None:
            counts = self.counts[seat]
            counts[colour] += 1
            value = self._gain[key] = _hand_score(counts, self.hands[seat]) - self.base[seat]
            counts[colour] -= 1
        return value

    def loss(self, seat: int, colour: int) -> int:
        key = seat * 8 + colour
        value = self._loss.get(key)
        if value is None:
            counts = self.counts[seat]
            counts[colour] -= 1
            value = self._loss[key] = self.base[seat] - _hand_score(counts, self.hands[seat])
            counts[colour] += 1
        return value

    def ziggurat(self, seat: int, kind: int) -> int:
        """Points a ziggurat on one of the seat's tiles of ``kind`` adds (the tile turns into the sixth colour)."""
        key = seat * 8 + kind
        value = self._zig.get(key)
        if value is None:
            counts = self.counts[seat]
            counts[kind] -= 1
            counts[5] += 1
            value = self._zig[key] = _hand_score(counts, self.hands[seat]) - self.base[seat]
            counts[kind] += 1
            counts[5] -= 1
        return value


def action_yields(s: UrState) -> list[int]:
    """Cubes the better action of each seat's hand tile would bring it if played now (0 if neither
    gains): trade, one a border side and a rival neighbour of each own trade tile (§5.2); agriculture,
    two on each own farm less one on each own tile without a farm beside it (§5.1); culture, one on each
    own tile beside an own culture tile less what the rivals get (§5.3). Politics and war move cubes,
    they bring none (war is ``standings``' threat)."""
    return _promises(s, _Worth(s))[0]


def _promises(s: UrState, worth: _Worth) -> tuple[list[int], list[float], list[float]]:
    """What the position promises each seat, in one pass over the tiles and their neighbours:
    ``action_yields``; the best war it can wage next turn (the tile taken, the rival's loss, the
    attacker given up when it is left empty); the best ziggurat it can build (not the last one: that
    ends the game, §9.2, and a promise kept for ever stalled it)."""
    n = s.n
    owner, zig, face, cubes = s.owner, s.zig, s.face, s.cubes
    discount = s.opts.war_tile_discount
    zig_later = s.zig_left > 1
    trade = [0] * n
    farm = [0] * n
    culture = [0] * n
    threat = [0.0] * n
    ready = [0.0] * n
    for c in range(36):
        o = owner[c]
        if o < 0 or zig[c]:
            continue
        kind = face[c]
        d = cubes[c]
        full = d == 5
        if full and zig_later:
            ready[o] = max(ready[o], float(worth.ziggurat(o, kind)))
        fed = False
        rivals = 0
        for m in NEIGHBOURS[c]:
            q = owner[m]
            zm = zig[m]
            fm = face[m]
            if not zm and fm == A:
                fed = True
            if q >= 0 and q != o:
                rivals += 1
                if not full and not zm:  # m's owner could attack c next turn
                    left = cubes[m] - d - (0 if fm == kind or (discount and fm == W) else 1)
                    if left >= 1:
                        value = worth.gain(q, kind) + worth.loss(o, kind) - (worth.loss(q, fm) if left == 1 else 0)
                        if value > threat[q]:
                            threat[q] = value
            if kind == C and q >= 0 and not zm and cubes[m] < 5:
                culture[o] += 1 if q == o else -1
        if kind == T:
            trade[o] += min(BORDER[c] + rivals, 5 - d)
        elif kind == A:
            farm[o] += min(2, 5 - d + (0 if fed else 1))  # step 1 makes room first
        if not fed:
            farm[o] -= 1
    yields = [0] * n
    for p in range(n):
        best = 0
        for k in PAIRS[s.hands[p]]:
            value = trade[p] if k == T else farm[p] if k == A else culture[p] if k == C else 0
            best = max(best, value)
        yields[p] = best
    return yields, threat, ready


def closing(s: UrState, worth: _Worth, seat: int) -> int:
    """How far ``seat`` has brought the end of the game by ziggurats: ``ZIGGURAT_STEPS`` for each of
    its ziggurats, the cubes on its fullest tile that it could build on without losing points, and
    ``END_STEPS`` once no ziggurat is left (§9.2)."""
    owner, zig, face, cubes = s.owner, s.zig, s.face, s.cubes
    built = heap = 0
    for c in range(36):
        if owner[c] != seat:
            continue
        if zig[c]:
            built += 1
        elif cubes[c] > heap and worth.ziggurat(seat, face[c]) >= 0:
            heap = cubes[c]
    return ZIGGURAT_STEPS * built + (END_STEPS if s.zig_left == 0 else heap)


def standings(s: UrState) -> list[float]:
    """Every seat's standing: ``points`` plus ``CUBE_WORTH`` a cube on the grid and, while the game goes
    on, what the position promises — ``THREAT_WORTH`` of the best war it can wage next turn (the tile
    taken, the rival's loss, the attacker given up when it is left empty) and ``ZIGGURAT_WORTH`` of the
    best ziggurat it can build, and ``YIELD_WORTH`` a cube of ``action_yields``. Cubes alone earn no points, so without these terms a one-turn reading
    never spends a turn on an action, and equal claims by different seats tie (issue 40)."""
    n = s.n
    worth = _Worth(s)
    values = [worth.base[p] + CUBE_WORTH * s.on_grid[p] for p in range(n)]
    if s.spares:  # only ziggurats can end this game: whoever is ahead presses for the end
        top = max(values)
        pressing = [closing(s, worth, p) if values[p] == top else 0 for p in range(n)]
        values = [values[p] + CLOSING_WORTH * pressing[p] for p in range(n)]
    if s.phase == PH_OVER:
        return values
    yields, threat, ready = _promises(s, worth)
    for p in range(n):
        values[p] += THREAT_WORTH * threat[p] + ZIGGURAT_WORTH * ready[p] + YIELD_WORTH * yields[p]
    return values


def utility(s: UrState, seat: int) -> float:
    return standings(s)[seat]


def win_chances(s: UrState) -> list[float]:
    """Every seat's chance of winning as the evaluation sees it; exact once the game is over."""
    n = s.n
    if s.phase == PH_OVER:
        keys = [(points(s, p), s.on_grid[p]) for p in range(n)]
        top = max(keys)
        winners = [p for p in range(n) if keys[p] == top]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
    u = standings(s)
    m = max(u)
    e = [math.exp((x - m) / TEMPERATURE) for x in u]
    total = sum(e)
    return [x / total for x in e]


def margin(s: UrState, seat: int) -> float:
    """How far ``seat`` leads the best other seat (negative: trails)."""
    u = standings(s)
    return u[seat] - max(u[p] for p in range(s.n) if p != seat)


_PAIR_OF = {pair: i for i, pair in enumerate(PAIRS)}


def _grid_pair(s: UrState, cell: int) -> int:
    f, b = s.face[cell], s.back[cell]
    return _PAIR_OF[(f, b) if f < b else (b, f)]


def _pair_name(pair: int) -> str:
    return "".join("ATCPW"[k] for k in PAIRS[pair])


def _pair_taken(s: UrState, st: Step) -> int:
    """The tile pair an exchange step puts into the active player's hand."""
    if st.kind == "exchange":
        return _grid_pair(s, st.a)
    if st.s:
        return next(p for p in s.spares if _pair_name(p) == st.s)
    return s.spares[0]


def _best_exchange(s: UrState, steps: Sequence[Step]) -> Step:
    """The exchange whose new hand tile is worth most to the player who exchanges (the first such)."""
    counts = _counts(s, s.active)
    worth: dict[int, int] = {}  # by pair: many cells (and both sides of each) offer the same pair
    best, best_value = steps[0], -1
    last_cell = -1
    for st in steps:
        if st.kind == "exchange":
            if st.a == last_cell:  # the other side of the cell just weighed: the same pair, never better
                continue
            last_cell = st.a
        pair = _pair_taken(s, st)
        value = worth.get(pair)
        if value is None:
            value = worth[pair] = _hand_score(counts, pair)
        if value > best_value:
            best, best_value = st, value
    return best


def _heap_target(s: UrState) -> int:
    """The tile still to be set in politics that a seat pressing for the end (``closing``) heaps its
    cubes on, to build on it: the one whose ziggurat is worth most to it; -1 if it is not pressing.
    (The tiles still to set are lifted meanwhile, ownerless: they are counted as the seat's.)"""
    if not s.spares:
        return -1
    seat = s.decider
    counts = [_counts(s, p) for p in range(s.n)]
    for c in s.queue:
        counts[seat][s.face[c]] += 1
    values = [_hand_score(counts[p], s.hands[p]) + CUBE_WORTH * s.on_grid[p] for p in range(s.n)]
    values[seat] += CUBE_WORTH * s.need
    if values[seat] < max(values):
        return -1
    mine, hand = counts[seat], s.hands[seat]
    base = _hand_score(mine, hand)
    best, best_value = -1, 0
    for c in s.queue:
        kind = s.face[c]
        mine[kind] -= 1
        mine[5] += 1
        value = _hand_score(mine, hand) - base
        mine[kind] += 1
        mine[5] -= 1
        if value >= best_value:
            best, best_value = c, value
    return best


def _politics_step(s: UrState, steps: Sequence[Step]) -> Step:
    """Politics, tile by tile: the cubes spread evenly over the tiles still to set, so that no tile is
    given up, except that a seat pressing for the end fills one tile (``_heap_target``) with all it can
    spare while every other tile keeps a cube."""
    queue = s.queue
    target = _heap_target(s)
    others = len(queue) - (1 if target >= 0 else 0)
    heap = min(5, s.need - others) if target >= 0 else 0
    want = heap if queue[0] == target else -(-(s.need - heap) // others)
    return min(steps, key=lambda st: abs(st.n - want))


def finish_step(s: UrState, steps: Sequence[Step]) -> Step:
    """The step ``finish_turn`` takes among the legal ``steps``."""
    phase = s.phase
    if phase == PH_TURN:
        ends = [st for st in steps if st.kind in ("exchange", "spare")]
        if ends:
            return _best_exchange(s, ends)
        for st in steps:
            if st.kind == "end":
                return st
        return steps[0]
    if phase == PH_POLITICS:
        return _politics_step(s, steps)
    if phase == PH_MOVE:
        half = max(1, (s.cubes[s.war_a] + 1) // 2)
        return min(steps, key=lambda st: abs(st.n - half))
    if steps[-1].kind == "add":
        return steps[-1]  # the full amount
    for st in steps:
        if st.kind == "keep":
            return st
    return steps[0]


def playout_step(s: UrState, steps: Sequence[Step], rng: random.Random) -> Step:
    """A fast imitation of a sensible player for playouts to the end of the game: at the start of a turn
    the ziggurat or the claim of an empty tile that raises the mover's score most (a random one among
    equals), else a second cube on an own tile (cubes break ties, §10.5); then ``finish_step``."""
    if s.phase != PH_TURN or s.started or s.locked:
        return finish_step(s, steps)
    p = s.active
    counts = _counts(s, p)
    hand = s.hands[p]
    base = _hand_score(counts, hand)
    gain = [0] * 5
    for k in range(5):
        counts[k] += 1
        gain[k] = _hand_score(counts, hand) - base
        counts[k] -= 1
    owner, face = s.owner, s.face
    best: list[Step] = []
    best_gain = 0
    spare_cubes: list[Step] = []
    for st in steps:
        kind = st.kind
        if kind == "cube":
            if owner[st.a] < 0:
                value = gain[face[st.a]]
            else:
                if st.n == 2:
                    spare_cubes.append(st)
                continue
        elif kind == "zig":
            for c in (st.a, st.b):
                if c >= 0:
                    counts[face[c]] -= 1
                    counts[5] += 1
            value = _hand_score(counts, hand) - base
            counts = _counts(s, p)
        else:
            continue
        if value > best_gain:
            best, best_gain = [st], value
        elif value == best_gain and best:
            best.append(st)
    if best:
        return best[0] if len(best) == 1 else rng.choice(best)
    if spare_cubes:
        return rng.choice(spare_cubes)
    return finish_step(s, steps)


def finish_turn(s: UrState) -> None:
    """Complete the turn (or setup step) under way with ``finish_step``, in place."""
    line, active = s.line, s.active
    while s.phase != PH_OVER and s.line == line and s.active == active:
        apply_unchecked(s, finish_step(s, legal_actions(s)))


def settled_chances(s: UrState) -> list[float]:
    """``win_chances`` once the turn under way is finished by ``finish_turn`` (a half-made turn, with
    cubes still to allocate or a war still to settle, would be judged unfairly)."""
    if s.phase == PH_OVER:
        return win_chances(s)
    t = s.clone()
    finish_turn(t)
    return win_chances(t)


class UrBotRules:
    """Ur for the shared bots (``tigris_widget.core.protocol.BotRules``): the tree search's rules
    (``bots.mcts.SearchRules``, matched structurally) plus the greedy bot's turn completion and margin."""

    def state_of(self, view: UrView) -> UrState:
        if not isinstance(view, UrView):
            raise TypeError(f"an Ur bot needs an UrView, not {type(view).__name__}")
        return view.state

    def clone(self, state: UrState) -> UrState:
        return state.clone()

    def to_move(self, state: UrState) -> int | None:
        return None if state.phase == PH_OVER else state.decider

    def legal(self, state: UrState) -> Sequence[Step]:
        return legal_actions(state)

    def play(self, state: UrState, action: Step) -> None:
        apply_unchecked(state, action)

    def playout_action(self, state: UrState, rng: random.Random) -> Step:
        steps = legal_actions(state)
        if rng.random() < PLAYOUT_RANDOM:
            return rng.choice(steps)
        return playout_step(state, steps, rng)

    def evaluate(self, state: UrState) -> list[float]:
        return settled_chances(state)

    def turn_of(self, state: UrState) -> tuple[int, int]:
        """Which turn (or setup step) is under way: it changes when the turn is complete."""
        return state.line, state.active

    def finish_action(self, state: UrState) -> Step:
        return finish_step(state, legal_actions(state))

    def margin(self, state: UrState, seat: int) -> float:
        return margin(state, seat)

    def family(self, action: Step) -> str:
        """The kind of move a step starts, for the search's offer (``bots.generic.TurnSearchRules``):
        two cubes on an own tile is a family of its own (a turn spent on the tie-break, §10.5)."""
        return "cube x2" if action.kind == "cube" and action.n == 2 else action.kind

    def restless(self, action: Step) -> bool:
        """A further attack: wars between empty tiles of one kind cost nothing, so a bot that found
        them all equal could shuttle cubes for ever within one turn."""
        return action.kind == "attack"


BOT_RULES = UrBotRules()
