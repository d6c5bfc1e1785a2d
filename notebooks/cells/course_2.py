"""The cells of notebooks/02_course_2_conflicts.ipynb: ("md" | "code", text) in order."""

R = "../docs/rules.md"

CELLS: list[tuple[str, str]] = [
    (
        "md",
        f"""# Learn Tigris & Euphrates — part 2 of 3: catastrophes, swapping, revolts and wars

Part [1](02_course_1_basics.ipynb) covered the board, a turn, kingdoms, leaders and tiles. This
part covers the two remaining actions — catastrophes and swaps — and the two kinds of conflict.
As before: orange frames mark the squares that matter, the lines under each board give every
player's hand and points (changed numbers underlined), and the rule codes point into
[`docs/rules.md`]({R}).""",
    ),
    (
        "code",
        """from tigris_widget.jupyter.course import exercise, show_refusal, show_step
from tigris_widget.jupyter.lessons import lesson""",
    ),
    (
        "md",
        f"""## 1. Catastrophes

Each player has **two catastrophe tiles for the whole game** ([§6.3]({R}#63-place-a-catastrophe)).
Placing one is an action. It may go on an **empty square — land or river, with or without
neighbours** — or on a **face-up tile of any colour**, which is destroyed. It may **not** go on a
leader, on a tile carrying a treasure, on a monument, on another catastrophe (or, with the variants,
on a building or the ziggurat). The square is closed for good and connects nothing. A catastrophe
never scores and never starts a conflict.

If it destroys a **temple**, every leader left without a face-up temple next to him goes back to
his owner's supply at once ([§12]({R}#12-leaders-losing-their-last-temple)). Below Archer destroys
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
        """Archer has used both catastrophes; at his next turn a third one is refused — as is one on a
tile with a treasure or on a leader:""",
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
([§6.4]({R}#64-swap-tiles)). You can only discard tiles you hold, and at least one; catastrophes
are not part of the hand. **Passing** (`pass`) ends the turn with the remaining actions unused
([§6.5]({R}#65-repeating-an-action-passing)). Archer trades his two settlements and the farm, then
passes:""",
    ),
    (
        "code",
        """show_step(lesson("revolt"), "swap kkb", "pass", caption="A swap: three tiles out, three new ones in; then a pass")""",
    ),
    (
        "md",
        f"""## 3. Revolts: two leaders of one colour in a kingdom

If you **place or move** a leader into a kingdom that already holds a leader of **his colour**, a
**revolt** breaks out ([§8]({R}#8-revolts-internal-conflicts)):

* **you attack** (the active player), the owner of the leader already there defends;
* each side counts the **face-up temples next to its own leader** — a temple touching both counts
  for both. Revolts are **always fought with temples**, also between two kings, two farmers or two
  traders;
* then the attacker, and after him the defender, may **commit** any number of temples from the
  hand (`commit 2`);
* the larger total wins; **a tie goes to the defender**;
* the loser's leader goes back to his supply, the winner gains **1 red point** (always red), and
  **every committed tile is discarded** — the winner's too. The tiles on the board stay.

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
        f"""An attacking trader that wins a revolt collects the kingdom's treasures straight away
([§8.6.5]({R}#865-treasures-afterwards)); treasures come in part 3.""",
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
  two owners **clockwise from the active player's left** ([§9.4]({R}#94-attacker-and-defender)).
* Each leader counts the **tiles of the war's colour on his own side** — the kingdom he stood in
  before the uniting tile — anywhere on that side, not just next to him (a traders' war counts
  markets, a kings' war settlements). The marked tile counts for nobody.
* Attacker, then defender, commit tiles **of the war's colour** from the hand.
* The larger total wins; **a tie goes to the defender**.
* The loser's leader goes home **and every tile of the war's colour on his side is removed**. The
  winner gains **1 point of that colour per removed tile, plus 1 for the leader**. Committed tiles
  of both players are discarded and score nothing.
* Then the board is looked at again: a pending war may have **vanished** because the kingdom fell
  apart. When no war is left the marker is removed; the uniting tile stays and still scores nothing.

Lion picks the traders' war. His side has 1 market, Pot's 2; Lion commits 4, Pot 1: 5 against 3.""",
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
        f"""**A war the active player is not part of.** With three or four players you can set two opponents
against each other. Seating clockwise: Archer, Bull, Pot. Archer's temple on `(7,3)` unites Bull's
farmer with Pot's farmer. Archer is not involved, so the first of Bull and Pot **clockwise from
Archer's left** attacks: Bull. Each commits 2 farms: 2 against 2, and the tie goes to the defender,
Pot ([§9.4]({R}#94-attacker-and-defender)). Had one farmer been Archer's, Archer would attack:""",
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
earns the winner nothing ([§9.8.2]({R}#982-the-losers-supporters-are-removed-priest-war-protection)).
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
together: who attacks? (Bull — the first of the two clockwise from Archer's left.) In a revolt of
traders, what counts? (Temples next to each trader, then temples committed.) Are tiles committed
to a conflict lost? (Yes, both players' — win or lose.) Who wins a tie? (The defender.)

Next: [part 3 — monuments, treasures and the end](02_course_3_monuments_and_the_end.ipynb).""",
    ),
]
