"""Game records (§12.4): the start (seed and options, or a position) and one line per setup step and
turn, then the result. ``UrGame.to_record`` / ``UrGame.from_record`` use these two halves."""

from __future__ import annotations

from typing import NamedTuple

from tigris_widget.core.checks import MAX_SHOWN, plain_text, shown
from tigris_widget.core.errors import PositionError

__all__ = ["RecordData", "read_record", "write_record"]


class RecordData(NamedTuple):
    """A record read but not replayed: header fields, the position block (or ""), the move lines
    with their line numbers, and the result line (or "") with its number."""

    header: dict[str, str]
    position: str
    moves: list[tuple[int, str, bool]]
    """(line number, line, whether it stands under ``setup``)."""
    result: tuple[int, str]
    where: dict[str, int]
    """The line number of each header field (and of ``position``)."""


def write_record(head: list[str], lines: list[tuple[bool, str]], result: str) -> str:
    """``head``: the lines after ``ur-record 1``; ``lines``: (is setup, line); ``result``: "" or the line."""
    out = ["ur-record 1", *head]
    section = ""
    for setup, line in lines:
        want = "setup" if setup else "play"
        if want != section:
            out.append(want)
            section = want
        out.append(line)
    if result:
        out.append(result)
    return "\n".join(out) + "\n"


def read_record(text: object) -> RecordData:
    plain = plain_text(text)
    if plain is None:
        raise PositionError(f"a record is text, not {shown(text)}")
    text = plain
    rows = [(i + 1, ln.split("#", 1)[0].strip()) for i, ln in enumerate(text.splitlines())]
    rows = [(no, ln) for no, ln in rows if ln]
    if not rows or rows[0][1] != "ur-record 1":
        raise PositionError("line 1: a record starts with 'ur-record 1'")

    def ends_header(ln: str) -> bool:
        return ln in ("setup", "play") or ln.startswith("result")

    header: dict[str, str] = {}
    where: dict[str, int] = {}
    position: list[str] = []
    i = 1
    while i < len(rows) and not ends_header(rows[i][1]):
        no, ln = rows[i]
        key, _, value = ln.partition(" ")
        if key not in ("players", "seed", "layout", "options", "position") or (key == "position" and value):
            raise PositionError(
                f"line {no}: unknown record header {shown(key, MAX_SHOWN)} (players, seed, layout, options, position)"
            )
        if key in where:  # the last would silently win
            raise PositionError(f"line {no}: a second {key!r} header (the first is on line {where[key]})")
        where[key] = no
        i += 1
        if key == "position":
            while i < len(rows) and not ends_header(rows[i][1]):
                position.append(rows[i][1])
                i += 1
        else:
            header[key] = value.strip()
    moves: list[tuple[int, str, bool]] = []
    result = (0, "")
    section = ""
    for no, ln in rows[i:]:
        if ln in ("setup", "play"):
            section = ln
            continue
        if result[1]:
            raise PositionError(f"line {no}: nothing may follow the result line")
        if ln.startswith("result"):
            result = (no, " ".join(ln.split()))
        else:
            moves.append((no, ln, section == "setup"))
    return RecordData(header, "\n".join(position), moves, result, where)
