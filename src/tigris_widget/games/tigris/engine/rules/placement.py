"""The four turn actions (rules §6) and leaders losing their last temple (rules §12).

These functions trust their caller: legality is checked in ``legal`` before they run.
"""

from __future__ import annotations

from tigris_widget.games.tigris.engine.core.board import BITS
from tigris_widget.games.tigris.engine.core.regions import add_piece, remove_pieces
from tigris_widget.games.tigris.engine.core.state import (
    STEP_ACTION_DONE,
    STEP_BUILDINGS,
    STEP_TREASURES,
    STEP_WARS,
    GameState,
)
from tigris_widget.games.tigris.engine.core.types import BLACK, COLOUR_NAMES, LEADER_NAMES, RED, TILE_NAMES, Square
from tigris_widget.games.tigris.engine.rules.conflicts import start_revolt
from tigris_widget.games.tigris.engine.rules.ending import bag_ran_out, draw
from tigris_widget.games.tigris.engine.rules.leaders import lift_leader, return_templeless_leaders
from tigris_widget.games.tigris.engine.rules.narrate import award, leader_name, plural, points, say, sq, tile_name, who


def place_tile(s: GameState, colour: int, target: Square) -> None:
    """§6.2: put the tile down, then unify (war) or award its VP."""
    seat = s.active
    s.hands[seat * 4 + colour] -= 1
    bit = BITS[target]
    lm = s.leader_mask
    merged, touching = add_piece(s, target)
    s.tiles[colour] |= bit
    s.placed = target
    if s.log is not None:
        say(s, "tile_placed", "§6.2", f"{who(s, seat)} places a {tile_name(colour)} on {sq(target)}.",
            seat, colour=COLOUR_NAMES[colour], square=target)  # fmt: skip
    if touching == 2:
        s.marker = target
        s.step = STEP_WARS
        if s.log is not None:
            say(s, "unification", "§9.2", f"The {TILE_NAMES[colour]} on {sq(target)} unites two kingdoms: "
                "it scores nothing and the unification marker goes on it.", seat, square=target)  # fmt: skip
        return
    s.step = STEP_BUILDINGS
    if not merged & lm:
        return
    # §6.2 step 3: the leader of the tile's colour scores, else the king substitutes.
    leaders = s.leaders
    scorer = -1
    for p in range(s.players):
        q = leaders[p * 4 + colour]
        if q >= 0 and merged >> q & 1:
            scorer = p * 4 + colour
            break
    else:
        for p in range(s.players):
            q = leaders[p * 4 + BLACK]
            if q >= 0 and merged >> q & 1:
                scorer = p * 4 + BLACK
                break
    if scorer < 0:
        return
    owner = scorer // 4
    amount = 1
    building = s.buildings[colour]
    if building >= 0 and merged >> building & 1:
        amount = 2  # §17.6: the civilization building of this colour stands in the kingdom
    s.vp[owner * 4 + colour] += amount
    if s.log is not None:
        why = "" if scorer % 4 == colour else f" (the king stands in for the missing {LEADER_NAMES[colour]})"
        double = " (doubled by the civilization building)" if amount == 2 else ""
        say(s, "vp", "§17.6" if amount == 2 else "§6.2",
            f"{leader_name(s, scorer)} scores: {who(s, owner)} gains {points(amount, colour)}{why}{double}.",
            owner, colour=COLOUR_NAMES[colour], leader=COLOUR_NAMES[scorer % 4],
            points=[award(owner, colour, amount)])  # fmt: skip


def position_leader(s: GameState, colour: int, target: Square) -> None:
    """§6.1 place or move: lift the leader if it is on the board, put it on ``target``, check for a revolt."""
    seat = s.active
    index = seat * 4 + colour
    source = s.leaders[index]
    if source >= 0:
        lift_leader(s, index)
    s.leaders[index] = target
    s.leader_mask |= 1 << target
    region, _ = add_piece(s, target)
    if s.log is not None:
        leader = LEADER_NAMES[colour]
        if source >= 0:
            say(s, "leader_moved", "§6.1", f"{who(s, seat)} moves his {leader} from {sq(source)} to {sq(target)}.",
                seat, colour=COLOUR_NAMES[colour], square=target, extra={"from": source})  # fmt: skip
        else:
            say(s, "leader_placed", "§6.1", f"{who(s, seat)} places his {leader} on {sq(target)}.", seat,
                colour=COLOUR_NAMES[colour], square=target)  # fmt: skip
    for p in range(s.players):
        q = s.leaders[p * 4 + colour]
        if p != seat and q >= 0 and region >> q & 1:
            start_revolt(s, index, p * 4 + colour)
            return
    s.step = STEP_TREASURES


def withdraw_leader(s: GameState, colour: int) -> None:
    """§6.1 withdraw: the leader goes back to its owner's supply."""
    index = s.active * 4 + colour
    source = s.leaders[index]
    lift_leader(s, index)
    if s.log is not None:
        say(s, "leader_withdrawn", "§6.1",
            f"{who(s, s.active)} withdraws his {LEADER_NAMES[colour]} from {sq(source)}.", s.active,
            colour=COLOUR_NAMES[colour], extra={"from": source})  # fmt: skip
    s.step = STEP_TREASURES


def place_catastrophe(s: GameState, target: Square) -> None:
    """§6.3: the catastrophe destroys any tile on the square and blocks it for good."""
    seat = s.active
    s.catastrophes_left[seat] -= 1
    bit = 1 << target
    s.catastrophes |= bit
    destroyed = -1
    for c in range(4):
        if s.tiles[c] & bit:
            destroyed = c
            s.tiles[c] &= ~bit
            s.out_public[c] += 1
            remove_pieces(s, bit)
    if s.log is not None:
        what = f", destroying the {tile_name(destroyed)} there" if destroyed >= 0 else ""
        say(s, "catastrophe", "§6.3", f"{who(s, seat)} places a catastrophe on {sq(target)}{what}.", seat,
            square=target, destroyed=COLOUR_NAMES[destroyed] if destroyed >= 0 else None,
            removed=[target] if destroyed >= 0 else [])  # fmt: skip
    if destroyed == RED:
        return_templeless_leaders(s)
    s.step = STEP_TREASURES


def swap_tiles(s: GameState, counts: tuple[int, ...]) -> None:
    """§6.4: discard the tiles face down and draw as many; a short bag triggers the game end."""
    seat = s.active
    base = seat * 4
    for c, n in enumerate(counts):
        s.hands[base + c] -= n
        s.discards[base + c] += n
    k = sum(counts)
    if s.log is not None:
        say(s, "swap", "§6.4", f"{who(s, seat)} discards {plural(k, 'tile')} face down and draws as many.", seat,
            count=k)  # fmt: skip
    drawn = draw(s, seat, k)
    if drawn < k:
        bag_ran_out(s)
        if s.over:
            return
    s.step = STEP_TREASURES


def pass_turn(s: GameState) -> None:
    """§5: end the turn with actions left."""
    if s.log is not None:
        say(s, "pass", "§5", f"{who(s, s.active)} ends the turn with {plural(s.actions_left, 'action')} unused.",
            s.active, unused=s.actions_left)  # fmt: skip
    s.actions_left = 0
    s.step = STEP_ACTION_DONE
