"""Text notation for actions; ``parse_action(format_action(a)) == a`` for every action.

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

from .actions import (
    BONUS_ACTIONS,
    BUILDING_ACTIONS,
    CATASTROPHE_ACTIONS,
    COMMIT_ACTIONS,
    DECLINE_ACTION,
    MONUMENT_ACTIONS,
    MOVE_LEADER_ACTIONS,
    PASS_ACTION,
    PLACE_LEADER_ACTIONS,
    SWAP_ACTIONS,
    TILE_ACTIONS,
    WAR_ACTIONS,
    WITHDRAW_ACTIONS,
    ZIGGURAT_ACTIONS,
    Action,
    treasure_action,
)
from .board import format_square, parse_square
from .errors import NotationError
from .types import (
    BUILD_BUILDING,
    BUILD_MONUMENT,
    BUILD_ZIGGURAT,
    CHOOSE_WAR,
    COLOUR_CODES,
    COLOUR_NAMES,
    COMMIT,
    DECLINE,
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
)

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


def parse_action(text: str) -> Action:
    """Parse an action from its notation; ``ValueError`` says what is wrong and where."""
    if not isinstance(text, str):
        raise NotationError(f"action notation must be a string, not {type(text).__name__}")
    tokens = _split(text.strip().lower())
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
