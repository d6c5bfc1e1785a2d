"""The widget's JSON: a player view plus the legal targets grouped by piece, each with its action text
(the only producer of it).

``serialize_game(game, seat, ply)`` is what ``BoardWidget`` syncs to the browser; ``serialize_view``
does the same for a bare ``PlayerView`` (static pictures). Everything comes from
``engine.rules.view.player_view``, so a seat's JSON holds only what that seat may know (design contract 4):
other hands as counts, no bag order, hidden scores as ``null``, other players' swaps by size only.

One producer: the widget, the static SVG (``games/tigris/present/svg.py``) and the HTML replay (``render/html.py``)
all read this JSON and nothing else. ``engine.rules.view.PlayerView.to_dict`` stays the engine's own
record of a view (the leak tests read it); ``serialize_view`` builds on it and is the only place
where the widget's shape is made.

The JSON is the shared envelope (``core.view``, ``schema_version`` 3) around this game's ``body``:
the board map, setup, turn, bag, pieces, the conflict and the players' supplies, hands and scores,
mirrored by ``js/src/games/tigris/body.ts``. To stay small mid-game the
log holds only the plies near the shown one (``LOG_WINDOW``); the rest is fetched by moving through
the history.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tigris_widget.core.view import envelope, turn_moves
from tigris_widget.games.tigris.engine.core.actions import Action
from tigris_widget.games.tigris.engine.core.board import board_map, squares, to_square
from tigris_widget.games.tigris.engine.core.sections import section_title
from tigris_widget.games.tigris.engine.core.types import (
    BUILD_BUILDING,
    BUILD_MONUMENT,
    BUILD_ZIGGURAT,
    CHOOSE_WAR,
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
from tigris_widget.games.tigris.engine.rules.monuments import monument_squares, ziggurat_squares
from tigris_widget.games.tigris.engine.rules.view import PlayerView, player_view

if TYPE_CHECKING:
    from tigris_widget.games.tigris.played import PlayedGame as Game

GAME = "tigris"
"""The name of this game in the view envelope (the front end draws it with ``js/src/games/tigris``)."""
LOG_WINDOW = 12
"""How many plies of the event log travel with each state (those up to the shown ply)."""
LOG_AHEAD = 6
"""When an earlier position is shown, the log also holds this many plies after it (marked ``future``),
so the story goes on past the move being looked at."""

DYNASTY_COLOURS = {"archer": "#f57c00", "bull": "#d81b8c", "pot": "#0097a7", "lion": "#7e57c2"}
"""Each dynasty's seat colour: the ring on its leaders and its mark in the panel. None is a tile colour
(black, red, blue, green), so a ring never reads as the leader's own colour."""

_SQUARE_GROUPS = {PLACE_TILE: "tile", PLACE_LEADER: "leader", MOVE_LEADER: "move", BUILD_BUILDING: "building"}
_COLOUR_GROUPS = {WITHDRAW_LEADER: "withdraw", CHOOSE_WAR: "war", ZIGGURAT_BONUS: "bonus"}


def monument_key(pair: Sequence[int]) -> str:
    """The key of a monument in the targets and in piece intents: its colours' names, e.g. ``"red-green"``."""
    return "-".join(COLOUR_NAMES[c] for c in pair)


def group_targets(choices: Sequence[Action]) -> dict[str, Any]:
    """The legal choices grouped by the piece a player picks, each carrying its action text
    (``str(action)``, the engine's notation), so the front end only looks actions up and sends them back:

    * ``tile``/``leader``/``move``/``building``: colour name → {square: action}, e.g.
      ``{"tile": {"red": {"69": "tile r (5,4)"}}}`` (JSON object keys are strings);
    * ``catastrophe``/``ziggurat``: {square: action}; ``monument``: monument key (``"red-green"``) →
      {top-left square: action};
    * ``withdraw``/``war``/``bonus``: colour name → action; ``commit``: number of tiles → action;
    * ``treasures``: a list of ``{"squares": [...], "action": ...}``;
    * ``pass``/``decline``: the action text itself.

    Swaps are the exception: any choice of tiles from the hand is legal, so ``swap`` is only a flag
    and the front end sends the counts per colour (``{"swap": [k, r, b, g]}``, see ``intent_action``);
    Python writes the notation.
    """
    out: dict[str, Any] = {}
    for a in choices:
        kind = a.kind
        text = str(a)
        if kind in _SQUARE_GROUPS:
            out.setdefault(_SQUARE_GROUPS[kind], {}).setdefault(COLOUR_NAMES[a.colour], {})[str(a.square)] = text
        elif kind in _COLOUR_GROUPS:
            out.setdefault(_COLOUR_GROUPS[kind], {})[COLOUR_NAMES[a.colour]] = text
        elif kind == PLACE_CATASTROPHE:
            out.setdefault("catastrophe", {})[str(a.square)] = text
        elif kind == BUILD_MONUMENT:
            out.setdefault("monument", {}).setdefault(monument_key(a.pair), {})[str(a.square)] = text
        elif kind == BUILD_ZIGGURAT:
            out.setdefault("ziggurat", {})[str(a.square)] = text
        elif kind == COMMIT:
            out.setdefault("commit", {})[str(a.committed)] = text
        elif kind == TAKE_TREASURES:
            out.setdefault("treasures", []).append({"squares": list(a.treasure_squares), "action": text})
        elif kind == SWAP:
            out["swap"] = True
        elif kind == PASS:
            out["pass"] = text
        elif kind == DECLINE:
            out["decline"] = text
    return out


_PIECES = {"tile": Action.tile, "leader": Action.leader, "move": Action.move, "building": Action.building}
INTENT_FIELDS = frozenset({"kind", "state_id", "action", "piece", "square", "swap"})
"""The fields of an intent message from the front end (see ``intent_action``)."""


def intent_action(content: Mapping[str, Any]) -> str:
    """The action text of an intent message from the front end, in one of three forms:

    * ``{"action": "<notation>"}`` — a text looked up in the targets (or typed);
    * ``{"piece": {"kind": "tile", "colour": "red"}, "square": 69}`` — a piece put on a square that is
      not a target, so the engine can say which rule forbids it (kinds: tile, leader, move, building
      with a colour name; monument with a ``key`` like ``"red-green"``; catastrophe, ziggurat);
    * ``{"swap": [black, red, blue, green]}`` — the tiles per colour to swap.

    :raises ValueError: the message has none or several of these, or a malformed one.
    """
    forms = [f for f in ("action", "piece", "swap") if f in content]
    if len(forms) != 1:
        raise ValueError("intent needs exactly one of 'action', 'piece' (with 'square') or 'swap'")
    if "square" in content and forms != ["piece"]:
        raise ValueError("'square' goes with 'piece' only")
    form = forms[0]
    if form == "action":
        action = content["action"]
        if not isinstance(action, str):
            raise ValueError("intent needs a string 'action'")
        return action
    if form == "swap":
        counts = content["swap"]
        if (
            not isinstance(counts, list)
            or len(counts) != 4
            or any(isinstance(n, bool) or not isinstance(n, int) for n in counts)
        ):
            raise ValueError(f"'swap' needs four tile counts (black, red, blue, green), not {counts!r}")
        return str(Action.swap((counts[0], counts[1], counts[2], counts[3])))
    piece, square = content["piece"], content.get("square")
    if isinstance(square, bool) or not isinstance(square, int):
        raise ValueError(f"'piece' needs an integer 'square', not {square!r}")
    if not isinstance(piece, Mapping) or not isinstance(piece.get("kind"), str):
        raise ValueError("'piece' needs a 'kind'")
    kind = piece["kind"]
    if kind in _PIECES:
        colour = piece.get("colour")
        if not isinstance(colour, str) or colour not in COLOUR_NAMES:
            raise ValueError(f"a {kind} piece needs a colour ({', '.join(COLOUR_NAMES)}), not {colour!r}")
        return str(_PIECES[kind](colour, square))
    if kind == "catastrophe":
        return str(Action.catastrophe(square))
    if kind == "ziggurat":
        return str(Action.ziggurat(square))
    if kind == "monument":
        key = piece.get("key")
        names = key.split("-") if isinstance(key, str) else []
        if len(names) != 2 or any(n not in COLOUR_NAMES for n in names):
            raise ValueError(f"a monument piece needs a key like 'red-green', not {key!r}")
        return str(Action.monument((names[0], names[1]), square))
    raise ValueError(f"unknown piece kind {kind!r}")


def serialize_view(
    view: PlayerView,
    *,
    state_id: str = "",
    ply: int | None = None,
    length: int | None = None,
    log: Sequence[dict[str, Any]] = (),
    last: dict[str, Any] | None = None,
    turn: Sequence[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The widget JSON of one view. ``ply``/``length`` place it in the game's history (the view can
    act only at the latest ply), ``log``, ``last`` (the envelope's ``last_move``) and ``turn`` (the
    moves of the turn it ends) come from ``serialize_game``."""
    d = view.to_dict()
    board = board_map(view.setup.board)
    n = len(view.history) if length is None else length
    at = n if ply is None else ply
    decision = d["decision"]
    mine = decision is not None and at == n and (view.seat is None or view.seat == decision["seat"])
    targets = group_targets(view.decision.choices) if mine and view.decision is not None else {}
    if "war" in targets:
        targets["war_leaders"] = war_leaders(view, targets["war"])
    body = {
        "board": {"name": board.name, "river": squares(board.river), "specials": squares(board.specials)},
        "setup": d["setup"],
        "turn": d["turn"],
        "active": d["active"],
        "actions_left": d["actions_left"],
        "bag": d["bag"],
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
    }
    return envelope(
        GAME,
        body=body,
        seats=[
            {"seat": p["seat"], "name": p["dynasty"].capitalize(), "colour": DYNASTY_COLOURS.get(p["dynasty"])}
            for p in d["players"]
        ],
        viewer=view.seat,
        ply=at,
        length=n,
        decision=None if decision is None else {
            "seat": decision["seat"], "kind": decision["kind"], "prompt": decision["prompt"], "mine": mine,
        },
        targets=targets,
        over=d["over"],
        result=None if d["result"] is None else standings_rows(d["result"]),
        state_id=state_id,
        last_move=last,
        last_turn=turn,
        log=log,
    )  # fmt: skip


def standings_rows(results: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The final results as the board's standings table: per seat the points in each colour after the
    treasures were spent, the treasures, and a sentence saying which colour decided the score and,
    between tied scores, how the tie was broken (§15.3, §15.4)."""
    out = []
    for r in results:
        final = r["final"]
        weakest = min(COLOUR_NAMES, key=lambda c: final[c])
        ladder = sorted(final.values())
        tied = [o for o in results if o is not r and o["score"] == r["score"]]
        note = f"Score = weakest colour: {weakest} {final[weakest]}."
        if tied:
            shared = any(sorted(o["final"].values()) == ladder for o in tied)
            note += (
                " Tied on every colour: the place is shared."
                if shared
                else f" Tie broken by the next weakest colours ({', '.join(map(str, ladder[1:]))})."
            )
        columns = [[c, final[c]] for c in COLOUR_NAMES] + [["treasures spent", r["treasures"]]]
        out.append({**r, "columns": columns, "note": note})
    return out


def war_leaders(view: PlayerView, colours: Iterable[str]) -> dict[str, list[int]]:
    """For a choice of the next war: each colour's two leaders in the united kingdom (under the
    unification marker), so the board can show who would fight."""
    region = view.position.region_at(view.marker)
    leaders = region.leaders if region is not None else ()
    return {c: [to_square(le.square) for le in leaders if le.colour == c] for c in colours}


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
         "events": [
                {"kind": e.kind, "rule": e.rule, "section": section_title(e.rule), "text": e.text}
                for e in batches[i]
                if id(e) in shown
            ],
         **({"future": True} if i >= at else {})}
        for i in range(first, end)
    ]  # fmt: skip

    def move(i: int) -> dict[str, Any]:
        actor, action = actors[i - 1], actions[i - 1]
        squares = action_squares(game.state_at(i - 1).leaders, actor, action)
        passed = {"passed": True} if action.kind == PASS else {}
        return {"ply": i, "seat": actor, "action": view.history[i - 1], "squares": squares, **passed}

    # the turn a ply belongs to: the turn counter of the state it was played in
    turn = [dict(m) for m in turn_moves(at, lambda i: game.state_at(i - 1).turn, move)]
    last = {k: v for k, v in turn[-1].items() if k != "passed"} if turn else None
    return serialize_view(view, state_id=f"{revision}.{at}", ply=at, length=n, log=log, last=last, turn=turn)
