"""A puzzle as ONE self-contained HTML page a student solves in any browser, without Python and
without network (it opens from ``file://``):

    puzzle.to_html("revolt.html")

The page holds the widget's canvas board (the built ``widget.js`` inlined) and every line of the
puzzle's turn judged in advance (``render.puzzle_tree``: each view a patch of another, then packed
like a replay); the board's ``openPuzzle`` walks it: each click on a legal target is a step, judged
✓/✗/? with the message ``Puzzle.judge`` gives, and the whole try with ``Puzzle.check``'s; Hint,
Solution (played on the board), Step back and Retry. Only the puzzle seat's own view is stored: no
hand it may not see.
"""

from __future__ import annotations

import html
import os
from pathlib import Path
from typing import Any

from tigris_widget.core.protocol import PuzzleLike
from tigris_widget.render.html import Opener, self_contained_page
from tigris_widget.render.patches import patched
from tigris_widget.render.puzzle_tree import PuzzleTree, TreeTooBig, hints
from tigris_widget.render.replay import pack

MAX_PAGE_BYTES = 1_500_000
"""The largest page written: a puzzle whose judged lines do not fit is refused, naming the size."""

_STYLE = """body { margin: 16px; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2328; background: #fff; }
@media (prefers-color-scheme: dark) { body { background: #1e1e1e; color: #e6e6e6; } }
.tw-pp { display: flex; flex-flow: row-reverse wrap; gap: 16px; align-items: flex-start; }
.tw-pp-board { flex: 1 1 560px; min-width: 0; }
.tw-pp-panel { flex: 0 1 330px; min-width: 240px; line-height: 1.45; }
.tw-pp-title { font-size: 20px; margin: 0 0 2px; }
.tw-pp-label { margin: 0 0 8px; opacity: .75; font-size: 13px; }
.tw-pp-goal { margin: 0 0 10px; }
.tw-pp-judgement { margin: 8px 0; padding: 4px 8px; border-left: 4px solid transparent; min-height: 1.45em; }
.tw-pp-judgement:empty { display: none; }
.tw-pp-judgement[data-judgement="good"] { border-color: #2e8b57; background: #2e8b571f; }
.tw-pp-judgement[data-judgement="bad"] { border-color: #c0392b; background: #c0392b1f; }
.tw-pp-judgement[data-judgement="unclear"] { border-color: #8a6d00; background: #8a6d001f; }
[data-judgement="good"] .tw-pp-mark, [data-end="solved"] b { color: #2e8b57; }
[data-judgement="bad"] .tw-pp-mark, [data-end="failed"] b { color: #c0392b; }
[data-judgement="unclear"] .tw-pp-mark { color: #8a6d00; }
@media (prefers-color-scheme: dark) {
  [data-judgement="good"] .tw-pp-mark, [data-end="solved"] b { color: #5fd38d; }
  [data-judgement="bad"] .tw-pp-mark, [data-end="failed"] b { color: #ff7b6b; }
  [data-judgement="unclear"] .tw-pp-mark { color: #e0b84a; }
}
.tw-pp-buttons { display: flex; flex-wrap: wrap; gap: 6px; margin: 8px 0; }
.tw-pp-button { font: inherit; padding: 4px 9px; border-radius: 4px; border: 1px solid #8888; background: #8881;
  color: inherit; cursor: pointer; }
.tw-pp-button:hover { background: #8883; }
.tw-pp-button[hidden] { display: none; }
.tw-pp-status p { margin: 6px 0; }
.tw-pp-status code { font-size: 13px; }
.tw-pp-note { opacity: .7; font-size: 12px; margin-top: 16px; }"""

PUZZLE = Opener("openPuzzle", "puzzle", "tigrisPuzzle", "puzzleReady", "puzzle")

NOTE = (
    "Click the board to play your steps (or use the arrow keys and Enter on it). Each step is judged at once: "
    "✓ still on course, ✗ the goal can no longer be met this turn, ? the solver cannot tell."
)


FOLLOW_PAGE_NOTE = (
    "This puzzle has too many lines to store them all: the page follows the solution's line and judges every "
    "step off it, but a line that leaves it and still works stops there."
)


def puzzle_data(puzzle: PuzzleLike, *, follow: bool = False) -> dict[str, Any]:
    """The page's data: the judged tree of the puzzle's turn (following only the solution's line with
    ``follow``, see ``PuzzleTree``) and the words around the board."""
    data = PuzzleTree(puzzle, follow=follow).data()
    seats = patched({}, data["views"][0][1]).get("seats") or []
    seat = puzzle.seat
    who = str(seats[seat]["name"]) if seat < len(seats) else f"Seat {seat}"
    return {
        **data,
        "title": puzzle.title,
        "who": who,
        "goal": puzzle.goal.text,
        "label": f"{puzzle.label} · {puzzle.elo}",
        "hints": hints(puzzle),
        "explanation": puzzle.explanation,
    }


def page_text(puzzle: PuzzleLike, packed: str, *, follows: bool = False) -> str:
    """The page of ``puzzle`` around its ``packed`` data (``puzzle_data``, packed; ``follows``: a tree
    that follows the solution's line, which the page says)."""
    notes = "".join(f'<p class="tw-pp-note">{html.escape(n)}</p>' for n in (NOTE, *([FOLLOW_PAGE_NOTE] * follows)))
    body = f'<div id="puzzle"></div>\n{notes}'
    return self_contained_page(html.escape(puzzle.title), _STYLE, body, PUZZLE, packed)


def puzzle_html(puzzle: PuzzleLike, *, limit: int = MAX_PAGE_BYTES) -> str:
    """The self-contained HTML page of ``puzzle``: every line of its turn judged, or, when they do not
    all fit, the solution's line with every step off it judged (``PuzzleTree``'s ``follow``).

    :raises ValueError: even the page that follows the solution would be larger than ``limit`` bytes or
        store more than ``puzzle_tree.MAX_NODES`` positions (the size is named).
    :raises FileNotFoundError: the front end is not built (``npm run build`` in js/).
    """
    try:
        return _sized(puzzle, page_text(puzzle, pack(puzzle_data(puzzle))), limit)
    except (TreeTooBig, PageTooLarge):
        pass  # every line does not fit: the solution's line does
    return _sized(puzzle, page_text(puzzle, pack(puzzle_data(puzzle, follow=True)), follows=True), limit)


class PageTooLarge(ValueError):
    """A page over its size limit."""


def _sized(puzzle: PuzzleLike, page: str, limit: int) -> str:
    size = len(page.encode("utf-8"))
    if size > limit:
        raise PageTooLarge(
            f"puzzle {puzzle.key}: its page would be {size / 1e6:.2f} MB, over the {limit / 1e6:.2f} MB limit "
            "(too many judged lines to store)"
        )
    return page


def write_puzzle_html(puzzle: PuzzleLike, path: str | Path) -> Path:
    """Write ``puzzle_html`` to ``path``; returns the path. ``ValueError`` naming the path when it is
    not a file name, is a directory or lies in a missing folder (checked before the lines are judged)."""
    if not isinstance(path, (str, os.PathLike)) or isinstance(path, bytes):
        raise ValueError(f"path must be a file name (a string or a Path), not {type(path).__name__}")
    out = Path(path)
    if out.is_dir():
        raise ValueError(f"{str(out)!r} is a directory: give the page a file name, e.g. {str(out / 'puzzle.html')!r}")
    if not out.parent.is_dir():
        raise ValueError(f"{str(out)!r}: the folder {str(out.parent)!r} does not exist")
    out.write_text(puzzle_html(puzzle), encoding="utf-8")
    return out
