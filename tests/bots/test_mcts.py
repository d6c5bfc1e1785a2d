"""The shared tree search finds known best moves in a small game with exact values (Nim)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from tigris_widget.bots.budget import Budget
from tigris_widget.bots.mcts import MCTS

State = list[int]  # [stones left, seat to move, players, winner or -1]


class Nim:
    """Take 1–3 stones; who takes the last one wins. Seats take turns in order."""

    def clone(self, state: State) -> State:
        return list(state)

    def to_move(self, state: State) -> int | None:
        return None if state[3] >= 0 else state[1]

    def legal(self, state: State) -> Sequence[int]:
        return [k for k in (1, 2, 3) if k <= state[0]]

    def play(self, state: State, action: int) -> None:
        state[0] -= action
        if state[0] == 0:
            state[3] = state[1]
        state[1] = (state[1] + 1) % state[2]

    def playout_action(self, state: State, rng: random.Random) -> int:
        return rng.choice(self.legal(state))

    def evaluate(self, state: State) -> list[float]:
        if state[3] < 0:
            return [1 / state[2]] * state[2]
        return [1.0 if seat == state[3] else 0.0 for seat in range(state[2])]


@pytest.mark.parametrize(("stones", "best"), [(5, 1), (6, 2), (7, 3), (3, 3)])
def test_two_player_nim_leaves_a_multiple_of_four(stones: int, best: int) -> None:
    result = MCTS(Nim(), seed=1).search([stones, 0, 2, -1], Budget(iterations=3000))
    assert result.best == best
    top = result.candidates[0]
    assert all(top.value > c.value and top.visits > c.visits for c in result.candidates[1:])
    assert result.iterations == 3000


def test_the_search_leaves_the_state_alone_and_refuses_a_finished_game() -> None:
    state = [5, 0, 2, -1]
    MCTS(Nim(), seed=2).search(state, Budget(iterations=50))
    assert state == [5, 0, 2, -1]
    with pytest.raises(ValueError, match="over"):
        MCTS(Nim()).search([0, 1, 2, 0], Budget(iterations=5))


def test_values_are_per_seat_with_three_players() -> None:
    # 3 players, 4 stones, seat 0 to move: taking 3 leaves 1 for seat 1, who wins; taking 1 leaves 3 for seat 1,
    # who takes all 3 and wins too; taking 2 leaves 2: seat 1 takes 2 and wins. Every move loses, but the
    # search must still report seat 0's value (low), not seat 1's.
    result = MCTS(Nim(), seed=3).search([4, 0, 3, -1], Budget(iterations=2000))
    assert all(c.value < 0.5 for c in result.candidates)
