"""The Ur course (notebooks/06_ur_course_*): lesson positions, pictures, exercises and the set-split
widget, offered to the shared course helpers (``jupyter.course``, ``jupyter.lessons``) as
``core.protocol.CourseHooks``.

    >>> from tigris_widget.games.ur import course
    >>> game = course.lesson("ur-agriculture")
    >>> game.to_move
    0

Every lesson starts from a seeded layout (§2.3) whose tiles a ``Scene`` rearranges (it only swaps
tiles and turns them over, so every pair keeps its four copies) and on which it puts cubes and
ziggurats; the engine reads the result back as a §12.3 position and plays everything that follows.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tigris_widget.core.protocol import GameLike
from tigris_widget.games.ur.engine.board import KIND_NAMES, KINDS, PAIR_NAMES
from tigris_widget.games.ur.engine.rules import set_score, standings
from tigris_widget.games.ur.engine.state import UrState
from tigris_widget.games.ur.game import UrGame
from tigris_widget.games.ur.present.svg import picture_svg
from tigris_widget.games.ur.present.view import present

XY = tuple[int, int]
Panel = tuple[str, int, int, str, list[str]]
COLOURS = "ATCPWZ"
"""The six scoring colours: the five kinds and the ziggurat (§10.2)."""
COLOUR_NAMES = {**{k: n for k, n in zip(KINDS, KIND_NAMES)}, "Z": "ziggurat"}
SEAT_INK = ("#111111", "#777777", "#d9822b", "#7a4a21")
"""Seat colours as the picture draws them (P1's white cube is written grey on white paper)."""


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


def _game(game: GameLike) -> UrGame:
    if not isinstance(game, UrGame):
        raise ValueError(f"the Ur course shows an UrGame, not {type(game).__name__}")
    return game


# -- pictures ------------------------------------------------------------------------------------------------
def panel(
    game: GameLike,
    ply: int,
    window: tuple[int, int, int, int] | None,
    *,
    highlight: Sequence[XY] = (),
    labels: Mapping[XY, str] | None = None,
) -> tuple[str, int, int]:
    """The whole grid after ``ply`` steps (the 6 × 6 grid is never cropped: ``window`` is ignored),
    drawn by the presenter without its status block (``lines`` goes under it)."""
    g = _game(game)
    svg = picture_svg(
        present(g, None, ply),
        highlight=[y * 6 + x for x, y in highlight],
        labels={y * 6 + x: t for (x, y), t in (labels or {}).items()},
        status=False,
    )
    root = re.match(r"<svg [^>]*>", svg)
    size = re.search(r'width="(\d+)" height="(\d+)"', svg)
    assert root is not None and size is not None
    w, h = int(size.group(1)), int(size.group(2))
    body = svg[root.end() : svg.rindex("</svg>")]
    return f'<svg x="0" y="0" width="{w}" height="{h}" viewBox="0 0 {w} {h}">{body}</svg>', w, h


def focus(game: GameLike, start: int, end: int, cells: set[XY]) -> None:
    """The grid is small: every picture shows all of it."""
    return None


def _number(n: int, delta: int | None) -> str:
    if not delta:
        return f"{n}"
    sign, colour = ("+", "#1b7f2a") if delta > 0 else ("−", "#b71c1c")
    return (
        f'<tspan font-weight="bold" text-decoration="underline">{n}</tspan>'
        f'<tspan font-weight="bold" fill="{colour}"> ({sign}{abs(delta)})</tspan>'
    )


def _facts(s: UrState) -> list[tuple[int, int, int]]:
    """(supply, cubes on the grid, points now) of every seat."""
    points = {r.seat: r.points for r in standings(s)}
    return [(s.supply(p), s.on_grid[p], points[p]) for p in range(s.n)]


def lines(game: GameLike, ply: int, since: int | None = None) -> list[str]:
    """One line per seat (▶ for the one deciding): hand tile, supply, cubes on the grid and points
    now; numbers changed since ply ``since`` bold with their change. Then ziggurats left and spares."""
    g = _game(game)
    s = g.state_at(ply)
    now = _facts(s)
    old = _facts(g.state_at(since)) if since is not None else now
    out = []
    for p in range(s.n):
        mark = "▶ " if not s.over and s.decider == p else ""
        supply, grid, points = now[p]
        d = [a - b for a, b in zip(now[p], old[p])]
        out.append(
            f'<tspan fill="{SEAT_INK[p]}" font-weight="bold">■</tspan> {mark}P{p}: hand {PAIR_NAMES[s.hands[p]]}'
            f" · supply {_number(supply, d[0])} · on the grid {_number(grid, d[1])} · points {_number(points, d[2])}"
        )
    spares = " ".join(PAIR_NAMES[x] for x in s.spares) or "none"
    where = "game over" if s.over else f"ziggurats left {s.zig_left}"
    out.append(f'<tspan fill="#666">{where} · spare {spares} · start player P{s.start}</tspan>')
    return out


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


# -- scoring: items, sets and the best split (§10) ------------------------------------------------------------
def items(game: UrGame, seat: int) -> dict[str, int]:
    """What ``seat`` scores without the hand tile: own tiles by face kind, ziggurats as ``Z`` (§10.1)."""
    s = game.state
    out = dict.fromkeys(COLOURS, 0)
    for c in range(36):
        if s.owner[c] == seat:
            out["Z" if s.zig[c] else KINDS[s.face[c]]] += 1
    return out


def set_value(size: int) -> int:
    """1, 3, 6, 10, 15, 21 points for a set of 1 to 6 different colours (§10.2)."""
    return size * (size + 1) // 2


def split_score(sets: Sequence[str]) -> int:
    """The points of a split written as sets of colour letters (``["ATCPWZ", "ATPW", "A"]``).

    :raises ValueError: a set repeats a colour or names one that does not exist."""
    total = 0
    for group in sets:
        letters = group.replace(" ", "").upper()
        if any(ch not in COLOURS for ch in letters):
            raise ValueError(f"set {group!r}: colours are the letters {COLOURS}")
        if len(set(letters)) != len(letters):
            raise ValueError(f"set {group!r} holds a colour twice: a set has different colours")
        total += set_value(len(letters))
    return total


def best_split(counts: Mapping[str, int]) -> list[str]:
    """The layered split (§10.3): set j holds one item of every colour with at least j items."""
    out: list[str] = []
    j = 1
    while True:
        layer = "".join(k for k in COLOURS if counts.get(k, 0) >= j)
        if not layer:
            return out
        out.append(layer)
        j += 1


def best_score(counts: Mapping[str, int]) -> int:
    """The engine's score of ``counts`` (``rules.set_score``; equal to ``split_score(best_split(…))``)."""
    return set_score([counts.get(k, 0) for k in COLOURS])


class SetSplit:
    """An interactive set split (ipywidgets): every item gets a set number from a drop-down, the hand
    tile also its side; the sets, whether each is legal and the score update at once, and a button
    shows the best split (§10.3) and its score. Without a kernel the text form is shown instead."""

    def __init__(self, counts: Mapping[str, int], hand: str = "", *, title: str = "") -> None:
        if any(k not in COLOURS or type(n) is not int or n < 0 for k, n in counts.items()):
            raise ValueError(f"counts are colour letters of {COLOURS} with whole numbers, not {dict(counts)!r}")
        if hand and (len(hand) != 2 or any(k not in KINDS for k in hand) or hand[0] == hand[1]):
            raise ValueError(f"a hand tile is a pair of two kinds such as 'PW', not {hand!r}")
        self.counts = {k: counts.get(k, 0) for k in COLOURS}
        self.hand = hand
        self.title = title
        self.names = [k for k in COLOURS for _ in range(self.counts[k])]
        self.best_side, self.best = self._best()

    def _best(self) -> tuple[str, int]:
        if not self.hand:
            return "", best_score(self.counts)
        scores = {side: best_score({**self.counts, side: self.counts[side] + 1}) for side in self.hand}
        side = max(self.hand, key=lambda k: scores[k])
        return side, scores[side]

    def evaluate(self, groups: Sequence[int], side: str = "") -> tuple[list[str], int | None, str]:
        """The sets of an assignment (set number per item, the hand tile last), the score (None if a set
        repeats a colour) and a sentence about it."""
        letters = [*self.names, *([side] if self.hand else [])]
        if len(groups) != len(letters):
            raise ValueError(f"give a set number for each of the {len(letters)} items")
        sets: dict[int, str] = {}
        for letter, g in zip(letters, groups):
            sets[g] = sets.get(g, "") + letter
        shown = [sets[g] for g in sorted(sets)]
        try:
            score = split_score(shown)
        except ValueError as err:
            return shown, None, str(err)
        verdict = "the best split" if score == self.best else f"{self.best - score} below the best"
        return shown, score, f"{score} points: {verdict}"

    def text(self) -> str:
        """The exercise in words, the answer last."""
        have = ", ".join(f"{n} {COLOUR_NAMES[k]}" for k, n in self.counts.items() if n)
        hand = f", and the hand tile {self.hand} (either side)" if self.hand else ""
        best = best_split({**self.counts, **({self.best_side: self.counts[self.best_side] + 1} if self.hand else {})})
        return (
            f"Items: {have}{hand}.\n"
            f"Best: {' + '.join(best)} = {' + '.join(str(set_value(len(s))) for s in best)} = {self.best} points"
            + (f" (hand tile as {COLOUR_NAMES[self.best_side]})" if self.hand else "")
        )

    def widget(self) -> Any:
        """The ipywidgets box: its ``.choose`` drop-downs, ``.side`` toggle, ``.out`` verdict, ``.button``
        and ``.answer`` are attributes of the box for scripts and tests."""
        import ipywidgets as w

        n = len(self.names) + (1 if self.hand else 0)
        choose = [w.Dropdown(options=list(range(1, n + 1)), value=1, layout=w.Layout(width="60px")) for _ in range(n)]
        side = w.ToggleButtons(options=list(self.hand), value=self.hand[0]) if self.hand else None
        labels = [COLOUR_NAMES[k] for k in self.names] + (["hand tile"] if self.hand else [])
        out, answer = w.HTML(), w.HTML()
        button = w.Button(description="Show the best split", button_style="info")

        def update(*_: Any) -> None:
            sets, score, words = self.evaluate([d.value for d in choose], side.value if side else "")
            colour = "#1b7f2a" if score == self.best else ("#b71c1c" if score is None else "#9a6700")
            out.value = (
                f"<p>Your sets: <code>{html.escape(' | '.join(sets))}</code> → "
                f"<b style='color:{colour}'>{html.escape(words)}</b></p>"
            )

        def reveal(*_: Any) -> None:
            answer.value = "<p>" + html.escape(self.text()).replace("\n", "<br>") + "</p>"

        for d in choose:
            d.observe(update, "value")
        if side is not None:
            side.observe(update, "value")
        button.on_click(reveal)
        update()
        rows = [w.HBox([w.Label(f"{label}", layout=w.Layout(width="110px")), d]) for label, d in zip(labels, choose)]
        head = [w.HTML(f"<b>{html.escape(self.title)}</b> — put each item in a set (a set has different colours)")]
        extra = [w.HBox([w.Label("hand tile side", layout=w.Layout(width="110px")), side])] if side else []
        box = w.VBox([*head, w.GridBox(rows, layout=w.Layout(grid_template_columns="repeat(3, 190px)")), *extra,
                      out, button, answer])  # fmt: skip
        box.choose, box.side, box.out, box.button, box.answer = choose, side, out, button, answer
        return box

    def _ipython_display_(self) -> None:
        from IPython.display import display

        from tigris_widget.core.reopen import display_live

        box = self.widget()
        bundle: Any = box._repr_mimebundle_()
        data = dict(bundle[0] if isinstance(bundle, tuple) else bundle or {})
        have = ", ".join(f"{n} {COLOUR_NAMES[k]}" for k, n in self.counts.items() if n)
        hand = f" and the hand tile <code>{self.hand}</code>" if self.hand else ""
        data["text/html"] = (  # what readers without a kernel see in place of the drop-downs
            f"<p><b>{html.escape(self.title)}</b> — with a kernel, split the items into sets here: {have}{hand}.</p>"
        )
        data["text/plain"] = self.text().split("\n", 1)[0]
        display_live(data)  # a reopened notebook shows that text in place of the drop-downs
        folded = (
            f"<details><summary>Without a kernel: the answer</summary><pre>{html.escape(self.text())}</pre></details>"
        )
        display({"text/html": folded, "text/plain": self.text()}, raw=True)  # type: ignore[no-untyped-call]


# -- the final scoring table -----------------------------------------------------------------------------------
def final_table(game: GameLike) -> tuple[str, str]:
    """The final scoring (§10): per player the items by colour, the hand tile's side, the best sets,
    the points and the cubes on the grid (the tie-break), best first."""
    g = _game(game)
    result = g.result
    if result is None:
        raise ValueError("the game is not over yet: play it to its end (§9) before the final scoring")
    s = g.state
    rows, plain = [], []
    for r in sorted(result, key=lambda r: (r.place, r.seat)):
        counts = items(g, r.seat)
        counts[r.side] += 1
        sets = best_split(counts)
        have = " ".join(f"{k}{n}" for k, n in counts.items() if n)
        split = " + ".join(f"{x} ({set_value(len(x))})" for x in sets)
        hand = f"{PAIR_NAMES[s.hands[r.seat]]} as {r.side}"
        rows.append(
            f"<tr><td>{r.place}</td><td>P{r.seat}</td><td>{have}</td><td>{hand}</td><td>{split}</td>"
            f"<td><b>{r.points}</b></td><td>{r.cubes}</td></tr>"
        )
        plain.append(f"{r.place}. P{r.seat}: {have} (hand {hand}) → {split} = {r.points} points, {r.cubes} cubes")
    head = "".join(f"<th>{h}</th>" for h in ("place", "player", "items (hand included)", "hand tile",
                                              "best sets (points)", "points", "cubes on the grid"))  # fmt: skip
    reason = {"no-exchange": "§9.1", "ziggurats": "§9.2", "turn-limit": "§9.3"}.get(g.end_reason or "", "")
    note = f"<p>The game ended by {reason}. Equal points: more cubes on the grid wins (§10.5).</p>"
    return f"{note}<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>", "\n".join(plain)


# -- exercises -------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class UrExercise:
    """A question on a lesson position whose answer is a turn line the engine plays; ``facts`` reads
    the numbers the explanation states off the game after the answer (tests compare them)."""

    key: str
    title: str
    lesson: str
    task: str
    hint: str
    solution: str
    explanation: str
    facts: Callable[[UrGame, UrGame], dict[str, Any]]
    """(game before, game after) → the facts the explanation states."""

    def game(self) -> UrGame:
        return lesson(self.lesson)

    def play_solution(self) -> UrGame:
        g = self.game()
        g.play_line(self.solution)
        return g


def _cubes(g: UrGame, where: XY) -> tuple[int, int]:
    s = g.state
    c = where[1] * 6 + where[0]
    return s.owner[c], s.cubes[c]


def _gains(before: UrGame, after: UrGame) -> list[int]:
    a, b = before.state, after.state
    return [b.on_grid[p] - a.on_grid[p] for p in range(a.n)]


_EXERCISES = [
    UrExercise(
        "ur-ex-starve",
        "Who starves?",
        "ur-agriculture",
        "P0 holds AT and performs agriculture with the most cubes on every farm. Which of P0's tiles end the turn "
        "empty, and how many cubes does P0 have on the grid afterwards (before: 7)?",
        "Step 1 takes a cube from each of your tiles with no agriculture tile beside it — a farm is not beside itself.",
        "P0: agri; exchange (4,0) side T",
        "Step 1 takes a cube from (0,0) (a farm with no farm beside it) and from (5,2) (no farm near). (5,2) is "
        "left empty and lost; (0,0) gets 2 in step 2, which counts the farms P0 had when the action began. "
        "The farms side by side, (3,3) and (3,4), protect each other and each gain 2: 7 − 2 + 6 = 11 cubes on the grid.",
        lambda b, a: {
            "empty": [xy for xy in ((0, 0), (1, 0), (5, 2), (3, 3), (3, 4)) if _cubes(a, xy)[1] == 0],
            "on_grid": a.state.on_grid[0],
        },
    ),
    UrExercise(
        "ur-ex-culture",
        "Who profits from culture?",
        "ur-culture",
        "P0 holds CP and performs culture. How many cubes does each player gain?",
        "Every non-empty tile next to one of P0's culture tiles gets one cube of its owner per such culture tile.",
        "P0: culture; exchange (0,0) side C",
        "(2,3) lies between P0's two culture tiles and gets 2 of P0's cubes; P1's (2,1) and P2's (1,2) touch (2,2) "
        "and get one cube each, of their own colour: P0 +2, P1 +1, P2 +1. Empty (3,2) gets nothing.",
        lambda b, a: {"gains": _gains(b, a)},
    ),
    UrExercise(
        "ur-ex-war",
        "Take the culture tile",
        "ur-war",
        "P0 holds TW. Take P2's culture tile (2,3) and keep as many cubes on (2,2) as you can while still moving one in.",
        "Attacking a tile of the same kind costs no extra cube; the attacker pays as many cubes as the target loses.",
        "P0: war (2,2)->(2,3) move 1; exchange (0,0) side W",
        "(2,2) and (2,3) are both culture tiles, so the war costs the 2 cubes P2 loses and nothing extra: "
        "4 − 2 = 2 remain, 1 moves in, 1 stays on (2,2).",
        lambda b, a: {"attacker": _cubes(a, (2, 2)), "target": _cubes(a, (2, 3))},
    ),
    UrExercise(
        "ur-ex-ziggurats",
        "Two ziggurats",
        "ur-ziggurat",
        "P0 has two tiles with 5 cubes. Build both ziggurats. How many cubes come back to P0's supply (before: 6)?",
        "Each ziggurat takes back its 5 cubes and then gets one of them back on top.",
        "P0: zig (2,2) (4,4); exchange (3,0) side P",
        "Each build returns 5 cubes and puts 1 on the ziggurat: +4 each, so the supply goes from 6 to 14. "
        "No action and no extra cube this turn; the exchange still follows.",
        lambda b, a: {"supply": a.state.supply(0), "left": a.state.zig_left},
    ),
    UrExercise(
        "ur-ex-tie",
        "Who wins the tie?",
        "ur-last-exchange",
        "P0 holds AC; the only empty tiles and the spare are AC tiles too. Play P0's turn without placing a cube. "
        "Who wins?",
        "With no exchange possible the game ends at once. Equal points? Count the cubes on the grid.",
        "P0: pass",
        "P0 cannot exchange (§9.1), so the game ends. P0 and P1 both score 33; P0 has 19 cubes on the grid, "
        "P1 17, so P0 wins (§10.5). Had P0 taken cubes off the grid earlier, the tie could have gone the other way.",
        lambda b, a: {
            "over": a.is_over,
            "points": [r.points for r in a.standings()][:2],
            "winner": [r.seat for r in a.standings() if r.place == 1],
        },
    ),
]
_BY_KEY = {e.key: e for e in _EXERCISES}
EXERCISES: Mapping[str, str] = {e.key: e.title for e in _EXERCISES}


def exercise_of(key: str) -> UrExercise:
    if key not in _BY_KEY:
        raise ValueError(f"unknown exercise {key!r}; choose from {', '.join(_BY_KEY)}")
    return _BY_KEY[key]


def exercise(key: str) -> tuple[str, str, Any, GameLike]:
    """The exercise as HTML (the hint and the solution, with the engine's account of it, folded in
    ``<details>``), plain text, no puzzle (the course offers a live board) and the game at its start."""
    ex = exercise_of(key)
    start = ex.game()
    played = ex.game()
    told = [e.text for e in played.play_line(ex.solution)]
    s = start.state
    hands = ", ".join(f"P{p} holds {PAIR_NAMES[s.hands[p]]}" for p in range(s.n))
    spares = f"; spare {' '.join(PAIR_NAMES[x] for x in s.spares)}" if s.spares else ""
    steps = "".join(f"<li>{html.escape(t)}</li>" for t in told)
    text = (
        "<div style='border-left:4px solid #ff8c00;padding:4px 10px;margin:6px 0'>"
        f"<p><b>Exercise — {html.escape(ex.title)}</b></p><p>{html.escape(ex.task)}</p>"
        f"<p>{hands}{spares}.</p>"
        "<p>Try it on the board below (in Jupyter), or work it out on the picture; then open the answers.</p>"
        f"<details><summary>Hint</summary><p>{html.escape(ex.hint)}</p></details>"
        f"<details><summary>Solution</summary><p><code>{html.escape(ex.solution)}</code></p>"
        f"<p>{html.escape(ex.explanation)}</p><p>The engine's account:</p><ul>{steps}</ul></details></div>"
    )
    plain = f"Exercise — {ex.title}: {ex.task}\nHint: {ex.hint}\nSolution: {ex.solution}. {ex.explanation}"
    return text, plain, None, start


# -- named pictures --------------------------------------------------------------------------------------------
PICTURES: Mapping[str, str] = {"legend": "what the pictures of the grid show: tiles, cubes, ziggurats, frames"}


def picture(key: str) -> tuple[GameLike, list[Panel], str]:
    if key != "legend":
        raise ValueError(f"unknown picture {key!r}; choose from {', '.join(PICTURES)}")
    game = lesson("ur-fifth-ziggurat")
    marks = {(2, 2): "5 cubes", (0, 0): "ziggurat", (3, 3): "empty"}
    body, w, h = panel(game, 0, None, highlight=[(3, 3)], labels=marks)
    notes = [
        "Each tile shows its face (big letter: the tile's kind) and its back (small badge, top right).",
        "A = agriculture (green), T = trade (yellow), C = culture (blue), P = politics (purple), W = war (red).",
        "Cubes: a seat's colour with the count, bottom right; the seat's name bottom left.",
        "A ziggurat covers its tile and keeps one cube of its builder. The tile's letter and badge stay visible,",
        "but the tile has no kind any more (a ziggurat on an A tile is no farm).",
        "Frames: pink = the squares the last step changed; orange dashes = what the course points at.",
    ]
    return game, [(body, w, h, "How to read the grid", [html.escape(n) for n in notes])], ""


__all__ = [
    "COLOURS",
    "EXERCISES",
    "LESSONS",
    "PICTURES",
    "Scene",
    "SetSplit",
    "UrExercise",
    "best_score",
    "best_split",
    "cell",
    "exercise",
    "exercise_of",
    "final_table",
    "focus",
    "items",
    "lesson",
    "lesson_builder",
    "lines",
    "panel",
    "picture",
    "set_value",
    "split_score",
]
