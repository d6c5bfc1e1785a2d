"""The Royal Game of Ur through the shared layers, found by name in the registry: the protocol, the
command line, tournaments, the analysis, the HTML replay and the bot inspector."""

from __future__ import annotations

import json

import pytest

from tigris_widget.bots.analysis import analyze
from tigris_widget.bots.runner import play
from tigris_widget.cli import main
from tigris_widget.core.protocol import DecisionLike, GameLike, StandingLike
from tigris_widget.core.registry import game_module, games, problems
from tigris_widget.games import royal
from tigris_widget.games.royal import RoyalGame

from .helpers import position, random_game

TEACHING = position("light start 4 path 2 6 11 off 0", "dark start 5 path 3 9 off 0", "next light move 3")


def test_the_game_is_registered_and_keeps_the_protocol() -> None:
    assert "royal" in games() and game_module("royal") is royal and problems(royal, "royal") == []
    assert royal.PLAYERS == (2,) and royal.DEFAULT_PLAYERS == 2 and royal.SQUARES == 24
    game = royal.new_game(2, 5, None)
    assert isinstance(game, GameLike) and isinstance(game.decision, DecisionLike)
    game = random_game(5, plies=50)
    assert all(isinstance(s, StandingLike) for s in game.standings())
    assert royal.game_from_record(game.to_record()).to_position() == game.to_position()
    assert royal.game_from_position(game.to_position()).to_position() == game.to_position()


def test_turns_and_moves_group_the_plies() -> None:
    game = random_game(8)
    starts = royal.turn_starts(game)
    assert starts[0] == 0 and all(game.state_at(p).chance for p in starts)
    assert len(starts) == sum(1 for a in game.actions if a.code == 1)  # one throw per turn
    moves = royal.moves(game)
    assert [game.actions[p].code for p, _ in moves] == [2] * len(moves) and all(n == 1 for _, n in moves)
    assert royal.scores_public(game)


@pytest.mark.parametrize(("value", "cell"), [(0, 0), (23, 23), ((3, 1), 11), ("(7,2)", 23), (" (0, 1) ", 8)])
def test_to_square_reads_the_forms_people_write(value: object, cell: int) -> None:
    assert royal.to_square(value) == cell


@pytest.mark.parametrize("value", [24, -1, (8, 0), (0, 3), "(a,1)", "3", True, 2.5, None, (1, 2, 3)])
def test_to_square_refuses_what_is_no_cell(value: object) -> None:
    with pytest.raises(ValueError, match="no cell"):
        royal.to_square(value)


def test_the_command_line_plays_and_records(
    tmp_path: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "royal.txt"  # type: ignore[operator]
    assert (
        main(["play", "--game", "royal", "--seed", "4", "--bot", "greedy,random", "--json", "--record", str(record)])
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "royal" and data["finished"] and len(data["winners"]) == 1
    game = RoyalGame.from_record(record.read_text())
    assert game.is_over and game.winner == data["winners"][0]
    assert main(["play", "--game", "royal", "--players", "3"]) == 2
    assert "2" in capsys.readouterr().err
    assert main(["play", "--game", "royal", "--seed", "4", "--bot", "greedy,random"]) == 0
    lines = capsys.readouterr().out.splitlines()
    winner = data["winners"][0]
    assert f"  1. seat {winner} (" in lines[1] and lines[1].endswith("): 7 pieces borne off")
    assert "points" not in "\n".join(lines), "the Royal Game counts pieces, not points"


def test_a_tournament_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--game", "royal", "--bots", "random,greedy", "--games", "3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "greedy" in out and "random" in out


def test_the_shared_analysis_reads_a_position_and_a_roll() -> None:
    game = RoyalGame.from_position(TEACHING)
    result = analyze(game, iterations=300, seed=1)
    assert result.final and result.seat == 0 and result.best.text == "move 6"  # 6 → 9 takes Dark's piece
    assert {c.text for c in result.candidates} <= {"move 0", "move 2", "move 6", "move 11"}
    roll = analyze(RoyalGame.new(seed=3), iterations=20)
    assert [c.text for c in roll.candidates] == ["roll"]


def test_the_html_replay_and_the_bot_inspector_build() -> None:
    from tigris_widget.jupyter.inspect import BotInspector
    from tigris_widget.render.html import game_html

    game = play(RoyalGame.new(seed=6), [royal_bot("greedy"), royal_bot("random")])
    try:
        page = game_html(game)
    except FileNotFoundError:  # pragma: no cover - the front end is not built here
        pytest.skip("the front end is not built")
    assert "Royal Game of Ur" in page and len(page) > 10_000
    inspector = BotInspector(RoyalGame.from_position(TEACHING), seconds=0.2)
    assert inspector.seat == 0


def royal_bot(name: str) -> object:
    from tigris_widget.bots import make_bot

    return make_bot(name, 1, "royal")
