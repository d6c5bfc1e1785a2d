"""Random games to the end with the invariants checked after every action: seven pieces a seat, one
piece a square, the shared row held by one seat, a pending roll always with a legal move, the winner
with seven off; every state's position text reads back to it; undo walks back to the start."""

from __future__ import annotations

import random

import pytest

from tigris_widget.games.royal import RoyalGame
from tigris_widget.games.royal.engine import check_state, legal, why_illegal
from tigris_widget.games.royal.formats.position import format_position, parse_position


@pytest.mark.parametrize("seed", range(30))
def test_random_games_keep_the_invariants(seed: int) -> None:
    game = RoyalGame.new(seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        decision = game.decision
        assert decision is not None and decision.seat == game.to_move
        assert list(decision.choices) == sorted(decision.choices) == game.legal_actions()
        state = game.state
        if decision.kind == "move":
            assert decision.choices and all(why_illegal(state, a) is None for a in decision.choices)
            assert set(decision.choices) == set(legal(state))
        game.apply(rng.choice(game.legal_actions()))
        now = game.state
        assert check_state(now) is None, check_state(now)
        assert parse_position(format_position(now)) == now
        assert len(game) < 3000
    assert game.winner is not None and game.state.off(game.winner) == 7
    winner_moves = sum(1 for a, seat in zip(game.actions, game.actors) if a.code == 2 and seat == game.winner)
    assert winner_moves >= 28  # seven pieces travel 15 squares each, at most 4 a move
    plies = len(game)
    for _ in range(plies):
        game.undo()
    assert len(game) == 0 and game.state == game.state_at(0)
