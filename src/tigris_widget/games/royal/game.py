"""``RoyalGame``: the Royal Game of Ur as the shared layers play it — a start, the actions played and
one state per ply (``core.history.History``), with dice drawn from a private seed.

>>> from tigris_widget.games.royal import RoyalGame
>>> g = RoyalGame.new(seed=1)
>>> g.decision.kind, [str(a) for a in g.legal_actions()]
('chance', ['roll'])
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from tigris_widget.core.checks import MAX_SHOWN, check_seat, check_seed, shown, whole
from tigris_widget.core.errors import IllegalActionError, PositionError
from tigris_widget.core.events import Event
from tigris_widget.core.history import History, places_of
from tigris_widget.games.royal.engine import (
    SEAT_NAMES,
    SEAT_WORDS,
    Action,
    Move,
    Roll,
    Rolled,
    RoyalState,
    apply_unchecked,
    legal,
    make_action,
    parse_action,
    why_illegal,
)
from tigris_widget.games.royal.engine.actions import MOVE, ROLLED
from tigris_widget.games.royal.engine.board import PIECES
from tigris_widget.games.royal.engine.dice import OUTCOME_TEXTS, derived_seed, throw
from tigris_widget.games.royal.formats.notation import format_throw, parse_throw
from tigris_widget.games.royal.formats.position import format_position, parse_position
from tigris_widget.games.royal.formats.record import read_record, write_record

__all__ = ["RoyalDecision", "RoyalGame", "RoyalView", "Standing"]

_ACTION_TYPES = (Roll, Rolled, Move)


@dataclass(frozen=True)
class RoyalDecision:
    """Who decides what now. ``kind`` is ``"chance"`` (``seat`` throws the dice: the only choice is
    ``Roll()``, ``outcomes`` each outcome's text with its probability) or ``"move"`` (``seat`` moves a
    piece by the roll: ``choices`` are the legal moves, sorted)."""

    seat: int
    kind: str
    choices: tuple[Action, ...]
    prompt: str
    outcomes: tuple[tuple[str, float], ...] = ()


class Standing(NamedTuple):
    """One seat's score: pieces borne off; the winner is first (places shared while the game goes on)."""

    seat: int
    points: int
    place: int


@dataclass(frozen=True)
class RoyalView:
    """What a seat may know: the whole board (nothing is hidden), the decision, the position text; never
    the dice to come."""

    seat: int | None
    state: RoyalState
    decision: RoyalDecision | None
    position: str


def decision_of(s: RoyalState) -> RoyalDecision | None:
    if s.over:
        return None
    name = SEAT_NAMES[s.to_move]
    if s.chance:
        return RoyalDecision(s.to_move, "chance", (Roll(),), f"{name} throws the dice", OUTCOME_TEXTS)
    squares = "square" if s.roll == 1 else "squares"
    prompt = f"{name} rolled {s.roll}: move a piece {s.roll} {squares}"
    return RoyalDecision(s.to_move, "move", tuple(sorted(legal(s))), prompt)


def standings_of(s: RoyalState) -> list[Standing]:
    """Pieces borne off, best first; the winner alone first once the game is over."""
    keys = [(1 if s.winner == seat else 0, s.off(seat)) for seat in (0, 1)]
    rows = [Standing(seat, s.off(seat), 1 + sum(k > keys[seat] for k in keys)) for seat in (0, 1)]
    return sorted(rows, key=lambda r: (r.place, r.seat))


class RoyalGame(History[RoyalState, Action]):
    """A game of the Royal Game of Ur. Create one with ``new``, ``from_position`` or ``from_record``."""

    name = "royal"
    """The game's registry name (``core.protocol.GameLike``)."""

    def __init__(self, start: RoyalState, position: str, seed: int) -> None:
        """Low-level constructor: ``position`` is the start's text for the record ("" for the usual
        start); ``seed`` draws the dice and is never shown."""
        super().__init__(start)
        self._position = position
        self._seed = seed

    # -- creating games ------------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int = 2, seed: int | None = None, options: Mapping[str, Any] | None = None) -> RoyalGame:
        """A new game, Light to throw first. ``seed`` draws every throw (at random if None); there are no
        options. :raises ValueError: naming the argument that is wrong."""
        whole(players, "players", 2, 2)
        if options:
            raise ValueError(f"the Royal Game of Ur has no options, not {shown(dict(options), MAX_SHOWN)}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        return cls(RoyalState.start(), "", check_seed(seed))

    @classmethod
    def from_position(cls, text: str) -> RoyalGame:
        """A game starting at a position (§9); its throws are drawn from a seed derived from the text."""
        state = parse_position(text)
        canonical = format_position(state)
        return cls(state, "" if state == RoyalState.start() else canonical, derived_seed(canonical))

    @classmethod
    def from_record(cls, text: str) -> RoyalGame:
        """Replay a record (§10) exactly; later throws come from a seed derived from the record.
        :raises PositionError: naming the line that is wrong."""
        data = read_record(text)
        try:
            start = parse_position(data.position) if data.position else RoyalState.start()
        except PositionError as err:
            raise PositionError(f"the record's position: {err}") from None
        game = cls(start, format_position(start) if data.position else "", 0)
        last = len(data.throws) - 1
        for i, (no, line) in enumerate(data.throws):
            try:
                game._replay_throw(line, i == last)
            except ValueError as err:
                raise PositionError(f"line {no} ({shown(line, MAX_SHOWN)}): {err}") from None
        no, result = data.result
        if result:
            if not game.is_over:
                raise PositionError(f"line {no}: a result line, but the game is not over")
            if result != game._result_line():
                raise PositionError(f"line {no}: the result does not match the game: {game._result_line()!r}")
        game._seed = derived_seed(game.to_record())
        return game

    def _replay_throw(self, line: str, last: bool) -> None:
        seat, rolled, move = parse_throw(line)
        now = self._now
        if now.over:
            raise PositionError("the game is over")
        if seat != now.to_move:
            raise PositionError(f"it is {SEAT_WORDS[now.to_move]}'s throw, not {SEAT_WORDS[seat]}'s")
        if rolled is None:  # only a start whose roll is stated begins with a move alone
            if now.chance:
                raise PositionError("the line names no roll, and the dice are to be thrown")
        elif not now.chance:
            word = SEAT_WORDS[seat]
            raise PositionError(f"{word} has rolled {now.roll} already: write the move alone ('{word}: move N')")
        else:
            self._push(rolled)
        after = self._now
        if move is None:
            if not after.chance and not after.over and not last:
                raise PositionError(
                    f"{SEAT_WORDS[seat]} rolled {after.roll} and must move a piece: the line names none"
                )
            return
        if after.chance:
            raise PositionError(f"a roll of {rolled.n if rolled else 0} passes the turn: there is no move to make")
        problem = why_illegal(after, move)
        if problem is not None:
            raise IllegalActionError(f"{problem[0]}: {problem[1]}", problem[0])
        self._push(move)

    # -- the state now -------------------------------------------------------------------------------
    @property
    def _now(self) -> RoyalState:
        return self._states[-1]

    @property
    def state(self) -> RoyalState:
        """A copy of the current engine state (changing it changes nothing here)."""
        return self._now.copy()

    def state_at(self, ply: int) -> RoyalState:
        """A copy of the state after ``ply`` actions (0 = the start)."""
        return self._states[self._check_ply(ply)].copy()

    @property
    def players(self) -> int:
        return 2

    @property
    def decision(self) -> RoyalDecision | None:
        return decision_of(self._now)

    @property
    def to_move(self) -> int | None:
        return None if self._now.over else self._now.to_move

    @property
    def is_over(self) -> bool:
        return self._now.over

    @property
    def winner(self) -> int | None:
        return self._now.winner if self._now.over else None

    def legal_actions(self) -> list[Action]:
        d = self.decision
        return [] if d is None else list(d.choices)

    def standings(self) -> list[Standing]:
        return standings_of(self._now)

    @property
    def result(self) -> list[Standing] | None:
        """The final standings in seat order; None until the end."""
        return sorted(self.standings(), key=lambda r: r.seat) if self.is_over else None

    @property
    def ranking(self) -> list[tuple[int, ...]] | None:
        result = self.result
        return None if result is None else places_of(result)

    @property
    def events(self) -> list[list[Event]]:
        return [list(batch) for batch in self._events]

    # -- playing -------------------------------------------------------------------------------------
    @staticmethod
    def _as_action(action: object) -> Action:
        if type(action) in _ACTION_TYPES:  # never a subclass; fields re-checked (they can be assigned)
            a: Action = action  # type: ignore[assignment]
            return make_action(a.code, a.n)
        if isinstance(action, str):
            return parse_action(action)
        raise IllegalActionError(f"§8 S1: not an action of the Royal Game of Ur: {shown(action, MAX_SHOWN)}", "§8 S1")

    def _problem(self, action: Action) -> tuple[str, str] | None:
        """Why ``action`` is refused now, with the dice as the facade throws them."""
        now = self._now
        if not now.over and now.chance:
            if action == Roll():
                return None
            if action.code == ROLLED and action.n != throw(self._seed, len(self._actions)):
                # the message must not tell what the dice give
                return "§3 D1", f"'{action}' is not what the dice give here: play 'roll' to throw them"
        return why_illegal(now, action)

    def is_legal(self, action: object) -> bool:
        try:
            return self._problem(self._as_action(action)) is None
        except ValueError:
            return False

    def _check_seat(self, seat: object) -> None:
        if seat is None:
            return
        check_seat(seat, 2)
        assert type(seat) is int  # check_seat refused anything else
        if self._now.over:
            raise IllegalActionError("§7 G1: the game is over", "§7 G1")
        if seat != self._now.to_move:
            mover = SEAT_NAMES[self._now.to_move]
            raise IllegalActionError(f"§8 S2: it is {mover}'s decision, not {SEAT_NAMES[seat]}'s", "§8 S2")

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """Play one action (or its text): ``roll`` throws the dice (the history keeps the outcome,
        ``roll N``), ``move N`` moves a piece. ``seat``, when given, must be the seat to decide.

        :raises IllegalActionError: refused now (``.rule`` names the rule); :raises NotationError: the
            text cannot be read. The game is unchanged in every case."""
        self._check_seat(seat)
        a = self._as_action(action)
        problem = self._problem(a)
        if problem is not None:
            raise IllegalActionError(f"{problem[0]}: {problem[1]}", problem[0])
        if a == Roll():
            a = Rolled(throw(self._seed, len(self._actions)))
        return self._push(a)

    def _push(self, action: Action) -> list[Event]:
        state = self._now.copy()
        actor = state.to_move
        events: list[Event] = []
        apply_unchecked(state, action, events)
        self._record(state, action, actor, events)
        return list(events)

    def play(self, *actions: Action | str) -> list[Event]:
        """Apply several actions in order; all or nothing: on an error nothing changes, and the error
        names the action ("action 2 (move 4): …")."""
        return self._play_all(actions, self.apply)

    def _label(self, action: object) -> str:
        """An action by its notation (text cut as every game cuts it)."""
        return str(action) if type(action) in (Action, *_ACTION_TYPES) else super()._label(action)

    def clone(self) -> RoyalGame:
        """An independent copy with the same history and the same dice to come."""
        g = RoyalGame(self._states[0], self._position, self._seed)
        self._copy_history(g)
        return g

    def view(self, seat: int | None) -> RoyalView:
        """What ``seat`` may know (everything on the board; never the dice to come)."""
        check_seat(seat, 2)
        return RoyalView(seat, self._now.copy(), self.decision, self.to_position())

    # -- text forms ----------------------------------------------------------------------------------
    def to_position(self) -> str:
        """The position now (§9), the roll included when a piece must move."""
        return format_position(self._now)

    @property
    def lines(self) -> list[str]:
        """One record line per throw (§10): ``light: roll 3 move 0``."""
        out: list[str] = []
        actions = self._actions
        i = 0
        while i < len(actions):
            if actions[i].code == MOVE:  # the first move of a start whose roll was stated
                out.append(format_throw(self._actors[i], None, actions[i]))
                i += 1
                continue
            move = actions[i + 1] if i + 1 < len(actions) and actions[i + 1].code == MOVE else None
            out.append(format_throw(self._actors[i], actions[i], move))
            i += 1 if move is None else 2
        return out

    def to_record(self) -> str:
        """The whole game (§10), outcomes and moves: ``from_record`` replays it exactly."""
        return write_record(self._position, self.lines, self._result_line() if self.is_over else "")

    def _result_line(self) -> str:
        s = self._now
        return f"result light {s.off(0)} dark {s.off(1)} winner {SEAT_WORDS[s.winner]}"

    def _repr_svg_(self) -> str:
        """The current position as an SVG picture, where widgets do not run."""
        from tigris_widget.core.picture import fit
        from tigris_widget.games.royal.present.svg import picture_svg
        from tigris_widget.games.royal.present.view import present

        return fit(picture_svg(present(self, None)), wide=None)

    def _repr_png_(self) -> tuple[bytes, dict[str, Any]] | None:
        """The same picture as a PNG (JupyterLab shows no SVG in an untrusted notebook)."""
        from tigris_widget.core.picture import png_repr

        return png_repr(self._repr_svg_())

    def __repr__(self) -> str:
        s = self._now
        d = self.decision
        where = f"{SEAT_NAMES[s.winner]} won" if d is None else d.prompt
        return f"<RoyalGame {len(self._actions)} actions, off {s.off(0)}-{s.off(1)} of {PIECES}, {where}>"
