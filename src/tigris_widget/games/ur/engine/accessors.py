"""Readable accessors of an *Ur* position: ``UrGame.position`` answers questions about the state now
(cells, players, spares, whose turn) in plain names, read straight from the engine's state.

>>> from tigris_widget.games.ur import UrGame
>>> pos = UrGame.new(players=3, seed=7).position
>>> pos.at((0, 0)).owner is None, pos.player(0).supply
(True, 20)
"""

from __future__ import annotations

from dataclasses import dataclass

from tigris_widget.core.checks import plain_text, shown
from tigris_widget.core.errors import PositionError
from tigris_widget.games.ur.engine.board import CELLS, KIND_NAMES, KINDS, PAIR_NAMES, PAIRS, SIZE
from tigris_widget.games.ur.engine.rules import standings
from tigris_widget.games.ur.engine.state import UrState

__all__ = ["UrCell", "UrPlayer", "UrPosition", "cell_of", "kind_of", "seat_of"]

Where = tuple[int, int]


def cell_of(value: object) -> int:
    """A cell index from ``(x, y)``, text ``"(x,y)"`` or ``y*6+x``; PositionError names anything else."""
    text = plain_text(value)  # a str subclass's own methods are not trusted
    if text is not None:
        parts = text.strip().strip("()").split(",")
        if len(parts) != 2 or not all(_digit(p.strip()) for p in parts):
            raise PositionError(f"{shown(value)} is not a cell; write it '(x,y)' with x and y 0..5")
        value = (int(parts[0]), int(parts[1]))
    if type(value) is int:
        if not 0 <= value < CELLS:
            raise PositionError(f"cell {value} is off the grid (0..{CELLS - 1})")
        return int(value)
    if type(value) is tuple and len(value) == 2 and all(type(v) is int for v in value):
        x, y = int(value[0]), int(value[1])
        if not (0 <= x < SIZE and 0 <= y < SIZE):
            raise PositionError(f"cell ({x},{y}) is off the grid (x and y are 0..5)")
        return y * SIZE + x
    raise PositionError(f"{shown(value)} is not a cell; use (x, y), '(x,y)' or y*6+x")


def _digit(text: str) -> bool:
    """One ASCII digit (``str.isdigit`` also passes ``'²'``, which ``int`` refuses)."""
    return len(text) == 1 and "0" <= text <= "9"


def seat_of(value: object, players: int) -> int:
    """A seat from an int or ``"P<n>"``; PositionError unless it is one of ``players`` seats."""
    text = plain_text(value)
    if text is not None and len(text) == 2 and text[0] == "P" and _digit(text[1]):
        value = int(text[1])
    if type(value) is not int or not 0 <= value < players:
        raise PositionError(f"{shown(value)} is not a seat of {players} players (0..{players - 1} or 'P0'..)")
    return int(value)


def kind_of(value: object) -> int:
    """A kind index from its letter (``"A"``) or name (``"agriculture"``), any case."""
    text = plain_text(value)
    if text is not None:
        word = text.strip().lower()
        for i, (letter, name) in enumerate(zip(KINDS, KIND_NAMES, strict=True)):
            if word in (letter.lower(), name):
                return i
    raise PositionError(f"{shown(value)} is not a kind; use a letter of {KINDS} or {', '.join(KIND_NAMES)}")


def _xy(c: int) -> Where:
    return (c % SIZE, c // SIZE)


@dataclass(frozen=True)
class UrCell:
    """One grid cell: the tile's face and back kinds, who owns it with how many cubes, and the ziggurat's
    builder (``None`` without one; a ziggurat holds its builder's one cube)."""

    where: Where
    face: str
    back: str
    owner: int | None
    cubes: int
    ziggurat: int | None


@dataclass(frozen=True)
class UrPlayer:
    """One seat now: its hand tile (pair and both kinds), supply, cubes on the grid, the cells it owns
    (ziggurats included) and its ziggurats, and the engine's score with the hand side it uses and place."""

    seat: int
    hand: str
    hand_kinds: tuple[str, str]
    supply: int
    cubes_on_grid: int
    tiles: tuple[Where, ...]
    ziggurats: tuple[Where, ...]
    points: int
    side: str
    place: int


@dataclass(frozen=True)
class UrPosition:
    """A read-only snapshot of a game's state (a turn under way included): ``at``, ``player``, ``cells``,
    and the spares, start player, ziggurats left and seat to move (``None`` once the game is over)."""

    players: int
    start_player: int
    to_move: int | None
    ziggurats_left: int
    spares: tuple[str, ...]
    is_over: bool
    _cells: tuple[UrCell, ...]
    _players: tuple[UrPlayer, ...]

    @classmethod
    def of(cls, s: UrState) -> UrPosition:
        cells = tuple(
            UrCell(
                _xy(c),
                KIND_NAMES[s.face[c]],
                KIND_NAMES[s.back[c]],
                s.owner[c] if s.owner[c] >= 0 else None,
                s.cubes[c],
                s.owner[c] if s.zig[c] else None,
            )
            for c in range(CELLS)
        )
        people = []
        for st in standings(s):
            p = st.seat
            mine = tuple(_xy(c) for c in range(CELLS) if s.owner[c] == p)
            zigs = tuple(_xy(c) for c in range(CELLS) if s.owner[c] == p and s.zig[c])
            kinds = PAIRS[s.hands[p]]
            side = KIND_NAMES[KINDS.index(st.side)] if st.side in KINDS else st.side
            hand = (KIND_NAMES[kinds[0]], KIND_NAMES[kinds[1]])
            people.append(
                UrPlayer(
                    seat=p,
                    hand=PAIR_NAMES[s.hands[p]],
                    hand_kinds=hand,
                    supply=s.supply(p),
                    cubes_on_grid=s.on_grid[p],
                    tiles=mine,
                    ziggurats=zigs,
                    points=st.points,
                    side=side,
                    place=st.place,
                )
            )
        to_move = None if s.over else s.decider
        spares = tuple(PAIR_NAMES[x] for x in s.spares)
        return cls(s.n, s.start, to_move, s.zig_left, spares, s.over, cells, tuple(people))

    def at(self, where: object) -> UrCell:
        """The cell at ``(x, y)``, ``"(x,y)"`` or ``y*6+x``."""
        return self._cells[cell_of(where)]

    def player(self, seat: object) -> UrPlayer:
        """Seat ``seat`` (an int or ``"P1"``)."""
        return self._players[seat_of(seat, self.players)]

    def cells(self) -> tuple[UrCell, ...]:
        """All 36 cells in reading order (row y=0 first)."""
        return self._cells

    def __repr__(self) -> str:
        turn = "game over" if self.is_over else f"P{self.to_move} to move"
        return (
            f"UrPosition({self.players} players, start P{self.start_player}, {turn}, "
            f"ziggurats left {self.ziggurats_left}, spares {list(self.spares)})"
        )
