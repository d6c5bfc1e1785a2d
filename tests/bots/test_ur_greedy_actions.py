"""Ur's greedy reading plays actions when they gain and tells apart turns that score alike (issue 40):
``heuristics.standings`` counts a war a seat can wage next turn, a ziggurat it can build and what its hand
tile's action would bring, besides the points and cubes."""

from __future__ import annotations

from tigris_widget.bots import make_bot
from tigris_widget.bots.runner import play
from tigris_widget.games.ur import UrGame, UrPositionBuilder
from tigris_widget.games.ur.bots.heuristics import action_yields, points, standings, win_chances
from tigris_widget.games.ur.engine import Step, apply_unchecked, legal_actions
from tigris_widget.games.ur.engine.steps import ACTION_WORDS


def _full_grid() -> UrPositionBuilder:
    """Seed 7's layout with every tile held by one cube (seats by a fixed pattern), P0 to move with a
    war tile of 4 cubes at (1,2) beside P1's culture tile (2,2) and P1's politics tile (0,2); P1 leads."""
    b = UrPositionBuilder(players=3, seed=7)
    for y in range(6):
        for x in range(6):
            b.cubes((x, y), (x + 2 * y) % 3, 1)
    return b.cubes((1, 2), 0, 4).cubes((2, 2), 1, 1).hand(0, "TW").hand(1, "AT").to_move(0)


def _turn_of(game: UrGame, seat: int, seed: int = 1) -> list[Step]:
    bot = make_bot("greedy", seed, "ur")
    steps: list[Step] = []
    while game.to_move == seat and not game.is_over:
        step = bot.choose(game.view(seat))
        assert isinstance(step, Step)
        game.apply(step, seat)
        steps.append(step)
    return steps


def test_the_greedy_bot_wages_the_war_that_wins_points_where_placing_cubes_wins_none():
    game = _full_grid().game()
    s = game.state
    assert all(s.owner[c] >= 0 for c in range(36)), "a full grid: no tile to claim"
    before = [points(s, p) for p in range(3)]
    assert before[1] > before[0], "P1 leads"
    for step in legal_actions(s):
        if step.kind == "cube":
            after = s.clone()
            apply_unchecked(after, step)
            assert points(after, 0) == before[0], f"{step} places cubes and wins no point"
    turn = _turn_of(game, 0)
    assert turn[0].kind == "attack", f"the turn begins with a war, not {turn[0]}"
    after = [points(game.state, p) for p in range(3)]
    assert after[0] > before[0] and after[1] < before[1]
    assert after[0] > after[1], f"the war puts P0 ahead of P1: {after}"


def test_claims_that_score_alike_get_values_by_what_they_set_up():
    # Two empty trade tiles, (5,1) on the border and (1,1) inside; P0 holds trade (TW).
    game = _full_grid().clear((5, 1), (1, 1)).game()
    s = game.state
    claims = {st.a: st for st in legal_actions(s) if st.kind == "cube" and s.owner[st.a] < 0}
    assert set(claims) == {11, 7}, "the two empty tiles (5,1) and (1,1)"
    ends = {}
    for cell, st in claims.items():
        after = s.clone()
        apply_unchecked(after, st)
        ends[cell] = after
    assert points(ends[11], 0) == points(ends[7], 0), "the same kind: the same points"
    # the inner tile has rivals on three sides, the border one on one side and the border on another
    assert (action_yields(ends[7])[0], action_yields(ends[11])[0]) == (3, 2), "trade's cubes next turn"
    assert standings(ends[7])[0] > standings(ends[11])[0]
    assert win_chances(ends[11]) != win_chances(ends[7])
    same = ends[11].clone()
    assert standings(same) == standings(ends[11]) and win_chances(same) == win_chances(ends[11])


def test_the_values_of_a_finished_game_are_its_points_and_cubes():
    game = play(UrGame.new(players=3, seed=5), [make_bot("greedy", s, "ur") for s in range(3)])
    s = game.state
    assert game.is_over
    assert standings(s) == [points(s, p) + 0.12 * s.on_grid[p] for p in range(3)], "no promise once it is over"


def _greedy_game(players: int, seed: int) -> UrGame:
    return play(UrGame.new(players=players, seed=seed), [make_bot("greedy", 40 + s, "ur") for s in range(players)])


def test_greedy_bots_play_actions_between_themselves_and_the_same_seeds_give_the_same_game():
    games = [_greedy_game(4, seed) for seed in (1, 2, 3, 4)]
    assert [g.to_record() for g in games[:2]] == [_greedy_game(4, seed).to_record() for seed in (1, 2)]
    played = sum(
        1
        for g in games
        for st in g.actions
        if isinstance(st, Step) and (st.kind in ACTION_WORDS or st.kind == "attack")
    )
    assert played >= 2, f"four games between greedy bots played {played} action steps"
