"""The command line plays complete games and prints results."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tigris_widget import Game
from tigris_widget.cli import main


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
    with pytest.raises(SystemExit):
        main(["play", "--players", "7"])


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


def test_tournament_and_bench_for_ur(tmp_path: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]) -> None:
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
    assert (
        figures["games_per_s_3p"] > 0 and figures["legal_actions_us_4p"] > 0 and figures["search_ms_per_decision"] > 0
    )
