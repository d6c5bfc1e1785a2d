"""The cells of notebooks/02_course_2_conflicts.ipynb: ("md" | "code", text) in order."""

R = "../docs/rules.md"

CELLS: list[tuple[str, str]] = [
    (
        "md",
        f"""# Learn Tigris & Euphrates — part 2 of 3: catastrophes, swapping, revolts and wars

Part [1](02_course_1_basics.ipynb) covered the board, a turn, kingdoms, leaders and tiles. This
part covers the two remaining actions — catastrophes and swaps — and the two kinds of conflict.
As before: orange frames mark the squares that matter, the lines under each board give every
player's hand and points (a changed number is underlined, with its change after it), and the rule
codes point into [`docs/rules.md`]({R}).

**Where tiles go.** Every tile that leaves the board or a hand in this part — destroyed by a
catastrophe, discarded in a swap, committed to a revolt or a war, removed from the board by a war —
**leaves the game**: it is put aside face down, never goes back into the bag, and nobody may look
through it. Only the tiles on the board, in the hands and in the bag are ever in play
([tile count check]({R}#38-seating-and-turn-order)).""",
    ),
    (
        "code",
        """from tigris_widget.jupyter.course import exercise, show_refusal, show_step, show_swap
from tigris_widget.jupyter.lessons import lesson""",
    ),
    (
        "md",
        f"""## 1. Catastrophes

Each player has **two catastrophe tiles for the whole game** ([§6.3]({R}#63-place-a-catastrophe)).
Placing one is an action. It may go on an **empty square — land or river, with or without
neighbours** — or on a **face-up tile of any colour**, which is destroyed (it leaves the game). It
may **not** go on a
leader, on a tile carrying a treasure, on a monument, on another catastrophe (or, with the variants,
on a building or the ziggurat). The square is closed for good and connects nothing. A catastrophe
never scores and never starts a conflict.

If it destroys a **temple**, every leader left without a face-up temple next to him goes back to
his owner's supply at once: a leader must always touch a face-up temple
([§4 I1]({R}#4-i1--every-leader-touches-a-temple), [§12]({R}#12-leaders-losing-their-last-temple)). Below Archer destroys
the temple `(9,2)`: his own priest had no other temple and goes home; Bull's king still touches
`(11,2)`. With his second action Archer drops his other catastrophe on the empty river square
`(12,0)` — legal, though it only blocks the square:""",
    ),
    (
        "code",
        """game = lesson("catastrophe")
show_step(
    game, "catastrophe (9,2)", "catastrophe (12,0)",
    highlight=["(9,2)", "(9,3)", "(12,0)"],
    caption="A destroyed temple sends the priest home; a catastrophe may also go on an empty square",
)""",
    ),
    (
        "md",
        f"""Archer has used both catastrophes; at his next turn a third one is refused — the engine cites
rule C1, *one of your two* ([§6.3 C1]({R}#63-c1--one-of-your-two)) — as is one on a tile with a
treasure or on a leader (C3, [§6.3 C3]({R}#63-c3--forbidden-targets); C2 lists what a catastrophe
may hit, [§6.3 C2]({R}#63-c2--allowed-targets)):""",
    ),
    (
        "code",
        """game.apply("pass")  # Bull passes: Archer's turn again
show_refusal(game, "catastrophe (3,9)", highlight=["(3,9)"], caption="Two catastrophes per player, no more")""",
    ),
    (
        "code",
        """game.apply("pass")  # Archer passes: Bull's turn
show_refusal(game, "catastrophe (10,0)", highlight=["(10,0)"], caption="Never on a tile carrying a treasure")""",
    ),
    (
        "md",
        f"""A catastrophe cuts connections, so it can **split a kingdom** in two
([§6.3.3]({R}#633-regions-may-split)). Lion's king and Pot's trader share one kingdom along row 5;
a catastrophe on the market `(7,5)` leaves Lion's kingdom on the left and Pot's on the right. From now on
a market laid next to `(6,5)` scores for Lion's king instead of Pot's trader, and Lion could stand
his own trader on `(4,5)` without a revolt:""",
    ),
    (
        "code",
        """show_step(
    lesson("catastrophe-split"), "catastrophe (7,5)",
    highlight=["(7,5)"],
    after_labels={"(5,4)": "Lion", "(6,5)": "Lion", "(8,5)": "Pot", "(9,4)": "Pot", "(9,5)": "Pot"},
    caption="The catastrophe on (7,5) splits one kingdom into two",
)""",
    ),
    (
        "md",
        f"""## 2. Swapping, and passing

The fourth action **swaps** tiles: discard one to six tiles from your hand face down (they leave
the game) and draw as many from the bag at once — you may use them in your second action
([§6.4]({R}#64-swap-tiles)). You can only discard tiles you hold
([§6.4 S1]({R}#64-s1--only-tiles-you-hold)), and at least one ([§6.4 S2]({R}#64-s2--at-least-one-tile));
catastrophes are not part of the hand. **Passing** (`pass`) ends the turn with the remaining actions
unused ([§6.5]({R}#65-repeating-an-action-passing)). A swap changes no square, so its picture shows
the hands instead: Archer trades his two settlements and the farm (crossed out), draws three new
tiles (framed), then passes. The bag is three tiles lighter; the discarded ones do not go back:""",
    ),
    (
        "code",
        """show_swap(lesson("revolt"), "swap kkb", "pass", caption="A swap: three tiles out, three new ones in; then a pass")""",
    ),
    (
        "md",
        f"""## 3. Revolts: two leaders of one colour in a kingdom

A revolt is always between two leaders of the **same colour** belonging to **different players** —
a player owns only one leader of each colour ([§4 I4]({R}#4-i4--one-leader-of-each-colour-per-player)).
If you **place or move** a leader into a kingdom that already holds another player's leader of
**his colour**, a **revolt** breaks out ([§8]({R}#8-revolts-internal-conflicts)):

* **you attack** (the active player), the owner of the leader already there defends;
* each side counts the **face-up temples next to its own leader** — a temple touching both counts
  for both. Revolts are **always fought with temples**, also between two kings, two farmers or two
  traders;
* then the attacker, and after him the defender, may **commit** any number of temples from the
  hand (`commit 2`), never more than he holds ([§8.4 R1]({R}#84-r1--no-more-than-you-hold));
* the larger total wins; **a tie goes to the defender**;
* the loser's leader goes back to his supply, the winner gains **1 red point** (always red), and
  **every committed tile is discarded** — the winner's too: they leave the game. The tiles on the
  board stay, and so does the winner's leader.

Archer's priest arrives on `(9,3)`, touching two temples; Bull's priest on `(11,3)` touches one.
Archer commits 2 temples (4), Bull 3 (4): a tie, so Bull wins:""",
    ),
    (
        "code",
        """game = lesson("revolt")
show_step(
    game, "leader r (9,3)", "commit 2", "commit 3",
    highlight=["(9,3)", "(9,2)", "(10,3)", "(11,3)"],
    labels={"(9,2)": "A", "(10,3)": "A+B"},
    caption="Revolt of the priests: 2+2 against 1+3 — a tie, won by the defender",
)""",
    ),
    (
        "md",
        f"""Both hands shrank (2 and 3 temples are gone for good); they refill at the end of Archer's
turn ([§8.7]({R}#87-refilling-after-a-revolt)). Any action may be repeated in a turn, even
**placing the same leader on the same square again** ([§6.5]({R}#65-repeating-an-action-passing)).
Archer does it with his second action; this time neither side has temples left in hand:""",
    ),
    (
        "code",
        """show_step(
    game, "leader r (9,3)", "commit 0", "commit 0",
    highlight=["(9,3)", "(11,3)"],
    caption="The same priest again: 2 against 1, and the attacker wins 1 red point",
)""",
    ),
    (
        "md",
        f"""Two **kings** (or farmers, or traders) fight with temples too, and the winner still gains a
**red** point ([§8.3]({R}#83-strength-on-the-board-adjacent-temples),
[§8.6.2]({R}#862-one-red-point-for-the-winner)). The settlement `(12,3)` next to Bull's king does not
count:""",
    ),
    (
        "code",
        """show_step(
    lesson("revolt-kings"), "leader k (9,3)", "commit 1", "commit 1",
    highlight=["(9,3)", "(11,3)", "(9,2)", "(10,3)"],
    caption="A revolt of kings is fought with temples: 2+1 against 1+1",
)""",
    ),
    (
        "md",
        f"""**When the defender wins.** The attacker's leader goes back to his supply; the defender's leader,
every tile on the board and every treasure stay where they are. The kingdom is what it was before
the attacker arrived — except that anything the attacking leader alone was holding together falls
apart again. Treasures (part 3) are looked at only **after** the revolt
([§8.6.5]({R}#865-treasures-afterwards)): a trader in a kingdom holding two or more treasures
collects all but one. Below, Archer's trader on `(6,2)` would join Bull's kingdom (the temple
`(5,2)`, one treasure) with the settlements that lead to the temple `(10,0)` (a second treasure).
Bull defends 2–2 and wins: Archer's trader goes home, the settlements are a region without a leader
again, Bull's kingdom holds one treasure, and **nobody collects**. Had Archer won (say 3–2), his
trader would have stayed in a kingdom with two treasures and Archer would have taken one:""",
    ),
    (
        "code",
        """show_step(
    lesson("revolt-defended"), "leader g (6,2)", "commit 1", "commit 1",
    highlight=["(6,2)", "(5,1)", "(5,2)", "(10,0)"],
    caption="The defender wins: Archer's trader goes home, the kingdom is as before, and its single treasure stays",
)""",
    ),
    ("md", """### Exercises"""),
    ("code", """exercise("catastrophe-home")"""),
    ("code", """exercise("win-revolt")"""),
    (
        "md",
        f"""## 4. Wars: a tile unites two kingdoms

A tile laid next to **two** kingdoms unites them ([§9]({R}#9-wars-external-conflicts)). It
**scores for nobody**, and the **unification marker** (the ring) goes on it. Every colour with two
leaders in the united kingdom is a **war**. Below Lion's market on `(6,4)` brings both kings and
both traders together — two wars:""",
    ),
    (
        "code",
        """game = lesson("war")
show_step(
    game, "tile g (6,4)",
    highlight=["(6,4)"],
    after_labels={"(5,4)": "Lion", "(7,4)": "Pot", "(8,4)": "Pot"},
    caption="The market on (6,4) unites two kingdoms: a war of kings and a war of traders",
)""",
    ),
    (
        "md",
        f"""How a war is fought ([§9.3–§9.8]({R}#93-several-wars-the-war-loop)):

* With several wars, the **active player chooses which is fought first** (`war g`), even if he is
  in none of them.
* **Attacker**: the active player, if one of the two leaders is his. Otherwise the first of the
  two owners **clockwise from the active player's left** ([§9.4]({R}#94-attacker-and-defender)): start
  counting **at the player sitting to the active player's left**, go round the table clockwise, and
  the first of the two owners you reach attacks.
* Each leader counts the **tiles of the war's colour on his own side** — the kingdom he stood in
  before the uniting tile — anywhere on that side, not just next to him (a traders' war counts
  markets, a kings' war settlements). The marked tile counts for nobody
  ([§9.2]({R}#92-the-unification-marker), [§9.5]({R}#95-strength-on-the-board-tiles-of-the-wars-colour)).
* Attacker, then defender, commit tiles **of the war's colour** from the hand, never more than they
  hold ([§9.6 W1]({R}#96-w1--no-more-than-you-hold)).
* The larger total wins; **a tie goes to the defender**.
* The loser's leader goes home **and every tile of the war's colour on his side is removed** (the
  removed tiles leave the game). The winner gains **1 point of that colour per removed tile, plus 1
  for the leader**. Committed tiles of both players leave the game too and score nothing.
* Then the board is looked at again: a pending war may have **vanished** because the kingdom fell
  apart. When no war is left the marker is removed; the uniting tile stays and still scores nothing.

With several wars pending, the active player names the next one (`war g`); he can only name a
colour that is really contested ([§9.3 W1]({R}#93-w1--only-a-pending-war)). Lion picks the traders'
war. His side has 1 market, Pot's 2; Lion commits 4, Pot 1: 5 against 3.""",
    ),
    (
        "code",
        """show_step(
    game, "war g", "commit 4", "commit 1",
    highlight=["(7,4)", "(8,4)", "(10,5)"],
    after_highlight=["(9,4)", "(10,4)"],
    caption="Lion wins 5–3: Pot's trader and both his markets go (+3 green); Pot's king is cut off, no kings' war",
)""",
    ),
    (
        "md",
        f"""The order matters. From the same position, with the kings first: neither side has a settlement
and nobody commits — 0 against 0, a tie, so **the defender (Pot) wins**; Lion's king goes home and
Pot gains 1 black. The traders' war still follows ([§9, kings first]({R}#9-wars-external-conflicts)):""",
    ),
    (
        "code",
        """show_step(
    lesson("war"), "tile g (6,4)", "war k", "commit 0", "commit 0",
    highlight=["(4,4)", "(9,4)"],
    caption="Kings first: 0–0 is a tie, won by the defender; the traders' war is still to come",
)""",
    ),
    (
        "md",
        f"""**A uniting tile that also joins a region without a leader.** A leader's *side* is what he
would be connected to if the uniting tile were not there ([§4 D8]({R}#4-d8--side-in-a-war)). A region
without a leader that touches **only the uniting tile** is on neither side: its tiles count for
**nobody** and are **never removed**. Here the markets `(6,3)` and `(6,2)` and the temple `(5,2)`
form a region without a leader, and of the two kingdoms' pieces it touches only the uniting market
`(6,4)`. In the traders' war its markets are not counted — still 1 against 2 — and when Pot loses,
only his own markets `(7,4)` and `(8,4)` go; `(6,3)` and `(6,2)` stay and are now part of Lion's
kingdom:""",
    ),
    (
        "code",
        """show_step(
    lesson("war-leaderless"), "tile g (6,4)", "war g", "commit 4", "commit 1",
    highlight=["(6,4)", "(6,3)", "(6,2)", "(5,4)", "(7,4)", "(8,4)"],
    after_highlight=["(6,4)", "(6,3)", "(6,2)", "(7,4)", "(8,4)"],
    labels={"(6,3)": "nobody", "(6,2)": "nobody", "(5,4)": "Lion", "(7,4)": "Pot", "(8,4)": "Pot"},
    caption="The markets (6,3) and (6,2) touch only the uniting tile: they count for nobody and stay",
)""",
    ),
    (
        "md",
        f"""**A war the active player is not part of.** With three or four players you can set two opponents
against each other. Seating clockwise: Archer, Bull, Pot. Archer's temple on `(7,3)` unites Bull's
farmer with Pot's farmer. Archer is not involved, so we count clockwise starting **at** Archer's left
neighbour — that is Bull himself, so Bull attacks (had the farmers been Pot's and Archer's, Archer
would attack as the active player). Each commits 2 farms: 2 against 2, and the tie goes to the defender,
Pot ([§9.4]({R}#94-attacker-and-defender)):""",
    ),
    (
        "code",
        """show_step(
    lesson("war-3p"), "tile r (7,3)", "commit 2", "commit 2",
    highlight=["(7,3)", "(6,4)", "(8,4)"],
    caption="Bull attacks (first clockwise after Archer); 2–2 is a tie, so Pot, the defender, wins",
)""",
    ),
    (
        "md",
        f"""**Priest wars protect some temples.** When priests fight, a losing side's temple stays on the
board if it **carries a treasure** or **touches another leader** (of any colour or player), and
earns the winner nothing; the unprotected ones leave the game ([§9.8.2]({R}#982-the-losers-supporters-are-removed-priest-war-protection)).
Archer's temple on `(5,4)` unites his priest's kingdom with Bull's. Archer has 2 temples on his
side, Bull 4; Archer commits 3, Bull none: 5–4. `(6,4)` and `(7,5)` are removed; `(8,5)` touches
Bull's king and `(8,6)` holds a treasure, so they stay: Archer +3 red (2 tiles + the leader):""",
    ),
    (
        "code",
        """show_step(
    lesson("priest-war"), "tile r (5,4)", "commit 3", "commit 0",
    highlight=["(5,4)"],
    after_highlight=["(6,4)", "(7,5)", "(8,5)", "(8,6)"],
    caption="Priest war: temples next to another leader or carrying a treasure are not removed",
)""",
    ),
    (
        "md",
        f"""**Unification without a war.** If the two united kingdoms hold **no** pair of same-coloured
leaders, they simply merge — no war, the marker leaves at once, and the uniting tile still scores
for **nobody** ([§9.10]({R}#910-unification-without-a-war)). Archer's settlement on `(7,4)` joins
his king's kingdom to Bull's priest's: a king and a priest do not fight. Elsewhere this settlement
would give Archer's king 1 black; here Archer gains nothing:""",
    ),
    (
        "code",
        """show_step(
    lesson("unify-no-war"), "tile k (7,4)",
    highlight=["(7,4)", "(6,4)", "(9,4)"],
    caption="Unification without a war: king and priest do not fight; the kingdoms merge and (7,4) scores for nobody",
)""",
    ),
    ("md", """### Exercise"""),
    ("code", """exercise("win-war")"""),
    (
        "md",
        """**Check yourself.** Three players, Archer active, a tile brings Pot's king and Bull's king
together: who attacks? (Bull: counting starts at Archer's left neighbour, Bull, who is one of the
two.) In a revolt of
traders, what counts? (Temples next to each trader, then temples committed.) Are tiles committed
to a conflict lost? (Yes, both players' — win or lose; they leave the game.) Who wins a tie? (The
defender.)

Next: [part 3 — monuments, treasures and the end](02_course_3_monuments_and_the_end.ipynb).""",
    ),
]
