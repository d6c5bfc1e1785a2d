"""The ``pending:`` line of position text: the decision being waited for, in the game's words.

Version 2 (written by ``format_position``)::

    pending: <decision> by <dynasty>; <clause>; <clause>…

The decision is one of ``action revolt_attack revolt_defend war_order war_attack war_defend
building monument treasure ziggurat_bonus over`` (``over`` has no ``by``). The clauses, each
written only when it applies:

* ``attacker Ak (5,3) base 3`` and ``defender Lk (7,3) base 2``: the two leaders of a revolt or
  war (board tokens and squares) and their support already on the board: adjacent temples in a
  revolt (§8.3), tiles of the war's colour on their side in a war (§9.5).
  ``committed 2`` after the attacker's base: the attacker has committed 2 tiles (§8.4, §9.6).
* ``unification (6,4)``: the square of the unification marker while wars are fought (§9.2).
* ``placed (6,4)``: the tile placed by the current action (for buildings and monuments).
* ``step refill``: where the end of the action or turn resumes, written only when it is not the
  decision's usual one (so only for ``over``): ``idle wars buildings monument treasures
  action_done end_bonus refill``.
* ``bag ran out``: the bag could not supply a draw; the game ends after this turn (§14.2).

One example of each kind::

    pending: revolt_attack by archer; attacker Ar (5,3) base 1; defender Lr (7,3) base 2
    pending: revolt_defend by lion; attacker Ar (5,3) base 1 committed 2; defender Lr (7,3) base 2
    pending: war_order by archer; unification (6,4); placed (6,4)
    pending: war_attack by archer; attacker Ag (5,4) base 3; defender Lg (8,4) base 2; unification (6,4); placed (6,4)
    pending: war_defend by lion; attacker Ag (5,4) base 3 committed 1; defender Lg (8,4) base 2; unification (6,4); placed (6,4)
    pending: building by archer; placed (7,2)
    pending: monument by archer; placed (7,2)
    pending: treasure by lion; placed (7,2)
    pending: ziggurat_bonus by archer
    pending: over; step refill; bag ran out

Version 1 files wrote the engine's integers instead
(``pending: phase=2 decider=0 step=0 conflict=0,1,1,0,5,1,1,2,0 placed=-1 marker=-1 bag_ran_out=0
over=0``); they are still read. Either way the result is checked against the board by
``check_pending``: a decision that the engine could not have reached is refused.
"""

from __future__ import annotations

import re

from tigris_widget.games.tigris.engine.core.board import NEIGHBOURS, format_square, parse_square
from tigris_widget.games.tigris.engine.core.errors import PositionError
from tigris_widget.games.tigris.engine.core.regions import region_of
from tigris_widget.games.tigris.engine.core.state import (
    STEP_ACTION_DONE,
    STEP_BUILDINGS,
    STEP_END_BONUS,
    STEP_IDLE,
    STEP_MONUMENT,
    STEP_REFILL,
    STEP_TREASURES,
    STEP_WARS,
    Conflict,
    GameState,
)
from tigris_widget.games.tigris.engine.core.types import (
    COLOUR_CODES,
    COLOUR_NAMES,
    COMMIT_PHASES,
    D_ACTION,
    D_BUILDING,
    D_MONUMENT,
    D_OVER,
    D_REVOLT_ATTACK,
    D_REVOLT_DEFEND,
    D_TREASURE,
    D_WAR_ATTACK,
    D_WAR_DEFEND,
    D_WAR_ORDER,
    D_ZIGGURAT_BONUS,
    DECISION_NAMES,
    DYNASTIES,
    DYNASTY_CODES,
    HAND_SIZE,
    LEADER_NAMES,
    RED,
    REVOLT_PHASES,
)
from tigris_widget.games.tigris.engine.rules.buildings import building_options
from tigris_widget.games.tigris.engine.rules.conflicts import REVOLT, WAR, start_war, war_colours
from tigris_widget.games.tigris.engine.rules.monuments import monument_options, ziggurat_bonus_due
from tigris_widget.games.tigris.engine.rules.treasures import pending_collection

STEP_NAMES = {
    STEP_IDLE: "idle",
    STEP_WARS: "wars",
    STEP_BUILDINGS: "buildings",
    STEP_MONUMENT: "monument",
    STEP_TREASURES: "treasures",
    STEP_ACTION_DONE: "action_done",
    STEP_END_BONUS: "end_bonus",
    STEP_REFILL: "refill",
}
_STEPS = {name: step for step, name in STEP_NAMES.items()}

# The step the engine is at when it asks each decision (see ``turn.resolve``); ``over`` may be any.
USUAL_STEP = {
    D_ACTION: STEP_IDLE,
    D_REVOLT_ATTACK: STEP_IDLE,
    D_REVOLT_DEFEND: STEP_IDLE,
    D_WAR_ORDER: STEP_WARS,
    D_WAR_ATTACK: STEP_WARS,
    D_WAR_DEFEND: STEP_WARS,
    D_BUILDING: STEP_MONUMENT,
    D_MONUMENT: STEP_TREASURES,
    D_TREASURE: STEP_TREASURES,
    D_ZIGGURAT_BONUS: STEP_REFILL,
}
WAR_PHASES = (D_WAR_ORDER, D_WAR_ATTACK, D_WAR_DEFEND)
_DEFEND_PHASES = (D_REVOLT_DEFEND, D_WAR_DEFEND)


def make_conflict(
    kind: int, colour: int, attacker: int, defender: int, attacker_leader: int, defender_leader: int,
    attacker_base: int, defender_base: int, attacker_commit: int,
) -> Conflict:  # fmt: skip
    """The engine's conflict record, built in one place."""
    return Conflict(kind, colour, attacker, defender, attacker_leader, defender_leader, attacker_base, defender_base,
                    attacker_commit)  # fmt: skip


def leader_token(s: GameState, index: int) -> str:
    """The board token of leader ``seat * 4 + colour``, e.g. ``Ak`` for the archer's king."""
    return DYNASTY_CODES[DYNASTIES.index(s.setup.dynasties[index // 4])] + COLOUR_CODES[index % 4]


def needs_pending(s: GameState) -> bool:
    """Whether the state differs from a plain wait for a turn action (so a ``pending:`` line is due)."""
    return s.over or s.bag_ran_out or s.phase != D_ACTION or s.step != STEP_IDLE or s.placed >= 0 or s.marker >= 0


def format_pending(s: GameState) -> str:
    """The version-2 ``pending:`` value of a state."""
    names = s.setup.dynasties
    parts = [DECISION_NAMES[s.phase] if s.phase == D_OVER else f"{DECISION_NAMES[s.phase]} by {names[s.decider]}"]
    if s.conflict:
        _, _, _, _, a_leader, d_leader, a_base, d_base, a_commit = s.conflict
        committed = f" committed {a_commit}" if a_commit >= 0 else ""
        parts.append(
            f"attacker {leader_token(s, a_leader)} {format_square(s.leaders[a_leader])} base {a_base}{committed}"
        )
        parts.append(f"defender {leader_token(s, d_leader)} {format_square(s.leaders[d_leader])} base {d_base}")
    if s.marker >= 0:
        parts.append(f"unification {format_square(s.marker)}")
    if s.placed >= 0:
        parts.append(f"placed {format_square(s.placed)}")
    if s.step != USUAL_STEP.get(s.phase, -1):
        parts.append(f"step {STEP_NAMES[s.step]}")
    if s.bag_ran_out:
        parts.append("bag ran out")
    return "; ".join(parts)


_SQUARE = r"(\([^()]*\))"
_CLAUSES = {
    "attacker": re.compile(rf"attacker (\S+) {_SQUARE} base ([0-9]{{1,2}})(?: committed ([0-9]{{1,2}}))?"),
    "defender": re.compile(rf"defender (\S+) {_SQUARE} base ([0-9]{{1,2}})"),
    "unification": re.compile(rf"unification {_SQUARE}"),
    "placed": re.compile(rf"placed {_SQUARE}"),
    "step": re.compile(r"step (\S+)"),
    "bag": re.compile(r"bag ran out"),
}
_HOW = {
    "attacker": "attacker Ak (5,3) base 3 [committed 2]",
    "defender": "defender Lk (7,3) base 2",
    "unification": "unification (6,4)",
    "placed": "placed (6,4)",
    "step": f"step {'|'.join(_STEPS)}",
    "bag": "bag ran out",
}


def read_pending(s: GameState, text: str) -> None:
    """Set the decision fields of ``s`` from a version-2 ``pending:`` value (checked afterwards
    by ``check_pending``); ``PositionError`` says which part cannot be read."""
    clauses = [" ".join(c.split()) for c in text.split(";")]
    head = clauses[0].split()
    names = s.setup.dynasties
    if not head or head[0] not in DECISION_NAMES:
        raise PositionError(f"{clauses[0]!r} is not a decision; write one of {', '.join(DECISION_NAMES)}")
    phase = DECISION_NAMES.index(head[0])
    if phase == D_OVER:
        if len(head) != 1:
            raise PositionError("'over' is decided by nobody: write it without 'by'")
        decider = -1
    elif len(head) != 3 or head[1] != "by" or head[2] not in names:
        raise PositionError(f"write who decides as '{head[0]} by <dynasty>' with a playing dynasty "
                            f"({', '.join(names)}), not {clauses[0]!r}")  # fmt: skip
    else:
        decider = names.index(head[2])
    s.phase, s.decider, s.over = phase, decider, phase == D_OVER
    s.step = USUAL_STEP.get(phase, STEP_IDLE)
    found: dict[str, re.Match[str]] = {}
    for clause in clauses[1:]:
        key = clause.split(" ", 1)[0]
        match = _CLAUSES[key].fullmatch(clause) if key in _CLAUSES else None
        if match is None:
            known = "; ".join(_HOW.values())
            raise PositionError(f"cannot read {clause!r}; the clauses are: {known}")
        if key in found:
            raise PositionError(f"'{key}' is given twice")
        found[key] = match
    if "step" in found:
        name = found["step"][1]
        if name not in _STEPS:
            raise PositionError(f"unknown step {name!r}; the steps are {', '.join(_STEPS)}")
        s.step = _STEPS[name]
    s.placed = _square(found["placed"][1]) if "placed" in found else -1
    s.marker = _square(found["unification"][1]) if "unification" in found else -1
    s.bag_ran_out = "bag" in found
    s.conflict = None
    if "attacker" in found or "defender" in found:
        if phase not in COMMIT_PHASES:
            raise PositionError(f"a {DECISION_NAMES[phase]} decision has no attacker or defender")
        if "attacker" not in found or "defender" not in found:
            raise PositionError("a revolt or war needs both an 'attacker …' and a 'defender …' clause")
        a, d = found["attacker"], found["defender"]
        a_leader, d_leader = _leader(s, "attacker", a[1], a[2]), _leader(s, "defender", d[1], d[2])
        revolt = phase in REVOLT_PHASES
        s.conflict = make_conflict(
            REVOLT if revolt else WAR, RED if revolt else a_leader % 4, a_leader // 4, d_leader // 4,
            a_leader, d_leader, int(a[3]), int(d[3]), -1 if a[4] is None else int(a[4]),
        )  # fmt: skip


def _square(text: str) -> int:
    try:
        return parse_square(text)
    except ValueError as err:
        raise PositionError(str(err)) from None


def _leader(s: GameState, role: str, token: str, where: str) -> int:
    """The leader index of a board token that must stand on ``where``."""
    names = s.setup.dynasties
    if len(token) != 2 or token[0] not in DYNASTY_CODES or token[1] not in COLOUR_CODES:
        raise PositionError(f"the {role} is written as a leader token like 'Ak' (archer's king), not {token!r}")
    dynasty = DYNASTIES[DYNASTY_CODES.index(token[0])]
    if dynasty not in names:
        raise PositionError(f"the {role} {token}: the {dynasty} is not playing")
    index = names.index(dynasty) * 4 + COLOUR_CODES.index(token[1])
    q = _square(where)
    if s.leaders[index] != q:
        on = "is not on the board" if s.leaders[index] < 0 else f"stands on {format_square(s.leaders[index])}"
        raise PositionError(f"the {role} {token} is named on {format_square(q)}, but it {on}")
    return index


_V1_KEYS = ("phase", "decider", "step", "conflict", "placed", "marker", "bag_ran_out", "over")
_V1_INT = re.compile(r"-?[0-9]{1,4}")


def read_pending_v1(s: GameState, text: str) -> None:
    """Set the decision fields of ``s`` from a version-1 ``pending:`` value (engine integers)."""
    values: dict[str, str] = {}
    for item in text.split():
        key, eq, value = item.partition("=")
        if not eq or key not in _V1_KEYS or key in values:
            raise PositionError(f"cannot read {item!r}; version 1 writes {'=… '.join(_V1_KEYS)}=… once each")
        values[key] = value
    missing = [k for k in _V1_KEYS if k not in values]
    if missing:
        raise PositionError(f"missing {', '.join(missing)}")

    def number(key: str, text: str, low: int, high: int) -> int:
        if not _V1_INT.fullmatch(text) or not low <= int(text) <= high:
            raise PositionError(f"{key} must be a whole number from {low} to {high}, not {text!r}")
        return int(text)

    s.phase = number("phase", values["phase"], 0, D_OVER)
    s.decider = number("decider", values["decider"], -1, s.players - 1)
    s.step = number("step", values["step"], 0, max(STEP_NAMES))
    s.placed = number("placed", values["placed"], -1, 175)
    s.marker = number("marker", values["marker"], -1, 175)
    s.bag_ran_out = number("bag_ran_out", values["bag_ran_out"], 0, 1) == 1
    s.over = number("over", values["over"], 0, 1) == 1
    s.conflict = None
    if values["conflict"] != "-":
        parts = values["conflict"].split(",")
        if len(parts) != 9:
            raise PositionError("conflict is '-' or nine numbers")
        leaders = 4 * s.players - 1
        limits = [(0, 1), (0, 3), (0, s.players - 1), (0, s.players - 1), (0, leaders), (0, leaders),
                  (0, 99), (0, 99), (-1, HAND_SIZE)]  # fmt: skip
        s.conflict = make_conflict(*(number("conflict", p, lo, hi) for p, (lo, hi) in zip(parts, limits)))


def check_pending(s: GameState) -> None:
    """Refuse decision fields the engine could not have reached from the board; the message says why.

    After it passes, ``legal_actions`` works and every legal action can be applied."""
    phase = s.phase
    name = DECISION_NAMES[phase]
    if s.over != (phase == D_OVER):
        raise PositionError("the game is over exactly when the decision is 'over'")
    if s.bag_ran_out and s.bag:
        raise PositionError(f"the bag ran out, yet it still holds {len(s.bag)} tiles")
    if phase == D_OVER:
        if s.decider != -1 or s.conflict or s.placed >= 0 or s.marker >= 0:
            raise PositionError("a finished game has no decider, conflict, placed tile or unification marker")
        _check_kingdoms(s)
        _check_treasures(s)
        return
    if s.bag_ran_out and s.setup.immediate_bag_end:
        raise PositionError("with bag_empty_end=immediate the game is over as soon as the bag runs out")
    if not 0 <= s.decider < s.players:
        raise PositionError(f"the {name} decision needs a player to decide")
    if s.step != USUAL_STEP[phase]:
        raise PositionError(f"the {name} decision is asked at step {STEP_NAMES[USUAL_STEP[phase]]}, "
                            f"not {STEP_NAMES[s.step]}")  # fmt: skip
    _check_turn(s, name)
    _check_tiles(s, name)
    if phase in COMMIT_PHASES:
        _check_conflict(s)
    elif s.conflict:
        raise PositionError(f"a {name} decision has no revolt or war in progress")
    elif phase == D_WAR_ORDER and len(war_colours(s)) < 2:
        raise PositionError(f"no choice of war: the kingdom united on {format_square(s.marker)} has "
                            f"{len(war_colours(s))} war(s) to fight, a war_order needs two or more")  # fmt: skip
    elif phase == D_BUILDING and not (s.setup.buildings and building_options(s)[1]):
        raise PositionError(f"the tile on {format_square(s.placed)} gives no civilization building to build (§17)")
    elif phase == D_MONUMENT and monument_options(s) == ([], []):
        raise PositionError(f"the tile on {format_square(s.placed)} completes no monument or ziggurat (§10.2)")
    elif phase == D_ZIGGURAT_BONUS and not (s.setup.ziggurat and ziggurat_bonus_due(s)):
        raise PositionError("no ziggurat bonus is due: the ziggurat is not in a kingdom with the active king (§18.4)")
    _check_kingdoms(s)
    _check_treasures(s)


def _check_treasures(s: GameState) -> None:
    """§11.3: treasures due to a trader are taken before the game asks anything but the events of §7."""
    phase = s.phase
    due = pending_collection(s)
    if phase == D_TREASURE:
        if due is None:
            raise PositionError("no treasure is due: no kingdom holds a trader and two or more treasures (§11.3)")
        if due[0] != s.decider:
            raise PositionError(f"the {s.setup.dynasties[due[0]]}'s trader takes the treasures (§11.3), "
                                f"not the {s.setup.dynasties[s.decider]}")  # fmt: skip
    elif due is not None and phase in (D_ACTION, D_ZIGGURAT_BONUS, D_OVER):
        trader = s.leaders[due[0] * 4 + 3]
        raise PositionError(f"§11.3: the kingdom of the trader on {format_square(trader)} holds two or more "
                            "treasures; they are taken before anything else is decided")  # fmt: skip


def _check_turn(s: GameState, name: str) -> None:
    """Who decides and how many actions are left, as the turn's order of events gives them (§5, §7)."""
    phase = s.phase
    if phase == D_ACTION:
        if s.decider != s.active or not 1 <= s.actions_left <= 2:
            raise PositionError("a turn action is chosen by the active player with 1 or 2 actions left")
    elif phase == D_ZIGGURAT_BONUS:
        if s.decider != s.active or s.actions_left:
            raise PositionError("the ziggurat bonus is chosen by the active player at the end of the turn "
                                "(0 actions left)")  # fmt: skip
    elif s.actions_left > 1:
        raise PositionError(f"a {name} decision follows an action, so at most 1 action is left, not 2")
    elif phase in (D_WAR_ORDER, D_BUILDING, D_MONUMENT) and s.decider != s.active:
        raise PositionError(f"the {name} decision belongs to the active player, the {s.setup.dynasties[s.active]}")


def _check_tiles(s: GameState, name: str) -> None:
    """The placed tile and the unification marker (§9.2) are where the decision needs them."""
    phase, placed, marker = s.phase, s.placed, s.marker
    if phase in WAR_PHASES:
        if marker < 0 or placed != marker or not s.face_up >> marker & 1:
            raise PositionError("during wars the unification marker lies on the face-up tile just placed: "
                                "write 'unification (x,y); placed (x,y)' with the same square")  # fmt: skip
    elif marker >= 0:
        raise PositionError(f"a unification marker belongs to wars, not to a {name} decision")
    if placed < 0:
        if phase in (D_BUILDING, D_MONUMENT):
            raise PositionError(f"a {name} decision needs the tile just placed: write 'placed (x,y)'")
        return
    if phase in (D_BUILDING, D_MONUMENT) and not s.face_up >> placed & 1:
        raise PositionError(f"the placed tile {format_square(placed)} must be a face-up tile on the board")
    if phase == D_TREASURE and not (s.face_up | s.down | s.ziggurat) >> placed & 1:
        raise PositionError(f"the placed tile {format_square(placed)} is not on the board")
    if phase not in (*WAR_PHASES, D_BUILDING, D_MONUMENT, D_TREASURE):
        raise PositionError(f"a {name} decision has no tile just placed")


def _check_conflict(s: GameState) -> None:
    """The revolt or war being resolved matches the board: its leaders, sides, bases and commitment."""
    phase = s.phase
    if s.conflict is None:
        raise PositionError(f"a {DECISION_NAMES[phase]} decision needs its attacker and defender")
    kind, colour, attacker, defender, a_leader, d_leader, a_base, d_base, a_commit = s.conflict
    revolt = phase in REVOLT_PHASES
    names = s.setup.dynasties
    if kind != (REVOLT if revolt else WAR) or a_leader // 4 != attacker or d_leader // 4 != defender:
        raise PositionError("the conflict record does not match the decision")
    if attacker == defender or a_leader % 4 != d_leader % 4:
        raise PositionError("a revolt or war is between leaders of one colour of two different players")
    a_sq, d_sq = s.leaders[a_leader], s.leaders[d_leader]
    if a_sq < 0 or d_sq < 0:
        raise PositionError("both leaders of a revolt or war stand on the board")
    who = f"{leader_token(s, a_leader)} {format_square(a_sq)} against {leader_token(s, d_leader)} {format_square(d_sq)}"
    if revolt:
        if colour != RED or attacker != s.active:
            raise PositionError("a revolt is started by the active player and supported by temples (§8)")
        if region_of(s, a_sq) != region_of(s, d_sq):
            raise PositionError(f"the revolt {who}: the two leaders are not in one kingdom (§8.1)")
        expected = ((NEIGHBOURS[a_sq] & s.tiles[RED]).bit_count(), (NEIGHBOURS[d_sq] & s.tiles[RED]).bit_count())
    else:
        if colour != a_leader % 4 or colour not in war_colours(s):
            raise PositionError(f"the war {who}: the kingdom united on {format_square(s.marker)} holds no "
                                f"two {LEADER_NAMES[colour % 4]}s (§9.3)")  # fmt: skip
        probe = s.clone()
        start_war(probe, colour)
        assert probe.conflict is not None
        if probe.conflict[2:6] != s.conflict[2:6]:
            side = names[probe.conflict.attacker]
            raise PositionError(f"the war {who}: the {side} attacks (the active player, or the first involved "
                                "player clockwise from him, §9.4)")  # fmt: skip
        expected = (probe.conflict.attacker_base, probe.conflict.defender_base)
    if (a_base, d_base) != expected:
        raise PositionError(f"the {'revolt' if revolt else 'war'} {who}: the board gives bases "
                            f"{expected[0]}-{expected[1]}, not {a_base}-{d_base}")  # fmt: skip
    defending = phase in _DEFEND_PHASES
    if defending != (a_commit >= 0):
        raise PositionError("write 'committed n' for the attacker exactly when the defender decides")
    if s.decider != (defender if defending else attacker):
        raise PositionError(f"the {'defender' if defending else 'attacker'} decides now, "
                            f"the {names[defender if defending else attacker]}")  # fmt: skip
    hand = s.hand_size(attacker)
    if a_commit > HAND_SIZE - hand or a_commit > s.out_public[colour]:
        raise PositionError(f"the {names[attacker]} cannot have committed {a_commit} {COLOUR_NAMES[colour]} tiles "
                            f"with {hand} tiles left in hand (at most {HAND_SIZE})")  # fmt: skip


def _check_kingdoms(s: GameState) -> None:
    """§4 I2: one leader of each colour per kingdom, except the pair of a revolt or war being resolved."""
    shared, colours = 0, tuple[int, ...]()
    if s.phase in REVOLT_PHASES and s.conflict is not None:
        leader = s.conflict.attacker_leader
        shared, colours = region_of(s, s.leaders[leader]), (leader % 4,)
    elif s.phase in WAR_PHASES:
        shared, colours = region_of(s, s.marker), (0, 1, 2, 3)
    for region in s.regions:
        for c in range(4):
            here = [i for i in range(c, 4 * s.players, 4) if s.leaders[i] >= 0 and region >> s.leaders[i] & 1]
            if len(here) > (2 if region == shared and c in colours else 1):
                listed = ", ".join(f"{leader_token(s, i)} {format_square(s.leaders[i])}" for i in here)
                raise PositionError(f"§4 I2: a kingdom holds {len(here)} {LEADER_NAMES[c]}s ({listed}); "
                                    "only a revolt or war being resolved may hold two")  # fmt: skip
