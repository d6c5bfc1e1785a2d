"""The cells of notebooks/02_course_1_basics.ipynb: ("md" | "code", text) in order."""

R = "../docs/rules.md"

CELLS: list[tuple[str, str]] = [
    (
        "md",
        f"""# Learn Tigris & Euphrates — part 1 of 3: the board, the pieces, leaders and tiles

This course teaches the whole game, from the first turn to the final scoring, in three notebooks:

1. **this one** — what you are looking at, setting up, a turn, kingdoms, leaders and tiles;
2. [**part 2**](02_course_2_conflicts.ipynb) (`02_course_2_…`) — catastrophes, swapping, revolts and wars;
3. [**part 3**](02_course_3_monuments_and_the_end.ipynb) (`02_course_3_…`) — monuments,
   treasures, the end of a turn, the end of the game and the final scoring.

Every rule is shown as **before → action → after**: two pictures side by side, the squares that
matter framed in orange, each player's hand and points under each board (a changed number is
underlined and followed by its change in green, e.g. **1 (+1)**), the turn and the tiles left in the
bag, then the engine's own account of what happened, with the rule it applied. An action the engine
**refuses** changes nothing, so it is shown as **one** board with the engine's reason under it.
The rule codes (`§6.2`, `§8.5`, `§6.1 L4`, …) are sections of the project's rules reference,
[`docs/rules.md`]({R}), which has every detail: `§6.1 L4` is rule L4 of section 6.1. The course
states every rule whose code it prints, links it as it goes, and lists them all at the end of
[part 3](02_course_3_monuments_and_the_end.ipynb#8.-Every-rule-code-of-the-course). Run the
notebook (*Run → Run All Cells*) and a live board follows each picture: step through the move with
← and →, or play on. Until then, and where no kernel runs (GitHub, nbviewer, an exported page), a
picture of that board stands in for it. After each chapter there are short
**exercises** the engine checks; the hint and the solution are folded (click to open).""",
    ),
    (
        "code",
        """from tigris_widget import Game
from tigris_widget.jupyter.course import exercise, legend, picture, show_board, show_refusal, show_step
from tigris_widget.jupyter.lessons import lesson""",
    ),
    (
        "md",
        f"""## 1. The game in one paragraph

Two to four players build civilizations on a board crossed by two rivers. On your turn you take
**two actions** (fewer if you like): stand a leader on the board, lay a tile, drop a catastrophe,
or swap tiles. Tiles laid in a kingdom earn victory points (VP) in four colours — black, red, blue
and green. Leaders of the same colour fight **revolts** and **wars** when they meet in one kingdom.
Four equal tiles in a square make a **monument** that pays every turn; traders collect
**treasures**, which are wild points. At the end **only your weakest colour counts**, so the winner
is the player with the most balanced civilization. ([The game in brief]({R}#the-game-in-brief))""",
    ),
    (
        "md",
        f"""## 2. The pieces and symbols

The board has 16 columns (0–15, left to right) and 11 rows (0–10, top to bottom); a square is
written `(x,y)`, column first: `(5,2)` is column 5, row 2 ([§0.3]({R}#03-coordinates)). Light squares
are land, blue squares are river.

**"Next to" means sharing an edge.** Two squares are *next to* each other (*adjacent*, *touching*,
*beside*) when they share a side: up, down, left or right — at most four neighbours. Squares that
meet only at a corner are **not** next to each other. This holds for everything in the game: tiles
joining into regions, a leader standing next to a temple, a temple counting in a revolt
([§4 D1]({R}#4-d1--adjacent)). Every piece comes in one of four colours, and each colour has a
one-letter code used everywhere in this course: **`k` black**, **`r` red**, **`b` blue**,
**`g` green** (`k` for black, because `b` is blue).

| code | colour | tile | leader |
|---|---|---|---|
| `k` | black | settlement | king |
| `r` | red | temple | priest |
| `b` | blue | farm | farmer |
| `g` | green | market | trader |

Tiles are square; leaders are round. A leader's colour says which leader it is, and its symbol
and the **ring** around it say whose it is: every player owns one **dynasty** — Archer (bow, orange
ring), Bull (horns, magenta ring), Pot (a pot, teal ring) or Lion (a mane, violet ring) — with one
king, one priest, one farmer and one trader. Every piece below is drawn
by the same renderer as the boards of this course:""",
    ),
    ("code", "legend(\"tigris\")"),
    (
        "md",
        f"""What every mark in the pictures means:

* **Land in two beige shades** — a checkerboard that only helps you count squares; both shades are
  ordinary land. **Blue with waves** — river.
* **Face up, face down.** A tile normally lies **face up**: its colour and symbol show, and a face-up
  red tile is a **temple**. The only tiles ever turned **face down** are the four under a monument
  (part 3): drawn hatched brown under the monument, they have no colour any more — they still join
  regions but are no longer temples ([§4 D3]({R}#4-d3--colour-of-a-tile)).
* **Monument** — drawn over four squares: a large square **platform** (the background) and a stepped
  **tower** on it (the symbol). The platform shows the first of its two colours and the tower the
  second, in the order black, red, blue, green: the red/green monument has a red platform and a green
  tower, the black/blue one a black platform and a blue tower.
* **Treasure** (yellow diamond) — on a starting temple. A treasure whose temple is turned face down
  under a monument stays on its square, **hidden by the monument** in the pictures (the course labels
  it), and can still be collected like any other (part 3).
* **Gold double frame** — a special square. **Orange frame** — a square this course points at.
  **Pink frame on a pale yellow square** — a square the last turn changed (every action of it so
  far); a **pale yellow square with nothing on it** is one a leader left in that turn (he moved away
  or was withdrawn). **Purple dashed frame** — the two leaders of the revolt or war being fought (the
  attacker and the defender), while it waits for their commitments. **Ring with a star** — the
  unification marker (part 2). The coloured **ring around a leader** is his dynasty's colour; frames
  are square, rings are round. **Labels** in small white boxes are the course's notes.""",
    ),
    (
        "md",
        f"""## 3. Setting up, and how many can play

* **2, 3 or 4 players**; the rules are the same for all ([§3]({R}#3-setup)).
* The board has two sides (pictures below); this course uses the **classic** side.
  A red temple, face up, with a treasure on it stands on every square printed with a **winged bull**
  (the *starting temples*): 10 on the classic side, 14 on the alternative side. Some of them are
  *special* squares (**gold frame**), whose treasures must be taken first (part 3). On the classic
  side ([§2.2]({R}#22-classic-side-10-treasures)):
  * **starting temples (10):** `(10,0)`, `(1,1)`, `(15,1)`, `(5,2)`, `(13,4)`, `(8,6)`, `(1,7)`,
    `(14,8)`, `(5,9)`, `(10,10)`;
  * **special squares (4):** `(1,1)`, `(15,1)`, `(1,7)`, `(14,8)`;
  * **river squares (41):** row 0: columns 4–8 and 12; row 1: 4, 12; row 2: 3, 4, 12, 13;
    row 3: 0–3, 13–15; row 4: 14, 15; row 5: 14; row 6: 0–3, 12–14; row 7: 3–6, 12; row 8: 6–12.
    Every other square is land.

  The alternative side lists its 14 starting temples, 6 special squares and 39 river squares in
  [§2.3]({R}#23-alternative-side-14-treasures).
* Each player takes a dynasty: its **four leaders** stand in front of him — his **supply** — and
  **two catastrophe tiles**. There are **153 tiles in all** (30 black, 57 red, 36 blue, 30 green);
  the 10 starting temples are already on the board, so the **other 143** go into the bag, and each
  player draws **six tiles** from it, his hidden **hand**. With three players that leaves
  143 − 3 × 6 = **125** in the bag — the number on the status line below.
* **The start player**: the rules leave the choice to the table — traditionally whoever came back
  from a holiday most recently begins. The engine draws the start player at random (from the game's
  seed) unless you name one: `Game.new(players=3, start_player=2)`
  ([§3.7]({R}#37-the-start-player)). Play goes **clockwise** (to the left). The engine numbers the
  seats clockwise from 0 and starts a game with `Game.new(players=3, seed=1)`.

Here is a fresh three-player game, drawn with its **status lines** under the board — the same
information the live board shows in its side panel:""",
    ),
    ("code", "picture(\"tigris\", \"board-sides\")"),
    ("code", """show_board(Game.new(players=3, seed=1), status=True, caption="A new game for three players")"""),
    (
        "md",
        """How to read the status lines:

* **`Turn 1 · bag 125 · Archer: choose action 1 of 2 (or pass).`** — the turn number, the tiles
  left in the bag (153 − 10 temples on the board − 18 in the hands = 125), and who must decide
  what now.
* One line per player; **▶** marks the active player. **leaders in supply `krbg`** — the leaders
  still in front of the player (here all four: king, priest, farmer, trader); **catastrophes 2**;
  **hand** — the six tiles, by code (an opponent sees only how many you hold; the course shows
  every hand so you can follow the examples); **VP** — the points per colour, each with its
  colour's swatch and code (**■k** black, **■r** red, **■b** blue, **■g** green), then **◆** the
  treasures taken.

The **live board** (in Jupyter) shows the same in its **side panel**: at the top the turn, the
bag and the prompt, with buttons for the actions that need no square (withdraw, swap, pass); then
one box per player, the active one marked *to play*, with his four leaders (dimmed while on the
board), his catastrophes (`×2`), his hand tile by tile, and his points in four coloured boxes —
black, red, blue, green — followed by **◆** treasures. Under the board a slider and **« ‹ › »**
(or the arrow keys) step through the history, and the **log** lists every action with the
engine's explanation. On the board the **pink frame** marks the squares of the last turn — all of
its actions, so far — on a pale yellow ground.""",
    ),
    (
        "md",
        f"""### Writing actions: the notation

Every decision is a short line of text; the engine prints them, and you can type them
(`game.apply("tile r (5,4)")`) instead of clicking ([Action notation]({R}#action-notation-and-rule-options)).

| notation | meaning |
|---|---|
| `tile r (5,4)` | lay a tile of this colour from your hand on `(5,4)` |
| `leader g (9,3)` | stand your trader (from the supply) on `(9,3)` |
| `move g (9,3)` / `withdraw g` | move your trader on the board to `(9,3)` / take him back to the supply |
| `catastrophe (5,4)` | place a catastrophe tile |
| `swap rrb` | discard these tiles and draw as many |
| `pass` | end the turn now |
| `commit 3` | add 3 tiles from hand to a revolt or war |
| `war g` | fight the traders' war first |
| `monument rg (8,5)` / `decline` | build the red/green monument on the 2×2 square starting at `(8,5)` / build nothing |
| `treasures (1,1)` | take the treasure on `(1,1)` |""",
    ),
    (
        "md",
        f"""## 4. A turn: two actions

On his turn the active player takes **up to two actions**, in any mix, the same kind twice if he
likes ([§5]({R}#5-turn-structure)):

1. **position a leader** — place one from the supply, move one, or withdraw one;
2. **lay a civilization tile** from his hand;
3. **place a catastrophe**;
4. **swap** tiles from his hand with the bag.

He may stop early with `pass`. Each action is settled completely — conflicts, monuments,
treasures — before the next one. Then the turn ends: his monuments pay him, he refills his hand to
six tiles from the bag, and the player to his **left** (clockwise) is next. Below Archer stands his
king next to a starting temple and lays a settlement beside him; the status line moves to Bull:""",
    ),
    (
        "code",
        """show_step(
    Game.new(players=2, seed=1), "leader k (6,2)", "tile k (6,1)",
    highlight=["(6,2)", "(6,1)"],
    caption="Archer's turn: action 1 stands his king, action 2 lays a settlement; then it is Bull's turn",
    window=(3, 0, 10, 4),
)""",
    ),
    (
        "md",
        """The settlement scored 1 black point for Archer (his king is in its kingdom — next chapter),
and Archer drew 1 tile to get back to six. **▶** has moved to Bull.""",
    ),
    (
        "md",
        f"""## 5. Regions and kingdoms

Pieces that touch **edge to edge** (never diagonally) form a **region**. A region with at least
one leader in it is a **kingdom**; leaders of different players may share one
([§4 D1–D5]({R}#4-definitions-and-invariants)). Empty squares and catastrophes cut regions; rivers
do not. Below, Bull's king and the temple `(8,6)` are kingdom 1; the settlement `(10,6)` (2) and the
market `(9,7)` (3, touching `(8,6)` only at a corner) are regions without a leader. One settlement
on `(9,6)` joins all of them:""",
    ),
    (
        "code",
        """show_step(
    lesson("regions"), "tile k (9,6)",
    highlight=["(9,6)"],
    labels={"(7,6)": "1", "(8,6)": "1", "(10,6)": "2", "(9,7)": "3"},
    after_highlight=["(7,6)", "(8,6)", "(9,6)", "(10,6)", "(9,7)"],
    caption="Three regions (1, 2, 3) become one kingdom; the settlement scores for Bull's king",
)""",
    ),
    (
        "md",
        f"""## 6. Leaders: place, move, withdraw

Positioning a leader — placing, moving or withdrawing one — is one action
([§6.1]({R}#61-position-a-leader-place-move-or-withdraw)). Where a leader is placed or moved to, five
rules apply; the engine names them when it refuses a square:

* **L1** — the square must be **empty**: no tile, leader or catastrophe on it ([§6.1 L1]({R}#61-l1--empty-square));
* **L2** — it must be **land**, never river ([§6.1 L2]({R}#61-l2--land-only));
* **L3** — it must be **next to a face-up temple** ([§6.1 L3]({R}#61-l3--next-to-a-face-up-temple));
* **L4** — it must **not touch two kingdoms** at once; only a tile may unite kingdoms
  ([§6.1 L4]({R}#61-l4--never-between-two-kingdoms));
* **L5** — a move must end on a **different square** ([§6.1 L5]({R}#61-l5--a-move-must-change-square)).

L3 holds for as long as a leader stands: a leader left without a face-up temple next to him goes
home at once ([§4 I1]({R}#4-i1--every-leader-touches-a-temple), part 2). Positioning a leader never
scores. Archer's king and Bull's king rule two kingdoms here; `(7,3)` touches both:""",
    ),
    (
        "code",
        """game = lesson("leaders")
show_refusal(game, "leader r (7,3)", highlight=["(7,3)"], caption="A leader may not join two kingdoms")""",
    ),
    (
        "md",
        """Nor may a leader stand on a river square (L2), or away from temples (L3):""",
    ),
    ("code", """show_refusal(game, "leader g (4,2)", highlight=["(4,2)"], caption="Leaders stand on land only")"""),
    (
        "code",
        """show_refusal(game, "leader g (10,6)", highlight=["(10,6)"], caption="A leader needs a temple next to him")""",
    ),
    (
        "md",
        """The same action can also **move** a leader already on the board to any legal square, any
distance away (the new square is checked as if he were placed afresh, and must differ from the old
one, L5), or **withdraw** him to the supply. Here Archer places his priest, then moves his king:""",
    ),
    (
        "code",
        """show_step(
    game, "leader r (5,3)", "move k (6,2)",
    highlight=["(5,3)", "(6,2)", "(6,4)"],
    caption="Action 1 places the priest on (5,3); action 2 moves the king from (6,4) to (6,2)",
)""",
    ),
    (
        "md",
        f"""**A moving leader's old square counts as empty.** For a move, the leader is first lifted off
the board; then L1–L4 are checked on the new square as if he were placed from the supply. So the
square he leaves is **empty** during the check, and the pieces he was holding together no longer
count as one kingdom through him ([§6.1]({R}#61-position-a-leader-place-move-or-withdraw)). Below,
`(7,4)` touches Archer's king on `(6,4)` and Bull's priest on `(8,4)`. Archer's priest may not go
there — he would touch two kingdoms (L4):""",
    ),
    (
        "code",
        """show_refusal(
    lesson("move-old-square"), "leader r (7,4)", highlight=["(7,4)", "(6,4)", "(8,4)"],
    caption="From the supply, a leader on (7,4) would touch two kingdoms",
)""",
    ),
    (
        "md",
        """But Archer's **king** may move onto `(7,4)`: once lifted, his old square `(6,4)` is empty, so
`(7,4)` touches only Bull's kingdom (and the temple `(7,5)`, a region without a leader). The king joins
Bull's priest, and the temple `(6,3)` he leaves behind is a region without a leader:""",
    ),
    (
        "code",
        """show_step(
    lesson("move-old-square"), "move k (7,4)",
    highlight=["(6,4)", "(7,4)", "(8,4)"], after_highlight=["(7,4)", "(8,4)", "(7,5)", "(8,3)"],
    caption="Moving the king: his old square (6,4) counts as empty, so (7,4) touches one kingdom only",
)""",
    ),
    (
        "md",
        f"""Leaders connect pieces just like tiles, so withdrawing or moving one away can **split a
kingdom**. Archer's king on `(6,4)` holds the temple `(5,4)` and Bull's part — the temple `(7,4)`
and Bull's trader on `(8,4)` — together; withdrawn, he leaves two regions. A settlement then laid on
`(7,5)`, touching the temple `(7,4)`, lies in Bull's kingdom, which has a trader but no king and no
black leader: it scores for nobody ([§6.1]({R}#61-position-a-leader-place-move-or-withdraw)):""",
    ),
    (
        "code",
        """show_step(
    lesson("withdraw"), "withdraw k", "tile k (7,5)",
    highlight=["(6,4)", "(7,5)"],
    caption="Withdrawing the king splits the kingdom; the settlement on (7,5) then scores for nobody",
)""",
    ),
    (
        "md",
        f"""A player handles only **his own** leaders: a leader in the supply can only be placed
([§6.1 P1]({R}#61-p1--placing-needs-a-leader-in-your-supply)), one on the board only moved
([§6.1 M1]({R}#61-m1--moving-needs-a-leader-on-the-board)) or withdrawn
([§6.1 W1]({R}#61-w1--withdrawing-needs-a-leader-on-the-board)).""",
    ),
    (
        "md",
        f"""## 7. Tiles, and who scores them

Laying a tile follows four rules ([§6.2]({R}#62-place-a-civilization-tile)): **T1** it comes
from your hand ([§6.2 T1]({R}#62-t1--from-your-hand)); **T2** it goes on an **empty** square
([§6.2 T2]({R}#62-t2--empty-square)); **T3** **farms (blue) only on river squares**, the other three
only on land ([§6.2 T3]({R}#62-t3--farms-only-on-rivers-the-rest-only-on-land)); **T4** it may
touch at most two kingdoms (below). It may go anywhere these allow, even with no neighbour. Every
tile is laid **face up**. It earns **one point of its own colour**
([§6.2.3]({R}#623-who-scores-the-tile-the-kings-stand-in)):

1. for the owner of the leader **of the tile's colour** in the tile's kingdom;
2. if there is none, for the owner of the kingdom's **king** — the king stands in;
3. if the kingdom has **neither the matching leader nor a king**, or the tile is in a region
   without leaders, **nobody** scores.

The scorer need not be the player who laid it. Here Pot lays a settlement and a temple in a kingdom
holding Archer's king and Bull's priest:""",
    ),
    (
        "code",
        """show_step(
    lesson("scoring"), "tile k (1,5)", "tile r (4,4)",
    highlight=["(1,5)", "(4,4)"],
    labels={"(2,5)": "king", "(3,4)": "priest"},
    caption="The settlement scores for Archer's king, the temple for Bull's priest",
)""",
    ),
    (
        "code",
        """show_step(
    lesson("scoring"), "tile g (3,5)", "tile b (2,3)",
    highlight=["(3,5)", "(2,3)"],
    caption="No trader, no farmer: Archer's king stands in — he gains 1 green and 1 blue (the tiles' colours)",
)""",
    ),
    (
        "md",
        """Without a king the point is lost. Bull's priest is alone in his kingdom: a market there, and a
settlement in a region without leaders, score for nobody:""",
    ),
    (
        "code",
        """show_step(
    lesson("scoring-nobody"), "tile g (4,4)", "tile k (10,6)",
    highlight=["(4,4)", "(10,6)"],
    caption="Neither a trader nor a king in the kingdom, and no leader at (10,6): nobody scores",
)""",
    ),
    (
        "md",
        f"""A tile may touch **two** kingdoms — it then unites them, scores for nobody, and may start wars
(part 2) — but **never three or more** ([§6.2 T4]({R}#62-t4--at-most-two-kingdoms)):""",
    ),
    (
        "code",
        """show_refusal(
    lesson("three-kingdoms"), "tile r (7,4)", highlight=["(7,4)"],
    labels={"(6,4)": "1", "(8,4)": "2", "(7,5)": "3"},
    caption="(7,4) touches three kingdoms: no tile may go there",
)""",
    ),
    (
        "md",
        """### Exercises

Each exercise is a position, whose turn it is, and a goal for this turn. In Jupyter play it on
the board (click a tile in the hand, then a square); the engine says *Solved!* or what went
wrong. Without a kernel, solve it on the picture and open the hint and the solution.""",
    ),
    ("code", """exercise("king-stands-in")"""),
    ("code", """exercise("first-kingdom")"""),
    (
        "md",
        """**Check yourself.** Who scores a market laid in a kingdom with Bull's king and Pot's priest?
(Bull: 1 green, his king stands in.) And in a kingdom with only Pot's farmer? (Nobody.) Can a
leader stand on `(7,3)` when temples lie on `(6,3)` and `(8,3)` in two different kingdoms? (No:
it would join two kingdoms; only a tile can.)

Next: [part 2 — catastrophes, swapping, revolts and wars](02_course_2_conflicts.ipynb).""",
    ),
]
