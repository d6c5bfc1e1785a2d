"""Position text (§12.3): the whole public state between turns, in every header form.

``format_position(state)`` writes the canonical text; ``parse_position(text)`` reads it back (any
spacing) and raises ``PositionError`` naming the line and token that are wrong.
"""

from __future__ import annotations

import re

from tigris_widget.core.checks import MAX_SHOWN, add_once, plain_text, read_whole, shown
from tigris_widget.core.errors import PositionError
from tigris_widget.games.ur.engine.board import KINDS, PAIR_NAMES
from tigris_widget.games.ur.engine.rules import begin_turn, invariant_problems
from tigris_widget.games.ur.engine.state import (
    PH_INITIAL,
    PH_OVER,
    PH_PLACE,
    UrState,
    check_players,
    make_options,
)

__all__ = ["format_position", "parse_position"]


def _token(s: UrState, c: int) -> str:
    pair = KINDS[s.face[c]] + KINDS[s.back[c]].lower()
    if s.zig[c]:
        return f"Z{s.owner[c]}({pair})"
    return f"{pair}:{s.owner[c]}x{s.cubes[c]}" if s.cubes[c] else pair


def format_position(s: UrState) -> str:
    """The canonical §12.3 text of a state between turns or setup steps (``UrGame.to_position`` passes
    the start of a turn under way: the text has no place for a turn's progress)."""
    if s.phase == PH_PLACE:
        r = s.setup_step // s.n + 1
        where = "setup (no cubes yet)" if s.setup_step == 0 else f"setup round {r} · to move: P{s.active}"
    elif s.phase == PH_INITIAL:
        where = f"setup: initial exchange · to move: P{s.active}"
    elif s.phase == PH_OVER:
        where = f"game over · ziggurats left: {s.zig_left}"
    else:
        where = f"to move: P{s.decider} · ziggurats left: {s.zig_left}"
    changed = s.opts.changed()
    lines = [f"{s.n} players · start player P{s.start} · {where} · options: {', '.join(changed) or 'defaults'}"]
    lines.append("      " + "".join(f"x={x}".ljust(10) for x in range(6)).rstrip())
    for y in range(6):
        lines.append((f"y={y}   " + "".join(_token(s, y * 6 + x).ljust(10) for x in range(6))).rstrip())
    hands = "  ".join(f"P{i}={PAIR_NAMES[h]}" for i, h in enumerate(s.hands))
    if s.spares:
        hands += ("   spare: " if len(s.spares) == 1 else "   spares: ") + " ".join(PAIR_NAMES[x] for x in s.spares)
    lines.append("hands: " + hands)
    lines.append("supplies: " + "  ".join(f"P{i}={s.supply(i)}" for i in range(s.n)))
    return "\n".join(lines) + "\n"


_TOKEN = re.compile(r"([ATCPW])([atcpw])(?::([0-9])x([0-9]))?")
_ZIG = re.compile(r"Z([0-9])\(([ATCPW])([atcpw])\)")


def _seat(text: str, where: str) -> int:
    m = re.fullmatch(r"P([0-9])", text.strip())
    if m is None:
        raise PositionError(f"{where}: expected a seat like P0, found {shown(text.strip(), MAX_SHOWN)}")
    return int(m.group(1))


def parse_position(text: object) -> UrState:
    """Read a §12.3 position text; PositionError names the line and token that are wrong."""
    plain = plain_text(text)
    if plain is None:
        raise PositionError(f"a position is text, not {shown(text)}")
    text = plain
    lines = [(i + 1, ln.strip()) for i, ln in enumerate(text.splitlines()) if ln.strip()]
    if not lines:
        raise PositionError("the position text is empty")
    no, header = lines[0]
    fields = [f.strip() for f in header.split("·")]
    if len(fields) < 4:
        raise PositionError(f"line {no}: the header needs '<n> players · start player P<s> · … · options: …'")
    m = re.fullmatch(r"([0-9]+)\s+players", fields[0])
    if m is None:
        raise PositionError(f"line {no}: expected '<n> players', found {shown(fields[0], MAX_SHOWN)}")
    n = _number(m.group(1), no, "players", 9)
    m = re.fullmatch(r"start\s+player\s+(P[0-9])", fields[1])
    if m is None:
        raise PositionError(f"line {no}: expected 'start player P<s>', found {shown(fields[1], MAX_SHOWN)}")
    start = _seat(m.group(1), f"line {no}")
    opt_field = fields[-1]
    m = re.fullmatch(r"options:\s*(.*)", opt_field)
    if m is None:
        raise PositionError(f"line {no}: the header ends with 'options: …', found {shown(opt_field, MAX_SHOWN)}")
    options: dict[str, str] = {}
    if m.group(1).strip() != "defaults":
        for part in m.group(1).split(","):
            name, eq, value = part.strip().partition("=")
            if not eq:
                raise PositionError(f"line {no}: option {shown(part.strip(), MAX_SHOWN)} is not name=value")
            try:
                add_once(options, name.strip(), value.strip())
            except ValueError as err:
                raise PositionError(f"line {no}: {err}") from None
    try:
        opts = make_options(options)
        check_players(n, opts)
    except ValueError as err:
        raise PositionError(f"line {no}: {err}") from None
    if start >= n:
        raise PositionError(f"line {no}: start player P{start} is not a seat of {n} players")
    middle = [" ".join(f.split()) for f in fields[2:-1]]
    form, rnd, to_move, zig_left = _where(middle, no, n)

    body = lines[1:]
    if body and body[0][1].startswith("x="):
        body = body[1:]
    if len(body) < 7:
        raise PositionError("the position needs six grid rows 'y=0 …' to 'y=5 …' and a 'hands:' line")
    s = UrState(n, opts)
    s.start = start
    for y in range(6):
        no, row = body[y]
        parts = row.split()
        if not parts or parts[0] != f"y={y}":
            raise PositionError(f"line {no}: expected the grid row 'y={y} …'")
        if len(parts) != 7:
            raise PositionError(f"line {no}: row y={y} needs 6 tokens, found {len(parts) - 1}")
        for x, tok in enumerate(parts[1:]):
            _read_token(s, y * 6 + x, tok, f"line {no}, x={x}")
    no, hand_line = body[6]
    _read_hands(s, hand_line, no)
    for no, extra in body[7:]:
        if extra.startswith("supplies:"):
            _check_supplies(s, extra, no)
        else:
            raise PositionError(f"line {no}: unexpected text {shown(extra, MAX_SHOWN)}")
    problems = invariant_problems(s)
    zigs = sum(s.zig)
    if form in ("play", "over"):
        if zigs + zig_left != 5:
            raise PositionError(f"line 1: ziggurats left {zig_left}, but {zigs} stand on the grid (5 in all)")
        s.zig_left = zig_left
    elif zigs:
        raise PositionError("a setup position has no ziggurat")
    else:
        s.zig_left = 5
    problems = invariant_problems(s)
    if problems:
        raise PositionError("inconsistent position: " + "; ".join(problems))
    _set_phase(s, form, rnd, to_move)
    return s


def _where(middle: list[str], no: int, n: int) -> tuple[str, int, int, int]:
    """The header's third field(s): (form, round, seat to move, ziggurats left)."""
    joined = " · ".join(middle)
    m = re.fullmatch(r"setup \(no cubes yet\)", joined)
    if m:
        return "fresh", 1, -1, 5
    m = re.fullmatch(r"setup round ([0-9]+) · to move: (P[0-9])", joined)
    if m:
        r = _number(m.group(1), no, "setup round", 3)
        if not 1 <= r <= 3:
            raise PositionError(f"line {no}: setup round must be 1..3, not {r}")
        return "round", r, _check_seat(m.group(2), no, n), 5
    m = re.fullmatch(r"setup: initial exchange · to move: (P[0-9])", joined)
    if m:
        return "initial", 0, _check_seat(m.group(1), no, n), 5
    m = re.fullmatch(r"to move: (P[0-9]) · ziggurats left: ([0-9]+)", joined)
    if m:
        return "play", 0, _check_seat(m.group(1), no, n), _check_left(m.group(2), no)
    m = re.fullmatch(r"game over · ziggurats left: ([0-9]+)", joined)
    if m:
        return "over", 0, -1, _check_left(m.group(1), no)
    raise PositionError(
        f"line {no}: cannot read {shown(joined, MAX_SHOWN)}; expected 'setup (no cubes yet)', 'setup round <r> · to move: P<a>', "
        "'setup: initial exchange · to move: P<a>', 'to move: P<a> · ziggurats left: <z>' or 'game over · ziggurats left: <z>'"
    )


def _check_seat(text: str, no: int, n: int) -> int:
    seat = _seat(text, f"line {no}")
    if seat >= n:
        raise PositionError(f"line {no}: P{seat} is not a seat of {n} players")
    return seat


def _check_left(text: str, no: int) -> int:
    return _number(text, no, "ziggurats left", 5)


def _number(text: str, no: int, what: str, high: int) -> int:
    """A count written in ASCII digits, at most ``high``; PositionError naming the line and field."""
    try:
        return read_whole(text, what, high)
    except ValueError as err:
        raise PositionError(f"line {no}: {err}") from None


def _read_token(s: UrState, c: int, tok: str, where: str) -> None:
    m = _ZIG.fullmatch(tok)
    if m:
        owner, face, back = int(m.group(1)), KINDS.index(m.group(2)), KINDS.index(m.group(3).upper())
        cubes, zig = 1, 1
    else:
        m = _TOKEN.fullmatch(tok)
        if m is None:
            raise PositionError(
                f"{where}: cannot read the token {shown(tok, MAX_SHOWN)} (e.g. 'At', 'Wc:1x3', 'Z2(Ap)')", square=c
            )
        face, back = KINDS.index(m.group(1)), KINDS.index(m.group(2).upper())
        owner = int(m.group(3)) if m.group(3) is not None else -1
        cubes = int(m.group(4)) if m.group(4) is not None else 0
        zig = 0
        if owner >= 0 and not 1 <= cubes <= 5:
            raise PositionError(f"{where}: a tile holds 1..5 cubes, not {cubes} ({shown(tok, MAX_SHOWN)})", square=c)
    if face == back:
        raise PositionError(f"{where}: a tile has two different kinds, not {shown(tok, MAX_SHOWN)}", square=c)
    if owner >= s.n:
        raise PositionError(f"{where}: P{owner} is not a seat of {s.n} players ({shown(tok, MAX_SHOWN)})", square=c)
    s.face[c], s.back[c], s.owner[c], s.cubes[c], s.zig[c] = face, back, owner, cubes, zig
    if owner >= 0:
        s.on_grid[owner] += cubes


def _pair(text: str, where: str) -> int:
    if text not in PAIR_NAMES:
        raise PositionError(f"{where}: {shown(text, MAX_SHOWN)} is not a pair (AT AC AP AW TC TP TW CP CW PW)")
    return PAIR_NAMES.index(text)


def _read_hands(s: UrState, line: str, no: int) -> None:
    m = re.fullmatch(r"hands:\s*(.*?)(?:\s+spares?:\s*(.*))?", line)
    if m is None:
        raise PositionError(f"line {no}: expected 'hands: P0=<pair> …'")
    hands = m.group(1).split()
    if len(hands) != s.n:
        raise PositionError(f"line {no}: {s.n} hands expected, found {len(hands)}")
    for i, h in enumerate(hands):
        seat, eq, pair = h.partition("=")
        if not eq or _seat(seat, f"line {no}") != i:
            raise PositionError(f"line {no}: expected P{i}=<pair>, found {shown(h, MAX_SHOWN)}")
        s.hands[i] = _pair(pair, f"line {no}")
    spares = (m.group(2) or "").split()
    if len(spares) != 4 - s.n:
        raise PositionError(f"line {no}: {s.n} players leave {4 - s.n} spare tile(s), found {len(spares)}")
    s.spares = [_pair(x, f"line {no}") for x in spares]


def _check_supplies(s: UrState, line: str, no: int) -> None:
    parts = line[len("supplies:") :].split()
    if len(parts) != s.n:
        raise PositionError(f"line {no}: {s.n} supplies expected, found {len(parts)}")
    for i, part in enumerate(parts):
        seat, eq, value = part.partition("=")
        if not eq or _seat(seat, f"line {no}") != i:
            raise PositionError(f"line {no}: expected P{i}=<count>, found {shown(part, MAX_SHOWN)}")
        if _number(value, no, f"P{i}'s supply", 20) != s.supply(i):
            raise PositionError(
                f"line {no}: P{i}'s supply is {s.supply(i)} (20 minus the cubes on the grid), not {value}"
            )


def _set_phase(s: UrState, form: str, rnd: int, to_move: int) -> None:
    n = s.n
    if form in ("fresh", "round", "initial"):
        if form == "fresh":
            step, s.phase = 0, PH_PLACE
        elif form == "round":
            step, s.phase = (rnd - 1) * n + (to_move - s.start) % n, PH_PLACE
        else:
            step, s.phase = (to_move - s.start) % n, PH_INITIAL
        placed = 3 * n if form == "initial" else step
        for seat in range(n):
            expected = sum(1 for i in range(placed) if (s.start + i) % n == seat)
            if s.on_grid[seat] != expected:
                raise PositionError(
                    f"P{seat} has {s.on_grid[seat]} cubes on the grid; at this point of the setup {expected}"
                )
        if form == "round" and step == 0:
            raise PositionError("before the first cube the header is 'setup (no cubes yet)'")
        s.setup_step = step
        s.active = s.decider = (s.start + step) % n
        return
    if form == "over":
        s.phase = PH_OVER
        s.over = True
        s.active = s.decider = s.start
        return
    begin_turn(s, to_move)
