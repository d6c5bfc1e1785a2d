"""Mine Ur puzzles from bot games: turns where one whole turn is clearly best.

``python -m tigris_widget puzzles mine --game ur --games N --seed S`` plays seeded games between the
bots and looks at sampled turn starts. For each it builds the turn step by step with the tree search
(every choice of the player's own turn is searched; other players' short-culture answers follow the
bots' completion policy). The *decisive* step is the one where the best choice leads the second
best by most. That step is searched again, longer (``LONG_ITERATIONS``) and with another seed; the
longer search's choice stands (if it differs, the rest of the turn is built again from it), and the
position is kept only if that choice leads the second best by at least ``MARGIN`` (in the estimated
chance of winning, 0..1) and by three standard errors. The goal is a fact of the end of the best
turn that the plain policy turn and every other choice at the decisive step (each turn finished by
the completion policy) miss, so that a person can check it on the board (``goal_between``); and the
decisive step and the turn's first step must each be the only way to it: after any other choice
there, no line of the rest of the turn meets it (``other_way``; a puzzle with two answers teaches
neither). The
rating grows with the greedy reading's rank of the decisive choice, the choices in the turn and a
small margin (``rating_of``).

Games alternate 3 and 4 players, one search bot (60 iterations) among greedy bots; after the first
three rounds ``SAMPLE`` of the turn starts are examined, at most ``MAX_PER_GAME`` kept per game.

This module knows the game; the search itself is the shared bots' and is handed in (``Searcher``),
so the game imports no shared layer. Everything is seeded: a run with the same arguments gives the
same file.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from hashlib import sha1
from typing import Any, Protocol, TextIO

from tigris_widget.games.ur.bots.heuristics import finish_turn
from tigris_widget.games.ur.engine import Step, UrState, apply_unchecked, legal_actions, parse_step
from tigris_widget.games.ur.engine.board import cell_name
from tigris_widget.games.ur.engine.state import PH_TURN
from tigris_widget.games.ur.game import UrGame
from tigris_widget.games.ur.puzzles.goals import (
    UrGoal,
    UrPuzzle,
    lead,
    points,
    rating_label,
    reachable,
    reply_step,
    turn_over,
    ziggurats,
)

FIRST_ITERATIONS = 200
"""Search iterations per choice while the turn is built."""
LONG_ITERATIONS = 1200
"""Iterations of the second, longer search at the decisive step."""
WIDTH = 8
"""Choices the search weighs at each of the player's decisions (the greedy reading's best)."""
MARGIN = 0.06
"""How much likelier to win the best turn must leave the player than the second best."""
SAMPLE = 0.35
"""The share of turn starts (after the first rounds) that are examined."""
MAX_PER_GAME = 3


class Searcher(Protocol):
    """The shared bots' search as the miner uses it (``tigris_widget.puzzles.turns`` makes one)."""

    def analyse(self, state: UrState, iterations: int, seed: int, width: int) -> list[tuple[Step, float, int, float]]:
        """The ``width`` choices the greedy reading ranks best at ``state``, with the mover's estimated chance of winning, visits and standard
        error, most visited first."""

    def greedy_rank(self, state: UrState, step: Step) -> int:
        """Where the greedy reading puts ``step`` among the choices (1: its first choice)."""

    def player(self, kind: str, seed: int) -> Callable[[UrGame], Step]:
        """A bot of ``kind`` ("greedy" or "search") that chooses for whoever must decide."""


THEMES: dict[str, str] = {
    "war": "War: conquer a neighbour's tile",
    "exchange": "Exchange: take the right tile into your hand",
    "agriculture": "Agriculture: grow your farms' neighbours",
    "trade": "Trade: cubes on trade tiles by rivals and the border",
    "culture": "Culture: feed every neighbour",
    "politics": "Politics: regroup your cubes",
    "ziggurat": "Ziggurat: turn a full tile into a ziggurat",
    "extra-cube": "Extra cube: where the free cubes go",
    "scoring": "Scoring: points by the final count",
    "denial": "Denial: hold a rival down",
    "opening": "Opening: the first rounds",
    "middlegame": "Middlegame",
    "endgame": "Endgame: few ziggurats or exchanges left",
}
"""Every theme an Ur puzzle can have, with its name as a person reads it."""

_STEP_THEME = {"attack": "war", "move": "war", "agri": "agriculture", "trade": "trade", "culture": "culture",
               "politics": "politics", "zig": "ziggurat", "cube": "extra-cube", "exchange": "exchange",
               "spare": "exchange"}  # fmt: skip


@dataclass
class _Choice:
    index: int
    """Which of the player's steps in the turn (0: the first)."""
    state: UrState
    best: Step
    second: Step
    gap: float


def _player_line(start: UrState, searcher: Searcher, seed: int) -> tuple[list[Step], UrState, _Choice | None, int]:
    """The turn built by the search from ``start``: the player's steps, the end, the decisive choice
    and how many real choices the player had."""
    return _build(start.clone(), start, searcher, seed, [])


def _build(
    t: UrState, start: UrState, searcher: Searcher, seed: int, line: list[Step]
) -> tuple[list[Step], UrState, _Choice | None, int]:
    """Go on building the turn from ``t`` (``line``: the player's steps so far), searching each choice."""
    seat = start.active
    key: _Choice | None = None
    choices = 0
    while not turn_over(t, start):
        if t.decider != seat:
            apply_unchecked(t, reply_step(t))
            continue
        steps = legal_actions(t)
        if len(steps) == 1:
            step = steps[0]
        else:
            choices += 1
            found = searcher.analyse(t, FIRST_ITERATIONS, seed + len(line), WIDTH)
            step = found[0][0]
            rest = [c for c in found[1:] if c[2] >= 3]
            if rest:
                second = max(rest, key=lambda c: c[1])
                gap = found[0][1] - second[1]
                if key is None or gap > key.gap:
                    key = _Choice(len(line), t.clone(), step, second[0], gap)
        line.append(step)
        apply_unchecked(t, step)
        if len(line) > 40:  # a turn is a few steps; this only guards against a shuttling search
            return line, t, None, choices
    return line, t, key, choices


def after(state: UrState, step: Step | None) -> UrState:
    t = state.clone()
    if step is not None:
        apply_unchecked(t, step)
    finish_turn(t)
    return t


def rival_ways(at: UrState, start: UrState, goal: UrGoal, rivals: list[Step]) -> Iterator[tuple[Step, bool | None]]:
    """Each of ``rivals`` (the other choices at ``at``) with whether the goal can still be met after it
    (``reachable``: True, False, or None when the look-ahead cannot tell), one at a time."""
    for step in rivals:
        t = at.clone()
        apply_unchecked(t, step)
        yield step, reachable(t, start, start.active, goal)


def other_way(at: UrState, start: UrState, goal: UrGoal, rivals: list[Step]) -> Step | None:
    """The first step of ``rivals`` that may still lead to the goal (``reachable`` not False). None: the
    choice at ``at`` is the only way."""
    return next((step for step, works in rival_ways(at, start, goal, rivals) if works is not False), None)


def goal_between(start: UrState, best: UrState, others: list[UrState]) -> UrGoal | None:
    """A goal the end ``best`` meets and every end in ``others`` misses (None: no readable one).
    Facts in order of preference: a tile won from a rival, points, a lead, a rival held down,
    ziggurats, cubes on the grid; a won tile goes with the points when both tell the turns apart.
    (An empty tile to own would give the answer away: "own (4,0)" is "put your cube on (4,0)".)"""
    seat = start.active
    found: list[UrGoal] = []
    for c in range(36):
        if best.owner[c] == seat and not best.zig[c] and start.owner[c] not in (seat, -1):
            goal = UrGoal.from_spec({"kind": "own", "cell": c, "from": start.owner[c]})
            if not any(goal.met(o, seat) for o in others):
                found.append(goal)
                break
    for spec in ({"kind": "points", "points": points(best, seat)}, {"kind": "lead", "points": lead(best, seat)},
                 *({"kind": "rival", "seat": q, "points": points(best, q)} for q in range(start.n) if q != seat),
                 {"kind": "ziggurats", "ziggurats": ziggurats(best, seat)},
                 {"kind": "cubes", "cubes": best.on_grid[seat]}):  # fmt: skip
        goal = UrGoal.from_spec(spec)
        if not any(goal.met(o, seat) for o in others):
            found.append(goal)
    if not found:
        return None
    if len(found) >= 2 and found[0].kind == "own" and found[1].kind == "points":
        return UrGoal.from_spec({"kind": "all", "goals": [dict(found[0].spec), dict(found[1].spec)]})
    return found[0]


def _phase(s: UrState) -> str:
    if s.turns < 3 * s.n:
        return "opening"
    if s.zig_left <= 1 or s.turns >= 12 * s.n:
        return "endgame"
    return "middlegame"


def tag(start: UrState, line: list[Step], key: Step, goal: UrGoal) -> tuple[str, ...]:
    # every turn ends with an exchange and most place a free cube: those are themes only when decisive
    themes = {_STEP_THEME[st.kind] for st in line if st.kind in _STEP_THEME} - {"exchange", "extra-cube"}
    kinds = {goal.kind} | {p.kind for p in goal.parts}
    if kinds & {"points", "lead"}:
        themes.add("scoring")
    if "rival" in kinds:
        themes.add("denial")
    if key.kind in _STEP_THEME:
        themes.add(_STEP_THEME[key.kind])
    themes.add(_phase(start))
    return tuple(t for t in THEMES if t in themes)


_TITLES = {
    "war": "Choose your war",
    "exchange": "The right exchange",
    "agriculture": "Feed the farms",
    "trade": "Trade at the border",
    "culture": "Culture for whom?",
    "politics": "Regroup",
    "ziggurat": "Raise a ziggurat",
    "extra-cube": "Where the free cubes go",
}
_HINTS = {
    "war": "The decisive choice is a war: which tile, from which of your tiles?",
    "exchange": "The decisive choice is the exchange: which tile, and which side up?",
    "agriculture": "The decisive choice is how the harvest is shared out.",
    "trade": "The decisive choice is where the trade cubes go.",
    "culture": "The decisive choice is where the culture cubes go.",
    "politics": "The decisive choice is how your cubes are regrouped.",
    "ziggurat": "A tile with five cubes can become a ziggurat instead of acting.",
    "extra-cube": "The decisive choice is where the extra cube goes — or whether to act at all.",
}


def words_for(key: Step) -> tuple[str, tuple[str, ...]]:
    """A puzzle's title and hint from its decisive step."""
    theme = _STEP_THEME.get(key.kind, "scoring")
    title = f"War on {cell_name(key.b)}" if key.kind == "attack" else _TITLES.get(theme, "The best turn")
    return title, (_HINTS.get(theme, "Look for the turn that leaves you furthest ahead."),)


def rating_of(rank: int, choices: int, gap: float) -> int:
    """Harder when the greedy reading ranks the decisive choice low, when the turn holds many
    choices, and when the best turn wins by little."""
    value = 750 + 190 * min(rank - 1, 5) + 45 * min(max(choices - 1, 0), 8) + (150 if gap < 0.12 else 0)
    return int(max(700, min(2150, value)))


def examine(game: UrGame, searcher: Searcher, seed: int, origin: dict[str, Any]) -> tuple[UrPuzzle | None, str]:
    """A puzzle from the turn about to start in ``game`` (None, with the reason, if there is none)."""
    start = game.state
    seat = start.active
    line, end, key, choices = _player_line(start, searcher, seed)
    if key is None:
        return None, "no choice"
    if key.gap < MARGIN / 2:
        return None, "close"
    long = searcher.analyse(key.state, LONG_ITERATIONS, seed ^ 0x5EED, WIDTH)
    top = long[0]
    rest = [c for c in long[1:] if c[2] >= 5]
    if not rest:
        return None, "close"
    second = max(rest, key=lambda c: c[1])
    gap = top[1] - second[1]
    if gap < MARGIN or gap < 3 * (top[3] + second[3]):
        return None, "close"
    if top[0] != key.best:  # the longer search knows better: the turn goes on from its choice
        t = key.state.clone()
        apply_unchecked(t, top[0])
        line, end, _, more = _build(t, start, searcher, seed + 1000, [*line[: key.index], top[0]])
        choices = key.index + 1 + more
        key = _Choice(key.index, key.state, top[0], second[0], gap)
    runner_up = after(key.state, second[0])
    plain = after(start, None)
    rivals = [st for st in legal_actions(key.state) if st != key.best]
    goal = goal_between(start, end, [runner_up, plain, *(after(key.state, st) for st in rivals)])
    if goal is None:
        return None, "no goal"
    firsts = [st for st in legal_actions(start) if st != line[0]] if key.index > 0 else []
    if other_way(key.state, start, goal, rivals) is not None or other_way(start, start, goal, firsts) is not None:
        return None, "not unique"  # the first step too: a page judges the first click
    position = game.to_position()
    solution = tuple(str(st) for st in line)
    theme_list = tag(start, line, key.best, goal)
    rank = searcher.greedy_rank(key.state, key.best)
    rating = rating_of(rank, choices, gap)
    digest = sha1(f"{position}|{sorted(goal.spec.items())!r}".encode()).hexdigest()[:8]
    title, hints = words_for(key.best)
    explanation = (
        f"The decisive step is {key.best} (step {key.index + 1} of your turn). The next best choice there, "
        f"{second[0]}, falls short: {goal.shortfall(runner_up, seat)}"
    )
    puzzle = UrPuzzle(
        f"u-{digest}", title, position, goal, solution, theme_list, rating, hints, explanation, "mined",
        origin={**origin, "turn": start.turns, "seat": seat},
        search={"step": key.index, "best": str(key.best), "second": str(second[0]), "best_value": round(top[1], 4),
                "second_value": round(second[1], 4), "margin": round(gap, 4), "visits": [top[2], second[2]],
                "iterations": LONG_ITERATIONS, "greedy_rank": rank, "choices": choices},
    )  # fmt: skip
    problems = verify(puzzle)
    if problems:
        return None, "unverified"
    return puzzle, "kept"


def verify(puzzle: UrPuzzle) -> list[str]:
    """What is wrong with a stored puzzle (empty: its solution is legal, ends the turn and meets the
    goal; the stored second-best choice, finished by the completion policy, misses it; and neither at
    the first step nor at the decisive one does another choice lead to the goal, ``other_way``)."""
    out: list[str] = []
    try:
        game = puzzle.play_solution()
    except ValueError as err:
        return [f"the solution does not replay: {err}"]
    if puzzle.check(game).status != "solved":
        out.append(f"the solution misses the goal: {puzzle.goal.shortfall(game.state, puzzle.seat)}")
    search = puzzle.search or {}
    if "step" in search and "second" in search:
        start = game.state_at(0)
        t = start.clone()
        mine = puzzle.steps()
        i = 0
        while i < int(search["step"]):
            if t.decider != start.active:
                apply_unchecked(t, reply_step(t))
                continue
            apply_unchecked(t, mine[i])
            i += 1
        second = parse_step(search["second"])
        if second not in legal_actions(t):
            out.append(f"the second-best choice {second} is not legal at the decisive step")
        elif puzzle.goal.met(after(t, second), start.active):
            out.append(f"the second-best choice {second} meets the goal too")
        while t.decider != start.active:
            apply_unchecked(t, reply_step(t))
        decisive = mine[int(search["step"])]
        for at, mine_here, where in ((start, mine[0], "first"), (t, decisive, "decisive")):
            rival = other_way(at, start, puzzle.goal, [st for st in legal_actions(at) if st != mine_here])
            if rival is not None:
                out.append(f"not the only way: at the {where} step, {rival} may reach the goal too")
    return out


def to_record(p: UrPuzzle) -> dict[str, Any]:
    return {
        "id": p.key, "title": p.title, "position": p.position, "goal": dict(p.goal.spec), "solution": list(p.solution),
        "hints": list(p.hints), "explanation": p.explanation, "themes": list(p.themes), "rating": p.rating,
        "label": rating_label(p.rating), "origin": dict(p.origin or {}), "search": dict(p.search or {}),
    }  # fmt: skip


def from_record(data: object) -> UrPuzzle:
    """A stored puzzle; ``ValueError`` naming what is missing or malformed."""
    if not isinstance(data, dict):
        raise ValueError(f"a stored Ur puzzle is an object, not {type(data).__name__}")
    try:
        key, title, position = str(data["id"]), str(data["title"]), str(data["position"])
        solution = tuple(str(s) for s in data["solution"])
        themes = tuple(str(t) for t in data.get("themes", ()))
        rating = data["rating"]
        if type(rating) is not int:
            raise ValueError(f"puzzle {key}: rating must be an int, not {rating!r}")
        unknown = [t for t in themes if t not in THEMES]
        if unknown:
            raise ValueError(f"puzzle {key}: unknown theme(s) {', '.join(unknown)}")
        return UrPuzzle(key, title, position, UrGoal.from_spec(data["goal"]), solution, themes, rating,
                        tuple(str(h) for h in data.get("hints", ())), str(data.get("explanation", "")), "mined",
                        origin=data.get("origin"), search=data.get("search"), topic=", ".join(themes))  # fmt: skip
    except (KeyError, TypeError) as err:
        raise ValueError(f"a stored Ur puzzle lacks or mangles the field {err}") from None


def _mix(*parts: int) -> int:
    h = 0x9E3779B1
    for p in parts:
        h = (h * 1_000_003 ^ (p & 0xFFFFFFFF)) & 0x7FFFFFFF
    return h


def mine(
    games: int,
    seed: int,
    searcher: Searcher,
    progress: TextIO | None = None,
    checkpoint: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` seeded bot games (3 and 4 players in turn; one search bot against greedy bots)
    and mine their sampled turn starts; returns ``{"puzzles": [...], "stats": {...}}``. Game ``i``
    depends only on ``seed`` and ``i``, so the first ``k`` games of a run are the run of ``k`` games;
    ``checkpoint`` receives the result so far after each game."""
    begin, cpu0 = time.perf_counter(), time.process_time()
    puzzles: list[dict[str, Any]] = []
    seen: set[str] = set()
    reasons: dict[str, int] = {}
    scanned = 0
    for index in range(games):
        game_seed = _mix(seed, index)
        players = 3 + index % 2
        rng = random.Random(game_seed)
        search_seat = rng.randrange(players)
        bots = [searcher.player("search" if p == search_seat else "greedy", game_seed + p) for p in range(players)]
        game = UrGame.new(players, game_seed)
        kept = 0
        plies = 0
        while not game.is_over and plies < 3000:
            s = game.state
            if (s.phase == PH_TURN and not s.started and s.turns >= 3 * players and kept < MAX_PER_GAME
                    and rng.random() < SAMPLE):  # fmt: skip
                scanned += 1
                origin = {"players": players, "seed": game_seed, "ply": len(game), "bots": ["search" if p == search_seat else "greedy" for p in range(players)]}  # fmt: skip
                puzzle, why = examine(game, searcher, _mix(game_seed, len(game)), origin)
                reasons[why] = reasons.get(why, 0) + 1
                if puzzle is not None and puzzle.key not in seen:
                    seen.add(puzzle.key)
                    puzzles.append(to_record(puzzle))
                    kept += 1
            to_move = game.to_move
            assert to_move is not None
            game.apply(bots[to_move](game))
            plies += 1
        if progress is not None:
            progress.write(f"game {index + 1}/{games}: {scanned} turns examined, {len(puzzles)} puzzles; {reasons}\n")
            progress.flush()
        if checkpoint is not None:
            checkpoint(_result(index + 1, puzzles, scanned, reasons, begin, cpu0))
    return _result(games, puzzles, scanned, reasons, begin, cpu0)


def _result(
    games: int, puzzles: list[dict[str, Any]], scanned: int, reasons: dict[str, int], begin: float, cpu0: float
) -> dict[str, Any]:
    wall = time.perf_counter() - begin
    stats = {
        "games": games, "puzzles": len(puzzles), "puzzles_per_game": round(len(puzzles) / max(1, games), 3),
        "wall_seconds": round(wall, 1), "games_per_minute": round(60 * games / wall, 2) if wall else None,
        "cpu_seconds": round(time.process_time() - cpu0, 1), "positions_scanned": scanned,
        "positions_skipped": scanned - len(puzzles),
        "reasons": dict(reasons), "margins": sorted(round(p["search"]["margin"], 3) for p in puzzles),
    }  # fmt: skip
    return {"puzzles": list(puzzles), "stats": stats}
