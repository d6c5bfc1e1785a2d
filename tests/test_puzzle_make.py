"""Puzzles of your own (``puzzles.make``): a position and a goal, checked by the game's solver at once —
a sound one comes back with its report, an unsound one is refused naming the check it fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tigris_widget.cli import main
from tigris_widget.core.editor import Editor
from tigris_widget.core.protocol import PuzzleLike
from tigris_widget.core.puzzle import goal_spec
from tigris_widget.games.ur.engine import apply_unchecked, legal_actions
from tigris_widget.games.ur.puzzles.goals import UrGoal, UrPuzzle, reachable
from tigris_widget.puzzles.library import library
from tigris_widget.puzzles.make import goal_kinds, make_puzzle, puzzle_report
from tigris_widget.puzzles.saved import load_puzzles, save_puzzles

TIGRIS_KEY = "m-6e353d84"
"""A mined T&E puzzle with one action left: Archer wins a revolt against Bull's trader."""
UR_KEY = "u-34f2db1a"
"""A mined Ur puzzle (39 points: one free cube, then the spare) whose solution is the policy-first search's line."""


def _shipped(game: str) -> PuzzleLike:
    return library(game)[TIGRIS_KEY if game == "tigris" else UR_KEY]


def _goal(puzzle: PuzzleLike) -> dict[str, object]:
    spec = puzzle.goal.to_spec() if hasattr(puzzle.goal, "to_spec") else dict(puzzle.goal.spec)  # type: ignore[attr-defined]
    return dict(spec)


@pytest.fixture(scope="module")
def made() -> dict[str, PuzzleLike]:
    return {game: make_puzzle(_shipped(game).position, _goal(_shipped(game)), game=game) for game in ("tigris", "ur")}


@pytest.mark.parametrize("game", ["tigris", "ur"])
def test_a_shipped_puzzle_remade_from_its_position_agrees_with_its_solution(
    game: str, made: dict[str, PuzzleLike]
) -> None:
    shipped, puzzle = _shipped(game), made[game]
    report = puzzle_report(puzzle)
    assert report.solution == shipped.solution == puzzle.solution
    assert report.unique_first_step is True
    assert report.line[: len(report.solution)][0] == shipped.solution[0]
    assert set(report.themes) <= set(shipped.themes) | {"support", "extra-cube"} and report.themes
    assert 600 <= report.rating <= 2200 and puzzle.elo == report.rating
    assert puzzle.source == "hand-made" and puzzle.title and puzzle.goal.text == shipped.goal.text
    assert puzzle.check(puzzle.play_solution()).status == "solved"  # type: ignore[attr-defined]


def test_an_editor_and_a_game_make_the_same_puzzle_as_the_text(made: dict[str, PuzzleLike]) -> None:
    shipped = _shipped("tigris")
    editor = Editor.from_position("tigris", shipped.position)
    by_editor = editor.make_puzzle(_goal(shipped), title="My revolt")
    assert by_editor.title == "My revolt" and by_editor.key == made["tigris"].key
    assert puzzle_report(by_editor) == puzzle_report(made["tigris"])  # the method is make_puzzle's path
    ur = Editor.from_position("ur", _shipped("ur").position).make_puzzle(_goal(_shipped("ur")))
    assert puzzle_report(ur) == puzzle_report(made["ur"])
    by_game = make_puzzle(shipped.game(), "win_conflict victim=1 colour=green")  # type: ignore[attr-defined]
    assert by_game.solution == shipped.solution and "Bull's trader" in by_game.goal.text


@pytest.mark.parametrize(
    ("game", "goal", "words"),
    [
        (
            "tigris",
            "gain_total points=0",
            "not a puzzle: doing nothing already wins — Archer meets the goal by passing",
        ),
        ("ur", "points points=0", "not a puzzle: doing nothing already wins — P0's plain turn"),
        ("tigris", "gain colour=red points=9", "not a puzzle: the goal cannot be forced — against the best defence"),
        ("ur", "points points=60", "not a puzzle: the goal cannot be met — no line of P0's turn reaches it"),
        ("tigris", "flub", "bad goal: .*flub"),
        ("ur", "points points=many", "bad goal: .*points must be an int"),
        ("tigris", "gain colour", "'colour' is not key=value"),
        ("ur", '{"kind": "points"', "the goal is not valid JSON"),
    ],
)
def test_an_unsound_puzzle_or_a_bad_goal_is_refused_naming_why(game: str, goal: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make_puzzle(_shipped(game).position, goal, game=game)


def test_the_unsolvable_refusal_says_what_the_best_line_reaches() -> None:
    with pytest.raises(ValueError, match="That line scores 1 red point; the goal is 9"):
        make_puzzle(_shipped("tigris").position, {"kind": "gain", "colour": "red", "points": 9}, game="tigris")


def test_a_position_with_problems_is_refused_naming_each() -> None:
    editor = Editor.from_position("tigris", _shipped("tigris").position)
    editor.set("hand:archer", "k" * 13)
    with pytest.raises(ValueError, match=r"not valid .*archer holds 13 tiles"):
        editor.make_puzzle("gain_total points=2")
    ur = Editor.from_position("ur", _shipped("ur").position)
    ur.place((0, 0), "P0x6")
    with pytest.raises(ValueError, match=r"a tile holds 1\.\.5 cubes, not 6"):
        make_puzzle(ur, "points points=40")
    with pytest.raises(ValueError, match="needs its game"):
        make_puzzle(_shipped("ur").position, "points points=40")
    with pytest.raises(ValueError, match="position is of ur, not tigris"):
        make_puzzle(ur, "points points=40", game="tigris")
    with pytest.raises(ValueError, match="seat 1 is not to play: the position has Archer"):
        make_puzzle(_shipped("tigris").position, "gain_total points=2", game="tigris", seat=1)
    with pytest.raises(ValueError, match="in the setup, not in play"):
        Editor.new("ur", players=3, seed=1).make_puzzle("points points=3")
    with pytest.raises(ValueError, match="royal has no puzzles"):
        make_puzzle("anything", "points points=1", game="royal")


def test_a_first_step_that_is_not_the_only_one_is_reported() -> None:
    shipped = library("ur")[UR_KEY]
    assert isinstance(shipped, UrPuzzle)
    # two points fewer than the shipped goal: the shipped cube still reaches it, and so does another
    report = puzzle_report(make_puzzle(shipped.position, "points points=37", game="ur"))
    assert report.unique_first_step is False and report.solution == shipped.solution
    start = shipped.game().state
    others = []
    for step in legal_actions(start):
        if str(step) != report.solution[0]:
            after_it = start.clone()
            apply_unchecked(after_it, step)
            if reachable(after_it, start, start.active, UrGoal.from_spec({"kind": "points", "points": 37})):
                others.append(str(step))
    assert others  # another first step from which some line of the turn meets the goal


def test_goal_kinds_are_the_games_own() -> None:
    tigris, ur = goal_kinds("tigris"), goal_kinds("ur")
    assert {spec.split()[0] for spec in tigris} == {
        "gain", "gain_total", "treasures", "monuments", "weakest", "send_home", "win_conflict", "building",
        "ziggurat", "ziggurat_bonus",
    }  # fmt: skip
    assert {spec.split()[0] for spec in ur} == {"points", "lead", "own", "rival", "ziggurats", "cubes", "all"}
    assert all(text for text in [*tigris.values(), *ur.values()])
    assert goal_spec("own cell=3 from=-1") == {"kind": "own", "cell": 3, "from": -1}
    with pytest.raises(ValueError, match="has no puzzles"):
        goal_kinds("royal")


def test_made_puzzles_round_trip_and_play(tmp_path: Path, made: dict[str, PuzzleLike]) -> None:
    from tigris_widget.jupyter.puzzle_board import PuzzleBoard
    from tigris_widget.jupyter.puzzle_browser import PuzzleBrowser

    path = tmp_path / "mine.json"
    save_puzzles(path, made.values())
    loaded = load_puzzles(path)
    assert loaded.problems == [] and [p.key for p in loaded] == [p.key for p in made.values()]
    for puzzle in loaded:
        assert puzzle_report(puzzle) == puzzle_report(made[puzzle.game().name])
        board = PuzzleBoard(puzzle)
        moves = list(puzzle.solution)
        while board.verdict == "playing":
            board.board.play(moves.pop(0))
        assert board.verdict == "solved"
    browser = PuzzleBrowser(library=path)
    assert {p.key for p in browser.candidates()} == {p.key for p in made.values()}
    browser.show(made["ur"].key)
    assert browser.current.puzzle.key == made["ur"].key and browser.current.board.game.name == "ur"
    with pytest.raises(ValueError, match="not made by make_puzzle"):
        puzzle_report(_shipped("ur"))


def test_cli_make_saves_show_reads_and_refusals_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    position, library_file = tmp_path / "pos.txt", tmp_path / "mine.json"
    position.write_text(_shipped("ur").position, encoding="utf-8")
    goal = f"points points={_goal(_shipped('ur'))['points']}"
    base = ["puzzles", "make", "--game", "ur", "--position", str(position)]
    assert main([*base, "--goal", goal, "--title", "Cubes", "--save", str(library_file)]) == 0
    out = capsys.readouterr().out
    assert "Unique first step: yes" in out and "Solution: cube (3,4), exchange spare" in out and "now 1 puzzle" in out
    key = load_puzzles(library_file).puzzles[0].key
    assert main(["puzzles", "show", key, "--library", str(library_file)]) == 0
    assert "Cubes" in capsys.readouterr().out
    assert main([*base, "--goal", goal, "--save", str(library_file)]) == 2
    assert "already holds this puzzle" in capsys.readouterr().err
    assert main(["puzzles", "make", "--game", "ur", "--goal", "help"]) == 0  # no position needed for the list
    assert "own cell=C from=S" in capsys.readouterr().out
    refusals = {
        "bad goal": [*base, "--goal", "nonsense"],
        "needs --position FILE": ["puzzles", "make", "--game", "ur", "--goal", goal],
        "doing nothing already wins": [*base, "--goal", "points points=0"],
        "cannot read the position file": [
            "puzzles",
            "make",
            "--game",
            "ur",
            "--position",
            str(tmp_path / "none"),
            "--goal",
            goal,
        ],
        "the header needs": ["puzzles", "make", "--game", "ur", "--position", str(library_file), "--goal", goal],
    }
    for words, argv in refusals.items():
        assert main(argv) == 2, words
        err = capsys.readouterr().err
        assert err.startswith("error: ") and words in err, err
    assert len(load_puzzles(library_file)) == 1  # no refusal touched the library
