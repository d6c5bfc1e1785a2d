"""Legal choices for every decision (rules §6, §16), and why an action is illegal.

``legal_actions`` builds the complete sorted list from precomputed action tables and whole-board
masks; ``why_illegal`` checks one action rule by rule and names the rule that forbids it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING, Final, NamedTuple, TypeGuard, cast

from tigris_widget.core.checks import type_name
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
    shown,
    treasure_action,
)
from tigris_widget.games.tigris.engine.core.board import (
    ALL,
    FULL_WORDS,
    NATIVE,
    NEIGHBOURS,
    NO_WORDS,
    SQUARES,
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
    squares,
    words_and,
    words_any,
    words_at_most_one,
    words_or,
    words_without,
)
from tigris_widget.games.tigris.engine.core.regions import kingdom_crowding, kingdoms_touching
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import (
    BLUE,
    BUILD_BUILDING,
    BUILD_MONUMENT,
    BUILD_ZIGGURAT,
    BUILDING_NAMES,
    CHOOSE_WAR,
    COLOUR_NAMES,
    COMMIT,
    COMMIT_PHASES,
    D_ACTION,
    D_BUILDING,
    D_MONUMENT,
    D_OVER,
    D_TREASURE,
    D_WAR_ORDER,
    D_ZIGGURAT_BONUS,
    DECISION_NAMES,
    DECLINE,
    LEADER_NAMES,
    MONUMENTS,
    MOVE_LEADER,
    PASS,
    PLACE_CATASTROPHE,
    PLACE_LEADER,
    PLACE_TILE,
    RED,
    REVOLT_PHASES,
    SWAP,
    TAKE_TREASURES,
    TURN_ACTION_KINDS,
    WITHDRAW_LEADER,
    ZIGGURAT_BONUS,
    Mask,
    Square,
)
from tigris_widget.games.tigris.engine.rules.buildings import building_options, placed_colour
from tigris_widget.games.tigris.engine.rules.conflicts import war_colours
from tigris_widget.games.tigris.engine.rules.monuments import monument_name, monument_options
from tigris_widget.games.tigris.engine.rules.narrate import leader_name, plural, sq, tile_name, who
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


def _leader_targets(s: GameState, lifted: Square = -1) -> Mask:
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
    """``_leader_targets(s, lifted)`` from the kingdoms and their neighbourhoods found once per turn:
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
    out += _SWAPS_BY_HAND.get(_hand(s)) or _swap_actions(s)
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
    out += _SWAPS_BY_HAND.get(_hand(s)) or _swap_actions(s)
    out.append(PASS_ACTION)
    return out


_SWAPS_BY_HAND: Final[dict[tuple[int, int, int, int], tuple[Action, ...]]] = {}
"""The swaps of each hand (tiles per colour), listed once: a hand of six tiles has up to 63 swaps, and
listing them meant a tuple and a dict lookup each, on every ``legal_actions``. At most 210 hands."""


def _hand(s: GameState) -> tuple[int, int, int, int]:
    base = s.active * 4
    hands = s.hands
    return hands[base], hands[base + 1], hands[base + 2], hands[base + 3]


def _swap_actions(s: GameState) -> list[Action]:
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


def is_legal(s: GameState, action: Action) -> bool:
    return why_illegal(s, action) is None


def why_illegal(s: GameState, action: object) -> tuple[str, str] | None:
    """None if ``action`` is legal now, else ``(rule, explanation)`` in a player's words.

    Every field is checked for its type and range before anything indexes with it, so hand-built
    actions (``Action(5, -1, -1, (-1, 0, 0, 0))``) are refused like any other illegal action. The
    rule codes are listed in ``errors.RULE_CODES``."""
    if type(action) is not Action:  # exact: a subclass could print or compare differently
        if Action in type(action).__mro__:  # (the compiled isinstance misses a named tuple's subclasses)
            return "§16 A1", f"an Action subclass ({type_name(action)}) is not accepted: use Action itself or notation"
        return "§16 A1", f"{shown(action)} is not an action"
    if id(action) not in _SHARED:
        malformed = _malformed(action)
        if malformed is not None:
            return malformed
    if s.phase == D_OVER:
        return "§14 G1", "the game is over; no more actions can be played"
    if s.phase != D_ACTION:
        if action in legal_actions(s):
            return None
        return _wrong_decision(s, action)
    if action.kind not in TURN_ACTION_KINDS:
        return "§16 D2", (f"{who(s, s.active)} must choose a turn action (or pass); "
                          f"'{action}' answers another decision")  # fmt: skip
    return _turn_action_problem(s, action)


# The shared actions of ``actions`` (what legal_actions and the notation hand out) are well formed:
# recognised by identity, they skip the field checks (equality would let ``Action(0.0, …)`` in).
_SHARED: frozenset[int] = frozenset(
    id(a)
    for group in (TILE_ACTIONS, PLACE_LEADER_ACTIONS, MOVE_LEADER_ACTIONS, BUILDING_ACTIONS, MONUMENT_ACTIONS)
    for row in group
    for a in row
) | frozenset(
    id(a)
    for row in (ZIGGURAT_ACTIONS, WITHDRAW_ACTIONS, CATASTROPHE_ACTIONS, COMMIT_ACTIONS, WAR_ACTIONS, BONUS_ACTIONS,
                (PASS_ACTION, DECLINE_ACTION), tuple(SWAP_ACTIONS.values()))
    for a in row
)  # fmt: skip


def _is_int(value: object) -> TypeGuard[int]:
    # Exact type: bools, and int subclasses (whose __eq__ or __str__ may be anything), are refused.
    return type(value) is int


# The form of each action kind: colours allowed (None: must be -1), whether it names a square, and
# what its extra field holds ("" must be 0; "counts" a swap's 4 counts; "count" a commitment;
# "squares" treasure squares).
_FORMS: dict[int, tuple[range | None, bool, str]] = {
    PLACE_TILE: (range(4), True, ""),
    PLACE_LEADER: (range(4), True, ""),
    MOVE_LEADER: (range(4), True, ""),
    WITHDRAW_LEADER: (range(4), False, ""),
    PLACE_CATASTROPHE: (None, True, ""),
    SWAP: (None, False, "counts"),
    PASS: (None, False, ""),
    COMMIT: (None, False, "count"),
    CHOOSE_WAR: (range(4), False, ""),
    BUILD_BUILDING: (range(4), True, ""),
    BUILD_MONUMENT: (range(len(MONUMENTS)), True, ""),
    BUILD_ZIGGURAT: (None, True, ""),
    DECLINE: (None, False, ""),
    TAKE_TREASURES: (None, False, "squares"),
    ZIGGURAT_BONUS: (range(4), False, ""),
}


def _malformed(a: Action) -> tuple[str, str] | None:
    """The first field of ``a`` that is of the wrong type or out of range for its kind, or None."""
    # Fields as plain objects: the compiled build would check them against the declared ints on unpacking.
    kind, colour, q, extra = cast("tuple[object, object, object, object]", a)
    if not _is_int(kind) or kind not in _FORMS:
        return "§16 A2", f"action field 'kind' must be an action kind 0–{len(_FORMS) - 1}, not {shown(kind)}"
    colours, has_square, extra_form = _FORMS[kind]
    if colours is None:
        if not (_is_int(colour) and colour == -1):
            return "§16 A3", f"action field 'colour' must be -1 for this kind of action, not {shown(colour)}"
    elif not (_is_int(colour) and colour in colours):
        return (
            "§16 A3",
            f"action field 'colour' must be 0–{len(colours) - 1} for this kind of action, not {shown(colour)}",
        )
    if has_square:
        if not (_is_int(q) and 0 <= q < SQUARES):
            return "§16 A4", f"action field 'square' must be a square 0–{SQUARES - 1}, not {shown(q)}"
    elif not (_is_int(q) and q == -1):
        return "§16 A4", f"action field 'square' must be -1 for this kind of action, not {shown(q)}"
    if extra_form == "":
        ok = _is_int(extra) and extra == 0
        wanted = "0 for this kind of action"
    elif extra_form == "count":
        ok = _is_int(extra) and extra >= 0
        wanted = "a number of tiles, 0 or more"
    elif extra_form == "counts":
        ok = type(extra) is tuple and len(extra) == 4 and all(_is_int(n) and n >= 0 for n in extra)
        wanted = "four tile counts (black, red, blue, green), each 0 or more"
    else:
        ok = (type(extra) is tuple and all(_is_int(q) and 0 <= q < SQUARES for q in extra)
              and list(extra) == sorted(set(extra)))  # fmt: skip
        wanted = "treasure squares in ascending order, each named once"
    if not ok:
        return "§16 A5", f"action field 'extra' must be {wanted}, not {shown(extra)}"
    return None


def _wrong_decision(s: GameState, action: Action) -> tuple[str, str]:
    """Why a well-formed action is not among the choices of a decision other than a turn action."""
    phase = s.phase
    name = who(s, s.decider)
    kinds = {kind for kind, *_ in legal_actions(s)}
    if phase == D_BUILDING:
        kinds.add(BUILD_BUILDING)  # a building action is the right kind even when only declining is left
    if phase == D_MONUMENT:
        kinds |= {BUILD_MONUMENT, BUILD_ZIGGURAT}
    if action.kind not in kinds:
        return "§16 D2", (f"{name} must decide the {DECISION_NAMES[phase].replace('_', ' ')}; "
                          f"'{action}' answers another decision")  # fmt: skip
    if phase in COMMIT_PHASES:
        colour = s.conflict.colour  # type: ignore[union-attr]  # a commitment always has its conflict
        have = s.hands[s.decider * 4 + colour]
        rule = "§8.4 R1" if phase in REVOLT_PHASES else "§9.6 W1"
        return (
            rule,
            f"{name} has only {plural(have, COLOUR_NAMES[colour] + ' tile')} in hand and cannot commit {action.extra}",
        )
    choices = ", ".join(map(str, legal_actions(s)))
    if phase == D_WAR_ORDER:
        return "§9.3 W1", f"there is no war of the {LEADER_NAMES[action.colour]}s to fight; choose one of: {choices}"
    if phase == D_BUILDING:
        colour = placed_colour(s)
        if action.colour != colour:
            return "§17.2 B2", (f"only the {BUILDING_NAMES[colour]} ({COLOUR_NAMES[colour]}) can be built after a "
                                f"{tile_name(colour)}; choose one of: {choices}")  # fmt: skip
        return "§17.2 B1", f"{sq(action.square)} is not on the new line of 3 or more; choose one of: {choices}"
    if phase == D_MONUMENT:
        return _monument_problem(s, action, choices)
    # D_TREASURE (the ziggurat bonus accepts every well-formed colour)
    due = pending_collection(s)
    assert due is not None
    here = s.treasures & due[1]
    taken = 0
    for q in action.extra:  # type: ignore[union-attr]  # checked above: the squares of a treasure choice
        taken |= 1 << q
    if taken & ~here or taken.bit_count() != here.bit_count() - 1:
        return "§11.3 S1", (f"take all but one of the {here.bit_count()} treasures of the kingdom, "
                            f"{', '.join(map(sq, squares(here)))}; choose one of: {choices}")  # fmt: skip
    return "§11.4 S2", f"treasures on special squares must be taken first; choose one of: {choices}"


def _monument_problem(s: GameState, action: Action, choices: str) -> tuple[str, str]:
    colour = placed_colour(s)
    if action.kind == BUILD_ZIGGURAT:
        if not s.setup.ziggurat:
            return "§18.1 Z3", "this game is played without the ziggurat variant"
        if s.tower >= 0:
            return "§18.3 Z2", f"the ziggurat already stands on {sq(s.tower)}; there is only one"
        return "§18.1 Z1", (f"{sq(action.square)} is not the centre of a cross of five {tile_name(colour)}s "
                            f"including the new tile; choose one of: {choices}")  # fmt: skip
    m = action.colour
    if s.monuments[m] >= 0:
        return "§10.3 M3", f"the {monument_name(m)} already stands on {sq(s.monuments[m])}; choose one of: {choices}"
    if colour not in MONUMENTS[m]:
        return "§10.3 M2", (f"the {monument_name(m)} has no {COLOUR_NAMES[colour]}, the colour of the new tile; "
                            f"choose one of: {choices}")  # fmt: skip
    return "§10.2 M1", (f"{sq(action.square)} is not the top-left corner of a 2x2 square of {tile_name(colour)}s "
                        f"including the new tile; choose one of: {choices}")  # fmt: skip


def _contents(s: GameState, q: Square) -> str:
    bit = 1 << q
    for c in range(4):
        if s.tiles[c] & bit:
            return f"a {tile_name(c)}"
    if s.leader_mask & bit:
        return leader_name(s, s.leader_at(q))
    if s.catastrophes & bit:
        return "a catastrophe"
    if s.down & bit:
        return "a monument"
    if s.ziggurat & bit:
        return "the ziggurat"
    return "nothing"


def _turn_action_problem(s: GameState, a: Action) -> tuple[str, str] | None:
    seat = s.active
    name = who(s, seat)
    kind, colour, q = a.kind, a.colour, a.square
    if kind == PLACE_TILE:
        if not s.hands[seat * 4 + colour]:
            return "§6.2 T1", f"{name} has no {tile_name(colour)} in hand"
        if not s.empty >> q & 1:
            return "§6.2 T2", f"{sq(q)} is not empty: it holds {_contents(s, q)}"
        river = s.map.is_river(q)
        if colour == BLUE and not river:
            return "§6.2 T3", f"a {tile_name(BLUE)} goes on a river square; {sq(q)} is land"
        if colour != BLUE and river:
            return "§6.2 T3", f"a {tile_name(colour)} goes on land; {sq(q)} is a river square"
        if kingdoms_touching(s, q) >= 3:
            return "§6.2 T4", f"a tile on {sq(q)} would touch three or more kingdoms"
        return None
    if kind in (PLACE_LEADER, MOVE_LEADER):
        index = seat * 4 + colour
        source = s.leaders[index]
        leader = f"{name}'s {LEADER_NAMES[colour]}"
        if kind == PLACE_LEADER and source >= 0:
            return "§6.1 P1", f"{leader} is already on the board at {sq(source)}; move it instead"
        if kind == MOVE_LEADER and source < 0:
            return "§6.1 M1", f"{leader} is not on the board; place it instead"
        if kind == MOVE_LEADER and source == q:
            return "§6.1 L5", f"{leader} already stands on {sq(q)}"
        if not s.empty >> q & 1:
            return "§6.1 L1", f"{sq(q)} is not empty: it holds {_contents(s, q)}"
        if s.map.is_river(q):
            return "§6.1 L2", f"leaders stand on land; {sq(q)} is a river square"
        if not NEIGHBOURS[q] & s.tiles[RED]:
            return "§6.1 L3", f"a leader must stand next to a face-up temple; {sq(q)} has none adjacent"
        if not _leader_targets(s, source if kind == MOVE_LEADER else -1) >> q & 1:
            return "§6.1 L4", f"a leader on {sq(q)} would join two kingdoms; only a tile can unite kingdoms"
        return None
    if kind == WITHDRAW_LEADER:
        if s.leaders[seat * 4 + colour] < 0:
            return "§6.1 W1", f"{name}'s {LEADER_NAMES[colour]} is not on the board"
        return None
    if kind == PLACE_CATASTROPHE:
        if not s.catastrophes_left[seat]:
            return "§6.3 C1", f"{name} has no catastrophe tile left"
        bit = 1 << q
        # C2 says what a catastrophe may hit (an empty square or a face-up tile); every refusal is one
        # of the forbidden targets that C3 lists, so C3 is the code cited.
        if not (s.empty | s.face_up) & bit:
            return "§6.3 C3", f"a catastrophe cannot go on {sq(q)}: it holds {_contents(s, q)}"
        if s.treasures & bit:
            return "§6.3 C3", f"a catastrophe cannot go on {sq(q)}: the tile carries a treasure"
        if s.building_squares & bit:
            return "§6.3 C3", f"a catastrophe cannot go on {sq(q)}: the tile carries a civilization building"
        return None
    if kind == SWAP:
        assert isinstance(a.extra, tuple)
        if not sum(a.extra):
            return "§6.4 S2", "a swap discards at least 1 tile (to do nothing, pass)"
        for c, n in enumerate(a.extra):
            have = s.hands[seat * 4 + c]
            if n > have:
                return "§6.4 S1", f"{name} has only {plural(have, COLOUR_NAMES[c] + ' tile')} to swap, not {n}"
    return None  # a swap within the hand, or a pass


# -- fast legality for bots and playouts: the same answers as ``is_legal``, without explanations ---
# ``why_illegal`` builds a player's explanation; these only answer yes or no, from the same masks as
# ``turn_masks``, so that bots and playouts check an action without restating the rules. They take
# well-formed actions (from the action tables or ``Action``'s constructors).


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
                return source >= 0 and bool(_leader_targets(s, source) >> q & 1)
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


_BYTE_BITS: Final[tuple[int, ...]] = tuple(bin(b).count("1") for b in range(256))


def randbelow(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``: the same draw from the same stream, as CPython's ``Random._randbelow`` makes
    it (the fewest random bits covering ``n``, drawn again while too big), but without the two Python
    frames of ``randrange`` — the playout policy draws several times per action, and compiled, those
    frames were a large share of a playout. A subclass of ``Random`` goes through its own ``randrange``."""
    if type(rng) is not random.Random:
        return rng.randrange(n)
    if n <= 0:
        raise ValueError("empty range for randrange()")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffle(rng: random.Random, x: list[int]) -> None:
    """``rng.shuffle(x)``: the same order from the same stream (CPython's Fisher–Yates, from the end),
    drawing through ``randbelow``; a deal shuffles the whole bag."""
    if type(rng) is not random.Random:
        rng.shuffle(x)
        return
    for i in range(len(x) - 1, 0, -1):
        j = randbelow(rng, i + 1)
        x[i], x[j] = x[j], x[i]


def nth_square(mask: Mask, n: int) -> Square:
    """``squares(mask)[n]`` (-1 past the end) without building the list: with ``n =
    rng.randrange(mask.bit_count())``, the same draw as ``rng.choice(squares(mask))``, many times cheaper.
    Skips whole bytes by their bit counts (one big-int operation, then small ints) rather than clearing
    the mask's low bits one by one."""
    base = 0
    for byte in mask.to_bytes((mask.bit_length() + 7) // 8, "little"):
        count = _BYTE_BITS[byte]
        if n < count:
            for _ in range(n):
                byte &= byte - 1
            return base + (byte & -byte).bit_length() - 1
        n -= count
        base += 8
    return -1


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
        swaps = _swap_actions(s)
        return swaps[i] if i < len(swaps) else PASS_ACTION
