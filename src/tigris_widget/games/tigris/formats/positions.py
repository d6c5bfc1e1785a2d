"""A text format for positions that a person can write by hand (for puzzles, lessons and tests).

Example (blank lines and ``#`` comments after whitespace are ignored)::

    tigris-position 2
    board: classic
    players: archer lion            # dynasties in seat order, clockwise
    variants: none                  # or: buildings ziggurat
    options: bag_empty_end=finish_turn scores=open
    turn: 3 lion 1                  # turn number, who is active, actions left
    archer: hand=rrkbbg vp=0,0,0,0 treasures=0 catastrophes=2
    lion: hand=rrrggb vp=0,1,0,0 treasures=0 catastrophes=2
    bag: auto                       # the unused tiles, shuffled by 'seed'; or the draw order 'rrgk...'
                                    # (the whole bag), or 'rrgk + auto' (these first, then the rest)
    seed: 0
    out: k0 r0 b0 g0                # tiles already out of the game (optional)
    monuments: kr (8,5)             # colour pair and top-left square (optional)
    buildings: g (5,4)              # civilization buildings by colour (optional)
    ziggurat: (6,4)                 # the tower's square (optional)
    pending: revolt_defend by archer; attacker Lr (5,3) base 1 committed 2; defender Ar (7,3) base 2
                                    # (optional: the decision waited for, see below)

         0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15
     0   .  .  .  .  ~  ~  ~  ~  ~  . r*  .  ~  .  .  .
     ...  (11 rows; one token per square)

Square tokens: ``.`` empty land, ``~`` empty river (they must match the board side), ``k r b g``
face-up tiles, ``m`` a face-down monument tile, ``z`` a ziggurat tile, ``x`` a catastrophe, and
leaders as dynasty letter + colour (``Ak`` = archer's king, ``Lg`` = lion's trader). A ``*``
after a tile marks a treasure.

The optional ``pending:`` line (written by ``format_position`` when a conflict, a war choice, a
monument... is waiting) names the decision, who takes it and the conflict in words, so that any
moment of a game round-trips; its grammar and an example of each kind are in
``tigris_widget.games.tigris.formats.pending``. Version 1 texts (``tigris-position 1``, whose ``pending:``
line held the engine's integers) are still read.

Positions are checked completely: impossible ones raise ``PositionError`` naming the line, the
square or the rule. A position that loads can be played: unless the game is over there is a
legal action, and every legal action can be applied.
"""

from __future__ import annotations

import itertools
import random
import re

from tigris_widget.core.checks import add_once
from tigris_widget.games.tigris.engine.core.board import HEIGHT, NEIGHBOURS, WIDTH, format_square, parse_square, squares
from tigris_widget.games.tigris.engine.core.errors import PositionError
from tigris_widget.games.tigris.engine.core.regions import compute_regions
from tigris_widget.games.tigris.engine.core.setup import GameSetup
from tigris_widget.games.tigris.engine.core.state import GameState, empty_state
from tigris_widget.games.tigris.engine.core.types import (
    COLOUR_CODES,
    DYNASTIES,
    DYNASTY_CODES,
    HAND_SIZE,
    MONUMENTS,
    RED,
    TILE_SUPPLY,
)
from tigris_widget.games.tigris.engine.rules.invariants import problems
from tigris_widget.games.tigris.engine.rules.legal import legal_actions
from tigris_widget.games.tigris.engine.rules.monuments import monument_squares, ziggurat_squares
from tigris_widget.games.tigris.formats.pending import (
    check_pending,
    format_pending,
    leader_token,
    needs_pending,
    read_pending,
    read_pending_v1,
)

HEADER = "tigris-position 2"
HEADER_V1 = "tigris-position 1"
"""Version 1 wrote the pending decision as engine integers; it is still read."""
MAX_TEXT = 200_000
"""Longest position text read, in characters (a position is about 1,500)."""
MAX_LINE = 1_000
"""Longest line read once its comment is removed."""
_COLUMNS = "     " + " ".join(f"{x:>2}" for x in range(WIDTH))


def _codes(counts: list[int] | tuple[int, ...]) -> str:
    return "".join(COLOUR_CODES[c] * n for c, n in enumerate(counts)) or "-"


def format_position(s: GameState) -> str:
    """The state as position text; ``parse_position`` gives back an equal state."""
    setup = s.setup
    names = setup.dynasties
    lines = [
        HEADER,
        f"board: {setup.board}",
        f"players: {' '.join(names)}",
        f"variants: {' '.join(sorted(setup.variants)) or 'none'}",
        f"options: {' '.join(f'{k}={v}' for k, v in sorted(setup.options.items()))}",
        f"turn: {s.turn} {names[s.active]} {s.actions_left}",
    ]
    for p in range(s.players):
        vp = ",".join(str(v) for v in s.points(p))
        lines.append(
            f"{names[p]}: hand={_codes(s.hand(p))} vp={vp} treasures={s.treasures_taken[p]} "
            f"catastrophes={s.catastrophes_left[p]} discarded={_codes(s.discards[p * 4 : p * 4 + 4])}"
        )
    lines.append(f"bag: {''.join(COLOUR_CODES[c] for c in reversed(s.bag)) or '-'}")
    lines.append(f"out: {' '.join(f'{COLOUR_CODES[c]}{s.out_public[c]}' for c in range(4))}")
    placed = [(m, q) for m, q in enumerate(s.monuments) if q >= 0]
    if placed:
        parts = []
        for (m, q), colour in zip(placed, _flipped_colours(s, placed)):
            parts.append(f"{COLOUR_CODES[MONUMENTS[m][0]]}{COLOUR_CODES[MONUMENTS[m][1]]} {format_square(q)} "
                         f"{COLOUR_CODES[colour]}")  # fmt: skip
        lines.append(f"monuments: {', '.join(parts)}")
    built = [f"{COLOUR_CODES[c]} {format_square(q)}" for c, q in enumerate(s.buildings) if q >= 0]
    if built:
        lines.append(f"buildings: {', '.join(built)}")
    if s.tower >= 0:
        lines.append(f"ziggurat: {format_square(s.tower)}")
    if needs_pending(s):
        lines.append(f"pending: {format_pending(s)}")
    lines += ["", _COLUMNS]
    for y in range(HEIGHT):
        lines.append(f"{y:>2}   " + " ".join(f"{_token(s, y * WIDTH + x):>2}" for x in range(WIDTH)))
    return "\n".join(lines) + "\n"


def _flipped_colours(s: GameState, placed: list[tuple[int, int]]) -> tuple[int, ...]:
    """One colour per monument (one of its two) matching the state's face-down colour counts."""
    for colours in itertools.product(*(MONUMENTS[m] for m, _ in placed)):
        if all(4 * colours.count(c) == s.flipped[c] for c in range(4)):
            return colours
    raise PositionError("the face-down tile colours do not match the monuments on the board")


def _token(s: GameState, q: int) -> str:
    bit = 1 << q
    star = "*" if s.treasures & bit else ""
    for c in range(4):
        if s.tiles[c] & bit:
            return COLOUR_CODES[c] + star
    if s.down & bit:
        return "m" + star
    if s.ziggurat & bit:
        return "z" + star
    if s.catastrophes & bit:
        return "x"
    if s.leader_mask & bit:
        return leader_token(s, s.leaders.index(q))
    return "~" if s.map.river & bit else "."


def _items(text: str) -> list[str]:
    """Comma-separated list items; commas inside ``(x,y)`` do not separate."""
    return [p.strip() for p in re.split(r",(?![^()]*\))", text) if p.strip()]


_KEY_LINE = re.compile(r"^([a-z_]+)\s*:\s*(.*)$")
_FIELDS = ("board", "players", "variants", "options", "turn", "bag", "seed", "out", "monuments", "buildings",
           "ziggurat", "pending")  # fmt: skip
_NUMBER = re.compile(r"[0-9]{1,6}")
_SEED = re.compile(r"-?[0-9]{1,40}")


def parse_position(text: str) -> GameState:
    """Read position text into a state; ``PositionError`` names the line or square at fault."""
    if not isinstance(text, str):
        raise PositionError(f"position text must be a string, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise PositionError(f"position text is {len(text):,} characters long; a position is at most {MAX_TEXT:,}")
    raw = [line.split(" #")[0].rstrip() if not line.lstrip().startswith("#") else "" for line in text.splitlines()]
    numbered = [(i + 1, line.strip()) for i, line in enumerate(raw) if line.strip()]
    for number, line in numbered:
        if len(line) > MAX_LINE:
            raise PositionError(f"line {number}: {len(line):,} characters is too long for a position line")
        if not line.isascii() or not line.isprintable():
            bad = next(ch for ch in line if not (ch.isascii() and ch.isprintable()))
            raise PositionError(f"line {number}: {bad!r} cannot appear in a position (outside comments)")
    if not numbered or numbered[0][1] not in (HEADER, HEADER_V1):
        raise PositionError(f"line 1: position text starts with '{HEADER}' (or '{HEADER_V1}')")
    version = 1 if numbered[0][1] == HEADER_V1 else 2
    fields: dict[str, tuple[int, str]] = {}
    rows: list[tuple[int, str]] = []
    for number, line in numbered[1:]:
        match = _KEY_LINE.match(line)
        if match and not line[0].isdigit():
            if match[1] not in _FIELDS and match[1] not in DYNASTIES:
                raise PositionError(f"line {number}: unknown field '{match[1]}'; the fields are "
                                    f"{', '.join(_FIELDS)} and one per playing dynasty")  # fmt: skip
            if match[1] in fields:
                raise PositionError(f"line {number}: '{match[1]}' is given twice")
            fields[match[1]] = (number, match[2].strip())
        elif line.split() == [str(x) for x in range(WIDTH)]:
            continue  # the column numbers above the diagram
        elif line.split()[0].isdigit():
            rows.append((number, line))
        else:
            raise PositionError(f"line {number}: cannot read {line!r}")
    return _Reader(fields, rows, version).state()


class _Reader:
    """Builds a state from the parsed lines, validating as it goes."""

    def __init__(self, fields: dict[str, tuple[int, str]], rows: list[tuple[int, str]], version: int) -> None:
        self.fields = fields
        self.rows = rows
        self.version = version
        self.pending_line = 0

    def get(self, key: str, default: str | None = None) -> tuple[int, str]:
        if key in self.fields:
            return self.fields[key]
        if default is None:
            raise PositionError(f"the position needs a '{key}:' line")
        return 0, default

    def fail(self, line: int, message: str, square: int | None = None) -> PositionError:
        """The error for ``line``; ``square`` when the broken rule concerns one (the editor shows it there)."""
        return PositionError(f"line {line}: {message}" if line else message, square=square)

    def number(self, line: int, text: str, what: str) -> int:
        if not _NUMBER.fullmatch(text):
            raise self.fail(line, f"{what} is a whole number (at most 6 digits), not {text!r}")
        return int(text)

    def state(self) -> GameState:
        setup = self.setup()
        s = empty_state(setup)
        s.tiles = [0, 0, 0, 0]
        s.treasures = 0
        self.read_board(s)
        self.read_players(s)
        self.read_extras(s)
        self.read_turn(s)
        s.regions = compute_regions(s.occupied)
        self.read_bag(s)
        self.read_pending(s)
        self.check(s)
        return s

    def setup(self) -> GameSetup:
        line, players = self.get("players")
        names = tuple(players.replace(",", " ").split())
        options: dict[str, str] = {}
        oline, text = self.get("options", "")
        for item in text.split():
            if "=" not in item:
                raise self.fail(oline, f"options are written key=value, not {item!r}")
            key, value = item.split("=", 1)
            try:
                add_once(options, key, value)
            except ValueError as err:
                raise self.fail(oline, str(err)) from None
        try:
            return GameSetup(
                players=len(names),
                board=self.get("board", "classic")[1],
                variants=frozenset(v for v in self.get("variants", "none")[1].split() if v != "none"),
                options=options,
                dynasties=names,
            )
        except ValueError as err:
            raise self.fail(line, str(err)) from None

    def read_board(self, s: GameState) -> None:
        if len(self.rows) != HEIGHT:
            raise PositionError(f"the board diagram needs {HEIGHT} rows (y = 0..10), found {len(self.rows)}")
        names = s.setup.dynasties
        for y, (line, row) in enumerate(self.rows):
            tokens = row.split()
            if tokens[0] != str(y):
                raise self.fail(line, f"board row {y} must start with its number {y}")
            if len(tokens) != WIDTH + 1:
                raise self.fail(line, f"board row {y} needs {WIDTH} squares, found {len(tokens) - 1}")
            for x, token in enumerate(tokens[1:]):
                self.put(s, line, y * WIDTH + x, token, names)

    def put(self, s: GameState, line: int, q: int, token: str, names: tuple[str, ...]) -> None:
        where = format_square(q)
        bit = 1 << q
        river = bool(s.map.river & bit)
        star = token.endswith("*") and len(token) > 1
        body = token[:-1] if star else token
        if star:
            if not s.map.start_temples & bit:
                raise self.fail(line, f"treasure on {where}: treasures lie only on starting-temple squares (§11.1)", q)
            s.treasures |= bit
        if body in (".", "~"):
            if star:
                raise self.fail(line, f"treasure on {where} needs a tile under it", q)
            if (body == "~") != river:
                kind = "a river" if river else "a land"
                raise self.fail(line, f"{where} is {kind} square on the {s.map.name} board, not {body!r}", q)
        elif body in COLOUR_CODES:
            colour = COLOUR_CODES.index(body)
            if (colour == 2) != river:
                raise self.fail(line, f"§6.2 T3: a tile {body!r} cannot stand on {where} "
                                "(farms on rivers, other tiles on land)", q)  # fmt: skip
            s.tiles[colour] |= bit
        elif body == "m":
            s.down |= bit
        elif body == "z":
            s.ziggurat |= bit
        elif body == "x" and not star:
            s.catastrophes |= bit
        elif len(body) == 2 and body[0] in DYNASTY_CODES and body[1] in COLOUR_CODES and not star:
            dynasty = DYNASTIES[DYNASTY_CODES.index(body[0])]
            if dynasty not in names:
                raise self.fail(line, f"leader {body!r} on {where}: the {dynasty} is not playing", q)
            if river:
                raise self.fail(line, f"§6.1 L2: leader {body!r} cannot stand on the river square {where}", q)
            index = names.index(dynasty) * 4 + COLOUR_CODES.index(body[1])
            if s.leaders[index] >= 0:
                raise self.fail(line, f"leader {body!r} appears twice", q)
            s.leaders[index] = q
            s.leader_mask |= bit
        else:
            raise self.fail(line, f"unknown token {token!r} on {where}", q)

    def read_players(self, s: GameState) -> None:
        idle = sorted(self.fields.keys() & set(DYNASTIES) - set(s.setup.dynasties))
        if idle:
            line = self.fields[idle[0]][0]
            raise self.fail(line, f"the {idle[0]} is not playing (players: {' '.join(s.setup.dynasties)})")
        for p, name in enumerate(s.setup.dynasties):
            line, text = self.get(name)
            values = dict(item.split("=", 1) for item in text.split() if "=" in item)
            extra = [item for item in text.split() if "=" not in item]
            unknown = set(values) - {"hand", "vp", "treasures", "catastrophes", "discarded"}
            if extra or unknown:
                raise self.fail(line, f"cannot read {' '.join(extra + sorted(unknown))!r}; "
                                "write hand=… vp=k,r,b,g treasures=… catastrophes=…")  # fmt: skip
            hand = self.tiles(line, values.get("hand", "-"))
            if sum(hand) > HAND_SIZE:
                raise self.fail(line, f"{name} holds {sum(hand)} tiles; a hand holds at most {HAND_SIZE}")
            s.hands[p * 4 : p * 4 + 4] = hand
            s.discards[p * 4 : p * 4 + 4] = self.tiles(line, values.get("discarded", "-"))
            vp = [self.number(line, v, "vp") for v in values.get("vp", "0,0,0,0").split(",")]
            s.treasures_taken[p] = self.number(line, values.get("treasures", "0"), "treasures")
            s.catastrophes_left[p] = self.number(line, values.get("catastrophes", "2"), "catastrophes")
            if len(vp) != 4:
                raise self.fail(line, "vp is four non-negative numbers: black,red,blue,green")
            if not 0 <= s.catastrophes_left[p] <= 2:
                raise self.fail(line, "a player has 0, 1 or 2 catastrophe tiles left")
            s.vp[p * 4 : p * 4 + 4] = vp

    def tiles(self, line: int, text: str) -> list[int]:
        counts = [0, 0, 0, 0]
        for ch in "" if text == "-" else text:
            if ch not in COLOUR_CODES:
                raise self.fail(line, f"{ch!r} is not a tile colour (k, r, b, g)")
            counts[COLOUR_CODES.index(ch)] += 1
        return counts

    def read_extras(self, s: GameState) -> None:
        line, text = self.get("out", "")
        for item in text.split():
            if len(item) < 2 or item[0] not in COLOUR_CODES or not _NUMBER.fullmatch(item[1:]):
                raise self.fail(line, f"out: write colour and count, e.g. r3, not {item!r}")
            s.out_public[COLOUR_CODES.index(item[0])] = int(item[1:])
        line, text = self.get("monuments", "")
        covered = 0
        for part in _items(text):
            self.monument(s, line, part)
        for q in s.monuments:
            if q >= 0:
                covered |= monument_squares(q)
        if covered != s.down:
            raise self.fail(line, "every face-down tile 'm' must belong to exactly one listed monument (2x2)")
        line, text = self.get("buildings", "")
        for part in _items(text):
            bits = part.split(maxsplit=1)
            if len(bits) != 2 or bits[0] not in COLOUR_CODES:
                raise self.fail(line, f"buildings: write colour and square, e.g. 'g (5,4)', not {part!r}")
            colour, q = COLOUR_CODES.index(bits[0]), self.square(line, bits[1])
            if not s.tiles[colour] >> q & 1:
                raise self.fail(line, f"the {bits[0]} building must stand on a face-up {bits[0]} tile; {format_square(q)} "
                                "has none", q)  # fmt: skip
            s.buildings[colour] = q
        line, text = self.get("ziggurat", "")
        if text:
            centre = self.square(line, text)
            cross = ziggurat_squares(centre)
            if NEIGHBOURS[centre].bit_count() != 4 or s.ziggurat != cross:
                raise self.fail(line, "the ziggurat is the five 'z' squares of a cross centred on its tower", centre)
            s.tower = centre
        elif s.ziggurat:
            raise PositionError("'z' squares need a 'ziggurat: (x,y)' line naming the tower")
        if (s.buildings != [-1] * 4 and not s.setup.buildings) or (s.tower >= 0 and not s.setup.ziggurat):
            raise PositionError("buildings or a ziggurat are on the board but their variant is not enabled")

    def monument(self, s: GameState, line: int, part: str) -> None:
        bits = part.split()
        if len(bits) not in (2, 3) or len(bits[0]) != 2:
            raise self.fail(
                line, f"monuments: write the colour pair and top-left square, e.g. 'kr (8,5)', not {part!r}"
            )
        pair = tuple(sorted(COLOUR_CODES.index(c) for c in bits[0] if c in COLOUR_CODES))
        if pair not in MONUMENTS:
            raise self.fail(line, f"{bits[0]!r} is not a monument (two different colours)")
        m = MONUMENTS.index(pair)
        if s.monuments[m] >= 0:
            raise self.fail(line, f"monument {bits[0]} is listed twice")
        q = self.square(line, bits[1])
        block = monument_squares(q)
        if q % WIDTH == WIDTH - 1 or q // WIDTH == HEIGHT - 1 or s.down & block != block:
            raise self.fail(
                line, f"monument {bits[0]} at {format_square(q)} needs four 'm' tiles in a 2x2 from there", q
            )
        colour = COLOUR_CODES.index(bits[2]) if len(bits) == 3 and bits[2] in COLOUR_CODES else pair[0]
        if colour not in pair:
            raise self.fail(line, f"the tiles under monument {bits[0]} were of one of its colours, not {bits[2]!r}")
        s.monuments[m] = q
        s.flipped[colour] += 4

    def square(self, line: int, text: str) -> int:
        try:
            return parse_square(text)
        except ValueError as err:
            raise self.fail(line, str(err)) from None

    def read_turn(self, s: GameState) -> None:
        line, text = self.get("turn")
        bits = text.split()
        names = s.setup.dynasties
        if len(bits) != 3 or not _NUMBER.fullmatch(bits[0]) or bits[1] not in names or bits[2] not in ("0", "1", "2"):
            raise self.fail(line, "turn: write the turn number, the active dynasty and actions left, e.g. '3 lion 2'")
        s.turn, s.active, s.actions_left = int(bits[0]), names.index(bits[1]), int(bits[2])
        s.decider = s.active

    def read_bag(self, s: GameState) -> None:
        line, text = self.get("bag", "auto")
        used = [
            s.tiles[c].bit_count() + s.flipped[c] + s.out_public[c]
            + sum(s.hands[p * 4 + c] + s.discards[p * 4 + c] for p in range(s.players))
            for c in range(4)
        ]  # fmt: skip
        first, _, rest = text.partition("+")
        first, rest = first.strip(), rest.strip()
        if first == "auto":
            first, rest = "-", "auto"
        if rest not in ("", "auto"):
            raise self.fail(line, "bag: write the draw order (e.g. rrgk), 'auto', or an order followed by '+ auto'")
        order = self.tiles(line, first)
        draws = [COLOUR_CODES.index(ch) for ch in ("" if first == "-" else first)]
        for c in range(4):
            used[c] += order[c]
        if rest == "auto":
            shuffled = [c for c in range(4) for _ in range(max(0, TILE_SUPPLY[c] - used[c]))]
            seed_line, seed = self.get("seed", "0")
            if not _SEED.fullmatch(seed):
                raise self.fail(seed_line, f"seed is a whole number, not {seed!r}")
            random.Random(int(seed)).shuffle(shuffled)
            for c in shuffled:
                used[c] += 1
            draws += shuffled
        s.bag = draws[::-1]
        for c in range(4):
            if used[c] > TILE_SUPPLY[c]:
                raise self.fail(line, f"{used[c]} {('black', 'red', 'blue', 'green')[c]} tiles are in use, "
                                f"but the game has only {TILE_SUPPLY[c]}")  # fmt: skip
        missing = [TILE_SUPPLY[c] - used[c] for c in range(4)]
        s.out_public = [s.out_public[c] + missing[c] for c in range(4)]  # a short bag: the rest left the game

    def read_pending(self, s: GameState) -> None:
        line, text = self.get("pending", "")
        self.pending_line = line
        if not text:
            return
        try:
            (read_pending_v1 if self.version == 1 else read_pending)(s, text)
        except PositionError as err:
            raise self.fail(line, f"pending: {err}") from None

    def check(self, s: GameState) -> None:
        for q in s.leaders:
            if q >= 0 and not NEIGHBOURS[q] & s.tiles[RED]:
                raise PositionError(
                    f"I1: the leader on {format_square(q)} has no adjacent face-up temple (§4, §12)", square=q
                )
        if s.treasures & ~s.map.start_temples:
            raise PositionError(f"treasures off the starting temples: {squares(s.treasures & ~s.map.start_temples)}")
        try:
            check_pending(s)
        except PositionError as err:
            raise self.fail(self.pending_line, f"pending: {err}" if self.pending_line else str(err)) from None
        found = [p for p in problems(s) if not p.startswith("I5")]
        if found:
            raise PositionError(f"impossible position: {found[0]}")
        if not s.over and not legal_actions(s):
            raise self.fail(self.pending_line, "nothing can be played, yet the game is not over")
