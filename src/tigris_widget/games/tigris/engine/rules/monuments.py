"""Monuments (rules §10) and the ziggurat variant (rules §18): building and end-of-turn scoring."""

from __future__ import annotations

from tigris_widget.games.tigris.engine.core.board import HEIGHT, NEIGHBOUR_LISTS, NEIGHBOURS, WIDTH, squares
from tigris_widget.games.tigris.engine.core.regions import region_of
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import BLACK, COLOUR_NAMES, MONUMENTS, RED, Mask, Square
from tigris_widget.games.tigris.engine.rules.buildings import placed_colour, release_buildings
from tigris_widget.games.tigris.engine.rules.leaders import return_templeless_leaders
from tigris_widget.games.tigris.engine.rules.narrate import award, points, say, sq, who


def monument_squares(top_left: Square) -> Mask:
    """§10.2: the 2x2 block of a monument whose top-left tile is on ``top_left`` (not on the last
    column or row)."""
    return 0b11 << top_left | 0b11 << (top_left + WIDTH)


def ziggurat_squares(centre: Square) -> Mask:
    """§18.1: the cross of five tiles under a ziggurat centred on ``centre`` (not on the edge)."""
    return 1 << centre | NEIGHBOURS[centre]


def monument_name(m: int) -> str:
    a, b = MONUMENTS[m]
    return f"{COLOUR_NAMES[a]}/{COLOUR_NAMES[b]} monument"


def monument_options(s: GameState) -> tuple[list[tuple[int, Square]], list[Square]]:
    """§10.2–10.3 and §18.1: (monument, top-left) pairs and ziggurat centres the new tile allows."""
    placed = s.placed
    colour = placed_colour(s)
    tiles = s.tiles[colour]
    x, y = placed % WIDTH, placed // WIDTH
    # Every tile placed asks, and most have no neighbour of their colour: a 2x2 block through the new
    # tile holds two of its neighbours, a cross through it at least one.
    near = tiles & NEIGHBOURS[placed]
    blocks = []
    if near & (near - 1):
        for dy in (1, 0):
            for dx in (1, 0):
                tx, ty = x - dx, y - dy
                if 0 <= tx < WIDTH - 1 and 0 <= ty < HEIGHT - 1:
                    tl = ty * WIDTH + tx
                    block = 0b11 << tl | 0b11 << (tl + WIDTH)  # monument_squares(tl), inline
                    if tiles & block == block:
                        blocks.append(tl)
    choices: list[tuple[int, Square]] = []
    if blocks:
        for m, pair in enumerate(MONUMENTS):
            if s.monuments[m] < 0 and colour in pair:
                choices.extend((m, tl) for tl in sorted(blocks))
    centres: list[Square] = []
    if near and s.setup.ziggurat and s.tower < 0:
        for centre in sorted((placed, *NEIGHBOUR_LISTS[placed])):
            cx, cy = centre % WIDTH, centre // WIDTH
            if (
                0 < cx < WIDTH - 1
                and 0 < cy < HEIGHT - 1
                and tiles & ziggurat_squares(centre) == ziggurat_squares(centre)
            ):
                centres.append(centre)
    return choices, centres


def build_monument(s: GameState, m: int, top_left: Square) -> None:
    """§10.4: flip the four tiles face down under the monument."""
    colour = placed_colour(s)
    tiles = monument_squares(top_left)
    s.tiles[colour] &= ~tiles
    s.down |= tiles
    s.flipped[colour] += 4
    s.monuments[m] = top_left
    if s.log is not None:
        say(s, "monument", "§10.4", f"{who(s, s.active)} builds the {monument_name(m)} on {sq(top_left)}; "
            "its four tiles are turned face down.", s.active, monument=m,
            colours=[COLOUR_NAMES[c] for c in MONUMENTS[m]], square=top_left, squares=squares(tiles))  # fmt: skip
    release_buildings(s, tiles)
    if colour == RED:
        return_templeless_leaders(s)


def build_ziggurat(s: GameState, centre: Square) -> None:
    """§18.2: the five tiles of the cross leave the game; ziggurat tiles take their squares."""
    colour = placed_colour(s)
    tiles = ziggurat_squares(centre)
    s.tiles[colour] &= ~tiles
    s.out_public[colour] += 5
    s.ziggurat |= tiles
    s.tower = centre
    if s.log is not None:
        say(s, "ziggurat", "§18.2", f"{who(s, s.active)} builds the ziggurat centred on {sq(centre)}.", s.active,
            square=centre, squares=squares(tiles))  # fmt: skip
    release_buildings(s, tiles)
    if colour == RED:
        return_templeless_leaders(s)


def score_monuments(s: GameState) -> None:
    """§10.6: each monument gives the active player 1 VP per colour whose leader of his is in its kingdom."""
    seat = s.active
    leaders = s.leaders
    for m, top_left in enumerate(s.monuments):
        if top_left < 0:
            continue
        region = region_of(s, top_left)
        if not region & s.leader_mask:
            continue
        for colour in MONUMENTS[m]:
            q = leaders[seat * 4 + colour]
            if q >= 0 and region >> q & 1:
                s.vp[seat * 4 + colour] += 1
                if s.log is not None:
                    say(s, "monument_vp", "§10.6",
                        f"{who(s, seat)} gains {points(1, colour)} from the {monument_name(m)} on {sq(top_left)}.",
                        seat, colour=COLOUR_NAMES[colour], monument=m, square=top_left,
                        points=[award(seat, colour, 1)])  # fmt: skip


def ziggurat_bonus_due(s: GameState, seat: int | None = None) -> bool:
    """§18.4: the ziggurat is in a kingdom with the king of ``seat`` (default: the active player)."""
    if s.tower < 0:
        return False
    king = s.leaders[(s.active if seat is None else seat) * 4 + BLACK]
    return king >= 0 and bool(region_of(s, s.tower) >> king & 1)
