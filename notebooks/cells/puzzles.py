"""The cells of notebooks/03_puzzles.ipynb: ("md" | "code", text) in order."""

CELLS: list[tuple[str, str]] = [
    (
        "md",
        """# Puzzles

Each puzzle is a position, whose turn it is, and a goal for this turn. Play on the board; when an
opponent must decide (support in a conflict), the puzzle answers with the best defence. When
your turn is over, the verdict appears and the board stops taking moves: **Retry** starts again,
**Next** moves on. **Hint** gives a clue, **Solution** shows a verified solution. Every solution
here was checked by the engine's solver.

## The puzzle browser

Besides the twelve hand-made puzzles below, the library holds puzzles *mined* from games between
the bots: positions where exactly one move wins something concrete — a war or a revolt, a
monument, treasures, points in the weakest colour, an opponent's leader sent home — against
every defence. Puzzles show every hand, like a chess problem, and the defence uses the hands
shown. Choose a theme and a difficulty; your rating moves with each verdict (like Elo against the
puzzle's rating) and the streak counts the puzzles solved in a row.""",
    ),
    (
        "code",
        """from tigris_widget import PuzzleBrowser

browser = PuzzleBrowser(theme="revolt", level="easy", rating=1200)
browser""",
    ),
    (
        "md",
        """The library from Python: every puzzle has an id, themes, a rating and where it comes from
(`python -m tigris_widget puzzles list` prints the same from the command line).""",
    ),
    (
        "code",
        """import textwrap
from collections import Counter

from tigris_widget.puzzles.library import library, select

lib = library()
mined = [p for p in lib.values() if p.source == "mined"]
print(len(lib), "puzzles,", len(mined), "mined from games")
themes = Counter(t for p in mined for t in p.themes).most_common(8)
print(textwrap.fill("Themes: " + ", ".join(f"{t} {n}" for t, n in themes), 44))
for p in select(theme="monument")[:3]:
    print(textwrap.fill(f"{p.key} ({p.elo}, {p.label}): {p.title} — {p.goal.text}", 44, subsequent_indent="    "))""",
    ),
    (
        "md",
        """## Ur puzzles

The same browser serves Paolo Mori's *Ur*. Its puzzles were mined from games between the bots:
turn starts where the tree search finds one whole turn clearly better than every other (checked a
second time with a longer search), with a goal you can check on the board — points by the final
count, a tile won in a war, a lead, a rival held down — and only one way to it: no other first step,
and no other choice at the key moment, can still reach the goal. Solve by clicking the board: choose an
action or an extra cube, settle the allocations, then the exchange. Every step is judged at once
in the panel beside the board: ✓ the goal is still in reach, ✗ it no longer is (take the step back
or press Retry). When another player must share out a short culture action inside your turn, he
answers with the bots' usual choice.""",
    ),
    (
        "code",
        """ur_browser = PuzzleBrowser(game="ur", rating=1200)
ur_browser""",
    ),
    (
        "md",
        """`python -m tigris_widget puzzles list --game ur` lists them from the command line; one of
them, checked from Python:""",
    ),
    (
        "code",
        """ur_lib = library("ur")
ur_puzzle = next(iter(ur_lib.values()))
print(textwrap.fill(f"{len(ur_lib)} Ur puzzles; {ur_puzzle.title} — {ur_puzzle.goal.text}", 44))
game = ur_puzzle.game()
for step in ur_puzzle.solution:
    game.apply(step)
    while (answer := ur_puzzle.reply(game)) is not None:  # another player's share of a culture action
        game.apply(answer)
    print(f"{step:<24} {ur_puzzle.judge(game).status}")
ur_puzzle.check(game)""",
    ),
    (
        "md",
        """## The hand-made puzzles""",
    ),
    (
        "code",
        """from tigris_widget import PUZZLES, PuzzleBoard

for key, p in PUZZLES.items():
    print(textwrap.fill(f"{'★' * p.difficulty} {key}: {p.title} — {p.goal.text}", 44, subsequent_indent="    "))""",
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
        for item in (("md", f"### {title}"), ("code", f'PuzzleBoard("{key}")'))
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
