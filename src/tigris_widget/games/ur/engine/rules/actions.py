"""The four actions that place or regroup cubes (§5.1-§5.4); war is in ``war``."""

from __future__ import annotations

from typing import Final

from tigris_widget.core.events import Event
from tigris_widget.games.ur.engine.board import BORDER, NEIGHBOURS, A, C, T, cell_name
from tigris_widget.games.ur.engine.events import say
from tigris_widget.games.ur.engine.rules.allocation import advance, finish_action
from tigris_widget.games.ur.engine.rules.cubes import own_tile, put_cubes, take_cubes
from tigris_widget.games.ur.engine.rules.narrate import say_placed, who
from tigris_widget.games.ur.engine.state import PH_AGRI, PH_CULTURE, PH_POLITICS, PH_TRADE, UrState

WORD: Final = ("agri", "trade", "culture", "politics", "war")
"""The action words, by kind."""
WORD_KIND: Final = {"agri": 0, "trade": 1, "culture": 2, "politics": 3}
"""The kind each action step starts (war starts with its first attack, not a word)."""


def agri_plan(s: UrState, p: int) -> tuple[list[int], list[int], list[int], int]:
    """Agriculture of ``p`` now (§5.1): the tiles that starve (step 1), the eligible tiles of step 2 in
    reading order, their room after step 1 (at most 2) and the supply after step 1."""
    starving = []
    farms = []
    for c in range(36):
        if s.face[c] == A and not s.zig[c]:
            if s.owner[c] == p or (s.owner[c] < 0 and s.opts.agriculture_on_empty):
                farms.append(c)
        if own_tile(s, c, p):
            fed = False
            for m in NEIGHBOURS[c]:
                if s.face[m] == A and not s.zig[m]:
                    fed = True
            if not fed:
                starving.append(c)
    rooms = [min(2, 5 - s.cubes[c] + (1 if c in starving else 0)) for c in farms]
    return starving, farms, rooms, s.supply(p) + len(starving)


def perform_agriculture(s: UrState, events: list[Event] | None) -> None:
    p = s.active
    starving, eligible, _, _ = agri_plan(s, p)
    for c in starving:
        take_cubes(s, c, 1)
    if starving:
        if events is not None:  # the text is built only when someone reads it
            say(events, "starve", "§5.1", f"{who(p)}'s tiles far from farms lose a cube: "
                + " ".join(cell_name(c) for c in starving), {"seat": p, "cells": starving}, p)  # fmt: skip
    s.queue = eligible
    s.phase = PH_AGRI
    advance(s, events)


def trade_plan(s: UrState, p: int) -> tuple[list[int], list[int], int]:
    """Trade of ``p`` now (§5.2): own trade tiles that are due cubes, the cubes due (cap applied), supply."""
    tiles = []
    dues = []
    for c in range(36):
        if own_tile(s, c, p) and s.face[c] == T:
            n = BORDER[c]
            for m in NEIGHBOURS[c]:
                if s.owner[m] >= 0 and s.owner[m] != p:
                    n += 1
            e = min(n, 5 - s.cubes[c])
            if e:
                tiles.append(c)
                dues.append(e)
    return tiles, dues, s.supply(p)


def culture_plan(s: UrState, p: int) -> list[tuple[int, list[int], list[int], int]]:
    """Culture of ``p`` now (§5.3): per seat from ``p`` clockwise, the tiles due cubes, the cubes due
    (cap applied) and that seat's supply."""
    acting = [0] * 36
    for c in range(36):
        if own_tile(s, c, p) and s.face[c] == C:
            acting[c] = 1
    out = []
    for i in range(s.n):
        q = (p + i) % s.n
        tiles = []
        dues = []
        for u in range(36):
            if s.owner[u] == q and not s.zig[u]:
                w = 0
                for m in NEIGHBOURS[u]:
                    w += acting[m]
                e = min(w, 5 - s.cubes[u])
                if e:
                    tiles.append(u)
                    dues.append(e)
        out.append((q, tiles, dues, s.supply(q)))
    return out


def perform_trade(s: UrState, events: list[Event] | None) -> None:
    p = s.active
    tiles, dues, sup = trade_plan(s, p)
    if sum(dues) <= sup:
        for c, k in zip(tiles, dues):
            put_cubes(s, c, p, k)
            say_placed(events, p, c, k, "trade", "§5.2")
        finish_action(s)
        return
    for c, k in zip(tiles, dues):
        s.due[c] = k
    s.queue = tiles
    s.need = sup
    s.phase = PH_TRADE
    advance(s, events)


def perform_culture(s: UrState, events: list[Event] | None) -> None:
    for _, tiles, dues, _ in culture_plan(s, s.active):
        for c, k in zip(tiles, dues):
            s.due[c] = k
    s.culture_seats = [(s.active + i) % s.n for i in range(s.n)]
    s.queue = []
    s.phase = PH_CULTURE
    advance(s, events)


def perform_politics(s: UrState, events: list[Event] | None) -> None:
    p = s.active
    tiles = [c for c in range(36) if own_tile(s, c, p)]
    total = 0
    for c in tiles:
        total += s.cubes[c]
        take_cubes(s, c, s.cubes[c])  # lifted, then set tile by tile: the supply stays exact meanwhile
    s.queue = tiles
    s.need = total
    s.phase = PH_POLITICS
    advance(s, events)
