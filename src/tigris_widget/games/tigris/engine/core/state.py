"""The complete game state: flat lists of ints and bit masks, copied field by field by ``clone``."""

from __future__ import annotations

from typing import Final, NamedTuple

from tigris_widget.games.tigris.engine.core.board import ALL, BoardMap, board_map, components
from tigris_widget.games.tigris.engine.core.events import Event
from tigris_widget.games.tigris.engine.core.setup import GameSetup
from tigris_widget.games.tigris.engine.core.types import (
    BLACK,
    BLUE,
    CATASTROPHES_PER_PLAYER,
    D_ACTION,
    GREEN,
    RED,
    Mask,
    Seat,
    Square,
)

# Steps of the action-resolution machine (rules §7, §13); see ``turn.resolve``.
STEP_IDLE: Final = 0  # nothing left to resolve: waiting for a turn action
STEP_WARS: Final = 1  # E2: the war loop of §9.3
STEP_BUILDINGS: Final = 2  # E3 (variant §17)
STEP_MONUMENT: Final = 3  # E4 (§10, §18)
STEP_TREASURES: Final = 4  # E5 (§11)
STEP_ACTION_DONE: Final = 5
STEP_END_BONUS: Final = 6  # end of turn, after monument scoring: the ziggurat bonus (§18.4)
STEP_REFILL: Final = 7  # end of turn: refills and the game-end check (§13.2, §14)


REVOLT: Final = 0
"""``Conflict.kind`` of a revolt (rules §8)."""
WAR: Final = 1
"""``Conflict.kind`` of a war (rules §9)."""


class Conflict(NamedTuple):
    """The revolt or war being resolved (``GameState.conflict``; None when there is none).

    A named tuple, so copies, equality and the position text treat it as nine ints. Leaders are
    ``seat * 4 + colour`` indices; the bases are the supporters on the board (§8.3, §9.5).
    Revolts and wars share the commitment order: attacker first, then defender.
    """

    kind: int
    """``REVOLT`` or ``WAR``."""
    colour: int
    """The colour of the leaders in conflict (always red in a revolt: temples support)."""
    attacker: Seat
    defender: Seat
    attacker_leader: int
    defender_leader: int
    attacker_base: int
    defender_base: int
    attacker_commit: int
    """Tiles the attacker committed; -1 until he has (§8.4, §9.6)."""


class GameState:
    """Everything about one moment of a game, hidden information included.

    Squares are ints and sets of squares are bit masks (``board``). Per-player data lives in flat
    lists indexed ``seat * 4 + colour`` so that ``clone`` is a handful of list copies.
    """

    __slots__ = (
        "actions_left",
        "active",
        "bag",
        "bag_ran_out",
        "buildings",
        "catastrophes",
        "catastrophes_left",
        "conflict",
        "decider",
        "discards",
        "down",
        "flipped",
        "hands",
        "leader_mask",
        "leaders",
        "log",
        "map",
        "marker",
        "monuments",
        "out_public",
        "over",
        "phase",
        "placed",
        "players",
        "regions",
        "setup",
        "step",
        "tiles",
        "tower",
        "treasures",
        "treasures_taken",
        "turn",
        "vp",
        "ziggurat",
    )  # fmt: skip

    setup: GameSetup
    map: BoardMap
    players: int
    tiles: list[Mask]
    """Face-up civilization tiles by colour."""
    down: Mask
    """Face-down tiles (under monuments)."""
    flipped: list[int]
    """How many face-down tiles were of each colour when flipped (public knowledge)."""
    catastrophes: Mask
    treasures: Mask
    ziggurat: Mask
    """Ziggurat tiles (variant §18)."""
    tower: Square
    """Centre of the ziggurat, -1 while it is not built."""
    monuments: list[Square]
    """Top-left square of each monument (index into ``types.MONUMENTS``), -1 while in the supply."""
    buildings: list[Square]
    """Square of each civilization building by colour, -1 while in the supply (variant §17)."""
    leaders: list[Square]
    """Square of each leader, ``seat * 4 + colour``, -1 while in its owner's supply."""
    leader_mask: Mask
    regions: list[Mask]
    """The regions of the board (rules §4 D4), kept up to date by ``regions``."""
    hands: list[int]
    """Tiles in hand, ``seat * 4 + colour``."""
    vp: list[int]
    """Victory points, ``seat * 4 + colour``."""
    treasures_taken: list[int]
    catastrophes_left: list[int]
    bag: list[int]
    """Tile colours in the bag; the next draw is ``bag[-1]``."""
    out_public: list[int]
    """Tiles out of the game that everybody saw leave, by colour (committed, removed, catastrophes)."""
    discards: list[int]
    """Tiles each player discarded face down in swaps, ``seat * 4 + colour`` (hidden)."""
    active: Seat
    actions_left: int
    turn: int
    phase: int
    """The kind of decision pending (``types.D_*``)."""
    decider: Seat
    step: int
    conflict: Conflict | None
    """The revolt or war being resolved, None when no conflict is pending."""
    placed: Square
    """The tile placed by the current action (for E3/E4), -1 if none."""
    marker: Square
    """The unification marker during a war (rules §9.2), -1 otherwise."""
    bag_ran_out: bool
    over: bool
    log: list[Event] | None
    """Events are recorded here when not None; fast playouts leave it None."""

    def clone(self) -> GameState:
        """An independent copy (the setup and board map are shared: they are immutable)."""
        c = GameState.__new__(GameState)
        c.setup = self.setup
        c.map = self.map
        c.players = self.players
        c.tiles = self.tiles[:]
        c.down = self.down
        c.flipped = self.flipped[:]
        c.catastrophes = self.catastrophes
        c.treasures = self.treasures
        c.ziggurat = self.ziggurat
        c.tower = self.tower
        c.monuments = self.monuments[:]
        c.buildings = self.buildings[:]
        c.leaders = self.leaders[:]
        c.leader_mask = self.leader_mask
        c.regions = self.regions[:]
        c.hands = self.hands[:]
        c.vp = self.vp[:]
        c.treasures_taken = self.treasures_taken[:]
        c.catastrophes_left = self.catastrophes_left[:]
        c.bag = self.bag[:]
        c.out_public = self.out_public[:]
        c.discards = self.discards[:]
        c.active = self.active
        c.actions_left = self.actions_left
        c.turn = self.turn
        c.phase = self.phase
        c.decider = self.decider
        c.step = self.step
        c.conflict = self.conflict
        c.placed = self.placed
        c.marker = self.marker
        c.bag_ran_out = self.bag_ran_out
        c.over = self.over
        c.log = None
        return c

    # -- derived facts ------------------------------------------------------------------------
    @property
    def face_up(self) -> Mask:
        t = self.tiles
        return t[BLACK] | t[RED] | t[BLUE] | t[GREEN]

    @property
    def occupied(self) -> Mask:
        """Squares that belong to regions: tiles, leaders, ziggurat tiles (rules §4 D4)."""
        t = self.tiles
        occupied = t[BLACK] | t[RED] | t[BLUE] | t[GREEN] | self.leader_mask
        # face-down and ziggurat tiles are rare: ORing a 0 into a big int still makes a new one
        down, ziggurat = self.down, self.ziggurat
        if down != 0:
            occupied |= down
        if ziggurat != 0:
            occupied |= ziggurat
        return occupied

    @property
    def empty(self) -> Mask:
        return ALL & ~(self.occupied | self.catastrophes)

    @property
    def building_squares(self) -> Mask:
        """Squares carrying a civilization building (variant §17)."""
        mask = 0
        for b in self.buildings:
            if b >= 0:
                mask |= 1 << b
        return mask

    # Named readers of the flat per-seat lists, cheap enough for solvers and goals; people read a
    # ``Position`` (engine.rules.position) instead.
    def hand(self, seat: Seat) -> list[int]:
        """Tiles in ``seat``'s hand by colour."""
        return self.hands[seat * 4 : seat * 4 + 4]

    def points(self, seat: Seat) -> list[int]:
        """``seat``'s victory points by colour."""
        return self.vp[seat * 4 : seat * 4 + 4]

    def leader_square(self, seat: Seat, colour: int) -> Square:
        """Where ``seat``'s leader of ``colour`` stands, -1 while in the supply."""
        return self.leaders[seat * 4 + colour]

    def monuments_built(self) -> int:
        return sum(q >= 0 for q in self.monuments)

    def hand_size(self, seat: Seat) -> int:
        h, b = self.hands, seat * 4  # no slice: asked for every seat at every end of turn
        return h[b] + h[b + 1] + h[b + 2] + h[b + 3]

    def leader_at(self, sq: Square) -> int:
        """``seat * 4 + colour`` of the leader on ``sq``, or -1."""
        if not self.leader_mask >> sq & 1:
            return -1
        return self.leaders.index(sq)

    def tiles_on_board(self) -> int:
        return self.face_up.bit_count() + self.down.bit_count()

    # -- keys: the one place that says which fields make a state -----------------------------
    def key(self) -> tuple[object, ...]:
        """Everything that defines the state, for equality of clones and replays: the setup, then
        ``position_key()``, then the regions (derived from the pieces, compared as a check)."""
        return (self.setup, self.position_key(), tuple(sorted(self.regions)))

    def position_key(self) -> tuple[object, ...]:
        """Everything a state holds apart from its setup, hidden tiles included, as one hashable flat
        tuple: the key of memos that remember a choice per state. Leaving out the setup keeps it cheap
        and makes such a memo valid for one game only (a bot keeps its memo per decision)."""
        return (*self.tiles, self.down, *self.flipped, self.catastrophes, self.treasures, self.ziggurat,
                self.tower, *self.monuments, *self.buildings, *self.leaders, self.leader_mask, *self.hands,
                *self.vp, *self.treasures_taken, *self.catastrophes_left, tuple(self.bag), *self.out_public,
                *self.discards, self.active, self.actions_left, self.turn, self.phase, self.decider, self.step,
                self.conflict, self.placed, self.marker, self.bag_ran_out, self.over)  # fmt: skip

    def board_key(self) -> tuple[object, ...]:
        """The public facts that decide which turn actions the decider may take, apart from their hand:
        two states with the same board key (e.g. two samples of one player's view) allow the same
        turn actions whenever the hand allows them (``engine.rules.legal_view.hand_allows``)."""
        return (self.leader_mask, *self.tiles, self.catastrophes, self.down, self.ziggurat, *self.leaders,
                *self.catastrophes_left, self.phase, self.decider, self.treasures, *self.buildings)  # fmt: skip

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]


def empty_state(setup: GameSetup) -> GameState:
    """A state with the map's starting temples and treasures but no hands, bag or active player."""
    s = GameState.__new__(GameState)
    n = setup.players
    s.setup = setup
    s.map = board_map(setup.board)
    s.players = n
    s.tiles = [0, s.map.start_temples, 0, 0]
    s.down = 0
    s.flipped = [0, 0, 0, 0]
    s.catastrophes = 0
    s.treasures = s.map.start_temples
    s.ziggurat = 0
    s.tower = -1
    s.monuments = [-1] * 6
    s.buildings = [-1] * 4
    s.leaders = [-1] * (4 * n)
    s.leader_mask = 0
    s.regions = components(s.map.start_temples)  # the starting temples' regions (regions.compute_regions)
    s.hands = [0] * (4 * n)
    s.vp = [0] * (4 * n)
    s.treasures_taken = [0] * n
    s.catastrophes_left = [CATASTROPHES_PER_PLAYER] * n
    s.bag = []
    s.out_public = [0, 0, 0, 0]
    s.discards = [0] * (4 * n)
    s.active = 0
    s.actions_left = 2
    s.turn = 1
    s.phase = D_ACTION
    s.decider = 0
    s.step = STEP_IDLE
    s.conflict = None
    s.placed = -1
    s.marker = -1
    s.bag_ran_out = False
    s.over = False
    s.log = None
    return s
