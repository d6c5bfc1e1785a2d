"""The view-JSON envelope, version 3: what every game's widget JSON shares, around a game-specific body.

A game's presenter builds the ``body`` (its board and pieces, whatever only its drawing reads) and
calls ``envelope``; the shared front end (frame, panel chrome, history bar, log, overlays, replay)
reads only the envelope, and picks the game's drawing by ``game``. Mirrored by
``js/src/core/view.ts``. This module names no game.

The envelope's fields:

* ``schema_version`` (3), ``game`` (the registered name, e.g. ``"tigris"``), ``state_id`` (changes
  whenever the shown position does; intents carry it back);
* ``viewer``: the seat this view is for, ``None`` for an all-seeing view;
* ``seats``: one ``{"seat", "name", "colour"}`` per seat (``colour`` a CSS colour or ``None``);
* ``history``: ``{"ply", "length", "live"}`` — the shown ply, the game's length, and whether the shown
  ply is the latest (only then can anyone act);
* ``decision``: ``{"seat", "kind", "prompt", "mine"}`` or ``None`` when the game is over; ``mine``
  says this view may answer it now;
* ``targets``: the legal choices, each with the engine's action text (their grouping is the game's);
* ``last_move``: ``{"ply", "seat", "action", "squares"}`` or ``None``;
* ``last_turn``: the whole turn that ``last_move`` ends (the board marks all of it), ``{"seat", "first",
  "ply", "actions", "seats", "squares", "passed", "ongoing"}`` or ``None`` (``ongoing``: the turn is not over) — built by ``turn_summary`` from the turn's
  moves; a game that does not say which plies form its turns gets its last move alone;
* ``log``: ``[{"ply", "seat", "action", "events": [{"kind", "rule", "section"?, "text"}], "future"?}]``;
* ``over``, ``result`` (``None`` or rows ``{"seat", "rank", "score"?, "columns"?, "note"?, ...}``): the final
  standings. ``columns`` is ``[[label, value], ...]`` for the table the board shows (a game that gives
  none gets its rows' other plain fields), ``note`` a sentence on how that seat's place was decided;
* ``body``: the game's own part.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

SCHEMA_VERSION = 3

ENVELOPE_FIELDS = (
    "schema_version",
    "game",
    "state_id",
    "viewer",
    "seats",
    "history",
    "decision",
    "targets",
    "last_move",
    "last_turn",
    "log",
    "over",
    "result",
    "body",
)
"""Every field of the envelope, in the order they are written."""
OPTIONAL_FIELDS = frozenset({"last_turn"})
"""Fields a view may lack (views written before they existed); ``envelope`` always writes them."""


class ViewFormatError(ValueError):
    """A view JSON that is not a well-formed version-3 envelope."""


def envelope(
    game: str,
    *,
    body: Mapping[str, Any],
    seats: Sequence[Mapping[str, Any]],
    viewer: int | None,
    ply: int,
    length: int,
    decision: Mapping[str, Any] | None,
    targets: Mapping[str, Any],
    over: bool,
    result: Sequence[Mapping[str, Any]] | None,
    state_id: str = "",
    last_move: Mapping[str, Any] | None = None,
    log: Sequence[Mapping[str, Any]] = (),
    last_turn: Sequence[Mapping[str, Any]] | None = None,
) -> dict[str, Any]:
    """The view JSON of one position of ``game``, checked (``check_view``) before it is returned.

    ``last_turn``: the moves (each shaped like ``last_move``, optionally with ``"passed": True``) of the
    turn ``last_move`` ends, oldest first; by default ``last_move`` alone.

    :raises ViewFormatError: a field has the wrong shape (a presenter's bug, caught before the browser).
    """
    view = {
        "schema_version": SCHEMA_VERSION,
        "game": game,
        "state_id": state_id,
        "viewer": viewer,
        "seats": [dict(s) for s in seats],
        "history": {"ply": ply, "length": length, "live": ply == length},
        "decision": None if decision is None else dict(decision),
        "targets": dict(targets),
        "last_move": None if last_move is None else dict(last_move),
        "last_turn": turn_summary(last_turn if last_turn is not None else [last_move] if last_move else []),
        "log": [dict(e) for e in log],
        "over": over,
        "result": None if result is None else [dict(r) for r in result],
        "body": dict(body),
    }
    check_view(view)
    return view


TURN_LOOKBACK = 40
"""At most this many plies are read back to find where a turn began (a turn has far fewer)."""


def turn_moves(
    at: int, turn_of: Callable[[int], object], move: Callable[[int], Mapping[str, Any]]
) -> list[Mapping[str, Any]]:
    """The moves of the turn that ply ``at`` (1-based) ends, oldest first, for ``envelope(last_turn=...)``:
    back from ``at`` while ``turn_of(ply)`` — which turn a ply was played in, e.g. the turn counter of the
    state before it — stays the same; ``move(ply)`` is that ply's ``last_move``-shaped dict. When the
    next ply would still belong to the same turn (``turn_of(at + 1)``: the state after ``at``), the last
    move says ``"ongoing": True``: the turn is not over yet (unless the game is)."""
    if at <= 0:
        return []
    turn = turn_of(at)
    first = at
    while first > 1 and at - first < TURN_LOOKBACK and turn_of(first - 1) == turn:
        first -= 1
    moves = [move(i) for i in range(first, at + 1)]
    if turn_of(at + 1) == turn:
        moves[-1] = {**moves[-1], "ongoing": True}
    return moves


def turn_summary(moves: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
    """The envelope's ``last_turn`` from the moves of one turn (oldest first): whose turn it was, its
    first and last ply, its actions and who played each, every square it touched (once each, in
    order) and whether the player passed; ``None`` for no moves."""
    if not moves:
        return None
    squares: dict[int, None] = {}
    for m in moves:
        for q in m.get("squares", ()):
            squares[q] = None
    return {
        "seat": moves[0]["seat"],
        "first": moves[0]["ply"],
        "ply": moves[-1]["ply"],
        "actions": [m["action"] for m in moves],
        "seats": [m["seat"] for m in moves],  # who played each (a defender's commit falls in the attacker's turn)
        "squares": list(squares),
        "passed": any(m.get("passed") is True for m in moves),
        "ongoing": moves[-1].get("ongoing") is True,  # the turn goes on after its last move (see ``turn_moves``)
    }


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_view(view: object) -> Mapping[str, Any]:
    """``view`` itself when it is a well-formed version-3 envelope (the body is its game's business).

    :raises ViewFormatError: naming the first field that is missing or malformed.
    """
    if not isinstance(view, Mapping):
        raise ViewFormatError(f"a view is a JSON object, not {type(view).__name__}")
    missing = [f for f in ENVELOPE_FIELDS if f not in view and f not in OPTIONAL_FIELDS]
    if missing:
        raise ViewFormatError(f"view lacks {', '.join(repr(f) for f in missing)}")
    if view["schema_version"] != SCHEMA_VERSION:
        raise ViewFormatError(f"view schema_version is {view['schema_version']!r}, not {SCHEMA_VERSION}")
    if not isinstance(view["game"], str) or not view["game"]:
        raise ViewFormatError(f"view 'game' must name a game, not {view['game']!r}")
    if not isinstance(view["state_id"], str):
        raise ViewFormatError("view 'state_id' must be a string")
    seats = view["seats"]
    if not isinstance(seats, list) or any(
        not isinstance(s, Mapping) or s.get("seat") != i or not isinstance(s.get("name"), str)
        for i, s in enumerate(seats)
    ):
        raise ViewFormatError("view 'seats' must list {'seat': i, 'name': ...} for seats 0, 1, ...")
    n = len(seats)
    viewer = view["viewer"]
    if viewer is not None and not (_is_int(viewer) and 0 <= viewer < n):
        raise ViewFormatError(f"view 'viewer' must be a seat 0..{n - 1} or null, not {viewer!r}")
    history = view["history"]
    if not isinstance(history, Mapping) or not all(_is_int(history.get(k)) for k in ("ply", "length")):
        raise ViewFormatError("view 'history' needs integer 'ply' and 'length'")
    if not 0 <= history["ply"] <= history["length"] or history.get("live") != (history["ply"] == history["length"]):
        raise ViewFormatError(f"view 'history' is inconsistent: {dict(history)!r}")
    decision = view["decision"]
    if decision is not None and (
        not isinstance(decision, Mapping)
        or not (_is_int(decision.get("seat")) and 0 <= decision["seat"] < n)
        or not isinstance(decision.get("kind"), str)
        or not isinstance(decision.get("prompt"), str)
        or not isinstance(decision.get("mine"), bool)
    ):
        raise ViewFormatError("view 'decision' needs a seat, a kind, a prompt and 'mine', or is null")
    if not isinstance(view["targets"], Mapping):
        raise ViewFormatError("view 'targets' must be an object")
    last = view["last_move"]
    if last is not None and (not isinstance(last, Mapping) or not isinstance(last.get("squares"), list)):
        raise ViewFormatError("view 'last_move' needs its 'squares', or is null")
    turn = view.get("last_turn")
    if turn is not None and (
        not isinstance(turn, Mapping)
        or not isinstance(turn.get("squares"), list)
        or not all(_is_int(q) for q in turn["squares"])
        or not isinstance(turn.get("actions"), list)
        or not all(isinstance(a, str) for a in turn["actions"])
        or not isinstance(turn.get("passed"), bool)
        or not (_is_int(turn.get("seat")) and 0 <= turn["seat"] < n)
    ):
        raise ViewFormatError("view 'last_turn' needs a seat, its actions, squares and 'passed', or is null")
    if not isinstance(view["log"], list) or any(not isinstance(e, Mapping) for e in view["log"]):
        raise ViewFormatError("view 'log' must be a list of entries")
    if not isinstance(view["over"], bool):
        raise ViewFormatError("view 'over' must be true or false")
    result = view["result"]
    if result is not None and (
        not isinstance(result, list)
        or any(not isinstance(r, Mapping) or not _is_int(r.get("seat")) or not _is_int(r.get("rank")) for r in result)
    ):
        raise ViewFormatError("view 'result' must be a list of rows with a 'seat' and a 'rank', or null")
    for r in result or ():
        columns = r.get("columns")
        if columns is not None and (
            not isinstance(columns, list)
            or any(not isinstance(c, list) or len(c) != 2 or not isinstance(c[0], str) for c in columns)
        ):
            raise ViewFormatError("a result row's 'columns' must be [label, value] pairs")
    if not isinstance(view["body"], Mapping):
        raise ViewFormatError("view 'body' must be an object")
    return view


_INK = re.compile(r"#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?|[a-zA-Z]{3,24}")


def svg_ink(value: object, default: str) -> str:
    """``value`` when it is a colour safe to write into an SVG attribute (``#rgb``, ``#rrggbb`` or a
    colour name), else ``default``: the static pictures draw overlays in the colour the live board
    was given, and never write anything else into the markup."""
    return value if isinstance(value, str) and _INK.fullmatch(value) else default
