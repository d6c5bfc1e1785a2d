"""Glossary of the engine: colours, leaders, dynasties, action kinds and decision kinds.

Everything here is a small int so that the hot paths index lists instead of hashing names.
The words follow the rules' glossary (rules §21).
"""

from __future__ import annotations

from typing import Final

from tigris_widget.core.checks import shown as shown_value

Square = int
"""A square is ``y * 16 + x`` (rules §0.3); shown to people as ``(x,y)``."""
Mask = int
"""A set of squares as a Python int, bit ``square`` set for each member."""
Seat = int
"""A player, numbered clockwise from 0."""

# -- colours (rules §1): the order black/red/blue/green is the rules' own (TC-5) ---------------
BLACK: Final = 0
RED: Final = 1
BLUE: Final = 2
GREEN: Final = 3
COLOURS: Final = (BLACK, RED, BLUE, GREEN)
COLOUR_NAMES: Final = ("black", "red", "blue", "green")
COLOUR_CODES: Final = "krbg"
"""One-letter codes used in notation and position text (k = black, as in CMYK)."""
TILE_NAMES: Final = ("settlement", "temple", "farm", "market")
LEADER_NAMES: Final = ("king", "priest", "farmer", "trader")
BUILDING_NAMES: Final = ("palace", "library", "granary", "market hall")
"""Civilization buildings by colour (rules §17)."""

# -- dynasties (rules §1): players are known by their symbol, never by colour ------------------
DYNASTIES: Final = ("archer", "bull", "pot", "lion")
DYNASTY_CODES: Final = "ABPL"

# -- monuments (rules §10.1): every pair of different colours exactly once ---------------------
MONUMENTS: Final = ((BLACK, RED), (BLACK, BLUE), (BLACK, GREEN), (RED, BLUE), (RED, GREEN), (BLUE, GREEN))

HAND_SIZE: Final = 6
CATASTROPHES_PER_PLAYER: Final = 2
TOTAL_TILES: Final = 153
TILE_SUPPLY: Final = (30, 57, 36, 30)
"""All civilization tiles of the game by colour (rules §1), starting temples included."""

# -- action kinds; their order is the sort order of legal action lists -------------------------
PLACE_TILE: Final = 0
PLACE_LEADER: Final = 1
MOVE_LEADER: Final = 2
WITHDRAW_LEADER: Final = 3
PLACE_CATASTROPHE: Final = 4
SWAP: Final = 5
PASS: Final = 6
COMMIT: Final = 7
CHOOSE_WAR: Final = 8
BUILD_BUILDING: Final = 9
BUILD_MONUMENT: Final = 10
BUILD_ZIGGURAT: Final = 11
DECLINE: Final = 12
TAKE_TREASURES: Final = 13
ZIGGURAT_BONUS: Final = 14
TURN_ACTION_KINDS: Final = frozenset(range(PLACE_TILE, PASS + 1))

# -- decision kinds (rules §16) ------------------------------------------------------------------
D_ACTION: Final = 0
D_REVOLT_ATTACK: Final = 1
D_REVOLT_DEFEND: Final = 2
D_WAR_ORDER: Final = 3
D_WAR_ATTACK: Final = 4
D_WAR_DEFEND: Final = 5
D_BUILDING: Final = 6
D_MONUMENT: Final = 7
D_TREASURE: Final = 8
D_ZIGGURAT_BONUS: Final = 9
D_OVER: Final = 10
DECISION_NAMES: Final = (
    "action",
    "revolt_attack",
    "revolt_defend",
    "war_order",
    "war_attack",
    "war_defend",
    "building",
    "monument",
    "treasure",
    "ziggurat_bonus",
    "over",
)


# -- colours as people write them ------------------------------------------------------------------
class ColourError(ValueError):
    """A value that names no colour."""


COLOUR_WORDS: Final[dict[str, int]] = {
    word: c for c in COLOURS for word in (COLOUR_CODES[c], COLOUR_NAMES[c], TILE_NAMES[c], LEADER_NAMES[c])
}
"""Every way to write a colour in text: its code, its name, its tile and its leader (``"temple"`` → red)."""


def to_colour(value: object) -> int:
    """The colour ``value`` names: 0–3, a code (``"k"``), a colour (``"black"``), a tile (``"settlement"``)
    or a leader (``"king"``), in any case; ``ColourError`` names a value that is none of these.
    Only a plain ``int`` or ``str`` is read (a subclass's comparisons and methods are not trusted)."""
    if type(value) is int and 0 <= value < 4:
        return value
    if isinstance(value, str):
        colour = COLOUR_WORDS.get(str.__str__(value).strip().lower())
        if colour is not None:
            return colour
    raise ColourError(
        f"{shown_value(value)} is not a colour: use 0-3, k/r/b/g, black/red/blue/green, a tile "
        f"({', '.join(TILE_NAMES)}) or a leader ({', '.join(LEADER_NAMES)})"
    )


COMMIT_PHASES: Final = frozenset((D_REVOLT_ATTACK, D_REVOLT_DEFEND, D_WAR_ATTACK, D_WAR_DEFEND))
"""The decisions in which a side of a revolt (§8.4) or war (§9.6) commits support from hand."""
ATTACK_PHASES: Final = frozenset((D_REVOLT_ATTACK, D_WAR_ATTACK))
"""The commitment decisions of the attacker (he commits first)."""
REVOLT_PHASES: Final = frozenset((D_REVOLT_ATTACK, D_REVOLT_DEFEND))
"""The commitment decisions of a revolt (the rest of ``COMMIT_PHASES`` belong to wars)."""
