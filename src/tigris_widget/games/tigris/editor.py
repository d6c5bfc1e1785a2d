"""Tigris & Euphrates position-editor operations (``core.editing.PositionEditing``) on a draft of
position text (``formats.positions``).

Pieces (what ``place`` takes): a tile ``k r b g``; a leader as dynasty letter + colour (``Ak`` is the
archer's king, ``Lg`` the lion's trader); a catastrophe ``x``; ``treasure`` (on the tile already
there); ``monument:kr`` (the 2x2 whose top-left square is given); ``building:g`` (on a market, the
civilization-buildings variant); ``ziggurat`` (the cross centred on the square, the ziggurat variant).
A square shows one piece on top — a building, else a treasure, else the tile, monument, ziggurat,
leader or catastrophe — and ``remove`` and ``move`` take that one (a monument or the ziggurat moves
whole, by the step from ``origin`` to ``target``). There is one monument per colour pair, one building
per colour and one ziggurat: placing one that stands elsewhere moves it. The draft may break the
rules (a leader with no temple beside it, a farm on land, …): ``problems`` shows what the engine's
reader refuses, at its square when the rule concerns one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from tigris_widget.core.checks import MAX_SHOWN, plain_text, shown
from tigris_widget.core.editing import Problem, field_text, located
from tigris_widget.games.tigris.engine.core.board import (
    BOARDS,
    HEIGHT,
    NEIGHBOURS,
    WIDTH,
    board_map,
    format_square,
    squares,
)
from tigris_widget.games.tigris.engine.core.types import (
    BUILDING_NAMES,
    COLOUR_CODES,
    DYNASTIES,
    DYNASTY_CODES,
    LEADER_NAMES,
    MONUMENTS,
    TILE_NAMES,
)
from tigris_widget.games.tigris.engine.rules.monuments import monument_squares, ziggurat_squares
from tigris_widget.games.tigris.formats.positions import HEADER, format_position, parse_position
from tigris_widget.games.tigris.game import Game

__all__ = ["TigrisDraft", "TigrisEditing"]

SEAT_FIELDS = ("hand", "vp", "treasures", "catastrophes", "discarded")
"""Each seat's fields, set as ``"<field>:<dynasty>"`` (``"hand:lion"``)."""
FIELDS = ("board", "players", "variants", "options", "turn", "to_move", "actions_left", "bag", "seed", "out", "pending")
"""The other off-grid fields."""
_SEAT_DEFAULTS = {"hand": "-", "vp": "0,0,0,0", "treasures": "0", "catastrophes": "2", "discarded": "-"}
_TILES = re.compile(r"-|[krbg]{0,200}")
_BAG = re.compile(r"auto|-|[krbg]{1,200}(?: \+ auto)?")
_OUT = re.compile(r"(?:[krbg][0-9]{1,6}(?: |$))*")
_COUNT_HIGH = 999_999
_GRID_FIELD = "grid"


@dataclass(frozen=True)
class TigrisDraft:
    """A T&E position as its text writes it, whether or not the rules allow it: the off-grid fields as
    text (``values``), each square's token without its treasure mark (None: empty), the treasures, and
    the monuments (pair, top-left square, colour of the tiles under it or ""), buildings (colour code,
    square) and ziggurat (its tower square) that the text lists beside the grid."""

    values: Mapping[str, str]  # read-only: drafts in the history are never changed
    cells: tuple[str | None, ...]
    treasures: frozenset[int]
    monuments: tuple[tuple[str, int, str], ...] = ()
    buildings: tuple[tuple[str, int], ...] = ()
    ziggurat: int | None = None

    def dynasties(self) -> list[str]:
        return self.values["players"].split()


def _with(d: TigrisDraft, **values: str) -> TigrisDraft:
    return replace(d, values=MappingProxyType({**d.values, **values}))


def _cells(d: TigrisDraft, changes: Mapping[int, str | None]) -> tuple[str | None, ...]:
    return tuple(changes.get(q, token) for q, token in enumerate(d.cells))


def _xy(q: int) -> tuple[int, int]:
    return (q % WIDTH, q // WIDTH)


def _shifted(q: int, origin: int, target: int) -> int | None:
    """``q`` moved by the step from ``origin`` to ``target``, or None off the board."""
    x = q % WIDTH + target % WIDTH - origin % WIDTH
    y = q // WIDTH + target // WIDTH - origin // WIDTH
    return y * WIDTH + x if 0 <= x < WIDTH and 0 <= y < HEIGHT else None


def _river(d: TigrisDraft) -> int:
    """The river squares of the draft's board side (the classic side's while the side is misnamed: the
    reader names that problem)."""
    try:
        return board_map(d.values["board"]).river
    except ValueError:
        return board_map("classic").river


class TigrisEditing:
    """T&E's draft operations; every one returns a new draft (``core.editor.Editor`` keeps the history)."""

    # -- drafts from texts and back ------------------------------------------------------------------
    def start(self, players: int | None, seed: int, options: Mapping[str, Any] | None) -> TigrisDraft:
        rest = dict(options or {})  # the board side and the variants ride with the options, as in new_game
        board, variants = rest.pop("board", "classic"), rest.pop("variants", "")
        game = Game.new(
            players=2 if players is None else players, seed=seed, board=board, variants=variants, options=rest or None
        )
        # the bag derived from the tiles in use (shuffled by the seed), so that placing a tile takes it
        # from the bag instead of making one tile too many
        return _with(self.read(game.to_position()), bag="auto", seed=str(seed))

    def read(self, text: str) -> TigrisDraft:
        canonical = format_position(parse_position(text))
        head, _, grid = canonical.partition("\n\n")
        values: dict[str, str] = {}
        listed: dict[str, str] = {}
        for line in head.splitlines()[1:]:
            key, _, value = line.partition(": ")
            if key in DYNASTIES:
                values.update({f"{k}:{key}": v for k, _, v in (item.partition("=") for item in value.split())})
            elif key == "turn":
                values["turn"], values["to_move"], values["actions_left"] = value.split()
            elif key in ("monuments", "buildings", "ziggurat"):
                listed[key] = value
            else:
                values[key] = value
        values.setdefault("seed", "0")
        values.setdefault("pending", "")
        cells: list[str | None] = []
        treasures = set()
        for row in grid.splitlines()[1:]:
            for token in row.split()[1:]:
                if token.endswith("*"):
                    treasures.add(len(cells))
                body = token.rstrip("*")
                cells.append(None if body in (".", "~") else body)
        monuments = tuple(
            (pair, _square(where), colour)
            for pair, where, colour in (item.split() for item in listed.get("monuments", "").split(", ") if item)
        )
        buildings = tuple(
            (colour, _square(where))
            for colour, where in (item.split() for item in listed.get("buildings", "").split(", ") if item)
        )
        tower = _square(listed["ziggurat"]) if "ziggurat" in listed else None
        return TigrisDraft(MappingProxyType(values), tuple(cells), frozenset(treasures), monuments, buildings, tower)

    def text(self, draft: TigrisDraft) -> str:
        return self._written(draft)[0]

    def _written(self, d: TigrisDraft) -> tuple[str, list[str | None]]:
        """The text and, for each of its lines, the field it writes (for locating the reader's problems)."""
        v = d.values
        lines: list[tuple[str, str | None]] = [(HEADER, None)]
        lines += [(f"{key}: {v[key]}", key) for key in ("board", "players", "variants", "options")]
        lines.append((f"turn: {v['turn']} {v['to_move']} {v['actions_left']}", "turn"))
        for name in d.dynasties():
            seat = " ".join(f"{k}={v.get(f'{k}:{name}', _SEAT_DEFAULTS[k])}" for k in SEAT_FIELDS)
            lines.append((f"{name}: {seat}", name))
        lines += [(f"{key}: {v[key]}", key) for key in ("bag", "seed", "out")]
        if d.monuments:
            listed = ", ".join(
                f"{pair} {format_square(q)}{' ' + colour if colour else ''}" for pair, q, colour in d.monuments
            )
            lines.append((f"monuments: {listed}", "monuments"))
        if d.buildings:
            lines.append((f"buildings: {', '.join(f'{c} {format_square(q)}' for c, q in d.buildings)}", "buildings"))
        if d.ziggurat is not None:
            lines.append((f"ziggurat: {format_square(d.ziggurat)}", "ziggurat"))
        if v["pending"]:
            lines.append((f"pending: {v['pending']}", "pending"))
        lines += [("", None), ("     " + " ".join(f"{x:>2}" for x in range(WIDTH)), None)]
        tokens = self.cells(d)
        for y in range(HEIGHT):
            row = " ".join(f"{tokens[y * WIDTH + x]:>2}" for x in range(WIDTH))
            lines.append((f"{y:>2}   {row}", _GRID_FIELD))
        return "\n".join(text for text, _ in lines) + "\n", [field for _, field in lines]

    # -- edits on the board --------------------------------------------------------------------------
    def place(self, draft: TigrisDraft, square: int, piece: object) -> TigrisDraft:
        text = plain_text(piece)
        name = "" if text is None else text.strip()
        d, q = draft, square
        if len(name) == 1 and name in COLOUR_CODES + "x":
            return replace(d, cells=_cells(d, {q: name}))
        if len(name) == 2 and name[0] in DYNASTY_CODES and name[1] in COLOUR_CODES:
            return replace(d, cells=_cells(d, {q: name}))
        if name == "treasure":
            return replace(d, treasures=d.treasures | {q})
        if name.startswith("monument:") and _monument(name[len("monument:") :]) is not None:
            return self._monument_at(d, str(_monument(name[len("monument:") :])), q, "")
        if name.startswith("building:") and len(name) == len("building:") + 1 and name[-1] in COLOUR_CODES:
            kept = tuple(b for b in d.buildings if b[0] != name[-1])
            return replace(d, buildings=(*kept, (name[-1], q)))
        if name == "ziggurat":
            return self._ziggurat_at(d, q)
        raise ValueError(
            f"{shown(piece, MAX_SHOWN)} is no T&E piece: a tile k r b g, a leader such as 'Ak' (dynasty letter "
            f"{'/'.join(DYNASTY_CODES)} and colour), 'x', 'treasure', 'monument:kr', 'building:g' or 'ziggurat'"
        )

    def _monument_at(self, d: TigrisDraft, pair: str, q: int, colour: str) -> TigrisDraft:
        if q % WIDTH == WIDTH - 1 or q // WIDTH == HEIGHT - 1:
            raise ValueError(f"a monument covers the 2x2 from its top-left square, which cannot be {format_square(q)}")
        d = self._without_monument(d, pair)
        cells = _cells(d, dict.fromkeys(squares(monument_squares(q)), "m"))
        return replace(d, cells=cells, monuments=(*d.monuments, (pair, q, colour)))

    def _without_monument(self, d: TigrisDraft, pair: str) -> TigrisDraft:
        gone = [q for p, q, _ in d.monuments if p == pair]
        cleared = {s: None for q in gone for s in squares(monument_squares(q)) if d.cells[s] == "m"}
        return replace(d, cells=_cells(d, cleared), monuments=tuple(m for m in d.monuments if m[0] != pair))

    def _ziggurat_at(self, d: TigrisDraft, q: int) -> TigrisDraft:
        if NEIGHBOURS[q].bit_count() != 4:
            raise ValueError(
                f"the ziggurat is a cross centred on its tower, which cannot be on the edge: {format_square(q)}"
            )
        d = self._without_ziggurat(d)
        return replace(d, cells=_cells(d, dict.fromkeys(squares(ziggurat_squares(q)), "z")), ziggurat=q)

    def _without_ziggurat(self, d: TigrisDraft) -> TigrisDraft:
        if d.ziggurat is None:
            return d
        cleared = {s: None for s in squares(ziggurat_squares(d.ziggurat)) if d.cells[s] == "z"}
        return replace(d, cells=_cells(d, cleared), ziggurat=None)

    def _top(self, d: TigrisDraft, q: int) -> tuple[str, Any]:
        """The piece on top of ``q``: (kind, what identifies it); ValueError on an empty square."""
        for colour, where in d.buildings:
            if where == q:
                return "building", colour
        if q in d.treasures:
            return "treasure", None
        if d.cells[q] == "m":
            for pair, top_left, colour in d.monuments:
                if monument_squares(top_left) >> q & 1:
                    return "monument", (pair, top_left, colour)
        if d.cells[q] == "z" and d.ziggurat is not None and ziggurat_squares(d.ziggurat) >> q & 1:
            return "ziggurat", d.ziggurat
        if d.cells[q] is not None:
            return "token", d.cells[q]
        raise ValueError(f"{format_square(q)} is empty: there is nothing to take")

    def remove(self, draft: TigrisDraft, square: int) -> TigrisDraft:
        d, q = draft, square
        kind, what = self._top(d, q)
        if kind == "building":
            return replace(d, buildings=tuple(b for b in d.buildings if b[0] != what))
        if kind == "treasure":
            return replace(d, treasures=d.treasures - {q})
        if kind == "monument":
            return self._without_monument(d, what[0])
        if kind == "ziggurat":
            return self._without_ziggurat(d)
        return replace(d, cells=_cells(d, {q: None}))

    def move(self, draft: TigrisDraft, origin: int, target: int) -> TigrisDraft:
        if origin == target:
            raise ValueError(f"a move needs two different squares, not {format_square(origin)} twice")
        d = draft
        kind, what = self._top(d, origin)
        if kind == "building":
            return self.place(self.remove(d, origin), target, f"building:{what}")
        if kind == "treasure":
            return replace(d, treasures=(d.treasures - {origin}) | {target})
        if kind == "monument":
            pair, top_left, colour = what
            moved = _shifted(top_left, origin, target)
            if moved is None:
                raise ValueError(f"monument {pair} would leave the board")
            return self._monument_at(d, pair, moved, colour)
        if kind == "ziggurat":
            moved = _shifted(what, origin, target)
            if moved is None:
                raise ValueError("the ziggurat would leave the board")
            return self._ziggurat_at(d, moved)
        return replace(d, cells=_cells(d, {origin: None, target: what}))

    # -- the fields off the grid ---------------------------------------------------------------------
    def set(self, draft: TigrisDraft, field: object, value: object) -> TigrisDraft:
        d = draft
        name = plain_text(field) or ""
        key, _, seat = name.partition(":")
        if seat:
            if key not in SEAT_FIELDS or seat not in d.dynasties():
                raise ValueError(
                    f"no field {shown(field, MAX_SHOWN)}: a seat's fields are {', '.join(SEAT_FIELDS)} "
                    f"followed by ':' and a playing dynasty ({', '.join(d.dynasties())})"
                )
            return _with(d, **{name: _seat_value(key, value)})
        if name == "players":
            return self._players(d, _words(value, "players"))
        if name in ("turn", "seed", "actions_left"):
            return _with(d, **{name: str(_count(value, name, 9 if name == "actions_left" else _COUNT_HIGH))})
        if name == "to_move":
            if type(value) is int and 0 <= value < len(d.dynasties()):
                value = d.dynasties()[value]
            if value not in DYNASTIES:
                raise ValueError(f"to_move is a dynasty ({', '.join(d.dynasties())}) or its seat, not {shown(value)}")
            return _with(d, to_move=str(value))
        if name in ("board", "variants"):
            return _with(d, **{name: " ".join(_words(value, name)) or "none"})
        if name == "options":
            items = [f"{k}={v}" for k, v in value.items()] if isinstance(value, Mapping) else _words(value, name)
            return _with(d, options=field_text(" ".join(str(i) for i in items), "options"))
        if name in ("bag", "out", "pending"):
            text = field_text("" if value is None else value, name)
            pattern = {"bag": _BAG, "out": _OUT, "pending": None}[name]
            if pattern is not None and not pattern.fullmatch(text):
                raise ValueError(
                    f"{name} cannot be {shown(text, MAX_SHOWN)}: "
                    + (
                        "'auto', '-', colour codes such as 'rrgk', or codes + ' + auto'"
                        if name == "bag"
                        else "counts such as 'k0 r3'"
                    )
                )
            return _with(d, **{name: text})
        raise ValueError(
            f"T&E has no field {shown(field, MAX_SHOWN)}; the fields are {', '.join(FIELDS)} and "
            f"{'/'.join(SEAT_FIELDS)}:<dynasty>"
        )

    def _players(self, d: TigrisDraft, names: list[str]) -> TigrisDraft:
        """Seat ``names`` in order: each seat keeps its fields and its leaders under its new dynasty."""
        if not 1 <= len(names) <= len(DYNASTIES) or any(n not in DYNASTIES for n in names):
            raise ValueError(
                f"players are up to four different dynasties of {', '.join(DYNASTIES)}, not {shown(names)}"
            )
        old = d.dynasties()
        values = {k: v for k, v in d.values.items() if k.partition(":")[2] not in old}
        for i, name in enumerate(names):
            for key in SEAT_FIELDS:
                values[f"{key}:{name}"] = (
                    d.values.get(f"{key}:{old[i]}", _SEAT_DEFAULTS[key]) if i < len(old) else _SEAT_DEFAULTS[key]
                )
        values["players"] = " ".join(names)
        if d.values["to_move"] in old and old.index(d.values["to_move"]) < len(names):
            values["to_move"] = names[old.index(d.values["to_move"])]
        codes = {
            DYNASTY_CODES[DYNASTIES.index(o)]: DYNASTY_CODES[DYNASTIES.index(n)]
            for o, n in zip(old, names, strict=False)
        }
        cells = tuple(codes[t[0]] + t[1] if t is not None and len(t) == 2 and t[0] in codes else t for t in d.cells)
        return replace(d, values=MappingProxyType(values), cells=cells)

    def fields(self, draft: TigrisDraft) -> dict[str, Any]:
        found: dict[str, Any] = {k: draft.values[k] for k in FIELDS}
        for name in draft.dynasties():
            found.update({f"{k}:{name}": draft.values.get(f"{k}:{name}", _SEAT_DEFAULTS[k]) for k in SEAT_FIELDS})
        return found

    # -- what the editor shows -------------------------------------------------------------------------
    def problems(self, draft: TigrisDraft) -> list[Problem]:
        text, line_fields = self._written(draft)
        try:
            Game.from_position(text)
        except ValueError as err:
            found = located(err, line_fields)
            if found.field in draft.dynasties():  # a seat's line: name the field the message is about
                return [replace(found, field=_seat_field(found.field, found.message))]
            return [found]
        return []

    def palette(self, draft: TigrisDraft) -> list[dict[str, str]]:
        # group and short: how the editor widget sorts and labels its piece buttons
        pieces = [
            {"piece": code, "label": f"{TILE_NAMES[c]} ({code})", "group": "tiles", "short": TILE_NAMES[c]}
            for c, code in enumerate(COLOUR_CODES)
        ]
        for name in draft.dynasties() if all(n in DYNASTIES for n in draft.dynasties()) else ():
            letter = DYNASTY_CODES[DYNASTIES.index(name)]
            pieces += [
                {"piece": letter + code, "label": f"{name} {LEADER_NAMES[c]}", "group": f"{name} leaders",
                 "short": LEADER_NAMES[c]}
                for c, code in enumerate(COLOUR_CODES)
            ]  # fmt: skip
        pieces += [
            {"piece": "x", "label": "catastrophe", "group": "special", "short": "catastrophe"},
            {"piece": "treasure", "label": "treasure (on a starting temple)", "group": "special", "short": "treasure"},
        ]
        for pair in MONUMENTS:
            codes = "".join(COLOUR_CODES[c] for c in pair)
            pieces.append({"piece": f"monument:{codes}", "label": f"monument {codes} (top-left square)",
                           "group": "monuments", "short": codes})  # fmt: skip
        pieces += [
            {"piece": f"building:{code}", "label": BUILDING_NAMES[c], "group": "buildings", "short": BUILDING_NAMES[c]}
            for c, code in enumerate(COLOUR_CODES)
        ]
        pieces.append({"piece": "ziggurat", "label": "ziggurat (its tower square)", "group": "special",
                       "short": "ziggurat"})  # fmt: skip
        return pieces

    def field_choices(self, draft: TigrisDraft) -> dict[str, list[str]]:
        """The fields whose values are a known set (the editor widget offers them in a list)."""
        return {"board": sorted(BOARDS), "to_move": list(draft.dynasties())}

    def cells(self, draft: TigrisDraft) -> list[str]:
        river = _river(draft)
        return [
            (token if token is not None else "~" if river >> q & 1 else ".") + ("*" if q in draft.treasures else "")
            for q, token in enumerate(draft.cells)
        ]

    def code(self, text: str) -> str:
        return _builder_code(self.read(text), text)


_SEAT_WORDS = (("hand", ("holds", "hand")), ("catastrophes", ("catastrophe",)), ("vp", ("vp",)),
               ("treasures", ("treasure",)), ("discarded", ("discard",)))  # fmt: skip


def _seat_field(dynasty: str, message: str) -> str:
    """The seat's field (``hand:archer``) a problem on its line is about, by its words; else the dynasty."""
    for key, words in _SEAT_WORDS:
        if any(word in message for word in words):
            return f"{key}:{dynasty}"
    return dynasty


def _monument(codes: str) -> str | None:
    """A monument's colour pair in the order of ``MONUMENTS`` (``"rk"`` → ``"kr"``), or None."""
    if len(codes) != 2 or any(c not in COLOUR_CODES for c in codes):
        return None
    pair = tuple(sorted(COLOUR_CODES.index(c) for c in codes))
    return "".join(COLOUR_CODES[c] for c in pair) if pair in MONUMENTS else None


def _square(text: str) -> int:
    x, y = (int(v) for v in text.strip("()").split(","))
    return y * WIDTH + x


def _words(value: object, what: str) -> list[str]:
    if type(value) in (list, tuple):
        items = list(value)  # type: ignore[call-overload]  # a list or tuple, checked just above
        if not all(type(i) is str for i in items):
            raise ValueError(f"{what} are words, not {shown(value)}")
        value = " ".join(items)
    return field_text(value, what).replace(",", " ").split()


def _count(value: object, what: str, high: int) -> int:
    if type(value) is not int or not 0 <= value <= high:
        raise ValueError(f"{what} is a whole number 0..{high}, not {shown(value)}")
    return value


def _seat_value(key: str, value: object) -> str:
    """A seat field's value as its text writes it, or ValueError when the text cannot say it."""
    if key in ("hand", "discarded"):
        text = field_text(value, key) or "-"
        if not _TILES.fullmatch(text):
            raise ValueError(
                f"{key} is tile colour codes (k r b g) such as 'rrkbbg', or '-', not {shown(text, MAX_SHOWN)}"
            )
        return text
    if key == "vp":
        if type(value) in (list, tuple):
            points = [_count(v, "a vp count", _COUNT_HIGH) for v in value]  # type: ignore[attr-defined]
        else:
            parts = field_text(value, "vp").split(",")
            if not all(p.strip().isdigit() and p.strip().isascii() and len(p.strip()) <= 6 for p in parts):
                raise ValueError(f"vp is four counts black,red,blue,green such as '0,1,0,0', not {shown(value)}")
            points = [int(p) for p in parts]
        if len(points) != 4:
            raise ValueError(f"vp is four counts (black, red, blue, green), not {len(points)}")
        return ",".join(str(p) for p in points)
    return str(_count(value, key, _COUNT_HIGH))


def _builder_code(d: TigrisDraft, text: str) -> str:
    """``PositionBuilder`` calls that build the valid position ``d`` (its canonical ``text``); a position
    the builder cannot write (a pending decision, discarded tiles) is loaded from its text instead."""
    v = d.values
    names = d.dynasties()
    if v["pending"] or any(v.get(f"discarded:{n}", "-") != "-" for n in names):
        return f'from tigris_widget.games.tigris import Game\n\ngame = Game.from_position("""\\\n{text}""")\n'
    options = dict(item.split("=", 1) for item in v["options"].split())
    variants = tuple(x for x in v["variants"].split() if x != "none")
    calls = [
        f"PositionBuilder(players={tuple(names)!r}, board={v['board']!r}, variants={variants!r}, "
        f"options={options!r}, starting_temples=False)"
    ]
    by_token: dict[str, list[tuple[int, int]]] = {}
    for q, token in enumerate(d.cells):
        if token is not None and token not in ("m", "z"):
            by_token.setdefault(token, []).append(_xy(q))
    for token, where in sorted(by_token.items()):
        listed = ", ".join(map(str, where))
        if token in COLOUR_CODES:
            calls.append(f".tile({token!r}, {listed})")
        elif token == "x":
            calls.append(f".catastrophe({listed})")
        else:
            dynasty = DYNASTIES[DYNASTY_CODES.index(token[0])]
            calls += [f".leader({dynasty!r}, {token[1]!r}, {xy})" for xy in where]
    for pair, q, colour in d.monuments:
        calls.append(f".monument({pair!r}, {_xy(q)}, {colour!r})")
    if d.ziggurat is not None:
        calls.append(f".ziggurat({_xy(d.ziggurat)})")
    if d.treasures:
        calls.append(f".treasure({', '.join(str(_xy(q)) for q in sorted(d.treasures))})")
    calls += [f".building({colour!r}, {_xy(q)})" for colour, q in d.buildings]
    for n in names:
        vp = tuple(int(p) for p in v[f"vp:{n}"].split(","))
        calls.append(f".hand({n!r}, {v[f'hand:{n}'].replace('-', '')!r})")
        calls.append(f".score({n!r}, vp={vp}, treasures={v[f'treasures:{n}']}, catastrophes={v[f'catastrophes:{n}']})")
    calls.append(f".turn({v['to_move']!r}, actions_left={v['actions_left']}, number={v['turn']})")
    calls.append(f".bag({v['bag']!r}, seed={v['seed']})")
    out = {item[0]: int(item[1:]) for item in v["out"].split()}
    calls.append(f".out_of_game({', '.join(f'{k}={n}' for k, n in out.items())})")
    calls.append(".game()")
    body = "\n".join(f"    {call}" for call in calls)
    return f"from tigris_widget.games.tigris import PositionBuilder\n\ngame = (\n{body}\n)\n"


EDITING = TigrisEditing()
"""The one instance the game module hands out (it holds no state)."""
