"""The game state: flat lists indexed by cell (0..35) and by seat, cheap to clone."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from tigris_widget.core.checks import MAX_SHOWN, plain_text, read_whole, shown, whole

# phases
PH_PLACE: Final = 0  # setup rounds 1-3 (D2, D3)
PH_INITIAL: Final = 1  # initial exchange (D4)
PH_RESTART: Final = 2  # restart tile (D5)
PH_TURN: Final = 3  # the turn body: ziggurats, actions, wars, extra cube, exchange (D6-D9, D14, D15)
PH_AGRI: Final = 4  # agriculture step 2, tile by tile (D10)
PH_TRADE: Final = 5  # short trade distribution (D11)
PH_CULTURE: Final = 6  # short culture distribution of one player (D12)
PH_POLITICS: Final = 7  # politics counts, tile by tile (D13)
PH_MOVE: Final = 8  # cubes moved into a conquered tile (D14)
PH_OVER: Final = 9

# the extra-cube state of a turn
CUBE_NONE: Final = 0
CUBE_OPEN: Final = 1  # one cube on an own tile before any action: one action may still follow
CUBE_CLOSED: Final = 2  # any other placement: no action may follow

OPTION_NAMES: Final = ("layout", "warTileDiscount", "agricultureOnEmpty", "allowTwoPlayers", "turnLimit")


@dataclass(frozen=True)
class UrOptions:
    """The options of §0.5 (defaults first)."""

    layout: str = "colour"
    war_tile_discount: bool = True
    agriculture_on_empty: bool = False
    allow_two_players: bool = False
    turn_limit: int = 0
    """0 = none."""

    def values(self) -> dict[str, str]:
        """Every option as the word written in texts."""
        return {
            "layout": self.layout,
            "warTileDiscount": _word(self.war_tile_discount),
            "agricultureOnEmpty": _word(self.agriculture_on_empty),
            "allowTwoPlayers": _word(self.allow_two_players),
            "turnLimit": str(self.turn_limit) if self.turn_limit else "none",
        }

    def changed(self) -> list[str]:
        """``name=value`` for the options that differ from their defaults, in the order of §0.5."""
        default = UrOptions().values()
        return [f"{k}={v}" for k, v in self.values().items() if v != default[k]]


def _word(flag: bool) -> str:
    return "true" if flag else "false"


def _flag(name: str, value: object) -> bool:
    if type(value) is bool:
        return value
    word = plain_text(value)  # never a foreign object's ``__eq__``
    if word in ("true", "false"):
        return word == "true"
    raise ValueError(f"option {name} must be true or false, not {shown(value, MAX_SHOWN)}")


def make_options(options: object) -> UrOptions:
    """Options from a mapping of §0.5 names to Python values or their text words (numpy's integers
    welcome); ValueError naming the option otherwise."""
    if options is None:
        return UrOptions()
    if isinstance(options, UrOptions):
        return options
    if not isinstance(options, Mapping):
        raise ValueError(f"options must be a mapping of option names to values, not {shown(options)}")
    layout, discount, on_empty, two, limit = "colour", True, False, False, 0
    for key, value in options.items():
        name = plain_text(key)
        if name == "layout":
            word = plain_text(value)
            if word not in ("colour", "face"):
                raise ValueError(f"option layout must be colour or face, not {shown(value, MAX_SHOWN)}")
            layout = word
        elif name == "warTileDiscount":
            discount = _flag(name, value)
        elif name == "agricultureOnEmpty":
            on_empty = _flag(name, value)
        elif name == "allowTwoPlayers":
            two = _flag(name, value)
        elif name == "turnLimit":
            limit = _limit(value)
        else:
            raise ValueError(f"unknown option {shown(key, MAX_SHOWN)}; the options are {', '.join(OPTION_NAMES)}")
    return UrOptions(layout, discount, on_empty, two, limit)


MAX_TURN_LIMIT: Final = 10_000
"""The largest ``turnLimit``: far beyond any game's length (games end by §9.1/§9.2 within a few dozen
turns), and small enough for every text form."""


def _limit(value: object) -> int:
    if value is None:
        return 0
    word = plain_text(value)
    if word is not None:
        return 0 if word == "none" else _positive(read_whole(word, "option turnLimit", MAX_TURN_LIMIT))
    return _positive(whole(value, "option turnLimit", 1, MAX_TURN_LIMIT))


def _positive(limit: int) -> int:
    if limit < 1:
        raise ValueError("option turnLimit must be none or a positive integer, not 0")
    return limit


def check_players(players: object, options: UrOptions) -> int:
    if type(players) is not int:  # numpy's integer is welcome; anything else is named
        players = whole(players, "players (3 or 4; 2 with allowTwoPlayers)", 2, 4)
    low = 2 if options.allow_two_players else 3
    if not low <= players <= 4:
        extra = "" if options.allow_two_players else " (2 only with the option allowTwoPlayers=true)"
        raise ValueError(f"players must be {low}..4{extra}, not {players}")
    return players


class UrState:
    """Everything about a game at one moment. Lists by cell: ``face``, ``back`` (kinds 0..4), ``owner``
    (seat or -1), ``cubes`` (0..5), ``zig`` (1 under a ziggurat; its builder is ``owner`` with 1 cube).
    Lists by seat: ``hands`` (pairs), ``on_grid`` (cubes on the grid, ziggurats included)."""

    __slots__ = (
        "active",
        "acts",
        "back",
        "cube_state",
        "cubes",
        "culture_seats",
        "decider",
        "due",
        "end_reason",
        "face",
        "hands",
        "in_war",
        "line",
        "locked",
        "n",
        "need",
        "on_grid",
        "opts",
        "over",
        "owner",
        "phase",
        "queue",
        "setup_step",
        "spares",
        "start",
        "started",
        "turns",
        "war_a",
        "war_t",
        "zig",
        "zig_left",
    )  # fmt: skip

    def __init__(self, n: int, opts: UrOptions) -> None:
        self.n = n
        self.opts = opts
        self.face: list[int] = [0] * 36
        self.back: list[int] = [1] * 36
        self.owner: list[int] = [-1] * 36
        self.cubes: list[int] = [0] * 36
        self.zig: list[int] = [0] * 36
        self.hands: list[int] = [0] * n
        self.spares: list[int] = []
        self.on_grid: list[int] = [0] * n
        self.start = 0
        self.zig_left = 5
        self.phase = PH_PLACE
        self.active = 0
        """The seat whose setup step or turn it is."""
        self.decider = 0
        """The seat that decides now (another seat only in a short culture distribution)."""
        self.setup_step = 0
        self.line = 0
        """Counts setup steps and turns begun: the steps of one notation line share it."""
        self.turns = 0
        """Turns completed in play since the game (or its position) began."""
        self.acts: list[int] = []
        self.cube_state = CUBE_NONE
        self.locked = False
        self.started = False
        self.in_war = False
        self.queue: list[int] = []
        """Cells still to decide in the current allocation, in reading order."""
        self.due: list[int] = [0] * 36
        """Per cell: the most cubes it may receive in the current trade or culture action."""
        self.need = 0
        """Cubes still to place exactly (short trade/culture) or to regroup (politics)."""
        self.culture_seats: list[int] = []
        self.war_a = -1
        self.war_t = -1
        self.over = False
        self.end_reason = ""
        """Why the game ended: "no-exchange" (§9.1), "ziggurats" (§9.2), "turn-limit" (§9.3), or ""."""

    def clone(self) -> UrState:
        s = UrState(self.n, self.opts)
        s.face = self.face[:]
        s.back = self.back[:]
        s.owner = self.owner[:]
        s.cubes = self.cubes[:]
        s.zig = self.zig[:]
        s.hands = self.hands[:]
        s.spares = self.spares[:]
        s.on_grid = self.on_grid[:]
        s.start = self.start
        s.zig_left = self.zig_left
        s.phase = self.phase
        s.active = self.active
        s.decider = self.decider
        s.setup_step = self.setup_step
        s.line = self.line
        s.turns = self.turns
        s.acts = self.acts[:]
        s.cube_state = self.cube_state
        s.locked = self.locked
        s.started = self.started
        s.in_war = self.in_war
        s.queue = self.queue[:]
        s.due = self.due[:]
        s.need = self.need
        s.culture_seats = self.culture_seats[:]
        s.war_a = self.war_a
        s.war_t = self.war_t
        s.over = self.over
        s.end_reason = self.end_reason
        return s

    def key(self) -> tuple[object, ...]:
        """Everything that decides what follows, as a hashable key: every field but the options (the
        game's), lists as tuples. Spelled out, not read from ``__slots__``: a compiled class has none."""
        return (
            self.active, tuple(self.acts), tuple(self.back), self.cube_state, tuple(self.cubes),
            tuple(self.culture_seats), self.decider, tuple(self.due), self.end_reason, tuple(self.face),
            tuple(self.hands), self.in_war, self.line, self.locked, self.n, self.need, tuple(self.on_grid),
            self.over, tuple(self.owner), self.phase, tuple(self.queue), self.setup_step, tuple(self.spares),
            self.start, self.started, self.turns, self.war_a, self.war_t, tuple(self.zig), self.zig_left,
        )  # fmt: skip

    def supply(self, seat: int) -> int:
        return 20 - self.on_grid[seat]
