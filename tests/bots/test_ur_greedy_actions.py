"""Ur's greedy reading plays actions when they gain and tells apart turns that score alike (issue 40):
``heuristics.standings`` counts a war a seat can wage next turn, a ziggurat it can build and what its hand
tile's action would bring, besides the points and cubes."""

from __future__ import annotations

from tigris_widget.bots import make_bot
from tigris_widget.bots.runner import play
from tigris_widget.bots.runner import step as bot_step
from tigris_widget.bots.seeded_games import seated_bots
from tigris_widget.games.ur import UrGame, UrPositionBuilder
from tigris_widget.games.ur.bots.heuristics import (
    CLOSING_WORTH,
    _Worth,
    action_yields,
    closing,
    finish_turn,
    points,
    standings,
    win_chances,
)
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
    for players in (3, 4):
        game = play(UrGame.new(players=players, seed=5), [make_bot("greedy", s, "ur") for s in range(players)])
        s = game.state
        assert game.is_over
        plain = [points(s, p) + 0.12 * s.on_grid[p] for p in range(players)]
        if players == 4:
            assert standings(s) == plain, "no promise once it is over"
            continue
        # a game only ziggurats could end (the spare): the winner's push for the end counts, the rest is plain
        won = plain.index(max(plain))
        pushed = plain[:]
        pushed[won] += CLOSING_WORTH * closing(s, _Worth(s), won)
        assert standings(s) == pushed and closing(s, _Worth(s), won) > 0


def _pressing_leader() -> UrGame:
    """The full grid with four ziggurats (two P0's), P0 ahead 43–38–34 holding politics (TP): 13 cubes
    on 10 tiles, the most on its war tile (1,2), whose ziggurat would cost it points."""
    b = _full_grid().ziggurat((3, 3), 0).ziggurat((3, 4), 0).ziggurat((4, 4), 1).ziggurat((4, 3), 2)
    return b.hand(0, "TP").spares("TW").game()


def test_a_seat_ahead_in_a_game_only_ziggurats_can_end_heaps_its_cubes_by_politics():
    s = _pressing_leader().state
    assert s.spares and s.zig_left == 1 and [points(s, p) for p in range(3)] == [43, 38, 34]
    worth = _Worth(s)
    tiles = [c for c in range(36) if s.owner[c] == 0 and not s.zig[c]]
    cubes = sum(s.cubes[c] for c in tiles)
    buildable = {c for c in tiles if worth.ziggurat(0, s.face[c]) >= 0}
    assert buildable and max(s.cubes[c] for c in buildable) == 1, "no tile it can build on is heaped yet"
    after = s.clone()
    apply_unchecked(after, next(st for st in legal_actions(s) if st.kind == "politics"))
    finish_turn(after)
    assert all(after.owner[c] == 0 for c in tiles), "no tile is given up"
    heaped = max(after.cubes[c] for c in buildable)
    assert heaped == min(5, cubes - (len(tiles) - 1)) == 4, "every spare cube on one tile it can build on"
    assert closing(after, _Worth(after), 0) == closing(s, worth, 0) + 3
    # the same politics by a seat behind spreads the cubes: no push for an end that would lose
    behind = _pressing_leader().state
    behind.active = behind.decider = 1
    behind.hands[1], behind.hands[0] = behind.hands[0], behind.hands[1]
    mine = [c for c in range(36) if behind.owner[c] == 1 and not behind.zig[c]]
    apply_unchecked(behind, next(st for st in legal_actions(behind) if st.kind == "politics"))
    finish_turn(behind)
    assert max(behind.cubes[c] for c in mine) <= 2


def test_three_greedy_bots_finish_their_games():
    """Three players keep a spare, so every exchange stays legal and only the fifth ziggurat ends the game
    (§8.4, §9.1): bots that never pressed for it passed the spare round for ever (issue 40: 13 of 200
    games with the first promise-reading greedy bot, 4 of 31 with the one before). Measured over seeds
    100–299: 3 of 200 still run away (``docs/results/ur-bots.md``); here 30 seeds, at most one."""
    runaway = []
    for seed in range(100, 130):
        game = UrGame.new(players=3, seed=seed)
        bots = seated_bots("ur", ["greedy"] * 3, seed)
        while not game.is_over and len(game) < 1500:
            bot_step(game, bots)
        if not game.is_over:
            runaway.append(seed)
    assert len(runaway) <= 1, f"games that never end: seeds {runaway}"


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
