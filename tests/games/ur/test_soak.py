"""Random *Ur* games: the invariants I1–I5 (§3) after every action, position and record round trips.

Moves are uniform over ``legal_actions()`` with a seeded ``random.Random``, so a failure names the
configuration, game seed and ply that reproduce it. By default a few games per configuration run;
``pytest --soak N`` plays N games per configuration.
"""

from __future__ import annotations

import random
import time

import pytest

from tigris_widget.games.ur import UrGame

from .urtext import final_scores, invariant_violations, parse, transition_violations

MAX_LEGAL = 500
TURN_LIMIT = 200
DEFAULT_GAMES = 20
# Enough steps for TURN_LIMIT turns of setup and play; a game still running after this is a loop.
MAX_PLIES = 40 * TURN_LIMIT

CONFIGS = [
    (4, "colour"),
    (4, "face"),
    (3, "colour"),
    (3, "face"),
    (2, "colour"),
    (2, "face"),
]


def new_game(players: int, layout: str, seed: int) -> UrGame:
    options: dict[str, object] = {"layout": layout, "turnLimit": TURN_LIMIT}
    if players == 2:
        options["allowTwoPlayers"] = True
    if seed % 3 == 1:  # vary the other options across games too
        options["warTileDiscount"] = False
    if seed % 4 == 2:
        options["agricultureOnEmpty"] = True
    return UrGame.new(players=players, seed=seed, options=options)


def standings_of(game: UrGame) -> dict[int, tuple[int, int, int]]:
    return {s.seat: (s.points, s.cubes, s.place) for s in game.standings()}


def play_random_game(players: int, layout: str, seed: int) -> dict[str, int]:
    """Play one game to its end, checking after every action; returns a few counters."""
    rng = random.Random(seed * 7919 + players)
    game = new_game(players, layout, seed)
    where = f"players={players} layout={layout} seed={seed}"
    plies = boundaries = 0
    text = previous = game.to_position()
    while not game.is_over:
        actions = game.legal_actions()
        assert actions, f"{where} ply {plies}: no legal action and the game is not over"
        assert len(actions) <= MAX_LEGAL, f"{where} ply {plies}: {len(actions)} legal actions"
        seat = game.to_move
        assert seat is not None and 0 <= seat < players, f"{where} ply {plies}: to_move {seat}"
        action = rng.choice(actions)
        game.apply(action)
        plies += 1
        assert plies <= MAX_PLIES, f"{where}: no end after {plies} actions"
        text = game.to_position()
        if text == previous:
            continue  # within a turn the text shows the turn's start, already checked
        # A turn or setup step has ended: check the new position and its step from the previous one.
        boundaries += 1
        pos = parse(text)
        bad = invariant_violations(pos)
        assert not bad, f"{where} ply {plies} after {action}: {bad}\n{text}"
        assert game.to_move == pos.to_move, f"{where} ply {plies}: to_move {game.to_move}, text {pos.to_move}"
        moved = transition_violations(parse(previous), pos)
        assert not moved, f"{where} ply {plies}: {moved}\n{previous}\n{text}"
        previous = text
        if boundaries % 4 == 0 or game.is_over:
            loaded = UrGame.from_position(text)
            assert loaded.to_position() == text, f"{where} ply {plies}: position re-read differs"
            if pos.phase in ("play", "over"):
                assert standings_of(loaded) == final_scores(pos), f"{where} ply {plies}: §10 scoring\n{text}"
    assert game.to_move is None and parse(text).phase == "over", where
    standings = list(game.standings())
    assert sorted(s.seat for s in standings) == list(range(players)), where
    assert standings_of(game) == final_scores(parse(text)), where
    again = UrGame.from_record(game.to_record())
    assert again.is_over, f"{where}: the replayed record did not end"
    assert again.to_position() == text, f"{where}: record replay differs"
    assert [(s.seat, s.points, s.cubes, s.place) for s in again.standings()] == [
        (s.seat, s.points, s.cubes, s.place) for s in standings
    ], where
    return {"plies": plies}


@pytest.mark.parametrize(("players", "layout"), CONFIGS)
def test_random_games_keep_the_invariants(players: int, layout: str, soak: int) -> None:
    games = soak if soak > 0 else DEFAULT_GAMES
    started = time.monotonic()
    total = 0
    for seed in range(games):
        total += play_random_game(players, layout, seed)["plies"]
    assert total > 0
    if soak == 0:
        # The default run stays cheap enough for every test run (about 60 s for the whole file).
        assert time.monotonic() - started < 30


@pytest.mark.parametrize("limit", [1, 2, 7])
def test_turn_limit_ends_the_game_after_that_turn(limit: int) -> None:
    """§9.3: with ``turnLimit`` the game ends after the turn with that number (setup steps are no turns)."""
    for seed in range(4):
        game = UrGame.new(players=3, seed=seed, options={"turnLimit": limit})
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        lines = [ln.strip() for ln in game.to_record().splitlines()]
        turns = [ln for ln in lines[lines.index("play") + 1 :] if ln and not ln.startswith("result")]
        assert len(turns) == limit, (seed, turns)
        assert parse(game.to_position()).phase == "over"
