"""Puzzles: a position, the side to move, a goal for this turn, and an engine-backed solver.

A goal is judged at the end of the puzzle player's turn (or as soon as the game ends). The
solver searches every line of the turn: the player's own choices (turn actions, support,
war order, monuments, treasures, …) and the opponents' replies (their support commitments,
their treasure choices), assuming the opponents defend as well as they can. Swaps are left out:
their draws are luck, so no puzzle line depends on them.

    >>> from tigris_widget.puzzles.book import PUZZLES
    >>> puzzle = PUZZLES["kings-substitute"]
    >>> game = puzzle.game()
    >>> puzzle.check(game).status                 # nothing played yet
    'playing'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tigris_widget.engine.core.actions import Action, parse_action
from tigris_widget.engine.core.state import GameState
from tigris_widget.engine.core.types import COLOUR_NAMES, D_ACTION, SWAP
from tigris_widget.engine.rules.legal import legal_actions
from tigris_widget.engine.rules.scoring import allocate_treasures
from tigris_widget.engine.rules.turn import apply_unchecked
from tigris_widget.game import Game

Score = Callable[[GameState, GameState, int], float]


@dataclass(frozen=True)
class Goal:
    """What the player must achieve by the end of this turn.

    ``score(start, end, seat)`` measures the result; the goal is met when it reaches ``target``.
    With ``best=True`` the target is the best score any line can force (found by the solver).
    """

    text: str
    score: Score
    target: float = 1.0
    best: bool = False

    # -- the kinds of goals puzzles use ------------------------------------------------------
    @staticmethod
    def gain(colour: int, points: int) -> Goal:
        """Gain at least ``points`` VP of ``colour`` this turn."""
        return Goal(
            f"Score {points} {COLOUR_NAMES[colour]} point{'s' if points != 1 else ''} this turn.",
            lambda a, b, p: b.points(p)[colour] - a.points(p)[colour],
            points,
        )

    @staticmethod
    def gain_total(points: int) -> Goal:
        return Goal(f"Score {points} points (any colours) this turn.", lambda a, b, p: sum(b.points(p)) - sum(a.points(p)),
                    points)  # fmt: skip

    @staticmethod
    def treasures(count: int) -> Goal:
        return Goal(f"Take {count} treasure{'s' if count != 1 else ''} this turn.",
                    lambda a, b, p: b.treasures_taken[p] - a.treasures_taken[p], count)  # fmt: skip

    @staticmethod
    def send_home(victim: int, colour: int, text: str) -> Goal:
        """The victim's leader of ``colour`` must be off the board at the end of the turn."""
        return Goal(text, lambda a, b, p: float(b.leader_square(victim, colour) < 0))

    @staticmethod
    def win_conflict(victim: int, colour: int, text: str) -> Goal:
        """The victim's leader of ``colour`` goes home while the player's stays on the board."""
        return Goal(text, lambda a, b, p: float(b.leader_square(victim, colour) < 0 <= b.leader_square(p, colour)))

    @staticmethod
    def monuments(count: int = 1) -> Goal:
        return Goal("Build a monument this turn.", lambda a, b, p: b.monuments_built() - a.monuments_built(), count)  # fmt: skip

    @staticmethod
    def weakest_colour() -> Goal:
        """Make the weakest colour (treasures counted as wild points) as high as possible."""
        return Goal("Make your weakest colour (treasures are wild) as high as possible this turn.",
                    lambda a, b, p: float(min(allocate_treasures(tuple(b.points(p)), b.treasures_taken[p]))),
                    best=True)  # fmt: skip


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
class Verdict:
    """``status`` is "solved", "failed" (the turn is over without the goal) or "playing"."""

    status: str
    message: str


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

    def game(self) -> Game:
        return Game.from_position(self.position)

    @property
    def seat(self) -> int:
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
        return Verdict("failed", f"Not quite: that line reaches {value:g}, the goal needs {target:g}. Try again.")

    def target(self) -> float:
        if not self.goal.best:
            return self.goal.target
        return solve(self.game().state, self.seat, self.goal).value

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


def _solve_from(s: GameState, puzzle: Puzzle) -> Line:
    """Solve from a later moment of the puzzle's turn, scoring against the puzzle's start."""
    start = puzzle.game().state
    goal = puzzle.goal
    shifted = Goal(goal.text, lambda _a, b, p: goal.score(start, b, p), goal.target, goal.best)
    return solve(s, puzzle.seat, shifted)


def parse_moves(moves: Sequence[str]) -> list[Action]:
    return [parse_action(m) for m in moves]
