"""The cells of notebooks/06_ur_course_2_the_five_actions.ipynb: ("md" | "code", text) in order."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from ur_links import rule

CELLS: list[tuple[str, str]] = [
    (
        "md",
        f"""# Learn *Ur* — part 2 of 3: the five actions

[Part 1](06_ur_course_1_setup_and_the_turn.ipynb) showed what a turn is made of; this part shows each
of the five actions, with the edge cases a real game raises. Every action is performed by the player
whose turn it is, on **his own** tiles, and is finished completely before anything else happens
({rule("§5", "§5 The five actions")}). Cubes removed go back to their owner's supply; cubes placed
come from it, and a tile never holds more than 5. With **two actions**, the second one starts from
the grid the first one left: a tile the first action **emptied** is no longer yours and does **not**
act in the second — a trade tile starved empty by agriculture gets no trade cubes ({rule("§5")}).
Each example starts from a lesson position and is
played by the engine; the pictures and the engine's account are under each cell.
[Part 3](06_ur_course_3_ziggurats_and_the_end.ipynb) covers ziggurats and the end.""",
    ),
    (
        "code",
        """from tigris_widget.jupyter.course import exercise, show_refusal, show_step
from tigris_widget.jupyter.lessons import lesson, lesson_builder""",
    ),
    (
        "md",
        f"""## 1. Agriculture (`A`) — farms grow, tiles far from farms starve

Two steps ({rule("§5.1")}):

1. **Starving:** every tile of yours with **no agriculture tile next to it** loses one cube. A farm is
   not next to itself, so a lone farm of yours loses a cube too. Whose farm the neighbour is does
   not matter, and an empty farm protects as well. A **ziggurat on a farm protects nobody**: the
   tile under a ziggurat has no kind any more.
2. **Harvest:** each of **your** agriculture tiles gets up to 2 cubes (you choose 0, 1 or 2 for each;
   `agri` alone means the most everywhere). A farm emptied by step 1 still counts: the farms are
   those you had when the action began.

P0 holds `AT`. The lone farm (0,0) has 1 cube; (1,0) sits next to it; (5,2) is far from every farm;
the farms (3,3) and (3,4) touch each other. P1's tile (4,2) is not P0's and is never touched.""",
    ),
    (
        "code",
        'show_step(lesson("ur-agriculture"), "P0: agri; exchange (4,0) side T",\n'
        '          highlight=["(0,0)", "(1,0)", "(5,2)", "(3,3)", "(3,4)"],\n'
        '          caption="Agriculture: (5,2) starves and is lost; the lone farm (0,0) drops to 0 and is refilled")',
    ),
    (
        "md",
        """**Starving your own farm.** The lone farm (0,0) lost its only cube in step 1 and got 2 back in step
2 — but only because P0 had cubes in his supply. Farms side by side protect each other, and a tile
next to any farm — even a rival's or an empty one — is safe. You may also place fewer cubes, e.g. to
keep cubes in your supply; list the farms and amounts:""",
    ),
    (
        "code",
        'show_step(lesson("ur-agriculture"), "P0: agri (0,0)+1 (3,3)+2; exchange (4,0) side T",\n'
        '          highlight=["(0,0)", "(3,3)", "(3,4)"], caption="Agriculture with chosen amounts: (3,4) gets none")',
    ),
    ("code", 'exercise("ur-ex-starve")'),
    (
        "md",
        f"""## 2. Trade (`T`) — the edge of the grid and rival neighbours pay

For each of **your** trade tiles, count the sides that touch the **edge of the grid** (2 in a corner,
1 on an edge) plus its neighbours that **belong to another player** — a rival's ziggurat counts, empty
tiles and your own tiles do not, and **your own ziggurat counts 0** as well. Put that many cubes on it ({rule("§5.2")}). The placement is
compulsory; cubes above 5 are simply not placed ({rule("§5.2 T1")} covers a short supply, when you
choose where your last cubes go).

P0 holds `TW`: the corner tile (0,5) counts 2 edges + P1 + P2 = 4; the edge tile (5,1) counts 1 edge +
P1's ziggurat = 2 (P0's own (4,1) counts nothing); the inner tile (1,1) has four rival neighbours but
already 4 cubes, so it gets only 1.""",
    ),
    (
        "code",
        'show_step(lesson("ur-trade"), "P0: trade; cube (4,1); exchange (2,0) side T",\n'
        '          highlight=["(0,5)", "(5,1)", "(1,1)", "(5,0)"],\n'
        '          caption="Trade: corner 2 + rivals, edge 1 + a rival ziggurat, and the cap of 5")',
    ),
    (
        "md",
        f"""## 3. Culture (`C`) — every occupied neighbour gets a cube, rivals too

For each of **your** culture tiles, **every non-empty neighbour** receives one cube **of its owner's
colour** — yours, but also your rivals' ({rule("§5.3")}). A tile next to two of your culture tiles
gets two. Empty tiles and ziggurats get nothing, and a culture tile does not feed itself. A player
short of cubes chooses where his go ({rule("§5.3 C1")}).

P0 holds `CP` and owns the culture tiles (2,2) and (3,3). (2,3) is P0's and touches both.
**Culture feeding rivals:** P1's (2,1) and P2's (1,2) touch (2,2), so they grow as well.""",
    ),
    (
        "code",
        'show_step(lesson("ur-culture"), "P0: culture; exchange (0,0) side C",\n'
        '          highlight=["(2,2)", "(3,3)", "(2,3)", "(2,1)", "(1,2)", "(3,2)"],\n'
        '          caption="Culture: (2,3) gets 2, and P1 and P2 get a cube each on their tiles next to P0\'s culture")',
    ),
    ("code", 'exercise("ur-ex-culture")'),
    (
        "md",
        f"""## 4. Politics (`P`) — regroup your cubes

Move your cubes among **the tiles you own** as you like: any tile may end with 0 to 5, the total stays
the same, and nothing goes to an empty tile, a rival's tile or your supply ({rule("§5.4")}). No politics
tile is needed. Write the new counts: `politics (0,0)=5 (1,0)=0 (2,0)=0`. Tiles you empty are lost.
Here P0 gathers 3 + 1 + 1 cubes on (0,0): a full tile, ready for a ziggurat next turn (part 3).""",
    ),
    (
        "code",
        'show_step(lesson("ur-politics"), "P0: politics (0,0)=5 (1,0)=0 (2,0)=0; exchange (3,3) side P",\n'
        '          highlight=["(0,0)", "(1,0)", "(2,0)"], caption="Politics: five cubes on one tile")',
    ),
    (
        "code",
        'show_refusal(lesson("ur-politics"), "P0: politics (0,0)=2 (3,0)=1 (2,0)=1; exchange (3,3) side P",\n'
        '             highlight=["(3,0)"], caption="Politics cannot spread onto an empty tile")',
    ),
    (
        "md",
        f"""## 5. War (`W`) — conquer a neighbouring tile

Pick an **attacker** (a tile of yours) and a **target** next to it that is empty or a rival's
({rule("§5.5")}). Then ({rule("§5.5 W1")}):

1. all the target's cubes go back to their owner;
2. the attacker loses **as many** cubes;
3. if the two faces are **different kinds**, the attacker loses **one more** — **unless the attacker
   is a war tile** (`W` face);
4. you move **at least 1** of the attacker's remaining cubes onto the target ({rule("§5.5 W2")}).

So an attack needs at least *target cubes + extra + 1* cubes on the attacker. A tile with 5 cubes can
never be attacked ({rule("§5.5 W3")}). One war action may hold **several wars**, one after another:
**the same tile may attack twice** (or more) while it has the cubes, and a tile you just conquered may
attack at once. But a war action needs **at least one war**: when none of your tiles can attack, you
**cannot declare war** at all — perform your other action, or none. P0 holds `TW` and has 4 cubes on the war tile (1,2) and
4 on the culture tile (2,2).""",
    ),
    (
        "code",
        'show_step(lesson("ur-war"), "P0: war (1,2)->(1,1) move 2; exchange (0,0) side W",\n'
        '          highlight=["(1,2)", "(1,1)"], caption="From a war tile: 2 cubes lost, no extra cube; 4 − 2 = 2, both move in")',
    ),
    (
        "code",
        'show_step(lesson("ur-war"), "P0: war (2,2)->(2,1) move 1; exchange (0,0) side W",\n'
        '          highlight=["(2,2)", "(2,1)"], caption="Culture attacks politics: 2 + 1 extra; 4 − 3 = 1 moves in, (2,2) is left empty")',
    ),
    (
        "code",
        'show_step(lesson("ur-war"), "P0: war (2,2)->(2,3) move 1; exchange (0,0) side W",\n'
        '          highlight=["(2,2)", "(2,3)"], caption="Culture attacks culture: same kind, no extra cube; 4 − 2 = 2")',
    ),
    (
        "md",
        f"""**With and without the war-tile discount.** The printed German and English rules leave out the
exception of step 3; the Italian rules have it, and it is this package's default. The option
`warTileDiscount=false` plays the other reading ({rule("§0.5")}): the same attack from the war tile
then costs one cube more.""",
    ),
    (
        "code",
        'show_step(lesson("ur-war-no-discount"), "P0: war (1,2)->(1,1) move 1; exchange (0,0) side W",\n'
        '          highlight=["(1,2)", "(1,1)"], caption="warTileDiscount=false: the war tile pays 2 + 1; 4 − 3 = 1 moves in")',
    ),
    (
        "code",
        'show_step(lesson("ur-war"), "P0: war (1,2)->(1,1) move 2, (1,1)->(1,0) move 1; exchange (0,0) side W",\n'
        '          highlight=["(1,2)", "(1,1)", "(1,0)"],\n'
        '          caption="Two wars in one action: the conquered (1,1) attacks the empty (1,0) at once")',
    ),
    (
        "code",
        'show_step(lesson("ur-war"), "P0: war (1,2)->(1,1) move 1, (1,2)->(0,2) move 1; exchange (0,0) side W",\n'
        '          highlight=["(1,2)", "(1,1)", "(0,2)"],\n'
        '          caption="One tile attacks twice: (1,2) pays 2 for (1,1), moves 1 in, then takes the empty (0,2)")',
    ),
    (
        "code",
        'no_war = lesson_builder("ur-turn").cubes(0, x0y0=1).hand(0, "TW").game()  # one cube on each tile of P0\n'
        'show_refusal(no_war, "P0: war; exchange (3,3) side T", highlight=["(0,0)", "(1,0)"],\n'
        '             caption="P0 holds TW, but no tile of his can attack: no war action")',
    ),
    (
        "code",
        'show_refusal(lesson("ur-war"), "P0: war (2,2)->(3,2) move 1; exchange (0,0) side W",\n'
        '             highlight=["(2,2)", "(3,2)"], caption="P1\'s (3,2) holds 5 cubes")',
    ),
    (
        "code",
        'show_refusal(lesson("ur-war"), "P0: war (1,2)->(2,2) move 1; exchange (0,0) side W",\n'
        '             highlight=["(1,2)", "(2,2)"], caption="Your own tile is never a target")',
    ),
    ("code", 'exercise("ur-ex-war")'),
    (
        "md",
        f"""## 6. When the supply runs short

Trade and culture place their cubes whether you like it or not. When a player has fewer cubes in his
supply than are due, **he** chooses which of his tiles get them, and all his cubes go
({rule("§5.2 T1")}, {rule("§5.3 C1")}). In the turn line the choice is written after the action:
`trade (4,1)+1`, and for another player's cubes `culture | P1: (2,1)+1`. Here P0 (hand `TC`) has 1
cube left and 4 due to his trade tiles; P1 has 1 cube left and 2 due from P0's culture.""",
    ),
    (
        "code",
        'show_step(lesson("ur-short"), "P0: trade (4,1)+1; exchange (0,0) side C", highlight=["(4,1)", "(5,2)"],\n'
        '          caption="Trade with one cube left: P0 puts it on (4,1), (5,2) gets none")',
    ),
    (
        "code",
        'show_step(lesson("ur-short"), "P0: culture | P1: (2,1)+1; exchange (0,0) side C", highlight=["(2,1)", "(1,2)"],\n'
        '          caption="Culture: P1 is short, so P1 chooses (2,1) for his last cube")',
    ),
    (
        "code",
        'show_refusal(lesson("ur-short"), "P0: trade; exchange (0,0) side C", highlight=["(4,1)", "(5,2)"],\n'
        '             caption="Short of cubes, the line must say where they go")',
    ),
    (
        "md",
        """## 7. In short

| action | whose tiles act | what happens |
|---|---|---|
| agriculture | your farms | your tiles with no farm beside them lose 1; each of your farms gets 0–2 |
| trade | your trade tiles | + edges + rival neighbours (ziggurats too), up to 5 |
| culture | your culture tiles | every occupied neighbour +1 in its owner's colour |
| politics | all your tiles | regroup your cubes among them |
| war | one of yours attacks | target's cubes off, attacker pays the same (+1 for another kind, not from a war tile), move ≥ 1 in |

[Part 3](06_ur_course_3_ziggurats_and_the_end.ipynb): ziggurats, the restart turn, the spare tile,
the end and the scoring.""",
    ),
]
