"""A board that embeds its game's history (``embed_history``): the ``replay`` trait a saved or exported
notebook steps through with no kernel — what it holds, that it follows the game, and that it shows a
seat nothing that seat's board would not."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from tigris_widget import Game
from tigris_widget.jupyter.stepper import GameStepper
from tigris_widget.jupyter.widget import BoardWidget
from tigris_widget.render.replay import replay_data, unpack


def played(seed: int, actions: int, players: int = 3) -> Game:
    game = Game.new(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.fixture
def default_off() -> Iterator[None]:
    yield
    BoardWidget.embed_history_default = False


def test_off_by_default_so_the_live_sync_stays_small() -> None:
    board = BoardWidget(played(1, 20))
    assert board.embed_history is False and board.replay == ""


def test_the_replay_holds_every_ply_as_the_board_shows_it() -> None:
    game = played(2, 30)
    board = BoardWidget(game, embed_history=True)
    data = unpack(board.replay)
    assert data == json.loads(json.dumps(replay_data(game)))  # the recorder and the one-shot builder agree
    assert len(data["views"]) == 31 and data["start"] == 30 and len(data["log"]) == 30
    for ply in (0, 7, 30):
        view = data["views"][ply]
        shown = board.view if ply == 30 else None
        assert view["history"] == {"ply": ply} and view["state_id"] == f"replay.{ply}"
        assert view["targets"] == {} and view["log"] == []
        if shown is not None:  # the same position the live board shows, minus what makes it playable
            same = {k: v for k, v in shown.items() if k not in ("state_id", "history", "targets", "log", "decision")}
            assert {k: view[k] for k in same} == same
    assert all(v["decision"] is None or v["decision"]["mine"] is False for v in data["views"])
    assert [e["action"] for e in data["log"]] == [str(a) for a in game.actions]


def test_it_follows_the_game_through_actions_and_undo() -> None:
    game = played(3, 10)
    board = BoardWidget(game, embed_history=True)
    sent: list[str] = []
    board.observe(lambda change: sent.append(change["new"]), names="replay")
    rng = random.Random(9)
    game.apply(rng.choice(game.legal_actions()))
    game.undo()
    game.undo()
    game.apply(game.legal_actions()[-1])
    assert len(sent) == 4
    assert unpack(board.replay) == json.loads(json.dumps(replay_data(game)))
    board.goto(3)  # looking at the history changes the view, not the replay
    assert len(sent) == 4


def test_a_seats_replay_holds_only_what_that_seat_saw() -> None:
    game = Game.new(players=3, seed=4, hands=["rrkbbg", "kkkkkk", "gggggg"])
    rng = random.Random(4)
    for _ in range(25):
        game.apply(rng.choice(game.legal_actions()))
    board = BoardWidget(game, seat=1, embed_history=True)
    data = unpack(board.replay)
    assert data["seat"] == 1
    for view in data["views"]:
        assert [p["hand"] is not None for p in view["body"]["players"]] == [False, True, False]
    text = json.dumps(data)
    for batch in game.events:
        for event in batch:
            if not event.visible_to(1):
                assert event.text not in text
    board.seat = 0  # switching the seat re-records from that seat's side
    assert [p["hand"] is not None for p in unpack(board.replay)["views"][5]["body"]["players"]] == [True, False, False]


def test_switching_off_and_on_and_the_front_end_cannot_forge_it() -> None:
    board = BoardWidget(played(5, 8), embed_history=True)
    packed = board.replay
    board.embed_history = False
    assert board.replay == ""
    board.embed_history = True
    assert board.replay == packed
    board.set_state({"replay": "AAAA"})  # a forged update from the browser
    assert board.replay == packed and "may not change 'replay'" in board.error
    with pytest.raises(ValueError, match="embed_history"):
        BoardWidget(played(5, 1), embed_history="yes")  # type: ignore[arg-type]


def test_one_switch_makes_every_board_embed(default_off: None) -> None:
    BoardWidget.embed_history_default = True
    stepper = GameStepper(played(6, 5))
    assert len(unpack(stepper.board.replay)["views"]) == 6
    assert BoardWidget(played(6, 2), embed_history=False).replay == ""
