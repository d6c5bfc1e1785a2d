"""Arguments the command line refuses before any work, with one ``error: …`` line and exit code 2 —
never a traceback, never a hang, never a game played and then lost."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from tigris_widget import cli
from tigris_widget.bots import make_bot
from tigris_widget.bots.budget import Budget
from tigris_widget.cli import main
from tigris_widget.games.tigris.game import Game
from tigris_widget.games.ur import UrGame


@pytest.mark.parametrize("game", ["tigris", "ur"])
@pytest.mark.parametrize("budget", ["nans", "infs", "1e400s", "9" * 400 + "s", "0s", "-1", "0", "²", "٣", "1_000"])
def test_a_search_budget_that_never_ends_or_names_nothing_is_refused(
    game: str, budget: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # before: search:nans hung (T&E) or raised OverflowError / "cannot convert float NaN" (Ur)
    assert main(["play", "--game", game, "--bot", f"search:{budget}"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: search budget ") and err.count("\n") == 1 and len(err) < 300
    with pytest.raises(ValueError, match="search budget"):
        make_bot(f"search:{budget}", game=game)


@pytest.mark.parametrize("seconds", [float("nan"), float("inf"), -1.0, 0.0, True])
def test_a_budget_of_seconds_is_a_finite_positive_number(seconds: float) -> None:
    with pytest.raises(ValueError, match="seconds must be a finite positive number"):
        Budget(seconds=seconds)


@pytest.mark.parametrize("args", [["--seconds", "-1"], ["--seconds", "nan"], ["--seconds", "0"],
                                  ["--seconds", "inf"], ["--game", "ur", "--seconds", "nan"],
                                  ["--compare", "--seconds", "nan"], ["--compare", "--rounds", "0"]])  # fmt: skip
def test_bench_refuses_a_time_it_cannot_measure(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    # before: ZeroDivisionError traceback (or a hang for inf)
    assert main(["bench", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and ("seconds must be" in err or "rounds must be" in err)


@pytest.mark.parametrize("game", ["tigris", "ur"])
def test_a_record_file_that_cannot_be_written_is_refused_before_the_game(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # before: the whole game was played, then open() raised IsADirectoryError / FileNotFoundError
    played: list[object] = []
    monkeypatch.setattr(cli, "play", lambda *a: played.append(a))
    for bad, words in ((tmp_path, "is a folder"), (tmp_path / "missing" / "game.txt", "there is no folder")):
        assert main(["play", "--game", game, "--record", str(bad)]) == 2
        out, err = capsys.readouterr()
        assert err == f"error: --record {bad}: {words}" + err.split(words, 1)[1] and err.count("\n") == 1
        assert out == "" and played == []


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("game", ["tigris", "ur"])
def test_a_record_whose_write_fails_after_the_game_is_kept(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    # before: a traceback after the game (OSError: No space left on device), the record lost
    assert main(["play", "--game", game, "--seed", "3", "--record", "/dev/full"]) == 2
    out, err = capsys.readouterr()
    assert "Winner:" in out and err.startswith("error: --record /dev/full: No space left on device; the record is in ")
    spare = Path(err.rsplit(" ", 1)[1].strip())
    try:
        text = spare.read_text()
        replayed = Game.from_json(text) if game == "tigris" else UrGame.from_record(text)
        assert replayed.is_over
    finally:
        spare.unlink()


ROW = {"task": {"bots": ["random", "greedy"], "index": 0}, "ranks": [1, 2], "scores": [9, 4]}


@pytest.mark.parametrize(
    ("bad", "words"),
    [({"ranks": [1, 2], "scores": [9, 4]}, 'line 3 is not a result row: no "task" object'),
     ({"task": {"bots": ["a", "b"]}, "scores": [9, 4]}, 'line 3 is not a result row: no "ranks"'),
     ({**ROW, "ranks": [1]}, '"ranks" must be a list of 2 numbers'),
     ({**ROW, "scores": [1, "x"]}, '"scores" must be a list of 2 numbers'),
     ({**ROW, "decisions": None}, '"decisions" must be a list of 2 numbers'),
     ({**ROW, "task": {"bots": "ab"}}, 'no "bots" list')],
    ids=["no-task", "no-ranks", "short-ranks", "text-score", "null-decisions", "bots-text"],
)  # fmt: skip
def test_a_summary_refuses_a_row_it_cannot_read(
    bad: dict[str, object], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # before: KeyError / TypeError / IndexError tracebacks
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(ROW) + "\n\n" + json.dumps(bad) + "\n")
    assert main(["tournament", "--summarize", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {path}: ") and words in err and err.count("\n") == 1


def test_a_summary_of_a_cut_gzip_file_names_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # before: EOFError traceback
    data = gzip.compress(("\n".join(json.dumps(ROW) for _ in range(2000)) + "\n").encode())
    path = tmp_path / "games.jsonl.gz"
    path.write_bytes(data[: len(data) // 2])
    assert main(["tournament", "--summarize", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {path}: line ") and "cut off or damaged" in err and err.count("\n") == 1


@pytest.mark.parametrize("game", ["tigris", "ur"])
@pytest.mark.parametrize(("args", "words"), [(["--games", "0"], "games must be"), (["--games", "-1"], "games must be"),
                                             (["--workers", "0"], "workers must be"),
                                             (["--workers", "-3"], "workers must be")])  # fmt: skip
def test_a_tournament_of_no_games_or_no_workers_is_refused(
    game: str, args: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # before: --games 0 and -1 played one game per lineup; --workers 0 and -3 ran in this process
    out = tmp_path / "run"
    assert main(["tournament", "--game", game, "--quiet", "--out", str(out), *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {words}") and err.count("\n") == 1
    assert not out.exists()  # nothing written, nothing played


@pytest.mark.parametrize("command", ["play", "tournament"])
@pytest.mark.parametrize(
    ("options", "words"),
    [(["turnLimit=5", "turnLimit=6"], "option 'turnLimit' is given twice ('5' and '6')"),
     (["turnLimit=²"], "option turnLimit must be written in digits 0-9, not '²'"),
     (["turnLimit=" + "9" * 5000], "option turnLimit must be at most 10000")],
    ids=["twice", "unicode-digit", "5000-digits"],
)  # fmt: skip
def test_an_option_given_twice_or_in_odd_digits_is_named(
    command: str, options: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # before: the last value won silently; '²' and 5,000 digits gave bare int() errors
    args = [command, "--game", "ur", "--quiet"] if command == "tournament" else [command, "--game", "ur"]
    assert main([*args, *(f"--option={o}" for o in options)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and words in err and err.count("\n") == 1 and len(err) < 300


def test_a_seed_no_record_can_hold_is_refused_before_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seed", "1" + "0" * 1000]) == 2
    assert capsys.readouterr().err.startswith("error: seed must be a whole number of at most 1,000 digits")
