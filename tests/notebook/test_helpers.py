"""Notebook helpers without a browser: the stepper, its charts and the puzzle board."""

from __future__ import annotations

import pytest

from tigris_widget import Game
from tigris_widget.cli import play_any
from tigris_widget.games.tigris.builder import PositionBuilder
from tigris_widget.jupyter import GameStepper, PuzzleBoard
from tigris_widget.jupyter.charts import score_series
from tigris_widget.jupyter.stepper import narration


@pytest.fixture(scope="module")
def finished() -> Game:
    return play_any("tigris", 3, 4, {}, ["random"])


def test_score_series_follows_the_game(finished: Game) -> None:
    series = score_series(finished)
    assert len(series.points) == len(finished) + 1
    assert series.points[0] == (0, 0, 0)
    final = {r.seat: r.points for r in finished.standings()}
    assert list(series.points[-1]) == [final[p] for p in range(3)]
    assert series.turn_starts[0] == 0 and all(
        finished.state_at(p).turn != finished.state_at(p - 1).turn for p in series.turn_starts[1:]
    )


def test_hidden_scores_stay_hidden_in_a_seat_chart() -> None:
    game = PositionBuilder(options={"scores": "hidden"}).tile("r", (1, 0)).leader("archer", "king", (0, 0))
    game = game.hand("archer", "kkkrrr").hand("bull", "kkkrrr").game()
    game.play("tile k (0,1)", "pass")
    assert score_series(game).points[-1][0] == 0  # one black point: the weakest colour still scores 0
    series = score_series(game, seat=1)
    assert all(row[0] is None and row[1] is not None for row in series.points)


def test_stepper_steps_by_action_and_by_turn(finished: Game) -> None:
    stepper = GameStepper(finished.to_json(), evaluation=[0.5] * (len(finished) + 1))
    assert stepper.board.ply == 0 and "Start" in stepper.text.value
    stepper.step(1)
    assert stepper.ply == 1 and stepper.board.ply == 1
    assert f"<code>{finished.actions[0]}</code>" in stepper.text.value
    stepper.mode.value = "turn"
    stepper.goto(0)
    stepper.step(1)
    assert stepper.ply == score_series(finished).turn_starts[1]
    stepper.step(-1)
    assert stepper.ply == 0
    stepper.board.goto(7)  # moving the board (e.g. with the arrow keys) moves the stepper
    assert stepper.ply == 7
    with pytest.raises(ValueError, match="ply must be"):
        stepper.goto(len(finished) + 1)


def test_narration_hides_other_players_swaps() -> None:
    game = PositionBuilder().hand("archer", "kkkrrr").hand("bull", "kkkrrr").game()
    game.apply("swap kk")
    assert "swap kk" in narration(game, 1) and "swap 2" in narration(game, 1, seat=1)


def test_puzzle_board_judges_defends_hints_and_shows_the_solution() -> None:
    board = PuzzleBoard("first-revolt")
    assert board.verdict == "playing" and "Send Pot&#x27;s priest home" in board.header.value
    board.board.play("leader r (10,4)")
    board.board.play("commit 1")  # the puzzle defends for Pot at once
    assert board.verdict == "failed" and "Not solved" in board.status.value
    board.reset()
    assert len(board.game) == 0 and board.verdict == "playing"
    assert board.hint().startswith("A revolt")
    board.show_solution()
    assert board.verdict == "solved" and "Solution:" in board.status.value
    with pytest.raises(ValueError, match="unknown puzzle"):
        PuzzleBoard("nope")


def test_bot_inspector_thinks_live_and_explores() -> None:
    from tigris_widget.jupyter import BotInspector
    from tigris_widget.jupyter.inspect import evaluation_over_game

    game = Game.new(players=2, seed=7)
    inspector = BotInspector(game)
    updates: list[int] = []
    inspector.details.observe(lambda change: updates.append(1), names="value")
    result = inspector.think(iterations=150, every=0.0)
    assert result["final"] and len(updates) >= 2  # partial results reached the dashboard
    # without a pick of the user's, the selection follows the search's best to the end
    assert inspector.candidates.value == result["best"] and result["best"] in inspector.table.value
    assert inspector.board.heatmap and inspector.board.overlay.get("caption", "").startswith(
        ("Best:", "Too close to call:", "No move stands out:", "Best (not compared):")
    )
    second = inspector.candidates.options[1]
    inspector.candidates.value = second
    assert f"Candidate: {second}" == inspector.board.overlay["caption"]
    inspector.show(result)  # a later update keeps the user's pick (until the next search)
    assert inspector.candidates.value == second
    inspector.what_if()
    assert len(inspector.game) == 1 and len(game) == 0  # the caller's game is untouched
    inspector.back()
    assert len(inspector.game) == 0
    inspector.cheating.value = True
    assert inspector.think(iterations=60)["cheating"] is True
    inspector.reading.value = True  # reading the play and seeing every hand exclude each other
    assert inspector.cheating.value is False
    read = inspector.think(iterations=60)
    assert read.read_play and not read.all_seeing and "Hands read from the play" in inspector.details.value
    inspector.cheating.value = True
    assert inspector.reading.value is False
    played = play_any("tigris", 2, 5, {}, ["random"])
    values = evaluation_over_game(played, iterations=20)
    assert values and all(0.0 <= v <= 1.0 for v in values.values())


def test_bot_match_answers_for_the_bots_and_gives_hints() -> None:
    from tigris_widget.bots import RandomBot
    from tigris_widget.games.tigris.bots.greedy import GreedyBot
    from tigris_widget.jupyter import BotMatch

    game = Game.new(players=3, seed=5, start_player=1)
    match = BotMatch(game, seat=0, opponents={1: GreedyBot(seed=1), 2: RandomBot(seed=2)})
    assert game.decision is not None and game.decision.seat == 0  # the bots played their turns at once
    assert len(game) >= 2
    hint = match.hint(iterations=80, every=0.0)
    assert hint is not None and hint["seat"] == 0 and hint["best"] in match.board.overlay["caption"]
    played = len(game)
    match.board.play("pass")  # the human passes twice in a row: the bots answer again
    assert game.decision is not None and (game.decision.seat == 0 or game.is_over)
    assert len(game) > played + 1
    assert game.view(0).to_dict()["players"][1]["hand"] is None  # the board shows only seat 0's view
    with pytest.raises(ValueError, match="opponents must be bots"):
        BotMatch(Game.new(players=2, seed=1), seat=0, opponents={0: RandomBot()})
    with pytest.raises(ValueError, match="read_play"):
        BotMatch(Game.new(players=2, seed=1), seat=0, hint_read_play="yes")  # type: ignore[arg-type]


def test_bot_match_hints_can_read_the_bots_hands_from_their_play() -> None:
    from tigris_widget.games.tigris.bots.greedy import GreedyBot
    from tigris_widget.games.ur import UrGame
    from tigris_widget.jupyter import BotMatch

    game = Game.new(players=2, seed=3, start_player=1)
    match = BotMatch(game, seat=0, opponents=GreedyBot(seed=1), hint_read_play=True, delay=0)
    while len(game) < 30:  # the human plays what a greedy player would; the bot answers at once
        match.board.play(str(GreedyBot(seed=len(game)).choose(game.view(0))))
    hint = match.hint(iterations=60, every=0.0)
    assert hint is not None and hint.read_play and [h["seat"] for h in hint["hands"]] == [1]
    assert "Hands read from the play" in match.panel.value
    match.reading.value = False
    plain = match.hint(iterations=60, every=0.0)
    assert plain is not None and not plain.read_play and "Hands read" not in match.panel.value
    ur = BotMatch(UrGame.new(players=3, seed=7), seat=0, hint_read_play=True, delay=0)
    assert ur.reading.layout.display == "none" and ur.reading.value is False  # Ur hides nothing


def test_boards_and_dashboards_carry_an_svg_picture_for_static_pages(finished: Game) -> None:
    from tigris_widget import BoardWidget

    def data(bundle: object) -> dict[str, str]:
        return bundle[0] if isinstance(bundle, tuple) else bundle  # type: ignore[return-value]

    bundle = data(BoardWidget(finished, seat=1)._repr_mimebundle_())
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["image/svg+xml"].lstrip().startswith("<svg")
    assert data(GameStepper(finished)._repr_mimebundle_())["image/svg+xml"].lstrip().startswith("<svg")
    assert "image/svg+xml" in data(PuzzleBoard("treasure-hunt")._repr_mimebundle_())
