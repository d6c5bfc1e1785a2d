"""Sequencing: applying an action, the event order after it (rules §7), end of turn (rules §13)
and game end (rules §14). ``apply_unchecked`` trusts its caller; ``legal`` validates."""

from __future__ import annotations

from typing import Final

from tigris_widget.games.tigris.engine.core.actions import Action
from tigris_widget.games.tigris.engine.core.state import (
    STEP_ACTION_DONE,
    STEP_BUILDINGS,
    STEP_END_BONUS,
    STEP_IDLE,
    STEP_MONUMENT,
    STEP_REFILL,
    STEP_TREASURES,
    STEP_WARS,
    GameState,
)
from tigris_widget.games.tigris.engine.core.types import (
    BUILD_BUILDING,
    BUILD_MONUMENT,
    BUILD_ZIGGURAT,
    COLOUR_NAMES,
    D_ACTION,
    D_BUILDING,
    D_MONUMENT,
    D_TREASURE,
    D_WAR_ORDER,
    D_ZIGGURAT_BONUS,
    HAND_SIZE,
    MOVE_LEADER,
    PASS,
    PLACE_CATASTROPHE,
    PLACE_LEADER,
    PLACE_TILE,
    SWAP,
    WITHDRAW_LEADER,
    Seat,
)
from tigris_widget.games.tigris.engine.rules.buildings import building_options, put_building
from tigris_widget.games.tigris.engine.rules.conflicts import commit, next_war, start_war
from tigris_widget.games.tigris.engine.rules.ending import bag_ran_out, draw, finish
from tigris_widget.games.tigris.engine.rules.monuments import (
    build_monument,
    build_ziggurat,
    monument_options,
    score_monuments,
    ziggurat_bonus_due,
)
from tigris_widget.games.tigris.engine.rules.narrate import award, plural, points, say, who
from tigris_widget.games.tigris.engine.rules.placement import (
    pass_turn,
    place_catastrophe,
    place_tile,
    position_leader,
    swap_tiles,
    withdraw_leader,
)
from tigris_widget.games.tigris.engine.rules.treasures import pending_collection, take_treasures, treasure_choices

RESOLVING: Final = -1
"""``state.phase`` while the engine works through the steps and no decision is pending."""


def apply_unchecked(s: GameState, action: Action) -> None:
    """Apply a legal action and resolve everything that follows up to the next decision."""
    kind, colour, target, extra = action
    phase = s.phase
    s.phase = RESOLVING
    if phase == D_ACTION:
        if kind == PASS:
            pass_turn(s)
        else:
            s.actions_left -= 1
            if kind == PLACE_TILE:
                place_tile(s, colour, target)
            elif kind in (PLACE_LEADER, MOVE_LEADER):
                position_leader(s, colour, target)
            elif kind == WITHDRAW_LEADER:
                withdraw_leader(s, colour)
            elif kind == PLACE_CATASTROPHE:
                place_catastrophe(s, target)
            elif kind == SWAP:
                assert isinstance(extra, tuple)
                swap_tiles(s, extra)
    elif phase == D_WAR_ORDER:
        start_war(s, colour)
    elif phase == D_BUILDING:
        if kind == BUILD_BUILDING:
            put_building(s, colour, target)
        s.step = STEP_MONUMENT
    elif phase == D_MONUMENT:
        if kind == BUILD_MONUMENT:
            build_monument(s, colour, target)
        elif kind == BUILD_ZIGGURAT:
            build_ziggurat(s, target)
        s.step = STEP_TREASURES
    elif phase == D_TREASURE:
        assert isinstance(extra, tuple)
        take_treasures(s, s.decider, extra)
    elif phase == D_ZIGGURAT_BONUS:
        s.vp[s.active * 4 + colour] += 1
        if s.log is not None:
            say(s, "ziggurat_vp", "§18.4", f"{who(s, s.active)} gains {points(1, colour)} from the ziggurat.",
                s.active, colour=COLOUR_NAMES[colour], points=[award(s.active, colour, 1)])  # fmt: skip
        s.step = STEP_REFILL
    else:  # the four commitment decisions
        assert isinstance(extra, int)
        commit(s, extra)
    resolve(s)


def resolve(s: GameState) -> None:
    """Run the steps of §7 and §13 until a player must decide or the game is over."""
    while s.phase == RESOLVING:
        step = s.step
        if step == STEP_WARS:
            next_war(s)
        elif step == STEP_BUILDINGS:
            s.step = STEP_MONUMENT
            if s.setup.buildings and s.placed >= 0 and building_options(s)[1]:
                _ask(s, D_BUILDING, s.active)
        elif step == STEP_MONUMENT:
            s.step = STEP_TREASURES
            if s.placed >= 0:
                blocks, centres = monument_options(s)
                if blocks or centres:
                    _ask(s, D_MONUMENT, s.active)
        elif step == STEP_TREASURES:
            due = pending_collection(s)
            if due is None:
                s.step = STEP_ACTION_DONE
                continue
            owner, kingdom = due
            choices = treasure_choices(s, kingdom)
            if len(choices) == 1:
                take_treasures(s, owner, choices[0])
            else:
                _ask(s, D_TREASURE, owner)
        elif step == STEP_ACTION_DONE:
            s.placed = -1
            if s.actions_left > 0:
                s.step = STEP_IDLE
                _ask(s, D_ACTION, s.active)
            else:
                score_monuments(s)  # §13.1
                s.step = STEP_END_BONUS
        elif step == STEP_END_BONUS:
            s.step = STEP_REFILL
            if s.setup.ziggurat and ziggurat_bonus_due(s):
                _ask(s, D_ZIGGURAT_BONUS, s.active)
        else:  # STEP_REFILL
            _refill_and_check_end(s)


def _ask(s: GameState, phase: int, seat: Seat) -> None:
    s.phase = phase
    s.decider = seat


def _refill_and_check_end(s: GameState) -> None:
    """§13.2–13.3: refills (active player first, then clockwise), game-end check, next player."""
    n = s.players
    for k in range(n):
        seat = (s.active + k) % n
        need = HAND_SIZE - s.hand_size(seat)
        if need > 0 and draw(s, seat, need) < need:
            bag_ran_out(s)
            if s.over:
                return
    if s.bag_ran_out:
        finish(s)
        return
    if s.treasures.bit_count() <= 2:
        if s.log is not None:
            left = s.treasures.bit_count()
            say(s, "treasures_end", "§14.1", f"Only {plural(left, 'treasure')} {'is' if left == 1 else 'are'} left: "
                "the game ends.", treasures=left)  # fmt: skip
        finish(s)
        return
    s.active = (s.active + 1) % n
    s.actions_left = 2
    s.turn += 1
    s.step = STEP_IDLE
    _ask(s, D_ACTION, s.active)
