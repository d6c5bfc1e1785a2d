"""What a seat can infer about the hidden hands from the public history (a particle filter).

A plain determinization (``engine.rules.view.determinize``) deals the unseen tiles at random, as if the
other players' play said nothing about their hands. It does: a player who placed a blue tile had one,
a defender who let a revolt go likely lacked the red to hold it, a player who passed over a tile that
would have scored probably had none of that colour. ``HandBelief`` keeps a set of *particles* — full
states consistent with the seat's view — and carries them along the game: every action in the view's
history is played in each particle, and each other player's action reweights the particles by how
likely that player was to choose it with the particle's hand (the opponent model: one-step values
for turn actions, the rule of thumb for commitments). Tiles drawn in between come from each
particle's own bag, so the belief forgets as hands turn over, as it should.

Only the view is read (its history, public board and the seat's own tiles): never the true state.
"""

from __future__ import annotations

import math
import random

from tigris_widget.games.tigris.bots.heuristics import commit_choice, rank_turn_actions
from tigris_widget.games.tigris.engine.core.actions import SWAP_ACTIONS, Action, parse_action
from tigris_widget.games.tigris.engine.core.setup import GameSetup
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import (
    COMMIT,
    COMMIT_PHASES,
    D_ACTION,
    D_OVER,
    HAND_SIZE,
    PLACE_TILE,
)
from tigris_widget.games.tigris.engine.rules.draws import shuffle
from tigris_widget.games.tigris.engine.rules.legal import legal_actions
from tigris_widget.games.tigris.engine.rules.legal_view import hand_allows
from tigris_widget.games.tigris.engine.rules.turn import apply_unchecked
from tigris_widget.games.tigris.engine.rules.view import PlayerView, determinize

PARTICLES = 64
"""Particles followed through the game: each is one guess at every hidden tile."""
TEMPERATURE = 0.002
"""Softmax temperature (in win-probability units) of the opponent model: how sharply another player is
assumed to prefer the actions with the better one-step value (``heuristics.rank_turn_actions``)."""
COMMIT_TRUST = 0.8
"""Probability that another player commits what the rule of thumb (``heuristics.commit_choice``) would
with the particle's hand; the rest is spread over the other legal counts."""
FLOOR = 1e-6
"""Least likelihood of an observed action: a model's miss thins a particle out, only a broken rule kills it."""


class HandBelief:
    """Particles for the tiles ``seat`` cannot see; ``update`` with each new view of the seat, then
    ``sample`` determinizations from the belief.

    Each particle is a full state, but it is weighted separately for each other player (only that
    player's actions speak about their hand): at each update every player's hand is resampled from
    the particles by its own weights, so evidence about one opponent does not thin out what is known
    about another."""

    def __init__(self, seat: int, rng: random.Random, particles: int | None = None) -> None:
        self.seat = seat
        self.rng = rng
        self.size = PARTICLES if particles is None else particles
        self.particles: list[GameState] = []
        self.alive: list[bool] = []
        self.weights: list[list[float]] = []
        """``weights[p][i]``: how well particle ``i`` explains what player ``p`` did since the last update."""
        self.history: tuple[str, ...] = ()
        self.setup: GameSetup | None = None

    # -- following the game ----------------------------------------------------------------------
    def update(self, view: PlayerView) -> None:
        """Bring the particles to ``view`` (the same seat's view later in the same game); anything
        else — another game, a first view, a history that does not extend the last one — starts afresh."""
        if view.seat != self.seat:
            raise ValueError(f"this belief is seat {self.seat}'s, not seat {view.seat}'s")
        n = len(self.history)
        if (
            not self.particles
            or view.setup is not self.setup
            or len(view.history) < n
            or view.history[:n] != self.history
        ):
            self._reset(view)
            return
        for text in view.history[n:]:
            if not any(self.alive):
                break
            self._observe(text)
        self._sync(view)

    def _reset(self, view: PlayerView) -> None:
        self.particles = [determinize(view, self.rng) for _ in range(self.size)]
        self._fresh_weights(view.players)
        self.history = view.history
        self.setup = view.setup

    def _fresh_weights(self, players: int) -> None:
        self.alive = [True] * self.size
        self.weights = [[1.0] * self.size for _ in range(players)]

    def _observe(self, text: str) -> None:
        """Play one action of the history in every live particle, reweighting by its likelihood."""
        live = [i for i, ok in enumerate(self.alive) if ok]
        first = self.particles[live[0]]
        if first.phase == D_OVER:
            return
        actor = first.decider
        swap = text.startswith("swap ") and text[5:].isdigit()
        action = None if swap else parse_action(text)
        values: dict[Action, float] | None = None
        if actor != self.seat and action is not None and first.phase == D_ACTION:
            values = self._turn_values(first)
        weights = self.weights[actor]
        norms: dict[tuple[bool, ...], tuple[float, float]] = {}
        for i in live:
            s = self.particles[i]
            a = self._random_swap(s, int(text[5:])) if action is None else action
            if not hand_allows(s, a) and not self._repair(s, a):
                self.alive[i] = False
                continue
            if actor != self.seat:
                weights[i] *= max(FLOOR, self._likelihood(s, a, values, norms))
            apply_unchecked(s, a)

    def _random_swap(self, s: GameState, size: int) -> Action:
        """Another player's swap shows only its size: discard that many tiles of the particle's hand at random."""
        base = s.decider * 4
        tiles = [c for c in range(4) for _ in range(s.hands[base + c])]
        counts = [0, 0, 0, 0]
        for c in self.rng.sample(tiles, size):
            counts[c] += 1
        return SWAP_ACTIONS[(counts[0], counts[1], counts[2], counts[3])]

    def _repair(self, s: GameState, action: Action) -> bool:
        """The particle's hand lacks what ``action`` shows the decider had (a tile placed, tiles
        committed): exchange other tiles of that hand for the missing ones from the particle's bag, so
        the particle agrees with what was seen. False when the bag cannot supply them."""
        base = s.decider * 4
        if action.kind == PLACE_TILE:
            colour, need = action.colour, 1
        elif action.kind == COMMIT and s.conflict is not None:
            colour, need = s.conflict.colour, int(action.extra)  # type: ignore[arg-type]
        else:
            return False
        hand, bag = s.hands, s.bag
        while hand[base + colour] < need:
            if colour not in bag:
                return False
            others = [c for c in range(4) for _ in range(hand[base + c]) if c != colour]
            if not others:
                return False
            out = self.rng.choice(others)
            j = bag.index(colour)
            bag[j] = out
            hand[base + out] -= 1
            hand[base + colour] += 1
        return True

    @staticmethod
    def _turn_values(s: GameState) -> dict[Action, float]:
        """One-step values of every turn action the decider could take with a tile of every colour (the
        board is the same in every particle; only which tiles are in hand differs)."""
        c = s.clone()
        base = c.decider * 4
        hand = c.hands
        for colour in range(4):
            if not hand[base + colour]:
                hand[base + colour] = 1
        while hand[base] + hand[base + 1] + hand[base + 2] + hand[base + 3] > HAND_SIZE:
            most = max(range(4), key=lambda colour: hand[base + colour])
            hand[base + most] -= 1
        return {a: v for v, a in rank_turn_actions(c, legal_actions(c))}

    @staticmethod
    def _likelihood(
        s: GameState,
        action: Action,
        values: dict[Action, float] | None,
        norms: dict[tuple[bool, ...], tuple[float, float]],
    ) -> float:
        """How likely the decider of ``s`` was to choose ``action`` with the hand ``s`` gives them.
        ``norms`` keeps the softmax's (top, total) by the colours in hand: the particles share the
        values and differ only in which colours they hold, so each of the 16 patterns is summed once."""
        if s.phase in COMMIT_PHASES and action.kind == COMMIT:
            usual = commit_choice(s)
            if action.extra == usual:
                return COMMIT_TRUST
            have = s.hands[s.decider * 4 + s.conflict.colour] if s.conflict is not None else 0
            return (1.0 - COMMIT_TRUST) / max(1, have)
        if values is None or action not in values:
            return 1.0  # swaps and non-turn decisions: not modelled
        base = s.decider * 4
        hand = s.hands
        held = (hand[base] > 0, hand[base + 1] > 0, hand[base + 2] > 0, hand[base + 3] > 0)
        norm = norms.get(held)
        if norm is None:
            allowed = [v for a, v in values.items() if a.kind != PLACE_TILE or held[a.colour]]
            top = max(allowed)
            norm = norms[held] = (top, sum(math.exp((v - top) / TEMPERATURE) for v in allowed))
        top, total = norm
        return math.exp((values[action] - top) / TEMPERATURE) / total

    def _sync(self, view: PlayerView) -> None:
        """Resample: each other player's hidden tiles are drawn from the particles by that player's
        weights and set into a determinization of ``view`` (its public facts and the seat's own tiles)."""
        template = determinize(view, self.rng)
        key = template.board_key()
        for i, s in enumerate(self.particles):
            if self.alive[i] and s.board_key() != key:
                self.alive[i] = False  # cannot happen unless the replay went astray: drop it
        self.history = view.history
        if not any(self.alive):
            self._reset(view)
            return
        others = [p for p in range(view.players) if p != self.seat]
        picks = {p: self._systematic([w if ok else 0.0 for w, ok in zip(self.weights[p], self.alive)]) for p in others}
        self.particles = [
            self._compose(template, {p: self.particles[picks[p][k]] for p in others}, view) for k in range(self.size)
        ]
        self._fresh_weights(view.players)

    def _systematic(self, weights: list[float]) -> list[int]:
        """Indices drawn in proportion to ``weights`` by systematic resampling (equal weights: each once)."""
        n = self.size
        total = sum(weights)
        if total <= 0:
            return list(range(n))
        step = total / n
        u = self.rng.random() * step
        out: list[int] = []
        acc = 0.0
        i = -1
        for k in range(n):
            target = u + k * step
            while acc < target and i < n - 1:
                i += 1
                acc += weights[i]
            out.append(i)
        return out

    def _compose(self, template: GameState, sources: dict[int, GameState], view: PlayerView) -> GameState:
        """``template`` with each other seat's hidden tiles taken from its source where the unseen pool allows."""
        s = template.clone()
        pool = list(view.unseen)
        order = list(sources)
        hidden: list[list[int]] = []
        for p in order:
            for table in (sources[p].hands, sources[p].discards):
                hidden.append(table[p * 4 : p * 4 + 4])
        short = 0
        for counts in hidden:
            for c in range(4):
                take = min(counts[c], pool[c])
                short += counts[c] - take
                counts[c] = take
                pool[c] -= take
        if short:  # the seat's own draws took tiles a particle had given the others: deal replacements
            rest = [c for c in range(4) for _ in range(pool[c])]
            shuffle(self.rng, rest)
            for counts, want in zip(hidden, [k for p in order for k in (view.hand_sizes[p], view.discard_counts[p])]):
                while sum(counts) < want:
                    c = rest.pop()
                    counts[c] += 1
                    pool[c] -= 1
        for j, p in enumerate(order):
            s.hands[p * 4 : p * 4 + 4] = hidden[2 * j]
            s.discards[p * 4 : p * 4 + 4] = hidden[2 * j + 1]
        bag = [c for c in range(4) for _ in range(pool[c])]
        shuffle(self.rng, bag)
        s.bag = bag
        return s

    def expected_hands(self) -> dict[int, tuple[float, float, float, float]]:
        """What the belief expects each other seat to hold, tiles by colour (black, red, blue, green),
        averaged over the particles: how the bot reads the others' play, for a person to look at."""
        others = [p for p in range(len(self.weights)) if p != self.seat]
        n = len(self.particles)
        if not n:
            raise ValueError("the belief has seen no view yet (call update(view) first)")
        out: dict[int, tuple[float, float, float, float]] = {}
        for p in others:
            sums = [0, 0, 0, 0]
            for s in self.particles:
                for c in range(4):
                    sums[c] += s.hands[p * 4 + c]
            out[p] = (sums[0] / n, sums[1] / n, sums[2] / n, sums[3] / n)
        return out

    def copy(self) -> HandBelief:
        """An independent copy (its own particles and random state) that goes on as this one would."""
        other = HandBelief(self.seat, random.Random(), self.size)
        other.rng.setstate(self.rng.getstate())
        other.particles = [s.clone() for s in self.particles]
        other.alive = list(self.alive)
        other.weights = [list(w) for w in self.weights]
        other.history = self.history
        other.setup = self.setup
        return other

    # -- sampling ----------------------------------------------------------------------------------
    def sample(self, view: PlayerView, rng: random.Random) -> GameState:
        """A determinization of ``view`` (the one ``update`` was last given) from the belief: a particle
        at random, its bag reshuffled so that two samples of one particle differ in the draws to come."""
        if not self.particles or view.history != self.history or view.setup is not self.setup:
            raise ValueError("sample from the view the belief was last updated with (call update(view) first)")
        s = self.particles[rng.randrange(self.size)].clone()
        shuffle(rng, s.bag)
        return s
