"""Step actions: text round trip, hand-built values, and the properties of the legal lists."""

from __future__ import annotations

import random

import pytest

from tigris_widget import IllegalActionError, NotationError
from tigris_widget.games.ur import Step, UrGame, parse_step
from tigris_widget.games.ur.engine import apply_unchecked, generate, legal_actions, make_options, new_state, why_illegal
from tigris_widget.games.ur.engine.steps import shape_problem


def random_states(players: int, games: int) -> list[object]:
    out = []
    opts = make_options({"turnLimit": 200, "allowTwoPlayers": True})
    for seed in range(games):
        s = new_state(players, opts, generate(seed, players, "colour"))
        rng = random.Random(seed)
        while not s.over:
            out.append(s.clone())
            choices = legal_actions(s)
            apply_unchecked(s, choices[rng.randrange(len(choices))], None)
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_step_round_trips_and_lists_are_sorted_small_and_legal(players: int) -> None:
    biggest = 0
    for s in random_states(players, 6):
        choices = legal_actions(s)  # type: ignore[arg-type]
        assert choices and choices == sorted(set(choices))
        biggest = max(biggest, len(choices))
        for step in choices:
            assert parse_step(str(step)) == step
            assert why_illegal(s, step) is None  # type: ignore[arg-type]
    assert biggest < 300


@pytest.mark.parametrize(
    "text",
    ["place (2,2)", "keep", "restart (0,5)", "zig (2,2)", "zig (2,2) (4,4)", "cube (0,0)", "cube (1,1) x2", "agri",
     "trade", "culture", "politics", "(3,1)+2", "(1,1)=5", "(2,2)->(2,1)", "move 3", "exchange (4,3) side W",
     "exchange spare", "exchange spare AT", "end"],
)  # fmt: skip
def test_step_texts(text: str) -> None:
    assert str(parse_step(text)) == text
    assert parse_step("  " + text.replace(" ", "   ") + " ") == parse_step(text)


@pytest.mark.parametrize(
    "bad", ["", "war", "place (6,0)", "exchange (1,1) side X", "exchange spare TA", "zig", 3, None]
)
def test_unreadable_steps(bad: object) -> None:
    with pytest.raises(NotationError):
        parse_step(bad)


@pytest.mark.parametrize(
    "bad",
    [Step("nope"), Step("place", 36), Step("place", "1"), Step("cube", 3, n=3), Step("keep", 4),  # type: ignore[arg-type]
     Step("exchange", 3, s="Q"), Step("attack", 3), Step("move", n=True), ("keep", -1, -1, 0, "")],
)  # fmt: skip
def test_hand_built_values_are_refused_cleanly(bad: object) -> None:
    g = UrGame.new(4, 1)
    assert shape_problem(bad) is not None
    with pytest.raises(IllegalActionError) as info:
        g.apply(bad)  # type: ignore[arg-type]
    assert info.value.rule == "§12 S1" and len(g) == 0
    str(bad)  # never fails
