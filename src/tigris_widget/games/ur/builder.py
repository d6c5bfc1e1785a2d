"""``UrPositionBuilder``: script an *Ur* position with chainable calls, then get a game.

The builder starts from a layout of the reference generator (§2.3), lets you change tiles, cubes,
ziggurats, hands, spares and turn, and writes position text (§12.3) that the engine's own reader checks:
every rule of the position format applies, and a refused position raises ``PositionError`` (a
``ValueError``) naming what is wrong.

>>> from tigris_widget.games.ur import UrPositionBuilder
>>> g = (UrPositionBuilder(players=3, seed=7)
...      .cubes((2, 2), 0, 3).cubes((3, 2), 1, 2).ziggurat((0, 5), 2)
...      .to_move(1).game())
>>> g.position.at((2, 2)).cubes, g.position.player(2).ziggurats, g.position.ziggurats_left
(3, ((0, 5),), 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tigris_widget.core.checks import plain_text, shown
from tigris_widget.core.errors import PositionError
from tigris_widget.games.ur.engine.accessors import cell_of, kind_of, seat_of
from tigris_widget.games.ur.engine.board import CAP, CELLS, KINDS, PAIR_INDEX, PAIR_NAMES, ZIGGURATS, generate
from tigris_widget.games.ur.engine.state import PH_INITIAL, PH_PLACE, check_players, make_options
from tigris_widget.games.ur.formats.position import parse_position
from tigris_widget.games.ur.game import UrGame

__all__ = ["UrPositionBuilder"]


def _pair(value: object) -> int:
    """A pair index from two kind letters in either order (``"AT"``, ``"ta"``)."""
    text = plain_text(value)  # a str subclass's own methods are not trusted
    if text is not None and len(text.strip()) == 2:
        a, b = (kind_of(ch) for ch in text.strip())
        if a != b:
            return PAIR_NAMES.index(KINDS[min(a, b)] + KINDS[max(a, b)])
    raise PositionError(f"{shown(value)} is not a tile pair; use two different kind letters such as 'AT'")


def _count(value: object, low: int, high: int, what: str) -> int:
    if type(value) is not int or not low <= value <= high:
        raise PositionError(f"{what} must be an int {low}..{high}, not {shown(value)}")
    return int(value)


class UrPositionBuilder:
    """Chainable setters for an Ur position between turns; ``text()`` writes it, ``game()`` plays from it.

    :param players: 3 or 4 (2 with the option ``allowTwoPlayers``).
    :param options: the §0.5 options, as for ``UrGame.new``.
    :param seed: the reference layout (§2.3) to start from: tiles, hands, spares and start player.
    """

    def __init__(self, players: int = 3, options: Mapping[str, Any] | None = None, *, seed: int = 0) -> None:
        try:
            self._opts = make_options(options)
            self._n = check_players(players, self._opts)
        except ValueError as err:
            raise PositionError(str(err)) from None
        self._over = False
        self._supplies: list[int] | None = None
        self.layout(seed)

    @classmethod
    def from_position(cls, text: str) -> UrPositionBuilder:
        """A builder holding a position in play or over (§12.3 text, read by the engine), to change it."""
        s = parse_position(text)
        if s.phase == PH_PLACE or s.phase == PH_INITIAL:
            raise PositionError("the builder writes positions in play or over, not setup positions")
        b = cls(s.n, s.opts.values())
        b._face, b._back, b._owner, b._cubes = s.face[:], s.back[:], s.owner[:], s.cubes[:]
        b._zig = [bool(z) for z in s.zig]
        b._hands, b._spares, b._start, b._turn, b._over = s.hands[:], s.spares[:], s.start, s.decider, s.over
        return b

    # -- the grid ------------------------------------------------------------------------------------
    def layout(self, seed: int) -> UrPositionBuilder:
        """Lay out tiles, hands, spares and start player from ``seed`` (§2.3); clears cubes and ziggurats."""
        if type(seed) is not int:
            raise PositionError(f"seed must be an int, not {shown(seed)}")
        deal = generate(seed, self._n, self._opts.layout)
        self._face, self._back = list(deal.faces), list(deal.backs)
        self._owner, self._cubes, self._zig = [-1] * CELLS, [0] * CELLS, [False] * CELLS
        self._hands, self._spares = list(deal.hands), list(deal.spares)
        self._start = self._turn = deal.start
        return self

    def tile(self, where: object, face: str, back: str) -> UrPositionBuilder:
        """Put a tile showing ``face`` over ``back`` (kind letters or names) at a cell. The 40 tiles are
        ten pairs four times each, so change tiles in a way that keeps the counts (see ``swap``)."""
        c, f, b = cell_of(where), kind_of(face), kind_of(back)
        if f == b:
            raise PositionError(f"a tile has two different kinds, not {KINDS[f]} on both sides")
        self._face[c], self._back[c] = f, b
        return self

    def flip(self, *cells: object) -> UrPositionBuilder:
        """Turn tiles over (face becomes back)."""
        for c in [cell_of(w) for w in cells]:
            self._face[c], self._back[c] = self._back[c], self._face[c]
        return self

    def swap(self, a: object, b: object) -> UrPositionBuilder:
        """Exchange the tiles (not the cubes) of two cells."""
        i, j = cell_of(a), cell_of(b)
        self._face[i], self._face[j] = self._face[j], self._face[i]
        self._back[i], self._back[j] = self._back[j], self._back[i]
        return self

    def cubes(self, where: object, seat: object, count: int) -> UrPositionBuilder:
        """``count`` cubes (1..5) of ``seat`` on a tile, replacing whatever it held (no ziggurat)."""
        c, p, k = cell_of(where), seat_of(seat, self._n), _count(count, 1, CAP, "cubes on a tile")
        self._owner[c], self._cubes[c], self._zig[c] = p, k, False
        return self

    def ziggurat(self, where: object, seat: object) -> UrPositionBuilder:
        """A ziggurat built by ``seat`` on a tile (it holds the builder's one cube)."""
        c, p = cell_of(where), seat_of(seat, self._n)
        self._owner[c], self._cubes[c], self._zig[c] = p, 1, True
        return self

    def clear(self, *cells: object) -> UrPositionBuilder:
        """Take cubes and ziggurats off these cells."""
        for c in [cell_of(w) for w in cells]:
            self._owner[c], self._cubes[c], self._zig[c] = -1, 0, False
        return self

    # -- tiles off the grid and the turn -------------------------------------------------------------
    def hand(self, seat: object, pair: str) -> UrPositionBuilder:
        """The hand tile of ``seat``, e.g. ``"AT"``."""
        p, h = seat_of(seat, self._n), _pair(pair)
        self._hands[p] = h
        return self

    def spares(self, *pairs: str) -> UrPositionBuilder:
        """The spare tile(s) beside the board (one with 3 players, none with 4)."""
        if len(pairs) != 4 - self._n:
            raise PositionError(f"{self._n} players leave {4 - self._n} spare tile(s), not {len(pairs)}")
        self._spares = [_pair(x) for x in pairs]
        return self

    def supplies(self, *counts: int) -> UrPositionBuilder:
        """State the supplies (one count per seat) for the engine to check against the grid: each is 20
        minus that seat's cubes on the grid. Optional — without it the text states the derived counts."""
        if len(counts) != self._n:
            raise PositionError(f"{self._n} supplies expected, not {len(counts)}")
        self._supplies = [_count(x, 0, 20, "a supply") for x in counts]
        return self

    def start_player(self, seat: object) -> UrPositionBuilder:
        self._start = seat_of(seat, self._n)
        return self

    def to_move(self, seat: object) -> UrPositionBuilder:
        """Whose turn begins (the game is in play)."""
        self._turn, self._over = seat_of(seat, self._n), False
        return self

    def game_over(self) -> UrPositionBuilder:
        """The position is a finished game (its standings are final)."""
        self._over = True
        return self

    # -- the result ----------------------------------------------------------------------------------
    def text(self) -> str:
        """The position text (§12.3); checked only when read (``game``)."""
        left = ZIGGURATS - sum(self._zig)
        where = (
            f"game over · ziggurats left: {left}" if self._over else f"to move: P{self._turn} · ziggurats left: {left}"
        )
        header = f"{self._n} players · start player P{self._start} · {where} · options: "
        lines = [header + (", ".join(self._opts.changed()) or "defaults")]
        for y in range(6):
            lines.append(f"y={y} " + " ".join(self._token(y * 6 + x) for x in range(6)))
        hands = "hands: " + " ".join(f"P{i}={PAIR_NAMES[h]}" for i, h in enumerate(self._hands))
        if self._spares:
            hands += " spares: " + " ".join(PAIR_NAMES[x] for x in self._spares)
        lines.append(hands)
        on_grid = [sum(self._cubes[c] for c in range(CELLS) if self._owner[c] == p) for p in range(self._n)]
        supplies = self._supplies or [20 - k for k in on_grid]
        if min(supplies) >= 0:  # over 20 cubes on the grid: the engine's cube count (I2) names the seat
            lines.append("supplies: " + " ".join(f"P{i}={k}" for i, k in enumerate(supplies)))
        return "\n".join(lines) + "\n"

    def _token(self, c: int) -> str:
        pair = KINDS[self._face[c]] + KINDS[self._back[c]].lower()
        if self._zig[c]:
            return f"Z{self._owner[c]}({pair})"
        return f"{pair}:{self._owner[c]}x{self._cubes[c]}" if self._cubes[c] else pair

    def game(self) -> UrGame:
        """A new game from this position, read by the engine's parser (PositionError if refused)."""
        try:
            return UrGame.from_position(self.text())
        except PositionError as err:
            if "pair counts" not in str(err):
                raise
            raise PositionError(f"{err} — {self._pair_note()}") from None

    def _pair_note(self) -> str:
        """Which pairs the engine's tile count (I3) found off, said by name (the engine gives a list)."""
        counts = [0] * len(PAIR_NAMES)
        for c in range(CELLS):
            counts[PAIR_INDEX[self._face[c]][self._back[c]]] += 1
        for h in self._hands + self._spares:
            counts[h] += 1
        off = ", ".join(f"{PAIR_NAMES[i]} {k}" for i, k in enumerate(counts) if k != 4)
        return f"the 40 tiles (grid, hands, spares) are each pair four times; off: {off}"
