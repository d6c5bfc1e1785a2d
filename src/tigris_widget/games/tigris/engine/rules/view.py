"""Player views (design contract 4): what one seat may know, and sampling the rest for search.

``player_view`` is the only place that decides what is hidden (rules §16): other hands, the bag
and its order, discarded tiles, and — with hidden scores — other players' VP and treasures.

A ``PlayerView`` holds the public board and the seat's own knowledge in its own fields; it holds no
``GameState``, so no engine function can be run on a half-empty state by mistake. The one way from
a view back to a full state is ``determinize``, which deals the tiles the seat cannot see at random.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tigris_widget.games.tigris.engine.core.board import squares
from tigris_widget.games.tigris.engine.core.events import Event
from tigris_widget.games.tigris.engine.core.setup import GameSetup
from tigris_widget.games.tigris.engine.core.state import Conflict, GameState, empty_state
from tigris_widget.games.tigris.engine.core.types import COLOUR_NAMES, MONUMENTS, TILE_SUPPLY, Mask, Seat, Square
from tigris_widget.games.tigris.engine.rules.conflicts import conflict_summary
from tigris_widget.games.tigris.engine.rules.decisions import Decision, decision
from tigris_widget.games.tigris.engine.rules.draws import shuffle
from tigris_widget.games.tigris.engine.rules.position import Position, conflict_info
from tigris_widget.games.tigris.engine.rules.scoring import PlayerResult, final_results

Counts = tuple[int, int, int, int]
"""Tiles by colour (black, red, blue, green)."""


def unseen_tiles(s: GameState, seat: Seat) -> Counts:
    """Tiles by colour that ``seat`` cannot locate in ``s``: other hands, the bag, others' discards.

    The one home of this count: views, ``determinize`` and the bots' conflict estimates use it."""
    base = seat * 4
    return tuple(  # type: ignore[return-value]
        TILE_SUPPLY[c] - s.tiles[c].bit_count() - s.flipped[c] - s.out_public[c] - s.hands[base + c]
        - s.discards[base + c]
        for c in range(4)
    )  # fmt: skip


@dataclass(frozen=True)
class _Resolution:
    """Where the engine is in resolving an action: public knowledge, kept so ``determinize`` can
    rebuild a state that continues exactly where the real one is."""

    phase: int
    decider: Seat
    step: int
    conflict: Conflict | None
    placed: Square
    marker: Square
    regions: tuple[Mask, ...]
    bag_ran_out: bool


@dataclass(frozen=True)
class PlayerView:
    """The information set of ``seat`` (None: the all-seeing view, for teaching).

    Sets of squares are bit masks (see ``engine.core.board.squares`` to list them); per-player
    tuples are in seat order. What the seat may not know is absent: ``hand`` of another seat is
    not stored, hidden scores are ``None``.
    """

    seat: int | None
    setup: GameSetup
    turn: int
    active: Seat
    actions_left: int
    over: bool
    tiles: tuple[Mask, Mask, Mask, Mask]
    """Face-up civilization tiles by colour."""
    face_down: Mask
    flipped: Counts
    """Colours of the tiles turned face down under monuments (public when flipped)."""
    catastrophes: Mask
    treasures: Mask
    ziggurat: Mask
    tower: Square
    monuments: tuple[Square, ...]
    """Top-left square of each monument (index into ``types.MONUMENTS``), -1 in the supply."""
    buildings: tuple[Square, ...]
    """Square of each civilization building by colour, -1 in the supply."""
    leaders: tuple[Square, ...]
    """Square of each leader, ``seat * 4 + colour``, -1 in the supply (public)."""
    hands: tuple[Counts | None, ...]
    """Each seat's hand by colour, or None where this seat may not see it."""
    hand_sizes: tuple[int, ...]
    vp: tuple[Counts | None, ...]
    """Victory points by colour per seat; None where scores are hidden from this seat."""
    treasures_taken: tuple[int | None, ...]
    catastrophes_left: tuple[int, ...]
    discards: Counts | None
    """The colours this seat discarded face down in swaps (None for the all-seeing view's own)."""
    discard_counts: tuple[int, ...]
    bag_count: int
    out_of_game: Counts
    """Tiles out of the game that everybody saw leave, by colour."""
    conflict: dict[str, Any] | None
    """The revolt or war being resolved, in public terms (see ``conflicts.conflict_summary``)."""
    decision: Decision | None
    history: tuple[str, ...] = ()
    """The actions so far in notation; other players' swaps show only their size (``swap 3``)."""
    events: tuple[Event, ...] = field(default=(), repr=False)
    result: tuple[PlayerResult, ...] | None = None
    """Final results in seat order once the game is over (scores are then public)."""
    _resolution: _Resolution | None = field(default=None, repr=False, compare=False)
    _hidden: GameState | None = field(default=None, repr=False, compare=False)
    """The full state, kept only for the all-seeing view (which hides nothing)."""

    @property
    def GAME(self) -> str:
        """The game whose presenter draws this view (the registry name): how ``render`` finds it. (A
        property, not a ClassVar: a compiled dataclass would take a ClassVar with a value for a field.)"""
        return "tigris"

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def position(self) -> Position:
        """The board and players as this seat knows them, through readable accessors: other hands and
        hidden scores are None. (Built here, not in ``position``, so that module needs no view.)"""
        res = self._resolution
        regions = res.regions if res is not None else ()
        conflict = conflict_info(res.conflict, self.leaders) if res is not None else None
        return Position.of_parts(
            self.setup.board, self.setup.dynasties, self.seat, self.tiles, self.face_down, self.catastrophes,
            self.treasures, self.ziggurat, self.tower, self.monuments, self.buildings, self.leaders, regions,
            self.hands, self.hand_sizes, self.vp, self.treasures_taken, self.catastrophes_left, conflict,
        )  # fmt: skip

    @property
    def scores_visible(self) -> tuple[bool, ...]:
        return tuple(v is not None for v in self.vp)

    @property
    def hand(self) -> Counts | None:
        """This seat's own hand (None for the all-seeing view: see ``hands``)."""
        return None if self.seat is None else self.hands[self.seat]

    @property
    def unseen(self) -> Counts:
        """Tiles by colour this seat cannot locate: other hands, the bag, others' discards."""
        counts = list(TILE_SUPPLY)
        for c in range(4):
            counts[c] -= self.tiles[c].bit_count() + self.flipped[c] + self.out_of_game[c]
            if self.seat is not None:
                own = self.hands[self.seat]
                counts[c] -= (own[c] if own else 0) + (self.discards[c] if self.discards else 0)
        return (counts[0], counts[1], counts[2], counts[3])

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON of everything in the view (used by the widget and by leak tests)."""
        players = []
        for p in range(self.players):
            hand, vp = self.hands[p], self.vp[p]
            players.append({
                "seat": p,
                "dynasty": self.setup.dynasties[p],
                "hand": None if hand is None else dict(zip(COLOUR_NAMES, hand)),
                "hand_size": self.hand_sizes[p],
                "vp": None if vp is None else dict(zip(COLOUR_NAMES, vp)),
                "treasures": self.treasures_taken[p],
                "catastrophes": self.catastrophes_left[p],
                "leaders": {COLOUR_NAMES[c]: self.leaders[p * 4 + c] for c in range(4)},
                "discarded": self.discard_counts[p],
            })  # fmt: skip
        d = self.decision
        return {
            "seat": self.seat,
            "setup": self.setup.to_dict(),
            "turn": self.turn,
            "active": self.active,
            "actions_left": self.actions_left,
            "tiles": {COLOUR_NAMES[c]: squares(self.tiles[c]) for c in range(4)},
            "face_down": squares(self.face_down),
            "catastrophes": squares(self.catastrophes),
            "treasures": squares(self.treasures),
            "ziggurat": squares(self.ziggurat),
            "tower": self.tower,
            "monuments": [
                {"colours": [COLOUR_NAMES[c] for c in MONUMENTS[m]], "square": q}
                for m, q in enumerate(self.monuments)
            ],
            "buildings": {COLOUR_NAMES[c]: q for c, q in enumerate(self.buildings)},
            "marker": self._resolution.marker if self._resolution else -1,
            "conflict": self.conflict,
            "players": players,
            "bag": self.bag_count,
            "out_of_game": dict(zip(COLOUR_NAMES, self.out_of_game)),
            "decision": None if d is None else {
                "seat": d.seat, "kind": d.kind, "prompt": d.prompt, "choices": [str(a) for a in d.choices],
            },
            "history": list(self.history),
            "events": [e.to_dict() for e in self.events],
            "over": self.over,
            "result": None if self.result is None else [r.to_dict() for r in self.result],
        }  # fmt: skip

    @property
    def marker(self) -> Square:
        """The unification marker during a war (rules §9.2), -1 otherwise."""
        return self._resolution.marker if self._resolution else -1


def redact_action(notation: str, actor: int, viewer: int | None) -> str:
    """Other players' swaps are shown by size only: the discarded colours are hidden (rules §6.4)."""
    if viewer is None or actor == viewer or not notation.startswith("swap "):
        return notation
    return f"swap {len(notation) - 5}"


def _counts(values: list[int], seat: int) -> Counts:
    b = seat * 4
    return (values[b], values[b + 1], values[b + 2], values[b + 3])


def player_view(
    s: GameState,
    seat: int | None,
    history: Sequence[tuple[int, str]] = (),
    events: Sequence[Event] = (),
) -> PlayerView:
    """The view of ``seat``; ``history`` is (actor, notation) per action, ``events`` the game's events."""
    n = s.players
    open_scores = s.setup.open_scores or s.over
    sees = tuple(seat is None or seat == p for p in range(n))
    visible = tuple(sees[p] or open_scores for p in range(n))
    return PlayerView(
        seat=seat,
        setup=s.setup,
        turn=s.turn,
        active=s.active,
        actions_left=s.actions_left,
        over=s.over,
        tiles=(s.tiles[0], s.tiles[1], s.tiles[2], s.tiles[3]),
        face_down=s.down,
        flipped=(s.flipped[0], s.flipped[1], s.flipped[2], s.flipped[3]),
        catastrophes=s.catastrophes,
        treasures=s.treasures,
        ziggurat=s.ziggurat,
        tower=s.tower,
        monuments=tuple(s.monuments),
        buildings=tuple(s.buildings),
        leaders=tuple(s.leaders),
        hands=tuple(_counts(s.hands, p) if sees[p] else None for p in range(n)),
        hand_sizes=tuple(s.hand_size(p) for p in range(n)),
        vp=tuple(_counts(s.vp, p) if visible[p] else None for p in range(n)),
        treasures_taken=tuple(s.treasures_taken[p] if visible[p] else None for p in range(n)),
        catastrophes_left=tuple(s.catastrophes_left),
        discards=None if seat is None else _counts(s.discards, seat),
        discard_counts=tuple(sum(s.discards[p * 4 : p * 4 + 4]) for p in range(n)),
        bag_count=len(s.bag),
        out_of_game=(s.out_public[0], s.out_public[1], s.out_public[2], s.out_public[3]),
        conflict=conflict_summary(s),
        decision=decision(s, seat),
        history=tuple(redact_action(text, actor, seat) for actor, text in history),
        events=tuple(e for e in events if e.visible_to(seat)),
        result=tuple(final_results(s)) if s.over else None,
        _resolution=_Resolution(
            s.phase, s.decider, s.step, s.conflict, s.placed, s.marker, tuple(s.regions), s.bag_ran_out
        ),
        _hidden=s.clone() if seat is None else None,
    )


def determinize(view: PlayerView, rng: random.Random) -> GameState:
    """A full state consistent with ``view``: the tiles the seat cannot see are dealt at random to
    the other hands, the others' discards and the bag (for search under hidden information).

    Hidden scores of other players (with the ``scores=hidden`` option) are unknown: they are set to
    zero, which is what a fair bot must assume. The all-seeing view returns a copy of the true state.
    """
    if view._hidden is not None:
        return view._hidden.clone()
    res = view._resolution
    if res is None or view.seat is None:
        raise ValueError("this view was not made by player_view: it cannot be completed to a state")
    s = empty_state(view.setup)
    n = view.players
    s.tiles = list(view.tiles)
    s.down = view.face_down
    s.flipped = list(view.flipped)
    s.catastrophes = view.catastrophes
    s.treasures = view.treasures
    s.ziggurat = view.ziggurat
    s.tower = view.tower
    s.monuments = list(view.monuments)
    s.buildings = list(view.buildings)
    s.leaders = list(view.leaders)
    s.leader_mask = 0
    for q in view.leaders:
        if q >= 0:
            s.leader_mask |= 1 << q
    s.regions = list(res.regions)
    s.hands = [0] * (4 * n)
    s.vp = [0] * (4 * n)
    s.treasures_taken = [t or 0 for t in view.treasures_taken]
    s.catastrophes_left = list(view.catastrophes_left)
    s.out_public = list(view.out_of_game)
    s.discards = [0] * (4 * n)
    for p in range(n):
        vp = view.vp[p]
        if vp is not None:
            s.vp[p * 4 : p * 4 + 4] = list(vp)
    own, discards = view.hands[view.seat], view.discards
    assert own is not None and discards is not None
    s.hands[view.seat * 4 : view.seat * 4 + 4] = list(own)
    s.discards[view.seat * 4 : view.seat * 4 + 4] = list(discards)
    s.active, s.actions_left, s.turn, s.over = view.active, view.actions_left, view.turn, view.over
    s.phase, s.decider, s.step, s.conflict = res.phase, res.decider, res.step, res.conflict
    s.placed, s.marker, s.bag_ran_out = res.placed, res.marker, res.bag_ran_out
    pool = [c for c, k in enumerate(view.unseen) for _ in range(k)]
    shuffle(rng, pool)
    for p in range(n):
        if p == view.seat:
            continue
        for _ in range(view.hand_sizes[p]):
            s.hands[p * 4 + pool.pop()] += 1
        for _ in range(view.discard_counts[p]):
            s.discards[p * 4 + pool.pop()] += 1
    if len(pool) != view.bag_count:
        raise ValueError("the view's tile counts are inconsistent: it cannot be completed to a state")
    s.bag = pool
    return s
