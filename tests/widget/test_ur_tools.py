"""The shared notebook tools on an Ur game, with no Ur code in them: the GameStepper (narration, turn
steps, score chart from ``standings()``), the charts in light and dark, static PNG pictures with
overlays, hot-seat boards for 2–4 people and one board per seat against bots."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from tigris_widget import Game
from tigris_widget.bots import make_bot
from tigris_widget.bots.runner import play, step
from tigris_widget.core.errors import PositionError
from tigris_widget.games.ur import UrGame, present, turn_starts
from tigris_widget.games.ur.present.svg import regrouping
from tigris_widget.jupyter.charts import SEAT_INK, ScoreSeries, SharpCanvas, draw_evaluation, draw_scores, score_series
from tigris_widget.jupyter.stepper import GameStepper, as_game
from tigris_widget.jupyter.widget import BoardWidget
from tigris_widget.render import write_png
from tigris_widget.render.html import game_html
from tigris_widget.render.replay import replay_data


def random_game(seed: int = 3, players: int = 3, steps: int = 120) -> UrGame:
    game, rng = UrGame.new(players=players, seed=seed), random.Random(seed)
    while len(game) < steps and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def finished_game(seed: int = 17) -> UrGame:
    game = UrGame.new(players=3, seed=seed)
    return play(game, {p: make_bot("greedy", seed=p, game="ur") for p in range(3)})  # capped: never hangs


@pytest.fixture(scope="module")
def finished() -> UrGame:
    return finished_game()


# -- the stepper and its charts ------------------------------------------------------------------------
def test_the_score_series_is_the_standings_after_every_step(finished: UrGame) -> None:
    series = score_series(finished)
    assert series.names == ("P0", "P1", "P2") and len(series.points) == len(finished) + 1
    final = {r.seat: r.points for r in finished.standings()}
    assert series.points[-1] == tuple(final[p] for p in range(3))
    copy = finished.clone()
    for _ in range(40):
        copy.undo()
    assert series.points[len(copy)] == tuple({r.seat: r.points for r in copy.standings()}[p] for p in range(3))
    assert series.title == "Ur score"
    # a seat sees every score: nothing is hidden in Ur
    assert score_series(finished, seat=1).points == series.points


def test_turn_starts_are_where_a_new_line_begins(finished: UrGame) -> None:
    starts = turn_starts(finished)
    assert starts[0] == 0 and starts == sorted(set(starts))
    # one start per setup step and turn: the game's lines (the last one's steps end the game)
    assert len(starts) == len(finished.lines)
    assert all(finished.state_at(p).line != finished.state_at(p - 1).line for p in starts[1:])


def test_the_stepper_steps_through_an_ur_game(finished: UrGame) -> None:
    stepper = GameStepper(finished)
    assert stepper.board.view["game"] == "ur" and stepper.ply == 0
    assert "Start" in stepper.text.value and "P2 begins" in stepper.text.value  # seed 17: P2 starts
    stepper.step(1)
    assert stepper.ply == 1 and f"<code>{finished.actions[0]}</code>" in stepper.text.value
    assert "§2.5" in stepper.text.value  # the setup cube's rule section
    stepper.mode.value = "turn"
    stepper.goto(0)
    for _ in range(13):  # 9 setup cubes, 3 initial exchanges: the first turn begins at ply 12
        stepper.step(1)
    assert stepper.ply == turn_starts(finished)[13]
    before = stepper.ply
    stepper.step(-1)
    assert stepper.ply == turn_starts(finished)[12] < before
    stepper.board.goto(len(finished))
    assert stepper.ply == len(finished) and re.search(r"game ends.*§9\.[12]", stepper.text.value)  # the end, told
    with pytest.raises(ValueError, match="ply must be"):
        stepper.goto(len(finished) + 1)
    bundle = stepper._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["image/svg+xml"].lstrip().startswith("<svg")


def test_the_stepper_reads_an_ur_record_and_a_tigris_record() -> None:
    game = random_game(steps=40)
    assert as_game(game.to_record()).to_record() == game.to_record()
    assert GameStepper(game.to_record()).game.name == "ur"
    tigris = Game.new(players=2, seed=1)
    tigris.apply(tigris.legal_actions()[0])
    assert as_game(tigris.to_json()).name == "tigris"
    assert as_game(tigris.to_dict()).name == "tigris"
    with pytest.raises(PositionError, match="not a game record of any game"):
        as_game("players 3\nnonsense")
    with pytest.raises(PositionError, match="JSON data"):
        as_game({"actions": {1, 2}})
    with pytest.raises(PositionError, match="needs a game"):
        as_game(42)  # type: ignore[arg-type]


class Recorder:
    """A stand-in for an ipycanvas Canvas that records the colours set and the texts written."""

    def __init__(self, width: int = 720, height: int = 190) -> None:
        self.width, self.height = width, height
        self.styles: list[str] = []
        self.texts: list[tuple[str, str]] = []
        self.places: list[tuple[str, float]] = []
        self.fill_style = self.stroke_style = ""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in ("fill_style", "stroke_style") and value:
            self.styles.append(value)
        object.__setattr__(self, name, value)

    def fill_text(self, text: str, x: float, *_args: float) -> None:
        self.texts.append((text, self.fill_style))
        self.places.append((text, x))

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: None


def _luminance(colour: str) -> float:
    if colour.startswith("#"):
        r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    else:
        r, g, b = (int(float(v)) for v in re.findall(r"[\d.]+", colour)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.mark.parametrize("dark", [False, True])
def test_the_charts_are_readable_on_light_and_dark(finished: UrGame, dark: bool) -> None:
    """#22 item 5: text on a dark page is light, on a light page dark; seat lines keep apart from both."""
    canvas = Recorder()
    draw_scores(canvas, score_series(finished), 50, dark=dark)
    texts = [ink for text, ink in canvas.texts if text]
    assert texts and all((_luminance(ink) > 150) == dark for ink in texts), texts
    assert any("P1" in text for text, _ in canvas.texts)  # the key names the seats
    for ink in SEAT_INK:  # every seat line stands out from both backgrounds
        assert 40 < _luminance(ink) < 190
    curve = Recorder()
    draw_evaluation(curve, [0.5, 0.6, 0.4], 1, label="chance", dark=dark)
    assert all((_luminance(ink) > 150) == dark for text, ink in curve.texts if text)


def test_a_chart_follows_the_theme_the_page_reports() -> None:
    drawn: list[bool] = []
    chart = SharpCanvas(100, lambda c, w, h, dpr, dark: drawn.append(dark))
    chart.sizer.css_width = 400
    chart.sizer.dark = True  # as the browser reports it after JupyterLab's theme changed
    assert drawn[-1] is True and chart.canvas.width == 400
    chart.sizer.dark = False
    assert drawn[-1] is False
    assert SharpCanvas(100, lambda *a: None, theme="dark").dark
    with pytest.raises(ValueError, match="theme"):
        SharpCanvas(100, lambda *a: None, theme="blue")


def test_hidden_scores_stay_none_and_lines_break() -> None:
    series = ScoreSeries(("A", "B"), ((0, None), (1, None), (2, 3)), (0,))
    canvas = Recorder()
    draw_scores(canvas, series, 1)
    assert "B ?" in [text for text, _ in canvas.texts]  # the key shows a hidden score as "?"


def test_the_key_wraps_in_a_narrow_chart() -> None:
    series = ScoreSeries(("Archer", "Bull", "Pot", "Lion"), ((0, 0, 0, 0), (10, 12, 9, 11)), (0,))
    canvas = Recorder(width=330)
    draw_scores(canvas, series, 1, width=330, height=190)
    keys = [(t, x) for t, x in canvas.places if t.split(" ")[0] in series.names]
    assert [t for t, _ in keys] == ["Archer 10", "Bull 12", "Pot 9", "Lion 11"]  # the scores at the cursor
    assert all(x + 7.2 * len(t) <= 330 for t, x in keys)  # nothing runs off the right edge


# -- pictures and replays -----------------------------------------------------------------------------
def test_an_ur_board_with_overlays_as_png(tmp_path: Path) -> None:
    pytest.importorskip("cairosvg")
    game = random_game(steps=60)
    widget = BoardWidget(game)
    widget.arrow((1, 1), (1, 2), colour="orange")
    widget.label((0, 0), "best")
    widget.highlight([(2, 2)])
    widget.caption("A war from (1,1)")
    svg = widget.picture()
    assert "A war from (1,1)" in svg and "best" in svg
    out = write_png(game, tmp_path / "ur.png", arrows=[(7, 13)], caption="Ur")
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000
    dark = write_png(game, tmp_path / "ur-dark.png", theme="dark").read_bytes()
    assert dark != data


def test_a_regrouping_picture_keeps_the_lifted_cubes_with_their_player() -> None:
    game, rng = UrGame.new(players=4, seed=4), random.Random(4)
    while not (len(game) > 30 and "politics" in {s.kind for s in game.legal_actions()}
               and game.state.on_grid[game.to_move] > 2):  # fmt: skip
        game.apply(rng.choice(game.legal_actions()))
    seat = game.to_move
    supply, on_grid = game.state.supply(seat), game.state.on_grid[seat]
    game.apply("politics")
    svg = game._repr_svg_()
    assert f"P{seat}: hand" in svg and f"{supply} cubes in supply · {on_grid} on the grid" in svg
    lifted = regrouping(present(game, None)["body"])
    assert len(lifted) >= 2 and svg.count(">?</text>") == len(lifted)  # a "?" on each lifted tile
    assert "on the grid · regrouping<" in svg  # no score while the cubes are off the tiles


def test_the_offline_replay_of_a_whole_ur_game(finished: UrGame) -> None:
    page = game_html(finished, title="An Ur game")
    assert "<title>An Ur game</title>" in page and "openReplay" in page
    data = replay_data(finished, seat=2)
    assert data["seat"] == 2 and len(data["views"]) == len(finished) + 1 and len(data["log"]) == len(finished)
    assert data["views"][-1]["over"] and data["views"][-1]["result"]


# -- hot-seat and seats against bots ----------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_hot_seat_one_board_lets_whoever_decides_play(players: int) -> None:
    options = {"allowTwoPlayers": True} if players == 2 else None
    game = UrGame.new(players=players, seed=5, options=options)
    board = BoardWidget(game)  # all-seeing: nothing is hidden in Ur, so one board serves the table
    seats = set()
    while len(game) < 3 * players + players + 4:
        seat = game.decision.seat
        seats.add(seat)
        action = str(game.legal_actions()[-1])
        board._handle_msg({"content": {"data": {"method": "custom", "content": {
            "kind": "intent", "state_id": board.view["state_id"], "action": action}}}, "buffers": []})  # fmt: skip
        assert board.error == "" and str(game.actions[-1]) == action and game.actors[-1] == seat
    assert seats == set(range(players))


def test_a_seats_board_against_bots_plays_only_its_seat() -> None:
    game = UrGame.new(players=3, seed=8)
    bots = {0: make_bot("greedy", seed=0, game="ur"), 2: make_bot("random", seed=2, game="ur")}
    board = BoardWidget(game, seat=1)

    def reply(_record: object = None) -> None:
        while game.decision is not None and game.decision.seat in bots:
            step(game, bots)

    board.on_action(reply)
    reply()
    for _ in range(30):
        if game.is_over:
            break
        assert game.decision.seat == 1 and board.view["decision"]["mine"]
        board.play(str(game.legal_actions()[0]))
    assert 1 in game.actors and {0, 2} <= set(game.actors)
    other = UrGame.new(players=3, seed=8)
    watcher = BoardWidget(other, seat=(other.to_move + 1) % 3)
    with pytest.raises(ValueError, match="§12 S3"):
        watcher.play(str(other.legal_actions()[0]))
