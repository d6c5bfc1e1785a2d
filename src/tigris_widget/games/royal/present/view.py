"""The view JSON of a game of the Royal Game of Ur: the shared envelope (``core.view``) around its body,
the legal targets keyed by the cell a player clicks, the narrated log and the last turn.

Mirrored by ``js/src/games/royal/body.ts``. Cells are ints ``y * 8 + x`` on the 3 × 8 grid; the four
cells that are no squares (columns 4–5 of the lanes) are each seat's trays: its pieces waiting to
enter at column 4 (beside its entry square), its pieces borne off at column 5 (beside its last
square), so that every click and every frame lands on a cell. The body:

* ``cells``: 24 × the seat whose piece stands there, or null (always null on a tray);
* ``waiting``, ``off``: per seat, pieces not yet entered and pieces borne off; ``pieces`` (7);
* ``active`` (whose turn; the winner's once over), ``phase`` (``roll``, ``move`` or ``over``);
* ``roll`` (the roll to move by, null while the dice are to be thrown) and ``dice``: four booleans,
  a marked tip up or not — an arrangement drawn from the count alone (``dice_of``), never anything
  the game has not shown;
* ``last_roll``: ``{"seat", "roll"}`` of the latest throw shown (a throw of 0 passes at once, so
  the board still says what it was), null before the first; ``turns`` (turns completed), ``winner``.

Targets (only for a view that may act now; each leaf is the engine's action text): ``roll``: the
roll request (``"roll"``) while the dice are to be thrown; ``moves``: {from cell: {"to": cell,
"action": "move n"}} — one per piece that can move, the waiting tray standing for a piece to enter
and the home tray as the target of a piece borne off.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tigris_widget.core.history import PlayedGame
from tigris_widget.core.view import envelope, turn_moves
from tigris_widget.games.royal.engine.actions import MOVE, ROLLED, Action
from tigris_widget.games.royal.engine.board import COLUMNS, LANES, OFF, PIECES, SEAT_NAMES, SQUARES, path_cell
from tigris_widget.games.royal.engine.errors import RULE_CODES
from tigris_widget.games.royal.engine.rules import legal_moves
from tigris_widget.games.royal.engine.state import RoyalState

GAME = "royal"
LOG_WINDOW = 12
"""How many plies of the log travel with a view (those up to the shown one)."""
LOG_AHEAD = 6
"""When an earlier position is shown, the log also holds this many later plies (marked ``future``)."""
SEAT_COLOURS = ("#fbf7ec", "#1c1c1c")
"""Light's ivory and Dark's ebony pieces: told apart by lightness, colour-blind safe."""
ROLL_TEXT = "roll"
"""The roll request's notation (the history records its outcome, ``roll n``)."""
INTENT_FIELDS = frozenset({"action", "piece"})
"""The fields of an intent besides ``kind`` and ``state_id`` (see ``intent_action``)."""
DICE_PATTERNS = ((), (1,), (0, 2), (0, 1, 3), (0, 1, 2, 3))
"""Which of the four dice show a marked tip for each count: a fixed arrangement that looks thrown."""


RoyalHistory = PlayedGame[RoyalState, Action]
"""What the presenter reads of a ``RoyalGame`` (``core.history.PlayedGame``)."""


def waiting_cell(seat: int) -> int:
    """The tray of ``seat``'s pieces not yet entered: column 4 of its lane."""
    return LANES[seat] * COLUMNS + 4


def home_cell(seat: int) -> int:
    """The tray of ``seat``'s pieces borne off: column 5 of its lane."""
    return LANES[seat] * COLUMNS + 5


def square_cell(seat: int, square: int) -> int:
    """The cell of ``seat``'s path square 0–15 (0 and 15: its trays)."""
    if square == 0:
        return waiting_cell(seat)
    if square == OFF:
        return home_cell(seat)
    return path_cell(seat, square)


def cell_square(seat: int, cell: int) -> int:
    """``seat``'s path square 0–15 at ``cell`` (its trays are 0 and 15), -1 off its path."""
    return next((sq for sq in range(OFF + 1) if square_cell(seat, sq) == cell), -1)


def dice_of(roll: int) -> list[bool]:
    """Four dice showing ``roll`` marked tips (``DICE_PATTERNS``)."""
    marked = DICE_PATTERNS[roll]
    return [i in marked for i in range(4)]


def phase_of(s: RoyalState) -> str:
    return "over" if s.over else "roll" if s.chance else "move"


def _last_roll(game: RoyalHistory, at: int) -> dict[str, int] | None:
    for i in range(at - 1, -1, -1):
        a = game.actions[i]
        if a.code == ROLLED:
            return {"seat": game.actors[i], "roll": a.n}
    return None


def _turns(game: RoyalHistory, at: int) -> int:
    """Turns completed by ply ``at``: each change of the seat to move ends one (a rosette's extra
    throw stays in the same turn)."""
    return sum(game.state_at(i).to_move != game.state_at(i + 1).to_move for i in range(at))


def _body(game: RoyalHistory, at: int) -> dict[str, Any]:
    s = game.state_at(at)
    cells: list[int | None] = [None] * SQUARES
    for seat in (0, 1):
        for sq in s.squares(seat):
            cells[path_cell(seat, sq)] = seat
    rolled = not s.over and not s.chance
    return {
        "cells": cells,
        "waiting": [s.waiting(p) for p in (0, 1)],
        "off": [s.off(p) for p in (0, 1)],
        "pieces": PIECES,
        "active": s.to_move,
        "phase": phase_of(s),
        "roll": s.roll if rolled else None,
        "dice": dice_of(s.roll) if rolled else None,
        "last_roll": _last_roll(game, at),
        "turns": _turns(game, at),
        "winner": s.winner if s.over else None,
    }


def targets_of(s: RoyalState) -> dict[str, Any]:
    """The legal choices now, keyed by what a player clicks (see the module's docstring)."""
    if s.over:
        return {}
    if s.chance:
        return {"roll": ROLL_TEXT}
    seat = s.to_move
    moves = {
        str(square_cell(seat, m.n)): {"to": square_cell(seat, m.n + s.roll), "action": str(m)}
        for m in legal_moves(s, seat, s.roll)
    }
    return {"moves": moves}


def prompt_of(s: RoyalState) -> str:
    name = SEAT_NAMES[s.to_move]
    if s.chance:
        return f"{name} to throw the dice."
    return f"{name} rolled {s.roll}: move a piece {s.roll} square{'' if s.roll == 1 else 's'}."


def _move_squares(game: RoyalHistory, ply: int) -> list[int]:
    """The cells an action (1-based ``ply``) touched: a move's start and end, and the tray a captured
    piece went back to; a throw touches none."""
    action = game.actions[ply - 1]
    if action.code != MOVE:
        return []
    seat = game.actors[ply - 1]
    before = game.state_at(ply - 1)
    cells = [square_cell(seat, action.n), square_cell(seat, action.n + before.roll)]
    if any(e.kind == "captured" for e in game.events[ply - 1]):
        cells.append(waiting_cell(1 - seat))
    return cells


def _last_move(game: RoyalHistory, ply: int) -> dict[str, Any]:
    """Action ``ply`` (1-based) as the envelope's ``last_move`` shapes it; a throw of 0 (or one with no
    move) is the turn's pass."""
    action = game.actions[ply - 1]
    passed = action.code == ROLLED and any(e.kind == "passed" for e in game.events[ply - 1])
    return {
        "ply": ply,
        "seat": game.actors[ply - 1],
        "action": str(action),
        "squares": _move_squares(game, ply),
        **({"passed": True} if passed else {}),
    }


def _turn_of(game: RoyalHistory, ply: int) -> object:
    """Which turn ply ``ply`` (1-based) belongs to: the seat to move before it (a turn is the plies of
    one seat in a row). The state after the last ply of a finished game starts no turn."""
    before = game.state_at(ply - 1)
    return ("over", ply) if before.over else before.to_move


def present(
    game: RoyalHistory, seat: int | None, ply: int | None = None, *, revision: int = 0, log_window: int = LOG_WINDOW
) -> dict[str, Any]:
    """The view JSON of ``game`` seen by ``seat`` (None: all-seeing; nothing is hidden in this game)
    after ``ply`` actions (default: the latest)."""
    if getattr(game, "name", None) != GAME or not callable(getattr(game, "state_at", None)):
        raise TypeError(f"the Royal Game of Ur presenter shows a RoyalGame, not {type(game).__name__}")
    n = len(game)
    if seat is not None and (type(seat) is not int or not 0 <= seat < game.players):
        raise ValueError(f"seat must be 0..{game.players - 1} or None, not {seat!r}")
    at = n if ply is None else ply
    if type(at) is not int or not 0 <= at <= n:
        raise ValueError(f"ply must be 0..{n}, not {at!r}")
    if type(log_window) is not int or log_window < 0:
        raise ValueError(f"log_window must be a whole number, 0 or more, not {log_window!r}")
    s = game.state_at(at)
    deciding = None if s.over else s.to_move
    mine = deciding is not None and at == n and (seat is None or seat == deciding)
    decision = None
    if deciding is not None:
        kind = "chance" if s.chance else "move"
        decision = {"seat": deciding, "kind": kind, "prompt": prompt_of(s), "mine": mine}
    end = min(n, at + LOG_AHEAD) if at < n else n
    actions, actors, batches = game.actions, game.actors, game.events
    log = [
        {
            "ply": i + 1,
            "seat": actors[i],
            "action": str(actions[i]),
            "events": [
                {"kind": e.kind, "rule": e.rule, "section": _section(e.rule), "text": e.text} for e in batches[i]
            ],
            **({"future": True} if i >= at else {}),
        }
        for i in range(max(0, at - log_window), end)
    ]
    result = None
    if s.over:
        result = [
            # no "points" in this race: the table says how many pieces each seat bore off
            {"seat": p, "rank": 1 if p == s.winner else 2, "columns": [["borne off", s.off(p)]]}
            for p in sorted((0, 1), key=lambda p: p != s.winner)
        ]
    return envelope(
        GAME,
        body=_body(game, at),
        seats=[{"seat": p, "name": SEAT_NAMES[p], "colour": SEAT_COLOURS[p]} for p in (0, 1)],
        viewer=seat,
        ply=at,
        length=n,
        decision=decision,
        targets=targets_of(s) if mine else {},
        over=s.over,
        result=result,
        state_id=f"{revision}.{at}",
        last_move=_last_move(game, at) if at else None,
        last_turn=turn_moves(at, lambda i: _turn_of(game, i), lambda i: _last_move(game, i)),
        log=log,
    )


def _section(rule: str) -> str:
    """The rule code with what it is about, for the log's tooltips (codes of refusals only)."""
    about = RULE_CODES.get(rule)
    return f"{rule}: {about}" if about else rule


def _cell_of(value: object) -> int:
    if type(value) is not int or not 0 <= value < SQUARES:
        raise ValueError(f"intent 'piece' must be a cell 0..{SQUARES - 1}, not {value!r:.40}")
    return value


def intent_action(view: Mapping[str, Any], content: Mapping[str, Any]) -> str:
    """The action text of an intent from the board, in one of two forms:

    * ``{"action": "<text>"}`` — an action looked up in the targets (the roll request, a move) or typed;
    * ``{"piece": cell}`` — a click on a piece (or on a waiting tray: a piece to enter): its move
      from the targets, else the move such a click would mean (``move n``, n the piece's path square)
      so that the engine names the rule that forbids it.

    :raises ValueError: malformed, or a click that can mean no move now (saying why).
    """
    if not isinstance(content, Mapping):
        raise ValueError(f"an intent is a JSON object, not {type(content).__name__}")
    unknown = set(content) - INTENT_FIELDS
    if unknown:
        raise ValueError(f"intent has unknown field(s): {', '.join(sorted(map(str, unknown)))[:80]}")
    if ("action" in content) == ("piece" in content):
        raise ValueError("an intent of the Royal Game of Ur needs exactly one of 'action' or 'piece'")
    if "action" in content:
        action = content["action"]
        if not isinstance(action, str):
            raise ValueError("intent needs a string 'action'")
        return action
    cell = _cell_of(content["piece"])
    where = f"({cell % COLUMNS},{cell // COLUMNS})"
    targets = view.get("targets") if isinstance(view, Mapping) else None
    moves = targets.get("moves") if isinstance(targets, Mapping) else None
    move = moves.get(str(cell)) if isinstance(moves, Mapping) else None
    if isinstance(move, Mapping) and isinstance(move.get("action"), str):
        return str(move["action"])
    d = view.get("decision") if isinstance(view, Mapping) else None
    mover = d.get("seat") if isinstance(d, Mapping) else None
    if type(mover) is not int or mover not in (0, 1):
        raise ValueError(f"A click on {where} plays nothing: the game is over")
    square = cell_square(mover, cell)
    if square < 0 or square == OFF:
        raise ValueError(f"A click on {where} plays nothing: no piece of {SEAT_NAMES[mover]} can stand there to move")
    return f"move {square}"
