"""Invariants over many random complete games: every player count, board side and variant mix.

After every action: tile conservation and I1–I5 (``invariants.problems``), clones equal originals.
Every few actions: notation round-trips for every legal action, ``legal_actions`` and
``why_illegal`` agree, positions round-trip, and each seat's view equals the view of a state that
differs only in what that seat cannot see. At powers of two and at the end: the JSON record
replays to an identical game. ``pytest --soak N`` plays N games per configuration: eight per player
count (two boards × four variant mixes), so ``--soak 250 -k "keep_every_invariant and 4-"`` plays
2,000 four-player games, at about 0.1 s a game on one core whatever the player count.
"""

from __future__ import annotations

import itertools
import random

import pytest

from tigris_widget import Game
from tigris_widget.games.tigris.engine.core import actions as tables
from tigris_widget.games.tigris.engine.core.actions import parse_action
from tigris_widget.games.tigris.engine.rules.illegal import why_illegal
from tigris_widget.games.tigris.engine.rules.invariants import problems
from tigris_widget.games.tigris.engine.rules.legal import legal_actions
from tigris_widget.games.tigris.engine.rules.playout import random_action
from tigris_widget.games.tigris.engine.rules.view import determinize, player_view

CONFIGS = [
    (players, board, variants)
    for players in (2, 3, 4)
    for board in ("classic", "alternative")
    for variants in ((), ("buildings",), ("ziggurat",), ("buildings", "ziggurat"))
]

ALL_ACTIONS = [
    *itertools.chain.from_iterable(tables.TILE_ACTIONS),
    *itertools.chain.from_iterable(tables.PLACE_LEADER_ACTIONS),
    *itertools.chain.from_iterable(tables.MOVE_LEADER_ACTIONS),
    *tables.WITHDRAW_ACTIONS,
    *tables.CATASTROPHE_ACTIONS,
    *tables.SWAP_ACTIONS.values(),
    *tables.COMMIT_ACTIONS,
    *tables.WAR_ACTIONS,
    *tables.BONUS_ACTIONS,
    tables.PASS_ACTION,
    tables.DECLINE_ACTION,
]


def check_deep(game: Game, rng: random.Random) -> None:
    s = game.state
    legal = legal_actions(s)
    assert legal == sorted(legal), "legal actions come sorted"
    assert len(set(legal)) == len(legal)
    legal_set = set(legal)
    for a in legal:
        assert parse_action(str(a)) == a
    for a in rng.sample(legal, min(40, len(legal))):
        assert why_illegal(s, a) is None, (str(a), why_illegal(s, a))
    for a in rng.sample(ALL_ACTIONS, 60):
        if a not in legal_set:
            assert why_illegal(s, a) is not None, f"{a} is accepted but not listed as legal"
    copy = Game.from_position(game.to_position())
    assert copy.state == s and copy.to_position() == game.to_position()
    for seat in range(s.players):
        view = player_view(s, seat)
        assert not hasattr(view, "state") and view.bag_count == len(s.bag)
        assert all(view.hands[p] is None for p in range(s.players) if p != seat)
        assert view.hands[seat] == tuple(s.hand(seat))
        twin = determinize(view, rng)
        assert problems(twin) == []
        assert player_view(twin, seat).to_dict() == view.to_dict(), "a view depends on hidden information"
        assert legal_actions(twin) == legal_actions(s) or seat != s.decider


def play_checked(players: int, board: str, variants: tuple[str, ...], seed: int) -> Game:
    game = Game.new(players=players, seed=seed, board=board, variants=variants)
    rng = random.Random(seed)
    uniform = seed % 2 == 0  # half the games uniform over legal actions, half the playout policy
    for ply in range(1, 2000):
        if game.is_over:
            break
        action = rng.choice(game.legal_actions()) if uniform else random_action(game.state, rng)
        before = game.state.clone()
        game.apply(action)
        assert before == game.state_at(ply - 1)  # apply never mutates the previous state
        s = game.state
        assert problems(s) == [], (seed, ply, str(action), problems(s))
        assert s.clone() == s
        if ply % 9 == 0:
            check_deep(game, rng)
        if ply & (ply - 1) == 0:
            replayed = Game.from_json(game.to_json())
            assert replayed.state == s and replayed.to_json() == game.to_json()
    assert game.is_over, "the game always ends"
    replayed = Game.from_json(game.to_json())
    assert replayed.state == game.state
    assert [r.rank for r in replayed.result or []] == [r.rank for r in game.result or []]
    return game


@pytest.mark.parametrize(("players", "board", "variants"), CONFIGS)
def test_random_games_keep_every_invariant(players: int, board: str, variants: tuple[str, ...], soak: int) -> None:
    for seed in range(max(1, soak)):
        play_checked(players, board, variants, seed * 1000 + players * 10 + len(variants))


def test_random_games_reach_every_kind_of_decision() -> None:
    """The random games above are only convincing if they exercise the rare decisions too."""
    seen: set[str] = set()
    for seed in range(40):
        game = Game.new(players=2 + seed % 3, seed=seed, variants=("buildings", "ziggurat"))
        rng = random.Random(seed)
        while not game.is_over:
            decision = game.decision
            assert decision is not None
            seen.add(decision.kind)
            game.apply(random_action(game.state, rng))
    expected = {"action", "revolt_attack", "revolt_defend", "war_attack", "war_defend", "monument", "building",
                "treasure", "war_order"}  # fmt: skip
    assert expected <= seen, expected - seen
