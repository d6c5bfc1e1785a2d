"""The cells of notebooks/02_course_3_monuments_and_the_end.ipynb: ("md" | "code", text) in order."""

import re
from pathlib import Path

R = "../docs/rules.md"

CODES = """§0.3 §2.2 §2.3 §3 §3.7 §3.8 §4 D1 §4 D3 §4 D5 §4 D8 §4 I1 §4 I3 §4 I4 §5 §6.1 §6.1 L1 §6.1 L2 §6.1 L3 §6.1 L4
§6.1 L5 §6.1 P1 §6.1 M1 §6.1 W1 §6.2 §6.2 T1 §6.2 T2 §6.2 T3 §6.2 T4 §6.2.3 §6.3 §6.3 C1 §6.3 C2 §6.3 C3 §6.3.3
§6.4 §6.4 S1 §6.4 S2 §6.5 §8 §8.1 §8.3 §8.4 §8.4 R1 §8.5 §8.6 §8.6.2 §8.6.3 §8.6.5 §8.7 §9 §9.2 §9.3 §9.3 W1 §9.4
§9.5 §9.6 §9.6 W1 §9.8 §9.8.2 §9.8.5 §9.8.6 §9.9 §9.10 §10 §10.2 §10.2 M1 §10.3 §10.3 M2 §10.3 M3 §10.4 §10.6
§11 §11.3 §11.3 S1 §11.4 §11.4 S2 §12 §13 §13.2 §14 §14.1 §14.2 §14.3 §14 G1 §15 §15.2 §15.4 §16 §16 A1 §16 A2 §16 A3
§16 A4 §16 A5 §16 D1 §16 D2 §17 §18"""
"""Every rule code the course prints (its text, the engine's messages and the exercises' hints), and every
code a refusal of the base game can carry."""


def _codes_table() -> str:
    """The last cell: each code with its rule's title, linked to its heading in the rules reference."""
    rules = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    headings = re.findall(r"^#+ (§.+)$", rules, flags=re.M)
    codes = re.findall(r"§\d+(?:\.\d+)*(?: [A-Z]\d+)?", CODES)
    rows = []
    for code in codes:
        heading = next(h for h in headings if h == code or h.startswith(code + " "))
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        title = heading[len(code) :].strip(" —")
        rows.append(f"| [`{code}`]({R}#{slug}) | {title} |")
    return (
        "## 8. Every rule code of the course\n\n"
        "Each code the course, the engine's messages and the exercises' hints print — and every code with which "
        "the engine can refuse an action of the base game — with the title of its rule in the rules reference "
        "(click the code to read the rule). `§6.1 L4` is rule L4 of section 6.1; a code without a letter is a "
        "whole section. The variants' codes (§17, §18) are in `05_variants.ipynb`.\n\n| code | rule |\n|---|---|\n"
        + "\n".join(rows)
    )


CELLS: list[tuple[str, str]] = [
    (
        "md",
        f"""# Learn Tigris & Euphrates — part 3 of 3: monuments, treasures and the end

Parts [1](02_course_1_basics.ipynb) and [2](02_course_2_conflicts.ipynb) covered the actions and
the conflicts. This part covers monuments, treasures, what happens at the end of each turn, how the
game ends and who wins. Rule codes point into [`docs/rules.md`]({R}).""",
    ),
    (
        "code",
        """from tigris_widget.jupyter.course import exercise, final_scores, show_step
from tigris_widget.jupyter.lessons import lesson, lesson_builder""",
    ),
    (
        "md",
        f"""## 1. Monuments

When **the active player lays a tile** that completes a 2×2 square of **four face-up tiles of one
colour**, he — and only he — may build a monument on it, right after the tile (and after any wars
it caused) ([§10]({R}#10-monuments)):

* There are six monuments, one for each pair of colours (`kr`, `kb`, `kg`, `rb`, `rg`, `bg`). **He
  chooses** one that shows the square's colour; **he picks the second colour** by picking the
  monument. A built monument is gone from the supply; if all three with that colour are built, none
  can be. He may also `decline`; the square can never be used later.
* The four tiles turn **face down**: they still connect, but have no colour — no longer temples, so
  a leader left without a face-up temple goes home ([§12]({R}#12-leaders-losing-their-last-temple)).
  Treasures stay where they are, hidden under the monument in the pictures, and can still be
  collected (section 2).
* In the pictures the monument's **platform** (the large square behind) shows its first colour and
  its stepped **tower** (the symbol on it) the second, in the order black, red, blue, green:
  red/green is a red platform with a green tower.
* A monument **belongs to nobody** and can never be destroyed. At the end of **each player's own
  turn**, for each monument in a kingdom and each of its two colours, that player gains 1 point if
  **his leader of that colour** stands in that kingdom. **The king does not stand in** here.

Bull lays a temple on `(9,5)` (it scores for Archer's priest), builds the red/green monument and
passes. His farmer loses his only temple and goes home; at the end of his turn his trader earns
him 1 green. The treasure of `(8,6)` is under the monument (labelled):""",
    ),
    (
        "code",
        """show_step(
    lesson("monument"), "tile r (9,5)", "monument rg (8,5)", "pass",
    highlight=["(9,5)", "(8,5)", "(8,6)", "(9,6)", "(10,6)"],
    after_labels={"(8,6)": "treasure"},
    caption="A monument: Bull builds red/green; his farmer loses his temple; his trader scores 1 green",
)""",
    ),
    (
        "md",
        f"""Had Bull chosen red/blue instead, he would score nothing (his farmer has gone) — and Archer,
whose priest is in the kingdom, collects 1 red at the end of **his** turns either way
([§10.6]({R}#106-monument-points-at-the-end-of-a-turn)). What counts is the **kingdom**, not touching
the monument. Below, Pot's king on `(10,5)` stands between a black/red and a blue/green monument and
touches both; his priest on `(11,4)` touches neither, but stands next to the temple `(10,4)` and so in
the same kingdom. Pot passes: the black/red one gives him 1 black (king) and 1 red (priest); the
blue/green one gives nothing — no farmer, no trader, and the king does not stand in. The treasure of
`(8,6)` lies under the black/red monument (labelled):""",
    ),
    (
        "code",
        """show_step(
    lesson("monument-king"), "pass",
    highlight=["(10,5)", "(11,4)", "(10,4)"],
    labels={"(8,6)": "treasure"}, after_labels={"(8,6)": "treasure"},
    caption="End of Pot's turn: black/red pays king and priest (one kingdom); blue/green pays nothing",
)""",
    ),
    ("md", """### Exercise"""),
    ("code", """exercise("build-monument")"""),
    (
        "md",
        f"""## 2. Treasures

A treasure lies on each starting temple. After **every action**, each kingdom holding **two or more
treasures and a trader** gives **all but one** of them to the **trader's owner** — the player the
trader belongs to, and nobody else, even when it is another player's turn and another player's
action that brought the treasures together ([§11]({R}#11-treasures)). Treasures on **special
squares** (gold frame) must be taken first.
A kingdom without a trader keeps its treasures until one arrives. Each treasure is worth **one point
of any colour** at the end (a wild point, ◆ in the score lines).

Lion lays a farm on the river square `(4,1)`; it joins the region of `(5,1)` and `(5,2)` to the
kingdom of Lion's trader and Bull's farmer. The farm scores for Bull's farmer; the kingdom now holds
two treasures, and Lion takes the one on the special square `(1,1)`:""",
    ),
    (
        "code",
        """show_step(
    lesson("treasure"), "tile b (4,1)",
    highlight=["(4,1)", "(1,1)", "(5,2)"],
    caption="Two treasures and a trader: Lion takes one — the special one on (1,1)",
)""",
    ),
    (
        "md",
        """The trader's owner need not be the active player. Here **Bull** lays the same farm during his own
turn, and it is still Lion, owner of the trader, who takes the treasure:""",
    ),
    (
        "code",
        """show_step(
    lesson_builder("treasure").turn("bull").hand("bull", "bkkrrr").game(), "tile b (4,1)",
    highlight=["(4,1)", "(1,1)"],
    caption="Bull lays the farm; Lion's trader still collects",
)""",
    ),
    (
        "md",
        f"""**A treasure under a monument** still belongs to its kingdom
([§4 D5]({R}#4-d5--kingdom), [§10.4]({R}#104-building-it)). Bull's trader stands in the kingdom of
the red/green monument, whose hidden treasure lies on `(8,6)`. Bull's settlement on `(9,10)` joins the
temple `(10,10)` and its treasure: two treasures, so Bull takes one and may choose the one under the
monument:""",
    ),
    (
        "code",
        """show_step(
    lesson("monument-treasure"), "tile k (9,10)", "treasures (8,6)",
    highlight=["(9,10)", "(8,6)", "(10,10)", "(7,5)"],
    labels={"(8,6)": "treasure"},
    caption="The treasure under the monument on (8,6) is collected like any other",
)""",
    ),
    ("md", """### Exercise"""),
    ("code", """exercise("take-treasure")"""),
    (
        "md",
        f"""## 3. The end of a turn

When the active player has taken his actions (or passed) ([§13]({R}#13-end-of-the-turn)):

1. he scores his **monuments** (above);
2. he **refills his hand** to six tiles from the bag; then everyone else who is short — those who
   committed tiles to a conflict — refills, clockwise starting at his left neighbour;
3. the game-end conditions are checked, and the player on his left begins his turn.

In the revolt of part 2, Archer committed 2 temples and Bull 3; at the end of Archer's turn Archer
draws first, then Bull:""",
    ),
    (
        "code",
        """show_step(
    lesson("revolt"), "leader r (9,3)", "commit 2", "commit 3", "pass",
    highlight=["(9,3)", "(11,3)"],
    caption="End of the turn: Archer refills first, then Bull, who committed 3 temples",
)""",
    ),
    (
        "md",
        f"""## 4. The end of the game

The game ends in exactly two ways ([§14]({R}#14-end-of-the-game)):

* **Treasures**: at the end of a turn (after the refills), **only one or two treasures** are left
  on the board. It is checked only at the end of a turn.
* **The bag**: a player must draw a tile and the bag cannot supply it. He draws what is left; by
  default the active player then still finishes his turn, then the game ends (option
  `bag_empty_end="immediate"` ends it at once).

Archer's trader stands on `(5,3)`, next to the temple `(5,2)`. That temple and the row of
settlements up to the temple `(10,0)` were a region without a leader holding two treasures; with
the trader it becomes a kingdom, and Archer takes one treasure (the two are plain, so he picks).
At the end of the turn only two remain on the board, and the game is over:""",
    ),
    (
        "code",
        """show_step(
    lesson("game-end"), "leader g (5,3)", "treasures (10,0)", "pass",
    highlight=["(5,3)", "(10,0)", "(5,2)", "(10,10)"],
    caption="Two treasures left at the end of the turn: the game ends",
)""",
    ),
    (
        "md",
        """Here the bag holds only two tiles. Archer swaps three: he draws the two, and the game will end —
but he still takes his second action first:""",
    ),
    (
        "code",
        """show_step(
    lesson("bag-end"), "swap kkr", "tile r (10,9)",
    highlight=["(10,9)"],
    caption="The bag runs out during a swap: Archer finishes his turn, then the game ends",
)""",
    ),
    (
        "md",
        f"""**A bag emptied exactly does not end the game**; only a draw that cannot be made does
([§14.2]({R}#142-the-bag-runs-out)). From the same start, Archer lays two settlements; at the end of
his turn he needs exactly the two tiles left. He gets them, the bag is empty (bag 0) and Bull plays
his turn as usual. The game will end at the next draw — a swap, or a refill after someone lays a tile:""",
    ),
    (
        "code",
        """show_step(
    lesson("bag-exact"), "tile k (8,10)", "tile k (11,10)",
    highlight=["(8,10)", "(11,10)"],
    caption="The refill takes the last two tiles: the bag is empty, but the game goes on",
)""",
    ),
    (
        "md",
        f"""**The bag runs out at the refills.** The end of a turn keeps its order
([§13]({R}#13-end-of-the-turn)): first the active player scores his **monuments** — always, since
that comes before any drawing — then the refills. Below, the bag holds one tile. Archer loses a
revolt after committing 2 temples; Bull committed 3. Archer passes: his king scores 1 black from the
black/red monument, Archer draws the last tile (one short), and the game ends. Bull, next in line,
**refills nothing**: the bag is empty. Every player who still had to draw simply goes without, in
both `bag_empty_end` settings:""",
    ),
    (
        "code",
        """show_step(
    lesson("bag-end-refill"), "leader r (9,3)", "commit 2", "commit 3", "pass",
    highlight=["(9,3)", "(11,3)", "(5,4)", "(6,3)"],
    caption="Monument points first, then the refills: Archer draws the last tile, Bull gets none, and the game ends",
)""",
    ),
    (
        "md",
        f"""With the option `bag_empty_end="immediate"` — set when the game is created,
`Game.new(players=2, options={{"bag_empty_end": "immediate"}})` — the same swap ends the game **on
the spot**: Archer draws the two tiles, gets no second action, and the final scoring follows at once
([§14.2]({R}#142-the-bag-runs-out)):""",
    ),
    (
        "code",
        """show_step(
    lesson("bag-end-immediate"), "swap kkr",
    highlight=["(9,10)"],
    caption="bag_empty_end=immediate: the bag runs out during the swap and the game ends at once",
)""",
    ),
    (
        "md",
        f"""## 5. Who wins

At the table every player keeps his points and treasures **hidden behind his screen** during the
game; now, at the end, everyone reveals them ([§15]({R}#15-final-scoring)). (The engine shows all
running points to everyone by default, `scores="open"`; with `scores="hidden"` each player sees only
his own until the end, as at the table — section 7.) Each **treasure** is added to whichever colour
its owner likes. Your **score is your weakest colour**. The highest score wins. A tie is broken by
the second-weakest colour, then the third, then the strongest; players equal in **all four** colours
**share the place** — and the victory, if it is first place
([§15.4]({R}#154-tie-breaks)).

The engine places the treasures for you, one at a time, each on a colour that is **lowest at that
moment** ([§15.2]({R}#152-treasures-are-wild)). That is the best placement for the tie-breaks too:
it makes the weakest colour as high as it can be, then — among the placements that do — the
second-weakest, and so on, so no other placement could win a tie that this one loses. Lion below has
12 / 10 / 7 / 13 and 3 treasures: all three go to blue (7 → 10), giving 10, 10, 12, 13 from low to
high; putting one on red instead would give 9, 11, 12, 13 — a weaker weakest colour. Below, Archer
has by far the most points (59) and comes last:""",
    ),
    ("code", """final_scores(lesson("final-scoring"))"""),
    (
        "md",
        f"""## 6. Fine points

Rare situations, each settled in the rules reference.

**Monuments.** A monument may be built anywhere, even in a region without leaders
([§10.2]({R}#102-when-a-monument-can-be-built)). Face-down tiles never count toward another square.
A tile that united two kingdoms is checked **after** the wars ([§9.9]({R}#99-after-the-last-war)):
the wars come first, then — if the square is still intact — the monument decision. Lion's temple on
`(8,4)` unites his king's kingdom with Pot's and completes the red square from `(7,3)`. First the
kings' war: no settlement on Lion's side, one on Pot's; Lion commits 2 and wins 2–1 (+2 black).
Only then does Lion build the black/red monument; the uniting tile still scored nothing:""",
    ),
    (
        "code",
        """show_step(
    lesson("war-monument"), "tile r (8,4)", "commit 2", "commit 0", "monument kr (7,3)",
    highlight=["(7,3)", "(8,3)", "(7,4)", "(8,4)"],
    after_highlight=["(7,3)", "(8,3)", "(7,4)", "(8,4)", "(9,4)", "(10,4)"],
    caption="The war first, then the monument: Lion wins the kings' war 2–1, then builds black/red on the square (8,4) completed",
)""",
    ),
    (
        "md",
        f"""A tile that completes **two** 2×2 squares at once gives **one** monument, on the square the
player picks: building it turns the new tile face down, which breaks the other square
([§10.3]({R}#103-choosing-or-declining)). Bull's temple on `(8,4)` completes the squares from `(7,3)`
and from `(8,3)` (and scores 1 red for his priest). He builds red/blue on the right one, `(8,3)`:
`(7,3)` and `(7,4)` stay face-up temples and his priest stays — on `(7,3)` the monument would have
sent him home ([§12]({R}#12-leaders-losing-their-last-temple)):""",
    ),
    (
        "code",
        """show_step(
    lesson("two-squares"), "tile r (8,4)", "monument rb (8,3)",
    highlight=["(7,3)", "(8,3)", "(9,3)", "(7,4)", "(8,4)", "(9,4)"],
    after_highlight=["(8,3)", "(9,3)", "(8,4)", "(9,4)", "(6,4)"],
    caption="Two squares at once, one monument: Bull builds on (8,3); (7,3) and (7,4) stay face up and keep his priest",
)""",
    ),
    (
        "md",
        f"""**Treasures.** With *n* treasures of which *s* are special, the trader's owner takes *n* − 1,
among them min(*s*, *n* − 1) special ones; only the choice among equals is free
([§11.4]({R}#114-special-treasures-first)). At least one treasure always stays on the board
([§4 I3]({R}#4-i3--a-treasure-always-remains)). Lion's farm on `(4,1)` makes a kingdom with his
trader and **three** treasures: the special `(1,1)`, `(5,2)` and `(10,0)`. Lion takes two — the
special one, and the one he picks of the other two, `(5,2)`; `(10,0)` stays:""",
    ),
    (
        "code",
        """show_step(
    lesson("treasure-three"), "tile b (4,1)", "treasures (1,1) (5,2)",
    highlight=["(4,1)", "(1,1)", "(5,2)", "(10,0)"],
    caption="Three treasures and a trader: Lion takes two — the special (1,1) and his pick (5,2); (10,0) stays",
)""",
    ),
    (
        "md",
        f"""If several kingdoms are due after the same action, they are dealt with **clockwise from the
active player**, by the traders' owners, and **each owner picks his own** treasures
([§11.3]({R}#113-collection)). It is rare; the position below is set up at that moment, right after
an action of Bull's. Bull is active, so his kingdom goes first although Archer sits first; each
kingdom holds two plain treasures, so each owner picks one:""",
    ),
    (
        "code",
        """show_step(
    lesson("treasure-two-kingdoms"), "treasures (13,4)", "treasures (10,0)",
    highlight=["(13,4)", "(8,6)", "(10,0)", "(5,2)"],
    caption="Two kingdoms due at once: Bull (active) collects first, then Archer; each picks his own treasure",
)""",
    ),
    (
        "md",
        f"""**Leaders.** A war never strands a leader other than the loser, thanks to the priest-war
protection ([§9.8.6]({R}#986-no-leader-is-stranded-by-a-war)). A leader stranded by a catastrophe or
a monument goes home at once; that is not a conflict and nobody scores
([§12]({R}#12-leaders-losing-their-last-temple)).

**The end.** There is no other ending — no turn limit, no points target
([§14.3]({R}#143-no-other-ending)) — and after the end no action is accepted.""",
    ),
    (
        "md",
        f"""## 7. What else is in the rules

* **Hidden information** ([§16]({R}#16-information-and-decisions)): hands and the bag's order
  are always hidden. The running points are hidden at the table (behind the screens) and revealed
  only at the end; the engine shows them to everyone unless the game is created with
  `options={{"scores": "hidden"}}`, which plays as at the table (each player sees only his own;
  every award is still announced as it happens). The board, the supplies, hand sizes and committed
  tiles are public.
* Two **variants** — civilization buildings and the ziggurat — are in
  [`05_variants.ipynb`](05_variants.ipynb) and [§17–§18]({R}#17-variant-civilization-buildings).
* Ready to play? [`01_quick_start.ipynb`](01_quick_start.ipynb) starts a game against the bots;
  [`03_puzzles.ipynb`](03_puzzles.ipynb) has twelve harder puzzles.
* The engine's rule codes for malformed input (`§16 A1`–`A5`, `§16 D1`–`D2`) are in
  [§16]({R}#16-information-and-decisions).

**Check yourself.** Who scores a monument at the end of a turn? (Only the player whose turn it was,
for each of his leaders of the monument's colours in its kingdom.) A player has black 8, red 5,
blue 9, green 6 and 2 treasures: his score? (6: the first treasure lifts red to 6; the second
lifts red or green to 7, but the other stays at 6.)""",
    ),
    (
        "md",
        _codes_table(),
    ),
]
