"""Nothing the public API hands out can change a game behind its back (scripting-API trust)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tigris_widget import Game
from tigris_widget.games.tigris.engine.rules.legal import legal_actions
from tigris_widget.games.tigris.engine.rules.view import PlayerView, determinize, player_view, unseen_tiles


def midgame(players: int = 3, seed: int = 5, plies: int = 40) -> Game:
    game = Game.new(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_mutating_the_state_changes_neither_the_game_nor_its_clone() -> None:
    game = midgame()
    twin = game.clone()
    before = game.to_position()
    s = game.state
    s.vp[0] = 99
    s.hands[:] = [0] * len(s.hands)
    s.tiles[1] = 0
    s.bag.clear()
    s.over = True
    assert game.to_position() == before
    assert twin.to_position() == before
    assert game.state.vp[0] != 99 and not game.is_over
    assert game.legal_actions() == twin.legal_actions()


def test_history_snapshots_are_copies_too() -> None:
    game = midgame()
    first = game.state_at(0)
    first.vp[1] = 50
    first.leaders[0] = 3
    assert game.state_at(0).vp[1] == 0 and game.state_at(0).leaders[0] == -1
    replay = Game.from_json(game.to_json())
    assert replay.to_position() == game.to_position()


@pytest.mark.parametrize("ply", [-1, 10_000, 1.5, True, "3"])
def test_state_at_rejects_plies_outside_the_history(ply: object) -> None:
    with pytest.raises(ValueError, match="ply must be"):
        midgame().state_at(ply)  # type: ignore[arg-type]


def test_accessor_results_are_copies() -> None:
    game = midgame()
    pos = game.position
    pos.player(0).leaders.clear()
    for region in pos.regions():
        region.tiles.clear()
    assert game.position.player(0) == Game.from_json(game.to_json()).position.player(0)
    with pytest.raises(AttributeError):
        pos._tiles = ()  # type: ignore[misc]


def test_a_view_holds_no_state_and_hides_other_hands() -> None:
    game = midgame(players=3)
    for seat in range(3):
        view = game.view(seat)
        assert isinstance(view, PlayerView) and not hasattr(view, "state")
        assert [h is None for h in view.hands] == [p != seat for p in range(3)]
        assert view.position.player((seat + 1) % 3).hand is None
        assert view.position.player(seat).hand is not None


def test_determinize_is_the_one_way_back_and_it_gives_the_true_legal_actions() -> None:
    """The old view kept a state with other hands zeroed on which legal_actions was silently wrong."""
    game = midgame(players=2, seed=11, plies=30)
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    for k in range(3):
        full = determinize(view, random.Random(k))
        assert legal_actions(full) == game.legal_actions()
        same = {k: v for k, v in view.to_dict().items() if k not in ("history", "events")}
        assert {k: v for k, v in player_view(full, seat).to_dict().items() if k in same} == same
        assert unseen_tiles(full, seat) == view.unseen


def test_the_all_seeing_view_determinizes_to_the_true_state() -> None:
    game = midgame()
    view = game.view(None)
    assert determinize(view, random.Random(0)) == game.state


def test_a_hand_built_view_cannot_be_completed() -> None:
    view = midgame().view(0)
    forged = PlayerView(**{**{f.name: getattr(view, f.name) for f in dataclasses.fields(view)}, "_resolution": None})
    with pytest.raises(ValueError, match="not made by player_view"):
        determinize(forged, random.Random(0))


def test_events_handed_out_are_read_only() -> None:
    game = Game.new(players=2, seed=3)
    events = game.apply(game.legal_actions()[0])
    with pytest.raises(TypeError):
        events[0].data["square"] = 0  # type: ignore[index]
    with pytest.raises(AttributeError):
        events[0].text = "changed"  # type: ignore[misc]
    assert game.events[-1][0].to_dict() == events[0].to_dict()
