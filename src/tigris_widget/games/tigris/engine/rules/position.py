# mypyc: not compiled — the read-only accessors for people and puzzles (no hot path), built with
# object.__new__ and guarded by __setattr__, which compiled classes do not allow.
"""Readable accessors for one moment of a game: what is where, who holds what (the python-chess way).

The engine works on bit masks and flat ``seat * 4 + colour`` lists for speed; people, lessons and
puzzle goals read a ``Position`` instead::

    >>> from tigris_widget import Game
    >>> game = Game.new(players=2, seed=7)
    >>> game.position.at((10, 0))
    SquareInfo(square=(10, 0), terrain='land', tile='red', treasure=True, ...)
    >>> [len(r.squares) for r in game.position.regions()][:3]
    [1, 1, 1]

A ``Position`` is a frozen copy: nothing read from it can change the game. Made from a seat's
``PlayerView`` it knows only what that seat may know (other hands and hidden scores are ``None``).
Squares come out as ``(x, y)`` and go in as ``(x, y)``, ``"(x,y)"`` or a square index; colours
come out as names (``"red"``) and go in as names, codes (``"r"``) or 0–3.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tigris_widget.games.tigris.engine.core.board import BoardMap, board_map, squares, to_square, xy
from tigris_widget.games.tigris.engine.core.state import REVOLT, Conflict
from tigris_widget.games.tigris.engine.core.types import (
    COLOUR_NAMES,
    LEADER_NAMES,
    MONUMENTS,
    Mask,
    Seat,
    Square,
    to_colour,
)
from tigris_widget.games.tigris.engine.rules.monuments import monument_squares

if TYPE_CHECKING:
    from tigris_widget.games.tigris.engine.core.state import GameState

XY = tuple[int, int]


@dataclass(frozen=True)
class Leader:
    """A leader on the board: whose (seat and dynasty), which colour, where."""

    seat: Seat
    dynasty: str
    colour: str
    square: XY

    @property
    def name(self) -> str:
        """``"king"``, ``"priest"``, ``"farmer"`` or ``"trader"``."""
        return LEADER_NAMES[COLOUR_NAMES.index(self.colour)]


@dataclass(frozen=True)
class SquareInfo:
    """Everything on one square."""

    square: XY
    terrain: str
    """``"land"`` or ``"river"``."""
    tile: str | None = None
    """The colour of a face-up civilization tile, or None."""
    treasure: bool = False
    special: bool = False
    """A special treasure square (rules §2)."""
    face_down: bool = False
    """A tile turned face down under a monument (rules §10)."""
    catastrophe: bool = False
    leader: Leader | None = None
    monument: tuple[str, str] | None = None
    """The colours of the monument standing on this square."""
    building: str | None = None
    """The colour of a civilization building on this square (variant §17)."""
    ziggurat: bool = False

    @property
    def empty(self) -> bool:
        """Nothing on it: no tile, leader, catastrophe, monument or ziggurat."""
        return not (self.tile or self.face_down or self.catastrophe or self.leader or self.ziggurat)


@dataclass(frozen=True)
class Region:
    """A group of connected tiles and leaders (rules §4 D4); a kingdom when it holds a leader."""

    squares: tuple[XY, ...]
    tiles: dict[str, int]
    """Face-up tiles by colour."""
    leaders: tuple[Leader, ...]
    treasures: tuple[XY, ...]

    @property
    def is_kingdom(self) -> bool:
        return bool(self.leaders)

    def leader(self, colour: str | int) -> Leader | None:
        """The leader of ``colour`` in this region, if any."""
        name = COLOUR_NAMES[to_colour(colour)]
        return next((le for le in self.leaders if le.colour == name), None)


@dataclass(frozen=True)
class PlayerInfo:
    """One player: leaders, catastrophes, hand, points and treasures (None where hidden)."""

    seat: Seat
    dynasty: str
    leaders: dict[str, XY]
    """The leaders on the board by colour."""
    supply: tuple[str, ...]
    """The colours of the leaders in the player's supply."""
    catastrophes: int
    """Catastrophe tiles left."""
    hand: dict[str, int] | None
    """Tiles in hand by colour; None when this position may not show it."""
    hand_size: int
    points: dict[str, int] | None
    """Victory points by colour; None when scores are hidden from this position's viewer."""
    treasures: int | None


@dataclass(frozen=True)
class Monument:
    """A monument on the board: its two colours and its four squares, top-left first."""

    colours: tuple[str, str]
    squares: tuple[XY, ...]


@dataclass(frozen=True)
class Ziggurat:
    """The ziggurat (variant §18): its centre and its five squares."""

    centre: XY
    squares: tuple[XY, ...]


@dataclass(frozen=True)
class ConflictInfo:
    """The revolt or war being resolved: sides, leaders and strengths (rules §8, §9)."""

    kind: str
    """``"revolt"`` or ``"war"``."""
    colour: str
    attacker: Seat
    defender: Seat
    attacker_leader: XY
    defender_leader: XY
    attacker_base: int
    """Supporters on the board (adjacent temples in a revolt, tiles of the colour on the side in a war)."""
    defender_base: int
    attacker_committed: int | None
    """Tiles the attacker committed from hand; None until the attacker has decided."""

    @property
    def attacker_strength(self) -> int:
        return self.attacker_base + (self.attacker_committed or 0)


def _xys(mask: Mask) -> tuple[XY, ...]:
    return tuple(xy(q) for q in squares(mask))


class Position:
    """A read-only picture of one moment, as one viewer may know it; see the module docstring."""

    __slots__ = (
        "_buildings", "_catastrophes", "_conflict", "_down", "_dynasties", "_hand_sizes", "_hands",
        "_leaders", "_map", "_monuments", "_regions", "_seat", "_supply_cats", "_tiles", "_tower",
        "_treasures", "_treasures_taken", "_vp", "_ziggurat",
    )  # fmt: skip
    _map: BoardMap
    _dynasties: tuple[str, ...]
    _seat: Seat | None
    _tiles: tuple[Mask, ...]
    _down: Mask
    _catastrophes: Mask
    _treasures: Mask
    _ziggurat: Mask
    _tower: Square
    _monuments: tuple[Square, ...]
    _buildings: tuple[Square, ...]
    _leaders: tuple[Square, ...]
    _regions: tuple[Mask, ...]
    _hands: tuple[tuple[int, ...] | None, ...]
    _hand_sizes: tuple[int, ...]
    _vp: tuple[tuple[int, ...] | None, ...]
    _treasures_taken: tuple[int | None, ...]
    _supply_cats: tuple[int, ...]
    _conflict: ConflictInfo | None

    def __init__(self) -> None:
        raise TypeError("use Position.of_state(state), view.position or game.position")

    @classmethod
    def of_state(cls, s: GameState) -> Position:
        """The all-seeing position of a full state (a copy: later changes to ``s`` don't show)."""
        n = s.players
        return cls.of_parts(
            s.setup.board, s.setup.dynasties, None, tuple(s.tiles), s.down, s.catastrophes, s.treasures,
            s.ziggurat, s.tower, tuple(s.monuments), tuple(s.buildings), tuple(s.leaders), tuple(s.regions),
            tuple(tuple(s.hands[p * 4 : p * 4 + 4]) for p in range(n)), tuple(s.hand_size(p) for p in range(n)),
            tuple(tuple(s.vp[p * 4 : p * 4 + 4]) for p in range(n)), tuple(s.treasures_taken),
            tuple(s.catastrophes_left), conflict_info(s.conflict, s.leaders),
        )  # fmt: skip

    @classmethod
    def of_parts(cls, board: str, dynasties: tuple[str, ...], seat: Seat | None, tiles: tuple[Mask, ...], down: Mask,
              catastrophes: Mask, treasures: Mask, ziggurat: Mask, tower: Square, monuments: tuple[Square, ...],
              buildings: tuple[Square, ...], leaders: tuple[Square, ...], regions: tuple[Mask, ...],
              hands: tuple[tuple[int, ...] | None, ...], hand_sizes: tuple[int, ...],
              vp: tuple[tuple[int, ...] | None, ...], treasures_taken: tuple[int | None, ...],
              supply_cats: tuple[int, ...], conflict: ConflictInfo | None) -> Position:  # fmt: skip
        """A position from its parts (``PlayerView.position`` builds a seat's with it); no checks."""
        p = object.__new__(cls)
        fields = dict(
            _map=board_map(board), _dynasties=dynasties, _seat=seat, _tiles=tiles, _down=down,
            _catastrophes=catastrophes, _treasures=treasures, _ziggurat=ziggurat, _tower=tower, _monuments=monuments,
            _buildings=buildings, _leaders=leaders, _regions=regions, _hands=hands, _hand_sizes=hand_sizes, _vp=vp,
            _treasures_taken=treasures_taken, _supply_cats=supply_cats, _conflict=conflict,
        )  # fmt: skip
        for name, value in fields.items():
            object.__setattr__(p, name, value)
        return p

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Position is read-only: change the game through apply")

    # -- squares -------------------------------------------------------------------------------
    def at(self, where: object) -> SquareInfo:
        """What is on a square, given as ``(x, y)``, ``"(x,y)"`` or an index."""
        q = to_square(where)
        bit = 1 << q
        tile = next((COLOUR_NAMES[c] for c in range(4) if self._tiles[c] & bit), None)
        leader = self._leader_on(q)
        monument = None
        for m, top_left in enumerate(self._monuments):
            if top_left >= 0 and monument_squares(top_left) >> q & 1:
                a, b = MONUMENTS[m]
                monument = (COLOUR_NAMES[a], COLOUR_NAMES[b])
        building = next((COLOUR_NAMES[c] for c, b in enumerate(self._buildings) if b == q), None)
        return SquareInfo(
            square=xy(q), terrain="river" if self._map.river & bit else "land", tile=tile,
            treasure=bool(self._treasures & bit), special=bool(self._map.specials & bit),
            face_down=bool(self._down & bit), catastrophe=bool(self._catastrophes & bit), leader=leader,
            monument=monument, building=building, ziggurat=bool(self._ziggurat & bit),
        )  # fmt: skip

    def _leader_on(self, q: Square) -> Leader | None:
        if q < 0 or q not in self._leaders:
            return None
        i = self._leaders.index(q)
        return Leader(i // 4, self._dynasties[i // 4], COLOUR_NAMES[i % 4], xy(q))

    # -- regions and kingdoms ------------------------------------------------------------------
    def regions(self) -> list[Region]:
        """Every region, in the order of their lowest square (top-left first)."""
        return [self._region(r) for r in sorted(self._regions, key=lambda r: r & -r)]

    def kingdoms(self) -> list[Region]:
        """The regions that hold at least one leader (rules §4)."""
        return [r for r in self.regions() if r.is_kingdom]

    def region_at(self, where: object) -> Region | None:
        """The region a square belongs to, or None for a square outside every region."""
        bit = 1 << to_square(where)
        return next((self._region(r) for r in self._regions if r & bit), None)

    def _region(self, mask: Mask) -> Region:
        leaders = tuple(le for q in squares(mask) if (le := self._leader_on(q)) is not None)
        return Region(
            squares=_xys(mask),
            tiles={COLOUR_NAMES[c]: (self._tiles[c] & mask).bit_count() for c in range(4)},
            leaders=leaders,
            treasures=_xys(self._treasures & mask),
        )

    # -- players -------------------------------------------------------------------------------
    @property
    def players(self) -> tuple[PlayerInfo, ...]:
        return tuple(self.player(p) for p in range(len(self._dynasties)))

    def player(self, seat: object) -> PlayerInfo:
        """One player, by seat (0, 1, …) or dynasty name (``"lion"``)."""
        p = self._seat_of(seat)
        hand, vp = self._hands[p], self._vp[p]
        return PlayerInfo(
            seat=p,
            dynasty=self._dynasties[p],
            leaders={COLOUR_NAMES[c]: xy(q) for c in range(4) if (q := self._leaders[p * 4 + c]) >= 0},
            supply=tuple(COLOUR_NAMES[c] for c in range(4) if self._leaders[p * 4 + c] < 0),
            catastrophes=self._supply_cats[p],
            hand=None if hand is None else dict(zip(COLOUR_NAMES, hand)),
            hand_size=self._hand_sizes[p],
            points=None if vp is None else dict(zip(COLOUR_NAMES, vp)),
            treasures=self._treasures_taken[p],
        )

    def _seat_of(self, seat: object) -> Seat:
        if isinstance(seat, str) and seat.lower() in self._dynasties:
            return self._dynasties.index(seat.lower())
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self._dynasties):
            return seat
        raise ValueError(f"no player {seat!r}: give a seat 0..{len(self._dynasties) - 1} or one of "
                         f"{', '.join(self._dynasties)}")  # fmt: skip

    # -- monuments, buildings, the ziggurat, the conflict --------------------------------------
    def monuments(self) -> list[Monument]:
        """The monuments on the board."""
        return [
            Monument((COLOUR_NAMES[MONUMENTS[m][0]], COLOUR_NAMES[MONUMENTS[m][1]]), _xys(monument_squares(tl)))
            for m, tl in enumerate(self._monuments)
            if tl >= 0
        ]

    def buildings(self) -> dict[str, XY]:
        """The civilization buildings on the board by colour (variant §17)."""
        return {COLOUR_NAMES[c]: xy(q) for c, q in enumerate(self._buildings) if q >= 0}

    def ziggurat(self) -> Ziggurat | None:
        """The ziggurat, once built (variant §18)."""
        return None if self._tower < 0 else Ziggurat(xy(self._tower), _xys(self._ziggurat))

    @property
    def conflict(self) -> ConflictInfo | None:
        """The revolt or war waiting for a commitment, or None."""
        return self._conflict

    def __repr__(self) -> str:
        who = "all-seeing" if self._seat is None else f"seen by {self._dynasties[self._seat]}"
        return f"<Position {self._map.name} board, {len(self._dynasties)} players, {who}>"


def conflict_info(conflict: Conflict | None, leaders: tuple[Square, ...] | list[Square]) -> ConflictInfo | None:
    """The readable record of the conflict being resolved (None when there is none)."""
    if conflict is None:
        return None
    return ConflictInfo(
        kind="revolt" if conflict.kind == REVOLT else "war", colour=COLOUR_NAMES[conflict.colour],
        attacker=conflict.attacker, defender=conflict.defender,
        attacker_leader=xy(leaders[conflict.attacker_leader]), defender_leader=xy(leaders[conflict.defender_leader]),
        attacker_base=conflict.attacker_base, defender_base=conflict.defender_base,
        attacker_committed=None if conflict.attacker_commit < 0 else conflict.attacker_commit,
    )  # fmt: skip
