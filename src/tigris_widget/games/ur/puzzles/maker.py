"""An Ur puzzle made from any turn start and a goal, checked at once the way the miner checks its own:
a line of the turn meets the goal (the other players answering with the bots' completion policy, as
in every Ur puzzle), the plain policy turn — Ur's "doing nothing" — misses it, and the report gives
the solving line, whether the first real choice is the only one that works, the rating and the themes.
"""

from __future__ import annotations

from collections.abc import Mapping
from hashlib import sha1
from typing import Any

from tigris_widget.games.ur.bots.analysis import _ranked as greedy_order
from tigris_widget.games.ur.engine import Step, UrState, apply_unchecked, legal_actions
from tigris_widget.games.ur.engine.state import PH_OVER, PH_TURN
from tigris_widget.games.ur.game import UrGame
from tigris_widget.games.ur.puzzles.goals import UrGoal, UrPuzzle, find_line, reply_step, turn_over
from tigris_widget.games.ur.puzzles.miner import after, rating_of, rival_ways, tag, words_for

GOAL_KINDS: dict[str, str] = {
    "points points=N": "end your turn with at least N points (your hand tile on its better side)",
    "lead points=N": "lead every other player by at least N points when your turn ends",
    "own cell=C from=S": "win the tile C (0..35) from seat S and hold it (from=-1: just own it)",
    "rival seat=S points=N": "leave seat S with at most N points",
    "ziggurats ziggurats=N": "own N ziggurats when your turn ends",
    "cubes cubes=N": "have at least N cubes on the grid when your turn ends",
    "all goals=[…]": 'two or three of the above together (JSON: {"kind": "all", "goals": [...]})',
}
"""The goals a puzzle can have, as a person writes them (``kind key=value …``), with what they ask."""
SEARCH_LIMIT = 40_000
"""Positions the search may look at to find a solving line (some seconds) before it gives up."""


def _only_first(s: UrState, first: Step, goal: UrGoal) -> bool | None:
    """Is ``first`` the only first step from which some line of the turn meets ``goal``? None when the
    look-ahead could not rule out every other first step (unknown for one, none known to work)."""
    unknown = False
    for _step, works in rival_ways(s, s, goal, [st for st in legal_actions(s) if st != first]):
        if works:
            return False
        unknown = unknown or works is None
    return None if unknown else True


def _key_choice(start: UrState, steps: list[Step]) -> tuple[int, UrState, Step, int]:
    """The first of the player's steps with a real choice (its index, the state there, the step) and how
    many real choices the line holds."""
    t, seat = start.clone(), start.active
    found: tuple[int, UrState, Step] | None = None
    choices = 0
    for index, step in enumerate(steps):
        while t.decider != seat and not turn_over(t, start):
            apply_unchecked(t, reply_step(t))
        if len(legal_actions(t)) > 1:
            choices += 1
            if found is None:
                found = (index, t.clone(), step)
        apply_unchecked(t, step)
    first = found or (0, start.clone(), steps[0])
    return (*first, choices)


def make(position: str, spec: Mapping[str, Any], *, title: str = "", seat: int | None = None) -> UrPuzzle:
    """The checked puzzle of ``position`` with the goal ``spec``; ``ValueError`` naming the failed check.
    Its ``origin["made"]`` is the report: ``solution``, ``line``, ``unique_first_step``, ``rating``,
    ``themes``. The rating is the miner's (``rating_of``): the key choice's place in the greedy reading
    (the order the shared search's ``greedy_rank`` gives too) and the real choices of the turn."""
    try:
        goal = UrGoal.from_spec(spec)
    except ValueError as err:
        raise ValueError(f"bad goal: {err}") from None
    game = UrGame.from_position(position)
    s = game.state
    if s.phase == PH_OVER:
        raise ValueError("the game is over in this position: there is no turn left to make a puzzle of")
    if s.phase != PH_TURN or s.started:  # to_position writes a turn's start: this is the setup
        raise ValueError("the position is in the setup, not in play: an Ur puzzle is one whole turn of play")
    if seat is not None and seat != s.active:
        raise ValueError(f"seat {seat} is not to play: the position has P{s.active} to play")
    player = s.active
    plain = after(s, None)
    if goal.met(plain, player):
        raise ValueError(f"not a puzzle: doing nothing already wins — P{player}'s plain turn (the bots' usual "
                         f"play) meets the goal. Goal: {goal.text}")  # fmt: skip
    found, steps = find_line(s, s, player, goal, limit=SEARCH_LIMIT)
    if found is None:
        raise ValueError(f"not checked: the search looked at {SEARCH_LIMIT:,} positions without finding a line "
                         "that meets the goal; try an easier goal or a simpler position")  # fmt: skip
    if not found:
        raise ValueError(f"not a puzzle: the goal cannot be met — no line of P{player}'s turn reaches it. "
                         f"The plain turn: {goal.shortfall(plain, player)}")  # fmt: skip
    text = game.to_position()
    digest = sha1(f"{text}|{sorted(goal.spec.items())!r}".encode()).hexdigest()[:8]
    draft = UrPuzzle(f"h-{digest}", title, text, goal, tuple(str(st) for st in steps), source="hand-made")
    played = draft.play_solution()
    index, at, key, choices = _key_choice(s, steps)
    rank = greedy_order(at, legal_actions(at)).index(key) + 1
    rating = rating_of(rank, choices, 1.0)  # no search margin measured: no bonus for a close one
    # a position text does not tell how far its game is (its turn count starts there): no phase theme
    themes = tuple(t for t in tag(s, steps, key, goal) if t not in ("opening", "middlegame", "endgame"))
    name, hints = words_for(key)
    report = {"solution": list(draft.solution), "line": [str(a) for a in played.actions],
              "unique_first_step": _only_first(s, steps[0], goal), "rating": rating, "themes": list(themes)}  # fmt: skip
    explanation = f"The key step is {key} (step {index + 1} of your turn)."
    return UrPuzzle(draft.key, title or name, text, goal, draft.solution, themes, rating, hints, explanation,
                    "hand-made", origin={"made": report}, topic=", ".join(themes))  # fmt: skip
