"""The cells of notebooks/05_variants.ipynb: ("md" | "code", text) in order."""

CELLS: list[tuple[str, str]] = [
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
        """from tigris_widget.cli import play_any

game = play_any("tigris", 2, 4, {"board": "alternative", "variants": "buildings,ziggurat"}, ["greedy"])
for r in game.result:  # the score is the weakest colour
    black, red, blue, green = r.final
    print(f"{r.dynasty} {r.score}: black {black}, red {red}, blue {blue}, green {green}")
BoardWidget(game)""",
    ),
    (
        "md",
        """## Practise the variants

The puzzle library holds positions from games with the variants where one move builds or moves a
civilization building, doubles your points, raises the ziggurat or takes its bonus. Pick the tile;
the engine checks your answer against every defence. Switch the theme to `ziggurat` for the others.""",
    ),
    ("code", """from tigris_widget import PuzzleBrowser

PuzzleBrowser(theme="buildings", rating=1000)"""),
]
