"""Actions: every decision of every player is one ``Action`` (rules §16, design contract 2).

An action is a small named tuple, so it is hashable, compares by value and sorts by
``(kind, colour, square, extra)``; legal action lists come back in that order. The common ones
are built once at import and shared, which keeps legal-action generation cheap.

Text notation; ``Action.parse(str(a)) == a`` for every action.

======================  =============================================  ======================
notation                meaning                                        rules
======================  =============================================  ======================
``tile r (5,4)``        place a civilization tile (k/r/b/g)            §6.2
``leader g (9,3)``      place a leader from the supply                 §6.1
``move g (9,3)``        move a leader on the board to a square         §6.1
``withdraw g``          take a leader back to the supply               §6.1
``catastrophe (5,4)``   place a catastrophe tile                       §6.3
``swap rrb``            discard these tiles and draw as many           §6.4
``pass``                end the turn with actions left                 §5
``commit 3``            add 3 tiles as support in a revolt or war      §8.4, §9.6
``war g``               resolve the war of this colour next            §9.3
``building g (5,4)``    build or move the civilization building        §17
``monument rg (8,5)``   build a monument; square = its top-left tile   §10
``ziggurat (6,4)``      build the ziggurat; square = its centre        §18
``decline``             build no monument / building                   §10.3, §17
``treasures (1,1)``     the treasures the trader's owner takes         §11
``bonus k``             colour of the ziggurat bonus point             §18.4
======================  =============================================  ======================

Colours may also be written as words (``red``, ``temple``, ``priest``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final, NamedTuple, TypeAlias, cast

from tigris_widget.core.checks import shown as shown_value
from tigris_widget.core.checks import type_name
from tigris_widget.games.tigris.engine.core.board import SQUARES, format_square, parse_square, to_square
from tigris_widget.games.tigris.engine.core.errors import NotationError
from tigris_widget.games.tigris.engine.core.types import (
    BUILD_BUILDING,
    BUILD_MONUMENT,
    BUILD_ZIGGURAT,
    CHOOSE_WAR,
    COLOUR_CODES,
    COLOUR_WORDS,
    COMMIT,
    DECLINE,
    HAND_SIZE,
    MONUMENTS,
    MOVE_LEADER,
    PASS,
    PLACE_CATASTROPHE,
    PLACE_LEADER,
    PLACE_TILE,
    SWAP,
    TAKE_TREASURES,
    WITHDRAW_LEADER,
    ZIGGURAT_BONUS,
    ColourError,
    Square,
    to_colour,
)

# The public constructors take any object and check it themselves (a ``ValueError`` naming it): the
# compiled build would otherwise refuse a wrong type with a ``TypeError`` before the check runs.
ColourArg: TypeAlias = object
"""A colour: 0–3, or a name as ``types.to_colour`` reads it (``"k"``, ``"red"``, ``"king"`` …)."""
SquareArg: TypeAlias = object
"""A square: its index ``y * 16 + x``, ``(x, y)`` or ``"(x,y)"``."""


class ActionError(ValueError):
    """An action that cannot be built from the arguments given, or a property asked of the wrong kind."""


class Action(NamedTuple):
    """One decision, as a compact tuple ``(kind, colour, square, extra)``.

    The raw fields are what hot loops read; what they mean depends on the kind, so everywhere else
    build actions with the named constructors and read them through the named properties:

    =====================================  =============================================================
    constructor                            fields
    =====================================  =============================================================
    ``Action.tile(colour, square)``        place a tile of ``colour`` on ``square``
    ``Action.leader(colour, square)``      place the leader of ``colour`` from the supply
    ``Action.move(colour, square)``        move the leader of ``colour`` already on the board
    ``Action.withdraw(colour)``            take the leader of ``colour`` back
    ``Action.catastrophe(square)``         a catastrophe on ``square``
    ``Action.swap(counts)``                ``extra`` = tiles discarded per colour (``.tiles``)
    ``Action.pass_()``                     end the turn (``PASS_ACTION``)
    ``Action.commit(n)``                   ``extra`` = tiles committed as support (``.committed``)
    ``Action.war(colour)``                 resolve the war of ``colour`` next
    ``Action.building(colour, square)``    build or move the building of ``colour``
    ``Action.monument(pair, square)``      ``colour`` = index into ``MONUMENTS`` (``.pair``,
                                           ``.monument_index``); ``square`` = top-left tile
    ``Action.ziggurat(square)``            ``square`` = the centre of the cross
    ``Action.decline()``                   build nothing (``DECLINE_ACTION``)
    ``Action.treasures(squares)``          ``extra`` = the treasure squares, sorted (``.treasure_squares``)
    ``Action.bonus(colour)``               the colour of the ziggurat bonus point
    =====================================  =============================================================

    Colours may be given as anything ``to_colour`` reads (``1``, ``"r"``, ``"temple"``), squares as
    ``(x, y)``, ``"(x,y)"`` or ``y * 16 + x`` (``board.to_square``); bad arguments raise ``ActionError``. The constructors return the
    shared instances of the action tables, so ``Action.tile("r", "(5,4)") is TILE_ACTIONS[1][69]``.
    Actions sort by ``(kind, colour, square, extra)``: that is the order of legal action lists.
    """

    kind: int
    colour: int = -1
    """A colour for tiles, leaders, wars, buildings and the bonus; a monument index for monuments."""
    square: Square = -1
    extra: int | tuple[int, ...] = 0
    """Swap: tiles per colour; commit: the number of tiles; treasures: the squares."""

    def __str__(self) -> str:
        # A hand-built action may be malformed: show its raw fields rather than fail while formatting.
        return format_action(self) if id(self) in _SHARED_IDS or canonical(self) is not None else _raw(self)

    def __repr__(self) -> str:
        return f"Action.parse({format_action(self)!r})" if canonical(self) is not None else _raw(self)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the text notation (see ``notation``); raise ``ValueError`` saying where it is wrong."""
        return parse_action(text)

    # -- named constructors ---------------------------------------------------------------------
    @classmethod
    def tile(cls, colour: ColourArg, square: SquareArg) -> Action:
        return TILE_ACTIONS[_colour_arg(colour)][_square_arg(square)]

    @classmethod
    def leader(cls, colour: ColourArg, square: SquareArg) -> Action:
        return PLACE_LEADER_ACTIONS[_colour_arg(colour)][_square_arg(square)]

    @classmethod
    def move(cls, colour: ColourArg, square: SquareArg) -> Action:
        return MOVE_LEADER_ACTIONS[_colour_arg(colour)][_square_arg(square)]

    @classmethod
    def withdraw(cls, colour: ColourArg) -> Action:
        return WITHDRAW_ACTIONS[_colour_arg(colour)]

    @classmethod
    def catastrophe(cls, square: SquareArg) -> Action:
        return CATASTROPHE_ACTIONS[_square_arg(square)]

    @classmethod
    def swap(cls, counts: object) -> Action:
        """Discard ``counts`` tiles per colour (black, red, blue, green), or the tiles written ``"rrb"``."""
        if isinstance(counts, str):
            tally = [0, 0, 0, 0]
            for ch in counts:
                tally[_colour_arg(ch)] += 1
            counts = (tally[0], tally[1], tally[2], tally[3])
        try:
            return SWAP_ACTIONS[tuple(cast("Iterable[object]", counts))]  # type: ignore[index]
        except (KeyError, TypeError):
            raise ActionError(f"a swap discards 1 to {HAND_SIZE} tiles given per colour, not {counts!r}") from None

    @classmethod
    def pass_(cls) -> Action:
        return PASS_ACTION

    @classmethod
    def commit(cls, n: object) -> Action:
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= HAND_SIZE:
            raise ActionError(f"commit takes a number of tiles from 0 to {HAND_SIZE}, not {n!r}")
        return COMMIT_ACTIONS[n]

    @classmethod
    def war(cls, colour: ColourArg) -> Action:
        return WAR_ACTIONS[_colour_arg(colour)]

    @classmethod
    def building(cls, colour: ColourArg, square: SquareArg) -> Action:
        return BUILDING_ACTIONS[_colour_arg(colour)][_square_arg(square)]

    @classmethod
    def monument(cls, pair: object, square: SquareArg) -> Action:
        """The monument of ``pair`` — its index into ``MONUMENTS``, ``"rg"`` or two colours — with its
        top-left tile on ``square``."""
        if isinstance(pair, int) and not isinstance(pair, bool):
            if not 0 <= pair < len(MONUMENTS):
                raise ActionError(f"a monument index is 0 to {len(MONUMENTS) - 1}, not {pair}")
            index = pair
        else:
            colours = (
                tuple(sorted(_colour_arg(c) for c in pair)) if isinstance(pair, (str, tuple)) and len(pair) == 2 else ()
            )
            if colours not in MONUMENTS:
                raise ActionError(f"a monument is two different colours, e.g. 'rg', not {pair!r}")
            index = MONUMENTS.index(colours)
        return MONUMENT_ACTIONS[index][_square_arg(square)]

    @classmethod
    def ziggurat(cls, square: SquareArg) -> Action:
        return ZIGGURAT_ACTIONS[_square_arg(square)]

    @classmethod
    def decline(cls) -> Action:
        return DECLINE_ACTION

    @classmethod
    def treasures(cls, squares: Iterable[SquareArg]) -> Action:
        chosen = tuple(_square_arg(q) for q in squares)
        if not chosen or len(set(chosen)) != len(chosen):
            raise ActionError(f"name one or more different treasure squares, not {squares!r}")
        return treasure_action(chosen)

    @classmethod
    def bonus(cls, colour: ColourArg) -> Action:
        return BONUS_ACTIONS[_colour_arg(colour)]

    # -- named fields (outside hot loops) ------------------------------------------------------
    @property
    def kind_name(self) -> str:
        """The notation word of the kind: ``"tile"``, ``"monument"``, ``"commit"`` …"""
        return _WORDS[self.kind]

    def _expect(self, kind: int, what: str) -> None:
        if self.kind != kind:
            raise ActionError(f"'{self}' is a {self.kind_name} action: it has no {what}")

    @property
    def pair(self) -> tuple[int, int]:
        """The two colours of a monument action."""
        self._expect(BUILD_MONUMENT, "monument colours")
        return MONUMENTS[self.colour]

    @property
    def monument_index(self) -> int:
        """A monument action's index into ``MONUMENTS`` (and ``GameState.monuments``)."""
        self._expect(BUILD_MONUMENT, "monument")
        return self.colour

    @property
    def committed(self) -> int:
        """How many tiles a commit action adds as support."""
        self._expect(COMMIT, "number of tiles committed")
        assert isinstance(self.extra, int)
        return self.extra

    @property
    def tiles(self) -> tuple[int, int, int, int]:
        """The tiles a swap discards, per colour (black, red, blue, green)."""
        self._expect(SWAP, "swapped tiles")
        assert isinstance(self.extra, tuple)
        return self.extra  # type: ignore[return-value]

    @property
    def treasure_squares(self) -> tuple[Square, ...]:
        """The squares of the treasures a treasures action takes, sorted."""
        self._expect(TAKE_TREASURES, "treasure squares")
        assert isinstance(self.extra, tuple)
        return self.extra


def _colour_arg(colour: object) -> int:
    try:
        return to_colour(colour)
    except ColourError as err:
        raise ActionError(str(err)) from None


def _square_arg(square: object) -> Square:
    """``board.to_square`` (the one parser of squares), its error an ``ActionError``."""
    try:
        return to_square(square)
    except ValueError as err:
        raise ActionError(str(err)) from None


def _per_colour_square(kind: int) -> tuple[tuple[Action, ...], ...]:
    return tuple(tuple(Action(kind, c, s) for s in range(SQUARES)) for c in range(4))


TILE_ACTIONS: Final = _per_colour_square(PLACE_TILE)
PLACE_LEADER_ACTIONS: Final = _per_colour_square(PLACE_LEADER)
MOVE_LEADER_ACTIONS: Final = _per_colour_square(MOVE_LEADER)
BUILDING_ACTIONS: Final = _per_colour_square(BUILD_BUILDING)
MONUMENT_ACTIONS: Final = tuple(tuple(Action(BUILD_MONUMENT, m, s) for s in range(SQUARES)) for m in range(6))
ZIGGURAT_ACTIONS: Final = tuple(Action(BUILD_ZIGGURAT, -1, s) for s in range(SQUARES))
WITHDRAW_ACTIONS: Final = tuple(Action(WITHDRAW_LEADER, c) for c in range(4))
CATASTROPHE_ACTIONS: Final = tuple(Action(PLACE_CATASTROPHE, -1, s) for s in range(SQUARES))
COMMIT_ACTIONS: Final = tuple(Action(COMMIT, -1, -1, n) for n in range(HAND_SIZE + 1))
WAR_ACTIONS: Final = tuple(Action(CHOOSE_WAR, c) for c in range(4))
BONUS_ACTIONS: Final = tuple(Action(ZIGGURAT_BONUS, c) for c in range(4))
PASS_ACTION: Final = Action(PASS)
DECLINE_ACTION: Final = Action(DECLINE)

SWAP_ACTIONS: Final[dict[tuple[int, int, int, int], Action]] = {
    (k, r, b, g): Action(SWAP, -1, -1, (k, r, b, g))
    for k in range(7)
    for r in range(7)
    for b in range(7)
    for g in range(7)
    if 1 <= k + r + b + g <= HAND_SIZE
}


def treasure_action(squares: tuple[Square, ...]) -> Action:
    return Action(TAKE_TREASURES, -1, -1, tuple(sorted(squares)))


_CANONICAL: dict[tuple[int, int, int, int | tuple[int, ...]], Action] = {
    (a.kind, a.colour, a.square, a.extra): a
    for a in (
        *(a for group in (TILE_ACTIONS, PLACE_LEADER_ACTIONS, MOVE_LEADER_ACTIONS, BUILDING_ACTIONS, MONUMENT_ACTIONS)
          for row in group for a in row),
        *ZIGGURAT_ACTIONS, *WITHDRAW_ACTIONS, *CATASTROPHE_ACTIONS, *COMMIT_ACTIONS, *WAR_ACTIONS, *BONUS_ACTIONS,
        PASS_ACTION, DECLINE_ACTION, *SWAP_ACTIONS.values(),
    )
}  # fmt: skip
_SHARED_IDS = frozenset(map(id, _CANONICAL.values()))


def canonical(action: object) -> Action | None:
    """The shared instance equal to ``action`` (for treasures, the action itself) when ``action`` is a
    well-formed ``Action`` whose fields are plain ints and tuples of ints; else None.

    Types are compared exactly and before any comparison by value, so no code of a hand-built
    object (an ``Action`` or ``int`` subclass, a field whose ``__eq__`` raises) runs here."""
    if id(action) in _SHARED_IDS:  # the tables' own instances, alive for good: the common case, fast
        return action  # type: ignore[return-value]
    if type(action) is not Action:
        return None
    # Fields as plain objects: the compiled build would check them against the declared ints on unpacking.
    kind, colour, square, extra = cast("tuple[object, object, object, object]", action)
    if type(kind) is not int or type(colour) is not int or type(square) is not int:
        return None
    if type(extra) is tuple:
        if not all(type(n) is int for n in extra):
            return None
        if kind == TAKE_TREASURES:  # any choice of treasure squares: not tabled
            well_formed = colour == -1 and square == -1 and extra and all(0 <= q < SQUARES for q in extra)
            return action if well_formed and list(extra) == sorted(set(extra)) else None
    elif type(extra) is not int:
        return None
    return _CANONICAL.get((kind, colour, square, extra))


def shown(value: object, limit: int = 40) -> str:
    """``value`` as an error message names it (``types.shown_value``), an action by its notation."""
    return str(value) if type(value) is Action else shown_value(value, limit)


def _raw(action: Action) -> str:
    """A malformed action's fields, as ``shown`` names them."""
    fields: Iterator[object] = tuple.__iter__(action)  # objects: compiled, a declared type would be checked
    return "Action(" + ", ".join(shown(v) for v in fields) + ")"


# -- text notation ----------------------------------------------------------------------
_WORDS = {
    PLACE_TILE: "tile",
    PLACE_LEADER: "leader",
    MOVE_LEADER: "move",
    WITHDRAW_LEADER: "withdraw",
    PLACE_CATASTROPHE: "catastrophe",
    SWAP: "swap",
    PASS: "pass",
    COMMIT: "commit",
    CHOOSE_WAR: "war",
    BUILD_BUILDING: "building",
    BUILD_MONUMENT: "monument",
    BUILD_ZIGGURAT: "ziggurat",
    DECLINE: "decline",
    TAKE_TREASURES: "treasures",
    ZIGGURAT_BONUS: "bonus",
}

_COLOUR_WORDS = COLOUR_WORDS


def format_colours(counts: tuple[int, ...]) -> str:
    return "".join(COLOUR_CODES[c] * n for c, n in enumerate(counts))


def format_action(action: Action) -> str:
    kind, colour, sq, extra = action
    word = _WORDS[kind]
    if kind in (PLACE_TILE, PLACE_LEADER, MOVE_LEADER, BUILD_BUILDING):
        return f"{word} {COLOUR_CODES[colour]} {format_square(sq)}"
    if kind in (WITHDRAW_LEADER, CHOOSE_WAR, ZIGGURAT_BONUS):
        return f"{word} {COLOUR_CODES[colour]}"
    if kind in (PLACE_CATASTROPHE, BUILD_ZIGGURAT):
        return f"{word} {format_square(sq)}"
    if kind == SWAP:
        assert isinstance(extra, tuple)
        return f"{word} {format_colours(extra)}"
    if kind == COMMIT:
        return f"{word} {extra}"
    if kind == BUILD_MONUMENT:
        a, b = MONUMENTS[colour]
        return f"{word} {COLOUR_CODES[a]}{COLOUR_CODES[b]} {format_square(sq)}"
    if kind == TAKE_TREASURES:
        assert isinstance(extra, tuple)
        return " ".join([word, *map(format_square, extra)])
    return word


def _colour(token: str, text: str) -> int:
    try:
        return _COLOUR_WORDS[token]
    except KeyError:
        raise NotationError(f"in {text!r}: {token!r} is not a colour (k, r, b, g or a colour word)") from None


def _square_in(token: str, text: str) -> int:
    try:
        return parse_square(token)
    except ValueError as err:
        raise NotationError(f"in {text!r}: {err}") from None


def _split(text: str) -> list[str]:
    # Squares may be written "(5, 4)": glue the comma parts back together before splitting.
    return text.replace(", ", ",").replace(" ,", ",").split()


MAX_NOTATION = 100
"""Longest action notation read (the longest real one, a treasure choice, is about 40 characters)."""


def parse_action(text: object) -> Action:
    """Parse an action from its notation; ``ValueError`` says what is wrong and where."""
    if not isinstance(text, str):
        kind = "None" if text is None else f"a {type_name(text)}"
        raise NotationError(f"action notation must be a string, not {kind}")
    if type(text) is not str:
        text = str.__str__(text)  # a str subclass's own methods (strip, lower …) are not trusted
    if len(text) > MAX_NOTATION:
        raise NotationError(f"action notation is {len(text):,} characters long; at most {MAX_NOTATION} are read")
    text = text.strip()
    if not (text.isascii() and text.replace("\t", " ").isprintable()):
        i, ch = next((i, ch) for i, ch in enumerate(text) if not (ch.isascii() and ch.isprintable()) and ch != "\t")
        raise NotationError(f"action notation is plain text (letters, digits, spaces, brackets); "
                            f"{ch!r} at position {i + 1} is not allowed")  # fmt: skip
    tokens = _split(text.lower())
    if not tokens:
        raise NotationError("empty action notation")
    word, args = tokens[0], tokens[1:]
    expected = {
        "tile": 2, "leader": 2, "move": 2, "building": 2, "withdraw": 1, "war": 1, "bonus": 1,
        "catastrophe": 1, "ziggurat": 1, "swap": 1, "commit": 1, "monument": 2, "pass": 0, "decline": 0,
    }  # fmt: skip
    if word == "treasures":
        if not args:
            raise NotationError(f"in {text!r}: name the treasure squares to take, e.g. 'treasures (1,1)'")
        squares = tuple(_square_in(a, text) for a in args)
        if len(set(squares)) != len(squares):
            raise NotationError(f"in {text!r}: a treasure square is named twice")
        return treasure_action(squares)
    if word not in expected:
        raise NotationError(f"in {text!r}: unknown action {word!r}; known: {', '.join([*expected, 'treasures'])}")
    if len(args) != expected[word]:
        raise NotationError(f"in {text!r}: '{word}' takes {expected[word]} argument(s), got {len(args)}")
    if word in ("tile", "leader", "move", "building"):
        table = {"tile": TILE_ACTIONS, "leader": PLACE_LEADER_ACTIONS, "move": MOVE_LEADER_ACTIONS}
        return table.get(word, BUILDING_ACTIONS)[_colour(args[0], text)][_square_in(args[1], text)]
    if word in ("withdraw", "war", "bonus"):
        table2 = {"withdraw": WITHDRAW_ACTIONS, "war": WAR_ACTIONS, "bonus": BONUS_ACTIONS}
        return table2[word][_colour(args[0], text)]
    if word in ("catastrophe", "ziggurat"):
        return (CATASTROPHE_ACTIONS if word == "catastrophe" else ZIGGURAT_ACTIONS)[_square_in(args[0], text)]
    if word == "swap":
        counts = [0, 0, 0, 0]
        if args[0].isdigit():
            raise NotationError(f"in {text!r}: name the swapped tiles by colour, e.g. 'swap rrb'")
        for ch in args[0]:
            counts[_colour(ch, text)] += 1
        try:
            return SWAP_ACTIONS[(counts[0], counts[1], counts[2], counts[3])]
        except KeyError:
            raise NotationError(f"in {text!r}: a swap discards 1 to 6 tiles") from None
    if word == "commit":
        if not args[0].isdigit() or int(args[0]) >= len(COMMIT_ACTIONS):
            raise NotationError(f"in {text!r}: commit takes a number of tiles from 0 to 6")
        return COMMIT_ACTIONS[int(args[0])]
    if word == "monument":
        pair = args[0]
        colours = tuple(sorted(_colour(ch, text) for ch in pair)) if len(pair) == 2 else ()
        if colours not in MONUMENTS:
            raise NotationError(f"in {text!r}: a monument is two different colours, e.g. 'rg'")
        return MONUMENT_ACTIONS[MONUMENTS.index(colours)][_square_in(args[1], text)]
    return PASS_ACTION if word == "pass" else DECLINE_ACTION
