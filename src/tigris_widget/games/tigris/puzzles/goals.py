"""Puzzles: a position, the side to move, a goal for this turn, and an engine-backed solver.

A goal is judged at the end of the puzzle player's turn (or as soon as the game ends). The
solver searches every line of the turn: the player's own choices (turn actions, support,
war order, monuments, treasures, …) and the opponents' replies (their support commitments,
their treasure choices), assuming the opponents defend as well as they can. Swaps are left out:
their draws are luck, so no puzzle line depends on them.

    >>> from tigris_widget.games.tigris.puzzles.book import PUZZLES
    >>> puzzle = PUZZLES["kings-substitute"]
    >>> game = puzzle.game()
    >>> puzzle.check(game).status                 # nothing played yet
    'playing'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from tigris_widget.core.puzzle import Verdict
from tigris_widget.games.tigris.engine.core.actions import Action, parse_action
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import (
    BUILDING_NAMES,
    COLOUR_NAMES,
    D_ACTION,
    LEADER_NAMES,
    SWAP,
    to_colour,
)
from tigris_widget.games.tigris.engine.rules.legal import legal_actions
from tigris_widget.games.tigris.engine.rules.monuments import ziggurat_bonus_due
from tigris_widget.games.tigris.engine.rules.scoring import allocate_treasures
from tigris_widget.games.tigris.engine.rules.turn import apply_unchecked
from tigris_widget.games.tigris.game import Game

Score = Callable[[GameState, GameState, int], float]


@dataclass(frozen=True)
class Goal:
    """What the player must achieve by the end of this turn.

    ``score(start, end, seat)`` measures the result; the goal is met when it reaches ``target``.
    With ``best=True`` the target is the best score any line can force (found by the solver).
    ``spec`` names the kind of goal and its arguments (``{"kind": "gain", "colour": "blue",
    "points": 2}``): goals with a spec are stored as JSON (``to_spec``/``from_spec``) and their
    verdicts are said in words of their own kind.
    """

    text: str
    score: Score = field(compare=False)
    target: float = 1.0
    best: bool = False
    spec: Mapping[str, Any] | None = field(default=None, compare=False)

    # -- the kinds of goals puzzles use ------------------------------------------------------
    @staticmethod
    def gain(colour: int, points: int) -> Goal:
        """Gain at least ``points`` VP of ``colour`` this turn."""
        return Goal(
            f"Score {points} {COLOUR_NAMES[colour]} point{'s' if points != 1 else ''} this turn.",
            lambda a, b, p: b.points(p)[colour] - a.points(p)[colour],
            points,
            spec={"kind": "gain", "colour": COLOUR_NAMES[colour], "points": points},
        )

    @staticmethod
    def gain_total(points: int) -> Goal:
        return Goal(f"Score {points} points (any colours) this turn.", lambda a, b, p: sum(b.points(p)) - sum(a.points(p)),
                    points, spec={"kind": "gain_total", "points": points})  # fmt: skip

    @staticmethod
    def treasures(count: int) -> Goal:
        return Goal(f"Take {count} treasure{'s' if count != 1 else ''} this turn.",
                    lambda a, b, p: b.treasures_taken[p] - a.treasures_taken[p], count,
                    spec={"kind": "treasures", "count": count})  # fmt: skip

    @staticmethod
    def send_home(victim: int, colour: int, text: str) -> Goal:
        """The victim's leader of ``colour`` must be off the board at the end of the turn."""
        return Goal(text, lambda a, b, p: float(b.leader_square(victim, colour) < 0),
                    spec={"kind": "send_home", "victim": victim, "colour": COLOUR_NAMES[colour], "text": text})  # fmt: skip

    @staticmethod
    def win_conflict(victim: int, colour: int, text: str) -> Goal:
        """The victim's leader of ``colour`` goes home while the player's stays on the board."""
        return Goal(text, lambda a, b, p: float(b.leader_square(victim, colour) < 0 <= b.leader_square(p, colour)),
                    spec={"kind": "win_conflict", "victim": victim, "colour": COLOUR_NAMES[colour], "text": text})  # fmt: skip

    @staticmethod
    def monuments(count: int = 1) -> Goal:
        return Goal("Build a monument this turn." if count == 1 else f"Build {count} monuments this turn.",
                    lambda a, b, p: b.monuments_built() - a.monuments_built(), count,
                    spec={"kind": "monuments", "count": count})  # fmt: skip

    @staticmethod
    def building(colour: int) -> Goal:
        """Put the civilization building of ``colour`` on a new tile this turn: build it from the
        supply or move it to a longer line (§17.2–17.3). Only the active player builds."""
        name = BUILDING_NAMES[colour]
        return Goal(f"Build the {name} this turn, or move it to a new line.",
                    lambda a, b, p: float(b.buildings[colour] >= 0 and b.buildings[colour] != a.buildings[colour]),
                    spec={"kind": "building", "colour": COLOUR_NAMES[colour]})  # fmt: skip

    @staticmethod
    def ziggurat() -> Goal:
        """Build the ziggurat this turn (§18.1; there is one per game, so it was not standing)."""
        return Goal("Build the ziggurat this turn.", lambda a, b, p: float(a.tower < 0 <= b.tower),
                    spec={"kind": "ziggurat"})  # fmt: skip

    @staticmethod
    def ziggurat_bonus() -> Goal:
        """End the turn with the king in the ziggurat's kingdom, which earns the bonus point (§18.4)."""
        return Goal("Take the ziggurat's bonus point at the end of this turn.",
                    lambda a, b, p: float(ziggurat_bonus_due(b, p)), spec={"kind": "ziggurat_bonus"})  # fmt: skip

    @staticmethod
    def weakest_colour() -> Goal:
        """Make the weakest colour (treasures counted as wild points) as high as possible."""
        return Goal("Make your weakest colour (treasures are wild) as high as possible this turn.",
                    lambda a, b, p: float(weakest(b, p)), best=True, spec={"kind": "weakest"})  # fmt: skip

    # -- stored goals ------------------------------------------------------------------------------
    def to_spec(self) -> dict[str, Any]:
        if self.spec is None:
            raise ValueError(
                f"the goal {self.text!r} has no spec: only goals made by Goal's constructors can be stored"
            )
        return dict(self.spec)

    @staticmethod
    def from_spec(spec: Mapping[str, Any]) -> Goal:
        """The goal a spec describes (``ValueError`` for an unknown kind or bad arguments)."""
        kind = spec.get("kind")
        try:
            if kind == "gain":
                return Goal.gain(to_colour(spec["colour"]), int(spec["points"]))
            if kind == "gain_total":
                return Goal.gain_total(int(spec["points"]))
            if kind == "treasures":
                return Goal.treasures(int(spec["count"]))
            if kind == "monuments":
                return Goal.monuments(int(spec.get("count", 1)))
            if kind == "weakest":
                return Goal.weakest_colour()
            if kind == "building":
                return Goal.building(to_colour(spec["colour"]))
            if kind == "ziggurat":
                return Goal.ziggurat()
            if kind == "ziggurat_bonus":
                return Goal.ziggurat_bonus()
            if kind in ("send_home", "win_conflict"):
                make = Goal.send_home if kind == "send_home" else Goal.win_conflict
                return make(int(spec["victim"]), to_colour(spec["colour"]), str(spec["text"]))
        except (KeyError, TypeError) as err:
            raise ValueError(f"goal spec {dict(spec)!r}: missing or bad field {err}") from None
        raise ValueError(f"goal spec {dict(spec)!r}: unknown kind {kind!r}")

    def shortfall(self, value: float, target: float, start: GameState, end: GameState, seat: int) -> str:
        """Why a finished line fails this goal, in plain words."""
        kind = self.spec.get("kind") if self.spec else None
        names = start.setup.dynasties
        if kind in ("send_home", "win_conflict"):
            assert self.spec is not None
            victim, colour = int(self.spec["victim"]), to_colour(self.spec["colour"])
            title = LEADER_NAMES[colour]
            if end.leader_square(victim, colour) >= 0:
                return f"{names[victim].capitalize()}'s {title} is still on the board."
            return f"{names[victim].capitalize()}'s {title} went home, but so did yours: win the conflict, keep your {title}."
        if kind == "monuments":
            return (
                "No monument was built this turn."
                if value <= 0
                else f"Only {value:g} monument{'s' if value != 1 else ''} built; the goal is {target:g}."
            )
        if kind == "treasures":
            taken = f"{value:g} treasure{'s' if value != 1 else ''}" if value > 0 else "no treasure"
            return f"You took {taken}; the goal is {target:g}."
        if kind == "gain":
            assert self.spec is not None
            colour = self.spec["colour"]
            got = f"{value:g} {colour} point{'s' if value != 1 else ''}" if value > 0 else f"no {colour} point"
            return f"That line scores {got}; the goal is {target:g}."
        if kind == "gain_total":
            got = f"{value:g} point{'s' if value != 1 else ''}" if value > 0 else "no point"
            return f"That line scores {got}; the goal is {target:g}."
        if kind == "weakest":
            return f"Your weakest colour ends at {value:g}; {target:g} can be forced."
        if kind == "building":
            assert self.spec is not None
            colour = to_colour(self.spec["colour"])
            name = BUILDING_NAMES[colour]
            if start.buildings[colour] < 0 and end.buildings[colour] < 0:
                return f"The {name} is still beside the board: it needs a line of three {self.spec['colour']} tiles."
            return f"The {name} did not move: only a strictly longer line attracts it."
        if kind == "ziggurat":
            return "The ziggurat was not built: it needs a cross of five tiles of one colour."
        if kind == "ziggurat_bonus":
            if end.tower < 0:
                return "There is no ziggurat on the board."
            return "Your king is not in the ziggurat's kingdom at the end of the turn."
        return f"That line reaches {value:g}; the goal needs {target:g}."


def weakest(s: GameState, seat: int) -> int:
    """``seat``'s weakest colour with the treasures placed where they help most (the final score)."""
    return min(allocate_treasures(tuple(s.points(seat)), s.treasures_taken[seat]))


@dataclass
class Line:
    """A solved line: the value the player can force and the moves of both sides that show it."""

    value: float
    moves: list[Action] = field(default_factory=list)

    def notation(self) -> list[str]:
        return [str(a) for a in self.moves]


def _turn_over(s: GameState, seat: int, turn: int) -> bool:
    return s.over or s.turn != turn


def solve(state: GameState, seat: int, goal: Goal, *, node_limit: int = 3_000_000) -> Line:
    """The best value ``seat`` can force this turn against every defence, with a principal line."""
    start = state
    turn = state.turn
    nodes = 0

    def search(s: GameState, alpha: float, beta: float) -> Line:
        nonlocal nodes
        nodes += 1
        if nodes > node_limit:
            raise RuntimeError(f"the puzzle solver gave up after {node_limit} positions")
        if _turn_over(s, seat, turn):
            return Line(goal.score(start, s, seat))
        maximizing = s.decider == seat
        best = Line(-math.inf if maximizing else math.inf)
        for action in legal_actions(s):
            if action.kind == SWAP:
                continue
            child = s.clone()
            apply_unchecked(child, action)
            line = search(child, alpha, beta)
            if (line.value > best.value) if maximizing else (line.value < best.value):
                best = Line(line.value, [action, *line.moves])
            if maximizing:
                alpha = max(alpha, best.value)
            else:
                beta = min(beta, best.value)
            if alpha >= beta:
                break
        return best

    high = math.inf if goal.best else goal.target
    return search(start.clone(), -math.inf, high)


@dataclass(frozen=True)
class Puzzle:
    """A position, whose turn it is, what to achieve, and how to explain it."""

    key: str
    title: str
    position: str
    goal: Goal
    difficulty: int
    """1 (first lesson) to 3 (hard)."""
    solution: tuple[str, ...]
    """The player's moves of one solving line (opponents' replies are chosen by ``reply``)."""
    hints: tuple[str, ...] = ()
    explanation: str = ""
    topic: str = ""
    """The rules section the puzzle teaches, e.g. "§8 revolts"."""
    themes: tuple[str, ...] = ()
    """What the solution does (``revolt``, ``war``, ``monument``, …; see ``puzzles.themes``)."""
    rating: int = 0
    """Difficulty as a rating (about 600–2200, see ``puzzles.miner.rate``); 0: from ``difficulty``."""
    source: str = "hand-made"
    """``"hand-made"`` or ``"mined"`` (found in a game between bots)."""
    origin: Mapping[str, Any] | None = field(default=None, compare=False)
    """For a mined puzzle: the game it comes from (players, board, variants, bots, seed, ply)."""
    known_target: float | None = None
    """For a ``best`` goal: the value the solver found when the puzzle was made (saves a solve)."""

    def game(self) -> Game:
        return Game.from_position(self.position)

    @cached_property
    def seat(self) -> int:
        # read once: the judges ask for it at every step of every line, and it parses the position
        return self.game().state.active

    def check(self, game: Game) -> Verdict:
        """Judge an attempt: a game started from this puzzle's position."""
        start = game.state_at(0)
        s = game.state
        if not _turn_over(s, self.seat, start.turn):
            return Verdict("playing", "Keep going: the turn is not over yet.")
        value = self.goal.score(start, s, self.seat)
        target = self.target()
        if value >= target:
            return Verdict("solved", f"Solved! {self.explanation}".strip())
        why = self.goal.shortfall(value, target, start, s, self.seat)
        return Verdict("failed", f"Not quite. {why} Try again.")

    def judge(self, game: Game) -> Verdict:
        """The action just played in a try, judged as it is made: "good" while the goal can still be
        forced this turn, "bad" once it cannot, "unclear" when the solver gave up."""
        if len(game) == 0:
            return Verdict("unclear", "")
        start, s = game.state_at(0), game.state
        played = [str(a) for a, who in zip(game.actions, game.actors, strict=True) if who == self.seat]
        last = played[-1] if played else str(game.actions[-1])  # the player's own step, not an answer to it
        if _turn_over(s, self.seat, start.turn):
            ok = self.check(game).status == "solved"
            return Verdict("good" if ok else "bad", f"{last}: {'the goal is met' if ok else 'the goal is missed'}.")
        if played == list(self.solution[: len(played)]):
            return Verdict("good", f"{last}: good — the goal is still in reach.")
        try:
            value = _solve_from(s, self, node_limit=JUDGE_NODES).value
        except RuntimeError:
            return Verdict("unclear", f"{last}: not the solution's move; it may still work.")
        if value >= self.target():
            return Verdict("good", f"{last}: fine — the goal can still be forced this turn.")
        return Verdict("bad", f"{last}: after this the goal can no longer be forced this turn. Step back, or Retry.")

    def target(self) -> float:
        if not self.goal.best:
            return self.goal.target
        if self.known_target is not None:
            return self.known_target
        return solve(self.game().state, self.seat, self.goal).value

    @property
    def elo(self) -> int:
        """The difficulty as a rating: the measured one, or 800/1200/1600 for one to three stars."""
        return self.rating or {1: 800, 2: 1200, 3: 1600}.get(self.difficulty, 1200)

    @property
    def label(self) -> str:
        return rating_label(self.elo)

    def reply(self, game: Game) -> Action | None:
        """The opponents' best defence when it is their decision inside the puzzle's turn."""
        s = game.state
        if s.over or s.decider == self.seat or s.phase == D_ACTION:
            return None
        line = _solve_from(s, self)
        return line.moves[0] if line.moves else None

    def hint(self, level: int = 0) -> str:
        """Authored hints first; past them, the first move of the solution."""
        if level < len(self.hints):
            return self.hints[level]
        return f"Try: {self.solution[0]}"

    def to_html(self, path: str | Path) -> Path:
        """Write the puzzle as one self-contained HTML page a student solves in any browser, without
        Python or network (``render.puzzle_page``): the board, the goal, each step judged as ``judge``
        judges it, Hint, Solution, Step back and Retry.

        :raises ValueError: ``path`` is a directory or in a missing folder, or the page would pass
            ``MAX_PAGE_BYTES`` (the message names the path or the size).
        """
        from tigris_widget.render.puzzle_page import write_puzzle_html

        return write_puzzle_html(self, path)

    def play_solution(self) -> Game:
        """Play the shipped solution, with the opponents defending as well as they can."""
        game = self.game()
        moves = list(self.solution)
        while not _turn_over(game.state, self.seat, game.state_at(0).turn):
            if game.state.decider == self.seat:
                if not moves:
                    raise ValueError(f"puzzle {self.key}: the solution ends before the turn does")
                game.apply(moves.pop(0))
            else:
                answer = self.reply(game)
                assert answer is not None
                game.apply(answer)
        if moves:
            raise ValueError(f"puzzle {self.key}: moves left over after the turn: {moves}")
        return game


LABELS = ((1000, "beginner"), (1300, "easy"), (1600, "intermediate"), (1900, "hard"), (math.inf, "expert"))


def rating_label(rating: float) -> str:
    """A word for a puzzle rating: beginner (< 1000), easy, intermediate, hard, expert (≥ 1900)."""
    return next(word for limit, word in LABELS if rating < limit)


def best_continuation(puzzle: Puzzle, game: Game) -> Action:
    """The player's best choice for the goal at a decision of his inside the puzzle's turn."""
    line = _solve_from(game.state, puzzle)
    if not line.moves:
        raise ValueError("the puzzle's turn is over: there is nothing to choose")
    return line.moves[0]


JUDGE_NODES = 200_000
"""Positions the solver may look at to judge one action of a try (past them it says "can't tell")."""


def _solve_from(s: GameState, puzzle: Puzzle, node_limit: int = 3_000_000) -> Line:
    """Solve from a later moment of the puzzle's turn, scoring against the puzzle's start."""
    start = puzzle.game().state
    goal = puzzle.goal
    shifted = Goal(goal.text, lambda _a, b, p: goal.score(start, b, p), goal.target, goal.best)
    return solve(s, puzzle.seat, shifted, node_limit=node_limit)


def parse_moves(moves: Sequence[str]) -> list[Action]:
    return [parse_action(m) for m in moves]
