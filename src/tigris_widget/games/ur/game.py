"""``UrGame``: a start (seed or position) plus the steps played, one state snapshot per step.

>>> from tigris_widget.games.ur import UrGame
>>> g = UrGame.new(players=4, seed=2006)
>>> g.decision.kind
'place'
>>> events = g.play_line("P0: place (2,2)")
>>> g.undo()
Step(kind='place', a=14, b=-1, n=0, s='')
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tigris_widget.core.checks import MAX_SEED, MAX_SHOWN, add_once, check_seat, check_seed, read_whole, shown
from tigris_widget.core.errors import IllegalActionError, PositionError
from tigris_widget.core.events import Event
from tigris_widget.core.history import History, places_of
from tigris_widget.games.ur.engine.accessors import UrPosition
from tigris_widget.games.ur.engine.board import generate
from tigris_widget.games.ur.engine.rules import (
    Decision,
    Standing,
    apply_unchecked,
    decision,
    legal_actions,
    new_state,
    standings,
    why_illegal,
)
from tigris_widget.games.ur.engine.state import (
    PH_INITIAL,
    PH_OVER,
    PH_PLACE,
    PH_RESTART,
    PH_TURN,
    UrOptions,
    UrState,
    check_players,
    make_options,
)
from tigris_widget.games.ur.engine.steps import Step, parse_step
from tigris_widget.games.ur.formats.notation import compose, format_line
from tigris_widget.games.ur.formats.position import format_position, parse_position
from tigris_widget.games.ur.formats.record import read_record, write_record

__all__ = ["UrGame", "UrView"]


@dataclass(frozen=True)
class UrView:
    """What a seat may know: everything (Ur has no hidden information), as a copy."""

    seat: int | None
    state: UrState
    decision: Decision | None
    lines: tuple[str, ...]
    position: str


class UrGame(History[UrState, Step]):
    """A game of *Ur* in progress. Create one with ``new``, ``from_position`` or ``from_record``."""

    name = "ur"
    ACTION_WORD = "step"
    """The game's registry name (``tigris_widget.core.protocol.GameLike``)."""

    def __init__(self, start: UrState, origin: dict[str, Any]) -> None:
        """Low-level constructor; ``origin`` says how the start was made (for the record)."""
        super().__init__(start)
        self._origin = origin

    # -- creating games ------------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int = 4, seed: int | None = None, options: Mapping[str, Any] | None = None) -> UrGame:
        """A new game laid out by the reference generator (§2.3).

        :param players: 3 or 4 (2 with ``allowTwoPlayers``).
        :param seed: fixes layout, hands, spares and start player; drawn at random (and recorded) if None.
        :param options: §0.5 names: ``layout`` colour/face, ``warTileDiscount``, ``agricultureOnEmpty``,
            ``allowTwoPlayers`` (true/false), ``turnLimit`` (none or a positive int); Python values or
            their words (``"true"``, ``"3"``).
        :raises ValueError: naming the option or argument that is wrong.
        """
        opts = make_options(options)
        n = check_players(players, opts)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        seed = check_seed(seed)  # a seed the record can write
        state = new_state(n, opts, generate(seed, n, opts.layout))
        return cls(state, {"players": n, "seed": seed, "options": opts})

    @classmethod
    def from_position(cls, text: str) -> UrGame:
        """A game starting at a §12.3 position (setup, initial exchange, play or game over)."""
        state = parse_position(text)
        return cls(state, {"position": format_position(state)})

    def to_position(self) -> str:
        """The canonical §12.3 text of the current position. A position lies between turns (or setup
        steps): while a turn is under way this is the position at its start, so the text always
        describes a real state of the game that ``from_position`` restores exactly."""
        for s in reversed(self._states):
            if s.phase in (PH_PLACE, PH_INITIAL, PH_RESTART, PH_OVER) or (s.phase == PH_TURN and not s.started):
                return format_position(s)
        return format_position(self._states[0])  # pragma: no cover - every game starts between turns

    # -- the state now -------------------------------------------------------------------------------
    @property
    def _now(self) -> UrState:
        return self._states[-1]

    @property
    def state(self) -> UrState:
        """A copy of the current engine state (changing it changes nothing here)."""
        return self._now.clone()

    # -- readable accessors -------------------------------------------------------------
    @property
    def position(self) -> UrPosition:
        """The state now in readable names: ``.at((x, y))``, ``.player(p)``, ``.spares``, ``.to_move``…."""
        return UrPosition.of(self._now)

    @property
    def players(self) -> int:
        return self._now.n

    @property
    def options(self) -> dict[str, str]:
        """The §0.5 options as the words written in texts."""
        return self._now.opts.values()

    @property
    def decision(self) -> Decision | None:
        """Who decides now, what kind of decision, every legal step (sorted) and a prompt; None once over."""
        return decision(self._now)

    @property
    def to_move(self) -> int | None:
        return None if self._now.over else self._now.decider

    @property
    def is_over(self) -> bool:
        return self._now.over

    @property
    def end_reason(self) -> str | None:
        """``"no-exchange"`` (§9.1), ``"ziggurats"`` (§9.2), ``"turn-limit"`` (§9.3); None while playing
        ("" for a game that began at a game-over position)."""
        return self._now.end_reason if self._now.over else None

    def legal_actions(self) -> list[Step]:
        return legal_actions(self._now)

    def is_legal(self, action: object) -> bool:
        try:
            return why_illegal(self._now, self._as_step(action)) is None
        except ValueError:
            return False

    def standings(self) -> list[Standing]:
        """The §10 scores now, best first (points with the better hand side, cubes on the grid, place;
        equal points and cubes share a place), seats in order within a place."""
        return sorted(standings(self._now), key=lambda r: (r.place, r.seat))

    @property
    def result(self) -> list[Standing] | None:
        """The final standings in seat order; None until the end."""
        return standings(self._now) if self._now.over else None

    @property
    def ranking(self) -> list[tuple[int, ...]] | None:
        """The places from first to last, each a tuple of the seats sharing it; None until the end."""
        result = self.result
        return None if result is None else places_of(result)

    # -- history -------------------------------------------------------------------------------------
    @property
    def events(self) -> list[list[Event]]:
        """The events of each step played, in order."""
        return [list(batch) for batch in self._events]

    def state_at(self, ply: int) -> UrState:
        """A copy of the state after ``ply`` steps (0 = the start)."""
        return self._states[self._check_ply(ply)].clone()

    # -- playing -------------------------------------------------------------------------------------
    @staticmethod
    def _as_step(action: object) -> Step:
        if type(action) is Step:  # never a subclass: its own __eq__ and fields are not trusted
            return action
        if isinstance(action, str):
            return parse_step(action)
        raise IllegalActionError(f"§12 S1: not a step action: {shown(action, MAX_SHOWN)}", "§12 S1")

    def _check_seat(self, seat: object) -> None:
        if seat is None:
            return
        check_seat(seat, self._now.n)
        if self._now.over:
            raise IllegalActionError("§9 G1: the game is over", "§9 G1")
        if seat != self._now.decider:
            raise IllegalActionError(f"§12 S3: it is P{self._now.decider}'s decision, not P{seat}'s", "§12 S3")

    def apply(self, action: Step | str, seat: int | None = None) -> list[Event]:
        """Play one step (or its text) and return its events.

        :param seat: when given, refused (rule ``§12 S3``) unless that seat decides now.
        :raises IllegalActionError: refused now (``.rule`` is a code of ``RULE_CODES``).
        :raises NotationError: the text cannot be read. The game is unchanged in every case.
        """
        self._check_seat(seat)
        step = self._as_step(action)
        problem = why_illegal(self._now, step)
        if problem is not None:
            rule, text = problem
            raise IllegalActionError(f"{rule}: {text}", rule)
        return self._push(step)

    def _push(self, step: Step) -> list[Event]:
        state = self._now.clone()
        actor = state.decider
        events: list[Event] = []
        apply_unchecked(state, step, events)
        self._record(state, step, actor, events)
        return list(events)

    def play(self, *actions: Step | str) -> list[Event]:
        """Apply several steps in order; all or nothing (on an error nothing changes)."""
        return self._play_all(actions, self.apply)

    def _label(self, action: object) -> str:
        """A step by its notation (text cut as every game cuts it)."""
        return str(action) if type(action) is Step else super()._label(action)

    def play_line(self, line: str) -> list[Event]:
        """Play one whole §12.2 line (a setup step or a turn), atomically; returns its events.

        :raises IllegalActionError: naming the item and the rule; :raises NotationError: naming the
            column. The game is unchanged on any error."""
        steps = compose(self._now, line)
        events: list[Event] = []
        for step in steps:
            events += self._push(step)
        return events

    def clone(self) -> UrGame:
        """An independent copy with the same history (snapshots are shared: they never change)."""
        g = UrGame(self._states[0], dict(self._origin))
        self._copy_history(g)
        return g

    def view(self, seat: int | None) -> UrView:
        """What ``seat`` may know: the whole public state (there is nothing hidden in Ur)."""
        check_seat(seat, self._now.n)
        return UrView(seat, self._now.clone(), self.decision, tuple(self.lines), self.to_position())

    # -- lines and records ---------------------------------------------------------------------------
    def _groups(self) -> list[tuple[bool, list[int]]]:
        """The plies of each complete line, with whether it is a setup line."""
        groups: list[tuple[bool, list[int]]] = []
        key = None
        for i in range(len(self._actions)):
            pre = self._states[i]
            k = (pre.line, pre.phase in (PH_PLACE, PH_INITIAL))
            if k != key:
                groups.append((k[1], []))
                key = k
            groups[-1][1].append(i)
        now = self._now
        if groups and not now.over and (now.line, now.phase in (PH_PLACE, PH_INITIAL)) == key:
            groups.pop()  # a turn under way has no line yet
        return groups

    @property
    def lines(self) -> list[str]:
        """The canonical §12.2 line of every complete setup step and turn played."""
        out = []
        for _, plies in self._groups():
            entries = [(self._states[i], self._actions[i]) for i in plies]
            out.append(format_line(entries, self._states[plies[-1] + 1]))
        return out

    def to_record(self) -> str:
        """The §12.4 game record (a turn under way is left out)."""
        origin = self._origin
        if "position" in origin:
            head = [f"players {self.players}", "position", *str(origin["position"]).rstrip("\n").split("\n")]
        else:
            opts: UrOptions = origin["options"]
            values = opts.values()
            changed = opts.changed()
            words = [f"{k}={values[k]}" for k in ("warTileDiscount", "agricultureOnEmpty")]
            words += [f"{k}={values[k]}" for k in ("allowTwoPlayers", "turnLimit") if f"{k}={values[k]}" in changed]
            head = [f"players {origin['players']}", f"seed {origin['seed']}", f"layout {values['layout']}",
                    "options " + " ".join(words)]  # fmt: skip
        lines = [(setup, line) for (setup, _), line in zip(self._groups(), self.lines)]
        return write_record(head, lines, self._result_line() if self.is_over else "")

    def _result_line(self) -> str:
        ordered = sorted(standings(self._now), key=lambda r: (r.place, r.seat))
        scores = " ".join(f"P{r.seat}={r.points}" for r in ordered)
        winners = " ".join(f"P{r.seat}" for r in ordered if r.place == 1)
        flag = " turn-limit" if self._now.end_reason == "turn-limit" else ""
        return f"result {scores} winner {winners}{flag}"

    @classmethod
    def from_record(cls, text: str) -> UrGame:
        """Replay a §12.4 record; PositionError names the first line that is wrong."""
        data = read_record(text)
        header, where = data.header, data.where
        try:
            if "players" not in header:
                raise PositionError("a record needs 'players' and 'seed' (or a 'position' block)")
            players = read_whole(header["players"], f"line {where['players']}: players", 4)
            if data.position:
                beside = [key for key in ("seed", "layout", "options") if key in header]
                if beside:  # the position fixes all of them: a value here would be silently ignored
                    raise PositionError(f"line {where[beside[0]]}: a record that starts at a position has no "
                                        f"{beside[0]!r} (the position's header holds it)")  # fmt: skip
                game = cls.from_position(data.position)
                if game.players != players:
                    raise PositionError(f"line {where['players']}: players {players}, but the position (line "
                                        f"{where['position']}) is of {game.players} players")  # fmt: skip
            else:
                if "seed" not in header:
                    raise PositionError("a record needs 'players' and 'seed' (or a 'position' block)")
                options: dict[str, str] = {}
                if "layout" in header:
                    options["layout"] = header["layout"]
                for word in header.get("options", "").split():
                    name, eq, value = word.partition("=")
                    if not eq:
                        raise PositionError(
                            f"line {where['options']}: option {shown(word, MAX_SHOWN)} is not name=value"
                        )
                    try:
                        add_once(options, name, value)
                    except ValueError as err:
                        raise PositionError(f"line {where['options']}: {err}") from None
                word = header["seed"]
                seed = read_whole(word.removeprefix("-"), f"line {where['seed']}: seed", MAX_SEED)
                seed = -seed if word.startswith("-") else seed
                game = cls.new(players, seed, options)
        except ValueError as err:
            raise PositionError(f"record header: {err}") from None
        for no, line, setup in data.moves:
            now = game._now
            if setup != (now.phase in (PH_PLACE, PH_INITIAL)) and not now.over:
                raise PositionError(f"line {no} ({shown(line, MAX_SHOWN)}): a {'turn' if setup else 'setup'} line "
                                    f"under '{'setup' if setup else 'play'}'")  # fmt: skip
            try:
                game.play_line(line)
            except ValueError as err:
                raise PositionError(f"line {no} ({shown(line, MAX_SHOWN)}): {err}") from None
        no, result = data.result
        if result:
            if not game.is_over:
                raise PositionError(f"line {no}: a result line, but the game is not over")
            if result != game._result_line():
                raise PositionError(
                    f"line {no}: the result does not match the game: {shown(game._result_line(), MAX_SHOWN)}"
                )
        return game

    def _repr_svg_(self) -> str:
        """The current position as an SVG picture, where widgets do not run."""
        from tigris_widget.core.picture import fit
        from tigris_widget.games.ur.present.svg import picture_svg
        from tigris_widget.games.ur.present.view import present

        return fit(picture_svg(present(self, None)), wide=None)

    def _repr_png_(self) -> tuple[bytes, dict[str, Any]] | None:
        """The same picture as a PNG, which JupyterLab shows in an untrusted notebook (it shows no SVG there)."""
        from tigris_widget.core.picture import png_repr

        return png_repr(self._repr_svg_())

    def __repr__(self) -> str:
        s = self._now
        where = "over" if s.over else (self.decision.prompt if self.decision else "")
        variant = " (two-player variant)" if s.n == 2 else ""
        return f"<UrGame {s.n} players{variant}, {len(self._actions)} steps, {where}>"
