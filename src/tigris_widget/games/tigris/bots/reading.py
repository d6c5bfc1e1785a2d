"""The hands as one seat reads them from a game's play so far, for the analysis (``read_play``).

``read_hands(game, seat, seed)`` follows ``game`` from its start as the bot ``search-infer`` sitting in
``seat`` would have — its ``HandBelief`` updated at each of the seat's decisions, from that seat's view
of the moment, never from the true state — and returns the belief at the position now on the board.
``hands_reading`` sets what the belief expects each other player to hold beside what a random deal
of the unseen tiles would give, which is what the search assumes without it.

Following a long game from the start costs a second or two in pure Python, and a user steps through
a game one move at a time: the last belief of each (start, seat, seed) is kept and carried forward
while the game has only grown since.
"""

from __future__ import annotations

import random
import threading
from typing import Any

from tigris_widget.games.tigris.bots.belief import HandBelief
from tigris_widget.games.tigris.engine.core.types import COLOUR_NAMES
from tigris_widget.games.tigris.engine.rules.view import PlayerView
from tigris_widget.games.tigris.game import Game

KEPT = 8
"""Beliefs kept for stepping through games (the oldest goes first)."""

_kept: dict[tuple[int, int, int], tuple[object, tuple[str, ...], HandBelief]] = {}
"""(id of the game's start, seat, seed) → (that start, the actions followed, the belief after them)."""
_lock = threading.Lock()


def _decisions(game: Game, seat: int) -> list[int]:
    """The plies where ``seat`` had a decision, as the bot met them: before each action ``seat``
    played, and now if ``seat`` decides."""
    plies = [k for k, actor in enumerate(game.actors) if actor == seat]
    decision = game.decision
    if decision is not None and decision.seat == seat:
        plies.append(len(game))
    return plies


def read_hands(game: Game, seat: int, seed: int = 0) -> HandBelief:
    """``seat``'s belief about the others' hands at ``game``'s current position, as ``search-infer``
    with this ``seed`` would hold it after its last decision, brought up to now (a copy: the caller
    may sample from it while the game moves on). The same game, seat and seed give the same belief,
    whatever was read before."""
    if not isinstance(game, Game):
        raise ValueError(f"the hands are read from a T&E Game, not {type(game).__name__}")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise ValueError(f"seat must be 0..{game.players - 1}, not {seat!r:.40}")
    start = game.setup
    actions = tuple(map(str, game.actions))
    key = (id(start), seat, seed)
    with _lock:
        entry = _kept.get(key)
        if entry is not None and entry[0] is start and actions[: len(entry[1])] == entry[1]:
            followed: int | None = len(entry[1])
            belief = entry[2]
        else:
            followed, belief = None, HandBelief(seat, random.Random(seed + 1))
        for k in _decisions(game, seat):
            if followed is None or k > followed:
                belief.update(game.view(seat, k))
                followed = k
        if followed is not None:
            _kept.pop(key, None)
            _kept[key] = (start, actions[:followed], belief)
            while len(_kept) > KEPT:
                del _kept[next(iter(_kept))]
        out = belief.copy()
    if followed != len(actions):
        out.update(game.view(seat))  # the seat watches others play: what it knows now
    return out


def hands_reading(belief: HandBelief, view: PlayerView) -> list[dict[str, Any]]:
    """For each other seat: the tiles by colour the belief expects in its hand (``"read"``) and what a
    random deal of the tiles ``view``'s seat has not seen gives (``"at_random"``)."""
    unseen = view.unseen
    total = sum(unseen)
    rows = []
    for p, expected in belief.expected_hands().items():
        size = view.hand_sizes[p]
        rows.append(
            {
                "seat": p,
                "read": {COLOUR_NAMES[c]: round(expected[c], 2) for c in range(4)},
                "at_random": {COLOUR_NAMES[c]: round(size * unseen[c] / total if total else 0.0, 2) for c in range(4)},
            }
        )
    return rows
