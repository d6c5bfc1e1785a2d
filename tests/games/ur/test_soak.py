"""Random *Ur* games checked against the rules text, action by action and line by line.

Moves are uniform over ``legal_actions()`` with a seeded ``random.Random`` (every fourth game favours
ziggurats and cube placements), so a failure names the configuration, game seed and ply that reproduce
it. After every action: I1–I5 (§3) on the position text, ``to_move``, at most 500 legal steps; at a
sample of plies: the text re-reads identically and the §10 scores match a recount. At the end, every
record line is checked against the positions before and after it by an independent model of the rules
(``urtext.simulate_line``: legality and effect), the game must have ended, and the record must replay to
the same position and standings. 20 games per configuration by default; ``pytest --soak N`` plays N.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tigris_widget.games.ur import UrGame

from .urtext import (
    final_scores,
    invariant_violations,
    line_violations,
    model_violations,
    parse,
    transition_violations,
)

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


def record_turn_lines(game: UrGame) -> list[str]:
    """The record's setup and turn lines, in order."""
    return [ln.strip() for ln in game.to_record().splitlines() if re.match(r"P\d: ", ln.strip())]


def ends_a_line(action: object, game: UrGame) -> bool:
    """Whether this step completes a setup step or a turn (one record line): a placement, a keep, an exchange,
    or the end of the game."""
    return game.is_over or str(action).startswith(("place", "keep", "exchange"))


def choose(rng: random.Random, actions: list[Any], *, builder: bool) -> Any:
    """Uniform, or for a "builder" game mostly ziggurats and cube placements when offered: uniform play
    rarely ends a game before the turn limit, builders reach both natural ends (§9.1, §9.2)."""
    if builder:
        for prefix in ("zig", "cube", "restart"):
            preferred = [a for a in actions if str(a).startswith(prefix)]
            if preferred and rng.random() < 0.8:
                return rng.choice(preferred)
    return rng.choice(actions)


def play_random_game(players: int, layout: str, seed: int) -> dict[str, int]:
    """Play one game to its end, checking after every action; returns a few counters."""
    rng = random.Random(seed * 7919 + players)
    game = new_game(players, layout, seed)
    where = f"players={players} layout={layout} seed={seed}"
    plies = changes = 0
    text = previous = game.to_position()
    boundaries = [text]  # the position after every setup step and turn
    while not game.is_over:
        actions = game.legal_actions()
        assert actions, f"{where} ply {plies}: no legal action and the game is not over"
        assert len(actions) <= MAX_LEGAL, f"{where} ply {plies}: {len(actions)} legal actions"
        seat = game.to_move
        assert seat is not None and 0 <= seat < players, f"{where} ply {plies}: to_move {seat}"
        action = choose(rng, actions, builder=seed % 4 == 3)
        game.apply(action)
        plies += 1
        assert plies <= MAX_PLIES, f"{where}: no end after {plies} actions"
        text = game.to_position()
        if ends_a_line(action, game):
            boundaries.append(text)
        if text == previous:
            continue  # the same text was checked already
        changes += 1
        previous = text
        pos = parse(text)
        bad = invariant_violations(pos)
        assert not bad, f"{where} ply {plies} after {action}: {bad}\n{text}"
        assert game.to_move == pos.to_move, f"{where} ply {plies}: to_move {game.to_move}, text {pos.to_move}"
        if changes % 4 == 0 or game.is_over:
            assert UrGame.from_position(text).to_position() == text, f"{where} ply {plies}: position re-read differs"
            if pos.phase in ("play", "over"):
                assert standings_of(game) == final_scores(pos), f"{where} ply {plies}: §10 scoring\n{text}"
    assert game.to_move is None and parse(text).phase == "over", where
    # Every record line against the positions before and after it.
    lines = record_turn_lines(game)
    assert len(lines) == len(boundaries) - 1, f"{where}: {len(lines)} record lines, {len(boundaries) - 1} steps"
    for i, line in enumerate(lines):
        before, after = parse(boundaries[i]), parse(boundaries[i + 1])
        bad = transition_violations(before, after) + line_violations(before, after, line)
        bad += model_violations(before, after, line)
        assert not bad, f"{where} line {i} {line!r}: {bad}\n{boundaries[i]}\n{boundaries[i + 1]}"
    standings = list(game.standings())
    assert sorted(s.seat for s in standings) == list(range(players)), where
    assert standings_of(game) == final_scores(parse(text)), where
    again = UrGame.from_record(game.to_record())
    assert again.is_over, f"{where}: the replayed record did not end"
    assert again.to_position() == text, f"{where}: record replay differs"
    assert standings_of(again) == standings_of(game), where
    return {"plies": plies}


@pytest.mark.parametrize(("players", "layout"), CONFIGS)
def test_random_games_keep_the_invariants(players: int, layout: str, soak: int) -> None:
    games = soak if soak > 0 else DEFAULT_GAMES
    plies = sum(play_random_game(players, layout, seed)["plies"] for seed in range(games))
    assert plies > 0


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
