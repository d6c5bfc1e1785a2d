"""Ur's position-editor operations (``core.editing.PositionEditing``) on a draft of §12.3 position text.

The pieces are the text's own tokens: a tile ``At`` (face agriculture over a trade back), cubes
``P1x3`` (three of P1's cubes), a ziggurat ``Z2`` (built by P2). Every cell always holds a tile (§2.1),
so removing takes off the cubes or the ziggurat and a tile is changed by placing another over it;
moving carries cubes or a ziggurat to another tile, or swaps two bare tiles. The draft may break I1-I5
(six cubes on a tile, a pair five times, …): ``problems`` shows what the engine's reader refuses.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from tigris_widget.core.checks import MAX_SHOWN, plain_text, shown
from tigris_widget.core.editing import Problem, field_text, located
from tigris_widget.core.errors import PositionError
from tigris_widget.games.ur.engine.accessors import seat_of
from tigris_widget.games.ur.engine.board import CAP, CELLS, KIND_NAMES, KINDS, PAIR_INDEX, PAIR_NAMES, SIZE, ZIGGURATS
from tigris_widget.games.ur.engine.state import PH_INITIAL, PH_OVER, PH_PLACE
from tigris_widget.games.ur.formats.position import parse_position
from tigris_widget.games.ur.game import UrGame

__all__ = ["UrDraft", "UrEditing"]

STAGES = ("setup", "setup round 1", "setup round 2", "setup round 3", "initial exchange", "play", "over")
"""Where a position stands (§12.3's header forms), as ``set("stage", …)`` takes it."""

_TILE = re.compile(r"([ATCPW])([atcpw])")
_CUBES = re.compile(r"P([0-9])x([0-9])")
_ZIGGURAT = re.compile(r"Z([0-9])")
_HEADER_FIELD = "header"
_GRID_FIELD = "grid"
_HANDS_FIELD = "hands"


@dataclass(frozen=True)
class UrDraft:
    """An Ur position as the text writes it, whether or not the rules allow it (per cell: face and back
    kind, owner seat or -1, cubes, ziggurat)."""

    players: int
    options: str
    start: int
    stage: str
    to_move: int
    ziggurats_left: int | None  # None: derived from the ziggurats on the grid
    face: tuple[int, ...]
    back: tuple[int, ...]
    owner: tuple[int, ...]
    cubes: tuple[int, ...]
    zig: tuple[bool, ...]
    hands: tuple[int, ...]
    spares: tuple[int, ...]


def _xy(c: int) -> str:
    return f"({c % SIZE},{c // SIZE})"


def _token(d: UrDraft, c: int) -> str:
    pair = KINDS[d.face[c]] + KINDS[d.back[c]].lower()
    if d.zig[c]:
        return f"Z{d.owner[c]}({pair})"
    return f"{pair}:{d.owner[c]}x{d.cubes[c]}" if d.cubes[c] else pair


def _pair(value: object, what: str) -> int:
    text = plain_text(value)
    if text is None or text.strip().upper() not in PAIR_NAMES:
        raise ValueError(f"{what} is a pair such as 'AT' ({' '.join(PAIR_NAMES)}), not {shown(value, MAX_SHOWN)}")
    return PAIR_NAMES.index(text.strip().upper())


class UrEditing:
    """Ur's draft operations; every one returns a new draft (``core.editor.Editor`` keeps the history)."""

    # -- drafts from texts and back ------------------------------------------------------------------
    def start(self, players: int | None, seed: int, options: Mapping[str, Any] | None) -> UrDraft:
        return self.read(UrGame.new(3 if players is None else players, seed, options).to_position())

    def read(self, text: str) -> UrDraft:
        s = parse_position(text)
        if s.phase == PH_PLACE:
            stage = "setup" if s.setup_step == 0 else f"setup round {s.setup_step // s.n + 1}"
        elif s.phase == PH_INITIAL:
            stage = "initial exchange"
        else:
            stage = "over" if s.phase == PH_OVER else "play"
        return UrDraft(
            players=s.n,
            options=", ".join(s.opts.changed()) or "defaults",
            start=s.start,
            stage=stage,
            to_move=s.active if s.phase in (PH_PLACE, PH_INITIAL) else s.decider,
            ziggurats_left=None,
            face=tuple(s.face),
            back=tuple(s.back),
            owner=tuple(s.owner),
            cubes=tuple(s.cubes),
            zig=tuple(bool(z) for z in s.zig),
            hands=tuple(s.hands),
            spares=tuple(s.spares),
        )

    def text(self, draft: UrDraft) -> str:
        d = draft
        left = max(0, ZIGGURATS - sum(d.zig)) if d.ziggurats_left is None else d.ziggurats_left
        where = {
            "setup": "setup (no cubes yet)",
            "initial exchange": f"setup: initial exchange · to move: P{d.to_move}",
            "play": f"to move: P{d.to_move} · ziggurats left: {left}",
            "over": f"game over · ziggurats left: {left}",
        }.get(d.stage, f"{d.stage} · to move: P{d.to_move}")
        lines = [f"{d.players} players · start player P{d.start} · {where} · options: {d.options}"]
        lines.append("      " + "".join(f"x={x}".ljust(10) for x in range(SIZE)).rstrip())
        for y in range(SIZE):
            lines.append((f"y={y}   " + "".join(_token(d, y * SIZE + x).ljust(10) for x in range(SIZE))).rstrip())
        hands = "  ".join(f"P{i}={PAIR_NAMES[h]}" for i, h in enumerate(d.hands))
        if d.spares:
            hands += ("   spare: " if len(d.spares) == 1 else "   spares: ") + " ".join(PAIR_NAMES[x] for x in d.spares)
        lines.append("hands: " + hands)
        return "\n".join(lines) + "\n"

    # -- edits on the grid ---------------------------------------------------------------------------
    def place(self, draft: UrDraft, square: int, piece: object) -> UrDraft:
        text = plain_text(piece)
        text = "" if text is None else text.strip()
        if tile := _TILE.fullmatch(text):
            face, back = KINDS.index(tile.group(1)), KINDS.index(tile.group(2).upper())
            if face != back:
                return replace(draft, face=_put(draft.face, square, face), back=_put(draft.back, square, back))
        elif cubes := _CUBES.fullmatch(text):
            seat, count = int(cubes.group(1)), int(cubes.group(2))
            if seat < draft.players and count >= 1:
                return self._holding(draft, square, seat, count, False)
        elif zig := _ZIGGURAT.fullmatch(text):
            if int(zig.group(1)) < draft.players:
                return self._holding(draft, square, int(zig.group(1)), 1, True)
        raise ValueError(
            f"{shown(piece, MAX_SHOWN)} is no Ur piece of {draft.players} players: a tile such as 'At' (face, back; two "
            f"different kinds), cubes such as 'P1x3' (seat 0..{draft.players - 1}, 1..9 cubes) or a ziggurat such as 'Z2'"
        )

    def _holding(self, d: UrDraft, c: int, owner: int, cubes: int, zig: bool) -> UrDraft:
        return replace(d, owner=_put(d.owner, c, owner), cubes=_put(d.cubes, c, cubes), zig=_put(d.zig, c, zig))

    def remove(self, draft: UrDraft, square: int) -> UrDraft:
        if draft.cubes[square] == 0 and not draft.zig[square]:
            raise ValueError(
                f"{_xy(square)} holds a bare tile, and every cell holds a tile (§2.1): place another tile there instead"
            )
        return self._holding(draft, square, -1, 0, False)

    def move(self, draft: UrDraft, origin: int, target: int) -> UrDraft:
        if origin == target:
            raise ValueError(f"a move needs two different cells, not {_xy(origin)} twice")
        d = draft
        if d.cubes[origin] or d.zig[origin]:
            moved = self._holding(d, target, d.owner[origin], d.cubes[origin], d.zig[origin])
            return self._holding(moved, origin, -1, 0, False)
        face = _put(_put(d.face, origin, d.face[target]), target, d.face[origin])
        back = _put(_put(d.back, origin, d.back[target]), target, d.back[origin])
        return replace(d, face=face, back=back)

    # -- the fields off the grid ---------------------------------------------------------------------
    def set(self, draft: UrDraft, field: object, value: object) -> UrDraft:
        name = plain_text(field)
        d = draft
        try:
            if name in ("start_player", "to_move"):
                seat = seat_of(value, d.players)
                return replace(d, start=seat) if name == "start_player" else replace(d, to_move=seat)
            if name == "stage":
                stage = field_text(value, "stage")
                if stage not in STAGES:
                    raise ValueError(f"the stage is one of {', '.join(STAGES)}, not {shown(stage, MAX_SHOWN)}")
                return replace(d, stage=stage)
            if name == "ziggurats_left":
                if value is None or value == "auto":
                    return replace(d, ziggurats_left=None)
                if type(value) is not int or not 0 <= value <= ZIGGURATS:
                    raise ValueError(f"ziggurats left is 0..{ZIGGURATS} or 'auto', not {shown(value)}")
                return replace(d, ziggurats_left=value)
            if name == "spares":
                return replace(d, spares=_spares(value))
            if name == "supplies":
                raise ValueError(
                    "the supplies are derived (§3: 20 minus the seat's cubes on the grid); change the cubes"
                )
            if name is not None and name.startswith("hand:"):
                seat = seat_of(name[len("hand:") :], d.players)
                return replace(d, hands=_put(d.hands, seat, _pair(value, f"P{seat}'s hand")))
        except PositionError as err:  # the engine's seat reader: a ValueError of the same words
            raise ValueError(str(err)) from None
        raise ValueError(f"Ur has no field {shown(field, MAX_SHOWN)}; the fields are {', '.join(self.fields(d))}")

    def fields(self, draft: UrDraft) -> dict[str, Any]:
        d = draft
        left: int | str = "auto" if d.ziggurats_left is None else d.ziggurats_left
        found: dict[str, Any] = {
            "start_player": d.start,
            "stage": d.stage,
            "to_move": d.to_move,
            "ziggurats_left": left,
        }
        found.update({f"hand:P{i}": PAIR_NAMES[h] for i, h in enumerate(d.hands)})
        found["spares"] = " ".join(PAIR_NAMES[x] for x in d.spares)
        on_grid = [sum(k for o, k in zip(d.owner, d.cubes, strict=True) if o == seat) for seat in range(d.players)]
        found["supplies"] = " ".join(f"P{seat}={20 - k}" for seat, k in enumerate(on_grid))  # derived: set refuses it
        return found

    # -- what the editor shows -------------------------------------------------------------------------
    def problems(self, draft: UrDraft) -> list[Problem]:
        try:
            UrGame.from_position(self.text(draft))
        except ValueError as err:
            lines = [_HEADER_FIELD, None, *[_GRID_FIELD] * SIZE, _HANDS_FIELD]
            found = located(err, lines)
            if "pair counts" in found.message:  # shown at every tile of a pair used too often
                message = f"{found.message} — {_pair_note(draft)}"
                return [Problem(c, "tiles", message) for c in _overused(draft)] or [Problem(None, "tiles", message)]
            if found.field == _HEADER_FIELD:  # the header holds several fields: name the one meant
                return [replace(found, field=_header_field(found.message))]
            return [found]
        return []

    def palette(self, draft: UrDraft) -> list[dict[str, str]]:
        # group and short: how the editor widget sorts and labels its piece buttons
        pieces = [
            {"piece": KINDS[f] + KINDS[b].lower(), "label": f"tile: {KIND_NAMES[f]} (back: {KIND_NAMES[b]})",
             "group": "tiles (face/back)", "short": f"{KINDS[f]}/{KINDS[b].lower()}"}
            for f in range(len(KINDS))
            for b in range(len(KINDS))
            if f != b
        ]  # fmt: skip
        for seat in range(draft.players):
            pieces += [
                {"piece": f"P{seat}x{k}", "label": f"{k} cube{'s' * (k > 1)} of P{seat}", "group": f"P{seat}",
                 "short": f"{k} cube{'s' * (k > 1)}"}
                for k in range(1, CAP + 1)
            ]  # fmt: skip
            pieces.append({"piece": f"Z{seat}", "label": f"a ziggurat of P{seat}", "group": f"P{seat}",
                           "short": "ziggurat"})  # fmt: skip
        return pieces

    def field_choices(self, draft: UrDraft) -> dict[str, list[Any]]:
        """The fields whose values are a known set (the editor widget offers them in a list)."""
        seats = list(range(draft.players))
        return {"stage": list(STAGES), "start_player": seats, "to_move": seats,
                "ziggurats_left": ["auto", *range(ZIGGURATS + 1)]}  # fmt: skip

    def cells(self, draft: UrDraft) -> list[str]:
        return [_token(draft, c) for c in range(CELLS)]

    def code(self, text: str) -> str:
        d = self.read(text)
        if d.stage not in ("play", "over"):  # the builder writes positions in play or over
            return f'from tigris_widget.games.ur import UrGame\n\ngame = UrGame.from_position("""\\\n{text}""")\n'
        options = {k: v for k, v in (o.split("=") for o in d.options.split(", ")) if v} if "=" in d.options else {}
        calls = [f"UrPositionBuilder(players={d.players}, options={options!r})"]
        for c in range(CELLS):
            xy = (c % SIZE, c // SIZE)
            calls.append(f".tile({xy}, {KINDS[d.face[c]]!r}, {KINDS[d.back[c]]!r})")
        for c in range(CELLS):
            xy = (c % SIZE, c // SIZE)
            if d.zig[c]:
                calls.append(f".ziggurat({xy}, {d.owner[c]})")
            elif d.cubes[c]:
                calls.append(f".cubes({xy}, {d.owner[c]}, {d.cubes[c]})")
        calls += [f".hand({i}, {PAIR_NAMES[h]!r})" for i, h in enumerate(d.hands)]
        calls.append(f".spares({', '.join(repr(PAIR_NAMES[x]) for x in d.spares)})")
        calls.append(f".start_player({d.start})")
        calls.append(".game_over()" if d.stage == "over" else f".to_move({d.to_move})")
        calls.append(".game()")
        body = "\n".join(f"    {call}" for call in calls)
        return f"from tigris_widget.games.ur import UrPositionBuilder\n\ngame = (\n{body}\n)\n"


_HEADER_WORDS = (("ziggurats_left", "ziggurats left"), ("start_player", "start player"), ("stage", "setup"),
                 ("to_move", "seat"))  # fmt: skip


def _header_field(message: str) -> str:
    """The header field (``ziggurats_left``, ``start_player`` …) a problem on the header line is about."""
    return next((field for field, words in _HEADER_WORDS if words in message), _HEADER_FIELD)


def _spares(value: object) -> tuple[int, ...]:
    """The spare tiles from text (``"TW CP"``) or a list of pairs: up to four."""
    text = plain_text(value)
    items: list[object] = list(field_text(text, "spares").split()) if text is not None else []
    if text is None and type(value) in (list, tuple):
        items = list(value)  # type: ignore[call-overload]  # a list or tuple, checked just above
    elif text is None:
        raise ValueError(f"spares are pairs such as 'TW CP', not {shown(value)}")
    if len(items) > 4:
        raise ValueError(f"there are at most four spare tiles, not {len(items)}")
    return tuple(_pair(x, "a spare") for x in items)


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _pair_counts(d: UrDraft) -> list[int]:
    counts = [0] * len(PAIR_NAMES)
    for c in range(CELLS):
        counts[PAIR_INDEX[d.face[c]][d.back[c]]] += 1
    for h in d.hands + d.spares:
        counts[h] += 1
    return counts


def _overused(d: UrDraft) -> list[int]:
    """The cells whose tile's pair is on more than four tiles."""
    counts = _pair_counts(d)
    return [c for c in range(CELLS) if counts[PAIR_INDEX[d.face[c]][d.back[c]]] > 4]


def _pair_note(d: UrDraft) -> str:
    """Which pairs are off (I3: the 40 tiles are each pair four times), by name."""
    counts = _pair_counts(d)
    off = ", ".join(f"{PAIR_NAMES[i]} {k} times" for i, k in enumerate(counts) if k != 4)
    return f"the 40 tiles (grid, hands, spares) are each pair four times; off: {off}"


EDITING = UrEditing()
"""The one instance the game module hands out (it holds no state)."""
