"""Test-side reader of *Ur* position text (§12.3), written without the engine.

It turns a position into plain data (cells, hands, spares, supplies, header) so that tests can compare an
expected and an actual position cell by cell, check the invariants I1–I5 (§3), and rebuild the reference
layout generator (§2.3) independently of the engine.
"""

from __future__ import annotations

import copy
import random
import re
from collections import Counter
from dataclasses import dataclass, field

KINDS = "ATCPW"
PAIRS = tuple(a + b for i, a in enumerate(KINDS) for b in KINDS[i + 1 :])
CELLS = tuple((x, y) for y in range(6) for x in range(6))

_TILE = re.compile(r"^([ATCPW])([atcpw])(?::(\d)x(\d+))?$")
_ZIG = re.compile(r"^Z(\d)\(([ATCPW])([atcpw])\)$")


def pair_of(a: str, b: str) -> str:
    """The canonical pair name of two kinds, e.g. ('T', 'a') -> 'AT'."""
    a, b = a.upper(), b.upper()
    return a + b if KINDS.index(a) < KINDS.index(b) else b + a


@dataclass
class Cell:
    face: str
    back: str
    owner: int | None = None
    cubes: int = 0
    zig: bool = False

    @property
    def pair(self) -> str:
        return pair_of(self.face, self.back)

    def token(self) -> str:
        tile = self.face + self.back.lower()
        if self.zig:
            return f"Z{self.owner}({tile})"
        return f"{tile}:{self.owner}x{self.cubes}" if self.cubes else tile


@dataclass
class Pos:
    players: int
    start: int
    phase: str  # "setup0", "setup", "exchange", "play", "over"
    setup_round: int | None
    to_move: int | None
    zigs_left: int | None
    options: dict[str, str]
    cells: dict[tuple[int, int], Cell] = field(default_factory=dict)
    hands: dict[int, str] = field(default_factory=dict)
    spares: list[str] = field(default_factory=list)
    supplies: dict[int, int] = field(default_factory=dict)

    def on_grid(self, seat: int) -> int:
        """Cubes of a seat on the grid, ziggurat cubes included (D10)."""
        return sum(c.cubes if not c.zig else 1 for c in self.cells.values() if c.owner == seat)

    def derived_supply(self, seat: int) -> int:
        return 20 - self.on_grid(seat)

    def copy(self) -> Pos:
        return copy.deepcopy(self)


def _seat(text: str) -> int:
    m = re.fullmatch(r"P(\d)", text.strip())
    if not m:
        raise AssertionError(f"not a seat: {text!r}")
    return int(m.group(1))


def parse_header(line: str, pos: Pos) -> None:
    fields = [f.strip() for f in line.split("·")]
    m = re.fullmatch(r"(\d) players", fields[0])
    assert m, f"bad player field {fields[0]!r}"
    pos.players = int(m.group(1))
    m = re.fullmatch(r"start player (P\d)", fields[1])
    assert m, f"bad start field {fields[1]!r}"
    pos.start = _seat(m.group(1))
    rest = fields[2:]
    assert rest and rest[-1].startswith("options:"), f"no options field in {line!r}"
    opts = rest[-1][len("options:") :].strip()
    if opts != "defaults":
        for item in opts.split(","):
            name, _, value = item.strip().partition("=")
            pos.options[name.strip()] = value.strip()
    rest = rest[:-1]
    first = rest[0]
    if first == "setup (no cubes yet)":
        pos.phase, pos.to_move = "setup0", pos.start
        return
    if first.startswith("setup round"):
        pos.phase, pos.setup_round = "setup", int(first.split()[-1])
        pos.to_move = _seat(rest[1].split(":")[1])
        return
    if first == "setup: initial exchange":
        pos.phase = "exchange"
        pos.to_move = _seat(rest[1].split(":")[1])
        return
    if first == "game over":
        pos.phase, pos.to_move = "over", None
        pos.zigs_left = int(rest[1].split(":")[1])
        return
    assert first.startswith("to move:"), f"unknown header form {line!r}"
    pos.phase = "play"
    pos.to_move = _seat(first.split(":")[1])
    pos.zigs_left = int(rest[1].split(":")[1])


def parse_token(token: str) -> Cell:
    m = _ZIG.match(token)
    if m:
        return Cell(m.group(2), m.group(3).upper(), int(m.group(1)), 1, True)
    m = _TILE.match(token)
    assert m, f"bad cell token {token!r}"
    if m.group(3) is None:
        return Cell(m.group(1), m.group(2).upper())
    return Cell(m.group(1), m.group(2).upper(), int(m.group(3)), int(m.group(4)))


def parse(text: str) -> Pos:
    """Read a §12.3 position (any spacing) into a Pos; AssertionError on anything unreadable."""
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    pos = Pos(0, 0, "", None, None, None, {})
    parse_header(lines[0], pos)
    assert lines[1].split() == [f"x={x}" for x in range(6)], f"bad column line {lines[1]!r}"
    for y in range(6):
        parts = lines[2 + y].split()
        assert parts[0] == f"y={y}" and len(parts) == 7, f"bad row {lines[2 + y]!r}"
        for x, token in enumerate(parts[1:]):
            pos.cells[(x, y)] = parse_token(token)
    hands_line = lines[8]
    assert hands_line.startswith("hands:"), hands_line
    body = hands_line[len("hands:") :]
    spare_part = ""
    m = re.search(r"spares?:", body)
    if m:
        body, spare_part = body[: m.start()], body[m.end() :]
    for item in body.split():
        seat, _, pair = item.partition("=")
        pos.hands[_seat(seat)] = pair
    pos.spares = spare_part.split()
    sup = lines[9]
    assert sup.startswith("supplies:"), sup
    for item in sup[len("supplies:") :].split():
        seat, _, k = item.partition("=")
        pos.supplies[_seat(seat)] = int(k)
    assert len(lines) == 10, f"extra lines: {lines[10:]}"
    return pos


def invariant_violations(pos: Pos) -> list[str]:
    """I1–I5 of §3 (plus the stated supplies and the spare count) for a parsed position."""
    bad: list[str] = []
    n = pos.players
    for xy, c in pos.cells.items():
        if c.face == c.back:
            bad.append(f"{xy}: both sides {c.face}")
        if c.zig:
            if c.owner is None or not 0 <= c.owner < n or c.cubes != 1:
                bad.append(f"I4: ziggurat {xy} must hold one cube of a seat")
        elif c.cubes:
            if c.owner is None or not 0 <= c.owner < n or not 1 <= c.cubes <= 5:
                bad.append(f"I1: {xy} holds {c.cubes} cubes of {c.owner}")
    for seat in range(n):
        if pos.on_grid(seat) > 20:
            bad.append(f"I2: P{seat} has {pos.on_grid(seat)} cubes on the grid")
        if pos.supplies.get(seat) != pos.derived_supply(seat):
            bad.append(f"I2: P{seat} supply {pos.supplies.get(seat)} != {pos.derived_supply(seat)}")
    if set(pos.supplies) != set(range(n)):
        bad.append(f"supplies for seats {sorted(pos.supplies)}")
    if len(pos.cells) != 36:
        bad.append(f"I3: {len(pos.cells)} grid tiles")
    counts = {p: 0 for p in PAIRS}
    for c in pos.cells.values():
        counts[c.pair] += 1
    for p in list(pos.hands.values()) + pos.spares:
        if p not in counts:
            bad.append(f"I3: unknown pair {p}")
        else:
            counts[p] += 1
    if any(v != 4 for v in counts.values()):
        bad.append(f"I3: pair counts {counts}")
    zigs = sum(c.zig for c in pos.cells.values())
    if pos.zigs_left is not None and zigs + pos.zigs_left != 5:
        bad.append(f"I4: {zigs} ziggurats + {pos.zigs_left} left")
    if set(pos.hands) != set(range(n)):
        bad.append(f"I5: hands for seats {sorted(pos.hands)}")
    if len(pos.spares) != 4 - n:
        bad.append(f"{len(pos.spares)} spares with {n} players")
    return bad


def apply_changes(pos: Pos, changes: str) -> Pos:
    """The position with the listed cell changes, written like the spec's results, separated by '·':

    ``(3,1) P0x2`` (owner and count, same tile) · ``(5,2) empty`` · ``(4,3) empty Wa`` (another tile,
    no cubes) · ``(2,2) Z1`` (ziggurat of P1 on the same tile).
    """
    out = pos.copy()
    for change in filter(None, (c.strip() for c in changes.split("·"))):
        m = re.fullmatch(r"\((\d),(\d)\)\s+(.*)", change)
        assert m, f"bad change {change!r}"
        xy, what = (int(m.group(1)), int(m.group(2))), m.group(3).split()
        cell = out.cells[xy]
        if what[0] == "empty":
            cell.owner, cell.cubes, cell.zig = None, 0, False
            if len(what) == 2:
                cell.face, cell.back = what[1][0], what[1][1].upper()
        elif re.fullmatch(r"Z\d", what[0]):
            cell.owner, cell.cubes, cell.zig = int(what[0][1]), 1, True
        else:
            mm = re.fullmatch(r"P(\d)x(\d)", what[0])
            assert mm, f"bad change {change!r}"
            cell.owner, cell.cubes, cell.zig = int(mm.group(1)), int(mm.group(2)), False
    for seat in range(out.players):
        out.supplies[seat] = out.derived_supply(seat)
    return out


def grid_diff(actual: Pos, expected: Pos) -> list[str]:
    return [
        f"{xy}: {actual.cells[xy].token()} != expected {expected.cells[xy].token()}"
        for xy in CELLS
        if actual.cells[xy] != expected.cells[xy]
    ]


def neighbours(x: int, y: int) -> list[tuple[int, int]]:
    return [(a, b) for a, b in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)) if 0 <= a < 6 and 0 <= b < 6]


def layout_clash(first: tuple[str, str], second: tuple[str, str], layout: str) -> bool:
    """Whether two adjacent (face, back) tiles break the layout rule of §2.2."""
    if layout == "colour":
        return first[0] == second[0]
    return first == second


def layout_clashes(grid: dict[tuple[int, int], tuple[str, str]], layout: str) -> list[tuple[tuple[int, int], ...]]:
    out = []
    for x, y in CELLS:
        for other in ((x + 1, y), (x, y + 1)):
            if other in grid and layout_clash(grid[(x, y)], grid[other], layout):
                out.append(((x, y), other))
    return out


def reference_setup(
    seed: int, n: int, layout: str
) -> tuple[dict[tuple[int, int], tuple[str, str]], list[str], list[str], int]:
    """§2.3 rebuilt from the spec text: (grid of (face, back), hands, spares, start player)."""
    rng = random.Random(seed)
    tiles = [p for p in PAIRS for _ in range(4)]
    pool = list(range(40))
    rng.shuffle(pool)
    grid: dict[tuple[int, int], tuple[str, str]] = {}
    for y in range(6):
        for x in range(6):
            placed = [grid[c] for c in ((x - 1, y), (x, y - 1)) if c in grid]
            for i, tid in enumerate(pool):  # the first tile in pool order that fits
                k1, k2 = tiles[tid]
                sides = ((k1, k2), (k2, k1))
                allowed = [s for s in sides if not any(layout_clash(s, m, layout) for m in placed)]
                if allowed:
                    del pool[i]
                    break
            else:  # pragma: no cover - the rules text proves this cannot happen
                raise AssertionError("no tile fits")
            grid[(x, y)] = allowed[0] if len(allowed) == 1 else allowed[rng.randrange(2)]
    hands = [tiles[pool[j]] for j in range(n)]
    spares = [tiles[pool[j]] for j in range(n, 4)]
    return grid, hands, spares, rng.randrange(n)


def set_score(counts: dict[str, int]) -> int:
    """§10.3: layer j holds one item of every colour with at least j items; a layer of size s is worth s(s+1)/2."""
    total, j = 0, 1
    while any(c >= j for c in counts.values()):
        size = sum(c >= j for c in counts.values())
        total += size * (size + 1) // 2
        j += 1
    return total


def final_scores(pos: Pos) -> dict[int, tuple[int, int, int]]:
    """§10 for every seat: (points, cubes on the grid, place), places shared by equal (points, cubes)."""
    out: dict[int, tuple[int, int]] = {}
    for seat in range(pos.players):
        counts = {k: 0 for k in KINDS + "Z"}
        for c in pos.cells.values():
            if c.owner == seat and (c.zig or c.cubes):
                counts["Z" if c.zig else c.face] += 1
        best = 0
        for side in pos.hands[seat]:
            with_hand = dict(counts)
            with_hand[side] += 1
            best = max(best, set_score(with_hand))
        out[seat] = (best, pos.on_grid(seat))
    return {s: (p, c, 1 + sum(other > (p, c) for other in out.values())) for s, (p, c) in out.items()}


def legal_exchange_targets(pos: Pos, seat: int) -> list[str]:
    """§8.2: empty grid tiles and spares whose pair differs from the seat's hand."""
    hand = pos.hands[seat]
    cells = [f"{xy}" for xy, c in pos.cells.items() if not c.zig and not c.cubes and c.pair != hand]
    return cells + [f"spare {p}" for p in pos.spares if p != hand]


def transition_violations(prev: Pos, cur: Pos) -> list[str]:
    """Rules that tie two consecutive positions (one turn or setup step of ``prev.to_move``) together:
    tiles are never turned except the one laid down in an exchange (§8.3), ziggurats never change (D7),
    only the mover's hand changes, and only for another pair (§8.5) taken from an empty tile or a spare;
    a play turn without an exchange ends the game and needs a position with no legal target (§9.1)."""
    bad: list[str] = []
    mover = prev.to_move
    if mover is None:
        return [f"a move after the game ended: {prev.phase} -> {cur.phase}"]
    for xy, c in prev.cells.items():
        if c.zig and cur.cells[xy] != c:
            bad.append(f"D7: ziggurat {xy} changed to {cur.cells[xy].token()}")
    turned = [
        xy for xy in CELLS if (prev.cells[xy].face, prev.cells[xy].back) != (cur.cells[xy].face, cur.cells[xy].back)
    ]
    others = [s for s in range(prev.players) if s != mover and prev.hands[s] != cur.hands[s]]
    if others:
        bad.append(f"hands of {others} changed on P{mover}'s move")
    old, new = prev.hands[mover], cur.hands[mover]
    if old == new:
        if turned:
            bad.append(f"tiles {turned} changed without an exchange")
        if sorted(prev.spares) != sorted(cur.spares):
            bad.append("spares changed without an exchange")
        if prev.phase == "play" and cur.phase != "over":
            bad.append(f"§8.1: P{mover} did not exchange")
        if prev.phase == "play" and cur.phase == "over" and legal_exchange_targets(cur, mover):
            bad.append(f"§9.1: the game ended though P{mover} could exchange with {legal_exchange_targets(cur, mover)}")
        return bad
    if prev.phase not in ("play", "exchange"):
        bad.append(f"hand changed in phase {prev.phase}")
    if old == new or pair_of(*old) != old or pair_of(*new) != new:
        bad.append(f"§8.5: exchange {old} -> {new}")
    if turned:
        if len(turned) != 1:
            return [*bad, f"§8.3: tiles {turned} changed in one exchange"]
        xy = turned[0]
        before, after = prev.cells[xy], cur.cells[xy]
        if before.pair != new or after.pair != old or after.cubes or after.zig:
            bad.append(f"§8.3: {xy} {before.token()} -> {after.token()} with hand {old} -> {new}")
        if sorted(prev.spares) != sorted(cur.spares):
            bad.append("spares changed in a grid exchange")
    else:
        left = Counter(prev.spares)
        left[new] -= 1
        left[old] += 1
        if left[new] < 0 or +left != Counter(cur.spares):
            bad.append(f"§8.4: spares {prev.spares} -> {cur.spares} with hand {old} -> {new}")
    return bad


def _cell_list(text: str) -> list[tuple[int, int]]:
    return [(int(x), int(y)) for x, y in re.findall(r"\((\d),(\d)\)", text)]


def line_violations(prev: Pos, cur: Pos, line: str) -> list[str]:
    """What a recorded turn or setup line says against what changed between the two positions."""
    bad: list[str] = []
    seat_text, _, body = line.partition(": ")
    mover = prev.to_move
    if seat_text != f"P{mover}":
        return [f"line {line!r} for P{mover}'s move"]
    items = body.split("; ")
    words = {item.split(" ")[0] for item in items}
    changed = [xy for xy in CELLS if prev.cells[xy] != cur.cells[xy]]
    if prev.phase in ("setup0", "setup"):
        (xy,) = _cell_list(body) or [(-1, -1)]
        want = (
            Cell(prev.cells[xy].face, prev.cells[xy].back, mover, prev.cells[xy].cubes + 1)
            if xy in prev.cells
            else None
        )
        if words != {"place"} or changed != [xy] or cur.cells[xy] != want:
            bad.append(f"§2.5: {line!r} changed {changed}")
        return bad
    if prev.phase == "exchange":
        return [] if words <= {"keep", "exchange"} else [f"§2.6: {line!r}"]
    # Other players' tiles gain cubes only by culture and lose them only by war (G1, §5).
    for xy in changed:
        a, b = prev.cells[xy], cur.cells[xy]
        if a.owner is not None and a.owner != mover and not a.zig:
            gained = b.owner == a.owner and b.cubes > a.cubes
            lost = b.owner != a.owner or b.cubes < a.cubes
            if (gained and "culture" not in words) or (lost and "war" not in words):
                bad.append(f"G1: P{a.owner}'s {xy} {a.token()} -> {b.token()} by {line!r}")
    new_zigs = sorted(xy for xy in CELLS if cur.cells[xy].zig and not prev.cells[xy].zig)
    if "zig" in words:
        listed = sorted(_cell_list(items[0]))
        if new_zigs != listed or any(prev.cells[xy].owner != mover or prev.cells[xy].cubes != 5 for xy in listed):
            bad.append(f"§7: {line!r} built {new_zigs}")
        if prev.zigs_left is not None and cur.zigs_left != prev.zigs_left - len(listed):
            bad.append(f"§7: ziggurats left {prev.zigs_left} -> {cur.zigs_left}")
    elif new_zigs:
        bad.append(f"§7: ziggurats {new_zigs} without a zig item")
    restart = prev.on_grid(mover) == 0 and any(not c.zig and not c.cubes for c in prev.cells.values())
    if restart != ("restart" in words):
        bad.append(f"§6.4: P{mover} has {prev.on_grid(mover)} cubes on the grid, line {line!r}")
    if "restart" in words:
        (xy,) = _cell_list(items[0])
        if cur.cells[xy].owner != mover or cur.cells[xy].cubes != 3:
            bad.append(f"§6.4: restart tile {xy} is {cur.cells[xy].token()}")
    if words <= {"exchange", "pass"}:
        cubes_moved = [
            xy
            for xy in changed
            if (prev.cells[xy].owner, prev.cells[xy].cubes) != (cur.cells[xy].owner, cur.cells[xy].cubes)
        ]
        if cubes_moved:
            bad.append(f"§6.2: cubes changed on {cubes_moved} in a turn without placements: {line!r}")
    ex = [item for item in items if item.startswith("exchange")]
    if not ex and cur.phase != "over":
        bad.append(f"§9.1: {line!r} has no exchange but the game goes on")
    if ex and ex[0].startswith("exchange ("):
        (xy,) = _cell_list(ex[0])
        side = ex[0][-1]
        old = prev.hands[mover]
        if (cur.cells[xy].face, pair_of(cur.cells[xy].face, cur.cells[xy].back)) != (side, old):
            bad.append(f"§8.3: {line!r} left {xy} as {cur.cells[xy].token()}")
    return bad


# -- an independent model of what a legal line does (§5–§8), used to check the engine's results -----------
def _allocs(text: str) -> list[tuple[tuple[int, int], int]]:
    return [((int(x), int(y)), int(k)) for x, y, k in re.findall(r"\((\d),(\d)\)\+(\d)", text)]


def _add(pos: Pos, xy: tuple[int, int], seat: int, k: int) -> None:
    cell = pos.cells[xy]
    if k:
        cell.owner, cell.cubes = seat, cell.cubes + k


def _remove(pos: Pos, xy: tuple[int, int], k: int) -> None:
    cell = pos.cells[xy]
    cell.cubes -= k
    if cell.cubes == 0:
        cell.owner = None


def _own(pos: Pos, seat: int, face: str | None = None) -> list[tuple[int, int]]:
    return [
        xy for xy in CELLS if (c := pos.cells[xy]).owner == seat and not c.zig and c.cubes and face in (None, c.face)
    ]


def _is_farm(pos: Pos, xy: tuple[int, int]) -> bool:
    return pos.cells[xy].face == "A" and not pos.cells[xy].zig


ACTION_KIND = {"agri": "A", "trade": "T", "culture": "C", "politics": "P", "war": "W"}


def simulate_line(prev: Pos, line: str, problems: list[str] | None = None) -> Pos:
    """The position after a setup or turn line, computed from the rules text alone (not the header).

    Whatever makes the line illegal by the rules (§2.5–§8) is appended to ``problems``, so that the model
    also referees the choices the engine offered."""
    bad: list[str] = [] if problems is None else problems
    pos = prev.copy()
    seat_text, _, body = line.partition(": ")
    me = int(seat_text[1])
    opts = prev.options
    items = body.split("; ")
    acts = [item.partition(" ")[0] for item in items if item.partition(" ")[0] in ACTION_KIND]
    if prev.phase == "play":
        kinds = [ACTION_KIND[a] for a in acts]
        if len(kinds) > 2 or len(set(kinds)) != len(kinds) or not set(kinds) <= set(prev.hands[me]):
            bad.append(f"§4: actions {acts} with hand {prev.hands[me]}")
        if sum(item.startswith("cube") for item in items) > 1:
            bad.append("§6: two cube items")

    def empty(xy: tuple[int, int]) -> bool:
        return not pos.cells[xy].zig and not pos.cells[xy].cubes

    def own(xy: tuple[int, int]) -> bool:
        return pos.cells[xy].owner == me and not pos.cells[xy].zig and pos.cells[xy].cubes > 0

    for item in items:
        word, _, rest = item.partition(" ")
        if word == "place":
            (xy,) = _cell_list(rest)
            first_round = prev.phase == "setup0" or prev.setup_round == 1
            near = any(own(n) for n in neighbours(*xy))
            if not (empty(xy) if first_round else own(xy) or (empty(xy) and near)):
                bad.append(f"§2.5: place {xy}")
            _add(pos, xy, me, 1)
        elif word == "restart":
            (xy,) = _cell_list(rest)
            if pos.on_grid(me) or not empty(xy):
                bad.append(f"§6.4: restart {xy}")
            _add(pos, xy, me, 3)
        elif word == "cube":
            (xy,) = _cell_list(rest)
            k = 2 if rest.endswith("x2") else 1
            ok = (own(xy) or (k == 1 and not acts and empty(xy))) and len(acts) < 2 and (k == 1 or not acts)
            if not ok or pos.cells[xy].cubes + k > 5 or pos.derived_supply(me) < k:
                bad.append(f"§6: cube {xy} x{k} with {len(acts)} action(s)")
            _add(pos, xy, me, k)
        elif word == "zig":
            cells = _cell_list(rest)
            if len(set(cells)) != len(cells) or len(cells) > min(2, pos.zigs_left or 0) or len(items) > 2:
                bad.append(f"§7: zig {cells} with {pos.zigs_left} left")
            for xy in cells:
                cell = pos.cells[xy]
                if not own(xy) or cell.cubes != 5:
                    bad.append(f"§7: zig on {cell.token()}")
                cell.zig, cell.cubes = True, 1
                pos.zigs_left = (pos.zigs_left or 0) - 1
        elif word == "agri":
            farms = _own(pos, me, "A")
            starving = [xy for xy in _own(pos, me) if not any(_is_farm(pos, n) for n in neighbours(*xy))]
            for xy in starving:
                _remove(pos, xy, 1)
            eligible = farms
            if opts.get("agricultureOnEmpty") == "true":
                eligible = farms + [xy for xy in CELLS if _is_farm(pos, xy) and empty(xy) and xy not in farms]
            room = {xy: min(2, 5 - pos.cells[xy].cubes) for xy in eligible}
            chosen = _allocs(rest) if rest else list(room.items())
            if any(xy not in room or k > room[xy] for xy, k in chosen) or sum(
                k for _, k in chosen
            ) > pos.derived_supply(me):
                bad.append(f"§5.1: agri {chosen} with room {room}, supply {pos.derived_supply(me)}")
            for xy, k in chosen:
                _add(pos, xy, me, k)
        elif word == "trade":
            due = {}
            for xy in _own(pos, me, "T"):
                x, y = xy
                border = (x == 0) + (x == 5) + (y == 0) + (y == 5)
                rivals = sum(pos.cells[n].owner not in (None, me) for n in neighbours(x, y))
                due[xy] = min(border + rivals, 5 - pos.cells[xy].cubes)
            supply = pos.derived_supply(me)
            chosen = _allocs(rest) if rest else ([] if supply == 0 else list(due.items()))
            placed = sum(k for _, k in chosen)
            if any(xy not in due or k > due[xy] for xy, k in chosen) or placed != min(sum(due.values()), supply):
                bad.append(f"§5.2: trade {chosen} with due {due}, supply {supply}")
            for xy, k in chosen:
                _add(pos, xy, me, k)
        elif word == "culture":
            sources = _own(pos, me, "C")
            due = {}
            for xy in CELLS:
                cell = pos.cells[xy]
                if cell.cubes and not cell.zig:
                    due[xy] = min(sum(n in sources for n in neighbours(*xy)), 5 - cell.cubes)
            lists = re.split(r"\s*\|\s*", rest)  # own list first (maybe empty), then "Pk: ..." lists
            given = {me: lists[0]} | {int(part[1]): part[4:] for part in lists[1:]}
            for seat in range(pos.players):
                mine = {xy: k for xy, k in due.items() if pos.cells[xy].owner == seat and k}
                supply = pos.derived_supply(seat)
                if given.get(seat):
                    chosen = _allocs(given[seat])
                elif sum(mine.values()) <= supply:
                    chosen = list(mine.items())
                else:
                    chosen = []
                    if supply:
                        bad.append(f"§5.3: P{seat} is short and gave no list")
                placed = sum(k for _, k in chosen)
                if any(xy not in mine or k > mine[xy] for xy, k in chosen) or placed != min(sum(mine.values()), supply):
                    bad.append(f"§5.3: P{seat} places {chosen} of {mine}, supply {supply}")
                for xy, k in chosen:
                    _add(pos, xy, seat, k)
        elif word == "politics":
            settings = [((int(x), int(y)), int(k)) for x, y, k in re.findall(r"\((\d),(\d)\)=(\d)", rest)]
            before = sum(c.cubes for c in pos.cells.values() if c.owner == me and not c.zig)
            if any(not own(xy) or k > 5 for xy, k in settings):
                bad.append(f"§5.4: politics {settings}")
            for xy, k in settings:
                cell = pos.cells[xy]
                cell.cubes = k
                cell.owner = me if k else None
            if sum(c.cubes for c in pos.cells.values() if c.owner == me and not c.zig) != before:
                bad.append(f"§5.4: politics changed the total: {settings}")
        elif word == "war":
            fights = re.findall(r"\((\d),(\d)\)->\((\d),(\d)\) move (\d)", rest)
            if not fights:
                bad.append("§5.5: a war action without a war")
            for ax, ay, tx, ty, m in fights:
                axy, txy, move = (int(ax), int(ay)), (int(tx), int(ty)), int(m)
                att, tgt = pos.cells[axy], pos.cells[txy]
                extra = 0 if tgt.face == att.face or (att.face == "W" and opts.get("warTileDiscount") != "false") else 1
                cost = tgt.cubes + extra
                if not own(axy) or txy not in neighbours(*axy) or tgt.zig or tgt.owner == me:
                    bad.append(f"§5.5: {axy}->{txy} between {att.token()} and {tgt.token()}")
                elif not 1 <= move <= att.cubes - cost:
                    bad.append(f"§5.5: {axy}->{txy} move {move} with {att.cubes} cubes and cost {cost}")
                tgt.owner, tgt.cubes = None, 0
                _remove(pos, axy, cost + move)
                _add(pos, txy, me, move)
        elif word == "exchange" and rest.startswith("spare"):
            old = pos.hands[me]
            named = rest.split()[1] if len(rest.split()) > 1 else None
            options = [p for p in pos.spares if p != old and named in (None, p)]
            if not options:
                bad.append(f"§8.4: {item} with hand {old} and spares {pos.spares}")
                continue
            pos.spares.remove(options[0])
            pos.spares.append(old)
            pos.hands[me] = options[0]
        elif word == "exchange":
            (xy,) = _cell_list(rest)
            side = rest[-1]
            old, cell = pos.hands[me], pos.cells[xy]
            if not empty(xy) or cell.pair == old or side not in old:
                bad.append(f"§8: {item} with hand {old} onto {cell.token()}")
            pos.hands[me] = cell.pair
            cell.face, cell.back = side, old.replace(side, "", 1)
        elif word not in ("keep", "pass"):
            bad.append(f"unknown item {item!r}")
    for seat in range(pos.players):
        pos.supplies[seat] = pos.derived_supply(seat)
    return pos


def model_violations(prev: Pos, cur: Pos, line: str) -> list[str]:
    """Where the engine's position after ``line`` differs from the independent model."""
    problems: list[str] = []
    want = simulate_line(prev, line, problems)
    bad = [f"illegal by the rules: {p}" for p in problems] + grid_diff(cur, want)
    if cur.hands != want.hands or sorted(cur.spares) != sorted(want.spares):
        bad.append(f"hands {cur.hands} {cur.spares} != {want.hands} {want.spares}")
    if prev.phase == "play" and cur.zigs_left != want.zigs_left:
        bad.append(f"ziggurats left {cur.zigs_left} != {want.zigs_left}")
    return bad
