"""The cells of notebooks/06_ur_course_1_setup_and_the_turn.ipynb: ("md" | "code", text) in order."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from ur_links import DOC, rule

CELLS: list[tuple[str, str]] = [
    (
        "md",
        f"""# Learn *Ur* — part 1 of 3: the pieces, the setup and a turn

*Ur* is a game for three or four players by Paolo Mori (2006): double-sided action tiles, wooden cubes
and ziggurats on a 6 × 6 grid. (It is neither *Ur, 1830 BC* nor the ancient race game called the
Royal Game of Ur.) This course teaches all of it, so that after it you can play a legal game and score it:

1. **this one** — the pieces, the setup, what a turn is made of, the extra cubes and the exchange;
2. [**part 2**](06_ur_course_2_the_five_actions.ipynb) (`06_ur_course_2_…`) — agriculture,
   trade, culture, politics and war, with their arithmetic;
3. [**part 3**](06_ur_course_3_ziggurats_and_the_end.ipynb) (`06_ur_course_3_…`) —
   ziggurats, the restart turn, the spare tile, the two ways the game ends, and the scoring.

Every rule is shown as **before → turn → after**: two pictures of the grid side by side, the tiles
that matter framed in orange dashes, the tiles the last step changed framed in pink, and under each
grid every player's hand tile, supply, cubes on the grid and points as the game stands (a changed
number is bold and followed by its change). Then comes the engine's own account of the turn, each line
with the rule it applied. Nothing here is typed in: every result was played by the engine. A turn the
engine **refuses** changes nothing, so it is shown as **one** grid with the engine's reason.

Rule codes such as `§5.1` or `§5.5 W3` are sections of the project's rules reference,
[`docs/rules-ur.md`]({DOC}); each code links to its section the first time it matters. Run the
notebook (*Run → Run All Cells*) and a live board follows each picture: step through the turn with ←
and →, or play on. Until then, and where no kernel runs (GitHub, nbviewer), a picture of that board
stands in for it. The exercises keep their hint and their
solution folded until you open them.""",
    ),
    (
        "code",
        """from tigris_widget import BoardWidget
from tigris_widget.games.ur import UrGame
from tigris_widget.jupyter.course import legend, show_board, show_refusal, show_step
from tigris_widget.jupyter.lessons import lesson""",
    ),
    (
        "md",
        f"""## 1. The game in one paragraph

36 tiles lie face up in a 6 × 6 grid. Each tile has two sides, each side one of five **actions**:
agriculture, trade, culture, politics, war. You own a tile while your cubes are on it. You also hold
one tile in your hand: on your turn you perform **none, one or both** of the two actions it shows
(fewer actions earn free cubes), or instead turn full tiles of yours (5 cubes) into **ziggurats**.
Then you must **exchange** your hand tile for an empty tile of the grid. The game ends when somebody
cannot exchange, or when the round in which the fifth ziggurat is built is over (everyone has then
had the same number of turns; part 3). You score **sets of different colours** among
the tiles you own, your ziggurats and your hand tile: 1, 3, 6, 10, 15 or 21 points for a set of 1 to 6.
({rule("§0.6", "The game at a glance")})""",
    ),
    (
        "md",
        f"""## 2. The pieces, and how to read the pictures

* **40 tiles**, each with two *different* actions on its two sides: every one of the 10 pairs of
  actions (`AT`, `AC`, … `PW`) exists 4 times ({rule("§1.1")}). The side lying up is the tile's
  **face**, and it is what the tile *is* on the grid: an `A` tile is an agriculture tile, called a
  **farm** for short. The side underneath, its **back**, is shown as the small badge in the corner.
  In text a grid tile is written with its face in capitals and its back in lower case: `At` is a farm
  with trade underneath, `Ta` the same pair turned over (a trade tile with agriculture underneath).
  A pair on its own, as a hand tile has no face, is written in capitals: `AT`.
* The five actions and their letters, used everywhere: **`A` agriculture** (green), **`T` trade**
  (yellow), **`C` culture** (blue), **`P` politics** (purple), **`W` war** (red). The letters are
  always written, so colour is never needed to read a picture.
* **20 cubes** per player in his colour (here P0 black, P1 white, P2 orange, P3 brown). Cubes not on
  the grid are the player's **supply**. A tile holds 0 to 5 cubes, all of one player; a tile with
  none is **empty** ({rule("§3", "§3 Terms")}).
* **5 ziggurats**. A ziggurat covers a tile for good and carries one cube of its builder. In the
  pictures the covered tile's letter and badge stay visible beside the ziggurat, but the tile has **no
  kind any more**: a ziggurat on a farm is not a farm (part 3).
* Each player holds **one hand tile**, open for everybody. With three players the fourth tile lies
  beside the grid as the **spare**.
* A cell is written `(x,y)`: column `x` from 0 on the left, row `y` from 0 at the top. **Next to**
  (adjacent) means sharing a side — never a corner ({rule("§0.3")}).""",
    ),
    ("code", 'legend("ur")'),
    (
        "md",
        f"""## 3. Setting up

The 36 tiles are laid out so that neighbouring tiles do not look the same ({rule("§2.2")}). The
rulebook's sentence has two readings, and the package plays both: by default (option `layout=colour`,
as the publisher taught it) **no two neighbouring tiles show the same face** — no two farms side by
side; with `layout=face` only two **identical** tiles (same face *and* same back) may not touch, so
`At` may lie beside `Ac` but not beside another `At`. Either way only sides count, never corners, and
the rule binds **the setup only**: a tile laid back in an exchange may land next to a tile of the same
kind. The four tiles left over are dealt, one per player, and with three players the
last one is the spare. A start player is drawn. This package lays out the grid from a **seed**, so the
same seed always gives the same game ({rule("§2.3")}): here seed 7 for three players, start player P1.""",
    ),
    (
        "code",
        'game = UrGame.new(players=3, seed=7)\nshow_board(game, status=True, caption="Seed 7: the grid, the hands and the spare")',
    ),
    (
        "md",
        f"""**Setup cubes** ({rule("§2.5")}): three rounds, starting with the start player and going
clockwise (P1, P2, P0 here). In **round 1** each player puts one cube on any **empty** tile.""",
    ),
    (
        "code",
        'show_step(game, "P1: place (1,1)", "P2: place (4,4)", "P0: place (2,3)",\n'
        '          highlight=["(1,1)", "(4,4)", "(2,3)"], caption="Round 1: one cube each on an empty tile")',
    ),
    (
        "md",
        f"""In **rounds 2 and 3** a cube goes on a tile of yours, or on an empty tile **next to** one of
yours. A tile far from your cubes is refused ({rule("§2.5 I2")}):""",
    ),
    (
        "code",
        'show_refusal(game, "P1: place (5,0)", highlight=["(5,0)", "(1,1)"],\n'
        '             caption="Round 2: (5,0) touches none of P1\'s tiles")',
    ),
    (
        "code",
        'show_step(game, "P1: place (1,2)", "P2: place (4,4)", "P0: place (2,3)",\n'
        '          "P1: place (1,2)", "P2: place (4,3)", "P0: place (2,4)",\n'
        '          highlight=["(1,2)", "(4,4)", "(4,3)", "(2,3)", "(2,4)"],\n'
        '          caption="Rounds 2 and 3: on your own tile, or on an empty tile next to it")',
    ),
    (
        "md",
        f"""**The initial exchange** ({rule("§2.6")}): in the same order, each player may keep his hand
tile (`keep`) or exchange it once, by the rules of the exchange (section 6 below): P1 keeps `TW`; P2
takes the empty `AC` tile on (0,0) and lays his `AP` there with politics up; P0 takes the spare `TP`
and leaves his `AT` as the spare. Then the start player begins the first turn.""",
    ),
    (
        "code",
        'show_step(game, "P1: keep", "P2: exchange (0,0) side P", "P0: exchange spare", highlight=["(0,0)"],\n'
        '          caption="The initial exchange: keep, take a grid tile, or take the spare")',
    ),
    (
        "md",
        f"""## 4. What a turn is made of

Every turn has the same shape ({rule("§4")}):

1. **Restart** — only when you have **no cube at all** on the grid as your turn starts: 3 cubes on one
   empty tile instead of everything else (part 3).
2. Otherwise, **either** build ziggurats (part 3) **or** perform actions of your hand tile:
   * **two actions** — both kinds of your hand tile, one completely after the other, in the order you
     choose; no free cube ({rule("§6.3")});
   * **one action** — plus, if you like, **one extra cube** on a tile of yours, placed before the
     action or after it ({rule("§6.1")});
   * **no action** — if you like, **1 or 2 cubes on one tile of yours**, or **1 cube on any empty
     tile** ({rule("§6.2")}).
3. **Exchange** your hand tile — always (section 6).

A turn is written as one line: `P0: agri; cube (1,0); exchange (3,3) side T` — the player, then the
items in the order they happen ({rule("§12", "§12 notation")}). Here P0 holds `AT` (agriculture
and trade).""",
    ),
    (
        "code",
        'show_step(lesson("ur-turn"), "P0: cube (0,0) x2; exchange (3,3) side T", highlight=["(0,0)"],\n'
        '          caption="No action: two cubes on one tile of your own")',
    ),
    (
        "code",
        'show_step(lesson("ur-turn"), "P0: cube (4,5); exchange (3,3) side T", highlight=["(4,5)"],\n'
        '          caption="No action: or one cube on an empty tile, anywhere on the grid")',
    ),
    (
        "code",
        'show_refusal(lesson("ur-turn"), "P0: cube (4,5) x2; exchange (3,3) side T", highlight=["(4,5)"],\n'
        '             caption="Two cubes go only on a tile of your own")',
    ),
    (
        "md",
        f"""With **one action** the extra cube may come before it or after it — never in the middle
({rule("§6")}). Agriculture is the subject of part 2; here it simply adds cubes to P0's
farm (0,0).""",
    ),
    (
        "code",
        'show_step(lesson("ur-turn"), "P0: agri; cube (1,0); exchange (3,3) side T", highlight=["(0,0)", "(1,0)"],\n'
        '          caption="One action, then the extra cube on a tile of P0")',
    ),
    (
        "code",
        'show_step(lesson("ur-turn"), "P0: cube (1,0); agri; exchange (3,3) side T", highlight=["(1,0)", "(0,0)"],\n'
        '          caption="Or the extra cube first, then the action")',
    ),
    (
        "code",
        'show_step(lesson("ur-turn"), "P0: agri; trade; exchange (3,3) side T", highlight=["(0,0)"],\n'
        '          caption="Two actions: both sides of the hand tile (trade finds no trade tile of P0: it still counts)")',
    ),
    (
        "md",
        f"""An action counts once it is carried out, even when it changes nothing, as trade does above. Two
actions earn no extra cube ({rule("§6.3 X3")}), and only the two actions of your hand tile can be
performed ({rule("§4 A1")}):""",
    ),
    (
        "code",
        'show_refusal(lesson("ur-turn"), "P0: agri; trade; cube (0,0); exchange (3,3) side T", highlight=["(0,0)"],\n'
        '             caption="No extra cube after two actions")',
    ),
    (
        "code",
        'show_refusal(lesson("ur-turn"), "P0: war (0,0)->(0,1) move 1; exchange (3,3) side T",\n'
        '             highlight=["(0,0)", "(0,1)"], caption="P0 holds AT: no war this turn")',
    ),
    (
        "md",
        """## 5. Which action to pick

Each action is a chapter of part 2. In short: **agriculture** grows cubes on your farms and starves
your tiles far from farms; **trade** pays your trade tiles for the edge of the grid and for rival
neighbours; **culture** gives a cube to every occupied neighbour of your culture tiles — rivals
included; **politics** regroups your cubes; **war** conquers a neighbouring tile. One action plus the
free cube, or two actions without it, or no action with up to two free cubes: the choice is the
heart of the game.""",
    ),
    (
        "md",
        f"""## 6. The exchange ends every turn

After the actions (or ziggurats, or restart) you **must** exchange your hand tile ({rule("§8.1")}):
take an **empty** tile from the grid whose **pair differs** from your hand tile's pair, and lay your
old tile in its place with **the side you choose** up ({rule("§8.2")}, {rule("§8.3")}). "Differs"
means the pair: holding `AT`, neither an `At` nor a `Ta` tile may be taken ({rule("§8.5")}). With
three players you may take the spare instead (part 3). If no exchange is possible, the game ends at
once (part 3). The tile you lay keeps no cubes: it is empty, and you play your new tile next turn.""",
    ),
    (
        "code",
        'show_step(lesson("ur-turn"), "P0: agri; exchange (3,3) side T", highlight=["(3,3)"],\n'
        '          caption="P0 takes the empty culture tile (3,3) and lays AT there, trade side up")',
    ),
    (
        "md",
        f"""Three refusals: a tile with cubes ({rule("§8 E1")}), a tile of the same pair as the hand tile
({rule("§8 E2")}), a side the old tile does not have ({rule("§8 E3")}). And the exchange cannot be
left out while one is possible ({rule("§9.1 E5")}).""",
    ),
    ("code", 'show_refusal(lesson("ur-turn"), "P0: agri; exchange (1,1) side T", highlight=["(1,1)"])'),
    ("code", 'show_refusal(lesson("ur-turn"), "P0: agri; exchange (3,4) side T", highlight=["(3,4)"])'),
    ("code", 'show_refusal(lesson("ur-turn"), "P0: agri; exchange (3,3) side C", highlight=["(3,3)"])'),
    ("code", 'show_refusal(lesson("ur-turn"), "P0: agri")'),
    (
        "md",
        """## 7. Your turn

A new game for three at the table (hot seat): click the board to place the setup cubes, then play
turns — the board offers only legal choices, and a refused click says which rule stops it. Parts 2 and
3 explain the actions, the ziggurats and the end.""",
    ),
    ("code", "BoardWidget(UrGame.new(players=3, seed=2006))"),
]
