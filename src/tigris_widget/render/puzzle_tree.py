"""Every line of a puzzle's turn, judged in advance, for a page that solves the puzzle without Python.

From the puzzle's start, each node offers every legal action of the seat deciding; the other seats'
answers inside the turn are played at once, as ``PuzzleBoard`` plays them (``puzzle.reply``), and
the step is judged as the board judges it (``puzzle.judge``; ``puzzle.check`` once the turn is over).

A puzzle whose lines do not all fit gets a tree that follows the solution (``follow``): each step off it
is judged, and a line that left it stops there. Pruning: a step judged "bad" or "unclear" ends its line (the page shows ✗ or ? and offers Step back
and Retry), so nothing below it is stored; neither is anything after the turn. A state reached by
different orders of steps (the whole engine state decides, and whether the try is still on the
solution's path, which the judges take on trust) is judged and grown once: a later order gets a node
of its own only for what it says differently — the judgement of its last step, its log and prompt —
and shares the first node's steps (``"c"``), so the subtree is neither judged nor stored twice.
Identical views are stored once.

The data is ``{"seat", "views", "nodes", …}``: ``nodes[0]`` is the start; a node is ``{"v": view
index, "ply", "j": [status, message] of the step that led to it (absent at the start), "end":
[status, message] of the whole try once the turn is over, "c": {action text: node index}}``. Each
view is the puzzle seat's own (``present(game, seat)``): no hand or bag order it may not see. A view
is stored as ``[base, patch]``: the patch (``render.patches``) of the view ``base`` — the view of the
node it was first reached from, -1 for none — that makes it (``tree_views`` makes them whole): a step
changes a piece, a line of log and the prompt, and gzip cannot share what is thousands of views apart.
"""

from __future__ import annotations

import json
import pickle
import sys
from typing import Any

from tigris_widget.core.protocol import GameLike, PuzzleLike
from tigris_widget.core.puzzle import MARKS
from tigris_widget.core.registry import game_module
from tigris_widget.render.patches import diff, patched

MAX_NODES = 20_000
"""Past this many positions the tree is refused before it is finished: stored as patches at about 60
bytes each once packed (u-bb2a083e: 8,414 in 0.53 MB), more would not fit a 1.5 MB page beside the
board's 0.15 MB of code."""

DEEP_RECURSION = 20_000
"""The recursion limit for a judge that needs more than the default (see ``_judged``)."""


class TreeTooBig(ValueError):
    """The judged tree passed ``MAX_NODES`` positions before it was finished."""


STOPS = ("bad", "unclear")
"""Step judgements that end a stored line: off course, or the judge could not tell (the page cannot
follow such a line to a verdict without a search of its own; it says so and offers Step back)."""
UNCLEAR_NOTE = "This page follows only lines the solver can judge: Step back or Retry."
FOLLOW_NOTE = "This page follows only the solution's line from here on: Step back or Retry."
"""Said where a tree that follows the solution (``PuzzleTree(follow=True)``) stops a step that leaves it."""

SOLVED_PROMPT = "Puzzle solved: press Retry to play it again."
FAILED_PROMPT = "Not solved: press Retry, or see the Solution."


class PuzzleTree:
    """Builds the judged tree of one puzzle's turn (``data()``). With ``follow`` only the solution's
    line is grown: every step off it is still judged (and a turn it ends, checked), but a line that
    leaves the solution and is still open stops there (``FOLLOW_NOTE``) — the page of a puzzle whose
    every line would not fit."""

    def __init__(self, puzzle: PuzzleLike, *, follow: bool = False) -> None:
        self.puzzle = puzzle
        self.follow = follow
        self.seat = puzzle.seat
        self.game = puzzle.game()
        self._present = game_module(self.game.name).present
        self.views: list[dict[str, Any]] = []
        self._bases: list[int] = []  # the view each view is stored as a patch of (-1: none)
        self._view_ids: dict[str, int] = {}
        self.nodes: list[dict[str, Any]] = []
        self._positions: dict[tuple[bool, bytes], int] = {}
        self._steps: list[str] = []  # the player's steps to the node being grown

    def data(self) -> dict[str, Any]:
        """The whole tree, its views and what the page says around the board."""
        self._grow(None, -1)
        views = [
            [base, diff({} if base < 0 else self.views[base], view)] for base, view in zip(self._bases, self.views)
        ]
        return {
            "seat": self.seat,
            "views": views,
            "nodes": self.nodes,
            "solution": self._solution_path(),
            "follows": self.follow,
        }

    # -- the tree ------------------------------------------------------------------------------------
    def _grow(self, judged: tuple[str, str] | None, parent_view: int) -> int:
        """The node of the game as it stands (after the step judged ``judged``, from a node showing
        ``parent_view``), its subtree added."""
        game, puzzle = self.game, self.puzzle
        end = puzzle.check(game)
        over = end.status != "playing"
        stops = over or (judged is not None and judged[0] in STOPS) or game.to_move != self.seat
        # the judges take the solution's own steps on trust, so a position on the solution's path is
        # not the same node as that position reached otherwise
        on_path = self._steps == list(puzzle.solution[: len(self._steps)])
        left = self.follow and not on_path and not stops  # off the solution's line and still open
        stops = stops or left
        state = None if stops else _position_key(game)
        key = None if state is None else (on_path, state)
        first = None if key is None else self._positions.get(key)
        index = len(self.nodes)
        if index >= MAX_NODES:
            along = " even along the solution's line" if self.follow else ""
            raise TreeTooBig(
                f"puzzle {puzzle.key}: more than {MAX_NODES} positions to store{along}; its page would pass 1.5 MB"
            )
        node: dict[str, Any] = {"ply": len(game)}
        if judged is not None:
            node["j"] = list(judged)
        if over:
            node["end"] = [end.status, end.message]
        node["v"] = self._view(judged, end.status if over else None, stops, parent_view, left)
        if first is not None:  # the same state by another order of steps (or a cycle): the same steps on
            known = self.nodes[first]  # from here, but this order's own judgement, log and prompt
            if all(known.get(k) == node.get(k) for k in ("ply", "j", "v")):
                return first
            node["c"] = known["c"]
            self.nodes.append(node)
            return index
        self.nodes.append(node)
        if stops:
            return index
        if key is not None:
            self._positions[key] = index
        children: dict[str, int] = {}
        node["c"] = children  # filled in place: a cycle back here shares it before it is complete
        for action in game.legal_actions():
            with self._played(action):
                self._steps.append(str(action))
                children[str(action)] = self._grow(_judged(puzzle, game), node["v"])
                self._steps.pop()
        return index

    def _played(self, action: Any) -> _Played:
        return _Played(self.game, self.puzzle, action)

    def _view(self, judged: tuple[str, str] | None, end: str | None, frozen: bool, base: int, left: bool) -> int:
        """The seat's view of the game as it stands, with the board's prompt as ``PuzzleBoard`` says it
        (and why the page stops there when the line ``left`` the solution's in a tree that follows it)."""
        view = self._present(self.game, self.seat, log_window=12)
        decision = view.get("decision")
        note = f"{MARKS.get(judged[0], '')} {judged[1]}".strip() if judged and judged[1] else ""
        if decision is not None:
            if frozen:
                prompt = SOLVED_PROMPT if end == "solved" else FAILED_PROMPT if end else note or decision["prompt"]
                if judged and judged[0] == "unclear" and not end:
                    prompt = f"{prompt} {UNCLEAR_NOTE}"
                elif left:
                    prompt = f"{prompt} {FOLLOW_NOTE}"
                view["decision"] = {**decision, "mine": False, "prompt": prompt}
                view["targets"] = {}
            elif note:
                view["decision"] = {**decision, "prompt": f"{note} {decision['prompt']}"}
        view["state_id"] = ""
        key = json.dumps(view, sort_keys=True, separators=(",", ":"))
        found = self._view_ids.get(key)
        if found is None:
            found = self._view_ids[key] = len(self.views)
            view["state_id"] = f"puzzle.{found}"
            self.views.append(view)
            self._bases.append(base)
        return found

    def _solution_path(self) -> list[str]:
        """The seat's actions of the shipped solution, checked to be a line of the tree."""
        node, path = self.nodes[0], []
        for action in self.puzzle.solution:
            children = node.get("c", {})
            if action not in children:
                raise ValueError(f"puzzle {self.puzzle.key}: the solution's step {action!r} is not a line of the tree")
            node = self.nodes[children[action]]
            path.append(action)
        return path


def _position_key(game: GameLike) -> bytes | None:
    """What tells two moments of the turn apart: the whole engine state, pickled (a position text does
    not say all that is pending inside a turn, e.g. which Ur war is being moved). None for a game
    whose facade shows no ``state``: its positions are never shared."""
    state = getattr(game, "state", None)
    return None if state is None else pickle.dumps(state, protocol=5)


class _Played:
    """Play ``action`` and the other seats' answers to it; take them all back on leaving."""

    def __init__(self, game: GameLike, puzzle: PuzzleLike, action: Any) -> None:
        self.game, self.puzzle, self.action = game, puzzle, action

    def __enter__(self) -> None:
        self.before = len(self.game)
        self.game.apply(self.action)
        while (reply := self.puzzle.reply(self.game)) is not None:
            self.game.apply(reply)

    def __exit__(self, *_exc: object) -> None:
        while len(self.game) > self.before:
            self.game.undo()


def _judged(puzzle: PuzzleLike, game: GameLike) -> tuple[str, str]:
    """``puzzle.judge`` of the step just played. A judge whose look-ahead follows a line deeper than
    Python's default recursion limit (an Ur turn can run past a thousand steps) is asked again with
    room for it, so the page says what the judge says rather than failing."""
    try:
        verdict = puzzle.judge(game)
    except RecursionError:
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, DEEP_RECURSION))
        try:
            verdict = puzzle.judge(game)
        finally:
            sys.setrecursionlimit(limit)
    return verdict.status, verdict.message


def tree_views(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The whole views of ``data`` (``PuzzleTree.data()``), each made from its base and patch."""
    made: list[dict[str, Any]] = []
    for base, patch in data["views"]:
        made.append(patched({} if base < 0 else made[base], patch))
    return made


def hints(puzzle: PuzzleLike, most: int = 6) -> list[str]:
    """The puzzle's hints in order, until they repeat (past the authored ones, the first move)."""
    found: list[str] = []
    for level in range(most):
        text = puzzle.hint(level)
        if found and text == found[-1]:
            break
        found.append(text)
    return found
