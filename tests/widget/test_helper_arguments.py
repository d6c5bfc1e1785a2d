"""The notebook helpers refuse hostile arguments with a ValueError that names the argument, before
anything changes: a teacher's typo in a course cell or a puzzle page must not end in a TypeError from
deep inside, nor leave the game half-played."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tigris_widget import BotMatch, Game, GameStepper, PuzzleBoard, PuzzleBrowser, UrGame
from tigris_widget.jupyter.course import show_board, show_refusal, show_step
from tigris_widget.jupyter.widget import BoardWidget
from tigris_widget.puzzles.library import library, select

JUNK: list[Any] = [None, -1, 3.5, True, [], {}, object(), float("nan"), float("inf")]
"""Values no argument below accepts (each argument's own tests add the ones it refuses besides)."""


def games() -> list[Any]:
    return [Game.new(players=2, seed=1), UrGame.new(players=3, seed=1)]


@pytest.mark.parametrize("value", [*JUNK, "x", "Dark"])
def test_a_theme_is_auto_light_or_dark_everywhere(value: Any) -> None:
    game = Game.new(players=2, seed=1)
    for make in (
        lambda: BoardWidget(game, theme=value),
        lambda: GameStepper(game, theme=value),
        lambda: PuzzleBoard("first-revolt", theme=value),
        lambda: PuzzleBrowser(board_theme=value),
    ):
        with pytest.raises(ValueError, match="theme must be 'auto', 'light' or 'dark'"):
            make()


@pytest.mark.parametrize("game", games(), ids=["tigris", "ur"])
def test_the_stepper_checks_its_numbers_and_curves(game: Any) -> None:
    for bad in [*JUNK, "x", 0]:
        if bad is not None:
            with pytest.raises(ValueError, match="interval_ms"):
                GameStepper(game, interval_ms=bad)
    for bad in ["x", 7, 3.5, object(), {0: "x"}, {"0": 0.5}, [0.5, float("nan")], {-1: 0.5}]:
        with pytest.raises(ValueError, match="evaluation"):
            GameStepper(game, evaluation=bad)
    for bad in [-1, game.players, True, "x", None]:
        with pytest.raises(ValueError, match="review_seat"):
            GameStepper(game, review_seat=bad)
    with pytest.raises(ValueError, match="not a review report"):
        GameStepper(game, review={"moves": "none"})
    assert GameStepper(game, evaluation=[0.5, 0.6]).evaluation == {0: 0.5, 1: 0.6}


@pytest.mark.parametrize("game", games(), ids=["tigris", "ur"])
def test_a_bot_match_checks_its_opponents_seat_and_delay(game: Any) -> None:
    for bad in [-1, 3.5, True, "greedy", object(), {1: "greedy"}]:
        with pytest.raises(ValueError, match="opponents must be a bot or a mapping"):
            BotMatch(game, opponents=bad)
    with pytest.raises(ValueError, match="seat must be"):
        BotMatch(game, seat=True)
    for bad in [-1, "x", None, True, float("nan"), float("inf"), []]:
        with pytest.raises(ValueError, match="delay must be a number of seconds"):
            BotMatch(game, delay=bad)


def test_the_puzzle_helpers_name_what_is_wrong() -> None:
    for bad in [None, 7, 3.5, [], {}, object()]:
        with pytest.raises(ValueError, match="PuzzleBoard needs a puzzle"):
            PuzzleBoard(bad)
        with pytest.raises(ValueError, match="unknown game"):
            library(bad)
    for bad in [None, "x", [], float("nan"), float("inf"), True]:
        with pytest.raises(ValueError, match="rating must be a number"):
            PuzzleBrowser(rating=bad)
    for bad in [[], {}, 7]:
        with pytest.raises(ValueError, match="unknown theme"):
            select(theme=bad)
        with pytest.raises(ValueError, match="unknown theme"):
            PuzzleBrowser(theme=bad)
    for bad in ["x", None, [], float("nan"), True]:
        with pytest.raises(ValueError, match="low is a rating"):
            select(low=bad)
        with pytest.raises(ValueError, match="high is a rating"):
            select(high=bad)


@settings(max_examples=60, deadline=None)
@given(
    argument=st.sampled_from(["highlight", "labels", "caption", "window", "action"]),
    value=st.one_of(
        st.none(), st.integers(), st.floats(), st.booleans(), st.text(max_size=8), st.binary(max_size=4),
        st.lists(st.integers(), max_size=5), st.dictionaries(st.integers(), st.integers(), max_size=3),
    ),
)  # fmt: skip
def test_a_course_step_with_a_hostile_argument_refuses_and_leaves_the_game_as_it_was(argument: str, value: Any) -> None:
    game = Game.new(players=2, seed=1)
    before = game.to_json()
    kwargs: dict[str, Any] = {} if argument == "action" else {argument: value}
    actions = [value] if argument == "action" else ["leader b (1,0)"]
    try:
        show_step(game, *actions, **kwargs)
    except ValueError:
        assert game.to_json() == before, "a refused step leaves the game unchanged"
    for show in (show_board, lambda g, **k: show_refusal(g, "tile r (0,0)", **k)):
        if argument == "action":
            continue
        with contextlib.suppress(ValueError):  # refused with a ValueError, or shown: nothing else
            show(game, **kwargs)


def test_course_arguments_are_named_in_the_refusal() -> None:
    game = Game.new(players=2, seed=1)
    with pytest.raises(ValueError, match="an action must be text"):
        show_step(game, 7)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="caption must be text"):
        show_step(game, "leader b (1,0)", caption=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="highlight must be a list of squares"):
        show_step(game, "leader b (1,0)", highlight="(1,0)")
    with pytest.raises(ValueError, match="labels must map squares"):
        show_board(game, labels=["(1,0)"])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="window is"):
        show_refusal(game, "tile r (0,0)", window=(0, 0, 5))  # type: ignore[arg-type]
    assert len(game) == 0


@pytest.mark.parametrize("game", games(), ids=["tigris", "ur"])
def test_the_board_methods_refuse_hostile_arguments_and_keep_their_overlays(game: Any) -> None:
    board = BoardWidget(game)
    board.highlight([0])
    board.caption("kept")
    overlay, heatmap = dict(board.overlay), board.heatmap
    game_squares = board._module.SQUARES
    calls = {
        "ply": [lambda v: board.goto(v)],
        "steps": [lambda v: board.back(v), lambda v: board.forward(v)],
        "squares": [lambda v: board.highlight(v), lambda v: board.ghost(game, v)],
        "caption": [lambda v: board.caption(v), lambda v: board.picture(v)],
        "label": [lambda v: board.label(0, v)],
        "path": [lambda v: board.to_html(v)],
        "heatmap": [lambda v: board.show_heatmap(v)],
        "heat": [lambda v: board.show_heatmap({0: v}), lambda v: board.show_heatmap([v] * game_squares)],
        "vmin": [lambda v: board.show_heatmap({}, vmin=v)],
    }
    junk: dict[str, list[Any]] = {
        "ply": ["x", 3.5, True, None, []],
        "steps": ["x", -1, 3.5, True, None],
        "squares": [None, 7, 3.5, True, "(1,0)", object()],
        "caption": [7, 3.5, True, [], object()],
        "label": [None, 7, True, []],
        "path": [None, 7, [], object()],
        "heatmap": [7, 3.5, "x", True, object()],
        "heat": ["x", True, object(), []],
        "vmin": ["x", True, object()],
    }
    for argument, makers in calls.items():
        for make in makers:
            for value in junk[argument]:
                if argument == "caption" and value is None:
                    continue
                with pytest.raises(ValueError):
                    make(value)
    assert board.overlay == overlay and board.heatmap == heatmap, "a refused call changes no overlay"


@pytest.mark.parametrize("game", games(), ids=["tigris", "ur"])
def test_the_dashboards_methods_refuse_hostile_arguments(game: Any) -> None:
    from tigris_widget import BotInspector

    inspector = BotInspector(game, seconds=0.05)
    match = BotMatch(game)
    stepper = GameStepper(game)
    for bad in ["x", None, [], 3.5, object()]:
        with pytest.raises(ValueError, match="show needs an Analysis"):
            inspector.show(bad)
    assert inspector.analysis is None, "a refused show leaves nothing behind"
    for bad in [7, 3.5, [], object()]:
        with pytest.raises(ValueError, match="what_if needs a candidate"):
            inspector.what_if(bad)
    for bad in ["x", -1, 0, True, [], float("nan")]:
        with pytest.raises(ValueError, match="seconds"):
            inspector.keep_thinking(bad)
        with pytest.raises(ValueError, match="seconds"):
            match.keep_thinking(bad)
    for bad in ["x", 0, -1, True, [], {}, 3.5]:
        with pytest.raises(ValueError, match="iterations"):
            match.hint(iterations=bad)
    for bad in ["x", -1, 3.5, True, []]:
        with pytest.raises(ValueError, match="limit"):
            match.play_bots(bad)
    for bad in ["x", None, 3.5, True, []]:
        with pytest.raises(ValueError, match="direction"):
            stepper.step(bad)
    for bad in ["x", 1, True, []]:
        with pytest.raises(ValueError, match="by is"):
            stepper.step(1, by=bad)
    assert len(game) == 0 and stepper.ply == 0


def test_numpy_numbers_and_arrays_stay_welcome() -> None:
    """The checks refuse junk, not numpy: a heatmap or an evaluation curve from an array, numpy scalars."""
    np = pytest.importorskip("numpy")
    game = Game.new(players=2, seed=1)
    board = BoardWidget(game)
    board.show_heatmap(np.linspace(0.0, 1.0, 176), vmin=np.float32(0), vmax=np.int64(1))
    board.show_heatmap({3: np.float32(0.5)})
    board.goto(np.int64(0))
    board.back(np.int64(1))
    assert GameStepper(game, evaluation=np.array([0.5])).evaluation == {0: 0.5}
    BoardWidget(UrGame.new(players=3, seed=1)).show_heatmap(np.zeros(36))


def test_the_game_api_refuses_a_forged_seat_seed_or_path() -> None:
    game = Game.new(players=2, seed=1)
    for bad in [True, -1, 2, "0", 0.0]:
        with pytest.raises(ValueError, match=r"seat must be 0\.\.1 or None"):
            game.view(bad)
        with pytest.raises(ValueError, match=r"seat must be 0\.\.1 or None"):
            game.events_seen_by(bad)
    with pytest.raises(ValueError, match="seed must be a whole number"):
        Game.new(players=2, seed=True)
    for make in (UrGame.new(players=3, seed=1), game):
        for bad in [None, 7, [], b"x.html"]:
            with pytest.raises(ValueError, match="path must be a file name"):
                make.to_html(bad) if hasattr(make, "to_html") else BoardWidget(make).to_html(bad)


@pytest.mark.parametrize("window", [(0, 0, 10**9, 0), (0, 0, 20, 3), (-1, 0, 3, 3), (3, 0, 1, 2)])
def test_a_window_off_the_board_is_refused_at_once_and_the_step_taken_back(window: tuple[int, ...]) -> None:
    """A window past the board (found by the hostile-argument test: a billion columns drew for minutes and
    took 16 GB) is refused, naming it, and the step is not played."""
    game = Game.new(players=2, seed=1)
    with pytest.raises(ValueError, match="window"):
        show_step(game, "leader b (1,0)", window=window, live=False)
    assert len(game) == 0
