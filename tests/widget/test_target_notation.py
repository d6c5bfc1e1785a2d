"""The widget's targets carry the engine's action texts, so notation is written in Python only.

The front end looks texts up in ``view["targets"]`` and sends them back; for a piece put on a square
that is not a target and for swaps it sends structured intents that ``games.tigris.present.viewjson.intent_action``
writes out. These tests hold both halves to the engine's legal actions.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from view_scenarios import SCENARIOS, load_fixture, scenario_game

from tigris_widget import Game
from tigris_widget.games.tigris.engine.core.actions import Action
from tigris_widget.games.tigris.engine.core.types import COLOUR_NAMES
from tigris_widget.games.tigris.present.viewjson import group_targets, intent_action, monument_key, serialize_game
from tigris_widget.jupyter.widget import BoardWidget

SQUARE_GROUPS = ("tile", "leader", "move", "building")
COLOUR_GROUPS = ("withdraw", "war", "bonus")


def target_texts(targets: dict[str, Any]) -> Iterator[tuple[str, str, Any]]:
    """Every (group, action text, what the front end keys it by) in a serialized view's targets."""
    for group in SQUARE_GROUPS:
        for colour, actions in targets.get(group, {}).items():
            for square, text in actions.items():
                yield group, text, (colour, int(square))
    for group in ("catastrophe", "ziggurat"):
        for square, text in targets.get(group, {}).items():
            yield group, text, int(square)
    for key, actions in targets.get("monument", {}).items():
        for square, text in actions.items():
            yield "monument", text, (key, int(square))
    for group in COLOUR_GROUPS:
        for colour, text in targets.get(group, {}).items():
            yield group, text, colour
    for n, text in targets.get("commit", {}).items():
        yield "commit", text, int(n)
    for option in targets.get("treasures", []):
        yield "treasures", option["action"], tuple(option["squares"])
    for group in ("pass", "decline"):
        if group in targets:
            yield group, targets[group], None


def check_targets(game: Game, targets: dict[str, Any]) -> None:
    """Each text parses to a legal action keyed as the front end reads it; together they are exactly
    the legal actions minus swaps, each once; ``swap`` is set exactly when swaps are legal."""
    legal = game.legal_actions()
    texts = []
    for group, text, key in target_texts(targets):
        action = Action.parse(text)
        assert str(action) == text, text  # the engine's own spelling, not a variant it also reads
        assert action in legal, text
        assert action.kind_name == {"move": "move", "pass": "pass"}.get(group, group), (group, text)
        if group in SQUARE_GROUPS:
            assert (COLOUR_NAMES[action.colour], action.square) == key, (key, text)
        elif group in ("catastrophe", "ziggurat"):
            assert action.square == key, (key, text)
        elif group == "monument":
            assert (monument_key(action.pair), action.square) == key, (key, text)
        elif group in COLOUR_GROUPS:
            assert COLOUR_NAMES[action.colour] == key, (key, text)
        elif group == "commit":
            assert action.committed == key, (key, text)
        elif group == "treasures":
            assert action.treasure_squares == key, (key, text)
        texts.append(text)
    assert len(texts) == len(set(texts))
    assert set(texts) == {str(a) for a in legal if a.kind_name != "swap"}
    assert targets.get("swap", False) is any(a.kind_name == "swap" for a in legal)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_every_fixture_target_is_a_legal_action_of_its_game(name: str) -> None:
    fixture = load_fixture(name)
    game = Game.from_dict(fixture["game"])
    view = fixture["view"]
    if not view["decision"] or not view["decision"]["mine"]:
        assert view["targets"] == {}
        return
    check_targets(game, view["targets"])


@pytest.mark.parametrize("seed", range(6))
def test_targets_match_the_legal_actions_through_random_games(seed: int) -> None:
    rng = random.Random(seed)
    game = Game.new(players=2 + seed % 3, seed=seed, board="alternative" if seed % 2 else "classic",
                    variants=("buildings", "ziggurat") if seed % 2 else ())  # fmt: skip
    while game.decision is not None and len(game) < 120:
        check_targets(game, serialize_game(game, None)["targets"])
        game.apply(rng.choice(game.legal_actions()))


def test_group_targets_keeps_only_the_swap_flag() -> None:
    game = Game.new(players=3, seed=1)
    targets = group_targets(game.legal_actions())
    assert targets["swap"] is True
    assert not any(text.startswith("swap") for _, text, _ in target_texts(targets))


def test_the_synced_state_stays_small_with_the_texts() -> None:
    for name in ("midgame_all_seeing", "start_all_seeing"):
        game, seat = scenario_game(name)
        size = len(json.dumps(BoardWidget(game, seat=seat).get_state()["view"], separators=(",", ":")))
        assert size <= 20_000, (name, size)


# -- intents the front end cannot look up ----------------------------------------------------------
def send(widget: BoardWidget, **fields: Any) -> None:
    content = {"kind": "intent", "state_id": widget.view["state_id"], **fields}
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def test_a_piece_on_a_square_that_is_no_target_gets_the_engines_reason() -> None:
    game = Game.new(players=3, seed=1)
    widget = BoardWidget(game)
    farm_targets = widget.view["targets"]["tile"]["blue"]
    land = next(q for q in range(176) if str(q) not in farm_targets and q not in widget.view["body"]["board"]["river"])
    send(widget, piece={"kind": "tile", "colour": "blue"}, square=land)
    assert widget.error.startswith("§6.2"), widget.error  # farms go on the river
    assert len(game) == 0
    square, text = next(iter(farm_targets.items()))
    send(widget, piece={"kind": "tile", "colour": "blue"}, square=int(square))  # a target works too
    assert widget.error == "" and str(game.actions[-1]) == text


@pytest.mark.parametrize(
    ("piece", "square", "text"),
    [
        ({"kind": "leader", "colour": "green"}, 69, "leader g (5,4)"),
        ({"kind": "move", "colour": "black"}, 0, "move k (0,0)"),
        ({"kind": "catastrophe"}, 17, "catastrophe (1,1)"),
        ({"kind": "building", "colour": "red"}, 20, "building r (4,1)"),
        ({"kind": "monument", "key": "black-green"}, 33, "monument kg (1,2)"),
        ({"kind": "ziggurat"}, 175, "ziggurat (15,10)"),
    ],
)
def test_piece_intents_are_written_by_the_engines_constructors(piece: dict[str, Any], square: int, text: str) -> None:
    written = intent_action({"piece": piece, "square": square})
    assert written == text and str(Action.parse(written)) == written


def test_a_swap_is_sent_as_counts_and_written_in_python() -> None:
    game = Game.new(players=3, seed=1)
    widget = BoardWidget(game)
    seat = widget.view["decision"]["seat"]
    hand = widget.view["body"]["players"][seat]["hand"]
    counts = [min(1, hand[c]) for c in COLOUR_NAMES]
    expected = str(Action.swap((counts[0], counts[1], counts[2], counts[3])))
    send(widget, swap=counts)
    assert widget.error == ""
    assert str(game.actions[-1]) == expected and expected.startswith("swap ")
    too_many = [hand[c] + (1 if c == "red" else 0) for c in COLOUR_NAMES]
    before = len(game)
    send(widget, swap=too_many)
    assert widget.error and len(game) == before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ({}, "exactly one of"),
        ({"action": "pass", "swap": [1, 0, 0, 0]}, "exactly one of"),
        ({"action": "pass", "square": 3}, "'square' goes with 'piece'"),
        ({"swap": [1, 0, 0]}, "four tile counts"),
        ({"swap": [True, 0, 0, 0]}, "four tile counts"),
        ({"swap": [0, 0, 0, 0]}, "1 to"),
        ({"piece": {"kind": "tile", "colour": "red"}}, "integer 'square'"),
        ({"piece": {"kind": "tile", "colour": "red"}, "square": "69"}, "integer 'square'"),
        ({"piece": {"kind": "tile", "colour": "pink"}, "square": 69}, "needs a colour"),
        ({"piece": {"kind": "tile"}, "square": 69}, "needs a colour"),
        ({"piece": "tile", "square": 69}, "needs a 'kind'"),
        ({"piece": {"kind": "monument", "key": "rg"}, "square": 69}, "red-green"),
        ({"piece": {"kind": "monument", "key": "red-red"}, "square": 69}, "two different colours"),
        ({"piece": {"kind": "wall"}, "square": 69}, "unknown piece kind"),
        ({"piece": {"kind": "catastrophe"}, "square": 176}, "square"),
    ],
)
def test_malformed_intents_are_refused_with_a_reason(content: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        intent_action(content)
    game = Game.new(players=3, seed=1)
    widget = BoardWidget(game)
    send(widget, **content)
    assert re.search(message, widget.error), widget.error  # shown on the board
    assert len(game) == 0
