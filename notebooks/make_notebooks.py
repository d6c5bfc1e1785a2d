"""Write (and execute) the tutorial notebooks 02–05 from the cell lists below.

    python notebooks/make_notebooks.py            # write and execute, keeping outputs (SVG boards)
    python notebooks/make_notebooks.py --no-run   # write without outputs

The cells live here so that reviews read as plain text; the .ipynb files are what users open.
Each board is shown as a live widget in Jupyter and, where widgets do not run (GitHub,
nbviewer), as the SVG picture stored with it. The test-suite executes every notebook.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).parent

RULES = [
    (
        "md",
        """# Learn Tigris & Euphrates, step by step

This notebook teaches the whole game on live boards. Each section sets up a small position,
plays the moves the rules talk about, and lets the engine narrate what happened, with the rule
section it comes from (the whole rules reference is `docs/rules.md` in the project). Play on the boards too:
click a tile in a hand, then a highlighted square.""",
    ),
    (
        "code",
        """from tigris_widget import BoardWidget, Game, IllegalActionError
from tigris_widget.jupyter.lessons import lesson, tell""",
    ),
    (
        "md",
        """## 1. The board and the pieces (§1–§3)

The board has 16 × 11 squares crossed by two rivers. Ten starting temples (red) carry a treasure
each; the four framed ones are *special* treasures. Every player has four leaders — king (black),
priest (red), farmer (blue), trader (green) — six tiles hidden in hand and two catastrophes.""",
    ),
    (
        "code",
        """game = Game.new(players=2, seed=1)
BoardWidget(game)""",
    ),
    (
        "md",
        """## 2. Regions and kingdoms (§4)

Tiles and leaders that touch edge to edge form a **region**; a region with a leader is a
**kingdom**. Below, the archer's king and the temple and settlements next to him are one
kingdom; the two markets at the bottom left are a region without a leader.""",
    ),
    (
        "code",
        """game = lesson("kingdoms")
board = BoardWidget(game)
board.highlight(["(6,2)", "(7,2)", "(8,2)", "(6,3)"], "#e67e22")
board.caption("A kingdom: the king with his temple and settlements")
board""",
    ),
    (
        "md",
        """## 3. Positioning a leader (§6.1)

A leader goes on an empty land square **next to a temple**, and may not join two kingdoms.
The engine says which rule forbids a move:""",
    ),
    (
        "code",
        """try:
    game.apply("leader g (4,4)")
except IllegalActionError as problem:
    print(problem)
tell(game.apply("leader g (6,1)"))""",
    ),
    (
        "md",
        """## 4. Placing tiles, and who scores them (§6.2)

A tile placed in a kingdom scores one point **of its colour** for the owner of the leader of
that colour there. Without that leader, the **king** stands in. Farms (blue) go on rivers,
the other tiles on land. Here Pot places tiles into a kingdom with the archer's king and the
bull's priest:""",
    ),
    (
        "code",
        """game = lesson("scoring")
board = BoardWidget(game)
tell(game.play("tile r (1,4)", "tile g (4,4)"))""",
    ),
    ("code", """board"""),
    (
        "md",
        """The temple scored for the bull's priest; the market had no trader to score it, so the king
took the point — a green point for the archer.""",
    ),
    (
        "md",
        """## 5. Catastrophes, and leaders losing their temple (§6.3, §12)

A catastrophe destroys a tile (never one with a treasure, a leader or a monument) and blocks the
square for good. A leader with no temple next to him goes home.""",
    ),
    (
        "code",
        """game = lesson("catastrophe")
board = BoardWidget(game)
tell(game.apply("catastrophe (9,2)"))""",
    ),
    ("code", """board"""),
    (
        "md",
        """The fourth action, **swapping** (§6.4), discards any number of tiles face down and draws as
many. Two actions per turn, in any mix — or pass (§5).""",
    ),
    (
        "md",
        """## 6. Revolts (§8)

Placing a leader into a kingdom that already has a leader of his colour starts a **revolt**.
Both sides count the temples next to their own leader, then the attacker and then the defender
may add red tiles from hand. A tie goes to the defender; the winner gains one red point.""",
    ),
    (
        "code",
        """game = lesson("revolt")
board = BoardWidget(game)
tell(game.play("leader r (9,3)", "commit 2", "commit 3"))""",
    ),
    ("code", """board"""),
    (
        "md",
        """## 7. Wars (§9)

A tile that joins two kingdoms **unites** them; it scores nothing. Every colour with two leaders
in the united kingdom is a **war**, fought with the tiles of that colour on each side (the
unifying tile never counts). The active player chooses which war comes first.""",
    ),
    (
        "code",
        """game = lesson("war")
board = BoardWidget(game)
tell(game.apply("tile g (6,4)"))""",
    ),
    ("code", """game.decision"""),
    ("code", """tell(game.play("war g", "commit 4", "commit 1"))"""),
    ("code", """board"""),
    (
        "md",
        """The loser's leader and all his tiles of the war's colour leave the board; the winner scores
one point per removed tile plus one for the leader. Pot's king is now cut off from Lion's: the
second war has disappeared.""",
    ),
    (
        "md",
        """## 8. The priest-war exception (§9.8)

In a war of priests, temples that carry a treasure or touch another leader are **not** removed.""",
    ),
    (
        "code",
        """game = lesson("priest-war")
board = BoardWidget(game)
tell(game.play("tile r (5,4)", "commit 3", "commit 0"))""",
    ),
    ("code", """board"""),
    (
        "md",
        """## 9. Monuments (§10)

Four tiles of one colour in a square let the active player build a monument of that colour
(and one other). At the end of **his own** turns, a monument gives a point per colour for each
of his leaders of those colours in its kingdom. Flipped temples stop being temples (§12).""",
    ),
    (
        "code",
        """game = lesson("monument")
board = BoardWidget(game)
tell(game.play("tile r (9,5)", "monument rg (8,5)", "pass"))""",
    ),
    ("code", """board"""),
    (
        "md",
        """## 10. Treasures (§11)

When a kingdom holds two or more treasures and a trader, the trader's owner takes all but one —
the framed (special) treasures first.""",
    ),
    (
        "code",
        """game = lesson("treasure")
board = BoardWidget(game)
tell(game.apply("tile b (4,1)"))""",
    ),
    ("code", """board"""),
    (
        "md",
        """## 11. The end of a turn (§13)

After his actions the active player scores his monuments, then everyone refills to six tiles:
the active player first, then anyone who committed tiles in a conflict.""",
    ),
    (
        "code",
        """game = lesson("revolt")
game.play("leader r (9,3)", "commit 2", "commit 3")
before = [game.state.hand_size(p) for p in range(2)]
game.apply("pass")
print("hand sizes before and after the refill:", before, [game.state.hand_size(p) for p in range(2)])""",
    ),
    (
        "md",
        """## 12. The end of the game (§14)

The game ends when, at the end of a turn, only one or two treasures are left — or when the bag
cannot supply the tiles somebody must draw.""",
    ),
    (
        "code",
        """game = lesson("game-end")
board = BoardWidget(game)
tell(game.play("leader g (5,3)", "treasures (10,0)", "pass"))""",
    ),
    ("code", """board"""),
    (
        "md",
        """## 13. Final scoring (§15)

Treasures are wild points. A player's score is his **weakest colour**; ties are broken by the
second weakest, then the third, then the fourth.""",
    ),
    (
        "code",
        """game = lesson("final-scoring")
game.apply("pass")
for r in sorted(game.result, key=lambda r: r.rank):
    print(r.rank, r.dynasty.ljust(7), "colours", r.final, "→ score", r.score)""",
    ),
    (
        "md",
        """The archer has the most points in total (59) but finishes last: only the weakest colour counts.
Lion and bull tie on their two weakest colours; the third decides.""",
    ),
]

PUZZLES = [
    (
        "md",
        """# Puzzles

Each puzzle is a position, whose turn it is, and a goal for this turn. Play on the board; when an
opponent must decide (support in a conflict), the puzzle answers with the best defence. When
your turn is over, the verdict appears. **Hint** gives a clue, **Solution** shows a verified
solution, **Reset** starts again. Every solution here was checked by the engine's solver.""",
    ),
    (
        "code",
        """from tigris_widget.jupyter import PUZZLES, PuzzleBoard

for key, p in PUZZLES.items():
    print(f"{'★' * p.difficulty:<3} {key:<18} {p.title} — {p.goal.text}")""",
    ),
    *[
        item
        for key, title in [
            ("kings-substitute", "The king's substitute"),
            ("first-revolt", "Win your first revolt"),
            ("treasure-hunt", "Treasure hunt"),
            ("catastrophe", "Cut off the king"),
            ("king-revolt", "Temples decide every revolt"),
            ("monument-choice", "Choose the right monument"),
            ("war-supporters", "Keep your markets for the fight"),
            ("weakest-colour", "Lift the weakest colour"),
            ("priest-war", "Protected temples"),
            ("ziggurat", "A point of any colour"),
            ("market-hall", "Double points"),
            ("king-at-monument", "The king and the monument"),
        ]
        for item in (("md", f"## {title}"), ("code", f'PuzzleBoard("{key}")'))
    ],
    (
        "md",
        """## Checking a solution from Python

A puzzle can also be solved in code: play moves on `puzzle.game()` and ask `puzzle.check`.""",
    ),
    (
        "code",
        """puzzle = PUZZLES["first-revolt"]
game = puzzle.game()
game.play("leader r (9,3)", "commit 1")
game.apply(puzzle.reply(game))          # Pot defends as well as he can
puzzle.check(game)""",
    ),
]

BOTS = [
    (
        "md",
        """# Inside the bots

Three bots play here: **random**, **greedy** (one move ahead, with a heuristic that knows the
weakest colour decides) and **search** (information-set Monte Carlo tree search: it samples the
hands it cannot see, so it never cheats). The inspector shows what the search bot thinks about a
decision while it thinks.""",
    ),
    (
        "code",
        """from tigris_widget import Game
from tigris_widget.jupyter import BotInspector
from tigris_widget.jupyter.lessons import lesson""",
    ),
    (
        "md",
        """## A decision at the start of a game

The heatmap shows how good each placement of the chosen tile colour (or leader) looks; the table
lists the candidates with their visits, value (win chance), prior and what the bot expects to
follow. Pick a candidate to see it on the board; **What if** plays it on a copy.""",
    ),
    (
        "code",
        """game = Game.new(players=2, seed=7)
inspector = BotInspector(game)
analysis = inspector.think(iterations=300)
inspector""",
    ),
    (
        "code",
        """print("best:", analysis["best"], "value", analysis["value"])
print("expected points at the end:", analysis["expected_score"]["colours"], "weakest:", analysis["expected_score"]["weakest"])""",
    ),
    (
        "md",
        """## Why the bot commits the support it does

In a revolt the bot knows its own hand and the board, but not the defender's hand. For each
number of temples it could commit, it estimates the chance of winning over the hands the
defender might hold.""",
    ),
    (
        "code",
        """game = lesson("revolt")
game.apply("leader r (9,3)")            # now the archer must decide how many temples to commit
inspector = BotInspector(game)
analysis = inspector.think(iterations=200)
for level in analysis["conflict"]["levels"]:
    print(f"commit {level['commit']}: wins {100 * level['win_probability']:.0f}% of sampled hands")
inspector""",
    ),
    (
        "md",
        """## A fair bot and a cheating one

A *cheating* analysis sees the defender's real hand. Here the bull really holds three temples, so
committing two can never win — the fair bot could only estimate that.""",
    ),
    (
        "code",
        """inspector.cheating.value = True
cheat = inspector.think(iterations=200)
for level in cheat["conflict"]["levels"]:
    print(f"commit {level['commit']}: wins {100 * level['win_probability']:.0f}% (cheating)")""",
    ),
    (
        "md",
        """## Play against the search bot

Your board shows only your own hand. The bot answers one action at a time; **Hint** lets the
search bot analyse your decision, with its heatmap on the board.""",
    ),
    (
        "code",
        """from tigris_widget.bots.search import SearchBot
from tigris_widget.jupyter import BotMatch

match = BotMatch(Game.new(players=2, seed=3, start_player=0), seat=0, opponents=SearchBot(iterations=200))
match""",
    ),
    (
        "md",
        """## A whole game, with the bot's evaluation

A game between the greedy bot (archer) and the random bot (bull). Step through it; the lower chart
is the search bot's estimate of the archer's chance to win at the start of each turn. (Use
`python -m tigris_widget tournament` for measured strength; see `docs/bots.md`.)""",
    ),
    (
        "code",
        """from tigris_widget.cli import play_game
from tigris_widget.jupyter import GameStepper
from tigris_widget.jupyter.inspect import evaluation_over_game

game = play_game(2, 11, "classic", "", ["greedy", "random"])
print([(r.dynasty, r.score, r.rank) for r in game.result])
GameStepper(game, evaluation=evaluation_over_game(game, seat=0, iterations=40))""",
    ),
]

VARIANTS = [
    (
        "md",
        """# Variants and the alternative board

Three ways to vary the game, each a switch on `Game.new`: the **alternative board side** (14
treasures), **civilization buildings** (§17) and the **ziggurat** (§18). They combine freely.""",
    ),
    (
        "code",
        """from tigris_widget import BoardWidget, Game
from tigris_widget.jupyter.lessons import lesson, tell""",
    ),
    (
        "md",
        """## The alternative board (§2.3)

Fourteen starting temples; the six treasures outside the area between the rivers are the framed
ones a trader must take first.""",
    ),
    (
        "code",
        """game = Game.new(players=3, seed=2, board="alternative")
BoardWidget(game)""",
    ),
    (
        "md",
        """## Civilization buildings (§17)

Three tiles of one colour in a straight line earn that colour's building (palace, library,
granary, market hall). Tiles placed in its kingdom then score **double**, the building's tile
cannot be destroyed by a catastrophe and survives wars, and a longer line can attract it later.""",
    ),
    (
        "code",
        """game = lesson("buildings")
board = BoardWidget(game)
tell(game.play("tile g (5,5)", "building g (4,5)", "tile g (6,5)"))""",
    ),
    ("code", """board"""),
    (
        "md",
        """## The ziggurat (§18)

Five tiles of one colour in a cross can become the ziggurat. While it is in a kingdom with your
king, every one of your turns ends with a point of the colour you choose — the perfect patch for
your weakest colour.""",
    ),
    (
        "code",
        """game = lesson("ziggurat")
board = BoardWidget(game)
tell(game.play("tile k (6,4)", "ziggurat (6,4)", "pass", "bonus b"))""",
    ),
    ("code", """board"""),
    (
        "md",
        """## All together

A game with both variants on the alternative board, played by two greedy bots.""",
    ),
    (
        "code",
        """from tigris_widget.cli import play_game

game = play_game(2, 4, "alternative", "buildings,ziggurat", ["greedy"])
print([(r.dynasty, r.final, r.score) for r in game.result])
BoardWidget(game)""",
    ),
]

NOTEBOOKS = {
    "02_learn_the_rules.ipynb": RULES,
    "03_puzzles.ipynb": PUZZLES,
    "04_inside_the_bots.ipynb": BOTS,
    "05_variants.ipynb": VARIANTS,
}


def build(name: str, cells: list[tuple[str, str]]) -> nbformat.NotebookNode:
    nb = new_notebook(cells=[new_markdown_cell(t) if k == "md" else new_code_cell(t) for k, t in cells])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    return nb


def main(run: bool = True) -> None:
    for name, cells in NOTEBOOKS.items():
        nb = build(name, cells)
        if run:
            from nbclient import NotebookClient

            NotebookClient(
                nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(HERE)}}
            ).execute()
            nb.metadata.pop("widgets", None)  # live widgets need a kernel; the stored outputs keep the SVG
        nbformat.write(nb, HERE / name)
        print("wrote", name)


if __name__ == "__main__":
    main(run="--no-run" not in sys.argv)
