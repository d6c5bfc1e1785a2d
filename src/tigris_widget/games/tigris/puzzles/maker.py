"""A T&E puzzle made from any position and a goal, checked at once the way the miner checks its own:
the solver forces the goal against every defence, passing misses it, and the report gives the solving
line, whether one first action alone forces it, the bots' rating and the themes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from tigris_widget.core.puzzle import PuzzleFieldError
from tigris_widget.games.tigris.engine.core.types import COLOUR_NAMES, LEADER_NAMES, to_colour
from tigris_widget.games.tigris.engine.rules.turn import apply_unchecked
from tigris_widget.games.tigris.game import Game
from tigris_widget.games.tigris.puzzles.description import explain, puzzle_title, tag
from tigris_widget.games.tigris.puzzles.entry import goal_from_spec
from tigris_widget.games.tigris.puzzles.forcing import TooBig, forced_values
from tigris_widget.games.tigris.puzzles.goals import Goal, Puzzle, solve
from tigris_widget.games.tigris.puzzles.miner import first_hint, fit_rating, player_moves, rate
from tigris_widget.games.tigris.puzzles.soundness import problems_idle

GOAL_KINDS: dict[str, str] = {
    "gain colour=C points=N": "score N points of colour C (red, black, blue, green) this turn",
    "gain_total points=N": "score N points, any colours, this turn",
    "treasures count=N": "take N treasures this turn",
    "monuments count=N": "build N monuments this turn",
    "weakest": "lift your weakest colour (treasures wild) as high as can be forced",
    "send_home victim=S colour=C": "send seat S's leader of colour C home",
    "win_conflict victim=S colour=C": "win a conflict against seat S's leader of colour C, keeping yours",
    "building colour=C": "build the civilization building of colour C, or move it to a longer line",
    "ziggurat": "build the ziggurat this turn",
    "ziggurat_bonus": "end the turn with your king in the ziggurat's kingdom (its bonus point)",
}
"""The goals a puzzle can have, as a person writes them (``kind key=value …``), with what they ask."""


def goal_of(spec: Mapping[str, Any], names: tuple[str, ...] | list[str]) -> Goal:
    """The goal ``spec`` describes; a conflict goal without ``text`` gets the miner's wording."""
    spec = dict(spec)
    if spec.get("kind") in ("send_home", "win_conflict") and "text" not in spec:
        victim, colour = spec.get("victim"), spec.get("colour")
        if type(victim) is not int or not 0 <= victim < len(names):
            raise PuzzleFieldError("goal", f"'victim' is a seat 0..{len(names) - 1}, not {victim!r:.20}")
        try:
            leader = LEADER_NAMES[to_colour(colour)]
        except (ValueError, TypeError, KeyError):
            raise PuzzleFieldError(
                "goal", f"'colour' is one of {', '.join(COLOUR_NAMES)}, not {colour!r:.20}"
            ) from None
        who = f"{names[victim].capitalize()}'s {leader}"
        spec["text"] = (
            f"Win a conflict against {who}: send him home and keep your {leader}."
            if spec["kind"] == "win_conflict"
            else f"Send {who} back to his supply."
        )
    return goal_from_spec(spec)


def _shortfall(state: Any, seat: int, goal: Goal, moves: list[Any], target: float) -> str:
    end = state.clone()
    for action in moves:
        apply_unchecked(end, action)
    return goal.shortfall(goal.score(state, end, seat), target, state, end, seat)


def make(position: str, spec: Mapping[str, Any], *, title: str = "", seat: int | None = None) -> Puzzle:
    """The checked puzzle of ``position`` with the goal ``spec``; ``ValueError`` naming the failed check.
    Its ``origin["made"]`` is the report: ``solution``, ``line``, ``unique_first_step``, ``rating``, ``themes``."""
    game = Game.from_position(position)
    s = game.state
    names = s.setup.dynasties
    if s.over:
        raise ValueError("the game is over in this position: there is no turn left to make a puzzle of")
    if seat is not None and seat != s.active:
        raise ValueError(
            f"seat {seat} is not to play: the position has {names[s.active].capitalize()} (seat {s.active})"
        )
    try:
        goal = goal_of(spec, names)
    except ValueError as err:
        raise ValueError(f"bad goal: {err}") from None
    player = s.active
    who = names[player].capitalize()
    try:
        line = solve(s, player, goal)
    except RuntimeError as err:
        raise ValueError(f"not checked: {err}; try a position with fewer choices") from None
    target = line.value if goal.best else goal.target
    if line.value < target:
        why = _shortfall(s, player, goal, line.moves, target)
        raise ValueError(f"not a puzzle: the goal cannot be forced — against the best defence {who} falls short. {why}")
    text = game.to_position()
    digest = hashlib.sha1((text + json.dumps(goal.to_spec(), sort_keys=True)).encode()).hexdigest()[:8]
    draft = Puzzle(f"h-{digest}", title, text, goal, 2, player_moves(s, player, line.moves),
                   known_target=target if goal.best else None)  # fmt: skip
    if problems_idle(draft):
        raise ValueError(
            f"not a puzzle: doing nothing already wins — {who} meets the goal by passing. Goal: {goal.text}"
        )
    played = draft.play_solution()
    themes = tag(s, player, goal, played.events, phase=False)
    try:
        forced = forced_values(s, [goal.score])
        winners = [str(a) for a, v in forced if v[0] >= target]
        rating, _ = rate(draft, winners, len(forced))
        unique: bool | None = len(winners) == 1
    except TooBig:  # too many lines after the first action to weigh every one: the bots' trial cannot run
        unique, rating = None, fit_rating([], len(game.legal_actions()))
    report = {"solution": list(draft.solution), "line": [str(a) for a in played.actions],
              "unique_first_step": unique, "rating": rating, "themes": list(themes)}  # fmt: skip
    return Puzzle(draft.key, title or puzzle_title(goal, themes, names), text, goal,
                  1 if rating < 1200 else 2 if rating < 1600 else 3, draft.solution, first_hint(themes),
                  explain(played), themes=themes, rating=rating, origin={"made": report},
                  known_target=draft.known_target)  # fmt: skip
