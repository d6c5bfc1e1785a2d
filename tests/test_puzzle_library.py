"""The puzzle library: mined puzzles are sound, varied and reproducible; goals are stored and
explained in words; the ``puzzles`` command line."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tigris_widget.cli import main
from tigris_widget.games.tigris.puzzles.description import THEMES
from tigris_widget.games.tigris.puzzles.goals import Goal, Puzzle, rating_label
from tigris_widget.games.tigris.puzzles.mined_file import from_record, to_record
from tigris_widget.games.tigris.puzzles.miner import MineTask, mine_game, schedule
from tigris_widget.games.tigris.puzzles.soundness import verify
from tigris_widget.puzzles import library as library_module
from tigris_widget.puzzles.library import library, mined_data, select


def _mined() -> list[Puzzle]:
    return [p for p in library().values() if p.source == "mined"]


def test_library_holds_hand_made_and_at_least_150_mined_puzzles() -> None:
    lib = library()
    mined = _mined()
    assert len(mined) >= 150
    assert sum(p.source == "hand-made" for p in lib.values()) == 12
    assert len(lib) == len(mined) + 12  # ids are unique
    for p in mined:
        assert p.key.startswith("m-") and p.themes and set(p.themes) <= set(THEMES)
        assert 600 <= p.rating <= 2200 and p.label == rating_label(p.rating)
        assert p.origin is not None and {"seed", "ply", "bots", "players"} <= set(p.origin)
        assert p.solution and p.explanation
    stats = mined_data()["stats"]
    assert stats["puzzles"] == len(mined) and stats["games"] > 0


def test_mined_puzzles_are_varied() -> None:
    mined = _mined()
    themes = Counter(t for p in mined for t in p.themes)
    for theme in ("revolt", "war", "monument", "treasure", "catastrophe", "denial", "scoring", "multiplayer"):
        assert themes[theme] >= 3, (theme, themes)
    kinds = Counter(p.goal.to_spec()["kind"] for p in mined)
    assert len(kinds) >= 5, kinds
    games = [p.game().state for p in mined]
    assert {s.players for s in games} == {2, 3, 4}
    assert {s.setup.board for s in games} == {"classic", "alternative"}
    assert any("ziggurat" in s.setup.variants for s in games) and any("buildings" in s.setup.variants for s in games)
    labels = Counter(p.label for p in mined)
    assert len(labels) >= 3, labels


def test_every_mined_puzzle_verifies() -> None:
    """All of them (about 15 s): the solver forces the goal, the shipped solution meets it against
    the best defence, passing does not, and at most two actions force it."""
    failures = {p.key: problems for p in _mined() if (problems := verify(p))}
    assert not failures


@pytest.mark.parametrize("key", ["first-revolt", "weakest-colour", "priest-war"])
def test_hand_made_puzzles_verify_in_the_library(key: str) -> None:
    assert verify(library()[key]) == []


def test_verify_finds_broken_puzzles() -> None:
    good = _mined()[0]
    wrong_first = Puzzle(good.key, good.title, good.position, good.goal, 2, ("pass",), source="mined")
    problems = verify(wrong_first)
    assert any("solution" in p for p in problems)
    impossible = Puzzle(good.key, good.title, good.position, Goal.treasures(9), 2, good.solution, source="mined")
    assert any("forces only" in p for p in verify(impossible))


def test_records_round_trip() -> None:
    for p in _mined()[:20]:
        assert to_record(from_record(to_record(p))) == to_record(p)


def test_goal_specs_round_trip_and_reject_bad_ones() -> None:
    goals = [Goal.gain(2, 3), Goal.gain_total(4), Goal.treasures(2), Goal.monuments(), Goal.weakest_colour(),
             Goal.send_home(1, 0, "Send Pot's king home."), Goal.win_conflict(2, 1, "Win.")]  # fmt: skip
    for g in goals:
        again = Goal.from_spec(json.loads(json.dumps(g.to_spec())))
        assert again == g and again.spec == g.spec
    with pytest.raises(ValueError, match="unknown kind"):
        Goal.from_spec({"kind": "checkmate"})
    with pytest.raises(ValueError, match="missing or bad field"):
        Goal.from_spec({"kind": "gain", "colour": "red"})
    with pytest.raises(ValueError, match="no spec"):
        Goal("custom", lambda a, b, p: 0.0).to_spec()


def test_verdicts_speak_of_the_goal() -> None:
    lib = library()
    revolt = lib["first-revolt"]
    game = revolt.game()
    game.play("leader r (10,4)", "commit 1")
    game.apply(revolt.reply(game))  # type: ignore[arg-type]
    message = revolt.check(game).message
    assert "Pot's priest is still on the board" in message and "reaches" not in message
    treasure = lib["treasure-hunt"]
    game = treasure.game()
    game.play("tile k (1,4)", "tile k (0,0)")
    assert "You took no treasure; the goal is 2." in treasure.check(game).message


def test_select_filters_and_rejects_unknown_themes() -> None:
    wars = select(theme="war")
    assert wars and all("war" in p.themes for p in wars)
    hard = select(low=1600, high=1899)
    assert all(1600 <= p.elo <= 1899 for p in hard)
    assert [p.elo for p in hard] == sorted(p.elo for p in hard)
    assert all(p.source == "hand-made" for p in select(source="hand-made"))
    with pytest.raises(ValueError, match="unknown theme"):
        select(theme="fork")


def test_mining_is_deterministic_and_finds_sound_puzzles() -> None:
    task = schedule(1, seed=5)[0]
    assert task == MineTask(0, task.seed, 2, "classic", "", ("greedy", "greedy"))
    first = mine_game(task)
    assert first["puzzles"], "a greedy game holds at least one puzzle"
    again = mine_game(task)
    assert [p["id"] for p in again["puzzles"]] == [p["id"] for p in first["puzzles"]]
    assert [p["rating"] for p in again["puzzles"]] == [p["rating"] for p in first["puzzles"]]
    for record in first["puzzles"]:
        assert verify(from_record(record)) == []


# -- command line -----------------------------------------------------------------------------------
def test_cli_list_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzles", "list", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == len(library())
    for row in rows:
        assert {"id", "themes", "difficulty", "players", "source"} <= set(row)
        assert row["source"] in ("mined", "hand-made") and isinstance(row["difficulty"], int)
    assert main(["puzzles", "list", "--theme", "monument", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows and all("monument" in r["themes"] for r in rows)
    assert main(["puzzles", "list", "--theme", "fork"]) == 2
    assert "unknown theme" in capsys.readouterr().err


def test_cli_show(capsys: pytest.CaptureFixture[str]) -> None:
    key = _mined()[0].key
    assert main(["puzzles", "show", key]) == 0
    out = capsys.readouterr().out
    assert key in out and "tigris-position 2" in out and "Solution:" in out and "From a game" in out
    assert main(["puzzles", "show", "no-such"]) == 2
    assert "no puzzle 'no-such'" in capsys.readouterr().err


def test_cli_verify_exit_codes(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["puzzles", "verify", "first-revolt", _mined()[0].key]) == 0
    assert "2 passed, 0 failed" in capsys.readouterr().out
    good = library()["first-revolt"]
    broken = Puzzle("broken", "Broken", good.position, good.goal, 1, ("leader r (10,4)", "commit 1"))
    monkeypatch.setattr(library_module, "library", lambda: {"broken": broken, "first-revolt": good})
    assert main(["puzzles", "verify"]) == 1
    out = capsys.readouterr().out
    assert "FAIL broken" in out and "1 passed, 1 failed" in out
    assert main(["puzzles", "verify", "nothing"]) == 2


def test_cli_mine_two_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "mined.json"
    assert main(["puzzles", "mine", "--games", "2", "--seed", "3", "--workers", "1", "--out", str(out), "--quiet"]) == 0
    data = json.loads(out.read_text())
    assert data["format"] == "tigris-puzzles" and data["stats"]["games"] == 2
    assert data["stats"]["puzzles"] == len(data["puzzles"]) > 0
    assert "2 games" in capsys.readouterr().out
    assert main(["puzzles", "mine", "--games", "0"]) == 2
