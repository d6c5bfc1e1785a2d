"""The cells of notebooks/01_quick_start.ipynb: ("md" | "code", text) in order."""

CELLS: list[tuple[str, str]] = [
    (
        "md",
        """# Quick start: the board widget

A game of *Tigris & Euphrates* on a canvas board. Pick a tile from the hand (or press `k` `r` `b` `g`
with the board focused), then click a highlighted square. The log under the board explains every
action with its rule; `‹`/`›` (or `,`/`.`) step through the history.

The pictures below were stored with the notebook, so you can read it before running anything. Run
the cells (*Run → Run All Cells*) to turn them into live boards you can play on. A notebook you save
keeps a picture of each of its boards in the same way, and shows them when it is opened again.""",
    ),
    (
        "md",
        """## Install

Into your own Python environment (a virtual environment, conda, or your user site) — no root needed:

```bash
pip install ".[png]"     # from a clone of the repository; [png] adds PNG pictures (needs the cairo library)
jupyter lab              # then open this notebook
```

Installing from a clone builds the board's front end with Node.js 20; a source distribution of
tigris_widget (`python -m build --sdist`) carries it built and installs without Node. Where a C compiler
is present the rules engines are compiled and run faster; without one you get the same package in pure
Python. It works in JupyterLab, Notebook 7 and VS Code.""",
    ),
    (
        "code",
        """from tigris_widget import BoardWidget, Game

game = Game.new(players=3, seed=1)
w = BoardWidget(game)  # all-seeing: plays for whoever must decide
w""",
    ),
    (
        "md",
        """Changes made from Python show on the board at once, and the widget tells you about every action played:""",
    ),
    (
        "code",
        """played = []
w.on_action(played.append)
w.caption("Legal squares for the first temple are highlighted after picking a red tile")""",
    ),
    (
        "md",
        """Overlays for teaching or for showing a bot's analysis: highlighted squares, arrows, short labels, numbers per square (a heatmap, sent as binary float32) and a caption, shown here on a second board of the same game — one that only shows it (`playable=False`), so the
overlays stay off the board you play on. `clear_overlays()` removes them.""",
    ),
    (
        "code",
        """demo = BoardWidget(game, playable=False)  # a second view of the game: it shows, the first board plays
demo.highlight([(10, 0), (5, 2)], colour="orange")
demo.arrow((10, 0), (5, 2))
demo.label((5, 2), "temple")
demo.show_heatmap({(6, 4): 0.8, (7, 4): 0.4, (8, 4): 0.1}, legend="example values", low="low", high="high")
demo""",
    ),
    (
        "md",
        """The same game seen by one player (only what that player may see), and a static picture for places where widgets do not run:""",
    ),
    (
        "code",
        """BoardWidget(game, seat=1)""",
    ),
    (
        "code",
        """game  # displays as an SVG picture (Game._repr_svg_)""",
    ),
    (
        "md",
        """## Playing from Python

Every click on the board is an action in the engine's text notation, and you can play the same
actions from Python: the board follows. `game.decision` says who must decide what, and lists the
legal choices.""",
    ),
    (
        "code",
        """second = Game.new(players=2, seed=4)
board = BoardWidget(second)
second.decision""",
    ),
    (
        "code",
        """for event in second.play(second.legal_actions()[0], "pass"):
    print(event)
board""",
    ),
    (
        "md",
        """## Sharing a notebook

Saved as it is, a notebook keeps a picture of every board: whoever opens it sees the boards as they
were, on GitHub and nbviewer too, and running the cells brings them back to life. To let readers step
through a board's game without Python, make the boards embed their game's moves, once, at the top of
a notebook you will share:""",
    ),
    (
        "code",
        """BoardWidget.embed_history_default = True  # every board made from here on keeps its game's moves
BoardWidget(second)""",
    ),
    (
        "md",
        """Then keep the widget state when saving — in JupyterLab tick *Settings → Save Widget State
Automatically*, run the notebook, save, and *File → Save and Export Notebook As → HTML* — or let
`jupyter nbconvert --to html --execute shared.ipynb` run and export it. `game.to_html("game.html")`
writes one game as a page that needs no network at all.""",
    ),
]
