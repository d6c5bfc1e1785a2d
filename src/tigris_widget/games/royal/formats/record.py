"""Game records (§10): the start (the usual one, or a position) and one line per throw, then the result
once the game is over::

    royal-record 1
    play
    light: roll 2 move 0
    dark: roll 0
    …
    result light 7 dark 4 winner light

A game that starts at a position writes ``position`` and the position's lines before ``play``. A record
lists what the dice showed, never how they were drawn: it replays exactly.
"""

from __future__ import annotations

from typing import NamedTuple

from tigris_widget.core.checks import MAX_SHOWN, plain_text, shown
from tigris_widget.core.errors import PositionError

__all__ = ["HEADER", "RecordData", "read_record", "write_record"]

HEADER = "royal-record 1"


class RecordData(NamedTuple):
    """A record read but not replayed: the position block ("" for the usual start), the throw lines with
    their line numbers, and the result line (or "") with its number."""

    position: str
    throws: list[tuple[int, str]]
    result: tuple[int, str]


def write_record(position: str, throws: list[str], result: str) -> str:
    out = [HEADER]
    if position:
        out += ["position", *position.rstrip("\n").split("\n")]
    out += ["play", *throws]
    if result:
        out.append(result)
    return "\n".join(out) + "\n"


def read_record(text: object) -> RecordData:
    """The parts of a record; ``PositionError`` naming the line whose shape is wrong."""
    plain = plain_text(text)
    if plain is None:
        raise PositionError(f"a record is text, not {shown(text)}")
    rows = [(i + 1, " ".join(ln.split("#", 1)[0].split())) for i, ln in enumerate(plain.splitlines())]
    rows = [(no, ln) for no, ln in rows if ln]
    if not rows or rows[0][1] != HEADER:
        raise PositionError(f"line 1: a record starts with {HEADER!r}")
    i = 1
    position: list[str] = []
    if i < len(rows) and rows[i][1] == "position":
        i += 1
        while i < len(rows) and rows[i][1] != "play":
            position.append(rows[i][1])
            i += 1
    if i >= len(rows) or rows[i][1] != "play":
        no = rows[i][0] if i < len(rows) else rows[-1][0] + 1
        raise PositionError(f"line {no}: expected 'play' (after the header or the position block)")
    throws: list[tuple[int, str]] = []
    result = (0, "")
    for no, ln in rows[i + 1 :]:
        if result[1]:
            raise PositionError(f"line {no}: nothing may follow the result line ({shown(ln, MAX_SHOWN)})")
        if ln.startswith("result"):
            result = (no, ln)
        else:
            throws.append((no, ln))
    return RecordData("\n".join(position), throws, result)
