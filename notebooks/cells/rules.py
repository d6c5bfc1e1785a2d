"""The cells of notebooks/02_learn_the_rules.ipynb: ("md" | "code", text) in order."""

CELLS: list[tuple[str, str]] = [
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
