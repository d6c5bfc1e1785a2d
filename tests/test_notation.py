"""Action notation round-trips for every action (design contract 3)."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from tigris_widget import Action
from tigris_widget.games.tigris.engine.core import actions as tables
from tigris_widget.games.tigris.engine.core.actions import format_action, parse_action

EVERY_FIXED_ACTION = [
    *itertools.chain.from_iterable(tables.TILE_ACTIONS),
    *itertools.chain.from_iterable(tables.PLACE_LEADER_ACTIONS),
    *itertools.chain.from_iterable(tables.MOVE_LEADER_ACTIONS),
    *itertools.chain.from_iterable(tables.BUILDING_ACTIONS),
    *itertools.chain.from_iterable(tables.MONUMENT_ACTIONS),
    *tables.ZIGGURAT_ACTIONS,
    *tables.WITHDRAW_ACTIONS,
    *tables.CATASTROPHE_ACTIONS,
    *tables.SWAP_ACTIONS.values(),
    *tables.COMMIT_ACTIONS,
    *tables.WAR_ACTIONS,
    *tables.BONUS_ACTIONS,
    tables.PASS_ACTION,
    tables.DECLINE_ACTION,
]


def test_every_action_round_trips() -> None:
    texts = set()
    for action in EVERY_FIXED_ACTION:
        text = format_action(action)
        assert parse_action(text) == action, text
        texts.add(text)
    assert len(texts) == len(EVERY_FIXED_ACTION)  # no two actions share a notation


@given(st.lists(st.integers(0, 175), min_size=1, max_size=6, unique=True))
def test_treasure_choices_round_trip(squares: list[int]) -> None:
    action = tables.treasure_action(tuple(squares))
    assert parse_action(str(action)) == action


def test_friendly_spellings_parse_to_the_same_action() -> None:
    assert parse_action("Tile Temple (5, 4)") == parse_action("tile r (5,4)")
    assert parse_action("leader trader 9,3") == parse_action("leader g (9,3)")
    assert parse_action("monument gr (8,5)") == parse_action("monument rg (8,5)")
    assert parse_action("swap brb") == parse_action("swap rbb")


def test_repr_evaluates_back() -> None:
    action = parse_action("move k (3,4)")
    assert repr(action) == "Action.parse('move k (3,4)')"
    assert eval(repr(action), {"Action": Action}) == action
