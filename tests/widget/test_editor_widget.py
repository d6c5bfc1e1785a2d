"""``PositionEditor`` driven as the browser drives it: palette toggles and field controls set from the
front end, clicks on the board sent as the edit mode's square messages, forged messages refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tigris_widget import PositionEditor
from tigris_widget.core.editor import Editor
from tigris_widget.games.ur import UrGame
from tigris_widget.jupyter.editor_widget import WARNING_COLOUR
from tigris_widget.jupyter.inspect import BotInspector
from tigris_widget.jupyter.widget import BoardWidget
from ur_positions import TC10, grid_tokens


def front_end_message(editor: PositionEditor, content: Any) -> None:
    """A custom message from the board's front end, through ipywidgets' own entry point."""
    editor.board._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def click(editor: PositionEditor, x: int, y: int, width: int) -> None:
    """What the edit mode sends for a click on (x, y): the square and the state the board drew."""
    square = y * width + x
    front_end_message(editor, {"kind": "square", "square": square, "state_id": editor.board.view["state_id"]})


def toggle(editor: PositionEditor, piece: str) -> None:
    """A press on a palette or tool button (the front end sets the toggles' value)."""
    for group in [editor.tools, *editor.palette.values()]:
        if piece in [value for _, value in group.options]:
            group.value = piece
            return
    raise AssertionError(f"no button for {piece}")


def field(editor: PositionEditor, name: str, value: object) -> None:
    editor._controls[name][0].value = value


def test_ur_tc10_built_by_clicks_equals_the_position() -> None:
    editor = PositionEditor("ur", players=4, seed=3)
    field(editor, "stage", "play")
    for y, row in enumerate(grid_tokens(TC10)):
        for x, token in enumerate(row):
            if token.startswith("Z"):  # a ziggurat on its tile: Z3(Ap)
                toggle(editor, token[3:5])
                click(editor, x, y, 6)
                toggle(editor, token[:2])
                click(editor, x, y, 6)
                continue
            toggle(editor, token[:2])
            click(editor, x, y, 6)
            if ":" in token:
                seat, count = token[3], token[5]
                toggle(editor, f"P{seat}x{count}")
                click(editor, x, y, 6)
    for name, value in (("start_player", 0), ("to_move", 0)):
        field(editor, name, value)
    for seat, hand in enumerate(("TP", "AC", "CW", "AW")):
        field(editor, f"hand:P{seat}", hand)
    assert editor.editor.problems() == []
    assert editor.to_position() == UrGame.from_position(TC10).to_position()
    assert not editor.play_button.disabled and editor.position_text.value == editor.editor.text()


def test_clicks_equal_calls_on_the_model_for_tigris() -> None:
    editor = PositionEditor("tigris", seed=5)
    model = Editor.new("tigris", seed=5)
    for piece, (x, y) in (("r", (5, 3)), ("Ak", (5, 4)), ("b", (4, 2)), ("g", (6, 3))):
        toggle(editor, piece)
        click(editor, x, y, 16)
        model.place((x, y), piece)
    toggle(editor, "move")
    click(editor, 6, 3, 16)
    click(editor, 6, 2, 16)
    model.move((6, 3), (6, 2))
    toggle(editor, "remove")
    click(editor, 4, 2, 16)
    model.remove((4, 2))
    assert editor.editor.text() == model.text()
    assert editor.to_position() == model.to_position()


def test_a_rule_breaking_placement_is_framed_at_its_square_and_listed() -> None:
    editor = PositionEditor("tigris", seed=5)
    toggle(editor, "b")
    click(editor, 3, 5, 16)  # a farm on land
    square = 5 * 16 + 3
    assert {"square": square, "colour": WARNING_COLOUR} in editor.board.overlay["highlights"]
    assert any(label["square"] == square for label in editor.board.overlay["labels"])
    assert "at (3,5)" in editor.problem_list.value and "farms on rivers" in editor.problem_list.value
    assert "last valid position" in editor.note.value
    assert editor.play_button.disabled and editor.analyse_button.disabled
    assert "fix the 1 problem" in editor.out_reason.value
    assert editor.play() is None and editor.analyse() is None
    editor.undo_button.click()
    assert editor.board.overlay.get("highlights", []) == [] and editor.problem_list.value == ""
    assert not editor.play_button.disabled and editor.note.value == ""


def test_play_and_analyse_open_below_the_editor() -> None:
    editor = PositionEditor("ur", players=3)
    board = editor.play()
    assert isinstance(board, BoardWidget) and board.playable and editor.results.children[-1] is board
    assert board.game.to_position() == editor.to_position()
    inspector = editor.analyse()
    assert isinstance(inspector, BotInspector) and editor.results.children == (inspector.widget,)


def test_a_bad_field_value_shows_its_error_and_changes_nothing() -> None:
    editor = PositionEditor("tigris")
    before, state = editor.editor.text(), editor.editor.state_id
    field(editor, "turn", "soon")
    assert editor.editor.text() == before and editor.editor.state_id == state
    control, error = editor._controls["turn"]
    assert "turn" in error.value and control.value == "1"


@pytest.mark.parametrize(
    "content",
    [
        None,
        "square",
        {"kind": "square", "square": 999},
        {"kind": "square", "square": -1, "state_id": "edit:0"},
        {"kind": "square", "square": 176, "state_id": "edit:0"},
        {"kind": "square", "square": "5", "state_id": "edit:0"},
        {"kind": "square", "square": True, "state_id": "edit:0"},
        {"kind": "square", "square": 5.0, "state_id": "edit:0"},
        {"kind": "square", "square": 5, "state_id": "edit:7"},
        {"kind": "square", "square": 5, "state_id": ["edit:0"]},
        {"kind": "square", "square": 5, "state_id": "edit:0", "piece": "x"},
        {"kind": "intent", "action": "pass", "state_id": "edit:0"},
        {"kind": "place", "square": 5, "piece": "r", "state_id": 0},
        {"kind": "undo", "state_id": "edit:9"},
        {"kind": "redo", "state_id": "edit:0", "square": 1},
        {"kind": "goto", "ply": 0},
    ],
)
def test_forged_messages_change_nothing_and_raise_nothing(content: Any) -> None:
    editor = PositionEditor("tigris")
    toggle(editor, "r")
    before, state = editor.editor.text(), editor.editor.state_id
    front_end_message(editor, content)
    assert editor.editor.text() == before and editor.editor.state_id == state
    assert editor.board.error  # said on the board


def test_a_stale_click_is_refused_after_an_edit() -> None:
    editor = PositionEditor("ur", players=3)
    toggle(editor, "P0x2")
    drawn = editor.board.view["state_id"]
    click(editor, 0, 0, 6)
    state = editor.editor.state_id
    front_end_message(editor, {"kind": "square", "square": 1, "state_id": drawn})
    assert editor.editor.state_id == state and "changed since" in editor.board.error
    click(editor, 1, 0, 6)  # drawn on the current state: applied, and the notice ends
    assert editor.editor.state_id == state + 1 and editor.board.error == ""


def test_the_keys_u_and_shift_u_undo_and_redo() -> None:
    editor = PositionEditor("ur", players=3)
    toggle(editor, "P0x2")
    click(editor, 0, 0, 6)
    cells = editor.editor.cells()
    front_end_message(editor, {"kind": "undo", "state_id": editor.board.view["state_id"]})
    assert editor.editor.cells() != cells and editor.editor.can_redo and not editor.redo_button.disabled
    front_end_message(editor, {"kind": "redo", "state_id": editor.board.view["state_id"]})
    assert editor.editor.cells() == cells and not editor.editor.can_redo


def test_the_front_end_cannot_leave_edit_mode() -> None:
    editor = PositionEditor("ur", players=3)
    editor.board.set_state({"edit_mode": False})
    assert editor.board.edit_mode is True and editor.board.error


def test_a_click_without_a_tool_asks_for_one() -> None:
    editor = PositionEditor("ur", players=3)
    state = editor.editor.state_id
    click(editor, 0, 0, 6)
    assert editor.editor.state_id == state and "Pick a piece" in editor.status.value


def test_start_and_players_are_checked() -> None:
    game = UrGame.from_position(TC10)
    assert PositionEditor("ur", start=game).to_position() == game.to_position()
    assert PositionEditor("ur", start=game.to_position()).to_position() == game.to_position()
    with pytest.raises(ValueError, match="players=3"):
        PositionEditor("ur", players=3, start=game)
    with pytest.raises(ValueError, match="not of 'tigris'"):
        PositionEditor("tigris", start=game)


def test_the_display_carries_a_picture_of_the_board() -> None:
    data, _ = PositionEditor("ur", players=3)._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["image/svg+xml"].startswith("<svg") and "image/png" in data


# -- making a puzzle of the edited position --------------------------------------------------------
def _shipped_start(game: str) -> tuple[str, str]:
    """A shipped puzzle's start position and its goal as written (the editor re-makes it)."""
    from tigris_widget.puzzles.library import library

    key = {"tigris": "m-6e353d84", "ur": "u-34f2db1a"}[game]
    puzzle = library(game)[key]
    spec = puzzle.goal.to_spec() if hasattr(puzzle.goal, "to_spec") else dict(puzzle.goal.spec)  # type: ignore[attr-defined]
    return puzzle.position, json.dumps(spec)


@pytest.mark.parametrize("game", ["tigris", "ur"])
def test_the_edited_position_becomes_a_puzzle_checked_by_the_solver(game: str) -> None:
    from tigris_widget.jupyter.puzzle_board import PuzzleBoard

    position, goal = _shipped_start(game)
    editor = PositionEditor(game, start=position)
    assert editor.goal_kind.options and not editor.make_button.disabled
    editor.goal.value = goal
    editor.puzzle_title.value = "From last night"
    editor.make_button.click()
    assert editor.puzzle is not None and editor.puzzle.title == "From last night", editor.puzzle_note.value
    assert isinstance(editor.puzzle_board, PuzzleBoard) and editor.puzzle_board.widget in editor.results.children
    assert "unique" in editor.results.children[0].value.lower()
    assert editor.puzzle.check(editor.puzzle.play_solution()).status == "solved"


def test_an_unsound_puzzle_or_a_bad_goal_is_refused_in_words_and_nothing_opens() -> None:
    position, _ = _shipped_start("ur")
    editor = PositionEditor("ur", start=position)
    for goal in ("points points=0", "fly away", "cubes cubes=99"):
        editor.goal.value = goal
        editor.make_button.click()
        assert editor.puzzle is None and editor.puzzle_board is None and not editor.results.children
        assert editor.puzzle_note.value.startswith("<span"), goal  # the refusal, said under the row
    with pytest.raises(ValueError):
        editor.make_puzzle("points points=0")


def test_a_draft_with_problems_cannot_be_made_a_puzzle() -> None:
    editor = PositionEditor("tigris", players=2, seed=5)
    editor.select("b")
    editor.click((3, 5))  # a farm on land
    assert editor.make_button.disabled and "Make a puzzle" in editor.out_reason.value


def test_a_problem_s_label_names_the_piece_the_board_cannot_draw() -> None:
    """While the draft breaks a rule the board shows the last valid position, so the piece that breaks
    it is not drawn: its frame's label names it."""
    editor = PositionEditor("tigris", players=2, seed=3)
    editor.select("Ak")
    editor.click((9, 5))  # a king with no temple beside him
    assert editor.board.overlay["labels"] == [{"square": 89, "text": "⚠1 king"}]
    editor.undo()
    assert not editor.board.overlay.get("labels")
