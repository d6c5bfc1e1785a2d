"""Mining puzzles from games between bots, the way chess servers find theirs in real games.

Bots (greedy and search, 2–4 players, both boards, the variants) play whole games. At every
moment a player has one action left in his turn, the miner looks at *every* legal action and
every line that follows inside the turn (support, war order, monuments, treasures …, the player
choosing his best and the opponents their best defence) and measures what each action forces:
conflicts won, opponents' leaders sent home, monuments, treasures, points in a colour, the
weakest colour, and in games with the variants a civilization building raised or moved, the
ziggurat built, its bonus point taken. A position becomes a puzzle when, for one of these measures,

* one action (or two, e.g. two squares that do the same) forces the best result and every other
  action falls short by a margin (a whole conflict, a monument, a treasure, a point …),
* passing falls short, and the result is concrete (a war or revolt won, a monument, a treasure,
  at least a point of the weakest colour, two points of a colour, four points in all).

Each puzzle is then checked by the exact solver (``goals.solve``) and its shipped solution is
played against the best defence; its themes come from the events of that solution (``tag``),
and its rating from how bots of known strength fare on it (``rate``).

Hidden information: a puzzle is *open-handed*, like a chess problem — the board shows every hand,
and the solver and the defence use exactly the hands shown. The bag never matters: the goal is
judged when the turn ends, before the draws could change anything that counts. The bots that
rate a puzzle see only their own seat's view (they sample the other hands), as in a game.

Everything is deterministic given the seeds: ``schedule(games, seed)`` fixes every game (deal,
players, board, variants, bots and their seeds), and mining a game gives the same puzzles on any
machine. ``mine`` runs the tasks in this process, in local worker processes or on a Dask cluster.

This module plays the bots: the games mined, and the bots' tries that rate a puzzle. What an action
forces is ``forcing``'s job, a puzzle's themes and words ``description``'s, its soundness
``soundness``' and the mined file ``mined_file``'s.
"""

from __future__ import annotations

import hashlib
import json
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any, TextIO

from tigris_widget.bots import make_bot
from tigris_widget.bots.parallel import run_all
from tigris_widget.bots.runner import GameTooLong, moves
from tigris_widget.games.tigris.bots.heuristics import progress_choices, rank_turn_actions
from tigris_widget.games.tigris.engine.core.actions import Action
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import D_ACTION
from tigris_widget.games.tigris.engine.rules.turn import apply_unchecked
from tigris_widget.games.tigris.engine.rules.view import determinize
from tigris_widget.games.tigris.formats.positions import format_position
from tigris_widget.games.tigris.game import Game
from tigris_widget.games.tigris.puzzles.description import HINTS, VARIANT_THEMES, about, explain, puzzle_title, tag
from tigris_widget.games.tigris.puzzles.forcing import (
    VARIANT_KINDS,
    Candidate,
    TooBig,
    candidates,
    forced_values,
    goal_for,
)
from tigris_widget.games.tigris.puzzles.goals import Puzzle, best_continuation, solve
from tigris_widget.games.tigris.puzzles.mined_file import to_record
from tigris_widget.games.tigris.puzzles.soundness import problems_idle

# -- the games -------------------------------------------------------------------------------------
LINEUPS: tuple[tuple[str, ...], ...] = (
    ("greedy", "greedy"),
    ("search:60", "greedy"),
    ("greedy", "greedy", "greedy"),
    ("greedy", "search:60"),
    ("greedy", "greedy", "greedy", "greedy"),
    ("search:60", "greedy", "greedy"),
)
"""The bots of the games, cycled through (search at a small budget keeps the games quick)."""
SETTINGS: tuple[tuple[str, str], ...] = (
    ("classic", ""),
    ("alternative", "buildings,ziggurat"),
    ("classic", "buildings"),
    ("alternative", ""),
    ("classic", "ziggurat"),
)
"""Board and variants, cycled through independently of the lineups."""
VARIANT_SETTINGS: tuple[tuple[str, str], ...] = (
    ("alternative", "buildings,ziggurat"),
    ("classic", "buildings"),
    ("classic", "ziggurat"),
    ("classic", "buildings,ziggurat"),
    ("alternative", "buildings"),
    ("alternative", "ziggurat"),
)
"""The settings of ``schedule(..., settings="variants")``: every game plays a variant (§17, §18)."""


@dataclass(frozen=True)
class MineTask:
    """One game to play and mine, complete enough to run anywhere."""

    index: int
    seed: int
    """The deal's seed (``Game.new(seed=…)``); the bots' seeds derive from it."""
    players: int
    board: str
    variants: str
    bots: tuple[str, ...]
    themes: tuple[str, ...] = ()
    """Keep only puzzles about one of these themes (empty: every puzzle; see ``about``)."""


def _mix(*parts: int) -> int:
    h = 0x811C9DC5
    for p in parts:
        h = (h ^ (p & 0xFFFFFFFF)) * 0x01000193 & 0xFFFFFFFF
        h ^= h >> 13
    return h & 0x7FFFFFFF


def schedule(games: int, seed: int = 0, settings: str = "all") -> list[MineTask]:
    """``games`` tasks, varied over lineups (2–4 players), boards and variants. ``settings="variants"``
    plays only games with civilization buildings or the ziggurat and keeps only the puzzles about them
    (themes "buildings" and "ziggurat"), for a library that lacks them."""
    if games < 1:
        raise ValueError(f"mine at least one game, not {games}")
    if settings not in ("all", "variants"):
        raise ValueError(f"settings is 'all' or 'variants', not {settings!r}")
    cycle, themes = (SETTINGS, ()) if settings == "all" else (VARIANT_SETTINGS, VARIANT_THEMES)
    tasks = []
    for i in range(games):
        bots = LINEUPS[i % len(LINEUPS)]
        board, variants = cycle[i % len(cycle)]
        tasks.append(MineTask(i, _mix(seed, i), len(bots), board, variants, bots, themes))
    return tasks


# -- rating ----------------------------------------------------------------------------------------------
LOOKS: tuple[tuple[int, int], ...] = ((1, 900), (2, 1150), (4, 1400), (8, 1650), (16, 1900))
"""The greedy bot with a budget of ``k`` tries (the first number) and the puzzle strength it is
given (the second): among the actions that would meet the goal if the opponents did not defend
(the tempting ones), it checks its ``k`` favourites against the real defence."""
NATURAL: tuple[tuple[int, int], ...] = ((1, 1100), (5, 1400), (25, 1700), (100, 2000))
"""The greedy bot playing for the game, not the goal: the move is among its ``k`` favourites."""
SEARCH: tuple[tuple[str, int], ...] = (("search:40", 1300), ("search:160", 1550))
"""The search bot at small budgets, choosing the key move for the game (not for the goal), and
the puzzle strength each is given."""
TRIALS = 2
"""Tries per bot (each with its own seed: the bots sample the hidden tiles they cannot see)."""


def bot_attempt(puzzle: Puzzle, bot_name: str, seed: int) -> bool:
    """Does this bot, playing the puzzle's seat from its own view, find the key move against the
    best defence? The bot chooses the turn action; what follows it (support, war order, treasures …)
    is played as well as the goal allows, as a solver who knows the goal would."""
    game = puzzle.game()
    bot = make_bot(bot_name, seed)
    seat = puzzle.seat
    turn = game.state.turn
    while not (game.state.over or game.state.turn != turn):
        if game.state.decider == seat and game.state.phase == D_ACTION:
            game.apply(bot.choose(game.view(seat)))
        elif game.state.decider == seat:
            game.apply(best_continuation(puzzle, game))
        else:
            reply = puzzle.reply(game)
            assert reply is not None
            game.apply(reply)
    return puzzle.check(game).status == "solved"


def greedy_rank(puzzle: Puzzle, winners: Sequence[str], seed: int) -> tuple[int, int]:
    """How many tries the greedy bot needs: the place of the first action that solves the puzzle
    among the tempting ones (those that meet the goal if nobody defends), in the order the greedy
    bot likes them, and its place among all actions in that order (how natural the move looks in
    a game), from the seat's own view (other hands sampled with ``seed``)."""
    import random

    game = puzzle.game()
    state = game.state
    target = puzzle.target()
    tempting = {str(a) for a, v in forced_values(state, [puzzle.goal.score], cooperative=True) if v[0] >= target}
    view = game.view(puzzle.seat)
    assert view.decision is not None
    s = determinize(view, random.Random(seed))
    ranked = [str(a) for _, a in rank_turn_actions(s, progress_choices(view, view.decision.choices), memo={})]
    natural = min((ranked.index(w) + 1 for w in winners if w in ranked), default=len(ranked) + 1)
    ranked = [a for a in ranked if a in tempting]
    return min((ranked.index(w) + 1 for w in winners if w in ranked), default=len(ranked) + 1), natural


def fit_rating(results: Sequence[tuple[int, bool]], choices: int) -> int:
    """The rating (600–2200) that best explains ``(bot strength, solved)`` results, with a weak
    prior at 1400 (so that all-solved and all-failed puzzles stay finite) and a nudge for many
    legal actions (more to look through)."""
    best, best_ll = 1400, -math.inf
    for r in range(600, 2201, 10):
        ll = -(((r - 1400) / 600) ** 2) / 2
        for strength, solved in results:
            p = 1 / (1 + 10 ** ((r - strength) / 400))
            ll += math.log(p if solved else 1 - p)
        if ll > best_ll:
            best, best_ll = r, ll
    nudge = max(-60.0, min(60.0, 60 * math.log2(max(choices, 1) / 300)))
    return int(max(600, min(2200, round((best + nudge) / 10) * 10)))


def rate(puzzle: Puzzle, winners: Sequence[str], choices: int, seed: int = 0) -> tuple[int, dict[str, Any]]:
    """The puzzle's rating and the bots' results: the greedy bot's rank of the key move per try,
    and how many tries of each search budget found it."""
    results: list[tuple[int, bool]] = []
    ranks = [greedy_rank(puzzle, winners, _mix(seed, trial, 1)) for trial in range(TRIALS)]
    for tempting, natural in ranks:
        results += [(strength, tempting <= k) for k, strength in LOOKS]
        results += [(strength, natural <= k) for k, strength in NATURAL]
    found: dict[str, Any] = {"greedy_rank": [t for t, _ in ranks], "natural_rank": [n for _, n in ranks]}
    for name, strength in SEARCH:
        wins = 0
        for trial in range(TRIALS):
            ok = bot_attempt(puzzle, name, _mix(seed, trial, strength))
            wins += ok
            results.append((strength, ok))
        found[name] = wins
    return fit_rating(results, choices), found


# -- making a puzzle ----------------------------------------------------------------------------------
def player_moves(state: GameState, seat: int, line: Sequence[Action]) -> tuple[str, ...]:
    s = state.clone()
    mine = []
    for a in line:
        if s.decider == seat:
            mine.append(str(a))
        apply_unchecked(s, a)
    return tuple(mine)


def make_puzzle(state: GameState, c: Candidate, origin: dict[str, Any], seed: int = 0) -> Puzzle | None:
    """Build, verify, tag and rate the puzzle a candidate describes (None if it fails a check)."""
    seat = state.active
    goal = goal_for(c)
    line = solve(state, seat, goal)
    target = line.value if goal.best else goal.target
    if line.value < target or (goal.best and line.value != c.best):
        return None
    solution = player_moves(state, seat, line.moves)
    text = format_position(state)
    digest = hashlib.sha1((text + json.dumps(goal.to_spec(), sort_keys=True)).encode()).hexdigest()[:8]
    draft = Puzzle(f"m-{digest}", "", text, goal, 2, solution, source="mined", origin=origin,
                   known_target=target if goal.best else None)  # fmt: skip
    try:
        game = draft.play_solution()
    except ValueError:
        return None
    if draft.check(game).status != "solved" or problems_idle(draft):
        return None
    themes = tag(state, seat, goal, game.events)
    rating, ladder = rate(draft, c.winners, c.choices, seed)
    hints = first_hint(themes)
    explanation = explain(game)
    difficulty = 1 if rating < 1200 else 2 if rating < 1600 else 3
    return Puzzle(draft.key, puzzle_title(goal, themes, state.setup.dynasties), text, goal, difficulty, solution, hints, explanation,
                  themes=themes, rating=rating, source="mined",
                  origin={**origin, "alternatives": len(c.winners), "margin": _margin(c), "choices": c.choices,
                          "ladder": ladder},
                  known_target=draft.known_target)  # fmt: skip


def first_hint(themes: Sequence[str]) -> tuple[str, ...]:
    """The hint of the puzzle's most telling theme (none when no theme has one)."""
    order = ("revolt", "war", "monument", "ziggurat", "buildings", "treasure", "catastrophe", "blocking",
             "weakest-colour", "scoring")  # fmt: skip
    return tuple(HINTS[t] for t in order if t in themes)[:1]


def _margin(c: Candidate) -> float | None:
    return None if c.second == -math.inf else c.best - c.second


# -- mining a game -------------------------------------------------------------------------------------
MAX_PER_GAME = 4
MAX_PER_KIND = 2


def mine_game(task: MineTask) -> dict[str, Any]:
    """Play one game and mine it; a row with the puzzles found (as records) and what it cost."""
    t0 = time.perf_counter()
    game = Game.new(players=task.players, seed=task.seed, board=task.board, variants=task.variants)
    bots = [make_bot(name, _mix(task.seed, seat, 7)) for seat, name in enumerate(task.bots)]
    plies: list[int] = []
    try:
        for _ in moves(game, bots):
            s = game.state
            if not s.over and s.phase == D_ACTION and s.actions_left == 1:
                plies.append(len(game))
    except GameTooLong:
        pass
    t1 = time.perf_counter()
    found: list[dict[str, Any]] = []
    seen: set[tuple[str, str]] = set()
    kinds: dict[str, int] = {}
    scanned = skipped = 0
    n = len(plies)
    spread = sorted(range(n), key=lambda i: (i * 37) % n) if n else []  # over the whole game, not its start
    for ply in (plies[i] for i in spread):
        if len(found) >= MAX_PER_GAME:
            break
        state = game.state_at(ply)
        scanned += 1
        try:
            cands = candidates(state)
        except TooBig:
            skipped += 1
            continue
        if task.themes:  # the variants' own goals first (a stable sort keeps the priority among the rest)
            cands.sort(key=lambda c: c.spec["kind"] not in VARIANT_KINDS)
        for c in cands:
            kind = c.spec["kind"]
            key = (json.dumps(c.spec, sort_keys=True), c.winners[0])
            if key in seen or kinds.get(kind, 0) >= MAX_PER_KIND:
                continue
            origin = {"players": task.players, "board": task.board, "variants": task.variants,
                      "bots": list(task.bots), "seed": task.seed, "ply": ply}  # fmt: skip
            try:
                puzzle = make_puzzle(state, c, origin, seed=task.seed)
            except (ValueError, RuntimeError):  # e.g. the solver's node limit: not a puzzle to ship
                puzzle = None
            if puzzle is None or (task.themes and not about(puzzle, task.themes)):
                continue
            seen.add(key)
            kinds[kind] = kinds.get(kind, 0) + 1
            found.append(to_record(puzzle))
            break  # one puzzle per position
    return {
        "task": asdict(task),
        "actions": len(game),
        "scanned": scanned,
        "skipped": skipped,
        "puzzles": found,
        "play_seconds": round(t1 - t0, 2),
        "seconds": round(time.perf_counter() - t0, 2),
    }


def _progress(done: int, total: int, found: int, start: float, out: TextIO) -> None:
    width = 28
    filled = width * done // total
    elapsed = time.perf_counter() - start
    eta = elapsed / done * (total - done) if done else 0.0
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games, {found} puzzles, "
              f"{elapsed:.0f}s, eta {eta:.0f}s ")  # fmt: skip
    out.flush()


def mine(
    tasks: Sequence[MineTask],
    workers: int = 1,
    scheduler: str | None = None,
    progress: TextIO | None = sys.stderr,
) -> dict[str, Any]:
    """Mine the tasks; returns ``{"puzzles": [records, in task order, no duplicates], "stats": …}``."""
    rows: list[dict[str, Any]] = []
    start = time.perf_counter()
    found = 0
    if progress is not None:
        _progress(0, len(tasks), 0, start, progress)
    for row in run_all(mine_game, tasks, workers, scheduler):
        rows.append(row)
        found += len(row["puzzles"])
        if progress is not None:
            _progress(len(rows), len(tasks), found, start, progress)
    if progress is not None:
        progress.write("\n")
    rows.sort(key=lambda r: r["task"]["index"])
    puzzles: list[dict[str, Any]] = []
    ids: set[str] = set()
    for row in rows:
        for record in row["puzzles"]:
            if record["id"] not in ids:
                ids.add(record["id"])
                puzzles.append(record)
    wall = time.perf_counter() - start
    cpu = sum(r["seconds"] for r in rows)
    stats = {
        "games": len(rows),
        "puzzles": len(puzzles),
        "puzzles_per_game": round(len(puzzles) / max(1, len(rows)), 3),
        "wall_seconds": round(wall, 1),
        "games_per_minute": round(60 * len(rows) / wall, 2) if wall else None,
        "cpu_seconds": round(cpu, 1),
        "play_seconds": round(sum(r["play_seconds"] for r in rows), 1),
        "positions_scanned": sum(r["scanned"] for r in rows),
        "positions_skipped": sum(r["skipped"] for r in rows),
        "workers": workers if scheduler is None else None,
    }
    return {"puzzles": puzzles, "stats": stats}
