"""The state of a game of the Royal Game of Ur: a plain class with a cheap ``copy``."""

from __future__ import annotations

from tigris_widget.games.royal.engine.board import OFF, PIECES, START

STRIDE = 16
"""``counts[seat * STRIDE + square]``: path squares 0–15 of each seat."""
ROLL_PENDING = -1
"""``roll`` while the seat to move must still throw the dice (a chance step)."""


class RoyalState:
    """Where every piece stands and what happens next.

    Fields:

    * ``counts`` — ``counts[seat * 16 + square]``: how many of ``seat``'s pieces stand on its path
      square ``square`` (0 = not entered, 1–14 on the board (at most one each), 15 = borne off);
      ``at(seat, square)`` reads it.
    * ``to_move`` — the seat that rolls or moves now (0 Light, 1 Dark); after the end, the winner.
    * ``roll`` — ``-1`` (``ROLL_PENDING``): the dice are to be thrown (a chance step); 1–4: the seat must
      move a piece by that much (it has a legal move: a roll of 0 or one without a move passes at once).
    * ``winner`` — -1 while the game goes on, else the seat that bore off all seven pieces.
    """

    __slots__ = ("counts", "roll", "to_move", "winner")

    def __init__(self, counts: list[int], to_move: int, roll: int, winner: int) -> None:
        self.counts = counts
        self.to_move = to_move
        self.roll = roll
        self.winner = winner

    @staticmethod
    def start() -> RoyalState:
        """All fourteen pieces off the board, Light to roll."""
        counts = [0] * (2 * STRIDE)
        counts[START] = counts[STRIDE + START] = PIECES
        return RoyalState(counts, 0, ROLL_PENDING, -1)

    def copy(self) -> RoyalState:
        return RoyalState(list(self.counts), self.to_move, self.roll, self.winner)

    def clone(self) -> RoyalState:
        """The same as ``copy`` (the name the other games' states use)."""
        return self.copy()

    def at(self, seat: int, square: int) -> int:
        """How many of ``seat``'s pieces stand on its path square ``square`` (0–15)."""
        return self.counts[seat * STRIDE + square]

    def squares(self, seat: int) -> list[int]:
        """``seat``'s path squares 1–14 that hold its pieces, ascending."""
        base = seat * STRIDE
        return [sq for sq in range(1, OFF) if self.counts[base + sq]]

    def off(self, seat: int) -> int:
        return self.counts[seat * STRIDE + OFF]

    def waiting(self, seat: int) -> int:
        return self.counts[seat * STRIDE + START]

    @property
    def over(self) -> bool:
        return self.winner >= 0

    @property
    def chance(self) -> bool:
        """Whether the dice are to be thrown now (and the game is not over)."""
        return self.winner < 0 and self.roll == ROLL_PENDING

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RoyalState):
            return NotImplemented
        return (self.counts == other.counts and self.to_move == other.to_move and self.roll == other.roll
                and self.winner == other.winner)  # fmt: skip

    def __hash__(self) -> int:
        return hash((tuple(self.counts), self.to_move, self.roll, self.winner))

    def __repr__(self) -> str:
        rolled = "to roll" if self.roll == ROLL_PENDING else f"rolled {self.roll}"
        seats = "; ".join(
            f"seat {s}: start {self.waiting(s)} board {self.squares(s)} off {self.off(s)}" for s in (0, 1)
        )
        status = f"won by seat {self.winner}" if self.over else f"seat {self.to_move} {rolled}"
        return f"<RoyalState {seats}; {status}>"

    def __reduce__(self) -> tuple[object, tuple[list[int], int, int, int]]:
        # compiled classes pickle through a plain constructor call
        return RoyalState, (list(self.counts), self.to_move, self.roll, self.winner)
