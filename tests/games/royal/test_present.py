"""The Royal Game of Ur's presenter: the view JSON (envelope, body, targets keyed by the cell clicked,
the last turn, no seed), the intents it reads, and the static SVG picture."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from tigris_widget.core.view import check_view
from tigris_widget.games.royal.engine.board import ROSETTE_CELLS, path_cell
from tigris_widget.games.royal.game import RoyalGame
from tigris_widget.games.royal.present.svg import picture_svg
from tigris_widget.games.royal.present.view import (
    cell_square,
    dice_of,
    home_cell,
    intent_action,
    present,
    square_cell,
    waiting_cell,
)

SVG = "{http://www.w3.org/2000/svg}"


def played(plies: int, seed: int = 7) -> RoyalGame:
    """A game of ``plies`` random actions (fewer if it ends first)."""
    game, rng = RoyalGame.new(seed=seed), random.Random(seed)
    while not game.is_over and len(game) < plies:
        game.apply(rng.choice(game.legal_actions()))
    return game


def to_move_phase(game: RoyalGame) -> RoyalGame:
    """Throw until the seat to move has a move to choose."""
    while game.decision is not None and game.decision.kind == "chance":
        game.apply("roll")
    return game


def finished(seed: int = 3) -> RoyalGame:
    return played(10_000, seed)


# -- the view ---------------------------------------------------------------------------------------
def test_start_view_is_an_envelope_with_the_roll_request() -> None:
    game = RoyalGame.new(seed=1)
    view = present(game, None)
    check_view(view)
    body = view["body"]
    assert view["game"] == "royal" and view["decision"]["kind"] == "chance" and view["decision"]["mine"]
    assert view["targets"] == {"roll": "roll"}
    assert body["waiting"] == [7, 7] and body["off"] == [0, 0] and body["cells"] == [None] * 24
    assert body["phase"] == "roll" and body["roll"] is None and body["dice"] is None and body["last_roll"] is None
    assert [s["name"] for s in view["seats"]] == ["Light", "Dark"]
    assert view["last_move"] is None and view["last_turn"] is None


def test_moves_are_keyed_by_the_cell_clicked() -> None:
    game = to_move_phase(played(30))
    view = present(game, None)
    s = game.state
    body, moves = view["body"], view["targets"]["moves"]
    assert body["phase"] == "move" and body["roll"] == s.roll and sum(body["dice"]) == s.roll
    assert sorted(m["action"] for m in moves.values()) == sorted(str(a) for a in game.legal_actions())
    for cell, m in moves.items():
        square = int(m["action"].split()[1])
        assert int(cell) == square_cell(s.to_move, square)
        assert m["to"] == square_cell(s.to_move, square + s.roll)
        assert intent_action(view, {"piece": int(cell)}) == m["action"]
    for seat in (0, 1):
        for sq in s.squares(seat):
            assert body["cells"][path_cell(seat, sq)] == seat


def test_trays_and_path_squares_round_trip() -> None:
    for seat in (0, 1):
        assert square_cell(seat, 0) == waiting_cell(seat) and square_cell(seat, 15) == home_cell(seat)
        assert [cell_square(seat, square_cell(seat, sq)) for sq in range(16)] == list(range(16))
    assert waiting_cell(0) == 4 and home_cell(0) == 5 and waiting_cell(1) == 20 and home_cell(1) == 21
    assert set(ROSETTE_CELLS) == {0, 6, 11, 16, 22}


def test_dice_show_the_roll_and_nothing_more() -> None:
    for n in range(5):
        assert sum(dice_of(n)) == n and len(dice_of(n)) == 4
    seed = 987_654_321_987
    game = played(25, seed)
    text = json.dumps([present(game, seat) for seat in (None, 0, 1)])
    # the game's seed (what every throw is drawn from) travels in no view
    assert str(seed) not in text and "seed" not in text


def test_each_seat_sees_the_same_board_but_only_its_own_decision() -> None:
    game = played(20)
    views = {seat: present(game, seat) for seat in (None, 0, 1)}
    assert views[0]["body"] == views[1]["body"] == views[None]["body"]
    mover = game.decision.seat if game.decision else None
    for seat in (0, 1):
        assert views[seat]["decision"]["mine"] == (seat == mover)
        assert bool(views[seat]["targets"]) == (seat == mover)


def test_earlier_plies_offer_nothing_and_log_ahead() -> None:
    game = played(30)
    view = present(game, None, ply=10)
    assert view["history"] == {"ply": 10, "length": len(game), "live": False}
    assert view["targets"] == {} and not view["decision"]["mine"]
    assert any(e.get("future") for e in view["log"])


def test_last_turn_frames_the_move_and_names_a_pass() -> None:
    game = to_move_phase(played(30))
    mover, roll = game.state.to_move, game.state.roll
    action = game.legal_actions()[0]
    game.apply(action)
    view = present(game, None)
    start = square_cell(mover, action.n)
    assert view["last_move"]["squares"][:2] == [start, square_cell(mover, action.n + roll)]
    assert view["last_turn"]["actions"][-2:] == [f"roll {roll}", str(action)]
    # a throw of 0 passes: the turn says so, and the dice's words keep the throw
    for seed in range(40):
        g = played(60, seed)
        for ply in range(1, len(g) + 1):
            if g.actions[ply - 1].code == 1 and g.actions[ply - 1].n == 0:
                v = present(g, None, ply=ply)
                assert v["last_turn"]["passed"] and v["body"]["last_roll"]["roll"] == 0
                return
    pytest.fail("no throw of 0 in 40 games")


def test_finished_game_has_a_result_and_no_targets() -> None:
    game = finished()
    view = present(game, None)
    winner = game.state.winner
    assert view["over"] and view["decision"] is None and view["targets"] == {}
    assert view["result"][0] == {"seat": winner, "rank": 1, "columns": [["borne off", 7]]}
    assert view["body"]["phase"] == "over" and view["body"]["winner"] == winner
    assert view["last_turn"]["ongoing"] is False


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ({}, "exactly one"),
        ({"action": "roll", "piece": 3}, "exactly one"),
        ({"action": 3}, "string 'action'"),
        ({"piece": "3"}, "cell 0..23"),
        ({"piece": True}, "cell 0..23"),
        ({"piece": 24}, "cell 0..23"),
        ({"piece": 3, "seat": 1}, "unknown field"),
    ],
)
def test_malformed_intents_are_refused(content: dict[str, Any], words: str) -> None:
    view = present(RoyalGame.new(seed=1), None)
    with pytest.raises(ValueError, match=words):
        intent_action(view, content)


def test_a_piece_that_cannot_move_is_written_out_for_the_engine() -> None:
    game = to_move_phase(played(30))
    view = present(game, None)
    mover = game.state.to_move
    movable = {int(c) for c in view["targets"]["moves"]}
    stuck = [c for c in range(24) if view["body"]["cells"][c] == mover and c not in movable]
    for cell in stuck:
        text = intent_action(view, {"piece": cell})
        assert text == f"move {cell_square(mover, cell)}" and not game.is_legal(text)
    with pytest.raises(ValueError, match="plays nothing"):
        intent_action(view, {"piece": home_cell(mover)})
    with pytest.raises(ValueError, match="game is over"):
        intent_action(present(finished(), None), {"piece": 0})


def test_presenter_refuses_what_it_cannot_show() -> None:
    game = RoyalGame.new(seed=1)
    with pytest.raises(ValueError, match="seat"):
        present(game, 2)
    with pytest.raises(ValueError, match="ply"):
        present(game, None, ply=1)
    with pytest.raises(TypeError):
        present(object(), None)  # type: ignore[arg-type]


# -- the picture ------------------------------------------------------------------------------------
def _pieces(root: ET.Element, seat: int) -> int:
    return sum(1 for c in root.iter(f"{SVG}circle") if f"seat{seat}" in c.get("class", ""))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_picture_is_valid_svg_with_every_piece(theme: str) -> None:
    game = to_move_phase(played(40))
    view = present(game, None)
    root = ET.fromstring(picture_svg(view, theme=theme))
    body = view["body"]
    for seat in (0, 1):
        on_board = body["cells"].count(seat)
        trays = sum(1 + (n > 1) for n in (body["waiting"][seat], body["off"][seat]))  # a stack shows two
        assert _pieces(root, seat) == on_board + trays + 1  # and one beside its status line
    assert sum(1 for c in root.iter(f"{SVG}circle") if c.get("class") == "tip") == body["roll"]
    assert sum(1 for g in root.iter(f"{SVG}g") if g.get("class") == "die") == 4
    assert len([p for p in root.iter(f"{SVG}polygon") if p.get("points", "").count(",") == 16]) == 5  # rosettes


def test_picture_options_are_honoured() -> None:
    view = present(played(40), None)
    plain = picture_svg(view)
    dressed = picture_svg(
        view,
        highlight=[9],
        arrows=[(3, 9)],
        labels={9: "best"},
        caption="Which piece?",
        highlight_ink="#123456",
        arrow_ink="teal",
        status=False,
    )
    ET.fromstring(dressed)
    assert "Which piece?" in dressed and ">best<" in dressed and "#123456" in dressed and 'stroke="teal"' in dressed
    assert "waiting ·" in plain and "waiting ·" not in dressed
    dark = picture_svg(view, theme="dark")
    assert 'fill="#1e1e1e"' in dark and 'fill="#1e1e1e"' not in plain
    assert picture_svg(view, highlight_ink='"/><script>').count("<script") == 0
    with pytest.raises(ValueError, match="theme"):
        picture_svg(view, theme="blue")
    with pytest.raises(ValueError, match="highlight"):
        picture_svg(view, highlight=[99])


def test_picture_draws_a_ghost_move() -> None:
    game = to_move_phase(played(30))
    before = present(game, None)
    cell, move = next(iter(before["targets"]["moves"].items()))
    after = game.clone()
    after.apply(move["action"])
    body = present(after, None)["body"]
    svg = picture_svg(before, ghost=(body, [int(cell), move["to"]]))
    ET.fromstring(svg)
    assert 'opacity="0.55"' in svg and 'stroke-dasharray="6 3"' in svg
    with pytest.raises(ValueError, match="ghost"):
        picture_svg(before, ghost=(body, "ab"))  # type: ignore[arg-type]


def test_picture_refuses_another_games_view() -> None:
    view = present(RoyalGame.new(seed=1), None)
    with pytest.raises(ValueError, match="not a Royal Game of Ur view"):
        picture_svg({**view, "game": "ur"})
    with pytest.raises(ValueError, match="cells"):
        picture_svg({**view, "body": {**view["body"], "cells": [2] * 24}})


# -- the board widget reads the intents through the presenter -----------------------------------------
def test_board_intents_play_and_refuse_as_the_presenter_says() -> None:
    from tigris_widget.jupyter.widget import BoardWidget

    def first_throw_moves(seed: int) -> bool:
        game = RoyalGame.new(seed=seed)
        game.apply("roll")
        return game.decision is not None and game.decision.kind == "move"

    game = RoyalGame.new(seed=next(sd for sd in range(50) if first_throw_moves(sd)))
    board = BoardWidget(game)

    def send(state_id: str, **content: object) -> None:
        board._handle_message(board, {"kind": "intent", "state_id": state_id, **content}, [])

    first = board.view["state_id"]
    send(first, action="roll")
    assert len(game) == 1 and board.error == ""
    send(first, action="roll")
    assert len(game) == 1 and "moved on" in board.error  # a stale board plays nothing
    now = board.view["state_id"]
    send(now, piece=4, seat=1)
    assert len(game) == 1 and "unknown field" in board.error
    send(now, piece=waiting_cell(0))
    assert len(game) == 2 and board.error == "" and str(game.actions[-1]) == "move 0"
