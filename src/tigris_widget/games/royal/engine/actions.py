"""The three actions (§8): ``Roll()`` asks for the dice (text ``roll``), ``Rolled(n)`` is what they
showed (``roll n``), ``Move(square)`` moves the mover's piece on that path square by the roll
(``move n``; ``move 0`` enters a piece). Values: hashable, equal by kind and number, ordered (rolls
before moves, then by number), and ``str`` gives the notation, which ``parse_action`` reads back.
"""

from __future__ import annotations

import re
from typing import Final

from tigris_widget.core.checks import MAX_SHOWN, plain_text, shown
from tigris_widget.core.errors import NotationError

ROLL: Final = 0
ROLLED: Final = 1
MOVE: Final = 2
_WORDS: Final = ("roll", "roll", "move")


class Action:
    """One action: ``code`` (``ROLL``, ``ROLLED``, ``MOVE``) and its number ``n`` (-1 for ``Roll``)."""

    __slots__ = ("code", "n")

    def __init__(self, code: int, n: int) -> None:
        self.code = code
        self.n = n

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self.code == other.code and self.n == other.n

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((self.code, self.n))

    def __lt__(self, other: Action) -> bool:
        return (self.code, self.n) < (other.code, other.n)

    def __str__(self) -> str:
        if self.code == ROLL:
            return "roll"
        return f"{_WORDS[self.code]} {self.n}"

    def __repr__(self) -> str:
        if self.code == ROLL:
            return "Roll()"
        return f"{'Rolled' if self.code == ROLLED else 'Move'}({self.n})"

    def __reduce__(self) -> tuple[object, tuple[int, int]]:
        # compiled classes pickle through a plain function call
        return make_action, (self.code, self.n)


class Roll(Action):
    """The request to throw the dice (the only choice of a chance decision)."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(ROLL, -1)


class Rolled(Action):
    """What the dice showed: ``n`` marked tips, 0–4."""

    __slots__ = ()

    def __init__(self, n: object) -> None:
        if type(n) is not int or not 0 <= n <= 4:
            raise NotationError(f"§8: four dice show 0 to 4 marked tips, not {shown(n)}")
        super().__init__(ROLLED, n)


class Move(Action):
    """Move the mover's piece on path square ``n`` (0: enter a new piece) by the roll."""

    __slots__ = ()

    def __init__(self, square: object) -> None:
        if type(square) is not int or not 0 <= square <= 14:
            raise NotationError(f"§8: a piece moves from path square 0 to 14, not {shown(square)}")
        super().__init__(MOVE, square)


def make_action(code: object, n: object) -> Action:
    """An action from its fields, checked: ``ValueError`` (a ``NotationError``) naming a bad one."""
    if code == ROLL and type(code) is int:
        if n != -1 or type(n) is not int:
            raise NotationError("§8: the roll request carries no number")
        return Roll()
    if code == ROLLED and type(code) is int:
        return Rolled(n)
    if code == MOVE and type(code) is int:
        return Move(n)
    raise NotationError(f"§8: no action kind {shown(code)}")


_TEXT: Final = re.compile(r"(roll|move)(?:\s+([0-9]{1,2}))?")


def parse_action(text: object) -> Action:
    """The action that ``text`` writes (``roll``, ``roll 3``, ``move 5``; spaces and case are free).

    :raises NotationError: naming the text that is not an action."""
    plain = plain_text(text)
    if plain is None:
        raise NotationError(f"§8: an action is text or an action value, not {shown(text)}")
    m = _TEXT.fullmatch(" ".join(plain.split()).lower())
    if m is None:
        raise NotationError(f"§8: {shown(plain, MAX_SHOWN)} is not an action (write 'roll', 'roll N' or 'move N')")
    word, number = m.group(1), m.group(2)
    if word == "roll":
        return Roll() if number is None else Rolled(int(number))
    if number is None:
        raise NotationError("§8: 'move' needs the path square of the piece (0 enters a new piece)")
    return Move(int(number))
