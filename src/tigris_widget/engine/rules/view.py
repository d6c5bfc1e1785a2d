"""Player views (design contract 4): what one seat may know, and sampling the rest for search.

``player_view`` is the only place that decides what is hidden (rules §16): other hands, the bag
and its order, discarded tiles, and — with hidden scores — other players' VP and treasures. The
view keeps a *redacted* state in which hidden fields are emptied, so nothing hidden can be
recovered from it; ``determinize`` refills them with a random guess consistent with the view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tigris_widget.engine.core.board import squares
from tigris_widget.engine.core.events import Event
from tigris_widget.engine.core.state import GameState
from tigris_widget.engine.core.types import COLOUR_NAMES, MONUMENTS, TILE_SUPPLY
from tigris_widget.engine.rules.conflicts import conflict_summary
from tigris_widget.engine.rules.decisions import Decision, decision
from tigris_widget.engine.rules.scoring import final_results


@dataclass(frozen=True)
class PlayerView:
    """The information set of ``seat`` (None: the all-seeing view, for teaching)."""

    seat: int | None
    state: GameState
    """A copy of the state with everything ``seat`` may not see emptied."""
    hand_sizes: tuple[int, ...]
    bag_count: int
    discard_counts: tuple[int, ...]
    """How many tiles each player has discarded face down in swaps."""
    scores_visible: tuple[bool, ...]
    decision: Decision | None
    history: tuple[str, ...] = ()
    """The actions so far in notation; other players' swaps show only their size (``swap 3``)."""
    events: tuple[Event, ...] = field(default=(), repr=False)

    @property
    def unseen(self) -> tuple[int, int, int, int]:
        """Tiles by colour this seat cannot locate: other hands, the bag, others' discards."""
        s = self.state
        counts = list(TILE_SUPPLY)
        for c in range(4):
            counts[c] -= s.tiles[c].bit_count() + s.flipped[c] + s.out_public[c]
            if self.seat is not None:
                counts[c] -= s.hands[self.seat * 4 + c] + s.discards[self.seat * 4 + c]
        return (counts[0], counts[1], counts[2], counts[3])

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON of everything in the view (used by the widget and by leak tests)."""
        s = self.state
        players = []
        for p in range(s.players):
            visible = self.scores_visible[p]
            own = self.seat is None or self.seat == p
            players.append({
                "seat": p,
                "dynasty": s.setup.dynasties[p],
                "hand": dict(zip(COLOUR_NAMES, s.hand(p))) if own else None,
                "hand_size": self.hand_sizes[p],
                "vp": dict(zip(COLOUR_NAMES, s.vp[p * 4 : p * 4 + 4])) if visible else None,
                "treasures": s.treasures_taken[p] if visible else None,
                "catastrophes": s.catastrophes_left[p],
                "leaders": {COLOUR_NAMES[c]: s.leaders[p * 4 + c] for c in range(4)},
                "discarded": self.discard_counts[p],
            })  # fmt: skip
        d = self.decision
        return {
            "seat": self.seat,
            "setup": s.setup.to_dict(),
            "turn": s.turn,
            "active": s.active,
            "actions_left": s.actions_left,
            "tiles": {COLOUR_NAMES[c]: squares(s.tiles[c]) for c in range(4)},
            "face_down": squares(s.down),
            "catastrophes": squares(s.catastrophes),
            "treasures": squares(s.treasures),
            "ziggurat": squares(s.ziggurat),
            "tower": s.tower,
            "monuments": [
                {"colours": [COLOUR_NAMES[c] for c in MONUMENTS[m]], "square": q}
                for m, q in enumerate(s.monuments)
            ],
            "buildings": {COLOUR_NAMES[c]: q for c, q in enumerate(s.buildings)},
            "marker": s.marker,
            "conflict": conflict_summary(s),
            "players": players,
            "bag": self.bag_count,
            "out_of_game": dict(zip(COLOUR_NAMES, s.out_public)),
            "decision": None if d is None else {
                "seat": d.seat, "kind": d.kind, "prompt": d.prompt, "choices": [str(a) for a in d.choices],
            },
            "history": list(self.history),
            "events": [e.to_dict() for e in self.events],
            "over": s.over,
            "result": [r.to_dict() for r in final_results(s)] if s.over else None,
        }  # fmt: skip


def redact_action(notation: str, actor: int, viewer: int | None) -> str:
    """Other players' swaps are shown by size only: the discarded colours are hidden (rules §6.4)."""
    if viewer is None or actor == viewer or not notation.startswith("swap "):
        return notation
    return f"swap {len(notation) - 5}"


def player_view(
    s: GameState,
    seat: int | None,
    history: Sequence[tuple[int, str]] = (),
    events: Sequence[Event] = (),
) -> PlayerView:
    """The view of ``seat``; ``history`` is (actor, notation) per action, ``events`` the game's events."""
    n = s.players
    hand_sizes = tuple(s.hand_size(p) for p in range(n))
    discard_counts = tuple(sum(s.discards[p * 4 : p * 4 + 4]) for p in range(n))
    open_scores = s.setup.open_scores or s.over
    visible = tuple(seat is None or seat == p or open_scores for p in range(n))
    r = s.clone()
    if seat is not None:
        r.bag = []
        for p in range(n):
            if p != seat:
                r.hands[p * 4 : p * 4 + 4] = [0, 0, 0, 0]
                r.discards[p * 4 : p * 4 + 4] = [0, 0, 0, 0]
                if not visible[p]:
                    r.vp[p * 4 : p * 4 + 4] = [0, 0, 0, 0]
                    r.treasures_taken[p] = 0
    shown = tuple(e for e in events if e.public or seat is None or e.seat == seat)
    return PlayerView(
        seat=seat,
        state=r,
        hand_sizes=hand_sizes,
        bag_count=len(s.bag),
        discard_counts=discard_counts,
        scores_visible=visible,
        decision=decision(s, seat),
        history=tuple(redact_action(text, actor, seat) for actor, text in history),
        events=shown,
    )


def determinize(view: PlayerView, rng: random.Random) -> GameState:
    """A full state consistent with ``view``: unseen tiles dealt at random to the other hands,
    the others' discards and the bag (for search under hidden information)."""
    assert view.seat is not None, "the all-seeing view needs no sampling"
    s = view.state.clone()
    pool = [c for c, k in enumerate(view.unseen) for _ in range(k)]
    rng.shuffle(pool)
    for p in range(s.players):
        if p == view.seat:
            continue
        for _ in range(view.hand_sizes[p]):
            s.hands[p * 4 + pool.pop()] += 1
        for _ in range(view.discard_counts[p]):
            s.discards[p * 4 + pool.pop()] += 1
    s.bag = pool
    assert len(pool) == view.bag_count, "view counts are inconsistent"
    return s
