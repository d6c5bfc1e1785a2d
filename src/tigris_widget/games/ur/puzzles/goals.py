"""Ur puzzles: a position at the start of a turn, a goal for that turn, and how a played line is judged.

A goal is a fact about the end of the puzzle player's turn that a person can check on the board:
points by the final count (§10, the hand tile on its better side), a tile held, a lead over every
rival, a rival held down, ziggurats, cubes on the grid — alone or two together. Other players who
decide inside the turn (their share of a short culture action, §5.3) answer with the bots' usual
completion policy, so a line always ends the same way.

    >>> from tigris_widget.games.ur.puzzles.goals import UrGoal
    >>> UrGoal.from_spec({"kind": "points", "points": 9}).text
    'End your turn with at least 9 points (your hand tile on its better side).'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from tigris_widget.core.puzzle import Verdict
from tigris_widget.games.ur.bots.heuristics import finish_step
from tigris_widget.games.ur.engine import Step, UrState, apply_unchecked, legal_actions, parse_step
from tigris_widget.games.ur.engine.board import cell_name
from tigris_widget.games.ur.engine.rules import player_score
from tigris_widget.games.ur.engine.state import PH_OVER, PH_TURN
from tigris_widget.games.ur.game import UrGame

GOAL_KINDS = ("points", "own", "lead", "rival", "ziggurats", "cubes", "all")


def points(s: UrState, seat: int) -> int:
    return player_score(s, seat)[0]


def lead(s: UrState, seat: int) -> int:
    return points(s, seat) - max(points(s, p) for p in range(s.n) if p != seat)


def ziggurats(s: UrState, seat: int) -> int:
    return sum(1 for c in range(36) if s.zig[c] and s.owner[c] == seat)


def _int(spec: Mapping[str, Any], name: str, low: int, high: int) -> int:
    value = spec.get(name)
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"goal spec {dict(spec)!r}: {name} must be an int {low}..{high}, not {value!r}")
    return value


@dataclass(frozen=True)
class UrGoal:
    """What the player must hold when the turn ends; ``spec`` is its stored form (``kind`` and arguments)."""

    spec: Mapping[str, Any]
    parts: tuple[UrGoal, ...] = field(default=(), compare=False)

    @staticmethod
    def from_spec(spec: object) -> UrGoal:
        """The goal a spec describes; ``ValueError`` naming the unknown kind or the bad field."""
        if not isinstance(spec, Mapping):
            raise ValueError(f"a goal spec is an object such as {{'kind': 'points', 'points': 9}}, not {spec!r:.60}")
        kind = spec.get("kind")
        if kind == "all":
            goals = spec.get("goals")
            if not isinstance(goals, Sequence) or isinstance(goals, str) or not 2 <= len(goals) <= 3:
                raise ValueError(f"goal spec {dict(spec)!r}: 'all' needs a list of two or three goals")
            parts = tuple(UrGoal.from_spec(g) for g in goals)
            if any(p.kind == "all" for p in parts):
                raise ValueError("goal spec: an 'all' goal cannot hold another 'all'")
            return UrGoal({"kind": "all", "goals": [dict(p.spec) for p in parts]}, parts)
        if kind in ("points", "lead", "cubes", "ziggurats"):
            name = "points" if kind in ("points", "lead") else str(kind)
            return UrGoal({"kind": kind, name: _int(spec, name, -99 if kind == "lead" else 0, 99)})
        if kind == "own":
            return UrGoal({"kind": "own", "cell": _int(spec, "cell", 0, 35), "from": _int(spec, "from", -1, 3)})
        if kind == "rival":
            return UrGoal({"kind": "rival", "seat": _int(spec, "seat", 0, 3), "points": _int(spec, "points", 0, 99)})
        raise ValueError(f"goal spec {dict(spec)!r}: unknown kind {kind!r}; kinds: {', '.join(GOAL_KINDS)}")

    @property
    def kind(self) -> str:
        return str(self.spec["kind"])

    @property
    def text(self) -> str:
        """The goal in words, as the puzzle shows it."""
        if self.kind == "all":
            first, *rest = [p.text.rstrip(".") for p in self.parts]
            rest = [r[0].lower() + r[1:] for r in rest]
            return f"{first}, and {', and '.join(rest)}."
        k, sp = self.kind, self.spec
        if k == "points":
            return f"End your turn with at least {sp['points']} points (your hand tile on its better side)."
        if k == "lead":
            n = int(sp["points"])
            if n > 0:
                return f"Lead every other player by at least {n} points when your turn ends."
            if n == 0:
                return "End your turn with at least as many points as every other player."
            return f"End your turn at most {-n} point{'s' if n != -1 else ''} behind the best other player."
        if k == "own":
            where = cell_name(int(sp["cell"]))
            if sp["from"] >= 0:
                return f"Win the tile {where} from P{sp['from']} and hold it when your turn ends."
            return f"Own the tile {where} when your turn ends."
        if k == "rival":
            return f"Leave P{sp['seat']} with at most {sp['points']} points when your turn ends."
        if k == "ziggurats":
            return f"Own {sp['ziggurats']} ziggurat{'s' if sp['ziggurats'] != 1 else ''} when your turn ends."
        return f"Have at least {sp['cubes']} cubes on the grid when your turn ends."

    def met(self, end: UrState, seat: int) -> bool:
        k, sp = self.kind, self.spec
        if k == "all":
            return all(p.met(end, seat) for p in self.parts)
        if k == "points":
            return bool(points(end, seat) >= sp["points"])
        if k == "lead":
            return bool(lead(end, seat) >= sp["points"])
        if k == "own":
            c = int(sp["cell"])
            return end.owner[c] == seat and not end.zig[c]
        if k == "rival":
            return bool(sp["seat"] < end.n and points(end, int(sp["seat"])) <= sp["points"])
        if k == "ziggurats":
            return bool(ziggurats(end, seat) >= sp["ziggurats"])
        return bool(end.on_grid[seat] >= sp["cubes"])

    def shortfall(self, end: UrState, seat: int) -> str:
        """Why a finished turn misses the goal, in plain words."""
        k, sp = self.kind, self.spec
        if k == "all":
            return " ".join(p.shortfall(end, seat) for p in self.parts if not p.met(end, seat))
        if k == "points":
            return f"Your turn ends with {points(end, seat)} points; the goal is {sp['points']}."
        if k == "lead":
            return f"Your lead ends at {lead(end, seat)} points; the goal is {sp['points']}."
        if k == "own":
            c = int(sp["cell"])
            holder = end.owner[c]
            who = "nobody" if holder < 0 else "you, but as a ziggurat" if holder == seat else f"P{holder}"
            return f"{cell_name(c)} is held by {who} at the end of your turn."
        if k == "rival":
            return f"P{sp['seat']} ends your turn with {points(end, int(sp['seat']))} points; the goal is at most {sp['points']}."
        if k == "ziggurats":
            return f"You own {ziggurats(end, seat)} ziggurats; the goal is {sp['ziggurats']}."
        return f"You have {end.on_grid[seat]} cubes on the grid; the goal is {sp['cubes']}."


def turn_over(s: UrState, start: UrState) -> bool:
    """Is the turn that began at ``start`` over (the next turn begun, or the game ended)?"""
    return s.phase == PH_OVER or s.line != start.line


def reply_step(s: UrState) -> Step:
    """What another player chooses inside the puzzle's turn: the bots' completion policy."""
    return finish_step(s, legal_actions(s))


MAX_TURN_STEPS = 40
"""The longest turn (the player's steps) the searches follow; a turn is a few steps."""


def fingerprint(s: UrState) -> tuple[Any, ...]:
    """Everything of ``s`` that decides what follows, as a hashable key (the options are the game's)."""
    return s.key()


MAX_REMEMBERED = 25_000
"""Positions whose ``reachable`` answer a puzzle keeps (a page's tree holds at most 20,000)."""

REACH_LIMIT = 4000
"""Positions the per-step judgement looks at before it says "can't tell"."""


def reachable(s: UrState, start: UrState, seat: int, goal: UrGoal, prefer: Sequence[Step] = (),
              limit: int = REACH_LIMIT) -> bool | None:  # fmt: skip
    """Can the rest of the turn still meet ``goal``? True/False, or None when ``limit`` positions were
    not enough to tell. ``prefer`` (the solution's remaining steps) is tried first."""
    return find_line(s, start, seat, goal, prefer, limit)[0]


def find_line(s: UrState, start: UrState, seat: int, goal: UrGoal, prefer: Sequence[Step] = (),
              limit: int = REACH_LIMIT) -> tuple[bool | None, list[Step]]:  # fmt: skip
    """``reachable``'s answer with the player's steps of a line that meets ``goal`` (empty unless True):
    the other players answer with ``reply_step``, the player's choices are tried policy first."""
    budget = [limit]
    seen: set[tuple[Any, ...]] = set()  # a position met again (a shuttle, another order) holds nothing new

    def search(t: UrState, hints: Sequence[Step], line: list[Step]) -> bool | None:
        if turn_over(t, start):
            return goal.met(t, seat)
        budget[0] -= 1
        if budget[0] < 0 or len(line) > MAX_TURN_STEPS:
            return None
        key = fingerprint(t)
        if key in seen:
            return False
        seen.add(key)
        steps = legal_actions(t)
        if t.decider != seat:
            order = [reply_step(t)]
        else:
            first = [h for h in hints[:1] if h in steps]
            policy = finish_step(t, steps)
            order = [*first, *(st for st in [policy] if st not in first)]
            order += [st for st in steps if st not in order]
        unknown = False
        for st in order:
            child = t.clone()
            apply_unchecked(child, st)
            rest = hints[1:] if hints and st == hints[0] else ()
            if t.decider == seat:
                line.append(st)
            found = search(child, rest, line)
            if found:
                return True
            if t.decider == seat:
                line.pop()
            if found is None:
                unknown = True
                if budget[0] < 0:
                    return None
        return None if unknown else False

    line: list[Step] = []
    found = search(s.clone(), prefer, line)
    return found, line if found else []


LABELS = ((1000, "beginner"), (1300, "easy"), (1600, "intermediate"), (1900, "hard"), (10_000, "expert"))


def rating_label(rating: float) -> str:
    """A word for a puzzle rating: beginner (< 1000), easy, intermediate, hard, expert (≥ 1900)."""
    return next((word for limit, word in LABELS if rating < limit), "expert")


@dataclass(frozen=True)
class UrPuzzle:
    """An Ur position at the start of a turn, a goal for that turn and a verified solution."""

    key: str
    title: str
    position: str
    goal: UrGoal
    solution: tuple[str, ...]
    """The player's steps of the solving turn, in order (other players' answers are ``reply``'s)."""
    themes: tuple[str, ...] = ()
    rating: int = 1200
    hints: tuple[str, ...] = ()
    explanation: str = ""
    source: str = "mined"
    origin: Mapping[str, Any] | None = field(default=None, compare=False)
    search: Mapping[str, Any] | None = field(default=None, compare=False)
    """How the search judged the solution: the decisive step, the values of the best and second-best
    turns there, the margin, visits and iterations."""
    topic: str = ""

    def game(self) -> UrGame:
        return UrGame.from_position(self.position)

    @cached_property
    def seat(self) -> int:
        # read once: the judges ask for it at every step of every line, and it parses the position
        return self.game().state.active

    @property
    def elo(self) -> int:
        return self.rating

    @property
    def label(self) -> str:
        return rating_label(self.rating)

    @property
    def difficulty(self) -> int:
        return 1 if self.rating < 1200 else 2 if self.rating < 1600 else 3

    def steps(self) -> list[Step]:
        return [parse_step(t) for t in self.solution]

    def check(self, game: UrGame) -> Verdict:
        """Judge a try: a game started from this puzzle's position."""
        start, now = game.state_at(0), game.state
        if not turn_over(now, start):
            return Verdict("playing", "Keep going: the turn is not over yet.")
        if self.goal.met(now, self.seat):
            return Verdict("solved", f"Solved! {self.explanation}".strip())
        return Verdict("failed", f"Not quite. {self.goal.shortfall(now, self.seat)} Try again.")

    def judge(self, game: UrGame) -> Verdict:
        """The last step of a try, judged as it is made: "good" while the goal can still be met this
        turn, "bad" once it cannot, "unclear" when the look-ahead could not tell."""
        start, now = game.state_at(0), game.state
        if len(game) == 0:
            return Verdict("unclear", "")
        played = [a for a, who in zip(game.actions, game.actors, strict=True) if who == self.seat]
        last = str(played[-1]) if played else str(game.actions[-1])
        mine = self.steps()
        on_path = played == mine[: len(played)]
        if turn_over(now, start):
            ok = self.goal.met(now, self.seat)
            return Verdict("good" if ok else "bad", f"{last}: {'the goal is met' if ok else 'the goal is missed'}.")
        if on_path:
            return Verdict("good", f"{last}: good — the goal is still in reach.")
        found = self._reachable(now, start)
        if found:
            return Verdict("good", f"{last}: fine — the goal can still be met this turn.")
        if found is None:
            return Verdict("unclear", f"{last}: not the solution's step; it may still work.")
        return Verdict("bad", f"{last}: after this step the goal can no longer be met this turn. Step back, or Retry.")

    @cached_property
    def _reached(self) -> dict[tuple[Any, ...], bool | None]:
        return {}

    def _reachable(self, now: UrState, start: UrState) -> bool | None:
        """``reachable`` from ``now``, remembered by position: the search depends on nothing else, and
        a page's tree asks again for a position reached by another order of steps."""
        key = (fingerprint(now), fingerprint(start))
        if key not in self._reached:
            if len(self._reached) >= MAX_REMEMBERED:
                self._reached.clear()
            self._reached[key] = reachable(now, start, self.seat, self.goal)
        return self._reached[key]

    def reply(self, game: UrGame) -> Step | None:
        """Another player's answer when he must decide inside the puzzle's turn (None: the player decides)."""
        s = game.state
        if s.phase == PH_OVER or turn_over(s, game.state_at(0)) or s.decider == self.seat:
            return None
        return reply_step(s)

    def hint(self, level: int = 0) -> str:
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

    def play_solution(self) -> UrGame:
        """Play the solution, other players answering with ``reply``."""
        game = self.game()
        start = game.state_at(0)
        moves = self.steps()
        while not turn_over(game.state, start):
            answer = self.reply(game)
            if answer is not None:
                game.apply(answer)
                continue
            if not moves:
                raise ValueError(f"puzzle {self.key}: the solution ends before the turn does")
            game.apply(moves.pop(0))
        if moves:
            raise ValueError(f"puzzle {self.key}: steps left over after the turn: {', '.join(map(str, moves))}")
        return game

    def at_turn_start(self) -> bool:
        s = self.game().state
        return s.phase == PH_TURN and not s.started
