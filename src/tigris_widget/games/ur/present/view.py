"""The view JSON of an *Ur* game: the shared envelope (``core.view``) around Ur's body, the legal
targets grouped by what a player clicks, the narrated log and the last step.

Mirrored by ``js/src/games/ur/body.ts``. The body (cells are ints ``y * 6 + x``, kinds letters
``A T C P W``, pairs names like ``"AT"``):

* ``cells``: 36 × ``{"face", "back", "owner" (seat or null), "cubes", "zig"}``;
* ``hands`` (a pair per seat), ``spares`` (pairs), ``supply`` (cubes left per seat), ``on_grid``;
* ``zig_left``, ``start`` (the start player), ``active`` (whose setup step or turn), ``decider``;
* ``phase``: ``setup``, ``initial``, ``restart``, ``turn``, ``agriculture``, ``trade``, ``culture``,
  ``politics``, ``war move`` or ``over``; ``setup_round`` (1-3 while placing, else null);
* ``turn``: ``{"acts", "cube", "started", "locked", "war", "queue", "need"}`` — what the turn under
  way has done (actions performed, the extra cube: ``none``/``open``/``closed``), the war being
  fought (``{"attacker", "target"}`` or null) and the cells still to allocate;
* ``turns`` (turns completed), ``end_reason``, ``scores`` (per seat ``{"points", "side"}``).

Targets (only for a view that may act now; each leaf is the engine's step text):
``place``/``restart``/``zig``: {cell: text}; ``zig_pairs``: [{"cells": [a, b], "action"}];
``cube``: {cell: {"1": text, "2"?: text}}; ``attack``: {attacker: {target: text}};
``exchange``: {cell: {kind: text}}; ``spare``: [{"pair", "action"}]; ``actions``: {word: text};
``alloc``: {"cell", "kind" ("add" or "set"), "amounts": {k: text}}; ``move``: {m: text};
``keep``, ``end``: text; ``undo``: true when the deciding seat may take back its last step of the
turn under way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tigris_widget.core.events import Event
from tigris_widget.core.history import PlayedGame
from tigris_widget.core.view import envelope, turn_moves
from tigris_widget.games.ur.engine.board import KINDS, PAIR_NAMES, SIZE, cell_name
from tigris_widget.games.ur.engine.errors import RULE_CODES
from tigris_widget.games.ur.engine.rules import Decision, decision, standings
from tigris_widget.games.ur.engine.state import (
    CUBE_CLOSED,
    CUBE_OPEN,
    PH_AGRI,
    PH_CULTURE,
    PH_INITIAL,
    PH_MOVE,
    PH_OVER,
    PH_PLACE,
    PH_POLITICS,
    PH_RESTART,
    PH_TRADE,
    UrState,
)
from tigris_widget.games.ur.engine.steps import ACTION_WORDS, Step

GAME = "ur"
LOG_WINDOW = 12
"""How many plies of the log travel with a view (those up to the shown one)."""
LOG_AHEAD = 6
"""When an earlier position is shown, the log also holds this many later plies (marked ``future``)."""
SEAT_COLOURS = ("#262626", "#f5f5f5", "#e8710a", "#8c564b")
"""The seats' cube colours: black, white, orange, brown — none of them a kind's colour (green,
yellow, blue, purple, red), so a cube never vanishes on a tile of its own colour."""
PHASES = {
    PH_PLACE: "setup",
    PH_INITIAL: "initial",
    PH_RESTART: "restart",
    PH_AGRI: "agriculture",
    PH_TRADE: "trade",
    PH_CULTURE: "culture",
    PH_POLITICS: "politics",
    PH_MOVE: "war move",
    PH_OVER: "over",
}
INTENT_FIELDS = frozenset({"action", "cell", "from"})
"""The fields of an Ur intent besides ``kind`` and ``state_id`` (see ``intent_action``)."""


UrHistory = PlayedGame[UrState, Step]
"""What the presenter reads of a ``UrGame`` (``core.history.PlayedGame``)."""


def seat_name(seat: int) -> str:
    return f"P{seat}"


def _body(s: UrState) -> dict[str, Any]:
    cells = [
        {
            "face": KINDS[s.face[c]],
            "back": KINDS[s.back[c]],
            "owner": s.owner[c] if s.owner[c] >= 0 else None,
            "cubes": s.cubes[c],
            "zig": bool(s.zig[c]),
        }
        for c in range(SIZE * SIZE)
    ]
    war = {"attacker": s.war_a, "target": s.war_t} if (s.in_war or s.phase == PH_MOVE) and s.war_a >= 0 else None
    cube = "open" if s.cube_state == CUBE_OPEN else "closed" if s.cube_state == CUBE_CLOSED else "none"
    alloc = s.phase in (PH_AGRI, PH_TRADE, PH_CULTURE, PH_POLITICS)
    return {
        "size": SIZE,
        "cells": cells,
        "hands": [PAIR_NAMES[h] for h in s.hands],
        "spares": [PAIR_NAMES[p] for p in s.spares],
        "supply": [s.supply(p) for p in range(s.n)],
        "on_grid": list(s.on_grid),
        "zig_left": s.zig_left,
        "start": s.start,
        "active": s.active,
        "decider": s.decider,
        "phase": PHASES.get(s.phase, "turn"),
        "setup_round": s.setup_step // s.n + 1 if s.phase == PH_PLACE else None,
        "turn": {
            "acts": ["war" if a == 4 else ACTION_WORDS[a] for a in s.acts],
            "cube": cube,
            "started": s.started,
            "locked": s.locked,
            "war": war,
            "queue": list(s.queue) if alloc else [],
            "need": s.need if alloc else 0,
        },
        "turns": s.turns,
        "end_reason": s.end_reason or None,
        "scores": [{"points": r.points, "side": r.side} for r in standings(s)],
    }


def group_targets(choices: tuple[Step, ...], s: UrState) -> dict[str, Any]:
    """The legal steps grouped by what a player clicks (see the module's docstring)."""
    out: dict[str, Any] = {}
    for st in choices:
        k, text = st.kind, str(st)
        if k in ("place", "restart"):
            out.setdefault(k, {})[str(st.a)] = text
        elif k == "zig":
            if st.b < 0:
                out.setdefault("zig", {})[str(st.a)] = text
            else:
                out.setdefault("zig_pairs", []).append({"cells": [st.a, st.b], "action": text})
        elif k == "cube":
            out.setdefault("cube", {}).setdefault(str(st.a), {})[str(st.n)] = text
        elif k == "attack":
            out.setdefault("attack", {}).setdefault(str(st.a), {})[str(st.b)] = text
        elif k == "exchange":
            out.setdefault("exchange", {}).setdefault(str(st.a), {})[st.s] = text
        elif k == "spare":
            out.setdefault("spare", []).append({"pair": st.s, "action": text})
        elif k in ACTION_WORDS:
            out.setdefault("actions", {})[k] = text
        elif k in ("add", "set"):
            alloc = out.setdefault("alloc", {"cell": st.a, "kind": k, "amounts": {}})
            alloc["amounts"][str(st.n)] = text
        elif k == "move":
            out.setdefault("move", {})[str(st.n)] = text
        elif k in ("keep", "end"):
            out[k] = text
    if len(out.get("spare", [])) == 1 and not out["spare"][0]["pair"] and s.spares:
        out["spare"][0]["pair"] = PAIR_NAMES[s.spares[0]]  # the one spare it would take, for the button
    return out


def _step_squares(before: UrState, step: Step, events: Sequence[Event]) -> list[int]:
    """The cells a step touched, for the last move's frame: those it names, and those its events
    changed (an action word names none, but its forced cubes and a starvation land on cells)."""
    cells = [before.war_a, before.war_t] if step.kind == "move" else [step.a, step.b]
    for e in events:
        for key in ("cell", "attacker", "target"):
            value = e.data.get(key)
            if type(value) is int:
                cells.append(value)
        more = e.data.get("cells")
        if isinstance(more, (list, tuple)):
            cells += [c for c in more if type(c) is int]
    return sorted({c for c in cells if 0 <= c < SIZE * SIZE})


def _can_undo(game: UrHistory, at: int, d: Decision | None) -> bool:
    """The deciding seat's own last step of the turn (or setup step) under way may be taken back."""
    if d is None or at == 0 or at != len(game):
        return False
    before, now = game.state_at(at - 1), game.state_at(at)
    return before.line == now.line and game.actors[at - 1] == d.seat and not now.over


def present(
    game: UrHistory, seat: int | None, ply: int | None = None, *, revision: int = 0, log_window: int = LOG_WINDOW
) -> dict[str, Any]:
    """The view JSON of ``game`` seen by ``seat`` (None: all-seeing; Ur hides nothing) after ``ply``
    steps (default: the latest)."""
    if getattr(game, "name", None) != GAME or not callable(getattr(game, "state_at", None)):
        raise TypeError(f"the Ur presenter shows an UrGame, not {type(game).__name__}")
    n = len(game)
    if seat is not None and (type(seat) is not int or not 0 <= seat < game.players):
        raise ValueError(f"seat must be 0..{game.players - 1} or None, not {seat!r}")
    at = n if ply is None else ply
    if type(at) is not int or not 0 <= at <= n:
        raise ValueError(f"ply must be 0..{n}, not {at!r}")
    s = game.state_at(at)
    d = decision(s)
    mine = d is not None and at == n and (seat is None or seat == d.seat)
    targets = group_targets(d.choices, s) if mine and d is not None else {}
    if mine and _can_undo(game, at, d):
        targets["undo"] = True
    end = min(n, at + LOG_AHEAD) if at < n else n
    first = max(0, at - log_window)
    actions, actors, batches = game.actions, game.actors, game.events
    log = [
        {
            "ply": i + 1,
            "seat": actors[i],
            "action": str(actions[i]),
            "events": [
                {"kind": e.kind, "rule": e.rule, "section": _section(e.rule), "text": e.text} for e in batches[i]
            ],
            **({"future": True} if i >= at else {}),
        }
        for i in range(first, end)
    ]
    last = None
    if at:
        step = actions[at - 1]
        last = {
            "ply": at,
            "seat": actors[at - 1],
            "action": str(step),
            "squares": _step_squares(game.state_at(at - 1), step, batches[at - 1]),
        }
    result = None
    if s.over:
        result = [
            {"seat": r.seat, "rank": r.place, "score": r.points, "cubes": r.cubes, "side": r.side}
            for r in sorted(standings(s), key=lambda r: (r.place, r.seat))
        ]
    return envelope(
        GAME,
        body=_body(s),
        seats=[{"seat": p, "name": seat_name(p), "colour": SEAT_COLOURS[p]} for p in range(s.n)],
        viewer=seat,
        ply=at,
        length=n,
        decision=None if d is None else {"seat": d.seat, "kind": d.kind, "prompt": d.prompt, "mine": mine},
        targets=targets,
        over=s.over,
        result=result,
        state_id=f"{revision}.{at}",
        last_move=last,
        # the whole last turn — the steps of one notation line share ``line``
        last_turn=turn_moves(at, lambda i: game.state_at(i - 1).line, lambda i: _last_step(game, i)),
        log=log,
    )


def _last_step(game: UrHistory, ply: int) -> dict[str, Any]:
    """Step ``ply`` (1-based) as the envelope's ``last_move`` shapes it, for the last turn's marks."""
    step = game.actions[ply - 1]
    squares = _step_squares(game.state_at(ply - 1), step, game.events[ply - 1])
    return {"ply": ply, "seat": game.actors[ply - 1], "action": str(step), "squares": squares}


def _section(rule: str) -> str:
    """The rule code with what it is about, for the log's tooltips (codes of refusals only)."""
    about = RULE_CODES.get(rule)
    return f"{rule}: {about}" if about else rule


def _cell_of(value: object, name: str) -> int:
    if type(value) is not int or not 0 <= value < SIZE * SIZE:
        raise ValueError(f"intent {name!r} must be a cell 0..{SIZE * SIZE - 1}, not {value!r:.40}")
    return value


def intent_action(view: Mapping[str, Any], content: Mapping[str, Any]) -> str:
    """The step text of an intent from the Ur board, in one of two forms:

    * ``{"action": "<step>"}`` — a step looked up in the targets (or typed);
    * ``{"cell": c}`` or ``{"cell": c, "from": a}`` — a click on a cell that is no target: the step such
      a click would mean now is written out (an attack from ``a``; else a setup cube, a restart, an
      exchange of the tile with its face up, or an extra cube), so that the engine can say which
      rule forbids it.

    :raises ValueError: malformed, or a click that can mean no step now (the prompt says what to do).
    """
    unknown = set(content) - INTENT_FIELDS
    if unknown:
        raise ValueError(f"intent has unknown field(s): {', '.join(sorted(map(str, unknown)))}")
    if ("action" in content) == ("cell" in content):
        raise ValueError("an Ur intent needs exactly one of 'action' or 'cell'")
    if "action" in content:
        action = content["action"]
        if not isinstance(action, str):
            raise ValueError("intent needs a string 'action'")
        return action
    cell = _cell_of(content["cell"], "cell")
    if "from" in content:
        return f"{cell_name(_cell_of(content['from'], 'from'))}->{cell_name(cell)}"
    d = view.get("decision") if isinstance(view, Mapping) else None
    kind = d.get("kind") if isinstance(d, Mapping) else None
    if kind == "place":
        return f"place {cell_name(cell)}"
    if kind == "restart":
        return f"restart {cell_name(cell)}"
    if kind in ("initial exchange", "turn"):
        body = view.get("body", {})
        cells = body.get("cells") if isinstance(body, Mapping) else None
        face = cells[cell].get("face") if isinstance(cells, list) and len(cells) == SIZE * SIZE else None
        if kind == "turn" and not (isinstance(cells, list) and cells[cell].get("owner") is None and face):
            return f"cube {cell_name(cell)}"
        if isinstance(face, str) and face in KINDS:
            return f"exchange {cell_name(cell)} side {face}"
    prompt = d.get("prompt") if isinstance(d, Mapping) else "the game is over"
    raise ValueError(f"A click on {cell_name(cell)} plays nothing now; {prompt}")
