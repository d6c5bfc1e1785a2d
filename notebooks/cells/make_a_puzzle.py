"""The cells of notebooks/07_make_a_puzzle.ipynb: ("md" | "code", text) in order."""

CELLS: list[tuple[str, str]] = [
    (
        "md",
        """# Make a puzzle of your own

A position from last night's game: Bull's priest stands between two temples, Archer has one action
left and two red tiles in hand. Can Archer send the priest home? This notebook sets that position up
on the board **by clicks**, checks that it is a real puzzle, keeps it in a library of your own and
writes it as one web page that a student solves in any browser, without Python.

The position editor: the board, the palette beside it (pieces, **Move**, **Remove**, **Undo**,
**Redo**) and, under it, everything that is not on the board (hands, scores, who is to move …).
Pick a piece, then click squares; the arrow keys and Enter work too.""",
    ),
    (
        "code",
        """from tigris_widget import PositionEditor

editor = PositionEditor("tigris", players=2, seed=3)   # a new game's setup; start=<a game or position text> also works
editor""",
    ),
    (
        "md",
        """## The position, click by click

Every button and click has a Python twin, so that this notebook can run from top to bottom:
`editor.select(piece)` is a click on a palette button, `editor.click(square)` a click on the board,
`editor.set(field, value)` a field under the board. The live editor above shows only the latest
position; `editor.snapshot(caption)` keeps a picture of each step.

First Bull's priest (`Br`: **B**ull's **r**ed leader) beside the starting temple on (5,2), and a
second temple on (6,3):""",
    ),
    (
        "code",
        """editor.select("Br")
editor.click((5, 3))
editor.select("r")
editor.click((6, 3))
editor.snapshot("Bull's priest on (5,3), between the temples on (5,2) and (6,3)")""",
    ),
    (
        "md",
        """## An impossible position is refused at its square

The editor judges every click by the rules of the game. A leader must stand beside a temple: put
Archer's king (`Ak`) in the open field and the square is framed, with the rule that forbids it, and
nothing is handed on — **Play from here**, **Analyse** and **Make a puzzle** wait until it is fixed.""",
    ),
    (
        "code",
        """editor.select("Ak")
editor.click((9, 5))
for problem in editor.editor.problems():
    print(editor.editor.describe(problem))
editor.snapshot("Archer's king with no temple beside him: framed, and refused")""",
    ),
    (
        "code",
        """editor.undo()                                   # the Undo button
print("problems:", editor.editor.problems())""",
    ),
    (
        "md",
        """## What is not on the board

The hands, and that Archer has one action left in this turn:""",
    ),
    (
        "code",
        """editor.set("hand:archer", "rrbbgg")
editor.set("hand:bull", "krbbgg")
editor.set("actions_left", 1)
print(editor.to_position())""",
    ),
    (
        "md",
        """`editor.to_code()` writes the same position as builder code, to paste into a notebook of yours;
`editor.game()` is a game that goes on from here.

## Make it a puzzle

Below the fields, **Make it a puzzle** lists the goals a puzzle of this game can have. The one here:
send Bull's priest home (Bull is seat 1). The solver checks at once that the goal can be forced against
every defence, that doing nothing misses it and whether only one first step works, and suggests a
rating and themes. A position that is no puzzle is refused, saying why.""",
    ),
    (
        "code",
        """from tigris_widget.puzzles.make import puzzle_report

puzzle = editor.make_puzzle("send_home victim=1 colour=red", title="Last night's priest")
print(puzzle_report(puzzle))""",
    ),
    (
        "code",
        """try:
    editor.make_puzzle("gain_total points=0")    # doing nothing already scores 0 points
except ValueError as refusal:
    print(refusal)""",
    ),
    (
        "md",
        """The puzzle opens on a puzzle board below the editor; here it is on its own. Play it: place the
priest where it is strongest, then support the revolt.""",
    ),
    (
        "code",
        """from tigris_widget import PuzzleBoard

PuzzleBoard(puzzle)""",
    ),
    (
        "md",
        """## A library of your own

`save_puzzles` writes puzzles of both games to one JSON file (its format is in `docs/puzzles.md`),
`load_puzzles` reads it back — a hand-edited file with a bad entry names the puzzle and the field, and
the other puzzles still load — and the puzzle browser opens it.""",
    ),
    (
        "code",
        """from tigris_widget import PuzzleBrowser
from tigris_widget.puzzles.saved import load_puzzles, save_puzzles

save_puzzles("my_puzzles.json", [puzzle])
print(load_puzzles("my_puzzles.json"))
PuzzleBrowser(library="my_puzzles.json")""",
    ),
    (
        "md",
        """## One page for a student without Python

`puzzle.to_html(path)` writes the puzzle as one web page: the board, the goal, the clicks for every
step, the verdict after each step (the solver's judgement of every line, worked out now and kept in
the page), **Hint**, **Solution** and **Retry**. It needs no network; send it, or put it on a web
site. It shows only what the player to move may see.""",
    ),
    (
        "code",
        """from pathlib import Path

page = puzzle.to_html("my_puzzle.html")
print(f"{Path(page).name}: {Path(page).stat().st_size / 1e6:.2f} MB")""",
    ),
    (
        "md",
        """## The same for Ur

The editor, the check and the page work the same for Paolo Mori's *Ur*: tiles with their face and
back, cubes per tile and seat, ziggurats, hands, the spare tiles and who is to move. Here a position
from a game between the bots, with a goal for the player to move: end the turn with at least 39 points
(the hand tile counted on its better side).""",
    ),
    (
        "code",
        """from tigris_widget.puzzles.library import library

start = library("ur")["u-34f2db1a"].position        # a position of a bots' game, as a text
ur_editor = PositionEditor("ur", start=start)
ur_editor""",
    ),
    (
        "code",
        """ur_puzzle = ur_editor.make_puzzle("points points=39", title="Thirty-nine points")
print(puzzle_report(ur_puzzle))""",
    ),
]
