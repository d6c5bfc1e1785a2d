"""The board and its log as a demanding user sees them (issue #22), the Python side: the envelope
carries the whole last turn (and says "passed"), leaders have seat colours, pictures follow the
board's theme, no demo overlays on a notebook's first board, and the final standings say how every
place was decided. The browser side is in ``tests/e2e/test_board_finish.py``."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from ur_scenarios import scenario_game as ur_game
from view_scenarios import scenario_game

from tigris_widget import Game
from tigris_widget.core.view import ViewFormatError, check_view, turn_summary
from tigris_widget.games.tigris.engine.core.types import PASS
from tigris_widget.games.tigris.present.viewjson import DYNASTY_COLOURS, serialize_game
from tigris_widget.games.ur import present
from tigris_widget.jupyter.widget import BoardWidget
from tigris_widget.render import board_svg

ROOT = Path(__file__).resolve().parents[2]


def played(plies: int, seed: int = 4) -> Game:
    game = Game.new(players=3, seed=seed)
    rng = random.Random(seed)
    while len(game) < plies and game.decision is not None:
        game.apply(rng.choice(game.legal_actions()))
    return game


# -- item 2: the whole last turn ----------------------------------------------------------------------


def test_the_last_turn_holds_every_action_of_the_turn_that_ended() -> None:
    game = played(0)
    first = game.legal_actions()[0]
    game.apply(first)
    one = serialize_game(game, None)
    assert one["last_turn"]["actions"] == [one["last_move"]["action"]]
    assert one["last_turn"]["ongoing"] is True  # the board says "This turn so far", not "Last turn"
    game.apply(game.legal_actions()[0])  # the second action of the same turn (no conflict at the start)
    view = serialize_game(game, None)
    turn = view["last_turn"]
    assert turn["first"] == 1 and turn["ply"] == 2 and turn["seat"] == 0
    assert len(turn["actions"]) == 2 and turn["passed"] is False
    assert set(one["last_move"]["squares"]) | set(view["last_move"]["squares"]) == set(turn["squares"])
    assert view["body"]["active"] != 0  # the turn is over: the next player is to play, the marks stay
    assert turn["ongoing"] is False


def test_a_pass_is_said_and_nothing_else_is_invented() -> None:
    game = played(6)
    while game.decision is not None and game.decision.kind != "action":
        game.apply(game.legal_actions()[0])
    passes = [a for a in game.legal_actions() if a.kind == PASS]
    game.apply(passes[0])
    turn = serialize_game(game, None)["last_turn"]
    assert turn["passed"] is True and "pass" in turn["actions"][-1]


def test_every_game_gets_a_last_turn_from_the_envelope() -> None:
    game, seat = ur_game("over")
    assert present(game, seat, 0)["last_turn"] is None  # the first position: no turn played yet
    long_turns = 0
    for at in range(1, len(game) + 1):
        view = present(game, seat, at)
        turn, last = view["last_turn"], view["last_move"]
        assert turn["ply"] == at and set(last["squares"]) <= set(turn["squares"])
        lines = {game.state_at(i - 1).line for i in range(turn["first"], at + 1)}
        assert len(lines) == 1  # one notation line: one turn
        assert turn["ongoing"] is (game.state_at(at).line in lines)  # goes on while the next step is of its line
        long_turns += len(turn["actions"]) > 1
    assert long_turns > 10  # Ur's turns have several steps, all marked


def test_turn_summary_merges_squares_in_order() -> None:
    moves = [
        {"ply": 4, "seat": 1, "action": "a", "squares": [5, 6]},
        {"ply": 5, "seat": 1, "action": "b", "squares": [6, 7]},
        {"ply": 6, "seat": 1, "action": "pass", "squares": [], "passed": True},
    ]
    assert turn_summary(moves) == {
        "seat": 1, "first": 4, "ply": 6, "actions": ["a", "b", "pass"], "seats": [1, 1, 1], "squares": [5, 6, 7],
        "passed": True, "ongoing": False,
    }  # fmt: skip
    assert turn_summary([]) is None


@pytest.mark.parametrize(
    "bad",
    [
        "turn",
        {"seat": 0, "actions": [], "squares": "1,2", "passed": False},
        {"seat": 0, "actions": [], "squares": [1, "2"], "passed": False},
        {"seat": 0, "actions": [3], "squares": [], "passed": False},
        {"seat": 9, "actions": [], "squares": [], "passed": False},
        {"seat": 0, "actions": [], "squares": [], "passed": "no"},
    ],
)
def test_a_malformed_last_turn_is_refused_and_an_older_view_without_one_is_read(bad: Any) -> None:
    view = serialize_game(played(3), None)
    older = copy.deepcopy(view)
    del older["last_turn"]
    check_view(older)
    view["last_turn"] = bad
    with pytest.raises(ViewFormatError, match="last_turn"):
        check_view(view)


# -- item 3: whose leader is whose ---------------------------------------------------------------------


def test_every_seat_has_its_own_colour_and_the_picture_rings_each_leader_in_it() -> None:
    game, _ = scenario_game("midgame_all_seeing")
    view = serialize_game(game, None)
    colours = [s["colour"] for s in view["seats"]]
    assert len(set(colours)) == len(colours) and all(re.fullmatch(r"#[0-9a-f]{6}", c) for c in colours)
    assert set(DYNASTY_COLOURS.values()).isdisjoint({"#000000", "#ff0000", "#0000ff", "#008000"})
    svg = board_svg(view)
    for seat in view["seats"]:
        leaders = [q for q in view["body"]["players"][seat["seat"]]["leaders"].values() if q >= 0]
        assert svg.count(f'stroke="{seat["colour"]}"') == len(leaders)


# -- item 5: pictures in the board's theme ---------------------------------------------------------------


def test_the_stored_picture_follows_the_boards_theme_and_paints_its_own_background() -> None:
    game = played(4)
    dark = BoardWidget(game, theme="dark").picture()
    light = BoardWidget(game, theme="light").picture()
    auto = BoardWidget(game).picture()
    assert '<rect width="' in dark and 'fill="#1e1e1e"' in dark
    assert 'fill="#1e1e1e"' not in light and 'fill="#ffffff"' in light
    assert auto == light  # "auto": the light picture, readable on a dark page thanks to its own background


# -- item 6: no demo overlays on a notebook's first board ----------------------------------------------


NOTEBOOKS_WITH_BOARDS = [
    p for p in sorted((ROOT / "notebooks").glob("0*.ipynb")) if "BoardWidget(" in p.read_text("utf-8")
]


@pytest.mark.parametrize("path", NOTEBOOKS_WITH_BOARDS, ids=lambda p: p.name)
def test_the_first_board_of_a_notebook_carries_no_heatmap_or_labels(path: Path, monkeypatch: Any) -> None:
    cells = [c for c in json.loads(path.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"]
    code = ["".join(c["source"]) for c in cells]
    made: list[BoardWidget] = []
    original = BoardWidget.__init__

    def record(self: BoardWidget, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(BoardWidget, "__init__", record)
    monkeypatch.setattr(BoardWidget, "embed_history_default", BoardWidget.embed_history_default)  # cells set it
    namespace: dict[str, Any] = {}
    for source in code:
        if source.lstrip().startswith(("!", "%")):
            continue
        try:
            exec(compile(source, path.name, "exec"), namespace)  # the project's own notebook
        except Exception as err:  # a later cell that needs a kernel's display: the boards made so far count
            if not made:
                raise
            print(f"{path.name}: stopped at {type(err).__name__}: {err}")
            break
    assert made, "the notebook makes no board"
    first = made[0]
    assert first.heatmap == b""
    assert not first.overlay.get("labels") and not first.overlay.get("heatmap_legend")


# -- item 7: the final standings ----------------------------------------------------------------------


def test_the_final_standings_give_every_colour_the_treasures_and_the_deciding_colour() -> None:
    game, _ = scenario_game("game_over")
    view = serialize_game(game, None)
    rows = view["result"]
    assert rows and all(
        r["columns"][:4] == [[c, r["final"][c]] for c in ("black", "red", "blue", "green")] for r in rows
    )
    assert all(r["columns"][4] == ["treasures spent", r["treasures"]] for r in rows)
    for r in rows:
        weakest = min(r["final"].values())
        assert r["score"] == weakest and f" {weakest}." in r["note"]
    if len({r["score"] for r in rows}) < len(rows):
        assert any("Tie" in r["note"] for r in rows)


def test_malformed_standings_columns_are_refused() -> None:
    game, _ = scenario_game("game_over")
    view = serialize_game(game, None)
    view["result"][0]["columns"] = [["black"]]
    with pytest.raises(ViewFormatError, match="columns"):
        check_view(view)
    view["result"][0] = {"rank": 1}
    with pytest.raises(ViewFormatError, match="result"):
        check_view(view)
