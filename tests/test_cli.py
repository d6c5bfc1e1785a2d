"""The command line plays complete games and prints results."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tigris_widget import Game
from tigris_widget.bots.generic import RolloutSearchBot
from tigris_widget.cli import main
from tigris_widget.core import hooks
from tigris_widget.core.protocol import SearchDefaults
from tigris_widget.core.registry import game_module
from tigris_widget.games import GAMES


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tigris_widget", *args], capture_output=True, text=True, timeout=120)


def test_play_prints_a_json_result() -> None:
    done = run("play", "--players", "3", "--seed", "5", "--board", "alternative", "--variants", "buildings,ziggurat",
               "--bot", "random", "--json")  # fmt: skip
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["ranking"][0] == data["winners"] and (data["winner"] is None) == (len(data["winners"]) > 1)
    assert sorted(name for place in data["ranking"] for name in place) == ["archer", "bull", "pot"]
    for row in data["players"]:
        assert set(row["vp"]) == {"black", "red", "blue", "green"}
        assert row["score"] == min(row["final"].values()) and isinstance(row["treasures"], int)


def test_play_is_reproducible_and_records_replay(
    tmp_path: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"  # type: ignore[operator]
    assert main(["play", "--seed", "8", "--json", "--record", str(record)]) == 0
    first = capsys.readouterr().out
    assert main(["play", "--seed", "8", "--json"]) == 0
    assert capsys.readouterr().out == first
    game = Game.from_json(record.read_text())
    ranking = game.ranking or []
    names = [[game.state.setup.dynasties[p] for p in place] for place in ranking]
    assert game.is_over and json.loads(first)["ranking"] == names


def test_play_summary_and_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seed", "2"]) == 0
    assert "Winner:" in capsys.readouterr().out
    assert main(["play", "--bot", "oracle"]) == 2
    assert "unknown bot 'oracle'" in capsys.readouterr().err
    assert main(["play", "--players", "7"]) == 2  # the game's PLAYERS say which counts it takes
    assert capsys.readouterr().err == "error: --players 7: Tigris & Euphrates is played by 2, 3, 4 players\n"


@pytest.mark.parametrize(
    ("content", "words"),
    [("[1, 2]", "not a puzzle library: its JSON is list"), ('"text"', "its JSON is str"),
     ('{"format": "tigris-puzzles", "version": 1, "puzzles": [3]}', "'puzzles' must be a list of puzzles"),
     ('{"format": "tigris-puzzles", "version": 1, "puzzles": [], "stats": []}', "statistics"),
     ("[" * 100_000, "nests too deeply"), ("", "malformed JSON")],
    ids=["list", "string", "bad-puzzles", "bad-stats", "deep", "empty"],
)  # fmt: skip
def test_mine_add_to_checks_the_library_before_mining(
    tmp_path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, content: str, words: str
) -> None:
    import tigris_widget.games.tigris.puzzles.miner as miner

    def no_mining(*args: object, **kwargs: object) -> None:
        raise AssertionError("mining started before the library file was checked")

    monkeypatch.setattr(miner, "mine", no_mining)
    path = tmp_path / "library.json"
    path.write_text(content)
    assert main(["puzzles", "mine", "--games", "1", "--quiet", "--add-to", str(path)]) == 2
    assert words in capsys.readouterr().err
    assert path.read_text() == content


def test_mine_add_to_a_missing_file_fails_before_mining(tmp_path, capsys, monkeypatch) -> None:
    import tigris_widget.games.tigris.puzzles.miner as miner

    monkeypatch.setattr(miner, "mine", lambda *a, **k: pytest.fail("mining started"))
    assert main(["puzzles", "mine", "--games", "1", "--add-to", str(tmp_path / "missing.json")]) == 2
    assert "missing.json" in capsys.readouterr().err


ROW = '{"task": {"bots": ["random", "greedy"]}, "ranks": [1, 2], "scores": [9, 4]}\n'
"""A result row that ``summarize`` reads."""


@pytest.mark.parametrize(
    ("content", "words"),
    [(" " * 2_000_001 + "\n", "each line at most 2,000,000; line 1 goes beyond"),
     (ROW + "[1]\n", "line 2 is not a result row"), (ROW + "[" * 100_000 + "\n", "line 2: malformed"),
     (b"\xff\xfe\n", "not UTF-8")],
    ids=["long-line", "not-an-object", "deep", "not-utf8"],
)  # fmt: skip
def test_tournament_summaries_read_results_files_within_limits(
    tmp_path, capsys: pytest.CaptureFixture[str], content: str | bytes, words: str
) -> None:
    path = tmp_path / "games.jsonl"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    assert main(["tournament", "--summarize", str(path)]) == 2
    assert words in capsys.readouterr().err


def test_every_file_reader_is_bounded() -> None:
    """Files a user names are read through ``core.files.read_text_file`` or a bounded ``readline``:
    no bare ``read()``, ``read_text()``, ``json.load`` or ``for line in f`` anywhere else."""
    import re
    from pathlib import Path

    src = Path(__file__).resolve().parents[1] / "src" / "tigris_widget"
    unbounded = re.compile(r"\.read\(\)|\.read_text\(|json\.load\(|for \w+ in f\b")
    # The widget's own scripts and styles and the shipped puzzle library are package files, not input.
    trusted = {"render/html.py", "games/tigris/present/picture.py", "puzzles/library.py"}
    offenders = [
        f"{p.relative_to(src)}:{n}: {line.strip()}"
        for p in sorted(src.rglob("*.py"))
        if p.relative_to(src).as_posix() not in trusted
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if unbounded.search(line)
    ]
    assert not offenders, offenders


def test_play_ur_prints_the_standings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--game", "ur", "--players", "3", "--bot", "greedy,random,random", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Game over after") and "seat 0 (greedy)" in out and "Winner: seat" in out
    assert main(["play", "--game", "ur", "--bot", "random", "--option", "layout=face", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "ur" and data["finished"] and len(data["standings"]) == 3
    assert [r["place"] for r in data["standings"]] == sorted(r["place"] for r in data["standings"])
    assert main(["play", "--game", "ur", "--bot", "oracle"]) == 2
    assert "unknown bot 'oracle' for ur" in capsys.readouterr().err
    assert main(["play", "--game", "ur", "--option", "layout=diagonal"]) == 2
    assert "layout" in capsys.readouterr().err
    assert main(["play", "--game", "ur", "--option", "layout"]) == 2
    assert "name=value" in capsys.readouterr().err
    assert main(["play", "--game", "ur", "--board", "alternative"]) == 2
    with pytest.raises(SystemExit):
        main(["play", "--game", "chess"])


def test_tournament_and_bench_for_ur(
    tmp_path: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # the bench times the default search bot and the analysis: a few rollouts per decision keep this test short
    monkeypatch.setattr(RolloutSearchBot, "DEFAULT_ITERATIONS", 4)
    monkeypatch.setattr(game_module("ur"), "SEARCH_DEFAULTS", SearchDefaults(iterations=4))
    out_dir = str(tmp_path)
    assert main(["tournament", "--game", "ur", "--bots", "greedy,random", "--games", "3", "--seed", "2",
                 "--option", "layout=face", "--quiet", "--out", out_dir, "--json"]) == 0  # fmt: skip
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 3 and summary["bots"]["random"]["seats_played"] == 6
    with open(f"{out_dir}/games.jsonl") as f:
        row = json.loads(f.readline())
    assert row["task"]["game"] == "ur" and row["task"]["options"] == {"layout": "face"}
    assert main(["tournament", "--game", "ur", "--bots", "greedy,random", "--option", "turnLimit=-1"]) == 2
    assert "turnLimit" in capsys.readouterr().err
    assert main(["bench", "--game", "ur", "--seconds", "0.2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["protocol_games_per_s"] > 0 and figures["analysis_default_ms"] > 0  # every game's figures
    assert figures["search_iterations_per_s"] > 0 and figures["search_ms_per_decision"] > 0
    assert figures["random_games_per_s"] > 0 and figures["legal_actions_us_4p"] > 0  # Ur's own (bench_extras)


def test_bench_compare_keeps_its_figures_names_and_measures_each_in_one_process() -> None:
    from tigris_widget.bench import compare_task, compare_tasks

    known = ["tigris_fast_games_per_s", "tigris_uniform_games_per_s", "tigris_legal_actions_us",
             "ur_random_games_per_s", "tigris_search_iterations_per_s", "ur_search_iterations_per_s"]  # fmt: skip
    assert [name for name in compare_tasks() if name in known] == known  # docs/results/compiled.md's rows
    assert compare_task("tigris_legal_actions_us", 0.05) > 0 and compare_task("ur_random_games_per_s", 0.05) > 0
    with pytest.raises(ValueError, match="unknown benchmark task"):
        compare_task("chess_games_per_s", 0.05)


@pytest.mark.parametrize("command", ["play", "tournament"])
def test_players_come_from_the_games_metadata(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "--game", "ur", "--players", "5"]) == 2
    assert capsys.readouterr().err == "error: --players 5: Ur is played by 2, 3, 4 players\n"
    with pytest.raises(SystemExit):
        main([command, "--help"])
    assert "(default: the game's usual count)" in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("name", GAMES)
def test_every_games_own_bench_figures_measure(name: str) -> None:
    import time

    for key, extra in hooks.bench_extras(game_module(name)).items():
        assert extra.description and extra.measure(0.01, time.perf_counter) > 0, key


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: pytest.TempPathFactory) -> None:
    out_dir = str(tmp_path)
    assert (
        main(["tournament", "--game", "ur", "--bots", "greedy,random", "--games", "1", "--quiet", "--out", out_dir])
        == 0
    )
    command = [sys.executable, "-m", "tigris_widget", "tournament", "--summarize", f"{out_dir}/games.jsonl"]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # before the program has started to write, as `| head -0` would
    err = proc.stderr.read().decode()
    assert proc.wait() == 1 and "Traceback" not in err and "BrokenPipeError" not in err, err
    ok = subprocess.run(command, capture_output=True, text=True)
    assert ok.returncode == 0 and "3 games" in ok.stdout  # one deal, every seating
