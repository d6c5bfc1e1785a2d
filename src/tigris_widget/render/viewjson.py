"""The widget's JSON: a player view plus the legal targets grouped by piece (the only producer of it).

``serialize_game(game, seat, ply)`` is what ``BoardWidget`` syncs to the browser; ``serialize_view``
does the same for a bare ``PlayerView`` (static pictures). Everything comes from
``engine.rules.view.player_view``, so a seat's JSON holds only what that seat may know (design contract 4):
other hands as counts, no bag order, hidden scores as ``null``, other players' swaps by size only.

One producer: the widget, the static SVG (``render/svg.py``) and the HTML replay (``render/html.py``)
all read this JSON and nothing else. ``engine.rules.view.PlayerView.to_dict`` stays the engine's own
record of a view (the leak tests read it); ``serialize_view`` builds on it and is the only place
where the widget's shape is made.

The format is mirrored by ``js/src/schema.ts`` (``schema_version`` 1). To stay small mid-game the
log holds only the plies near the shown one (``LOG_WINDOW``); the rest is fetched by moving through
the history.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tigris_widget.engine.core.actions import Action
from tigris_widget.engine.core.board import board_map, squares
from tigris_widget.engine.core.types import (
    BUILD_BUILDING,
    BUILD_MONUMENT,
    BUILD_ZIGGURAT,
    CHOOSE_WAR,
    COLOUR_CODES,
    COLOUR_NAMES,
    COMMIT,
    DECLINE,
    MOVE_LEADER,
    PASS,
    PLACE_CATASTROPHE,
    PLACE_LEADER,
    PLACE_TILE,
    SWAP,
    TAKE_TREASURES,
    WITHDRAW_LEADER,
    ZIGGURAT_BONUS,
)
from tigris_widget.engine.rules.monuments import monument_squares, ziggurat_squares
from tigris_widget.engine.rules.view import PlayerView, player_view

if TYPE_CHECKING:
    from tigris_widget.game import Game

SCHEMA_VERSION = 1
LOG_WINDOW = 12
"""How many plies of the event log travel with each state (those up to the shown ply)."""
LOG_AHEAD = 6
"""When an earlier position is shown, the log also holds this many plies after it (marked ``future``),
so the story goes on past the move being looked at."""

_SQUARE_GROUPS = {PLACE_TILE: "tile", PLACE_LEADER: "leader", MOVE_LEADER: "move", BUILD_BUILDING: "building"}
_COLOUR_LISTS = {WITHDRAW_LEADER: "withdraw", CHOOSE_WAR: "war", ZIGGURAT_BONUS: "bonus"}


def group_targets(choices: Sequence[Action]) -> dict[str, Any]:
    """The legal choices grouped by the piece a player picks: squares per colour for tiles, leaders and
    buildings, top-left squares per monument, plain lists for the rest, flags for pass/decline/swap.

    Swaps are a flag: any choice of tiles from the hand is sent as ``swap <tiles>`` and the engine
    checks it like every other intent.
    """
    out: dict[str, Any] = {}
    for a in choices:
        kind = a.kind
        if kind in _SQUARE_GROUPS:
            out.setdefault(_SQUARE_GROUPS[kind], {}).setdefault(COLOUR_NAMES[a.colour], []).append(a.square)
        elif kind in _COLOUR_LISTS:
            out.setdefault(_COLOUR_LISTS[kind], []).append(COLOUR_NAMES[a.colour])
        elif kind == PLACE_CATASTROPHE:
            out.setdefault("catastrophe", []).append(a.square)
        elif kind == BUILD_MONUMENT:
            key = "".join(COLOUR_CODES[c] for c in a.pair)
            out.setdefault("monument", {}).setdefault(key, []).append(a.square)
        elif kind == BUILD_ZIGGURAT:
            out.setdefault("ziggurat", []).append(a.square)
        elif kind == COMMIT:
            out.setdefault("commit", []).append(a.committed)
        elif kind == TAKE_TREASURES:
            out.setdefault("treasures", []).append(list(a.treasure_squares))
        elif kind == SWAP:
            out["swap"] = True
        elif kind == PASS:
            out["pass"] = True
        elif kind == DECLINE:
            out["decline"] = True
    return out


def serialize_view(
    view: PlayerView,
    *,
    state_id: str = "",
    ply: int | None = None,
    length: int | None = None,
    log: Sequence[dict[str, Any]] = (),
    last: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The widget JSON of one view. ``ply``/``length`` place it in the game's history (the view can
    act only at the latest ply), ``log`` and ``last`` come from ``serialize_game``."""
    d = view.to_dict()
    board = board_map(view.setup.board)
    n = len(view.history) if length is None else length
    at = n if ply is None else ply
    is_live = at == n
    decision = d["decision"]
    mine = decision is not None and is_live and (view.seat is None or view.seat == decision["seat"])
    targets = group_targets(view.decision.choices) if mine and view.decision is not None else {}
    return {
        "schema_version": SCHEMA_VERSION,
        "state_id": state_id,
        "seat": view.seat,
        "ply": at,
        "length": n,
        "live": is_live,
        "board": {"name": board.name, "river": squares(board.river), "specials": squares(board.specials)},
        "setup": d["setup"],
        "turn": d["turn"],
        "active": d["active"],
        "actions_left": d["actions_left"],
        "bag": d["bag"],
        "over": d["over"],
        "result": d["result"],
        "tiles": d["tiles"],
        "face_down": d["face_down"],
        "catastrophes": d["catastrophes"],
        "treasures": d["treasures"],
        "ziggurat": d["ziggurat"],
        "tower": d["tower"],
        "monuments": d["monuments"],
        "buildings": d["buildings"],
        "marker": d["marker"],
        "conflict": d["conflict"],
        "players": d["players"],
        "out_of_game": d["out_of_game"],
        "decision": None if decision is None else {
            "seat": decision["seat"], "kind": decision["kind"], "prompt": decision["prompt"], "mine": mine,
        },
        "targets": targets,
        "last": last,
        "log": list(log),
    }  # fmt: skip


def action_squares(before_leaders: Sequence[int], actor: int, action: Action) -> list[int]:
    """The squares an action touched, for highlighting the last action (a move shows both ends)."""
    kind = action.kind
    if kind == MOVE_LEADER:
        start = before_leaders[actor * 4 + action.colour]
        return [q for q in (start, action.square) if q >= 0]
    if kind == WITHDRAW_LEADER:
        start = before_leaders[actor * 4 + action.colour]
        return [start] if start >= 0 else []
    if kind == BUILD_MONUMENT:
        return squares(monument_squares(action.square))
    if kind == BUILD_ZIGGURAT:
        return squares(ziggurat_squares(action.square))
    if kind == TAKE_TREASURES:
        return list(action.treasure_squares)
    return [action.square] if action.square >= 0 else []


def serialize_game(
    game: Game, seat: int | None, ply: int | None = None, *, revision: int = 0, log_window: int = LOG_WINDOW
) -> dict[str, Any]:
    """The widget JSON of ``game`` seen by ``seat`` (None: all-seeing) after ``ply`` actions (default:
    the latest). ``revision`` counts changes of the game, so ``state_id`` changes whenever the game
    does, even when an undo and a new action bring it back to the same length. ``log_window``: how
    many plies before the shown one the log holds."""
    n = len(game)
    at = n if ply is None else ply
    if not 0 <= at <= n:
        raise ValueError(f"ply must be 0..{n}, not {at}")
    end = min(n, at + LOG_AHEAD) if at < n else n
    actions = game.actions[:end]
    actors = game.actors[:end]
    batches = game.events_seen_by(seat)[:end]
    first = max(0, at - log_window)
    window = [(i, e) for i in range(first, end) for e in batches[i]]
    history = [(actor, str(a)) for actor, a in zip(actors, actions)]
    # history runs to the end of the log (later plies too, redacted for this seat); only the log reads it
    view = player_view(game.state_at(at), seat, history, [e for _, e in window])
    shown = {id(e) for e in view.events}  # the engine decides which events this seat may read
    log = [
        {"ply": i + 1, "seat": actors[i], "action": view.history[i],
         "events": [{"kind": e.kind, "rule": e.rule, "text": e.text} for e in batches[i] if id(e) in shown],
         **({"future": True} if i >= at else {})}
        for i in range(first, end)
    ]  # fmt: skip
    last = None
    if at:
        actor, action = actors[at - 1], actions[at - 1]
        before = game.state_at(at - 1).leaders
        last = {
            "ply": at,
            "seat": actor,
            "action": view.history[at - 1],
            "squares": action_squares(before, actor, action),
        }
    return serialize_view(view, state_id=f"{revision}.{at}", ply=at, length=n, log=log, last=last)
