"""The start of the game and of each turn (§2.1, §4, §6.4)."""

from __future__ import annotations

from tigris_widget.games.ur.engine.board import Deal
from tigris_widget.games.ur.engine.state import CUBE_NONE, PH_PLACE, PH_RESTART, PH_TURN, UrOptions, UrState


def new_state(players: int, opts: UrOptions, deal: Deal) -> UrState:
    """The state before the first setup cube (§2.1 steps 1-4)."""
    s = UrState(players, opts)
    s.face = list(deal.faces)
    s.back = list(deal.backs)
    s.hands = list(deal.hands)
    s.spares = list(deal.spares)
    s.start = deal.start
    s.active = s.decider = deal.start
    s.phase = PH_PLACE
    return s


def begin_turn(s: UrState, seat: int) -> None:
    """Seat ``seat`` begins a turn (§4): a restart turn when it has no cube on the grid (§6.4)."""
    s.active = s.decider = seat
    s.acts = []
    s.cube_state = CUBE_NONE
    s.locked = False
    s.started = False
    s.in_war = False
    s.queue = []
    s.line += 1
    s.phase = PH_TURN
    if s.on_grid[seat] == 0:
        if any(o < 0 for o in s.owner):
            s.phase = PH_RESTART
        else:
            s.locked = True  # nowhere to restart: only the exchange remains
