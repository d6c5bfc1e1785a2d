"""Position text (§9): where every piece stands and what happens next, e.g. ::

    royal-position 1
    light start 3 path 1 5 8 off 2
    dark start 7 path off 0
    next dark move 3

``start`` counts the pieces not yet entered, ``path`` lists the path squares (1–14) holding a piece,
``off`` counts the pieces borne off (seven in all). The last line is ``next SEAT roll`` (the dice are
to be thrown), ``next SEAT move N`` (SEAT rolled N and must move: a teaching or puzzle position) or
``winner SEAT``. Lines may carry ``#`` comments; blank lines and extra spaces are ignored.
"""

from __future__ import annotations

from tigris_widget.core.checks import MAX_SHOWN, plain_text, read_whole, shown
from tigris_widget.core.errors import PositionError
from tigris_widget.games.royal.engine.board import LAST, OFF, SEAT_WORDS, START
from tigris_widget.games.royal.engine.rules import check_state
from tigris_widget.games.royal.engine.state import ROLL_PENDING, STRIDE, RoyalState

__all__ = ["HEADER", "format_position", "parse_position"]

HEADER = "royal-position 1"


def format_position(s: RoyalState) -> str:
    lines = [HEADER]
    for seat in (0, 1):
        path = "".join(f" {sq}" for sq in s.squares(seat))
        lines.append(f"{SEAT_WORDS[seat]} start {s.waiting(seat)} path{path} off {s.off(seat)}")
    if s.winner >= 0:
        lines.append(f"winner {SEAT_WORDS[s.winner]}")
    elif s.roll == ROLL_PENDING:
        lines.append(f"next {SEAT_WORDS[s.to_move]} roll")
    else:
        lines.append(f"next {SEAT_WORDS[s.to_move]} move {s.roll}")
    return "\n".join(lines) + "\n"


def parse_position(text: object) -> RoyalState:
    """The state a position text describes.

    :raises PositionError: naming the line and what is wrong with it."""
    plain = plain_text(text)
    if plain is None:
        raise PositionError(f"a position is text, not {shown(text)}")
    rows = [(i + 1, " ".join(ln.split("#", 1)[0].split())) for i, ln in enumerate(plain.splitlines())]
    rows = [(no, ln) for no, ln in rows if ln]
    if not rows or rows[0][1] != HEADER:
        raise PositionError(f"line 1: a position starts with {HEADER!r}")
    if len(rows) != 4:
        raise PositionError(f"a position has 4 lines (the header, light, dark, next or winner), not {len(rows)}")
    counts = [0] * (2 * STRIDE)
    for seat, (no, ln) in zip((0, 1), rows[1:3]):
        _seat_line(seat, no, ln, counts)
    no, ln = rows[3]
    state = RoyalState(counts, 0, ROLL_PENDING, -1)
    _next_line(no, ln, state)
    problem = check_state(state)
    if problem is not None:
        raise PositionError(f"no position of a game: {problem}")
    return state


def _seat_line(seat: int, no: int, ln: str, counts: list[int]) -> None:
    word = SEAT_WORDS[seat]
    words = ln.lower().split(" ")
    where = f"line {no} ({shown(ln, MAX_SHOWN)})"
    if len(words) < 6 or words[0] != word or words[1] != "start" or words[3] != "path" or words[-2] != "off":
        raise PositionError(f"{where}: write '{word} start N path SQUARES… off N'")
    base = seat * STRIDE
    try:
        counts[base + START] = read_whole(words[2], "start", 7)
        counts[base + OFF] = read_whole(words[-1], "off", 7)
        for item in words[4:-2]:
            sq = read_whole(item, "a path square", LAST)
            if sq == 0:
                raise ValueError("a path square is 1..14 (start counts the pieces not entered)")
            if counts[base + sq]:
                raise ValueError(f"path square {sq} is listed twice")
            counts[base + sq] = 1
    except ValueError as err:
        raise PositionError(f"{where}: {err}") from None


def _next_line(no: int, ln: str, state: RoyalState) -> None:
    words = ln.lower().split(" ")
    where = f"line {no} ({shown(ln, MAX_SHOWN)})"
    if len(words) < 2 or words[1] not in SEAT_WORDS:
        raise PositionError(f"{where}: write 'next light roll', 'next dark move 3' or 'winner light'")
    seat = SEAT_WORDS.index(words[1])
    state.to_move = seat
    if words[0] == "winner" and len(words) == 2:
        state.winner = seat
    elif words[0] == "next" and words[2:] == ["roll"]:
        state.roll = ROLL_PENDING
    elif words[0] == "next" and len(words) == 4 and words[2] == "move":
        try:
            state.roll = read_whole(words[3], "the roll", 4)
        except ValueError as err:
            raise PositionError(f"{where}: {err}") from None
        if state.roll == 0:
            raise PositionError(f"{where}: a roll of 0 passes the turn at once (write 'next … roll')")
    else:
        raise PositionError(f"{where}: write 'next light roll', 'next dark move 3' or 'winner light'")
