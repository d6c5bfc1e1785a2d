"""Legality without the explanations or the list, for bots and playouts: ``is_legal_fast`` gives the
same yes or no as ``illegal.is_legal`` from the same masks as ``turn_masks``, ``hand_allows`` the part
that depends on the hand, and ``LegalActions`` checks, counts and draws the legal choices lazily.

They take well-formed actions (from the action tables or ``Action``'s constructors), so that bots and
playouts check an action without restating the rules.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from tigris_widget.games.tigris.engine.core.actions import (
    CATASTROPHE_ACTIONS,
    COMMIT_ACTIONS,
    MOVE_LEADER_ACTIONS,
    PASS_ACTION,
    PLACE_LEADER_ACTIONS,
    TILE_ACTIONS,
    WITHDRAW_ACTIONS,
    Action,
)
from tigris_widget.games.tigris.engine.core.regions import kingdoms_touching
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import (
    COMMIT,
    COMMIT_PHASES,
    D_ACTION,
    D_OVER,
    MOVE_LEADER,
    PASS,
    PLACE_CATASTROPHE,
    PLACE_LEADER,
    PLACE_TILE,
    SWAP,
    WITHDRAW_LEADER,
)
from tigris_widget.games.tigris.engine.rules.draws import nth_square, randbelow
from tigris_widget.games.tigris.engine.rules.legal import (
    TurnMasks,
    leader_targets,
    legal_actions,
    open_for_catastrophe,
    open_for_leader,
    open_for_tile,
    swap_actions,
    turn_masks,
)


def hand_allows(s: GameState, action: Action) -> bool:
    """The part of legality that depends on the decider's hand: a tile of the colour placed, the tiles
    swapped, the tiles committed. The rest depends only on ``s.board_key()``, so an action legal in one
    sample of a player's view is legal in another with the same board key if the hand allows it."""
    kind = action.kind
    base = s.decider * 4
    if kind == PLACE_TILE:
        return s.hands[base + action.colour] > 0
    if kind == SWAP:
        hands = s.hands
        k, r, b, g = action.extra  # type: ignore[misc]  # a swap's extra: tiles per colour
        return k <= hands[base] and r <= hands[base + 1] and b <= hands[base + 2] and g <= hands[base + 3]
    if kind == COMMIT:
        return s.phase in COMMIT_PHASES and s.conflict is not None and action.extra <= s.hands[base + s.conflict.colour]  # type: ignore[operator]
    return True


def is_legal_fast(s: GameState, action: Action, masks: TurnMasks | None = None) -> bool:
    """``is_legal(s, action)`` without building an explanation. With ``masks`` (``turn_masks(s)``),
    a tile, leader or catastrophe costs one bit test: worth it when checking many actions."""
    phase = s.phase
    kind = action.kind
    if phase == D_ACTION:
        colour, q = action.colour, action.square
        seat = s.active
        if masks is None:
            if kind == PLACE_TILE:  # first: what playouts ask most
                return (
                    s.hands[seat * 4 + colour] > 0
                    and bool(open_for_tile(s, colour) >> q & 1)
                    and kingdoms_touching(s, q) < 3
                )
            if kind == PLACE_LEADER:
                return (
                    s.leaders[seat * 4 + colour] < 0
                    and bool(open_for_leader(s) >> q & 1)
                    and kingdoms_touching(s, q) < 2
                )
            if kind == MOVE_LEADER:
                source = s.leaders[seat * 4 + colour]
                return source >= 0 and bool(leader_targets(s, source) >> q & 1)
            if kind == PLACE_CATASTROPHE:
                return bool(s.catastrophes_left[seat] and open_for_catastrophe(s) >> q & 1)
        else:
            if kind == PLACE_TILE:
                return bool(masks.tiles[colour] >> q & 1)
            if kind == PLACE_LEADER:
                return bool(masks.place_leader[colour] >> q & 1)
            if kind == MOVE_LEADER:
                return bool(masks.move_leader[colour] >> q & 1)
            if kind == PLACE_CATASTROPHE:
                return bool(masks.catastrophe >> q & 1)
        if kind == WITHDRAW_LEADER:
            return s.leaders[seat * 4 + colour] >= 0
        if kind == SWAP:
            return hand_allows(s, action)
        return kind == PASS
    if phase in COMMIT_PHASES:
        return kind == COMMIT and hand_allows(s, action)
    if phase == D_OVER:
        return False
    return action in legal_actions(s)


class LegalActions:
    """The legal choices of ``s`` as a lazy view, in the manner of python-chess's legal-move generator:
    ``action in legal`` checks one action, ``legal.count()`` counts them and ``legal.sample(rng)``
    draws one, none of them building the list; iterating gives ``legal_actions(s)`` in its order.
    The view reads ``s`` when asked, so ``s`` must not change while the view is in use.

        >>> from tigris_widget import Game
        >>> state = Game.new(players=2, seed=1).state
        >>> legal = LegalActions(state)
        >>> Action.parse("pass") in legal, legal.count() == len(legal_actions(state))
        (True, True)
    """

    __slots__ = ("_masks", "state")

    def __init__(self, s: GameState, masks: TurnMasks | None = None) -> None:
        self.state = s
        self._masks = masks

    @property
    def masks(self) -> TurnMasks:
        """``turn_masks`` of the state (computed once, on first use; for turn actions only)."""
        if self._masks is None:
            self._masks = turn_masks(self.state)
        return self._masks

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action) and is_legal_fast(self.state, action, self._masks)

    def __iter__(self) -> Iterator[Action]:
        return iter(legal_actions(self.state))

    def __len__(self) -> int:
        return self.count()

    def count(self) -> int:
        """How many legal choices there are (0 once the game is over)."""
        s = self.state
        if s.phase != D_ACTION:
            if s.phase in COMMIT_PHASES:
                assert s.conflict is not None
                return s.hands[s.decider * 4 + s.conflict.colour] + 1
            return len(legal_actions(s))
        m = self.masks
        n = sum(mask.bit_count() for mask in (*m.tiles, *m.place_leader, *m.move_leader, m.catastrophe))
        base = s.active * 4
        k, r, b, g = s.hands[base : base + 4]
        return n + len(m.on_board) + (k + 1) * (r + 1) * (b + 1) * (g + 1) - 1 + 1  # swaps, pass

    def sample(self, rng: random.Random) -> Action:
        """One legal choice drawn uniformly: the same draw as ``rng.choice(legal_actions(s))``, from the
        same random stream, without building the list. ``ValueError`` once the game is over."""
        s = self.state
        if s.phase != D_ACTION:
            if s.phase in COMMIT_PHASES:
                return COMMIT_ACTIONS[randbelow(rng, self.count())]
            choices = legal_actions(s)
            if not choices:
                raise ValueError("the game is over: there is no legal action to sample")
            return rng.choice(choices)
        i = randbelow(rng, self.count())
        m = self.masks
        for table, targets in ((TILE_ACTIONS, m.tiles), (PLACE_LEADER_ACTIONS, m.place_leader)):
            for c in range(4):
                k = targets[c].bit_count()
                if i < k:
                    return table[c][nth_square(targets[c], i)]
                i -= k
        for c in m.on_board:
            k = m.move_leader[c].bit_count()
            if i < k:
                return MOVE_LEADER_ACTIONS[c][nth_square(m.move_leader[c], i)]
            i -= k
        if i < len(m.on_board):
            return WITHDRAW_ACTIONS[m.on_board[i]]
        i -= len(m.on_board)
        k = m.catastrophe.bit_count()
        if i < k:
            return CATASTROPHE_ACTIONS[nth_square(m.catastrophe, i)]
        i -= k
        swaps = swap_actions(s)
        return swaps[i] if i < len(swaps) else PASS_ACTION
