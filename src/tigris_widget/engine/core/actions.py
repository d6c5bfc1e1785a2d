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

from typing import NamedTuple

from tigris_widget.engine.core.board import SQUARES, format_square, parse_square
from tigris_widget.engine.core.errors import NotationError
from tigris_widget.engine.core.types import (
    BUILD_BUILDING,
    BUILD_MONUMENT,
    BUILD_ZIGGURAT,
    CHOOSE_WAR,
    COLOUR_CODES,
    COLOUR_NAMES,
    COMMIT,
    DECLINE,
    HAND_SIZE,
    LEADER_NAMES,
    MONUMENTS,
    MOVE_LEADER,
    PASS,
    PLACE_CATASTROPHE,
    PLACE_LEADER,
    PLACE_TILE,
    SWAP,
    TAKE_TREASURES,
    TILE_NAMES,
    WITHDRAW_LEADER,
    ZIGGURAT_BONUS,
    Square,
)


class Action(NamedTuple):
    """One decision. ``colour`` is a colour (or a monument index for monuments), ``square`` a square,
    ``extra`` the tile counts of a swap, the number of tiles committed, or the treasure squares."""

    kind: int
    colour: int = -1
    square: Square = -1
    extra: int | tuple[int, ...] = 0

    def __str__(self) -> str:
        return format_action(self)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the text notation (see ``notation``); raise ``ValueError`` saying where it is wrong."""
        return parse_action(text)


def _per_colour_square(kind: int) -> tuple[tuple[Action, ...], ...]:
    return tuple(tuple(Action(kind, c, s) for s in range(SQUARES)) for c in range(4))


TILE_ACTIONS = _per_colour_square(PLACE_TILE)
PLACE_LEADER_ACTIONS = _per_colour_square(PLACE_LEADER)
MOVE_LEADER_ACTIONS = _per_colour_square(MOVE_LEADER)
BUILDING_ACTIONS = _per_colour_square(BUILD_BUILDING)
MONUMENT_ACTIONS = tuple(tuple(Action(BUILD_MONUMENT, m, s) for s in range(SQUARES)) for m in range(6))
ZIGGURAT_ACTIONS = tuple(Action(BUILD_ZIGGURAT, -1, s) for s in range(SQUARES))
WITHDRAW_ACTIONS = tuple(Action(WITHDRAW_LEADER, c) for c in range(4))
CATASTROPHE_ACTIONS = tuple(Action(PLACE_CATASTROPHE, -1, s) for s in range(SQUARES))
COMMIT_ACTIONS = tuple(Action(COMMIT, -1, -1, n) for n in range(HAND_SIZE + 1))
WAR_ACTIONS = tuple(Action(CHOOSE_WAR, c) for c in range(4))
BONUS_ACTIONS = tuple(Action(ZIGGURAT_BONUS, c) for c in range(4))
PASS_ACTION = Action(PASS)
DECLINE_ACTION = Action(DECLINE)

SWAP_ACTIONS: dict[tuple[int, int, int, int], Action] = {
    (k, r, b, g): Action(SWAP, -1, -1, (k, r, b, g))
    for k in range(7)
    for r in range(7)
    for b in range(7)
    for g in range(7)
    if 1 <= k + r + b + g <= HAND_SIZE
}


def treasure_action(squares: tuple[Square, ...]) -> Action:
    return Action(TAKE_TREASURES, -1, -1, tuple(sorted(squares)))


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

_COLOUR_WORDS: dict[str, int] = {}
for _c in range(4):
    for _word in (COLOUR_CODES[_c], COLOUR_NAMES[_c], TILE_NAMES[_c], LEADER_NAMES[_c]):
        _COLOUR_WORDS[_word] = _c


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


def parse_action(text: str) -> Action:
    """Parse an action from its notation; ``ValueError`` says what is wrong and where."""
    if not isinstance(text, str):
        kind = "None" if text is None else f"a {type(text).__name__}"
        raise NotationError(f"action notation must be a string, not {kind}")
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
