"""Ur puzzles: the shipped library mined from bot games (≥ 30), each solution legal and meeting its
goal, the stored search margins, a fresh search agreeing on a sample, goals and records that refuse
hostile input, and the CLI listing them with ``--game ur`` while T&E's output stays as it was."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tigris_widget.cli import main
from tigris_widget.core.registry import game_module
from tigris_widget.games.ur.puzzles import miner
from tigris_widget.games.ur.puzzles.goals import UrGoal, UrPuzzle, rating_label
from tigris_widget.puzzles.library import library, mined_data, select
from tigris_widget.puzzles.turns import TurnSearcher


def _ur() -> list[UrPuzzle]:
    out = [p for p in library("ur").values() if isinstance(p, UrPuzzle)]
    assert len(out) == len(library("ur"))
    return out


def test_the_ur_library_holds_at_least_25_mined_puzzles() -> None:
    puzzles = _ur()
    assert len(puzzles) >= 25
    assert len({p.key for p in puzzles}) == len(puzzles)
    stats = mined_data("ur")["stats"]
    assert stats["puzzles"] == len(puzzles) and stats["positions_scanned"] > len(puzzles)
    for p in puzzles:
        assert p.key.startswith("u-") and p.source == "mined" and p.solution and p.explanation
        assert p.themes and set(p.themes) <= set(miner.THEMES)
        assert 700 <= p.rating <= 2150 and p.label == rating_label(p.rating)
        assert p.origin is not None and {"seed", "ply", "bots", "players", "turn"} <= set(p.origin)
        assert p.at_turn_start() and "§" not in p.goal.text and p.goal.text.endswith(".")
    labels = Counter(p.label for p in puzzles)
    assert len(labels) >= 2, labels


def test_every_ur_solution_is_legal_and_meets_its_goal_and_the_second_best_does_not() -> None:
    failures = {p.key: problems for p in _ur() if (problems := miner.verify(p))}
    assert not failures


def test_stored_margins_are_clear() -> None:
    for p in _ur():
        s = p.search or {}
        assert s["margin"] >= miner.MARGIN and s["best_value"] - s["second_value"] == pytest.approx(
            s["margin"], abs=1e-3
        )
        assert s["iterations"] == miner.LONG_ITERATIONS and s["best"] in p.solution
        assert s["best"] == p.solution[s["step"]]


def test_a_fresh_search_still_finds_a_way_to_the_goal() -> None:
    """Two puzzles (the first and the last stored), searched again at their decisive step with another
    fixed seed and today's evaluation: the search's choice is judged "good" by the puzzle (the goal can
    still be met this turn). Every shipped puzzle has one way to its goal at that step (``puzzles
    verify``), so the search must find the stored best again."""
    searcher = TurnSearcher("ur")
    for p in (_ur()[0], _ur()[-1]):
        game = p.game()
        steps = p.steps()
        search = p.search or {}
        i = 0
        while i < search["step"]:
            answer = p.reply(game)
            if answer is not None:
                game.play(answer)
                continue
            game.play(steps[i])
            i += 1
        found = searcher.analyse(game.state, miner.LONG_ITERATIONS, seed=20260, width=miner.WIDTH)
        game.play(found[0][0])
        verdict = p.judge(game)
        assert verdict.status in ("good", "solved"), (p.key, str(found[0][0]), verdict)


def test_goal_specs_round_trip_and_refuse_bad_ones() -> None:
    specs = [{"kind": "points", "points": 9}, {"kind": "lead", "points": 2}, {"kind": "own", "cell": 14, "from": 1},
             {"kind": "rival", "seat": 2, "points": 7}, {"kind": "ziggurats", "ziggurats": 1},
             {"kind": "cubes", "cubes": 12},
             {"kind": "all", "goals": [{"kind": "own", "cell": 14, "from": 1}, {"kind": "points", "points": 9}]}]  # fmt: skip
    for spec in specs:
        goal = UrGoal.from_spec(json.loads(json.dumps(spec)))
        assert dict(goal.spec) == spec and goal.text and "§" not in goal.text
    assert UrGoal.from_spec(specs[2]).text == "Win the tile (2,2) from P1 and hold it when your turn ends."
    for bad, words in [({"kind": "checkmate"}, "unknown kind"), ({"kind": "points"}, "points must be an int"),
                       ({"kind": "own", "cell": 36, "from": 0}, "cell must be an int 0..35"),
                       ({"kind": "points", "points": True}, "points must be an int"), ("points", "a goal spec is an object"),
                       ({"kind": "all", "goals": [{"kind": "points", "points": 1}]}, "two or three goals")]:  # fmt: skip
        with pytest.raises(ValueError, match=words):
            UrGoal.from_spec(bad)


def test_records_round_trip_and_refuse_hostile_ones() -> None:
    for p in _ur()[:10]:
        assert miner.to_record(miner.from_record(miner.to_record(p))) == miner.to_record(p)
    record = miner.to_record(_ur()[0])
    for change, words in [({"rating": "high"}, "rating must be an int"), ({"themes": ["fork"]}, "unknown theme"),
                          ({"goal": {"kind": "x"}}, "unknown kind")]:  # fmt: skip
        with pytest.raises(ValueError, match=words):
            miner.from_record({**record, **change})
    with pytest.raises(ValueError, match="lacks or mangles the field 'position'"):
        miner.from_record({k: v for k, v in record.items() if k != "position"})
    with pytest.raises(ValueError, match="is an object"):
        miner.from_record([1, 2])
    book = game_module("ur").puzzle_book()
    with pytest.raises(ValueError, match="not a version 1 file of Ur puzzles"):
        book.check_file({"format": "tigris-puzzles", "version": 1, "puzzles": []}, "x.json")


def test_examining_a_position_is_deterministic(monkeypatch: pytest.MonkeyPatch) -> None:
    """The miner is seeded: the same position examined twice (on a small budget) gives the same answer."""
    monkeypatch.setattr(miner, "FIRST_ITERATIONS", 30)
    monkeypatch.setattr(miner, "LONG_ITERATIONS", 90)
    p = _ur()[0]
    searcher = TurnSearcher("ur")
    first = miner.examine(p.game(), searcher, 5, {"seed": 1})
    again = miner.examine(p.game(), searcher, 5, {"seed": 1})
    assert first[1] == again[1]
    if first[0] is not None:
        assert again[0] is not None and miner.to_record(first[0]) == miner.to_record(again[0])


def test_every_game_with_puzzles_lends_them_through_its_module() -> None:
    from tigris_widget.puzzles.library import book as book_of
    from tigris_widget.puzzles.library import puzzle_games

    assert {"tigris", "ur"} <= set(puzzle_games())  # a game without a puzzle_book is simply not listed
    for name in puzzle_games():
        book = book_of(name)
        assert book.THEMES and all(isinstance(v, str) and v for v in book.THEMES.values())
        assert [w for _, w in book.LABELS] == ["beginner", "easy", "intermediate", "hard", "expert"]
        lib = library(name)
        assert lib and all(p.game().name == name for p in list(lib.values())[:5])
        assert all(set(p.themes) <= set(book.THEMES) for p in lib.values())
    from tigris_widget.games.tigris.puzzles.description import THEMES

    assert set(game_module("tigris").puzzle_book().THEMES) == set(THEMES)


def test_select_by_theme_in_ur() -> None:
    themes = Counter(t for p in _ur() for t in p.themes)
    theme = themes.most_common(1)[0][0]
    chosen = select(theme=theme, game="ur")
    assert chosen and all(theme in p.themes for p in chosen)
    with pytest.raises(ValueError, match="unknown theme 'revolt'"):
        select(theme="revolt", game="ur")


# -- command line -----------------------------------------------------------------------------------
def test_cli_lists_ur_puzzles_with_game_ur(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzles", "list", "--game", "ur", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == len(library("ur")) >= 25
    for row in rows:
        assert row["game"] == "ur" and row["id"].startswith("u-") and row["goal"] and row["to_play"].startswith("P")
        assert {"id", "title", "source", "themes", "difficulty", "label", "players"} <= set(row)
    assert main(["puzzles", "list", "--json"]) == 0  # without --game: T&E's list, as before
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == len(library()) and not any("game" in r for r in rows)
    assert {"board", "variants", "to_play"} <= set(rows[0])


def test_cli_show_verify_themes_for_ur(capsys: pytest.CaptureFixture[str]) -> None:
    key = _ur()[0].key
    assert main(["puzzles", "show", key, "--game", "ur"]) == 0
    out = capsys.readouterr().out
    assert key in out and "to move: P" in out and "Solution:" in out and "Search:" in out
    assert main(["puzzles", "verify", key, "--game", "ur"]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out
    assert main(["puzzles", "themes", "--game", "ur"]) == 0
    assert "War: conquer a neighbour's tile" in capsys.readouterr().out
    assert main(["puzzles", "show", key]) == 2  # an Ur id is no T&E puzzle
    assert "--game" not in capsys.readouterr().err
    assert main(["puzzles", "list", "--game", "chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


def test_cli_refuses_t_and_e_mining_options_for_ur(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzles", "mine", "--game", "ur", "--games", "1", "--workers", "2", "--quiet"]) == 2
    assert "one process" in capsys.readouterr().err


def test_widgets_refuse_unknown_games_and_puzzles() -> None:
    from tigris_widget.jupyter.puzzle_board import PuzzleBoard
    from tigris_widget.jupyter.puzzle_browser import PuzzleBrowser

    with pytest.raises(ValueError, match="unknown game 'chess'"):
        PuzzleBrowser(game="chess")
    with pytest.raises(ValueError, match="unknown theme 'revolt'"):
        PuzzleBrowser(theme="revolt", game="ur")
    with pytest.raises(ValueError, match="unknown puzzle 'u-nothing'"):
        PuzzleBoard("u-nothing")
    board = PuzzleBoard(_ur()[0].key)  # an Ur id is found in Ur's library
    assert board.puzzle.game().name == "ur" and board.who == f"P{board.puzzle.seat}"
