"""The cells of notebooks/03_puzzles.ipynb: ("md" | "code", text) in order."""

CELLS: list[tuple[str, str]] = [
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
