"""The history every game keeps: ``play`` is all or nothing in every game, and its error names the
failing item by its number and notation, cut to a readable length, keeping the error's type and rule."""

from __future__ import annotations

import pytest

from tigris_widget.core.checks import MAX_SHOWN
from tigris_widget.core.errors import IllegalActionError
from tigris_widget.core.registry import game_module


@pytest.mark.parametrize("name", ["tigris", "ur", "royal"])
def test_play_is_all_or_nothing_and_names_the_failing_item(name: str) -> None:
    module = game_module(name)
    game = module.new_game(module.DEFAULT_PLAYERS, 3, None)
    first = str(game.legal_actions()[0])
    word = type(game).ACTION_WORD
    with pytest.raises(ValueError) as err:
        game.play(first, "pass pass pass " * 20_000)  # a second item that is not an action, 300 KB long
    assert len(game) == 0  # the first was taken back
    message = str(err.value)
    assert message.startswith(f"{word} 2 (pass pass"), message[:80]
    assert len(message) < 2 * MAX_SHOWN + 400  # the long input is cut, in the label and in the reason


@pytest.mark.parametrize("name", ["tigris", "ur", "royal"])
def test_an_illegal_item_keeps_its_type_and_rule(name: str) -> None:
    module = game_module(name)
    game = module.new_game(module.DEFAULT_PLAYERS, 3, None)
    twice = None  # an action that is illegal right after itself (a square taken, a roll made)
    for action in [str(a) for a in game.legal_actions()]:
        game.apply(action)
        later = {str(a) for a in game.legal_actions()}
        game.undo()
        if action not in later:
            twice = action
            break
    assert twice is not None
    with pytest.raises(IllegalActionError) as err:
        game.play(twice, twice)
    assert len(game) == 0
    assert err.value.rule
    assert str(err.value).startswith(f"{type(game).ACTION_WORD} 2 ({twice}): ")
