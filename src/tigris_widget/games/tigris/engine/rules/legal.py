"""Legal choices for every decision (rules §5–§6 and the decisions they raise): ``legal_actions``
builds the complete sorted list from precomputed action tables and whole-board masks (``turn_masks``),
and the squares open to each piece (``open_for_*``) that the fast checks and the playouts read.

Why an action is illegal is ``illegal``'s job; yes/no legality and the lazy view of the choices are
``legal_view``'s; the random draws the engine makes are ``draws``'.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from tigris_widget.games.tigris.engine.core.actions import (
    BONUS_ACTIONS,
    BUILDING_ACTIONS,
    CATASTROPHE_ACTIONS,
    COMMIT_ACTIONS,
    DECLINE_ACTION,
    MONUMENT_ACTIONS,
    MOVE_LEADER_ACTIONS,
    PASS_ACTION,
    PLACE_LEADER_ACTIONS,
    SWAP_ACTIONS,
    TILE_ACTIONS,
    WAR_ACTIONS,
    WITHDRAW_ACTIONS,
    ZIGGURAT_ACTIONS,
    Action,
    treasure_action,
)
from tigris_widget.games.tigris.engine.core.board import (
    ALL,
    FULL_WORDS,
    NATIVE,
    NEIGHBOURS,
    NO_WORDS,
    components,
    dilate,
    dilate_words,
    flood_words,
    gather,
    gather_words,
    join_words,
    lowest_words,
    split_words,
    square_words,
    words_and,
    words_any,
    words_at_most_one,
    words_or,
    words_without,
)
from tigris_widget.games.tigris.engine.core.regions import kingdom_crowding
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import (
    BLUE,
    COMMIT_PHASES,
    D_ACTION,
    D_BUILDING,
    D_MONUMENT,
    D_TREASURE,
    D_WAR_ORDER,
    D_ZIGGURAT_BONUS,
    RED,
    Mask,
    Square,
)
from tigris_widget.games.tigris.engine.rules.buildings import building_options
from tigris_widget.games.tigris.engine.rules.conflicts import war_colours
from tigris_widget.games.tigris.engine.rules.monuments import monument_options
from tigris_widget.games.tigris.engine.rules.treasures import pending_collection, treasure_choices

if TYPE_CHECKING:
    from tigris_widget.games.tigris.engine.core.board import Words


def legal_actions(s: GameState) -> list[Action]:
    """Every legal choice for the pending decision, sorted; empty once the game is over."""
    phase = s.phase
    if phase == D_ACTION:
        return turn_actions(s)
    if phase in COMMIT_PHASES:
        colour = s.conflict.colour  # type: ignore[union-attr]  # a commitment always has its conflict
        return list(COMMIT_ACTIONS[: s.hands[s.decider * 4 + colour] + 1])
    if phase == D_WAR_ORDER:
        return [WAR_ACTIONS[c] for c in war_colours(s)]
    if phase == D_BUILDING:
        colour, targets = building_options(s)
        return [BUILDING_ACTIONS[colour][q] for q in targets] + [DECLINE_ACTION]
    if phase == D_MONUMENT:
        blocks, centres = monument_options(s)
        return [MONUMENT_ACTIONS[m][q] for m, q in blocks] + [ZIGGURAT_ACTIONS[q] for q in centres] + [DECLINE_ACTION]
    if phase == D_TREASURE:
        due = pending_collection(s)
        assert due is not None
        return [treasure_action(t) for t in treasure_choices(s, due[1])]
    if phase == D_ZIGGURAT_BONUS:
        return list(BONUS_ACTIONS)
    return []


def leader_targets(s: GameState, lifted: Square = -1) -> Mask:
    """§6.1 L1–L4: squares a leader may go to; ``lifted`` is the square of a leader being moved."""
    leaders = s.leader_mask
    regions = s.regions
    if lifted >= 0:
        bit = 1 << lifted
        leaders &= ~bit
        regions = [part for r in regions for part in (components(r & ~bit) if r & bit else (r,))]
    twos, _ = kingdom_crowding(s, [r for r in regions if r & leaders])
    targets = open_for_leader(s) & ~twos
    return targets & ~(1 << lifted) if lifted >= 0 else targets


class TurnMasks(NamedTuple):
    """The active player's legal turn actions as masks of target squares (§5–§6), for callers that
    want some kinds of action without building the whole list (the search's samples)."""

    tiles: tuple[Mask, Mask, Mask, Mask]
    """Squares each colour of tile may go to (0 for a colour not in hand)."""
    place_leader: tuple[Mask, Mask, Mask, Mask]
    """Squares each leader off the board may be placed on (0 for a leader on the board)."""
    move_leader: tuple[Mask, Mask, Mask, Mask]
    """Squares each leader on the board may move to (0 for a leader off the board)."""
    on_board: tuple[int, ...]
    """Colours of the leaders on the board (each may be withdrawn)."""
    catastrophe: Mask
    """Squares a catastrophe may go on (0 when none is left)."""
    twos: Mask
    """Squares next to two or more kingdoms: a tile there starts a war."""


def _crowding(near: list[Mask]) -> tuple[Mask, Mask]:
    """Squares in at least two and at least three of the neighbourhoods ``near`` (``kingdom_crowding``
    from the kingdoms' ``dilate`` masks)."""
    ones = twos = threes = 0
    for n in near:
        threes |= twos & n
        twos |= ones & n
        ones |= n
    return twos, threes


def _moved_leader_targets(s: GameState, lifted: Square, kingdoms: list[Mask], near: list[Mask], open_: Mask) -> Mask:
    """``leader_targets(s, lifted)`` from the kingdoms and their neighbourhoods found once per turn:
    lifting a leader changes only its own kingdom (split into the parts that still hold a leader)."""
    bit = 1 << lifted
    leaders = s.leader_mask & ~bit
    after: list[Mask] = []
    for k, n in zip(kingdoms, near):
        if k & bit:
            rest = k & ~bit
            nb = NEIGHBOURS[lifted] & rest
            # a leader with at most one neighbour in its kingdom cannot split it: no flood needed
            for part in (rest,) if not nb & (nb - 1) else components(rest):
                if part & leaders:
                    after.append(dilate(part))
        else:
            after.append(n)
    twos, _ = _crowding(after)
    return open_ & ~twos & ~bit


def turn_masks(s: GameState) -> TurnMasks:
    if NATIVE:
        return _turn_masks_words(s)
    seat = s.active
    base = seat * 4
    hands = s.hands
    leaders = s.leaders
    lm = s.leader_mask
    kingdoms = [r for r in s.regions if r & lm]
    near = [dilate(k) for k in kingdoms]  # once for the tiles, the placements and every leader's move
    twos, threes = _crowding(near)
    empty = empty_squares(s, s.occupied)  # once: open_for_tile and open_for_leader, inline
    river, land_open, open_ = _open_squares(empty, s.map.river, threes, dilate(s.tiles[RED]))
    tiles = tuple((river if c == BLUE else land_open) if hands[base + c] else 0 for c in range(4))
    placeable = open_ & ~twos
    place = tuple(placeable if leaders[base + c] < 0 else 0 for c in range(4))
    on_board = tuple(c for c in range(4) if leaders[base + c] >= 0)
    move = tuple(
        _moved_leader_targets(s, leaders[base + c], kingdoms, near, open_) if c in on_board else 0 for c in range(4)
    )
    catastrophe = _catastrophe_targets(s, empty) if s.catastrophes_left[seat] else 0
    return TurnMasks(tiles, place, move, on_board, catastrophe, twos)  # type: ignore[arg-type]


def turn_actions(s: GameState) -> list[Action]:
    """§5–§6: the active player's legal turn actions, including passing."""
    if NATIVE:
        return _turn_actions_words(s)
    masks = turn_masks(s)
    out: list[Action] = []
    for c in range(4):
        gather(TILE_ACTIONS[c], masks.tiles[c], out)
    for c in range(4):
        gather(PLACE_LEADER_ACTIONS[c], masks.place_leader[c], out)
    for c in masks.on_board:
        gather(MOVE_LEADER_ACTIONS[c], masks.move_leader[c], out)
    out += [WITHDRAW_ACTIONS[c] for c in masks.on_board]
    gather(CATASTROPHE_ACTIONS, masks.catastrophe, out)
    out += _SWAPS_BY_HAND.get(_hand(s)) or swap_actions(s)
    out.append(PASS_ACTION)
    return out


# -- the same turn masks on words, for the compiled build -----------------------------------------
# Compiled, every operation on a 176-bit mask is a CPython big-int operation that allocates (~35 ns,
# the same as in pure Python), and ``turn_masks`` made about two hundred of them. Here each mask read
# is split into four 48-bit words once (``board.split_words``) and the work is C operations on words;
# ``turn_actions`` lists the actions straight from the words. In pure Python four small ints cost more
# than one big one, so the pure build keeps the masks above. The results are the same
# (``tests/test_compiled.py`` compares both ways); rules §6.1–§6.3 as in ``turn_masks``.


class _KingdomWords:
    """A kingdom and its neighbourhood as words (compiled: a native object, the words stored unboxed)."""

    def __init__(self, kingdom: Mask) -> None:
        self.words = split_words(kingdom)
        self.near = dilate_words(self.words)


_KINGDOM_WORDS: Final[dict[Mask, _KingdomWords]] = {}
"""The words of each kingdom, by its mask: most kingdoms are the same from one turn to the next, and a
lookup costs less than the split and the dilate."""
_KINGDOM_WORDS_LIMIT: Final = 8192


def _kingdom_words(k: Mask) -> _KingdomWords:
    entry = _KINGDOM_WORDS.get(k)
    if entry is None:
        if len(_KINGDOM_WORDS) >= _KINGDOM_WORDS_LIMIT:
            _KINGDOM_WORDS.clear()
        entry = _KINGDOM_WORDS[k] = _KingdomWords(k)
    return entry


def _turn_words(s: GameState) -> tuple[Words, Words, Words, Words, Words, Words, Words, Words, Words]:
    """``turn_masks``' targets as words: river tiles, land tiles, leader placements, the moves of the
    active player's four leaders (no squares for a leader off the board), ``twos`` and catastrophes."""
    seat = s.active
    base = seat * 4
    leaders = s.leaders
    lm = s.leader_mask
    kingdoms = [_kingdom_words(r) for r in s.regions if r & lm]
    ones = twos = threes = NO_WORDS
    for e in kingdoms:
        n = e.near
        threes = words_or(threes, words_and(twos, n))
        twos = words_or(twos, words_and(ones, n))
        ones = words_or(ones, n)
    e0, e1, e2, e3 = words_without(FULL_WORDS, split_words(s.occupied | s.catastrophes))
    r0, r1, r2, r3 = split_words(s.map.river)
    h0, h1, h2, h3 = threes
    t0, t1, t2, t3 = dilate_words(split_words(s.tiles[RED]))
    f0, l0, o0 = _open_squares(e0, r0, h0, t0)
    f1, l1, o1 = _open_squares(e1, r1, h1, t1)
    f2, l2, o2 = _open_squares(e2, r2, h2, t2)
    f3, l3, o3 = _open_squares(e3, r3, h3, t3)
    open_: Words = (o0, o1, o2, o3)
    placeable = words_without(open_, twos)
    lmw = split_words(lm)
    m0 = m1 = m2 = m3 = NO_WORDS
    if leaders[base] >= 0:
        m0 = _moved_words(leaders[base], kingdoms, lmw, ones, twos, threes, open_)
    if leaders[base + 1] >= 0:
        m1 = _moved_words(leaders[base + 1], kingdoms, lmw, ones, twos, threes, open_)
    if leaders[base + 2] >= 0:
        m2 = _moved_words(leaders[base + 2], kingdoms, lmw, ones, twos, threes, open_)
    if leaders[base + 3] >= 0:
        m3 = _moved_words(leaders[base + 3], kingdoms, lmw, ones, twos, threes, open_)
    cat = NO_WORDS
    if s.catastrophes_left[seat]:
        u0, u1, u2, u3 = split_words(s.face_up)
        b0, b1, b2, b3 = split_words(s.treasures | s.building_squares)
        cat = (
            _catastrophe_squares(e0, u0, b0),
            _catastrophe_squares(e1, u1, b1),
            _catastrophe_squares(e2, u2, b2),
            _catastrophe_squares(e3, u3, b3),
        )
    return (f0, f1, f2, f3), (l0, l1, l2, l3), placeable, m0, m1, m2, m3, twos, cat


def _moved_words(q: Square, kingdoms: list[_KingdomWords], lmw: Words, ones: Words, twos: Words, threes: Words,
                 open_: Words) -> Words:  # fmt: skip
    """``_moved_leader_targets`` on words. The crowding of the other kingdoms comes from the counts of
    all of them: a square in the lifted kingdom's neighbourhood is next to two others iff it is next to
    three kingdoms in all, any other square iff it is next to two."""
    bw = square_words(q)
    kw = nk = NO_WORDS
    for e in kingdoms:
        if words_any(words_and(e.words, bw)):
            kw, nk = e.words, e.near
            break
    ones_x = words_or(words_and(twos, nk), words_without(ones, nk))
    twos_x = words_or(words_and(threes, nk), words_without(twos, nk))
    rest = words_without(kw, bw)
    leaders = words_without(lmw, bw)
    # a leader with at most one neighbour in its kingdom cannot split it: no flood needed
    if words_at_most_one(words_and(dilate_words(bw), rest)):
        if words_any(words_and(rest, leaders)):
            dp = dilate_words(rest)
            twos_x = words_or(twos_x, words_and(ones_x, dp))
    else:
        left = rest
        while words_any(left):  # its parts, one flood each (``components`` on words, nothing boxed)
            part = flood_words(lowest_words(left), left)
            left = words_without(left, part)
            if words_any(words_and(part, leaders)):
                dp = dilate_words(part)
                twos_x = words_or(twos_x, words_and(ones_x, dp))
                ones_x = words_or(ones_x, dp)
    return words_without(words_without(open_, twos_x), bw)


def _turn_masks_words(s: GameState) -> TurnMasks:
    """``turn_masks`` from ``_turn_words``."""
    w = _turn_words(s)
    seat = s.active
    hands, leaders, base = s.hands, s.leaders, seat * 4
    river, land, placeable, twos = join_words(w[0]), join_words(w[1]), join_words(w[2]), join_words(w[7])
    tiles = tuple((river if c == BLUE else land) if hands[base + c] else 0 for c in range(4))
    place = tuple(placeable if leaders[base + c] < 0 else 0 for c in range(4))
    on_board = tuple(c for c in range(4) if leaders[base + c] >= 0)
    move = (join_words(w[3]), join_words(w[4]), join_words(w[5]), join_words(w[6]))
    return TurnMasks(tiles, place, move, on_board, join_words(w[8]), twos)  # type: ignore[arg-type]


def _turn_actions_words(s: GameState) -> list[Action]:
    """``turn_actions`` from ``_turn_words``, in the same order."""
    w = _turn_words(s)
    seat = s.active
    hands, leaders, base = s.hands, s.leaders, seat * 4
    out: list[Action] = []
    for c in range(4):
        if hands[base + c]:
            gather_words(TILE_ACTIONS[c], w[0] if c == BLUE else w[1], out)
    for c in range(4):
        if leaders[base + c] < 0:
            gather_words(PLACE_LEADER_ACTIONS[c], w[2], out)
    on_board = [c for c in range(4) if leaders[base + c] >= 0]
    for c in on_board:  # constant indices: compiled, a variable one would box the whole tuple
        gather_words(MOVE_LEADER_ACTIONS[c], w[3] if c == 0 else w[4] if c == 1 else w[5] if c == 2 else w[6], out)
    out += [WITHDRAW_ACTIONS[c] for c in on_board]
    gather_words(CATASTROPHE_ACTIONS, w[8], out)
    out += _SWAPS_BY_HAND.get(_hand(s)) or swap_actions(s)
    out.append(PASS_ACTION)
    return out


_SWAPS_BY_HAND: Final[dict[tuple[int, int, int, int], tuple[Action, ...]]] = {}
"""The swaps of each hand (tiles per colour), listed once: a hand of six tiles has up to 63 swaps, and
listing them meant a tuple and a dict lookup each, on every ``legal_actions``. At most 210 hands."""


def _hand(s: GameState) -> tuple[int, int, int, int]:
    base = s.active * 4
    hands = s.hands
    return hands[base], hands[base + 1], hands[base + 2], hands[base + 3]


def swap_actions(s: GameState) -> list[Action]:
    """§6.4: every swap the active player's hand allows, in sorted order."""
    hand = _hand(s)
    swaps = _SWAPS_BY_HAND.get(hand)
    if swaps is None:
        k, r, b, g = hand
        swaps = _SWAPS_BY_HAND[hand] = tuple(
            SWAP_ACTIONS[(i, j, m, n)]
            for i in range(k + 1)
            for j in range(r + 1)
            for m in range(b + 1)
            for n in range(g + 1)
            if i + j + m + n
        )
    return list(swaps)


# -- the squares open to each piece: §6.1–§6.3 less the kingdom rules (T4, L4) ----------------------
# The fast checks (``legal_view.is_legal_fast``) and the playouts draw a target among these, then
# check only the rule left; ``turn_masks`` applies the same formulas to the whole board.


def open_for_tile(s: GameState, colour: int, occupied: Mask | None = None) -> Mask:
    """§6.2 T2–T3: the empty squares of the right terrain for a tile of ``colour`` (river for farms,
    land for the rest). T4 (no tile touching three kingdoms) is left to ``turn_masks`` or ``is_legal_fast``.
    ``occupied``: ``s.occupied``, when the caller has it already."""
    return empty_squares(s, s.occupied if occupied is None else occupied) & (
        s.map.river if colour == BLUE else s.map.land
    )


def empty_squares(s: GameState, occupied: Mask) -> Mask:
    """``s.empty`` from ``s.occupied`` (for callers that need both)."""
    return ALL & ~(occupied | s.catastrophes)


def open_for_leader(s: GameState, occupied: Mask | None = None) -> Mask:
    """§6.1 L1–L3: the empty land squares next to a face-up temple. L4 (a leader must not join two
    kingdoms) is left to ``turn_masks`` or ``is_legal_fast``. ``occupied`` as for ``open_for_tile``."""
    empty = empty_squares(s, s.occupied if occupied is None else occupied)
    return empty & s.map.land & dilate(s.tiles[RED])


def open_for_catastrophe(s: GameState) -> Mask:
    """§6.3 C3: the squares a catastrophe may go on (empty, or a face-up tile without a treasure or a
    building), whether or not the player has one left (C1)."""
    return _catastrophe_targets(s, s.empty)


def _catastrophe_targets(s: GameState, empty: Mask) -> Mask:
    return _catastrophe_squares(empty, s.face_up, s.treasures | s.building_squares)


# The rules of the turn masks as bitwise formulas, square by square: the pure build applies them to
# whole masks, the compiled build to each word (``_turn_words``).


def _open_squares(empty: int, river: int, threes: int, temple_near: int) -> tuple[int, int, int]:
    """§6.2 T2–T4: the squares open to a farm and to the other tiles; §6.1 L1–L3: to a leader."""
    land = empty & ~river
    return empty & river & ~threes, land & ~threes, land & temple_near


def _catastrophe_squares(empty: int, face_up: int, blocked: int) -> int:
    """§6.3 C3: empty squares and face-up tiles without a treasure or building (``blocked``)."""
    return (empty | face_up) & ~blocked
