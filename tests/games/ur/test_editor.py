"""Ur's position editor (``games/ur/editor.py`` under ``core.editor.Editor``): the §14 test position
built by edits alone, each rule-breaking edit shown where it is, the fields off the grid."""

from __future__ import annotations

from typing import Any

import pytest

from tigris_widget.core.editor import Editor
from tigris_widget.games.ur import UrGame
from ur_positions import TC10, grid_tokens


def cell(x: int, y: int) -> int:
    return y * 6 + x


def test_tc10_built_by_edits_is_the_parsers_position() -> None:
    editor = Editor.new("ur", players=4, seed=11)
    for y, row in enumerate(grid_tokens(TC10)):
        for x, token in enumerate(row):
            tile = token[3:5] if token.startswith("Z") else token[:2]
            editor.place((x, y), tile)
            if token.startswith("Z"):
                editor.place((x, y), f"Z{token[1]}")
            elif ":" in token:
                editor.place((x, y), f"P{token[3]}x{token[5]}")
    for seat, pair in enumerate(("TP", "AC", "CW", "AW")):
        editor.set(f"hand:P{seat}", pair)
    editor.set("start_player", 0)
    editor.set("stage", "play")
    editor.set("to_move", "P0")
    assert editor.problems() == []
    assert editor.to_position() == UrGame.from_position(TC10).to_position()
    assert editor.game().legal_actions()  # and it plays


@pytest.fixture
def tc10() -> Editor:
    return Editor.from_position("ur", TC10)


def test_six_cubes_are_shown_on_their_tile(tc10: Editor) -> None:
    tc10.place((5, 3), "P0x6")
    (problem,) = tc10.problems()
    assert problem.square == cell(5, 3) and "a tile holds 1..5 cubes, not 6" in problem.message


def test_a_pair_used_five_times_is_shown_on_each_of_its_tiles(tc10: Editor) -> None:
    tc10.place((0, 0), "Pw")  # Ta becomes a fifth P/W tile (and T/A is left three times)
    found = tc10.problems()
    pw = {cell(1, 1), cell(4, 2), cell(5, 4), cell(3, 5), cell(0, 0)}
    assert {p.square for p in found} == pw and all(p.field == "tiles" for p in found)
    assert "PW 5 times" in found[0].message and "AT 3 times" in found[0].message


def test_ziggurats_left_that_do_not_add_up_are_shown_on_the_header(tc10: Editor) -> None:
    tc10.set("ziggurats_left", 5)
    (problem,) = tc10.problems()
    assert problem.square is None and problem.field == "ziggurats_left" and "ziggurats left 5" in problem.message
    tc10.set("ziggurats_left", "auto")
    tc10.place((0, 5), "Z1")  # a second ziggurat: the count left follows
    assert tc10.problems() == [] and "ziggurats left: 3" in tc10.to_position()


def test_what_the_text_cannot_say_is_refused_and_changes_nothing(tc10: Editor) -> None:
    text = tc10.text()
    for bad in (
        lambda: tc10.place((0, 0), "Aa"),  # one kind on both sides
        lambda: tc10.place((0, 0), "P4x1"),  # no seat 4 of four players
        lambda: tc10.place((0, 0), "P0x0"),
        lambda: tc10.place((6, 0), "At"),
        lambda: tc10.remove((2, 0)),  # a bare tile: every cell holds one
        lambda: tc10.set("hand:P4", "AT"),
        lambda: tc10.set("hand:P0", "AA"),
        lambda: tc10.set("stage", "setup round 4"),
        lambda: tc10.set("ziggurats_left", 6),
        lambda: tc10.set("spares", "AT TW CP PW AC"),
        lambda: tc10.set("supplies", "P0=20 P1=20 P2=20 P3=20"),  # derived from the grid
    ):
        with pytest.raises(ValueError):
            bad()
    assert tc10.text() == text and tc10.state_id == 0
    assert tc10.fields()["supplies"] == "P0=11 P1=17 P2=18 P3=19"


def test_moving_carries_cubes_or_swaps_bare_tiles(tc10: Editor) -> None:
    tc10.move((0, 0), (2, 0))  # P0's cube onto the bare Ct
    cells = tc10.cells()
    assert cells[cell(0, 0)] == "Ta" and cells[cell(2, 0)] == "Ct:0x1"
    tc10.move((3, 0), (4, 0))  # two bare tiles change places
    assert tc10.cells()[cell(3, 0)] == "Wt" and tc10.cells()[cell(4, 0)] == "Pc"
    tc10.move((4, 3), (5, 0))  # the ziggurat too
    assert tc10.cells()[cell(5, 0)] == "Z3(Ac)" and tc10.problems() == []
    tc10.remove((5, 0))
    assert tc10.cells()[cell(5, 0)] == "Ac" and "ziggurats left: 5" in tc10.to_position()


def test_the_setup_stages_and_a_three_player_spare() -> None:
    editor = Editor.new("ur", players=3, seed=2)
    assert editor.fields()["stage"] == "setup" and len(editor.fields()["spares"]) == 2
    namespace: dict[str, Any] = {}
    exec(editor.to_code(), namespace)  # a setup position: loaded from its text
    assert namespace["game"].to_position() == editor.to_position()
    start = editor.fields()["start_player"]
    editor.place((0, 0), f"P{start}x1")
    (problem,) = editor.problems()  # one cube, but the setup has none yet
    assert problem.field is None and "cubes on the grid" in problem.message
    editor.set("stage", "setup round 1")
    editor.set("to_move", (start + 1) % 3)
    assert editor.problems() == []  # the start player placed the first cube; the next one is to move
    editor.set("spares", [])
    assert "spare" in editor.problems()[0].message and editor.problems()[0].field == "hands"


def test_the_code_builds_a_position_in_play(tc10: Editor) -> None:
    namespace: dict[str, Any] = {}
    exec(tc10.to_code(), namespace)
    assert "UrPositionBuilder" in tc10.to_code() and namespace["game"].to_position() == tc10.to_position()
