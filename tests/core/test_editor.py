"""The position editor's shared model (``core.editor.Editor``) on every game that can be edited: the
history, the refusals that change nothing, the checked results and the widget's message API."""

from __future__ import annotations

import types
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tigris_widget.core import hooks
from tigris_widget.core.editor import Editor
from tigris_widget.core.registry import game_module
from tigris_widget.games import GAMES

EDITABLE = [name for name in GAMES if hooks.position_editing(game_module(name)) is not None]
"""The games with the hook (T&E and Ur today)."""

# (a valid square, another valid square, a piece that breaks a rule there, an unknown piece) per game
CASES: dict[str, tuple[Any, Any, str, str]] = {
    "tigris": ((5, 5), (6, 6), "Ak", "Qk"),  # a king with no temple beside it; Q is no dynasty
    "ur": ((0, 0), (1, 0), "P0x6", "P7x1"),  # six cubes on a tile; P7 is no seat of three
}


def test_every_game_with_position_text_but_royal_is_editable() -> None:
    assert set(EDITABLE) == {"tigris", "ur"}
    assert hooks.position_editing(types.SimpleNamespace(NAME="bare")) is None


@pytest.fixture(params=EDITABLE)
def editor(request: pytest.FixtureRequest) -> Editor:
    return Editor.new(request.param, seed=3)


def test_a_new_setup_is_valid_and_reads_back(editor: Editor) -> None:
    assert editor.problems() == [] and editor.is_valid
    again = Editor.from_position(editor.game_name, editor.to_position())
    assert again.to_position() == editor.to_position()
    assert Editor.from_game(editor.game()).to_position() == editor.to_position()


def test_an_edit_the_text_cannot_express_raises_and_changes_nothing(editor: Editor) -> None:
    square, _, _, unknown = CASES[editor.game_name]
    before, state = editor.text(), editor.state_id
    for bad in (lambda: editor.place(square, unknown), lambda: editor.place((99, 99), "x"),
                lambda: editor.set("no such field", 1), lambda: editor.move(square, square),
                lambda: editor.place(square, None)):  # fmt: skip
        with pytest.raises(ValueError):
            bad()
        assert editor.text() == before and editor.state_id == state and not editor.can_undo


def test_a_rule_breaking_edit_is_kept_and_every_result_refuses_it(editor: Editor) -> None:
    square, _, breaking, _ = CASES[editor.game_name]
    if editor.game_name == "ur":
        editor.set("stage", "play")  # cubes stand on the grid in play
    valid = editor.to_position()
    editor.place(square, breaking)
    found = editor.problems()
    assert len(found) == 1 and found[0].square == game_module(editor.game_name).to_square(square)
    for result in (editor.to_position, editor.game, editor.to_code):
        with pytest.raises(ValueError, match=r"not valid \(1 problem\): at \([0-9]+,[0-9]+\): "):
            result()
    view = editor.to_view()
    assert not view["view_is_current"] and view["problems"] == [found[0].as_dict()]
    assert view["view"] is not None  # the last valid draft is drawn
    editor.undo()
    assert editor.problems() == [] and editor.to_position() == valid and editor.to_view()["view_is_current"]


def test_undo_and_redo_walk_the_history_and_a_new_edit_drops_the_redos(editor: Editor) -> None:
    square, other, breaking, _ = CASES[editor.game_name]
    with pytest.raises(ValueError, match="no edit to undo"):
        editor.undo()
    texts = [editor.text()]
    editor.place(square, breaking)
    texts.append(editor.text())
    editor.move(square, other)
    texts.append(editor.text())
    assert len(set(texts)) == 3 and editor.state_id == 2
    editor.undo()
    editor.undo()
    assert editor.text() == texts[0] and editor.can_redo and not editor.can_undo
    editor.redo()
    assert editor.text() == texts[1] and editor.state_id == 5
    editor.remove(square)
    assert not editor.can_redo
    with pytest.raises(ValueError, match="no undone edit"):
        editor.redo()


def test_code_built_by_to_code_gives_the_same_position(editor: Editor) -> None:
    namespace: dict[str, Any] = {}
    exec(editor.to_code(), namespace)  # what a user pastes into a notebook
    assert namespace["game"].to_position() == editor.to_position()


def test_a_message_applies_with_the_current_state_id_and_a_stale_one_changes_nothing(editor: Editor) -> None:
    square, other, breaking, _ = CASES[editor.game_name]
    editor.handle({"kind": "place", "square": list(square), "piece": breaking, "state_id": 0})
    assert editor.last_error is None and editor.state_id == 1 and editor.problems()
    text = editor.text()
    editor.handle({"kind": "move", "origin": square, "target": other, "state_id": 0})  # drawn before the place
    assert "state 0" in str(editor.last_error) and editor.text() == text and editor.state_id == 1
    editor.handle({"kind": "undo", "state_id": 1})
    assert editor.last_error is None and editor.problems() == []


@pytest.mark.parametrize(
    "message",
    [
        None,
        [],
        {"kind": "place"},
        {"kind": "explode", "state_id": 0},
        {"kind": "place", "square": (0, 0), "piece": "r", "state_id": "0"},
        {"kind": "place", "square": (0, 0), "piece": "r", "state_id": True},
        {"kind": "place", "square": (0, 0), "piece": "r", "state_id": 0, "extra": 1},
        {"kind": "place", "square": (99, 0), "piece": "r", "state_id": 0},
        {"kind": "place", "square": 1.5, "piece": "r", "state_id": 0},
        {"kind": "place", "square": (0, 0), "piece": ["r"], "state_id": 0},
        {"kind": "set", "field": "hand:P0", "state_id": 0},
        {"kind": "set", "field": {"x": 1}, "value": 1, "state_id": 0},
        {"kind": "redo", "state_id": 0},
    ],
)
def test_a_forged_message_changes_nothing_and_raises_nothing(editor: Editor, message: object) -> None:
    text = editor.text()
    editor.handle(message)
    assert editor.last_error and editor.text() == text and editor.state_id == 0


_JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 300), st.floats(allow_nan=True), st.text(max_size=12),
    st.tuples(st.integers(-2, 17), st.integers(-2, 12)), st.lists(st.integers(-2, 17), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)  # fmt: skip


_NEEDS = {"place": ("square", "piece"), "remove": ("square",), "move": ("origin", "target"),
          "set": ("field", "value"), "undo": (), "redo": (), "x": ()}  # fmt: skip


@st.composite
def _messages(draw: st.DrawFn, editor: Editor) -> object:
    """A message as a hostile or confused front end might send: mostly well formed with real parts
    (so that many apply), each part sometimes missing or junk, sometimes an extra field."""
    real = {
        "square": st.tuples(st.integers(0, 5), st.integers(0, 5)),
        "piece": st.sampled_from([p["piece"] for p in editor.palette()]),
        "field": st.sampled_from(list(editor.fields())),
        "value": st.sampled_from(["auto", "AT", "TW", "rrk", "play", "over", "0,1,0,0", 0, 1, 2]),
    }
    kind = draw(st.sampled_from(list(_NEEDS)))
    message: dict[object, object] = {"kind": kind}
    if draw(st.integers(0, 9)):
        message["state_id"] = editor.state_id if draw(st.integers(0, 5)) else draw(_JUNK)
    for name in _NEEDS[kind]:
        if draw(st.integers(0, 9)):
            good = real["square" if name in ("origin", "target") else name]
            message[name] = draw(good) if draw(st.integers(0, 4)) else draw(_JUNK)
    if not draw(st.integers(0, 9)):
        message[draw(st.sampled_from(["value", "extra", 3]))] = draw(_JUNK)
    return message if draw(st.integers(0, 19)) else draw(_JUNK)


@pytest.mark.parametrize("name", EDITABLE)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzzed_messages_never_raise_and_a_refused_one_changes_nothing(name: str, data: st.DataObject) -> None:
    editor = Editor.new(name, seed=1)
    for _ in range(12):
        text, state = editor.text(), editor.state_id
        editor.handle(data.draw(_messages(editor)))
        if editor.last_error is None:
            assert editor.state_id == state + 1
        else:
            assert editor.text() == text and editor.state_id == state
    view = editor.to_view()  # whatever the edits did, the view is drawn and the problems are listed
    assert view["state_id"] == editor.state_id and isinstance(view["problems"], list)


def test_a_game_without_the_hook_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    import tigris_widget.core.editor as editor_module

    monkeypatch.setattr(editor_module, "game_module", lambda name: types.SimpleNamespace(NAME=name))
    with pytest.raises(ValueError, match="the positions of bare cannot be edited"):
        Editor.new("bare")


def test_an_edit_makes_a_new_draft_and_leaves_the_earlier_one_as_it_was(editor: Editor) -> None:
    square, other, breaking, _ = CASES[editor.game_name]
    first, text = editor.draft, editor.text()
    editor.place(square, breaking)
    editor.move(square, other)
    assert editor.draft is not first
    editor.undo()
    editor.undo()
    assert editor.draft is first and editor.text() == text
