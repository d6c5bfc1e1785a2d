"""Taking leaders off the board: lifting, and losing the last temple (rules §6.1, §12)."""

from __future__ import annotations

from tigris_widget.games.tigris.engine.core.board import NEIGHBOURS
from tigris_widget.games.tigris.engine.core.regions import remove_pieces
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import COLOUR_NAMES, RED
from tigris_widget.games.tigris.engine.rules.narrate import leader_name, say, sq


def lift_leader(s: GameState, index: int) -> None:
    """Take leader ``seat * 4 + colour`` off the board into its owner's supply (its region may split)."""
    source = s.leaders[index]
    s.leaders[index] = -1
    s.leader_mask &= ~(1 << source)
    remove_pieces(s, 1 << source)


def return_templeless_leaders(s: GameState) -> None:
    """§12: every leader with no adjacent face-up temple goes back to its owner's supply."""
    temples = s.tiles[RED]
    gone = 0
    for index, q in enumerate(s.leaders):
        if q >= 0 and not NEIGHBOURS[q] & temples:
            s.leaders[index] = -1
            gone |= 1 << q
            if s.log is not None:
                say(s, "leader_lost_temple", "§12",
                    f"{leader_name(s, index)} on {sq(q)} has no adjacent temple left and returns to the supply.",
                    index // 4, colour=COLOUR_NAMES[index % 4], square=q)  # fmt: skip
    if gone:
        s.leader_mask &= ~gone
        remove_pieces(s, gone)
