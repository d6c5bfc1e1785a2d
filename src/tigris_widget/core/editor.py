"""The position editor's model: a draft position of any game, edited piece by piece, with undo/redo
and the engine's own checks shown where they apply.

>>> from tigris_widget.core.editor import Editor
>>> editor = Editor.new("ur", players=3, seed=7)
>>> editor.set("stage", "play")
>>> editor.place((0, 0), "P0x6")  # six cubes: kept in the draft, reported where they stand
>>> [(p.square, p.message) for p in editor.problems()]
[(0, "a tile holds 1..5 cubes, not 6 ('Ac:0x6')")]
>>> editor.undo(); editor.problems()
[]

Every edit works on a copy of the draft: an edit the position text cannot express at all (a square off
the board, a piece the game has not) raises ``ValueError`` and changes nothing; an edit the rules
forbid is kept and listed by ``problems()``, and ``to_position()``, ``game()`` and ``to_code()`` then
refuse, naming every problem. ``handle(message)`` is the same for the board widget: a message it
cannot apply changes nothing and raises nothing, and ``last_error`` says why.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tigris_widget.core.checks import MAX_SHOWN, shown
from tigris_widget.core.editing import PositionEditing, Problem
from tigris_widget.core.hooks import position_editing, puzzle_book
from tigris_widget.core.protocol import GameLike, GameModule, PuzzleLike
from tigris_widget.core.puzzle import goal_spec
from tigris_widget.core.registry import game_module

MAX_HISTORY = 500
"""Edits kept for undo; the oldest are dropped beyond this (a long session stays small)."""

LOOK_BACK = 20
"""How many edits back ``to_view`` looks for a valid draft to show while the current one is invalid."""

MESSAGE_KINDS = ("place", "remove", "move", "set", "undo", "redo")
"""What ``handle`` accepts in a message's ``kind``."""


def _rules(name: str) -> tuple[GameModule, PositionEditing]:
    module = game_module(name)
    rules = position_editing(module)
    if rules is None:
        raise ValueError(f"the positions of {name} cannot be edited (its package has no position_editing)")
    return module, rules


class Editor:
    """A draft position of game ``name`` with its edit history (``new``, ``from_position``,
    ``from_game`` make one)."""

    def __init__(
        self,
        game: str,
        text: str | None = None,
        *,
        players: int | None = None,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.game_name = game
        self._module, self._rules = _rules(game)
        first = self._rules.start(players, seed, options) if text is None else self._rules.read(text)
        self._history: list[Any] = [first]
        self._checked: list[list[Problem] | None] = [None]  # each draft's problems, found once
        self._at = 0
        self.state_id = 0
        """Changes with every edit, undo and redo: a widget message must carry the one it drew."""
        self.last_error: str | None = None
        """Why the last message ``handle`` received changed nothing (None after one that applied)."""

    # -- starting points -----------------------------------------------------------------------------
    @classmethod
    def new(
        cls, game: str, players: int | None = None, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> Editor:
        """The setup of a new game (``players`` defaults to the game's usual count)."""
        return cls(game, players=players, seed=seed, options=options)

    @classmethod
    def from_position(cls, game: str, text: str) -> Editor:
        """A valid position text of ``game`` (``PositionError`` when its reader refuses it)."""
        return cls(game, text)

    @classmethod
    def from_game(cls, game: GameLike) -> Editor:
        """The position a game stands at now."""
        return cls(game.name, game.to_position())

    # -- the draft ------------------------------------------------------------------------------------
    @property
    def draft(self) -> Any:
        """The game's draft value (read-only by convention: edits replace it)."""
        return self._history[self._at]

    def text(self) -> str:
        """The draft as position text, valid or not."""
        return self._rules.text(self.draft)

    def fields(self) -> dict[str, Any]:
        """The off-grid fields and their values, as ``set`` takes them."""
        return self._rules.fields(self.draft)

    def cells(self) -> list[str]:
        """What each square holds (its position-text token)."""
        return self._rules.cells(self.draft)

    def palette(self) -> list[dict[str, str]]:
        """Every piece ``place`` takes, with its label."""
        return self._rules.palette(self.draft)

    def field_choices(self) -> dict[str, list[Any]]:
        """The values of the fields whose values are a known set (a game may name none: all take text)."""
        choices = getattr(self._rules, "field_choices", None)
        return dict(choices(self.draft)) if callable(choices) else {}

    # -- edits ---------------------------------------------------------------------------------------
    def place(self, square: object, piece: object) -> None:
        """Put ``piece`` (a palette entry's ``piece``) on ``square``."""
        q = self._square(square)
        self._push(self._rules.place(self.draft, q, piece))

    def remove(self, square: object) -> None:
        """Take the top piece off ``square``."""
        q = self._square(square)
        self._push(self._rules.remove(self.draft, q))

    def move(self, origin: object, target: object) -> None:
        """Move the top piece of ``origin`` to ``target``."""
        a, b = self._square(origin), self._square(target)
        self._push(self._rules.move(self.draft, a, b))

    def set(self, field: object, value: object) -> None:
        """Set an off-grid field (``fields()`` lists them)."""
        self._push(self._rules.set(self.draft, field, value))

    def undo(self) -> None:
        if self._at == 0:
            raise ValueError("there is no edit to undo")
        self._at -= 1
        self.state_id += 1

    def redo(self) -> None:
        if self._at == len(self._history) - 1:
            raise ValueError("there is no undone edit to redo")
        self._at += 1
        self.state_id += 1

    @property
    def can_undo(self) -> bool:
        return self._at > 0

    @property
    def can_redo(self) -> bool:
        return self._at < len(self._history) - 1

    def _square(self, value: object) -> int:
        if type(value) is list:  # a JSON pair from the widget
            value = tuple(value)
        return self._module.to_square(value)

    def _push(self, draft: Any) -> None:
        del self._history[self._at + 1 :]
        del self._checked[self._at + 1 :]
        self._history.append(draft)
        self._checked.append(None)
        if len(self._history) > MAX_HISTORY:
            del self._history[0], self._checked[0]
        self._at = len(self._history) - 1
        self.state_id += 1

    # -- validation and results ----------------------------------------------------------------------
    def problems(self) -> list[Problem]:
        """What the engine's position checks refuse in the draft (empty: the position is valid)."""
        return list(self._problems_at(self._at))

    def _problems_at(self, index: int) -> list[Problem]:
        found = self._checked[index]
        if found is None:
            found = self._checked[index] = self._rules.problems(self._history[index])
        return found

    def describe(self, problem: Problem) -> str:
        """A problem in words, led by the square or field it concerns (as ``to_position`` names it)."""
        return _said(self._module, problem)

    @property
    def is_valid(self) -> bool:
        return not self.problems()

    def _checked_text(self) -> str:
        found = self.problems()
        if found:
            said = "; ".join(_said(self._module, p) for p in found)
            raise ValueError(f"the position is not valid ({len(found)} problem{'s' * (len(found) > 1)}): {said}")
        return self.text()

    def game(self) -> GameLike:
        """A game to play from the draft, as loading its position text gives."""
        return self._module.game_from_position(self._checked_text())

    def to_position(self) -> str:
        """The game's own position text of the draft (its reader gives back an equal position)."""
        return self.game().to_position()

    def to_code(self) -> str:
        """Python that builds the position as ``game`` when pasted into a notebook."""
        return self._rules.code(self.to_position())

    def make_puzzle(self, goal: str | Mapping[str, Any], *, title: str = "") -> PuzzleLike:
        """A puzzle of the draft with ``goal``, checked by the game's solver at once: the same as
        ``puzzles.make.make_puzzle(editor, goal, title=title)``, whose report ``puzzle_report`` reads.
        ``ValueError`` naming the draft's problems, a bad goal or the check the puzzle fails."""
        # through the game's book, as puzzles.make does: the core may not import the puzzle layer
        book = puzzle_book(self._module)
        if book is None:
            raise ValueError(f"{self.game_name} has no puzzles: a puzzle cannot be made of its positions")
        return book.make(self.to_position(), goal_spec(goal), title=title, seat=None)

    # -- the widget's side ---------------------------------------------------------------------------
    def handle(self, message: object) -> None:
        """Apply one message from the board widget: ``{"kind": "place"|"remove"|"move"|"set"|"undo"|"redo",
        "state_id": <the state drawn>, …}`` with ``square`` and ``piece``, ``origin`` and ``target``, or
        ``field`` and ``value``. A message that cannot apply changes nothing and raises nothing:
        ``last_error`` says why (None after one that applied)."""
        try:
            self._dispatch(message)
        except ValueError as err:
            self.last_error = str(err)
        else:
            self.last_error = None

    def _dispatch(self, message: object) -> None:
        if type(message) is not dict:
            raise ValueError(f"a message is a dict, not {shown(message)}")
        kind = message.get("kind")
        if type(kind) is not str or kind not in MESSAGE_KINDS:
            raise ValueError(f"unknown message kind {shown(kind, MAX_SHOWN)}; the kinds are {', '.join(MESSAGE_KINDS)}")
        needed = {"place": ("square", "piece"), "remove": ("square",), "move": ("origin", "target"),
                  "set": ("field", "value"), "undo": (), "redo": ()}[kind]  # fmt: skip
        unknown = set(message) - {"kind", "state_id", *needed}
        if unknown:
            raise ValueError(f"a {kind} message has no field {', '.join(sorted(shown(u) for u in unknown))}")
        missing = [name for name in needed if name not in message]
        if missing:
            raise ValueError(f"a {kind} message needs {', '.join(missing)}")
        state_id = message.get("state_id")
        if type(state_id) is not int or state_id != self.state_id:
            raise ValueError(f"the message was sent for state {shown(state_id)}; the editor is at {self.state_id}")
        if kind == "place":
            self.place(message["square"], message["piece"])
        elif kind == "remove":
            self.remove(message["square"])
        elif kind == "move":
            self.move(message["origin"], message["target"])
        elif kind == "set":
            self.set(message["field"], message["value"])
        elif kind == "undo":
            self.undo()
        else:
            self.redo()

    def to_view(self) -> dict[str, Any]:
        """What the editor widget draws: the board as the game's presenter shows the draft (or, while the
        draft is invalid, the last valid one, with ``view_is_current`` False), the draft's own squares,
        the problems at their squares, the palette and the off-grid fields."""
        found = self.problems()
        shown_draft = self._last_valid_index() if found else self._at
        view = None
        if shown_draft is not None:
            game = self._module.game_from_position(self._rules.text(self._history[shown_draft]))
            view = self._module.present(game, None, revision=self.state_id)
        return {
            "game": self.game_name,
            "state_id": self.state_id,
            "view": view,
            "view_is_current": not found,
            "cells": self.cells(),
            "fields": self.fields(),
            "palette": self.palette(),
            "problems": [p.as_dict() for p in found],
            "can_undo": self.can_undo,
            "can_redo": self.can_redo,
            "last_error": self.last_error,
        }

    def _last_valid_index(self) -> int | None:
        for index in range(self._at - 1, max(-1, self._at - 1 - LOOK_BACK), -1):
            if not self._problems_at(index):
                return index
        return None


def _said(module: GameModule, problem: Problem) -> str:
    """A problem in words, led by where it is."""
    if problem.square is not None:
        return f"at {_square_name(module, problem.square)}: {problem.message}"
    return f"{problem.field}: {problem.message}" if problem.field else problem.message


def _square_name(module: GameModule, square: int) -> str:
    width = _board_width(module)
    return f"({square % width},{square // width})"


def _board_width(module: GameModule) -> int:
    """The board's width, found through the game's own square reader (``(1, 0)`` is square 1 and
    ``(0, 1)`` is one row further)."""
    return module.to_square((0, 1))
