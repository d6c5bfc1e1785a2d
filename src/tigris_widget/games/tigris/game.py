"""``Game``: a setup (or a starting position) plus the list of actions played, and the states they give.

This is the public face of the engine for notebooks, bots, the widget and scripts::

    >>> from tigris_widget import Game
    >>> game = Game.new(players=2, seed=7)
    >>> game.decision.kind
    'action'
    >>> events = game.apply(game.legal_actions()[0])
    >>> game.undo()
    Action.parse('tile k (0,0)')
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from tigris_widget.core.checks import check_seat, check_seed
from tigris_widget.core.history import History, places_of
from tigris_widget.games.tigris.engine.core.actions import MAX_NOTATION, Action, parse_action, shown
from tigris_widget.games.tigris.engine.core.errors import IllegalActionError, PositionError
from tigris_widget.games.tigris.engine.core.events import Event
from tigris_widget.games.tigris.engine.core.setup import GameSetup, normalize_options, normalize_variants
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.rules.deal import TileSpec, deal
from tigris_widget.games.tigris.engine.rules.decisions import Decision, decision, seat_problem
from tigris_widget.games.tigris.engine.rules.illegal import why_illegal
from tigris_widget.games.tigris.engine.rules.legal import legal_actions
from tigris_widget.games.tigris.engine.rules.position import Position
from tigris_widget.games.tigris.engine.rules.scoring import PlayerResult, final_results
from tigris_widget.games.tigris.engine.rules.turn import apply_unchecked
from tigris_widget.games.tigris.engine.rules.view import PlayerView, player_view
from tigris_widget.games.tigris.formats.record import GameRecord, loads_record, read_record, record_dict


class Game(History[GameState, Action]):
    """A game in progress: its start, the actions played, one state snapshot per action, and events.

    Create one with ``Game.new``, ``Game.from_position`` or ``Game.from_json``.
    """

    name = "tigris"
    """The game's registry name (``tigris_widget.core.protocol.GameLike``)."""

    def __init__(self, start: GameState, origin: dict[str, Any]) -> None:
        """Low-level constructor; ``origin`` is how the start was made (recorded in the JSON)."""
        super().__init__(start)
        self._origin = origin

    # -- creating games ------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        players: int = 2,
        seed: int | None = None,
        board: str = "classic",
        variants: Iterable[str] | str | None = (),
        options: Mapping[str, str] | None = None,
        *,
        dynasties: Sequence[str] = (),
        start_player: int | None = None,
        hands: Sequence[TileSpec] | None = None,
        bag: TileSpec | None = None,
    ) -> Game:
        """A new game (rules §3).

        :param players: 2, 3 or 4.
        :param seed: fixes the bag order and the start player; a random seed is chosen (and
            recorded) when None.
        :param board: ``"classic"`` (10 treasures) or ``"alternative"`` (14 treasures).
        :param variants: any of ``"buildings"`` (§17) and ``"ziggurat"`` (§18), as names or one
            string (``"buildings ziggurat"``; ``"none"`` for no variant).
        :param options: ``bag_empty_end`` (``"finish_turn"``/``"immediate"``, §14.2) and
            ``scores`` (``"open"``/``"hidden"``).
        :param dynasties: the dynasty of each seat, clockwise (default archer, bull, pot, lion).
        :param start_player: the seat that starts (default: drawn from the seed).
        :param hands: explicit starting hands, one string of colour codes per seat (``"rrkbbg"``).
        :param bag: the first tiles drawn from the bag, in order (``"rrg…"``); the rest follow
            shuffled by the seed. Without ``hands`` the initial hands are drawn from it too.
        :raises ValueError: for any impossible setting, naming it.
        """
        setup = GameSetup(players, board, normalize_variants(variants), normalize_options(options), tuple(dynasties))
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        seed = check_seed(seed)  # a seed the record can write
        state = deal(setup, seed, start_player, hands, bag)
        origin: dict[str, Any] = {"setup": setup.to_dict(), "seed": seed, "start_player": state.active}
        if hands is not None:
            origin["hands"] = [_tiles_text(h) for h in hands]
        if bag is not None:
            origin["bag"] = _tiles_text(bag)
        return cls(state, origin)

    @classmethod
    def from_state(cls, state: GameState) -> Game:
        """A game that starts at an arbitrary state (recorded through its position text)."""
        from tigris_widget.games.tigris.formats.positions import format_position

        return cls(state.clone(), {"position": format_position(state)})

    @classmethod
    def from_position(cls, text: str) -> Game:
        """A game starting at a position written in the text format of ``tigris_widget.games.tigris.formats.positions``."""
        from tigris_widget.games.tigris.formats.positions import parse_position

        return cls(parse_position(text), {"position": text})

    def to_position(self) -> str:
        """The current position as text (see ``tigris_widget.games.tigris.formats.positions``)."""
        from tigris_widget.games.tigris.formats.positions import format_position

        return format_position(self._now)

    # -- the state now -------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """A copy of the current state: changing it changes nothing in the game, its clones or its
        history. Change the game through ``apply``; read it through the accessors (``board``, …)."""
        return self._states[-1].clone()

    @property
    def _now(self) -> GameState:
        """The current state itself, for the game's own reading (never handed out)."""
        return self._states[-1]

    @property
    def position(self) -> Position:
        """The current position, read through accessors: ``game.position.at((5, 3))``,
        ``.kingdoms()``, ``.player("lion")``, ``.conflict`` … (all-seeing; see ``engine.rules.position``)."""
        return Position.of_state(self._now)

    def position_at(self, ply: int) -> Position:
        """The position after ``ply`` actions (0 = the start)."""
        return Position.of_state(self._states[self._check_ply(ply)])

    @property
    def setup(self) -> GameSetup:
        return self._now.setup

    @property
    def decision(self) -> Decision | None:
        """Who must decide now, what kind of decision, and the legal choices; None once over."""
        return decision(self._now)

    @property
    def to_move(self) -> int | None:
        """The seat that must decide now (None once the game is over)."""
        return None if self._now.over else self._now.decider

    def legal_actions(self) -> list[Action]:
        """Every legal choice for the pending decision, in a stable sorted order."""
        return legal_actions(self._now)

    def is_legal(self, action: Action | str) -> bool:
        try:
            return why_illegal(self._now, self._as_action(action)) is None
        except ValueError:
            return False

    @property
    def is_over(self) -> bool:
        return self._now.over

    @property
    def result(self) -> list[PlayerResult] | None:
        """Final results in seat order (rank, VP per colour, treasures, score); None until the end."""
        return final_results(self._now) if self._now.over else None

    @property
    def players(self) -> int:
        return self._now.players

    def standings(self) -> list[PlayerResult]:
        """Every seat's result by the final scoring applied now (§15), best first; ties share a place."""
        return sorted(final_results(self._now), key=lambda r: (r.rank, r.seat))

    @property
    def ranking(self) -> list[tuple[int, ...]] | None:
        """The places from first to last, each a tuple of the seats sharing it (§15.4), e.g.
        ``[(1,), (0, 2)]``: seat 1 won, seats 0 and 2 tied for second. None until the end."""
        results = self.result
        return None if results is None else places_of(results)

    # -- history -------------------------------------------------------------------------------
    @property
    def events(self) -> list[list[Event]]:
        """The public events of each action played, in order (what everybody at the table saw)."""
        return [[e for e in batch if e.public] for batch in self._events]

    def events_seen_by(self, seat: int | None) -> list[list[Event]]:
        """The events of each action that ``seat`` may read: the public ones and its own private ones
        (what it drew). ``None`` asks for every event, private ones of all seats included."""
        check_seat(seat, self._now.players)
        return [[e for e in batch if e.visible_to(seat)] for batch in self._events]

    def state_at(self, ply: int) -> GameState:
        """A copy of the state after ``ply`` actions (0 = the start)."""
        return self._states[self._check_ply(ply)].clone()

    # -- playing -------------------------------------------------------------------------------
    def _as_action(self, action: Action | str) -> Action:
        """Notation is parsed; anything else goes to the legality check, which refuses non-actions."""
        return parse_action(action) if isinstance(action, str) else action

    def apply(self, action: Action | str, seat: int | None = None, *, private: bool = False) -> list[Event]:
        """Play one action (or its notation) and return the public events it caused.

        :param seat: the seat playing it; when given, the action is refused (rule ``§16 D1``) unless
            that seat must decide now. Scripts and widgets acting for one player should pass it.
        :param private: also return the private events (the tiles drawn, behind a player's screen).
            By default they are left out, so printing the result reveals no hand.
        :raises IllegalActionError: the rules forbid it now (``.rule`` holds the rule code, see
            ``errors.RULE_CODES``), including actions with out-of-range fields.
        :raises ValueError: the notation cannot be read. The game is unchanged in every case.
        """
        if seat is not None:
            refused = seat_problem(self._now, seat)
            if refused is not None:
                rule, text = refused
                raise IllegalActionError(f"{rule}: {text}.", rule)
        a = parse_action(action) if isinstance(action, str) else action
        now = self._states[-1]
        problem = why_illegal(now, a)
        if problem is not None:
            rule, text = problem
            raise IllegalActionError(f"{rule}: {text}.", rule)
        state = now.clone()
        events: list[Event] = []
        state.log = events
        actor = state.decider
        apply_unchecked(state, a)
        state.log = None
        self._record(state, a, actor, events)
        return [e for e in events if private or e.public]

    def play(self, *actions: Action | str, private: bool = False) -> list[Event]:
        """Apply several actions in order and return their events (``private`` as in ``apply``);
        all or nothing: on an error the game is unchanged and the error keeps its type and rule."""
        return self._play_all(actions, lambda a: self.apply(a, private=private))

    def _label(self, action: object) -> str:
        """An action by its notation; text cut to ``MAX_NOTATION`` characters."""
        return action[:MAX_NOTATION] if type(action) is str else shown(action, MAX_NOTATION)

    def clone(self) -> Game:
        """An independent copy with the same history."""
        g = Game.__new__(Game)
        g._origin = dict(self._origin)
        self._copy_history(g)
        return g

    def view(self, seat: int | None, ply: int | None = None) -> PlayerView:
        """What ``seat`` may know (``None``: the all-seeing view for teaching) now, or after the first
        ``ply`` actions."""
        check_seat(seat, self._now.players)
        at = len(self._actions) if ply is None else self._check_ply(ply)
        history = [(actor, str(a)) for actor, a in zip(self._actors[:at], self._actions[:at])]
        events = [e for batch in self._events[:at] for e in batch]
        return player_view(self._states[at], seat, history, events)

    # -- records -------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The game record: how it started plus every action in notation (see ``formats.record``)."""
        return record_dict(self._origin, self._actions)

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game:
        """Rebuild a game from its record, replaying (and validating) every action.

        :raises PositionError: the record is malformed or an action is illegal; the message names
            the field or the action's index."""
        return cls._replay(read_record(data))

    @classmethod
    def from_json(cls, text: str | Mapping[str, Any]) -> Game:
        """Rebuild a game from ``to_json`` output (a string or the parsed object)."""
        return cls._replay(loads_record(text))

    def to_record(self) -> str:
        """The game record as text (the JSON of ``to_json``), under the name every game uses."""
        return self.to_json()

    @classmethod
    def from_record(cls, text: str) -> Game:
        """Rebuild a game from ``to_record`` output."""
        return cls.from_json(text)

    @classmethod
    def _replay(cls, record: GameRecord) -> Game:
        if record.position is not None:
            try:
                game = cls.from_position(record.position)
            except PositionError as err:
                raise PositionError(f"position: {err}") from None
        else:
            setup = record.setup
            assert setup is not None
            game = cls.new(setup.players, record.seed, setup.board, setup.variants, setup.options,
                           dynasties=setup.dynasties, start_player=record.start_player, hands=record.hands,
                           bag=record.bag)  # fmt: skip
        for i, action in enumerate(record.actions):
            try:
                game.apply(action)
            except ValueError as err:
                raise PositionError(f"actions[{i}] {str(action)!r}: {err}") from err
        return game

    def to_html(self, path: str | Path, seat: int | None = None, *, title: str | None = None) -> Path:
        """Write the whole game as one self-contained HTML file that replays it on the canvas board
        (history slider, narrated log, keyboard) with no Python and no network; opens from file://.

        :param seat: only what this seat saw (no other hand is in the file); None: all-seeing.
        :raises ValueError: ``seat`` is not a seat of the game.
        """
        from tigris_widget.render.html import write_html

        return write_html(self, path, seat, title=title)

    def _repr_svg_(self) -> str:
        """The current position as an SVG picture (all-seeing), where widgets do not run."""
        from tigris_widget.core.picture import fit
        from tigris_widget.games.tigris.present.svg import board_svg
        from tigris_widget.games.tigris.present.viewjson import serialize_game

        return fit(board_svg(serialize_game(self, None)), wide=None)

    def _repr_png_(self) -> tuple[bytes, dict[str, Any]] | None:
        """The same picture as a PNG, which JupyterLab shows in an untrusted notebook (it shows no SVG there)."""
        from tigris_widget.core.picture import png_repr

        return png_repr(self._repr_svg_())

    def __repr__(self) -> str:
        s = self._now
        where = "over" if s.over else f"turn {s.turn}, {self.decision.prompt if self.decision else ''}"
        return f"<Game {s.players} players, {s.setup.board} board, {len(self._actions)} actions, {where}>"


def _tiles_text(spec: TileSpec) -> str:
    from tigris_widget.games.tigris.engine.core.types import COLOUR_CODES
    from tigris_widget.games.tigris.engine.rules.deal import parse_tiles

    return "".join(COLOUR_CODES[c] for c in parse_tiles(spec, "tiles"))
