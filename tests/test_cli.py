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
