"""Hypothesis fuzzing of every text form: whatever the text, a reader either reads it (and writes it back
the same) or refuses it with its own ValueError subclass — never another error — and a refused action
leaves the game unchanged."""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

from tigris_widget.core.errors import IllegalActionError, NotationError, PositionError
from tigris_widget.games import royal
from tigris_widget.games.royal import RoyalGame
from tigris_widget.games.royal.engine import parse_action
from tigris_widget.games.royal.formats.position import format_position, parse_position

from .helpers import random_game

WORDS = st.sampled_from(
    ["roll", "move", "light", "dark", "start", "path", "off", "next", "winner", "play", "position", "result",
     "royal-position 1", "royal-record 1", ":", "#", "\n", " ", "0", "1", "3", "7", "14", "15", "-1", "٣"]
)  # fmt: skip
TEXT = st.one_of(st.text(max_size=60), st.lists(WORDS, max_size=30).map(" ".join))
GAME = random_game(12)
RECORD = GAME.to_record()
POSITIONS = [format_position(GAME.state_at(p)) for p in range(0, len(GAME), 9)]


def _mutate(text: str, data: st.DataObject) -> str:
    i = data.draw(st.integers(0, len(text)))
    j = data.draw(st.integers(i, min(len(text), i + 6)))
    return text[:i] + data.draw(st.text(max_size=6) | WORDS) + text[j:]


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_action_text(text: str) -> None:
    try:
        action = parse_action(text)
    except NotationError:
        return
    assert parse_action(str(action)) == action


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_position_text(data: st.DataObject) -> None:
    text = _mutate(data.draw(st.sampled_from(POSITIONS)), data) if data.draw(st.booleans()) else data.draw(TEXT)
    try:
        state = parse_position(text)
    except PositionError:
        return
    assert parse_position(format_position(state)) == state


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_record_text(data: st.DataObject) -> None:
    text = _mutate(RECORD, data) if data.draw(st.booleans()) else data.draw(TEXT)
    try:
        game = RoyalGame.from_record(text)
    except PositionError:
        return
    assert RoyalGame.from_record(game.to_record()).state == game.state


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_applied_text_changes_nothing_when_refused(data: st.DataObject) -> None:
    game = random_game(data.draw(st.integers(0, 5)), plies=data.draw(st.integers(0, 60)))
    before = game.to_record()
    text = data.draw(
        TEXT | st.sampled_from(["roll", *(f"roll {n}" for n in range(5)), *(f"move {n}" for n in range(15))])
    )
    try:
        game.apply(text)
    except (IllegalActionError, NotationError):
        assert game.to_record() == before


VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.binary(max_size=8), TEXT,
    st.tuples(st.integers(-3, 30), st.integers(-3, 30)), st.lists(st.integers(), max_size=3),
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(VALUES, VALUES)
def test_foreign_values_are_refused_with_a_value_error(value: object, seat: object) -> None:
    game = random_game(1, plies=31)
    before = game.to_record()
    legal = game.is_legal(value)
    try:
        game.apply(value, seat=seat)  # type: ignore[arg-type]
    except ValueError:
        assert game.to_record() == before
    else:
        assert legal
    for call in (
        lambda: game.view(value),  # type: ignore[arg-type]
        lambda: game.state_at(value),  # type: ignore[arg-type]
        lambda: RoyalGame.from_position(value),  # type: ignore[arg-type]
        lambda: RoyalGame.from_record(value),  # type: ignore[arg-type]
        lambda: royal.to_square(value),
    ):
        with contextlib.suppress(ValueError):
            call()
