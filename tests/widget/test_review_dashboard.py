"""Issue #22 items 11, 12, 14: the review as a user sees it — the better move drawn on the board, who
erred, grammatical counts, charts that never overlap in a narrow cell, and progress for long work."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tigris_widget import Game
from tigris_widget.bots.review import class_counts, format_review, plural, review
from tigris_widget.bots.runner import step
from tigris_widget.games.tigris.bots.greedy import GreedyBot
from tigris_widget.jupyter.charts import CHAR_WIDTH, SEAT_INK, draw_evaluation, draw_scores, score_series


class RecordingCanvas:
    """Stands in for an ipycanvas Canvas: records every text and ring drawn, with the state they used."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.texts: list[tuple[str, float, float, str]] = []
        self.rings: list[tuple[str, float, float]] = []
        self.text_align = "left"
        self.stroke_style = ""
        self.fill_style = ""

    def fill_text(self, text: str, x: float, y: float) -> None:
        self.texts.append((text, x, y, self.text_align))

    def stroke_circle(self, x: float, y: float, _r: float) -> None:
        self.rings.append((self.stroke_style, x, y))

    def __getattr__(self, _name: str) -> Any:  # every other drawing call does nothing here
        return lambda *args, **kwargs: None


def boxes(canvas: RecordingCanvas) -> list[tuple[str, float, float, float, float]]:
    """Each text's box (left, top, right, bottom) in CSS pixels, at the charts' width estimate."""
    out = []
    for text, x, y, align in canvas.texts:
        w = CHAR_WIDTH * len(text)
        left = x - w if align == "right" else x - w / 2 if align == "center" else x
        out.append((text, left, y - 11, left + w, y + 2))
    return out


def assert_no_overlap(canvas: RecordingCanvas, width: float) -> None:
    items = boxes(canvas)
    for text, left, _top, right, _bottom in items:
        assert left >= 0 and right <= width, f"{text!r} leaves the {width:.0f} px chart ({left:.0f}–{right:.0f})"
    for i, a in enumerate(items):
        for b in items[i + 1 :]:
            apart = a[3] <= b[1] or b[3] <= a[1] or a[4] <= b[2] or b[4] <= a[2]
            assert apart, f"{a[0]!r} overlaps {b[0]!r}"


MARKS = [(10, 0.4, "inaccuracy", 0), (20, 0.3, "mistake", 1), (30, 0.7, "blunder", 1), (35, 0.6, "blunder", 0)]


@pytest.mark.parametrize("width", [360, 400, 720])
def test_the_evaluation_chart_wraps_its_title_and_key_instead_of_overlapping(width: int) -> None:
    """Item 14: at a 360 px cell the long title and the key of the marks used to share one line."""
    canvas = RecordingCanvas(width, 170)
    label = "Archer's chance to win after each reviewed move (click to jump there)"
    draw_evaluation(canvas, {0: 0.5, 10: 0.4, 40: 0.6}, 12, label=label, last=40, marks=MARKS,
                    seat_names=["Archer", "Bull"])  # fmt: skip
    assert_no_overlap(canvas, width)
    assert " ".join(t for t, *_ in canvas.texts if t.split()[0] in label.split()).count("Archer's") == 1


@pytest.mark.parametrize("width", [360, 720])
def test_the_score_chart_fits_a_narrow_cell(width: int) -> None:
    game = greedy_game(2, 20)
    canvas = RecordingCanvas(width, 190)
    draw_scores(canvas, score_series(game), 10)
    assert_no_overlap(canvas, width)


def test_marks_say_which_seat_erred_and_the_axis_counts_moves() -> None:
    """Item 12: each mark is ringed in the colour of the seat that erred, the key names the seats, and
    the x-axis counts moves, as the board's history bar and the narration number them."""
    canvas = RecordingCanvas(720, 170)
    draw_evaluation(canvas, {0: 0.5, 40: 0.6}, 0, label="x", last=40, marks=MARKS, seat_names=["Archer", "Bull"])
    rings = {style for style, *_ in canvas.rings}
    assert {SEAT_INK[0], SEAT_INK[1]} <= rings
    texts = [t for t, *_ in canvas.texts]
    assert "by Archer" in texts and "by Bull" in texts and "moves" in texts


def greedy_game(seed: int, plies: int) -> Game:
    game = Game.new(players=2, seed=seed)
    bots = [GreedyBot(seed=1), GreedyBot(seed=2)]
    while len(game) < plies:
        step(game, bots)
    return game


@pytest.fixture(scope="module")
def reviewed() -> tuple[Game, dict[str, Any]]:
    game = greedy_game(3, 14)
    report = review(game, iterations=10, last=3)
    row = report["moves"][-2]  # made a mistake whatever the tiny search said, with a better move to draw
    row.update({"class": "mistake", "loss": 0.12, "best": "tile k (3,1)", "best_reason": "scores black",
                "best_marks": {"squares": [19], "arrows": [[3, 20]]}, "forced": False})  # fmt: skip
    for other in report["moves"]:
        if other is not row:
            other["class"] = None
    return game, report


def test_stepping_to_a_mistake_draws_the_better_move_and_names_who_erred(reviewed) -> None:  # type: ignore[no-untyped-def]
    from tigris_widget.jupyter.stepper import BETTER_COLOUR, GameStepper

    game, report = reviewed
    row = report["moves"][-2]
    stepper = GameStepper(game, review=report)
    stepper.goto(row["ply"] + 1)
    overlay = stepper.board.overlay
    # the better move's pieces as ghosts (where it places, and where an arrow ends), not mere frames
    assert overlay["ghost"]["squares"] == [19, 20] and overlay["ghost"]["colour"] == BETTER_COLOUR
    assert 19 in overlay["ghost"]["body"]["tiles"]["black"]
    assert not overlay.get("highlights")
    assert [(a["from"], a["to"]) for a in overlay["arrows"]] == [(3, 20)]
    assert all(a["colour"] == BETTER_COLOUR for a in overlay["arrows"])
    assert row["name"] in overlay["caption"] and "tile k (3,1)" in overlay["caption"]
    assert "Mistake</b> by <b" in stepper.text.value and row["name"] in stepper.text.value
    # one loss figure, the unit right: a difference of chances to win in percentage points
    assert ": it gives away 12 points of chance to win. Better was <code>tile k (3,1)</code>" in stepper.text.value
    assert "(−" not in stepper.text.value and "scores black." in stepper.text.value
    assert f"<b>Move {row['ply'] + 1}</b>" in stepper.text.value, "numbered as the board numbers its moves"
    stepper.goto(row["ply"])  # elsewhere the board is clean again
    assert not stepper.board.overlay.get("highlights") and not stepper.board.overlay.get("arrows")
    assert not stepper.board.overlay.get("ghost")


def test_a_review_of_another_game_is_refused_when_the_stepper_is_built(reviewed) -> None:  # type: ignore[no-untyped-def]
    """It used to be accepted and fail later, at the first jump to a reviewed move."""
    from tigris_widget.games.ur.game import UrGame
    from tigris_widget.jupyter.stepper import GameStepper

    game, report = reviewed
    shorter = Game.from_record(game.to_record())
    while len(shorter) > report["moves"][0]["ply"]:
        shorter.undo()
    for wrong, said in [(shorter, "is not of this game"), (greedy_game(4, 14), "is not of this game"),
                        (UrGame.new(players=3, seed=1), "review of a game of 'tigris'"),
                        (Game.new(players=3, seed=1), "2-player game")]:  # fmt: skip
        with pytest.raises(ValueError, match=said):
            GameStepper(wrong, review=report)
    GameStepper(game, review=report)  # its own game: fine


def test_counts_are_grammatical() -> None:
    """Item 12: "1 blunder", "2 blunders" — in the text review and for the notebook."""
    player = {"inaccuracies": 1, "mistakes": 2, "blunders": 0}
    assert class_counts(player) == "1 inaccuracy, 2 mistakes, 0 blunders"
    assert plural(1, "move", "moves") == "1 move"
    report = {"iterations": 5, "unit": "chance to win", "note": "", "moves": [],
              "players": [{"name": "Archer", "accuracy": 90.0, "decisions": 1, "inaccuracies": 0, "mistakes": 0,
                           "blunders": 1}]}  # fmt: skip
    text = format_review(report)
    assert "1 blunder" in text and "1 blunders" not in text and "1 move:" in text
    cells = (Path(__file__).resolve().parents[2] / "notebooks" / "cells" / "bots.py").read_text(encoding="utf-8")
    assert "class_counts(p)" in cells and "} blunders" not in cells, "notebook 04 counts grammatically too"


def test_a_review_reports_progress_and_the_notebook_bar_goes_away(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Item 11: the review calls back after each move; ``review_game`` shows a bar and closes it."""
    import IPython.display

    from tigris_widget.jupyter import stepper

    game = greedy_game(3, 6)
    calls: list[tuple[int, int]] = []
    review(game, iterations=5, last=3, on_progress=lambda done, total: calls.append((done, total)))
    assert calls[0] == (0, 3) and calls[-1] == (3, 3) and len(calls) == 4
    shown: list[Any] = []

    class Handle:
        def update(self, obj: Any, **_kw: Any) -> None:
            shown.append(obj)

    def display(*objs: Any, **_kw: Any) -> Handle:
        shown.extend(objs)
        return Handle()

    monkeypatch.setattr(IPython.display, "display", display)
    report = stepper.review_game(game, iterations=5, last=2)
    assert len(report["moves"]) == 2
    box, summary = shown
    bar = box.children[0]
    assert bar.value == bar.max == 2 and "2 of 2 moves" in box.children[1].value
    assert box.comm is None, "the bar is closed when the review is done"
    assert summary["text/plain"].startswith("Reviewed 2 moves in"), "and replaced by what was done"


def test_the_review_bar_keeps_counting_the_seconds_while_a_batch_is_thought_over(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The review cell was silent for its first seconds: nothing moved until a batch of moves was done."""
    import time

    import IPython.display

    from tigris_widget.bots import review as review_module
    from tigris_widget.jupyter import stepper

    shown: list[Any] = []
    monkeypatch.setattr(IPython.display, "display", lambda *objs, **_kw: shown.extend(objs))
    seen: list[str] = []

    def slow(game: Any, *, on_progress: Any, **_options: Any) -> dict[str, Any]:
        on_progress(0, 4)
        for _ in range(25):  # 2.5 s in one batch, as a first batch on a few workers can take
            time.sleep(0.1)
            seen.append(shown[0].children[1].value)
        on_progress(4, 4)
        return {"moves": [1, 2, 3, 4]}

    monkeypatch.setattr(review_module, "review", slow)
    stepper.review_game(greedy_game(3, 6))
    assert seen[0].startswith("0 of 4 moves, 0 s") and "0 of 4 moves, 2 s" in seen[-1], (seen[0], seen[-1])


def test_thinking_and_hints_show_progress_while_they_run() -> None:
    """Item 11: BotInspector's Think and BotMatch's Hint show a bar while searching, hidden after."""
    from tigris_widget.jupyter import BotInspector, BotMatch

    inspector = BotInspector(Game.new(players=2, seed=7))
    seen: list[tuple[bool, float]] = []
    inspector.progress.bar.observe(lambda c: seen.append((inspector.progress.visible, c["new"])), names="value")
    inspector.think(iterations=200, every=0.02)
    assert seen and all(visible for visible, _ in seen) and seen[-1][1] == 1.0
    assert not inspector.progress.visible
    match = BotMatch(Game.new(players=2, seed=3, start_player=0), seat=0)
    hints: list[bool] = []
    match.progress.bar.observe(lambda c: hints.append(match.progress.visible), names="value")
    match.hint(iterations=100, every=0.02)
    assert hints and all(hints) and not match.progress.visible
