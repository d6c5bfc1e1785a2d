"""The review's better move as ghost pieces (issue #22, review): the stepper puts the pieces the better
move would place on the board, translucent, with an arrow for a piece it moves; the board's static SVG
draws the same ghost; for both games. ``BoardWidget.ghost`` refuses malformed input and changes nothing."""

from __future__ import annotations

import re
from typing import Any

import pytest
from ur_scenarios import scenario_game as ur_scenario

from tigris_widget import Game
from tigris_widget.core.protocol import GameLike
from tigris_widget.core.registry import game_module
from tigris_widget.jupyter.stepper import BETTER_COLOUR, GameStepper
from tigris_widget.jupyter.widget import BoardWidget


def back_to(game: GameLike, ply: int) -> GameLike:
    copy = game.clone()
    while len(copy) > ply:
        copy.undo()
    return copy


def flagged(game: GameLike, first: int, plies: int, best: list[str], marks: dict[str, Any]) -> dict[str, Any]:
    """A review report with one mistake: the move at ``first`` (``plies`` long), ``best`` the better one."""
    seat = game.actors[first]
    played = "; ".join(str(a) for a in game.actions[first : first + plies])  # a report of this game's moves
    return {
        "unit": "chance to win", "iterations": 1, "note": "", "players": [{"seat": s} for s in range(game.players)],
        "moves": [{"ply": first, "plies": plies, "seat": seat, "name": f"seat {seat}", "action": played, "forced": False,
                   "class": "mistake", "loss": 0.2, "values": [0.5] * game.players, "best": "; ".join(best),
                   "best_actions": best, "best_marks": marks, "best_reason": "why"}],
    }  # fmt: skip


def ghost_group(svg: str) -> str:
    found = re.search(r'<g opacity="0\.55">(.*?)</g>', svg, re.S)
    assert found, "no translucent group in the picture"
    return found.group(1)


def test_a_tigris_mistake_shows_the_better_tile_as_a_ghost_live_and_in_the_picture() -> None:
    game = Game.new(players=2, seed=3)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    before = back_to(game, 4)
    best = next(str(a) for a in before.legal_actions() if str(a).startswith("tile k"))
    square = game_module("tigris").to_square(best.split(" ", 2)[2])
    stepper = GameStepper(game, review=flagged(game, 4, 1, [best], {"squares": [square], "arrows": []}))
    stepper.goto(5)
    ghost = stepper.board.overlay["ghost"]
    assert ghost["squares"] == [square] and ghost["colour"] == BETTER_COLOUR
    after = back_to(game, 4)
    after.apply(best)
    assert ghost["body"] == game_module("tigris").present(after, None, log_window=0)["body"]
    assert not stepper.board.overlay.get("highlights"), "a ghost, not a frame, where the better move places"
    svg = stepper.board.picture()
    assert "tw-tile-black" in ghost_group(svg)
    assert BETTER_COLOUR in svg and 'stroke-dasharray="6 3"' in svg
    stepper.goto(4)
    assert "ghost" not in stepper.board.overlay and 'opacity="0.55"' not in stepper.board.picture()


def test_a_leader_move_gets_an_arrow_and_a_ghost_at_its_end_only() -> None:
    game = Game.new(players=2, seed=3)
    board = BoardWidget(game)
    after = game.clone()
    after.apply(next(str(a) for a in after.legal_actions() if str(a).startswith("leader")))
    board.arrow(3, 20, BETTER_COLOUR)
    leader_square = next(q for p in board._module.present(after, None)["body"]["players"]
                         for q in p["leaders"].values() if q >= 0)  # fmt: skip
    board.ghost(after, [leader_square], BETTER_COLOUR)
    group = ghost_group(board.picture())
    assert "tw-leader-" in group and "tw-tile-" not in group


def test_an_ur_mistake_shows_the_better_turns_cubes_as_ghosts() -> None:
    game, _ = ur_scenario("turn")
    module = game_module("ur")
    first, plies = module.moves(game)[-2]
    before = back_to(game, first)
    played = [str(a) for a in game.actions[first : first + plies]]
    after = before.clone()
    steps: list[str] = []
    seat = after.to_move
    while after.to_move == seat and not after.is_over:  # another whole turn by the same seat
        legal = [str(a) for a in after.legal_actions()]
        pick = next((a for a in legal if a.startswith("cube")), legal[-1])
        after.apply(pick)
        steps.append(pick)
    assert steps != played
    old = module.present(before, None, log_window=0)["body"]["cells"]
    new = module.present(after, None, log_window=0)["body"]["cells"]
    changed = [i for i, (a, b) in enumerate(zip(old, new)) if a != b]
    assert changed
    stepper = GameStepper(game, review=flagged(game, first, plies, steps, {"squares": changed, "arrows": []}))
    stepper.goto(first + plies)
    ghost = stepper.board.overlay["ghost"]
    assert ghost["squares"] == changed and ghost["body"]["cells"] == new
    svg = stepper.board.picture()
    assert svg.count('<g opacity="0.55">') == len(changed) and svg.count(BETTER_COLOUR) >= len(changed)


@pytest.mark.parametrize(
    "args",
    [
        ("not a game", [3]),
        (None, [3]),
        ("ur", [3]),  # another game's position
        ("same", ["nowhere"]),
        ("same", [999]),
    ],
)
def test_a_malformed_ghost_is_refused_and_changes_nothing(args: tuple[Any, list[Any]]) -> None:
    game = Game.new(players=2, seed=1)
    board = BoardWidget(game)
    board.caption("kept")
    before = dict(board.overlay)
    what, squares = args
    after = game.clone() if what == "same" else ur_scenario("turn")[0] if what == "ur" else what
    with pytest.raises(ValueError):
        board.ghost(after, squares)
    with pytest.raises(ValueError):
        board.ghost(game.clone(), [3], colour=5)  # type: ignore[arg-type]
    assert board.overlay == before


@pytest.mark.parametrize("game_name", ["tigris", "ur"])
def test_a_malformed_ghost_in_a_picture_is_a_clear_value_error(game_name: str) -> None:
    game = Game.new(players=2, seed=1) if game_name == "tigris" else ur_scenario("turn")[0]
    module = game_module(game_name)
    view = module.present(game, None)
    for bad in [({"cells": []}, [1]), (view["body"], ["x"]), (view["body"], [-1]), ("body", [1]), ({}, [1])]:
        with pytest.raises(ValueError, match=r"ghost|cell|Ur view"):
            module.picture_svg(view, ghost=bad)


@pytest.mark.parametrize("game_name", ["tigris", "ur"])
def test_the_picture_frames_and_arrows_in_the_live_boards_colour(game_name: str) -> None:
    """The static picture beside a stepper framed the better move in orange while the live board drew
    it in blue; now both use the colour the board was given. Only a plain colour reaches the markup."""
    game = Game.new(players=2, seed=1) if game_name == "tigris" else ur_scenario("turn")[0]
    board = BoardWidget(game)
    board.highlight([5], BETTER_COLOUR)
    board.arrow(3, 20 if game_name == "tigris" else 9, BETTER_COLOUR)
    svg = board.picture()
    assert svg.count(BETTER_COLOUR) >= 3 and "#ff8c00" not in svg
    board.clear_overlays()
    board.highlight([5], 'red"/><script>alert(1)</script>')
    svg = board.picture()
    assert "<script" not in svg and "#ff8c00" in svg  # refused: the default frame
