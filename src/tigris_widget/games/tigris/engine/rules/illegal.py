"""Why an action is illegal (rules §6, §16): ``why_illegal`` checks one action rule by rule and names
the rule that forbids it, in a player's words; ``is_legal`` is its yes or no.
"""

from __future__ import annotations

from typing import TypeGuard, cast

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
)
from tigris_widget.games.tigris.engine.core.board import NEIGHBOURS, SQUARES, squares
from tigris_widget.games.tigris.engine.core.regions import kingdoms_touching
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
    D_WAR_ORDER,
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
    Square,
)
from tigris_widget.games.tigris.engine.rules.buildings import placed_colour
from tigris_widget.games.tigris.engine.rules.legal import leader_targets, legal_actions
from tigris_widget.games.tigris.engine.rules.monuments import monument_name
from tigris_widget.games.tigris.engine.rules.narrate import leader_name, plural, sq, tile_name, who
from tigris_widget.games.tigris.engine.rules.treasures import pending_collection


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
        if not leader_targets(s, source if kind == MOVE_LEADER else -1) >> q & 1:
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
