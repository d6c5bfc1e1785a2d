"""Every rule of the Royal Game of Ur (§3–§7): the legal actions, their refusals and their effects.

A turn is two steps: the dice are thrown (a chance step, its outcome a ``Rolled`` action), then the
seat moves one piece by the roll (a ``Move``). A roll of 0, or one with no legal move, passes the turn
as part of the roll's effect, so a move decision always has a choice. These functions are the hot path
of the bots: no copies, no checks in ``apply_unchecked``.
"""

from __future__ import annotations

from tigris_widget.core.events import Event
from tigris_widget.games.royal.engine.actions import MOVE, ROLL, Action, Move, Rolled
from tigris_widget.games.royal.engine.board import (
    CENTRAL,
    OFF,
    OUTCOMES,
    PIECES,
    SEAT_NAMES,
    is_rosette,
    is_shared,
    path_xy,
)
from tigris_widget.games.royal.engine.state import ROLL_PENDING, STRIDE, RoyalState

ROLLS: tuple[Action, ...] = tuple(Rolled(n) for n in OUTCOMES)
"""The five outcomes of a throw, in order (``board.PROBABILITIES`` gives their chances)."""
_MOVES: tuple[Action, ...] = tuple(Move(sq) for sq in range(OFF))


def move_problem(s: RoyalState, seat: int, square: int, roll: int) -> tuple[str, str] | None:
    """Why ``seat`` may not move its piece on ``square`` by ``roll`` (rule code, words); None if it may."""
    counts = s.counts
    base = seat * STRIDE
    if not 0 <= square < OFF or counts[base + square] == 0:
        where = "waits to enter" if square == 0 else f"stands on path square {square}"
        return "§5.1 M1", f"no piece of {SEAT_NAMES[seat]} {where}"
    target = square + roll
    if target > OFF:
        return (
            "§5.5 M2",
            f"a roll of {roll} carries the piece on {square} past the end (bearing off needs exactly {OFF - square})",
        )
    if target < OFF and counts[base + target]:
        return "§5.2 M3", f"{SEAT_NAMES[seat]}'s own piece stands on path square {target}"
    if target == CENTRAL and counts[(1 - seat) * STRIDE + CENTRAL]:
        return "§5.4 M4", f"{SEAT_NAMES[1 - seat]}'s piece is safe on the central rosette"
    return None


def legal_moves(s: RoyalState, seat: int, roll: int) -> list[Action]:
    """``seat``'s legal moves with ``roll`` (empty for 0), by the square they start from."""
    if roll <= 0:
        return []
    counts = s.counts
    base = seat * STRIDE
    other = (1 - seat) * STRIDE
    out: list[Action] = []
    for square in range(OFF):
        if counts[base + square] == 0:
            continue
        target = square + roll
        if target > OFF or (target < OFF and counts[base + target]):
            continue
        if target == CENTRAL and counts[other + CENTRAL]:
            continue
        out.append(_MOVES[square])
    return out


def legal(s: RoyalState) -> list[Action]:
    """The actions possible now: the five outcomes while the dice are to be thrown, else the moves;
    empty once the game is over."""
    if s.winner >= 0:
        return []
    if s.roll == ROLL_PENDING:
        return list(ROLLS)
    return legal_moves(s, s.to_move, s.roll)


def why_illegal(s: RoyalState, action: Action) -> tuple[str, str] | None:
    """Why the engine refuses ``action`` now (rule code, words); None if it is legal. The roll request
    ``Roll()`` is the facade's: the engine plays outcomes."""
    if s.winner >= 0:
        return "§7 G1", f"the game is over: {SEAT_NAMES[s.winner]} has won"
    if action.code != MOVE:
        if s.roll != ROLL_PENDING:
            return "§4 T2", f"{SEAT_NAMES[s.to_move]} has rolled {s.roll} and must move a piece"
        if action.code == ROLL:
            return "§8 S1", "the engine plays what the dice showed ('roll N'), not the request"
        return None
    if s.roll == ROLL_PENDING:
        return "§4 T1", f"{SEAT_NAMES[s.to_move]} must throw the dice before moving"
    return move_problem(s, s.to_move, action.n, s.roll)


def apply_unchecked(s: RoyalState, action: Action, events: list[Event] | None = None) -> None:
    """Play a legal action (an outcome or a move) on ``s`` in place; ``events`` collects what happened."""
    if action.code == MOVE:
        _move(s, action.n, events)
    else:
        _rolled(s, action.n, events)


def _rolled(s: RoyalState, roll: int, events: list[Event] | None) -> None:
    seat = s.to_move
    if roll > 0 and legal_moves(s, seat, roll):
        s.roll = roll
        if events is not None:
            name = SEAT_NAMES[seat]
            events.append(Event("rolled", "§3", f"{name} rolls {roll}.", {"roll": roll}, seat))
        return
    s.to_move = 1 - seat
    s.roll = ROLL_PENDING
    if events is not None:
        name, other = SEAT_NAMES[seat], SEAT_NAMES[1 - seat]
        why = "" if roll == 0 else " and has no legal move"
        text = f"{name} rolls {roll}{why}: the turn passes to {other}."
        events.append(Event("passed", "§4", text, {"roll": roll}, seat))


def _move(s: RoyalState, square: int, events: list[Event] | None) -> None:
    seat, roll = s.to_move, s.roll
    counts = s.counts
    base = seat * STRIDE
    target = square + roll
    counts[base + square] -= 1
    counts[base + target] += 1
    captured = False
    if is_shared(target) and counts[(1 - seat) * STRIDE + target]:
        counts[(1 - seat) * STRIDE + target] = 0
        counts[(1 - seat) * STRIDE] += 1
        captured = True
    s.roll = ROLL_PENDING
    again = False
    if counts[base + OFF] == PIECES:
        s.winner = seat
    elif is_rosette(target):
        again = True
    else:
        s.to_move = 1 - seat
    if events is not None:
        _narrate(s, seat, square, target, captured, again, events)


def _narrate(
    s: RoyalState, seat: int, square: int, target: int, captured: bool, again: bool, events: list[Event]
) -> None:
    name, other = SEAT_NAMES[seat], SEAT_NAMES[1 - seat]
    data = {"from": square, "to": target, "roll": target - square}
    if target == OFF:
        text, rule = f"{name} bears a piece off ({s.off(seat)} of {PIECES} off).", "§5.5"
    else:
        x, y = path_xy(seat, target)
        where = f"({x},{y})"
        verb = "enters a piece on" if square == 0 else f"moves from path square {square} to"
        text, rule = f"{name} {verb} path square {target} {where}.", "§5.1"
    events.append(Event("moved", rule, text, data, seat))
    if captured:
        text = f"{name} captures {other}'s piece on path square {target}: it goes back to the start."
        events.append(Event("captured", "§5.3", text, {"square": target}, seat))
    if s.winner >= 0:
        events.append(Event("won", "§7", f"{name} has borne off all {PIECES} pieces and wins.", {}, seat))
    elif again:
        events.append(Event("rosette", "§6", f"{name} lands on a rosette and throws again.", {"square": target}, seat))


def pips(s: RoyalState, seat: int) -> int:
    """How many squares ``seat``'s pieces still have to travel to bear off (105 at the start)."""
    base = seat * STRIDE
    return sum((OFF - sq) * s.counts[base + sq] for sq in range(OFF))


def check_state(s: RoyalState) -> str | None:
    """What makes ``s`` no state of a game (None: nothing): seven pieces a seat, at most one on each board
    square, the shared squares held by one seat, a roll with a legal move, a winner with seven off."""
    if len(s.counts) != 2 * STRIDE or any(c < 0 for c in s.counts):
        return "the piece counts are malformed"
    for seat in (0, 1):
        base = seat * STRIDE
        if sum(s.counts[base : base + STRIDE]) != PIECES:
            return f"{SEAT_NAMES[seat]} has {sum(s.counts[base : base + STRIDE])} pieces, not {PIECES}"
        for sq in range(1, OFF):
            if s.counts[base + sq] > 1:
                return f"{SEAT_NAMES[seat]} has {s.counts[base + sq]} pieces on path square {sq} (one at most)"
    for sq in range(5, 13):
        if s.counts[sq] and s.counts[STRIDE + sq]:
            return f"both seats have a piece on shared path square {sq}"
    if s.to_move not in (0, 1):
        return f"seat {s.to_move} is no seat (0 Light, 1 Dark)"
    full = [seat for seat in (0, 1) if s.off(seat) == PIECES]
    if full != ([s.winner] if s.winner >= 0 else []):
        return "the winner is the seat with all seven pieces borne off"
    if s.winner >= 0:
        return None if s.roll == ROLL_PENDING and s.to_move == s.winner else "a finished game has no roll"
    if s.roll != ROLL_PENDING and not (1 <= s.roll <= 4 and legal_moves(s, s.to_move, s.roll)):
        return f"{SEAT_NAMES[s.to_move]} has no legal move with a roll of {s.roll} (the turn would have passed)"
    return None
