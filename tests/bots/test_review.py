"""Game review: a thrown-away war is a blunder, the best move loses nothing, the CLI prints JSON."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys

import pytest

from tigris_widget import Game
from tigris_widget.bots.review import (
    THRESHOLDS,
    _before,
    classify,
    curve,
    format_review,
    game_accuracy,
    loss_words,
    move_accuracy,
    review,
    review_sentence,
)
from tigris_widget.bots.runner import step
from tigris_widget.cli import main
from tigris_widget.core.text import points
from tigris_widget.games.tigris.bots.greedy import GreedyBot


def greedy_game(seed: int, plies: int) -> Game:
    game = Game.new(players=2, seed=seed)
    bots = [GreedyBot(seed=1), GreedyBot(seed=2)]
    while len(game) < plies:
        step(game, bots)
    return game


@pytest.fixture(scope="module")
def war_game() -> Game:
    """Greedy self-play (deal 5) up to a war the archer attacks with 1 + 2 settlements in hand against
    the bull's 1 + 1: committing 2 wins it for sure, committing nothing loses it."""
    game = greedy_game(5, 61)
    assert game.decision is not None and game.decision.kind == "war_attack"
    return game


def test_throwing_away_a_war_is_a_blunder(war_game: Game) -> None:
    game = war_game.clone()
    game.apply("commit 0")
    report = review(game, iterations=200, last=1)
    (move,) = report["moves"]
    assert move["ply"] == 61 and move["action"] == "commit 0" and not move["forced"]
    assert move["best"] == "commit 2"
    assert move["loss"] >= THRESHOLDS["blunder"] and move["class"] == "blunder"
    assert move["value_before"] - move["value_after"] == pytest.approx(move["loss"], abs=1e-3)
    assert "war" in move["best_reason"] and "discarded" in move["best_reason"]
    archer = report["players"][move["seat"]]
    assert archer["blunders"] == 1 and archer["accuracy"] < 50
    assert "??" in format_review(report) and "commit 2" in format_review(report)


def test_the_best_move_loses_nothing(war_game: Game) -> None:
    game = war_game.clone()
    game.apply("commit 2")
    (move,) = review(game, iterations=200, last=1)["moves"]
    assert move["best"] == "commit 2" and move["loss"] == 0.0 and move["class"] is None
    assert move["accuracy"] == 100.0


def test_each_decision_is_seen_from_the_movers_view(war_game: Game) -> None:
    before = _before(war_game, 61)
    mover = war_game.state_at(61).decider
    assert len(before) == 61 and before.decision is not None and before.decision.seat == mover
    view = before.view(before.decision.seat)  # what the T&E analysis searches from (games.tigris.bots.analysis)
    assert all(h is None for p, h in enumerate(view.hands) if p != mover), "no other hand is read"
    assert "never read from the record" in review(war_game, iterations=20, last=1)["note"]


def test_a_whole_short_review_in_worker_processes_and_its_curve() -> None:
    game = greedy_game(3, 30)
    report = review(game, iterations=20, workers=2)
    assert [m["ply"] for m in report["moves"]] == list(range(30))
    for m in report["moves"]:
        assert 0.0 <= m["loss"] <= 1.0
        assert m["forced"] or (m["values"] is not None and abs(sum(m["values"]) - 1) < 1e-3)
    values = curve(report, seat=0)
    assert values and all(0.0 <= v <= 1.0 for v in values.values())
    assert {p["seat"] for p in report["players"]} == {0, 1}


def test_a_review_sentence_has_one_loss_figure_with_its_unit_and_number() -> None:
    """The loss is a difference of chances to win, in percentage points: one figure per sentence,
    "1 point" and "18 points", and a figure in the better move's reason stays in a sentence of its own."""
    assert loss_words(0.18) == "gives away 18 points of chance to win"
    assert loss_words(0.01) == "gives away 1 point of chance to win"
    assert loss_words(0.004) == "gives away less than 1 point of chance to win"
    assert loss_words(0.0) == "is as good as the best"
    assert [points(-1, signed=True), points(0, signed=True), points(2.6, signed=True)] == [
        "−1 point",
        "±0 points",
        "+3 points",
    ]
    move = {"name": "P1", "seat": 1, "plies": 1, "loss": 0.18, "class": "mistake", "best": "tile r (3,4)",
            "best_reason": "Then 1 point of win chance ahead of the best other player by the evaluation"}  # fmt: skip
    text = review_sentence(move)
    assert text == ("Mistake by P1: it gives away 18 points of chance to win. Better was tile r (3,4): then 1 point "
                    "of win chance ahead of the best other player by the evaluation.")  # fmt: skip
    for sentence in text.split(". "):
        assert sentence.count("point") <= 1, sentence
    assert "points)" not in text and "(−" not in text
    good = review_sentence({**move, "class": None, "loss": 0.01, "plies": 3, "best_reason": None})
    assert good == "A good turn by P1: it gives away 1 point of chance to win."
    assert review_sentence({**move, "best_reason": "P2 loses a cube."}).endswith(
        "Better was tile r (3,4): P2 loses a cube."
    )


def test_classes_and_accuracy() -> None:
    assert classify(0.0) is None and classify(0.049) is None
    assert classify(0.05) == "inaccuracy" and classify(0.1) == "mistake" and classify(0.25) == "blunder"
    assert move_accuracy(0.0) == pytest.approx(100.0, abs=0.01)
    assert move_accuracy(0.1) < move_accuracy(0.05) < 100
    assert move_accuracy(1.0) == 0.0
    assert game_accuracy([]) is None
    assert game_accuracy([100.0, 100.0]) == pytest.approx(100.0)
    assert game_accuracy([100.0, 10.0]) < 55 < 100  # the harmonic mean makes a blunder weigh


def test_bad_input_is_refused(war_game: Game) -> None:
    with pytest.raises(ValueError, match="iterations"):
        review(war_game, iterations=0)
    with pytest.raises(ValueError, match="workers"):
        review(war_game, workers=0)
    with pytest.raises(ValueError):
        review("[1, 2]")


def test_cli_review_prints_json(tmp_path, capsys) -> None:
    game = greedy_game(3, 12)
    path = tmp_path / "game.json"
    path.write_text(game.to_json())
    assert main(["review", str(path), "--json", "--iterations", "15", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [m["ply"] for m in data["moves"]] == list(range(12))
    for m in data["moves"]:
        assert {"ply", "seat", "action", "best", "loss", "class"} <= set(m)
    assert all({"seat", "accuracy"} <= set(p) for p in data["players"])
    assert main(["review", str(tmp_path / "missing.json")]) == 2


def test_review_on_a_local_dask_cluster_matches_this_process() -> None:
    distributed = pytest.importorskip("distributed")
    game = greedy_game(4, 10)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        remote = review(game, iterations=15, scheduler=cluster.scheduler_address)
    local = review(game, iterations=15)
    assert remote["moves"] == local["moves"], "the cluster reviews exactly the same decisions the same way"
    assert remote["players"] == local["players"]


@pytest.mark.parametrize(
    ("text", "words"),
    [("[" * 100_000, "nests too deeply"), ('{"a": ' * 50_000, "nests too deeply"), ("1" * 5_000, "too many digits"),
     ("{", "malformed JSON"), (" " * 2_000_001, "at most 2,000,000")],
    ids=["deep-list", "deep-object", "long-number", "broken", "too-long"],
)  # fmt: skip
def test_hostile_json_text_is_refused_with_a_value_error(text: str, words: str) -> None:
    """The review reads JSON like the record format does: no RecursionError, no unbounded text."""
    with pytest.raises(ValueError, match=words):
        review(text)


def test_cli_review_refuses_a_file_beyond_the_limit(tmp_path, capsys) -> None:
    path = tmp_path / "big.json"
    path.write_text(" " * 2_000_001 + "{}")
    assert main(["review", str(path)]) == 2
    err = capsys.readouterr().err
    assert "big.json" in err and "at most 2,000,000 characters" in err


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_cli_review_of_an_endless_stream_stops_at_the_limit() -> None:
    """``review /dev/zero`` used to read forever; now it stops after the limit. The child's memory is
    capped so that a regression fails instead of filling this machine's memory."""

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))

    done = subprocess.run([sys.executable, "-m", "tigris_widget", "review", "/dev/zero"], capture_output=True,
                          text=True, timeout=120, preexec_fn=cap)  # fmt: skip
    assert done.returncode == 2 and "/dev/zero" in done.stderr and "at most" in done.stderr, done.stderr[-500:]


# -- Ur: the same review, a whole turn per move ------------------------------------------------------------
@pytest.fixture(scope="module")
def ur_game():  # type: ignore[no-untyped-def]
    """The late Ur position of the analysis tests: P1 plays a deliberately bad turn (two cubes on a tile
    it already holds instead of claiming a new tile), then greedy bots play two more rounds."""
    from tigris_widget.bots import make_bot
    from tigris_widget.core.registry import game_module

    from .test_ur_analysis import RICH

    game = game_module("ur").game_from_position(RICH)
    game.apply("cube (2,0) x2")
    game.apply("exchange (0,4) side A")
    bots = [make_bot("greedy", seed=p, game="ur") for p in range(3)]
    while len(game) < 12 and not game.is_over:
        step(game, bots)
    return game


def test_an_ur_review_judges_whole_turns_and_marks_the_bad_one(ur_game) -> None:  # type: ignore[no-untyped-def]
    report = review(ur_game, iterations=60)
    assert report["game"] == "ur" and "Nothing is hidden" in report["note"]
    moves = report["moves"]
    assert [(m["ply"], m["plies"]) for m in moves] == [(p, 2) for p in range(0, len(ur_game) - 1, 2)][: len(moves)]
    bad = moves[0]
    assert bad["seat"] == 1 and bad["name"] == "P1" and bad["action"] == "cube (2,0) x2; exchange (0,4) side A"
    assert bad["class"] in ("mistake", "blunder") and bad["loss"] >= THRESHOLDS["mistake"]
    assert bad["best"] != bad["action"] and bad["best"].startswith("cube (") and "claims" in bad["best_reason"].lower()
    # the better turn by its short name in the sentence (the whole line stays in "best")
    assert bad["best_name"] and len(bad["best_name"]) <= len(bad["best"])
    assert f"Better was {bad['best_name']}: claims" in review_sentence(bad)
    assert bad["best_marks"]["squares"], "where the better turn goes, for the board"
    assert bad["value_before"] - bad["value_after"] == pytest.approx(bad["loss"], abs=1e-3)
    assert report["players"][1]["name"] == "P1" and report["players"][1]["accuracy"] < 100
    text = format_review(report)
    assert "P1" in text and MARKS_OF[bad["class"]] in text
    values = curve(report, seat=1)
    assert set(values) == {m["ply"] + m["plies"] for m in moves} and all(0 <= v <= 1 for v in values.values())


MARKS_OF = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def test_an_ur_review_reads_records_and_rows_and_runs_in_workers(ur_game) -> None:  # type: ignore[no-untyped-def]
    local = review(ur_game.to_record(), iterations=15, last=2)
    assert len(local["moves"]) == 2 and local["game"] == "ur"
    row = {"game": "ur", "record": ur_game.to_record()}
    assert review(row, iterations=15, last=2)["moves"] == local["moves"]
    assert review(ur_game, iterations=15, last=2, workers=2)["moves"] == local["moves"]
    with pytest.raises(ValueError, match="not a game record"):
        review("ur-record 1\nplayers nine", iterations=5)
    with pytest.raises(ValueError, match="last"):
        review(ur_game, last=-1)


def test_the_text_review_wraps_between_words_under_its_entries(ur_game) -> None:  # type: ignore[no-untyped-def]
    """An Ur turn's better line runs past 100 characters: the text review wraps it at ``width`` between
    words, each entry's later lines indented under its first, so a narrow output never cuts a word."""
    report = review(ur_game, iterations=15, last=6)
    flagged = [m for m in report["moves"] if m["class"] is not None]
    assert flagged, "the fixture game has a flagged move in its last turns"
    for width in (44, 88):
        text = format_review(report, width=width)
        lines = text.splitlines()
        assert all(len(line) <= width for line in lines if " " in line.strip()), text
        words = " ".join(line.strip() for line in lines).split()
        assert all(part in words for part in flagged[0]["best"].split()), "every word of the better line, whole"
        assert any(line.startswith(" " * 8) and not line.startswith("        why") for line in lines), text
    for width in (10, "44", 44.0, True):
        with pytest.raises(ValueError, match="width must be a whole number"):
            format_review(report, width=width)  # type: ignore[arg-type]
    broken = dict(report, moves=[{"class": "blunder"}])
    for bad in ({}, {"moves": []}, broken, dict(report, players=None), "a review"):
        with pytest.raises(ValueError, match="not a review report"):
            format_review(bad)  # type: ignore[arg-type]
