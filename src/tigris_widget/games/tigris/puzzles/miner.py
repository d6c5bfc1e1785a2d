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
"""

from __future__ import annotations

import hashlib
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any, TextIO

from tigris_widget.bots import make_bot
from tigris_widget.bots.parallel import run_all
from tigris_widget.bots.runner import GameTooLong, moves
from tigris_widget.games.tigris.bots.heuristics import progress_choices, rank_turn_actions
from tigris_widget.games.tigris.engine.core.actions import Action
from tigris_widget.games.tigris.engine.core.events import Event
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import (
    BUILDING_NAMES,
    COLOUR_NAMES,
    D_ACTION,
    LEADER_NAMES,
    PASS,
    SWAP,
)
from tigris_widget.games.tigris.engine.rules.legal import legal_actions
from tigris_widget.games.tigris.engine.rules.monuments import ziggurat_bonus_due
from tigris_widget.games.tigris.engine.rules.turn import apply_unchecked
from tigris_widget.games.tigris.engine.rules.view import determinize
from tigris_widget.games.tigris.formats.positions import format_position
from tigris_widget.games.tigris.game import Game
from tigris_widget.games.tigris.puzzles.goals import (
    Goal,
    Puzzle,
    best_continuation,
    rating_label,
    solve,
    weakest,
)

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
VARIANT_THEMES = ("buildings", "ziggurat")
VARIANT_KINDS = ("ziggurat", "ziggurat_bonus", "building")
"""The goal kinds only the variants have; a variant task tries them before the others."""


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


# -- what every action forces ------------------------------------------------------------------------
Measure = Callable[[GameState, GameState, int], float]
PRIORITY = ("win_conflict", "send_home", "ziggurat", "monuments", "ziggurat_bonus", "building", "treasures", "weakest",
            "gain", "gain_total")  # fmt: skip
"""When one position holds several puzzles, the most concrete is kept."""
MAX_WINNERS = 2
"""At most this many actions may force the best result (two: e.g. two squares that do the same)."""
MIN_CHOICES = 20
"""Positions with fewer legal actions are too easy to be puzzles."""
NODE_LIMIT = 40_000
"""Lines explored after one action before the position is skipped (runaway conflict trees)."""


def measures(s: GameState) -> list[tuple[dict[str, Any], Measure]]:
    """The goal specs measured in ``s`` for its active player, each with its score function."""
    p = s.active
    names = s.setup.dynasties
    out: list[tuple[dict[str, Any], Measure]] = []
    for victim in range(s.players):
        if victim == p:
            continue
        for colour in range(4):
            if s.leader_square(victim, colour) < 0:
                continue
            who = f"{names[victim].capitalize()}'s {LEADER_NAMES[colour]}"
            for kind, text in (
                ("win_conflict", f"Win a conflict against {who}: send him home and keep your {LEADER_NAMES[colour]}."),
                ("send_home", f"Send {who} back to his supply."),
            ):
                spec = {"kind": kind, "victim": victim, "colour": COLOUR_NAMES[colour], "text": text}
                out.append((spec, Goal.from_spec(spec).score))
    out.append(({"kind": "monuments", "count": 1}, Goal.monuments().score))
    out.append(({"kind": "treasures"}, lambda a, b, q: b.treasures_taken[q] - a.treasures_taken[q]))
    out.append(({"kind": "weakest"}, lambda a, b, q: float(weakest(b, q))))
    for colour in range(4):
        out.append(({"kind": "gain", "colour": COLOUR_NAMES[colour]}, Goal.gain(colour, 1).score))
    out.append(({"kind": "gain_total"}, Goal.gain_total(1).score))
    if s.setup.buildings:
        for colour in range(4):
            spec = {"kind": "building", "colour": COLOUR_NAMES[colour]}
            out.append((spec, Goal.from_spec(spec).score))
    if s.setup.ziggurat:
        if s.tower < 0:
            out.append(({"kind": "ziggurat"}, Goal.ziggurat().score))
        out.append(({"kind": "ziggurat_bonus"}, Goal.ziggurat_bonus().score))
    return out


class TooBig(Exception):
    pass


def forced_values(
    s: GameState, fns: Sequence[Measure], *, cooperative: bool = False
) -> list[tuple[Action, list[float]]]:
    """For every action of ``s`` (one action left in the turn), what it forces for each measure:
    the player's best line against the opponents' best defence, measure by measure (exact minimax,
    each measure on its own). ``cooperative``: the opponents help instead (what an action promises to
    a player who forgets the defence). Raises ``TooBig`` past ``NODE_LIMIT`` lines after one action."""
    p, turn = s.active, s.turn
    start = s
    count = 0

    def walk(n: GameState) -> list[float]:
        nonlocal count
        count += 1
        if count > NODE_LIMIT:
            raise TooBig
        if n.over or n.turn != turn:
            return [f(start, n, p) for f in fns]
        maximizing = cooperative or n.decider == p
        acc: list[float] | None = None
        for a in legal_actions(n):
            if a.kind == SWAP:
                continue
            c = n.clone()
            apply_unchecked(c, a)
            v = walk(c)
            if acc is None:
                acc = v
            elif maximizing:
                acc = [x if x >= y else y for x, y in zip(acc, v)]
            else:
                acc = [x if x <= y else y for x, y in zip(acc, v)]
        assert acc is not None
        return acc

    out = []
    for a in legal_actions(s):
        if a.kind == SWAP:
            continue
        count = 0
        c = s.clone()
        apply_unchecked(c, a)
        out.append((a, walk(c)))
    return out


@dataclass(frozen=True)
class Candidate:
    spec: dict[str, Any]
    best: float
    second: float
    passing: float
    winners: tuple[str, ...]
    choices: int


def _concrete(kind: str, best: float, second: float, passing: float, start: float) -> bool:
    if kind in ("win_conflict", "send_home", "monuments", "treasures", *VARIANT_KINDS):
        return best >= 1 and passing < best and second < best
    if kind == "weakest":
        return best >= start + 1 and passing < best and second < best
    if kind == "gain":
        return best >= 2 and passing < best and second <= best - 1
    if kind == "gain_total":
        return best >= 4 and passing <= best - 2 and second <= best - 2
    return False


def candidates(s: GameState) -> list[Candidate]:
    """The puzzles ``s`` holds (one action left in the player's turn), most concrete first."""
    if s.over or s.phase != D_ACTION or s.actions_left != 1:
        return []
    specs = measures(s)
    values = forced_values(s, [f for _, f in specs])
    if len(values) < MIN_CHOICES:
        return []
    found = []
    for k, (spec, _) in enumerate(specs):
        column = sorted(((v[k], a) for a, v in values), key=lambda t: -t[0])
        best = column[0][0]
        winners = [a for v, a in column if v == best]
        second = next((v for v, _ in column if v < best), -math.inf)
        passing = next(v[k] for a, v in values if a.kind == PASS)
        start = float(weakest(s, s.active)) if spec["kind"] == "weakest" else 0.0
        if len(winners) > MAX_WINNERS or any(a.kind == PASS for a in winners):
            continue
        if not _concrete(spec["kind"], best, second, passing, start):
            continue
        found.append(Candidate(spec, best, second, passing, tuple(str(a) for a in winners), len(values)))
    found.sort(key=lambda c: PRIORITY.index(c.spec["kind"]))
    return found


def goal_for(c: Candidate) -> Goal:
    kind = c.spec["kind"]
    if kind == "treasures":
        return Goal.treasures(int(c.best))
    if kind == "gain":
        return Goal.gain(COLOUR_NAMES.index(c.spec["colour"]), int(c.best))
    if kind == "gain_total":
        return Goal.gain_total(int(c.best))
    return Goal.from_spec(c.spec)


# -- themes ----------------------------------------------------------------------------------------------
THEMES = {
    "revolt": "a revolt won (§8)",
    "war": "a war won (§9)",
    "unification": "a tile that unites kingdoms (§9.2)",
    "monument": "a monument built (§10)",
    "ziggurat": "the ziggurat built, or its bonus point taken (§18)",
    "treasure": "treasures taken (§11)",
    "catastrophe": "a catastrophe tile (§6.3)",
    "blocking": "an opponent's leader cut off from his temples (§12)",
    "denial": "an opponent's leader sent home",
    "support": "tiles committed to a conflict (§8.4, §9.6)",
    "scoring": "victory points this turn",
    "weakest-colour": "the weakest colour lifted (§15)",
    "buildings": "a civilization building built or moved, or points it doubles (§17)",
    "multiplayer": "three or four players",
    "opening": "early in the game",
    "middlegame": "the middle of the game",
    "endgame": "few tiles left in the bag or few treasures on the board",
}
"""Every theme a puzzle can have, with what it means."""


def tag(
    start: GameState, seat: int, goal: Goal, events: Sequence[Sequence[Event]], *, phase: bool = True
) -> tuple[str, ...]:
    """Themes from what a solution does: its structured events (``docs/engine.md`` "Events"); with
    ``phase``, also the phase of the game (opening, middlegame, endgame: for positions from games)."""
    themes: set[str] = set()
    for event in (e for group in events for e in group):
        d = event.data
        if event.kind in ("revolt_won", "war_won") and d.get("winner") == seat:
            themes.add("revolt" if event.kind == "revolt_won" else "war")
            themes.add("denial")
        elif event.kind == "unification" and d.get("seat") == seat:
            themes.add("unification")
        elif event.kind == "monument" and d.get("seat") == seat:
            themes.add("monument")
        elif event.kind == "ziggurat" and d.get("seat") == seat:
            themes.add("ziggurat")
        elif event.kind == "ziggurat_vp" and d.get("seat") == seat and not ziggurat_bonus_due(start, seat):
            themes.add("ziggurat")  # the bonus earned by this turn's play, not one that was due anyway
        elif event.kind == "treasure" and d.get("seat") == seat:
            themes.add("treasure")
        elif event.kind == "catastrophe" and d.get("seat") == seat:
            themes.add("catastrophe")
        elif event.kind == "leader_lost_temple" and d.get("seat") != seat:
            themes.update(("blocking", "denial"))
        elif event.kind == "commit" and d.get("seat") == seat and d.get("count", 0) > 0:
            themes.add("support")
        elif event.kind == "building" and d.get("seat") == seat:
            themes.add("buildings")
        elif event.kind == "vp" and event.rule == "§17.6" and d.get("seat") == seat:
            themes.add("buildings")  # a point doubled by a building
    kind = goal.spec.get("kind") if goal.spec else None
    if kind in ("gain", "gain_total", "weakest"):
        themes.add("scoring")
    if kind == "weakest":
        themes.add("weakest-colour")
    if start.players > 2:
        themes.add("multiplayer")
    if not phase:
        pass
    elif len(start.bag) <= 8 * start.players or start.treasures.bit_count() <= 3:
        themes.add("endgame")
    elif start.turn <= 4 * start.players:
        themes.add("opening")
    else:
        themes.add("middlegame")
    return tuple(sorted(themes))


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


# -- making and checking a puzzle ----------------------------------------------------------------------
def player_moves(state: GameState, seat: int, line: Sequence[Action]) -> tuple[str, ...]:
    s = state.clone()
    mine = []
    for a in line:
        if s.decider == seat:
            mine.append(str(a))
        apply_unchecked(s, a)
    return tuple(mine)


def _title(goal: Goal, themes: Sequence[str], names: Sequence[str]) -> str:
    kind = goal.spec.get("kind") if goal.spec else ""
    if kind in ("win_conflict", "send_home"):
        assert goal.spec is not None
        name = names[int(goal.spec["victim"])].capitalize()
        leader = LEADER_NAMES[COLOUR_NAMES.index(goal.spec["colour"])]
        if kind == "win_conflict":
            return f"{'Revolt' if 'revolt' in themes else 'War'} against {name}'s {leader}"
        return f"Cut off {name}'s {leader}" if "blocking" in themes else f"Send {name}'s {leader} home"
    if kind == "monuments":
        return "A monument in one move"
    if kind == "treasures":
        return "Treasure in reach"
    if kind == "weakest":
        return "Lift the weakest colour"
    if kind == "gain":
        assert goal.spec is not None
        return f"Most {goal.spec['colour']} points"
    if kind == "building":
        assert goal.spec is not None
        return f"Raise the {BUILDING_NAMES[COLOUR_NAMES.index(goal.spec['colour'])]}"
    if kind == "ziggurat":
        return "The ziggurat in one move"
    if kind == "ziggurat_bonus":
        return "The king and the ziggurat"
    return "Most points in one move"


HINTS = {
    "revolt": "A revolt is decided by the temples next to each leader, plus red tiles committed.",
    "war": "A tile that joins two kingdoms starts a war between leaders of the same colour.",
    "monument": "Four tiles of one colour in a square can become a monument.",
    "treasure": "A trader takes the treasures of his kingdom when it holds two or more.",
    "catastrophe": "A catastrophe destroys the tile it lands on.",
    "blocking": "A leader with no temple next to him goes home.",
    "weakest-colour": "At the end only your weakest colour counts; treasures count as any colour.",
    "scoring": "A tile scores for the leader of its colour in the kingdom it joins — or for the king.",
    "ziggurat": "Five tiles of one colour in a cross make the ziggurat; a king in its kingdom earns a point.",
    "buildings": "A building goes on a line of three or more tiles of its colour, and moves only to a longer one.",
}


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
    hints = tuple(HINTS[t] for t in ("revolt", "war", "monument", "ziggurat", "buildings", "treasure", "catastrophe", "blocking", "weakest-colour", "scoring") if t in themes)[:1]  # fmt: skip
    explanation = explain(game)
    difficulty = 1 if rating < 1200 else 2 if rating < 1600 else 3
    return Puzzle(draft.key, _title(goal, themes, state.setup.dynasties), text, goal, difficulty, solution, hints, explanation,
                  themes=themes, rating=rating, source="mined",
                  origin={**origin, "alternatives": len(c.winners), "margin": _margin(c), "choices": c.choices,
                          "ladder": ladder},
                  known_target=draft.known_target)  # fmt: skip


_EXPLAINING = frozenset(("revolt_won", "war_won", "monument", "ziggurat", "treasure", "leader_lost_temple", "catastrophe", "vp", "monument_vp", "ziggurat_vp", "building"))  # fmt: skip


def explain(game: Game) -> str:
    """What a solution did, in the events' own words (the text a solved puzzle shows)."""
    return " ".join(e.text for group in game.events for e in group if e.kind in _EXPLAINING)


def _margin(c: Candidate) -> float | None:
    return None if c.second == -math.inf else c.best - c.second


def problems_idle(puzzle: Puzzle) -> bool:
    """True when doing nothing (passing, the defence at its first choice) already meets the goal."""
    idle = puzzle.game()
    turn = idle.state.turn
    while idle.state.turn == turn and not idle.is_over:
        s = idle.state
        idle.apply("pass" if s.decider == puzzle.seat and s.phase == D_ACTION else idle.legal_actions()[0])
    return puzzle.check(idle).status != "failed"


def verify(puzzle: Puzzle, *, strict: bool = True) -> list[str]:
    """Everything wrong with a puzzle (empty: it is sound). Checks that the position loads and
    round-trips, the solver forces the goal, the shipped solution meets it against the best
    defence, passing does not, and (``strict``, mined puzzles with one action left) that at most
    ``MAX_WINNERS`` actions force the goal."""
    out: list[str] = []
    try:
        game = puzzle.game()
    except ValueError as err:
        return [f"the position does not load: {err}"]
    if Game.from_position(game.to_position()).state != game.state:
        out.append("the position does not round-trip")
    seat = puzzle.seat
    try:
        best = solve(game.state, seat, puzzle.goal)
    except RuntimeError as err:
        return [*out, str(err)]
    target = puzzle.target()
    if best.value < target:
        out.append(f"the solver forces only {best.value:g}, the goal needs {target:g}")
    if puzzle.goal.best and puzzle.known_target is not None and best.value != puzzle.known_target:
        out.append(f"the stored best value {puzzle.known_target:g} is not the solver's {best.value:g}")
    try:
        solved = puzzle.play_solution()
        if puzzle.check(solved).status != "solved":
            out.append("the shipped solution does not meet the goal against the best defence")
    except (ValueError, AssertionError) as err:
        out.append(f"the shipped solution cannot be played: {err}")
    if problems_idle(puzzle):
        out.append("passing already meets the goal")
    s = game.state
    if strict and puzzle.source == "mined" and s.phase == D_ACTION and s.actions_left == 1:
        winners = [str(a) for a, v in forced_values(s, [puzzle.goal.score]) if v[0] >= target]
        if len(winners) > MAX_WINNERS:
            out.append(f"{len(winners)} actions force the goal ({', '.join(winners[:5])} …): not a puzzle")
    return out


def to_record(puzzle: Puzzle) -> dict[str, Any]:
    """A mined puzzle as stored in ``data/mined.json``."""
    return {
        "id": puzzle.key,
        "title": puzzle.title,
        "position": puzzle.position,
        "goal": puzzle.goal.to_spec(),
        "target": puzzle.known_target,
        "solution": list(puzzle.solution),
        "hints": list(puzzle.hints),
        "explanation": puzzle.explanation,
        "themes": list(puzzle.themes),
        "rating": puzzle.rating,
        "label": rating_label(puzzle.rating),
        "origin": dict(puzzle.origin or {}),
    }


def from_record(data: dict[str, Any]) -> Puzzle:
    rating = int(data["rating"])
    return Puzzle(
        str(data["id"]),
        str(data["title"]),
        str(data["position"]),
        Goal.from_spec(data["goal"]),
        1 if rating < 1200 else 2 if rating < 1600 else 3,
        tuple(data["solution"]),
        tuple(data.get("hints", ())),
        str(data.get("explanation", "")),
        topic=", ".join(data["themes"]),
        themes=tuple(data["themes"]),
        rating=rating,
        source="mined",
        origin=data.get("origin"),
        known_target=data.get("target"),
    )


def about(puzzle: Puzzle, themes: Sequence[str]) -> bool:
    """Is the puzzle *about* one of ``themes`` — its goal needs it — rather than touching it in passing
    (a treasure puzzle whose tile happens to raise a building)? For the variants: a goal of their own
    kinds, or points that only a building's doubling gives (§17.6)."""
    kind = puzzle.goal.spec.get("kind") if puzzle.goal.spec else None
    if kind in VARIANT_KINDS:
        return bool(set(themes) & set(puzzle.themes))
    if kind in ("gain", "gain_total") and "buildings" in themes:
        events = (e for group in puzzle.play_solution().events for e in group)
        return any(e.kind == "vp" and e.rule == "§17.6" and e.data.get("seat") == puzzle.seat for e in events)
    return not set(themes) & set(VARIANT_THEMES) and bool(set(themes) & set(puzzle.themes))


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


MAX_PUZZLE_FILE_CHARS = 50_000_000
"""Longest puzzle library file read (the shipped one holds some 600,000 characters)."""


def check_puzzle_file(data: object, name: str = "the puzzle file") -> dict[str, Any]:
    """``data`` if it has the shape ``add_run`` reads (a version 1 ``tigris-puzzles`` object whose
    puzzles have ids and whose runs have statistics); else ``ValueError`` naming what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"{name} is not a puzzle library: its JSON is {type(data).__name__}, not an object")
    if data.get("format") != "tigris-puzzles" or data.get("version") != 1:
        raise ValueError(f"{name} is not a version 1 tigris-puzzles file ('format' and 'version')")
    puzzles = data.get("puzzles")
    if not isinstance(puzzles, list) or not all(isinstance(r, dict) and isinstance(r.get("id"), str) for r in puzzles):
        raise ValueError(f"{name}: 'puzzles' must be a list of puzzles, each an object with an 'id'")
    runs = data.get("runs") or [{"stats": data.get("stats")}]
    if not isinstance(runs, list) or not all(isinstance(r, dict) and isinstance(r.get("stats"), dict) for r in runs):
        raise ValueError(f"{name}: 'runs' (or 'stats') must hold each mining run's statistics as an object")
    return data


def add_run(library: dict[str, Any], run: dict[str, Any]) -> dict[str, Any]:
    """A library file (``data/mined.json``) with the puzzles of another mining run added after its own:
    the existing records stay as they are, in order (their ids are stable), and a puzzle already there
    is not added twice. ``runs`` keeps each run's command and statistics; ``stats`` adds them up."""
    check_puzzle_file(library)
    check_puzzle_file(run, "the new run")
    runs = list(library.get("runs") or [{"command": library.get("command", ""), "stats": library["stats"]}])
    ids = {r["id"] for r in library["puzzles"]}
    added = [r for r in run["puzzles"] if r["id"] not in ids]
    runs.append({"command": run.get("command", ""), "stats": run["stats"], "added": len(added)})
    puzzles = [*library["puzzles"], *added]

    def total(key: str) -> float:
        return round(sum(r["stats"].get(key) or 0 for r in runs), 1)

    games, wall = int(total("games")), total("wall_seconds")
    stats = {
        "games": games,
        "puzzles": len(puzzles),
        "puzzles_per_game": round(len(puzzles) / max(1, games), 3),
        "wall_seconds": wall,
        "games_per_minute": round(60 * games / wall, 2) if wall else None,
        "cpu_seconds": total("cpu_seconds"),
        "play_seconds": total("play_seconds"),
        "positions_scanned": int(total("positions_scanned")),
        "positions_skipped": int(total("positions_skipped")),
    }
    return {"format": "tigris-puzzles", "version": 1, "stats": stats, "runs": runs, "puzzles": puzzles}
