"""T&E's colour-score chart, brought back as a game's extra (``core.protocol.ScoreParts``, the optional
``score_parts`` hook): the series are the engine's colour scores after every action, the weakest one
marked as deciding, hidden as the game hides scores; the stepper draws it for T&E only; the drawing has
a dash and a marker per colour, a dark palette, and no overlapping text from 360 px."""

from __future__ import annotations

from typing import Any

import pytest
from test_review_dashboard import RecordingCanvas, assert_no_overlap, greedy_game
from ur_scenarios import scenario_game as ur_scenario

from tigris_widget import Game
from tigris_widget.core.protocol import ScoreParts
from tigris_widget.games.tigris.engine.rules.scoring import final_results
from tigris_widget.jupyter.charts import (
    CURSOR_INK,
    PART_DASH,
    draw_score_parts,
    draw_scores,
    parts_height,
    score_parts,
    score_series,
)
from tigris_widget.jupyter.stepper import GameStepper


class StrokeCanvas(RecordingCanvas):
    """Also records each stroke's colour, width and dash."""

    def __init__(self, width: int, height: int) -> None:
        super().__init__(width, height)
        self.line_width = 1.0
        self.dash: list[int] = []
        self.strokes: list[tuple[str, float, tuple[int, ...]]] = []

    def set_line_dash(self, dash: list[int]) -> None:
        self.dash = list(dash)

    def stroke(self) -> None:
        self.strokes.append((self.stroke_style, self.line_width, tuple(self.dash)))

    def stroke_line(self, *_args: float) -> None:
        self.strokes.append((self.stroke_style, self.line_width, tuple(self.dash)))


def played(players: int, plies: int, seed: int = 4, scores: str = "open") -> Game:
    from tigris_widget.bots.runner import step
    from tigris_widget.games.tigris.bots.greedy import GreedyBot

    game = Game.new(players=players, seed=seed, options={"scores": scores})
    bots = [GreedyBot(seed=s) for s in range(players)]
    while len(game) < plies and not game.is_over:
        step(game, bots)
    return game


def test_the_series_are_the_engines_colour_scores_at_every_step() -> None:
    game = played(3, 60)
    parts = score_parts(game)
    assert isinstance(parts, ScoreParts) and parts.parts == ("black", "red", "blue", "green")
    assert len(parts.values) == len(game) + 1
    for ply in range(len(game) + 1):
        results = {r.seat: r for r in final_results(game.state_at(ply))}
        copy = game.clone()
        while len(copy) > ply:
            copy.undo()
        points = {int(r.seat): int(r.points) for r in copy.standings()}
        for seat in range(3):
            values = parts.values[ply][seat]
            assert values == tuple(results[seat].final), (ply, seat)
            assert values is not None and min(values) == points[seat]  # the weakest colour is the score
            assert parts.deciding[ply][seat] == tuple(i for i, v in enumerate(values) if v == min(values))
    assert any(max(v) > 0 for row in parts.values for v in row if v), "the game scored something"


def test_a_seat_sees_only_its_own_colours_while_scores_are_closed() -> None:
    game = played(2, 30, scores="hidden")
    assert not game.setup.open_scores
    parts = score_parts(game, 1)
    assert parts is not None
    assert all(row[0] is None and row[1] is not None for row in parts.values)
    everything = score_parts(game)
    assert everything is not None and all(row[0] is not None for row in everything.values)


def test_ur_offers_no_extra_and_its_stepper_has_none() -> None:
    game, _ = ur_scenario("turn")
    assert score_parts(game) is None
    assert GameStepper(game).parts_chart is None
    stepper = GameStepper(greedy_game(2, 20))
    assert stepper.parts_chart is not None and stepper.parts_chart.widget in stepper.widget.children


def test_bad_seats_are_refused() -> None:
    game = played(2, 4)
    for bad in (2, -1, True, "0"):
        with pytest.raises(ValueError, match="seat"):
            score_parts(game, bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("width", [360, 480, 640, 800])
def test_the_chart_never_overlaps_its_text(players: int, width: int) -> None:
    game = played(players, 40)
    parts = score_parts(game)
    assert parts is not None
    names = ["Archerrrrrrrrrrrr", "Bull", "Pot", "Lion"][:players]  # a long name is cut, not spilled
    height = parts_height(parts, width, players)
    canvas = StrokeCanvas(width, height)
    draw_score_parts(canvas, parts, 20, names, list(range(0, len(game), 2)), width=width, height=height)
    assert_no_overlap(canvas, width)
    assert all(y <= height for _t, _x, y, _a in canvas.texts)
    headers = [t for t, *_ in canvas.texts if ": score " in t or t.endswith("…")]
    assert len(headers) == players


def test_each_colour_has_its_own_line_and_the_deciding_one_is_bold_in_both_themes() -> None:
    game = played(2, 60)
    parts = score_parts(game)
    assert parts is not None
    seen: dict[bool, set[str]] = {}
    for dark in (False, True):
        canvas = StrokeCanvas(720, 400)
        draw_score_parts(canvas, parts, 30, ["A", "B"], list(range(0, 61, 2)), width=720, height=400, dark=dark)
        inks = parts.ink_dark if dark else parts.ink
        dashes = {ink: {d for s, _w, d in canvas.strokes if s == ink} for ink in inks}
        assert all(PART_DASH[i] in dashes[ink] for i, ink in enumerate(inks)), "a dash per colour (not colour alone)"
        widths = {w for s, w, _d in canvas.strokes if s in inks}
        assert 3.6 in widths and 1.3 in widths, "the deciding colour is drawn bold"
        seen[dark] = {s for s, *_ in canvas.strokes}
    assert "#222222" in seen[False] and "#222222" not in seen[True], "no black line on a dark page"


def test_the_stepper_redraws_the_chart_at_each_step() -> None:
    game = greedy_game(2, 20)
    stepper = GameStepper(game)
    calls: list[Any] = []
    assert stepper.parts_chart is not None
    stepper.parts_chart._draw = lambda *a: calls.append(a)  # type: ignore[method-assign]
    stepper.goto(10)
    assert calls and stepper.parts_chart.height == parts_height(stepper.parts, 720, 2)  # type: ignore[arg-type]


class CursorCanvas(StrokeCanvas):
    def __init__(self, width: int, height: int) -> None:
        super().__init__(width, height)
        self.cursors: list[float] = []

    def stroke_line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        super().stroke_line(x1, y1, x2, y2)
        if self.stroke_style == CURSOR_INK and x1 == x2:
            self.cursors.append(round(x1, 3))


def test_stacked_in_one_column_its_cursor_lines_up_with_the_score_charts() -> None:
    game = played(2, 40)
    parts = score_parts(game)
    assert parts is not None
    scores, colours = CursorCanvas(400, 190), CursorCanvas(400, 400)
    draw_scores(scores, score_series(game), 17)
    draw_score_parts(colours, parts, 17, ["A", "B"], [], width=400, height=400)
    assert scores.cursors and set(colours.cursors) == set(scores.cursors)
