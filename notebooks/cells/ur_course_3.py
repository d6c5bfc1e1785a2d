"""The cells of notebooks/06_ur_course_3_ziggurats_and_the_end.ipynb: ("md" | "code", text) in order."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from ur_links import rule

CODES = [
    "§2.5 I1", "§2.5 I2", "§2.6 X1", "§4 A1", "§4 A2", "§4 A3", "§4 A4", "§5.1 G1", "§5.1 G2", "§5.2 T1",
    "§5.3 C1", "§5.4 P1", "§5.5 W1", "§5.5 W2", "§5.5 W3", "§6 X4", "§6.1 X1", "§6.2 X2", "§6.3 X3", "§6.4 R1",
    "§6.4 R2", "§7 Z1", "§7 Z2", "§7 Z3", "§8 E1", "§8 E2", "§8 E3", "§8 E4", "§9.1 E5", "§9.1 E6", "§9 G1",
]  # fmt: skip
"""Every refusal code of the engine (``games.ur.engine.errors.RULE_CODES`` without the notation's §12 S1–S3)."""
SECTIONS = ["§2.5", "§2.6", "§4", "§5.1", "§5.2", "§5.3", "§5.4", "§5.5", "§6.1", "§6.2", "§6.4", "§7", "§8",
            "§8.4", "§9.1", "§9.2", "§10.1", "§10.2", "§10.3", "§10.5"]  # fmt: skip
"""The sections the engine's events cite."""

CELLS: list[tuple[str, str]] = [
    (
        "md",
        """# Learn *Ur* — part 3 of 3: ziggurats and the end

[Part 1](06_ur_course_1_setup_and_the_turn.ipynb) covered the setup and the shape of a turn,
[part 2](06_ur_course_2_the_five_actions.ipynb) the five actions. This part adds the ziggurats, the
restart turn, the spare tile, the two ways the game ends, and the final scoring — after it you can
play a whole game and score it. As before, everything is played by the engine, with its account and
the rule it applied under each picture.""",
    ),
    (
        "code",
        """from tigris_widget import BoardWidget
from tigris_widget.bots import make_bot
from tigris_widget.bots.runner import play
from tigris_widget.games.ur import UrGame
from tigris_widget.games.ur.course import SetSplit, best_split, split_score
from tigris_widget.jupyter.course import exercise, final_scores, show_refusal, show_step
from tigris_widget.jupyter.lessons import lesson, lesson_builder""",
    ),
    (
        "md",
        f"""## 1. Ziggurats

Instead of actions, you may spend your whole turn building ziggurats ({rule("§7")}): choose **one or
two** tiles of yours that hold **5 cubes** as the turn starts; on each, the 5 cubes go back to your
supply, a ziggurat covers the tile and one of your cubes goes on top. Net: 4 cubes back per ziggurat.
There are only 5 ziggurats. A ziggurat is yours for good — nothing can attack it, move its cube or
feed it — and it scores as a **sixth colour** at the end (section 6). The tile under it has no kind
any more, though the pictures still show its letter and badge beside the ziggurat: a ziggurat on a
farm protects nobody from starving, and one on a trade tile is no trade tile. No action, no extra cube, and then the exchange as always.""",
    ),
    (
        "code",
        'show_step(lesson("ur-ziggurat"), "P0: zig (2,2) (4,4); exchange (3,0) side P",\n'
        '          highlight=["(2,2)", "(4,4)"], caption="Two ziggurats in one turn: 5 cubes back, 1 on top, twice")',
    ),
    (
        "code",
        'show_refusal(lesson("ur-ziggurat"), "P0: zig (0,0); exchange (3,0) side P", highlight=["(0,0)"],\n'
        '             caption="(0,0) holds 4 cubes, not 5")',
    ),
    (
        "code",
        'show_refusal(lesson("ur-ziggurat"), "P0: culture; zig (2,2); exchange (3,0) side P", highlight=["(2,2)"],\n'
        '             caption="Ziggurats replace the whole turn: not after an action")',
    ),
    (
        "md",
        f"""{rule("§7 Z1")} wants a tile of yours with 5 cubes, {rule("§7 Z3")} forbids mixing ziggurats with
actions or cubes, and {rule("§7 Z2")} limits a turn to two ziggurats and to those left.""",
    ),
    ("code", 'exercise("ur-ex-ziggurats")'),
    (
        "md",
        f"""## 2. The restart turn

A player who starts his turn with **no cube at all on the grid** (cubes on his ziggurats count as on
the grid) plays a restart turn ({rule("§6.4")}): 3 cubes on **one empty tile** of his choice, then the
exchange — no actions, no ziggurat, no extra cube. Wars can wipe a player out; this is how he comes
back. P1 has nothing on the grid; P2 has cubes and may not restart ({rule("§6.4 R2")}).

**No empty tile?** Then the restart places nothing, and only the exchange is left. With no empty
tile on the grid that exchange can only take the spare (three players, if its pair differs from the
hand tile's); otherwise no exchange is possible and the game ends at once (section 4).""",
    ),
    (
        "code",
        'show_step(lesson("ur-restart"), "P1: restart (3,3); exchange (0,5) side T", highlight=["(3,3)"],\n'
        '          caption="P1 restarts: 3 cubes on an empty tile, then the exchange")',
    ),
    (
        "code",
        'restarted = lesson("ur-restart")\nrestarted.play_line("P1: restart (3,3); exchange (0,5) side T")\n'
        'show_refusal(restarted, "P2: restart (3,4); exchange (0,4) side P", highlight=["(5,5)"],\n'
        '             caption="P2 still has cubes on (5,5)")',
    ),
    (
        "md",
        f"""## 3. The spare tile (three players)

With three players the fourth tile lies beside the grid. In the exchange you may take it instead of a
grid tile, if its pair differs from your hand tile's ({rule("§8.4")}); your old tile becomes the spare
(no side to choose: it lies beside the grid). The spare belongs to nobody and never scores. P0 holds
`AT`, the spare is `TP`:""",
    ),
    (
        "code",
        'show_step(lesson("ur-spare"), "P0: trade; exchange spare", highlight=[],\n'
        '          caption="P0 takes the spare TP; AT becomes the spare (see the hands under the grids)")',
    ),
    (
        "code",
        'same = lesson_builder("ur-spare").spare("AT").game()  # the spare now has P0\'s own pair\n'
        'show_refusal(same, "P0: cube (0,0); exchange spare", caption="The spare has P0\'s pair AT")',
    ),
    (
        "md",
        f"""The pair rule holds for the spare as for a grid tile ({rule("§8 E2")}): a spare of your own pair
cannot be taken ({rule("§8 E4")} refuses a spare exchange when there is no spare to take at all, as
with four players). Because the spare can be passed around, with three players the grid may fill up
completely before anybody is stuck.""",
    ),
    (
        "md",
        f"""## 4. The end (a): nobody can exchange

When the player whose turn it is reaches his exchange and **no legal exchange exists** — no empty
tile of another pair, and no spare of another pair — the game ends **at once**
({rule("§9.1")}); he keeps his tile and the scoring follows. His turn line then has no `exchange`
({rule("§9.1 E6")} refuses one). Here every tile is occupied except two `AC` tiles; P0 holds `AC` and
the spare is `AC`: whatever P0 does, he cannot exchange.""",
    ),
    (
        "code",
        'ending = lesson("ur-last-exchange")\n'
        'show_step(ending, "P0: pass", highlight=["(3,5)", "(5,5)"], caption="P0 cannot exchange: the game ends at once")',
    ),
    ("code", "final_scores(ending)"),
    (
        "md",
        f"""**Ties** ({rule("§10.5")}): P0 and P1 both score 33. The tie goes to the player with **more cubes
on the grid** (ziggurat cubes included): P0 has 19, P1 17, so P0 wins. Equal there too, they share the
place. Sweeping your cubes off the grid late in the game can cost you a tie.""",
    ),
    ("code", 'exercise("ur-ex-tie")'),
    (
        "md",
        f"""## 5. The end (b): the fifth ziggurat and the last round

When somebody builds the **fifth** ziggurat, the game goes on only until every player has had the same
number of turns: it ends after the turn of the player **to the right of the start player**
({rule("§9.2")}). Those last turns are ordinary, except that no ziggurat is left to build. Here P0 is
the start player, so P2 plays last: P1 builds the fifth ziggurat, P2 plays one more turn, and the game
is over — P0 does not play again.""",
    ),
    (
        "code",
        'last = lesson("ur-fifth-ziggurat")\n'
        'show_step(last, "P1: zig (2,2); exchange (3,3) side T", highlight=["(2,2)"],\n'
        '          caption="P1 builds the fifth ziggurat: the round is played out")',
    ),
    (
        "code",
        'show_step(last, "P2: agri; exchange (1,0) side P", highlight=[], caption="P2, the last seat of the round, plays; then the game ends")',
    ),
    (
        "code",
        'show_refusal(last, "P0: cube (2,4)", highlight=["(2,4)"], caption="The game is over: P0 does not play again")',
    ),
    ("code", "final_scores(last)"),
    (
        "md",
        f"""({rule("§9 G1")} refuses anything after the end.) There is no other end; the package's option
`turnLimit` exists only so that bots cannot loop forever ({rule("§9.3")}).""",
    ),
    (
        "md",
        f"""## 6. Scoring: sets of different colours

At the end each player scores **items** ({rule("§10.1")}):

* every tile of his on the grid (at least one cube) is one item of its **face** kind — how many cubes
  does not matter, the back never counts;
* every ziggurat of his is one item of a **sixth colour, `Z`**;
* his hand tile is one item of **either** of its two kinds, whichever scores more.

He splits his items into **sets of different colours** (at most one of each of A, T, C, P, W, Z) and
scores each set by its size ({rule("§10.2")}):

| set size | 1 | 2 | 3 | 4 | 5 | 6 |
|---|---|---|---|---|---|---|
| points | 1 | 3 | 6 | 10 | 15 | 21 |

Big sets pay much more, so the best split puts one item of every colour in the first set, one of every
colour you have twice in the second, and so on — the **layered split**, always the best
({rule("§10.3")}). **Try it**: a player owns 3 agriculture, 2 trade, 2 war, 1 politics and 1 culture
tile and one ziggurat, and holds a `PW` tile. Put each item in a set (choose a set number for each,
and the side of the hand tile); the score updates as you go, and the button shows the best split.""",
    ),
    ("code", 'SetSplit({"A": 3, "T": 2, "C": 1, "P": 1, "W": 2, "Z": 1}, hand="PW", title="The rulebook\'s example")'),
    (
        "md",
        """The same with code: `split_score` scores any split you write, `best_split` gives the layers.""",
    ),
    (
        "code",
        'print(split_score(["ATCPWZ", "ATPW", "A"]), "← the layers, hand tile as politics")\n'
        'print(split_score(["ATCPW", "ATPWZ", "A"]), "← two sets of five are worth less")\n'
        'print(best_split({"A": 3, "T": 2, "C": 1, "P": 1, "W": 3, "Z": 1}), "← with the war side:",\n'
        '      split_score(best_split({"A": 3, "T": 2, "C": 1, "P": 1, "W": 3, "Z": 1})))',
    ),
    (
        "md",
        """## 7. A whole game

Three bots play a complete game from seed 11 (the setup cubes, the initial exchange, then turn after
turn until the game ends by one of the two ways above). Below: the final scoring, every turn as a line
of notation (the same lines a game record holds), and the board to step through the game with ← and →.
Look for the players' ziggurats, the wars, and how each player's items spread over the colours.""",
    ),
    (
        "code",
        'whole = UrGame.new(players=3, seed=11)\nplay(whole, [make_bot("greedy", seed=s, game="ur") for s in range(3)])\nfinal_scores(whole)',
    ),
    ("code", 'print("\\n".join(whole.lines))'),
    ("code", "BoardWidget(whole)"),
    (
        "md",
        """## 8. Play a game

You know every rule now. A turn, in order:

1. no cube on the grid? **restart**: 3 cubes on an empty tile;
2. otherwise **either** 1–2 ziggurats on your full tiles, **or** 0–2 actions of your hand tile — with
   one action one extra cube on a tile of yours (before or after), with none 1–2 cubes on a tile of
   yours or 1 on an empty tile;
3. **exchange** for an empty tile (or the spare) of another pair, the old tile down with a side you
   choose — if you cannot, the game ends;
4. after the fifth ziggurat, the round is finished and the game ends.

Then count your items, split them into layers and add up. Below, a new game for three (hot seat):""",
    ),
    ("code", "BoardWidget(UrGame.new(players=3, seed=42))"),
    (
        "md",
        "## 9. Every rule code of the course\n\n"
        "Refusals (the engine's codes):\n\n"
        + "\n".join(f"* {rule(code, '`' + code + '`')}" for code in CODES)
        + "\n\nSections the engine's events cite: "
        + ", ".join(rule(code, "`" + code + "`") for code in SECTIONS)
        + ".",
    ),
]
