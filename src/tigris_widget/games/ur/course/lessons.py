"""The Ur course's lessons (notebooks/06_ur_course_*): each starts from a seeded layout (§2.3) whose
tiles a ``Scene`` rearranges (it only swaps tiles and turns them over, so every pair keeps its four
copies) and on which it puts cubes and ziggurats; the engine reads the result back as a §12.3 position
and plays everything that follows.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from tigris_widget.games.ur.engine.board import KINDS, PAIR_NAMES
from tigris_widget.games.ur.game import UrGame

XY = tuple[int, int]


# -- scenes: lesson positions built from a seeded layout ---------------------------------------------------
@dataclass
class Scene:
    """A position to teach from: a seeded layout (``UrGame.new``) rearranged by hand.

    ``tile`` puts a tile of a pair on a cell (swapping it with a free copy elsewhere on the grid),
    ``hand`` gives a seat a hand tile of a pair (exchanging with a free copy on the grid), ``cubes``
    and ``zig`` put pieces on the grid. Cells that were set stay where they are."""

    players: int = 3
    seed: int = 7
    options: Mapping[str, str] | None = None
    face: list[str] = field(default_factory=list)
    back: list[str] = field(default_factory=list)
    owner: list[int] = field(default_factory=list)
    count: list[int] = field(default_factory=list)
    zigs: list[bool] = field(default_factory=list)
    hands: list[str] = field(default_factory=list)
    spares: list[str] = field(default_factory=list)
    pinned: set[int] = field(default_factory=set)
    start: int = 0
    mover: int = 0
    zig_left: int = 5

    def __post_init__(self) -> None:
        s = UrGame.new(self.players, self.seed, self.options).state
        self.face = [KINDS[k] for k in s.face]
        self.back = [KINDS[k] for k in s.back]
        self.owner, self.count, self.zigs = [-1] * 36, [0] * 36, [False] * 36
        self.hands = [PAIR_NAMES[h] for h in s.hands]
        self.spares = [PAIR_NAMES[h] for h in s.spares]

    @staticmethod
    def _cell(where: str | XY) -> int:
        x, y = _xy(where)
        return y * 6 + x

    def _pair(self, c: int) -> str:
        return "".join(sorted(self.face[c] + self.back[c], key=KINDS.index))

    def _free_copy(self, pair: str, avoid: set[int]) -> int:
        for c in range(36):
            if c not in self.pinned and c not in avoid and self._pair(c) == pair:
                return c
        raise ValueError(f"no free tile of pair {pair} is left on the grid to move")

    def tile(self, where: str | XY, token: str) -> Scene:
        """Put a tile showing ``token`` (face upper case, back lower case: ``"Wa"``) on ``where``."""
        c = self._cell(where)
        if not isinstance(token, str) or re.fullmatch(r"[ATCPW][atcpw]", token) is None:
            raise ValueError(f"a tile is written face and back, e.g. 'Wa', not {token!r:.20}")
        face, back = token[0], token[1].upper()
        pair = self._pair_name(face + back)
        if self._pair(c) != pair:
            other = self._free_copy(pair, {c})
            self.face[c], self.face[other] = self.face[other], self.face[c]
            self.back[c], self.back[other] = self.back[other], self.back[c]
        self.face[c], self.back[c] = face, back
        self.pinned.add(c)
        return self

    def tiles(self, **cells: str) -> Scene:
        """Several tiles at once, written ``x2y3="Wa"``."""
        for name, token in cells.items():
            m = re.fullmatch(r"x(\d)y(\d)", name)
            if m is None:
                raise ValueError(f"write a cell as x<col>y<row>, not {name!r}")
            self.tile((int(m.group(1)), int(m.group(2))), token)
        return self

    @staticmethod
    def _pair_name(pair: str) -> str:
        """``"CT"`` → ``"TC"``: the pair in canonical order; ``ValueError`` for anything else."""
        if not isinstance(pair, str) or len(pair) != 2 or any(k not in KINDS for k in pair.upper()):
            raise ValueError(f"a pair is two different kinds of {KINDS}, not {pair!r:.20}")
        name = "".join(sorted(pair.upper(), key=KINDS.index))
        if name[0] == name[1]:
            raise ValueError(f"a pair is two different kinds, not {pair!r}")
        return name

    def hand(self, seat: int, pair: str) -> Scene:
        """Give ``seat`` a hand tile of ``pair`` (its old tile takes the place of a free copy on the grid)."""
        pair = self._pair_name(pair)
        if self.hands[seat] == pair:
            return self
        if pair in self.spares:
            i = self.spares.index(pair)
            self.spares[i], self.hands[seat] = self.hands[seat], pair
            return self
        c = self._free_copy(pair, set())
        old = self.hands[seat]
        self.hands[seat] = pair
        self.face[c], self.back[c] = old[0], old[1]
        return self

    def spare(self, pair: str) -> Scene:
        """Make the spare tile one of ``pair`` (three players)."""
        pair = self._pair_name(pair)
        c = self._free_copy(pair, set())
        old = self.spares[0]
        self.spares[0] = pair
        self.face[c], self.back[c] = old[0], old[1]
        return self

    def cubes(self, seat: int, **cells: int) -> Scene:
        """Cubes of ``seat``, written ``x2y3=4``."""
        for name, n in cells.items():
            m = re.fullmatch(r"x(\d)y(\d)", name)
            if m is None:
                raise ValueError(f"write a cell as x<col>y<row>, not {name!r}")
            c = int(m.group(2)) * 6 + int(m.group(1))
            self.owner[c], self.count[c] = (seat, n) if n else (-1, 0)
            self.pinned.add(c)
        return self

    def zig(self, seat: int, where: str | XY) -> Scene:
        c = self._cell(where)
        self.owner[c], self.count[c], self.zigs[c] = seat, 1, True
        self.zig_left -= 1
        self.pinned.add(c)
        return self

    def turn(self, seat: int, *, start: int | None = None) -> Scene:
        """``seat`` plays next; ``start`` holds the start-player marker (default: ``seat``)."""
        self.mover = seat
        self.start = seat if start is None else start
        return self

    def text(self) -> str:
        """The §12.3 position text."""
        opts = ", ".join(f"{k}={v}" for k, v in (self.options or {}).items()) or "defaults"
        head = f"{self.players} players · start player P{self.start} · to move: P{self.mover} · "
        lines = [head + f"ziggurats left: {self.zig_left} · options: {opts}"]
        for y in range(6):
            row = []
            for x in range(6):
                c = y * 6 + x
                pair = self.face[c] + self.back[c].lower()
                if self.zigs[c]:
                    row.append(f"Z{self.owner[c]}({pair})")
                else:
                    row.append(f"{pair}:{self.owner[c]}x{self.count[c]}" if self.count[c] else pair)
            lines.append(f"y={y}   " + " ".join(t.ljust(9) for t in row))
        spare = ("   spare: " + " ".join(self.spares)) if self.spares else ""
        lines.append("hands: " + " ".join(f"P{i}={h}" for i, h in enumerate(self.hands)) + spare)
        return "\n".join(lines) + "\n"

    def game(self) -> UrGame:
        return UrGame.from_position(self.text())


def _xy(where: object) -> XY:
    """``(x, y)`` of a cell written ``"(x,y)"``, ``(x, y)`` or ``y*6+x``; ``ValueError`` otherwise."""
    if isinstance(where, str):
        m = re.fullmatch(r"\s*\(?\s*(\d)\s*,\s*(\d)\s*\)?\s*", where)
        if m is None:
            raise ValueError(f"{where!r:.40} is not a cell; write it '(x,y)' with x and y 0..5")
        where = (int(m.group(1)), int(m.group(2)))
    if type(where) is int and 0 <= where < 36:
        return where % 6, where // 6
    if isinstance(where, tuple) and len(where) == 2 and all(type(v) is int and 0 <= v < 6 for v in where):
        return int(where[0]), int(where[1])
    raise ValueError(f"{where!r:.40} is not a cell of the 6 × 6 grid")


def cell(where: object) -> XY:
    return _xy(where)


# -- lessons ---------------------------------------------------------------------------------------------------
TIE_POSITION = """\
3 players · start player P0 · to move: P0 · ziggurats left: 5 · options: defaults
y=0   At:1x2    Cw:1x1    Aw:1x1    Ct:2x2    Aw:0x2    Pa:2x2
y=1   Cp:1x1    Tp:1x1    Pa:0x2    Ap:2x2    Pw:1x2    Ta:0x1
y=2   Pc:2x2    Wa:2x1    Ct:0x1    Wp:0x2    Tp:1x1    Pc:0x2
y=3   Wt:1x2    Tw:1x1    Wc:0x2    Ct:0x2    Tp:0x1    Tw:1x2
y=4   Pw:2x1    Aw:2x1    Ta:1x2    At:2x1    Cw:0x2    Pc:0x2
y=5   Tc:2x1    Wp:2x1    Pt:1x1    Ca        Wc:2x1    Ca
hands: P0=AC  P1=TW  P2=AP   spare: AC
"""
"""A full grid: the only empty tiles and the spare are of P0's pair AC (§9.1), and P0 and P1 end level."""


def _setup() -> UrGame:
    return UrGame.new(3, 7)


def _turn() -> Scene:
    return Scene().cubes(0, x0y0=2, x1y0=1).cubes(1, x1y1=2).cubes(2, x5y5=2).hand(0, "AT").turn(0)


def _agriculture() -> Scene:
    return (
        Scene()
        .tiles(x0y0="Ac", x1y0="Cw", x5y2="Pc", x3y3="Ac", x3y4="Aw", x4y2="Tp")
        .cubes(0, x0y0=1, x1y0=2, x5y2=1, x3y3=2, x3y4=1)
        .cubes(1, x4y2=2)
        .hand(0, "AT")
        .turn(0)
    )


def _trade() -> Scene:
    return (
        Scene()
        .tiles(x0y5="Tc", x0y4="Pw", x1y5="Wp", x5y1="Ta", x4y1="Pw", x1y1="Tp", x1y0="Cw", x0y1="Cp")
        .tiles(x2y1="Pa", x1y2="Wa")
        .cubes(0, x0y5=1, x5y1=2, x4y1=1, x1y1=4)
        .cubes(1, x0y4=1, x1y0=1, x2y1=2)
        .cubes(2, x1y5=2, x0y1=1, x1y2=1)
        .zig(1, (5, 0))
        .hand(0, "TW")
        .turn(0)
    )


def _culture() -> Scene:
    return (
        Scene()
        .tiles(x2y2="Ct", x2y1="Pa", x1y2="Wa", x3y2="Wp", x2y3="Wc", x3y3="Ct", x2y4="Ta")
        .cubes(0, x2y2=2, x2y3=1, x3y3=1)
        .cubes(1, x2y1=2, x2y4=4)
        .cubes(2, x1y2=1)
        .hand(0, "CP")
        .turn(0)
    )


def _politics() -> Scene:
    return Scene().tiles(x0y0="Ac", x1y0="Cw", x2y0="Aw").cubes(0, x0y0=3, x1y0=1, x2y0=1).hand(0, "CP").turn(0)


def _war(options: Mapping[str, str] | None = None) -> Scene:
    return (
        Scene(options=options)
        .tiles(x1y2="Wa", x1y1="Tp", x2y2="Ct", x2y1="Pa", x3y2="Cw", x3y1="Ap", x2y3="Ct", x4y2="Tp")
        .cubes(0, x1y2=4, x2y2=4)
        .cubes(1, x1y1=2, x2y1=2, x3y2=5)
        .cubes(2, x3y1=1, x4y2=3, x2y3=2)
        .hand(0, "TW")
        .turn(0)
    )


def _short() -> Scene:
    return (
        Scene()
        .tiles(x2y2="Ct", x2y1="Pa", x1y2="Wa", x5y2="Tc", x4y1="Tw")
        .cubes(0, x2y2=2, x0y5=5, x1y5=5, x2y5=5, x5y2=1, x4y1=1)
        .cubes(1, x2y1=4, x1y2=4, x5y0=5, x5y1=5, x4y0=1)
        .hand(0, "TC")
        .turn(0)
    )


def _ziggurat() -> Scene:
    return Scene().tiles(x2y2="Ct", x4y4="Cw").cubes(0, x2y2=5, x4y4=5, x0y0=4).cubes(1, x1y1=2).hand(0, "CP").turn(0)


def _restart() -> Scene:
    return Scene().cubes(0, x0y0=2, x1y0=1).cubes(2, x5y5=3).turn(1, start=0)


def _spare() -> Scene:
    return Scene().cubes(0, x0y0=2).cubes(1, x1y1=2).cubes(2, x5y5=2).hand(0, "AT").spare("TP").turn(0)


def _fifth() -> Scene:
    return (
        Scene()
        .zig(0, (0, 0))
        .zig(1, (5, 0))
        .zig(2, (0, 5))
        .zig(0, (5, 5))
        .tiles(x2y2="Ct")
        .cubes(1, x2y2=5, x3y2=2, x1y1=1)
        .cubes(0, x2y4=3, x3y4=2)
        .cubes(2, x4y1=2, x4y2=1)
        .turn(1, start=0)
    )


_LESSONS: dict[str, tuple[str, Callable[[], Scene | UrGame | str]]] = {
    "ur-setup": ("Setup: the seeded layout, the setup cubes and the initial exchange (§2)", _setup),
    "ur-turn": ("A turn: actions or ziggurats, the extra cube and the exchange (§4, §6, §8)", _turn),
    "ur-agriculture": ("Agriculture: farms grow, tiles far from farms starve (§5.1)", _agriculture),
    "ur-trade": ("Trade: borders and rival neighbours pay (§5.2)", _trade),
    "ur-culture": ("Culture: every occupied neighbour gets a cube, rivals too (§5.3)", _culture),
    "ur-politics": ("Politics: regroup your cubes among your tiles (§5.4)", _politics),
    "ur-war": ("War: attacker, target and what it costs (§5.5)", _war),
    "ur-war-no-discount": ("War with warTileDiscount=false (§5.5)", lambda: _war({"warTileDiscount": "false"})),
    "ur-short": ("Short of cubes: who chooses where trade and culture cubes go (§5.2, §5.3)", _short),
    "ur-ziggurat": ("Ziggurats: a full tile becomes a ziggurat (§7)", _ziggurat),
    "ur-restart": ("The restart turn (§6.4)", _restart),
    "ur-spare": ("The spare tile with three players (§8.4)", _spare),
    "ur-fifth-ziggurat": ("The fifth ziggurat and the last round (§9.2)", _fifth),
    "ur-last-exchange": ("No legal exchange ends the game; a tie on points (§9.1, §10.5)", lambda: TIE_POSITION),
}

LESSONS: Mapping[str, str] = {key: title for key, (title, _) in _LESSONS.items()}


def lesson_builder(key: str) -> Scene | UrGame | str:
    """What a lesson starts from: a ``Scene`` to vary before ``.game()``, a game, or a position text."""
    if key not in _LESSONS:
        raise ValueError(f"unknown lesson {key!r}; choose from {', '.join(_LESSONS)}")
    return _LESSONS[key][1]()


def lesson(key: str) -> UrGame:
    """A fresh game at the start of a lesson."""
    made = lesson_builder(key)
    if isinstance(made, Scene):
        return made.game()
    if isinstance(made, str):
        return UrGame.from_position(made)
    return made
