"""``puzzle.to_html``: the puzzle page's embedded tree says what the Python puzzle says (each first step's
judgement, the whole try's verdict), every target the board offers is a step of the tree, no other
seat's hand is in the file, the page fits in 1.5 MB, and bad paths or sizes are refused by name."""

from __future__ import annotations

import base64
import gzip
import html
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tigris_widget.core.protocol import PuzzleLike
from tigris_widget.puzzles.library import library
from tigris_widget.render.puzzle_page import MAX_PAGE_BYTES, puzzle_data, puzzle_html
from tigris_widget.render.puzzle_tree import tree_views

PUZZLES = [("tigris", "priest-war"), ("ur", "u-5092510b")]


def embedded(text: str) -> dict[str, Any]:
    match = re.search(r'<script type="application/octet-stream" id="tw-data">([^<]*)</script>', text)
    assert match
    data: dict[str, Any] = json.loads(gzip.decompress(base64.b64decode(match.group(1))))
    return {**data, "views": tree_views(data)}  # each view whole, as the page makes it from its patch


@pytest.fixture(scope="module", params=PUZZLES, ids=[key for _, key in PUZZLES])
def page(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[PuzzleLike, Path]:
    game, key = request.param
    puzzle = library(game)[key]
    path = puzzle.to_html(tmp_path_factory.mktemp("page") / f"{key}.html")  # type: ignore[attr-defined]
    return puzzle, path


def played(puzzle: PuzzleLike, *actions: str) -> Any:
    """A try: the player's ``actions``, each followed by the other seats' answers (as PuzzleBoard plays them)."""
    game = puzzle.game()
    for action in actions:
        game.apply(action)
        while (reply := puzzle.reply(game)) is not None:
            game.apply(reply)
    return game


def deep_judge(puzzle: PuzzleLike, game: Any) -> Any:
    """``puzzle.judge`` with room for a deep look-ahead: Ur's judge once followed some lines of a turn
    past Python's default recursion limit (a RecursionError; the page's tree asks again the same way)."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(20_000)
    try:
        return puzzle.judge(game)
    finally:
        sys.setrecursionlimit(limit)


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k != "pair":  # an Ur spare tile's faces, shown beside its action
                yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def test_the_page_fits_and_is_self_contained(page: tuple[PuzzleLike, Path]) -> None:
    puzzle, path = page
    text = path.read_text(encoding="utf-8")
    assert len(text.encode()) <= MAX_PAGE_BYTES
    assert "openPuzzle" in text and '<script type="application/octet-stream" id="tw-code">' in text
    assert not re.search(r"""<(script|link|img)[^>]+(src|href)=["']?https?:""", text)  # nothing fetched
    data = embedded(text)
    assert data["title"] == puzzle.title and data["goal"] == puzzle.goal.text
    assert data["solution"] == list(puzzle.solution)


def test_every_first_step_is_judged_as_the_python_puzzle_judges_it(page: tuple[PuzzleLike, Path]) -> None:
    puzzle, path = page
    data = embedded(path.read_text(encoding="utf-8"))
    root = data["nodes"][0]
    legal = [str(a) for a in puzzle.game().legal_actions()]
    assert sorted(root["c"]) == sorted(legal)
    statuses = set()
    for action, index in root["c"].items():
        game = played(puzzle, action)
        node = data["nodes"][index]
        verdict = deep_judge(puzzle, game)
        assert node["j"] == [verdict.status, verdict.message], action
        statuses.add(verdict.status)
        check = puzzle.check(game)
        assert node.get("end") == (None if check.status == "playing" else [check.status, check.message]), action
        assert ("c" in node) == (check.status == "playing" and verdict.status == "good"), action
    assert {"good", "bad"} <= statuses  # a real choice: the page has right and wrong first steps


def test_the_solution_line_ends_solved_as_check_says(page: tuple[PuzzleLike, Path]) -> None:
    puzzle, path = page
    data = embedded(path.read_text(encoding="utf-8"))
    node = data["nodes"][0]
    for action in data["solution"]:
        node = data["nodes"][node["c"][action]]
        assert node["j"][0] == "good"
    check = puzzle.check(played(puzzle, *puzzle.solution))
    assert node["end"] == [check.status, check.message] and check.status == "solved"
    assert data["views"][node["v"]]["decision"]["prompt"].startswith("Puzzle solved")


def test_every_target_the_board_offers_is_a_step_of_the_tree(page: tuple[PuzzleLike, Path]) -> None:
    """A click on a highlighted square sends the target's text: it must find its child node."""
    _puzzle, path = page
    data = embedded(path.read_text(encoding="utf-8"))
    for node in data["nodes"]:
        targets = set(strings(data["views"][node["v"]]["targets"]))
        assert targets <= set(node.get("c", {})), targets - set(node.get("c", {}))
        if "c" in node:
            assert targets, "a node with steps offers them on the board"


def test_no_other_seat_s_hand_or_the_bag_is_in_the_page() -> None:
    puzzle = library("tigris")["priest-war"]
    data = embedded(puzzle_html(puzzle))
    hidden = 0
    for view in data["views"]:
        assert view["viewer"] == puzzle.seat
        body = view["body"]
        assert isinstance(body["bag"], int)  # a count, never the order
        for player in body["players"]:
            if player["seat"] != puzzle.seat:
                assert player["hand"] is None
                hidden += 1
            else:
                assert player["hand"] is not None  # the player sees his own tiles
    assert hidden == len(data["views"])
    # Bull's six black tiles appear nowhere as a hand (the puzzle's position has "bull: hand=kkkkkk")
    assert '"black":6' not in json.dumps(data, separators=(",", ":"))


def test_bad_paths_and_sizes_are_refused_by_name(tmp_path: Path) -> None:
    puzzle = library("ur")["u-5092510b"]  # a small tree: the size refusal builds it
    missing = tmp_path / "no-such-folder" / "p.html"
    with pytest.raises(ValueError, match=re.escape(str(tmp_path / "no-such-folder"))):
        puzzle.to_html(missing)
    with pytest.raises(ValueError, match=f"{re.escape(repr(str(tmp_path)))} is a directory"):
        puzzle.to_html(tmp_path)
    with pytest.raises(ValueError, match="must be a file name"):
        puzzle.to_html(3)  # type: ignore[arg-type]
    assert not list(tmp_path.iterdir())
    with pytest.raises(ValueError, match=r"u-5092510b: its page would be 0\.\d\d MB, over the 0\.01 MB limit"):
        puzzle_html(puzzle, limit=10_000)


def test_a_tree_too_big_for_a_page_is_refused_before_it_is_finished(monkeypatch: pytest.MonkeyPatch) -> None:
    from tigris_widget.render import puzzle_tree

    monkeypatch.setattr(puzzle_tree, "MAX_NODES", 5)
    with pytest.raises(
        ValueError, match=r"u-5092510b: more than 5 positions to store even along the solution's line; its page would"
    ):
        puzzle_html(library("ur")["u-5092510b"])


def _answered(puzzle: Any, game: Any, action: str) -> Any:
    """``game`` with ``action`` played and the other seats' answers inside the turn, as the page's tree has it."""
    game.apply(action)
    while (reply := puzzle.reply(game)) is not None:
        game.apply(reply)
    return game


def test_a_puzzle_whose_lines_do_not_all_fit_gets_a_page_that_follows_the_solution(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """u-5092510b stores 278 positions with every line and 64 along the solution's; with room for 100
    the page follows the solution: its steps all judged as the puzzle judges them, a step off it that
    still works stops there saying so, a wrong one is judged wrong, and the page says what it does."""
    from tigris_widget.render import puzzle_tree
    from tigris_widget.render.puzzle_page import FOLLOW_PAGE_NOTE
    from tigris_widget.render.puzzle_tree import FOLLOW_NOTE

    puzzle = library("ur")["u-5092510b"]
    assert len(puzzle_data(puzzle)["nodes"]) == 278
    monkeypatch.setattr(puzzle_tree, "MAX_NODES", 100)
    page = puzzle_html(puzzle)
    assert html.escape(FOLLOW_PAGE_NOTE) in page
    data = puzzle_data(puzzle, follow=True)
    assert data["follows"] and len(data["nodes"]) == 64
    views = tree_views(data)
    node, game = data["nodes"][0], puzzle.game()
    for action in data["solution"]:
        kids = node["c"]
        for other, index in kids.items():
            child = data["nodes"][index]
            if other == action or "end" in child:
                continue
            trial = _answered(puzzle, game.clone(), other)
            status = puzzle.judge(trial).status
            assert child["j"][0] == status, other
            assert "c" not in child, f"{other}: a line off the solution is not grown"
            prompt = views[child["v"]]["decision"]["prompt"]
            assert (FOLLOW_NOTE in prompt) == (status == "good"), (other, prompt)
        game = _answered(puzzle, game, action)
        node = data["nodes"][kids[action]]
    assert node["end"][0] == "solved"
    assert any(data["nodes"][i]["j"][0] == "bad" for i in data["nodes"][0]["c"].values()), "a wrong first step"
