"""Registering a game checks it: a package missing a member of ``core.protocol.GameModule`` is refused
with every problem named, a complete one passes, the optional hooks fall back to their defaults, and a
game whose actions break the action contract is refused naming how."""

from __future__ import annotations

import types
from dataclasses import dataclass
from typing import Any

import pytest

from tigris_widget.core import hooks
from tigris_widget.core.protocol import SHARED_SEARCH_DEFAULTS, SearchDefaults
from tigris_widget.core.registry import (
    REQUIRED_FUNCTIONS,
    GameRegistrationError,
    action_problems,
    check_module,
    game_module,
)
from tigris_widget.games import GAMES

REQUIRED_CONSTANTS: dict[str, Any] = {
    "NAME": "fake",
    "TITLE": "Fake",
    "HIDDEN_INFORMATION": False,
    "PLAYERS": (2, 3),
    "DEFAULT_PLAYERS": 2,
    "SQUARES": 9,
}


def fake_game(**members: Any) -> types.SimpleNamespace:
    """A minimal game module: every required member (functions doing nothing), ``members`` on top."""
    required: dict[str, Any] = {name: (lambda *args, **kwargs: None) for name in REQUIRED_FUNCTIONS}
    return types.SimpleNamespace(**{**REQUIRED_CONSTANTS, **required, **members})


def test_a_complete_fake_passes_with_no_optional_hook() -> None:
    module = fake_game()
    assert check_module(module, "fake") is module
    assert hooks.puzzle_book(module) is None and hooks.course_hooks(module) is None
    assert dict(hooks.own_bots(module)) == {} and dict(hooks.bench_extras(module)) == {}
    assert hooks.search_defaults(module) == SHARED_SEARCH_DEFAULTS
    assert not hooks.has_analyze(module) and hooks.analyze_hook(module) is None
    assert hooks.score_parts(module) is None and hooks.rivals_analysis(module) is None
    assert list(hooks.chance_outcomes(object(), None)) == []
    assert hooks.count_of(module, 1) == "1 point" and hooks.count_of(module, 7) == "7 points"


def test_an_empty_module_is_refused_with_every_required_member_named() -> None:
    with pytest.raises(GameRegistrationError) as caught:
        check_module(types.SimpleNamespace(), "fake")
    for member in (*REQUIRED_CONSTANTS, *REQUIRED_FUNCTIONS):
        assert f"{member} is missing" in str(caught.value)
    assert issubclass(GameRegistrationError, ValueError)


@pytest.mark.parametrize(
    ("members", "named"),
    [
        ({"NAME": "other"}, "NAME must be the folder name 'fake'"),
        ({"TITLE": ""}, "TITLE"),
        ({"HIDDEN_INFORMATION": 0}, "HIDDEN_INFORMATION"),
        ({"PLAYERS": ()}, "PLAYERS"),
        ({"PLAYERS": [2, 3]}, "PLAYERS"),
        ({"PLAYERS": (3, 2)}, "PLAYERS"),
        ({"PLAYERS": (True, 2)}, "PLAYERS"),
        ({"DEFAULT_PLAYERS": 4}, "DEFAULT_PLAYERS must be one of PLAYERS"),
        ({"SQUARES": "9"}, "SQUARES"),
        ({"new_game": "not a function"}, "new_game must be a function"),
        ({"puzzle_book": 3}, "puzzle_book (optional) must be a function"),
        ({"SEARCH_DEFAULTS": 60}, "SEARCH_DEFAULTS must be a core.protocol.SearchDefaults"),
        ({"SCORE_UNIT": "pieces"}, "SCORE_UNIT must be two words"),
        ({"SCORE_UNIT": ("piece", "")}, "SCORE_UNIT must be two words"),
        ({"SCORE_UNIT": ("a", "b", "c")}, "SCORE_UNIT must be two words"),
    ],
)
def test_a_wrong_member_is_named(members: dict[str, Any], named: str) -> None:
    with pytest.raises(GameRegistrationError, match="'fake' does not keep") as caught:
        check_module(fake_game(**members), "fake")
    assert named in str(caught.value)


def test_every_problem_is_listed_at_once() -> None:
    module = fake_game(NAME="x", DEFAULT_PLAYERS=7)
    del module.moves
    with pytest.raises(GameRegistrationError) as caught:
        check_module(module, "fake")
    message = str(caught.value)
    assert "NAME" in message and "DEFAULT_PLAYERS" in message and "moves is missing" in message


def test_optional_hooks_are_read_when_present() -> None:
    module = fake_game(SEARCH_DEFAULTS=SearchDefaults(iterations=None, seconds=0.5), own_bots=lambda: {"x": object})
    check_module(module, "fake")
    assert hooks.search_defaults(module).seconds == 0.5 and list(hooks.own_bots(module)) == ["x"]
    counted = fake_game(SCORE_UNIT=("stone", "stones"))
    assert check_module(counted, "fake") is counted and hooks.count_of(counted, 2) == "2 stones"
    with pytest.raises(ValueError, match="iterations or seconds"):
        SearchDefaults(iterations=None)


@pytest.mark.parametrize("name", GAMES)
def test_every_registered_game_passes(name: str) -> None:
    module = game_module(name)
    assert check_module(module, name) is module
    assert module.DEFAULT_PLAYERS in module.PLAYERS


class _ToyGame:
    """A one-decision game whose actions are whatever the test hands it (for the action contract)."""

    def __init__(self, actions: list[Any], reads: dict[str, Any] | None = None) -> None:
        self._legal = actions
        self._reads = reads if reads is not None else {str(a): a for a in actions}
        self.actions: list[Any] = []
        self.decision = None

    def legal_actions(self) -> list[Any]:
        return self._legal

    def clone(self) -> _ToyGame:
        return _ToyGame(self._legal, self._reads)

    def apply(self, action: Any) -> None:
        if isinstance(action, str):
            if action not in self._reads:
                raise ValueError(f"no such action {action!r}")
            action = self._reads[action]
        self.actions.append(action)


def _toy_module(game: _ToyGame) -> Any:
    return fake_game(new_game=lambda players, seed, options: game)


@dataclass(frozen=True)
class _Step:
    n: int

    def __str__(self) -> str:
        return f"step {self.n}"


def test_actions_that_keep_the_contract_pass() -> None:
    assert action_problems(_toy_module(_ToyGame([_Step(1), _Step(2)]))) == []


@pytest.mark.parametrize(
    ("game", "named"),
    [
        (_ToyGame(["a", "b"]), "not str"),
        (_ToyGame([[1], [2]], reads={"[1]": [1]}), "hashable"),
        (_ToyGame([_Step(1)], reads={}), "notation apply reads back"),
        (_ToyGame([_Step(1)], reads={"step 1": _Step(9)}), "equal by value"),
        (_ToyGame([_Step(1), _Step(1)]), "twice"),
        (_ToyGame([]), "no legal action"),
    ],
)
def test_actions_that_break_the_contract_are_named(game: _ToyGame, named: str) -> None:
    assert any(named in problem for problem in action_problems(_toy_module(game)))


def test_a_game_that_cannot_start_is_named() -> None:
    def broken(players: int, seed: int, options: Any) -> Any:
        raise RuntimeError("no board")

    problems = action_problems(fake_game(new_game=broken))
    assert problems and "no board" in problems[0]
