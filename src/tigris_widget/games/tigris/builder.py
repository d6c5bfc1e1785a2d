"""A small builder for positions, for lessons, puzzles and tests.

    >>> from tigris_widget.games.tigris.builder import PositionBuilder
    >>> game = (PositionBuilder(players=("lion", "pot"))
    ...         .tile("r", (4, 3)).leader("lion", "king", (4, 4))
    ...         .hand("lion", "gggggr").turn("lion")
    ...         .game())

It writes position text (``tigris_widget.games.tigris.formats.positions``) and reads it back, so a built position is
validated exactly like a hand-written one; impossible positions raise ``PositionError``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from tigris_widget.games.tigris.engine.core.board import (
    HEIGHT,
    NEIGHBOURS,
    WIDTH,
    board_map,
    format_square,
    square,
    squares,
    to_square,
)
from tigris_widget.games.tigris.engine.core.errors import PositionError, SquareError
from tigris_widget.games.tigris.engine.core.setup import normalize_options, normalize_variants
from tigris_widget.games.tigris.engine.core.types import (
    COLOUR_CODES,
    DYNASTIES,
    DYNASTY_CODES,
    ColourError,
    to_colour,
)
from tigris_widget.games.tigris.engine.rules.monuments import monument_squares, ziggurat_squares

if TYPE_CHECKING:
    from tigris_widget.games.tigris.game import Game

SquareLike = tuple[int, int] | str | int


def _square(where: SquareLike) -> int:
    """``board.to_square``, its error turned into a ``PositionError`` like every builder mistake."""
    try:
        return to_square(where)
    except SquareError as err:
        raise PositionError(str(err)) from None


def colour_code(colour: str | int) -> str:
    """'r', 'red', 'temple', 'priest' or 1 → 'r' (``types.to_colour``, its error a ``PositionError``)."""
    try:
        return COLOUR_CODES[to_colour(colour)]
    except ColourError as err:
        raise PositionError(str(err)) from None


class PositionBuilder:
    """Collects pieces, hands and scores, then writes and validates a position."""

    def __init__(
        self,
        players: Iterable[str] = ("archer", "bull"),
        board: str = "classic",
        variants: Iterable[str] | str | None = (),
        options: Mapping[str, str] | None = None,
        *,
        starting_temples: bool = True,
    ) -> None:
        self.players = tuple(players)
        for name in self.players:
            if name not in DYNASTIES:
                raise PositionError(f"unknown dynasty {name!r}; choose from {', '.join(DYNASTIES)}")
        try:
            self.map = board_map(board)
            self.variants = tuple(sorted(normalize_variants(variants)))
            self.options = normalize_options(options)
        except ValueError as err:
            raise PositionError(str(err)) from None
        self.cells: dict[int, str] = {}
        if starting_temples:
            for q in range(WIDTH * HEIGHT):
                if self.map.start_temples >> q & 1:
                    self.cells[q] = "r*"
        self.hands = {name: "" for name in self.players}
        self.scores = {name: "vp=0,0,0,0 treasures=0 catastrophes=2" for name in self.players}
        self.active = self.players[0]
        self.actions_left = 2
        self.number = 1
        self.bag_text = "auto"
        self.seed = 0
        self.extras: dict[str, list[str]] = {"monuments": [], "buildings": [], "ziggurat": []}
        self.out = ""

    def with_variants(self, *names: str) -> PositionBuilder:
        """Switch variants on (``"buildings"``, ``"ziggurat"``)."""
        try:
            self.variants = tuple(sorted(normalize_variants((*self.variants, *names))))
        except ValueError as err:
            raise PositionError(str(err)) from None
        return self

    def _set(self, where: SquareLike, token: str) -> PositionBuilder:
        self.cells[_square(where)] = token
        return self

    def tile(self, colour: str | int, *squares: SquareLike, treasure: bool = False) -> PositionBuilder:
        """Face-up tiles of one colour (a treasure only on starting-temple squares)."""
        for where in squares:
            self._set(where, colour_code(colour) + ("*" if treasure else ""))
        return self

    def treasure(self, *squares: SquareLike) -> PositionBuilder:
        """Put a treasure on tiles already placed (only starting-temple squares may hold one)."""
        for where in squares:
            q = _square(where)
            token = self.cells.get(q)
            if token is None or token in ("x",) or token[0] in DYNASTY_CODES:
                raise PositionError(f"a treasure needs a tile under it; ({q % WIDTH},{q // WIDTH}) has none")
            self.cells[q] = token.rstrip("*") + "*"
        return self

    def clear(self, *squares: SquareLike) -> PositionBuilder:
        """Empty squares (e.g. remove a starting temple)."""
        for where in squares:
            self.cells.pop(_square(where), None)
        return self

    def leader(self, dynasty: str, colour: str | int, where: SquareLike) -> PositionBuilder:
        if dynasty not in self.players:
            raise PositionError(f"the {dynasty} is not playing (players: {', '.join(self.players)})")
        return self._set(where, DYNASTY_CODES[DYNASTIES.index(dynasty)] + colour_code(colour))

    def catastrophe(self, *squares: SquareLike) -> PositionBuilder:
        for where in squares:
            self._set(where, "x")
        return self

    def monument(self, pair: str, top_left: SquareLike, colour: str | None = None) -> PositionBuilder:
        """A monument (e.g. ``"kr"``) on the 2x2 whose top-left square is given."""
        q = _square(top_left)
        if q % WIDTH == WIDTH - 1 or q // WIDTH == HEIGHT - 1:
            raise PositionError(
                f"a monument's top-left square cannot be on the last column or row, not {format_square(q)}"
            )
        for p in squares(monument_squares(q)):
            star = "*" if self.cells.get(p, "").endswith("*") else ""
            self.cells[p] = "m" + star
        x, y = q % WIDTH, q // WIDTH
        self.extras["monuments"].append(f"{pair} ({x},{y})" + (f" {colour_code(colour)}" if colour else ""))
        return self

    def building(self, colour: str | int, where: SquareLike) -> PositionBuilder:
        q = _square(where)
        self.extras["buildings"].append(f"{colour_code(colour)} ({q % WIDTH},{q // WIDTH})")
        return self

    def ziggurat(self, centre: SquareLike) -> PositionBuilder:
        q = _square(centre)
        if NEIGHBOURS[q].bit_count() != 4:
            raise PositionError(f"the ziggurat's centre cannot be on the edge of the board, not {format_square(q)}")
        for p in squares(ziggurat_squares(q)):
            star = "*" if self.cells.get(p, "").endswith("*") else ""
            self.cells[p] = "z" + star
        self.extras["ziggurat"] = [f"({q % WIDTH},{q // WIDTH})"]
        return self

    def hand(self, dynasty: str, tiles: str) -> PositionBuilder:
        """Tiles in hand as colour codes, e.g. ``"rrgk"``."""
        if dynasty not in self.hands:
            raise PositionError(f"the {dynasty} is not playing")
        self.hands[dynasty] = tiles
        return self

    def score(
        self, dynasty: str, vp: Iterable[int] = (0, 0, 0, 0), treasures: int = 0, catastrophes: int = 2
    ) -> PositionBuilder:
        if dynasty not in self.scores:
            raise PositionError(f"the {dynasty} is not playing")
        self.scores[dynasty] = f"vp={','.join(map(str, vp))} treasures={treasures} catastrophes={catastrophes}"
        return self

    def turn(self, dynasty: str, actions_left: int = 2, number: int = 1) -> PositionBuilder:
        """Whose turn it is and how many actions are left (the pending decision is a turn action)."""
        self.active, self.actions_left, self.number = dynasty, actions_left, number
        return self

    def bag(self, order: str = "auto", seed: int = 0, *, then_rest: bool = False) -> PositionBuilder:
        """The draw order (``"rrgk…"``, next draw first; with ``then_rest`` the unused tiles follow,
        shuffled) or ``"auto"``: every unused tile, shuffled. A bag without the rest is short: the
        tiles not in it count as out of the game."""
        self.bag_text, self.seed = (f"{order} + auto" if then_rest and order != "auto" else order or "-"), seed
        return self

    def out_of_game(self, **counts: int) -> PositionBuilder:
        """Tiles already out of the game, e.g. ``out_of_game(r=3)``."""
        self.out = " ".join(f"{k}{v}" for k, v in counts.items())
        return self

    def text(self) -> str:
        lines = [
            "tigris-position 1",
            f"board: {self.map.name}",
            f"players: {' '.join(self.players)}",
            f"variants: {' '.join(self.variants) or 'none'}",
            f"options: {' '.join(f'{k}={v}' for k, v in self.options.items())}",
            f"turn: {self.number} {self.active} {self.actions_left}",
        ]
        lines += [f"{name}: hand={self.hands[name] or '-'} {self.scores[name]}" for name in self.players]
        lines += [f"bag: {self.bag_text}", f"seed: {self.seed}"]
        if self.out:
            lines.append(f"out: {self.out}")
        for key, parts in self.extras.items():
            if parts:
                lines.append(f"{key}: {', '.join(parts)}")
        lines.append("")
        for y in range(HEIGHT):
            tokens = []
            for x in range(WIDTH):
                q = square(x, y)
                tokens.append(self.cells.get(q, "~" if self.map.river >> q & 1 else "."))
            lines.append(f"{y:>2}   " + " ".join(f"{t:>2}" for t in tokens))
        return "\n".join(lines) + "\n"

    def game(self, then: Iterable[str] = ()) -> Game:
        """The position as a Game; ``then`` plays actions after it, e.g. to leave a revolt waiting
        for support (``then=["leader r (9,3)"]``), so any decision can be the pending one."""
        from tigris_widget.games.tigris.game import Game

        game = Game.from_position(self.text())
        game.play(*then)
        return game
