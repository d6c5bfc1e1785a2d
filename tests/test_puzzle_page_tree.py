"""The puzzle page's stored tree: views stored as patches (``render.patches``) make exactly the views the
board shows, and every line the tree stores is judged as ``puzzle.judge`` and ``puzzle.check`` judge it
(the whole tree of a small puzzle walked, not only its first steps)."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_puzzle_page import played  # a try, the other seats answering as the page's tree plays them
from tigris_widget.core.protocol import PuzzleLike
from tigris_widget.puzzles.library import library
from tigris_widget.render.patches import diff, patched
from tigris_widget.render.puzzle_tree import PuzzleTree, tree_views

SMALL = ("ur", "u-5092510b")  # 278 positions: small enough to walk every line


def text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["a", "b", "<", "#"]),
    lambda inner: (
        st.lists(inner, max_size=6) | st.dictionaries(st.sampled_from(["a", "b", "c", "<", "#"]), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(json_values, json_values)
def test_a_patch_makes_the_value_it_was_made_for(a: Any, b: Any) -> None:
    before = text(a)
    assert text(patched(a, diff(a, b))) == text(b)
    assert text(a) == before  # the base is not changed


def test_patches_are_small_for_a_moved_log_and_a_changed_cell() -> None:
    log = [{"ply": i, "text": f"step {i}"} for i in range(12)]
    a = {"log": log, "cells": [0] * 36, "turn": 3}
    b = {"log": [*log[1:], {"ply": 12, "text": "step 12"}], "cells": [0] * 35 + [1], "turn": 3}
    patch = diff(a, b)
    assert patch == {"log": {"<": 1, "#": 12, "11": [{"ply": 12, "text": "step 12"}]}, "cells": {"35": [1]}}
    assert diff(a, a) == {}
    with pytest.raises(ValueError, match="one value"):
        patched(a, [1, 2])


@pytest.fixture(scope="module")
def small() -> tuple[PuzzleLike, PuzzleTree, dict[str, Any]]:
    puzzle = library(SMALL[0])[SMALL[1]]
    tree = PuzzleTree(puzzle)
    return puzzle, tree, tree.data()


def test_the_stored_patches_make_every_view_the_tree_built(
    small: tuple[PuzzleLike, PuzzleTree, dict[str, Any]],
) -> None:
    _puzzle, tree, data = small
    made = tree_views(data)
    assert [text(v) for v in made] == [text(v) for v in tree.views]
    assert all(-1 <= base < i for i, (base, _patch) in enumerate(data["views"]))
    whole = len(text(tree.views))
    assert len(text(data["views"])) < whole / 4, "patches of a step's view store much less than whole views"


def test_every_stored_line_is_judged_as_the_python_puzzle_judges_it(
    small: tuple[PuzzleLike, PuzzleTree, dict[str, Any]],
) -> None:
    puzzle, _tree, data = small
    nodes, seen, lines = data["nodes"], set(), [(0, [])]
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(20_000)  # the judge's look-ahead can run deep (as the tree's own _judged allows)
    try:
        while lines:
            index, steps = lines.pop()
            node = nodes[index]
            if steps:
                game = played(puzzle, *steps)
                verdict, check = puzzle.judge(game), puzzle.check(game)
                assert node["j"] == [verdict.status, verdict.message], steps
                assert node.get("end") == (None if check.status == "playing" else [check.status, check.message]), steps
                assert ("c" in node) == (check.status == "playing" and verdict.status == "good"), steps
            if index in seen:
                continue
            seen.add(index)
            lines += [(child, [*steps, action]) for action, child in node.get("c", {}).items()]
    finally:
        sys.setrecursionlimit(limit)
    assert len(seen) == len(nodes)  # every node is on some line from the start
