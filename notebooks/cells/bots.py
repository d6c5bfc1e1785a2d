"""The cells of notebooks/04_inside_the_bots.ipynb: ("md" | "code", text) in order."""

CELLS: list[tuple[str, str]] = [
    (
        "md",
        """# Inside the bots

Three bots play here: **random**, **greedy** (one move ahead, with a heuristic that knows the
weakest colour decides) and **search** (information-set Monte Carlo tree search: it samples the
hands it cannot see, so it never cheats). The inspector shows what the search bot thinks about a
decision while it thinks, and a game review finds the moves that threw a game away. The same
dashboards work for *Ur* (at the end of this notebook).

Every number below is in **one unit**: with two players, the deciding player's *chance to win* as
the search estimates it (with three or four, their *share of the win*).""",
    ),
    (
        "code",
        """from tigris_widget import Game
from tigris_widget.jupyter import BotInspector
from tigris_widget.jupyter.lessons import lesson""",
    ),
    (
        "md",
        """## A decision at the start of a game

Press **Think**: the first result appears at once from a one-move look-ahead, then the search
refines it in the background — the notebook stays free — and the board and the table update a few
times a second. It stops by itself after a second, or earlier once it has **settled** (the same best
move, clear of the others, three updates in a row: "settled after 0.8 s"); **Stop** ends it at once
and **Keep thinking** searches the same tree one second longer. (Run from code, `inspector.think()`
waits for the whole second and returns the result.)

The table lists the candidates — chance to win, its likely *range* (about 95 %: the search's
estimate is an average of samples, so it has an error), the difference to the best move, how often
the search tried it — with a reason under each, taken from the evaluation's own terms (points
scored, conflicts started, leaders lost, the weakest colour) and from the answer the search
expects. A move is called **best** only when its range lies clear above every other's, the ranges
taken about three times wider than one search's own error (another search, with other sampled hands,
differs by that much: measured over 40 positions × 10 seeds per game); when the ranges overlap the
dashboard says **too close to call**, marks every tied move on the board and tags their rows "tie";
when five or more moves were compared and none was ruled out it says **no move stands out** — a flat
field, where another search may well prefer yet another move.
A move the search hardly tried is **not examined** — never called a tie — and when nothing was
compared the dashboard says **searched most** instead of best. More thinking narrows the ranges.

The **heatmap** is for one piece — by default the piece of the best move (here the king). On each
square: the chance to win of the best move that puts that piece there, *compared with the best
move*, in percentage points (0 = as good as the best, −6 = six points worse). Squares where the
piece cannot go stay blank; the violet scale is explained in the legend on the board. A map that
would write the same number on every square says nothing, so it is left out. Pick another piece in
the *Heatmap* list, a candidate in *Show*, and **What if** to play it on a copy: the analysis, which
belongs to the position before, leaves the screen until you press **Think** (to analyse the new
position) or **Back**.""",
    ),
    (
        "code",
        """game = Game.new(players=2, seed=7)
inspector = BotInspector(game)
analysis = inspector.think()
inspector""",
    ),
    (
        "code",
        """import textwrap  # short lines: they read in a narrow window too

from tigris_widget.core.analysis import verdict

call = verdict(analysis)  # the one rule every dashboard uses
print(textwrap.fill(call.headline(), 44))
print("move              value  likely   visits")
for c in analysis.candidates[:4]:
    if c.value is not None and c.low is not None and c.high is not None:
        hardly = " *" if c in call.not_examined else ""
        print(f"{c.text:<17} {c.value:>5.0%}  {c.low:.0%}–{c.high:.0%}  {c.visits:>6}{hardly}")
if call.not_examined:
    print("* not examined: too few visits to compare")""",
    ),
    (
        "code",
        """print("best:", analysis.best.text, f"— {analysis.unit} {analysis.value:.0%}")
print(textwrap.fill("why: " + analysis.best.reason, 44))
if analysis["greedy"]:  # T&E's own detail: why the one-move look-ahead's favourite is worse
    print(textwrap.fill(analysis["greedy"]["reason"], 44))""",
    ),
    (
        "md",
        """## Why the bot commits the support it does

In a revolt only temples count — those next to each leader plus those committed from the hand — and
committed tiles are discarded whoever wins. The attacker knows its own hand and the board, not the
defender's hand: for each number of temples it could commit, the analysis estimates the chance to
win the revolt over the hands the defender might hold, the temples the defender would spend to
hold, and the game's chance to win after it. The reason says why the chosen level is best.""",
    ),
    (
        "code",
        """game = lesson("revolt")
game.apply("leader r (9,3)")            # now the archer must decide how many temples to commit
inspector = BotInspector(game)
analysis = inspector.think()
print("commit  revolt won  defender commits  game")  # game: the chance to win; "–": not searched
for level in analysis["conflict"]["levels"]:
    game_value = "–" if level["value"] is None else f"{level['value']:.0%}"
    print(f"{level['commit']:>6}  {level['win_probability']:>10.0%}  {level['opponent_commit']:>16.1f}  {game_value:>4}")
print(textwrap.fill(analysis["conflict"]["reason"], 44))
inspector""",
    ),
    (
        "md",
        """## A fair analysis and an all-seeing one

An *all-seeing* analysis reads the defender's real hand. The two disagree because the fair one
averages over every hand the defender might hold, while the all-seeing one knows the one it holds;
a bot always plays fair, the all-seeing mode exists only for this comparison. Here the bull really
holds three temples, so committing two can never win — the fair bot could only estimate that.""",
    ),
    (
        "code",
        """inspector.cheating.value = True
cheat = inspector.think()
for level in cheat["conflict"]["levels"]:
    print(f"commit {level['commit']}: wins {level['win_probability']:.0%} (all-seeing)")
print(textwrap.fill(cheat.fairness(), 44))""",
    ),
    (
        "md",
        """## Reading the hands from play

A fair analysis deals the tiles it cannot see at random, but play gives hands away: a tile placed
shows its colour was held, a war fought without committing a tile suggests that colour is missing,
a move that would have scored and was not made suggests the tile for it was not there. Tick **read
hands from play** and the search deals the hidden tiles as the bot `search-infer` would: it follows
the game from the deciding player's seat with 64 guesses at the other hands, trusting most the
guesses that best explain what the others did. The details then show that reading beside what a
random deal would give.

Two greedy bots have played 71 actions here. The bull has just fought a black war and a red war
without committing a tile to either, and its earlier moves point the same way.""",
    ),
    (
        "code",
        """from tigris_widget.games.tigris.bots.greedy import GreedyBot

game = Game.new(players=2, seed=3)
greedy = [GreedyBot(seed=30), GreedyBot(seed=31)]
while len(game) < 71:  # then the archer is to move
    game.play(greedy[game.to_move].choose(game.view(game.to_move)))
inspector = BotInspector(game)
inspector.reading.value = True
analysis = inspector.think()
colours = ["black", "red", "blue", "green"]
print("the bull's hand   " + "  ".join(f"{c:>5}" for c in colours))
bull = analysis["hands"][0]
print("read from play    " + "  ".join(f"{bull['read'][c]:5.1f}" for c in colours))
print("a random deal     " + "  ".join(f"{bull['at_random'][c]:5.1f}" for c in colours))
held = game.view(None).hands[1]  # the all-seeing view: what the bull really holds
print("really held       " + "  ".join(f"{n:5d}" for n in held))
inspector""",
    ),
    (
        "md",
        """The reading is a probability, not a certainty: hands change by a tile or more every turn, so it
is sharpest about colours a player has shown it lacks. The bot `search-infer` searches with it at
every decision (`make_bot("search-infer")`); its measured strength is in the project's bot
documentation.""",
    ),
    (
        "md",
        """## Play against the search bot

Your board shows only your own hand. The bot answers one action at a time; **Hint** lets the
search bot analyse your decision (the first result in a fraction of a second), with its heatmap on
the board, thinking in the background like Think above (**Stop**, **Keep thinking**, "too close
to call"). The hint disappears as soon as the position changes, and a search still running for
the old position is dropped.""",
    ),
    (
        "code",
        """from tigris_widget.bots import make_bot
from tigris_widget.jupyter import BotMatch

match = BotMatch(Game.new(players=2, seed=3, start_player=0), seat=0, opponents=make_bot("search:400"))
match""",
    ),
    (
        "md",
        """## Reviewing a whole game

The search bot (archer) against the greedy bot (bull): the search wins clearly, and the review shows
where the greedy bot's one-move look-ahead let it down. `review` analyses every decision from the
mover's own view — the hands they could not see are sampled, never read from the record, so each
move is judged on what its player could know. For each move it compares the chance to win after the
best move and after the move played: the difference is the move's *loss*. Losses of 5, 10 and 20
points are inaccuracies, mistakes and blunders. The same review runs from the command line, in
parallel: `python -m tigris_widget review game.json --workers 4` (add `--json` for the data).
`review_game` is `review` with a progress bar (a few seconds per 20 moves here).""",
    ),
    (
        "code",
        """from tigris_widget.bots.review import class_counts, format_review, review
from tigris_widget.cli import play_any
from tigris_widget.jupyter.stepper import review_game

game = play_any("tigris", 2, 5, {}, ["search", "greedy"])  # the search bot (Archer) wins 14 to 9
print([(r.dynasty, r.score, r.rank) for r in game.result])
report = review_game(game, iterations=100, workers=2)
print(textwrap.fill("Accuracy (0–100) says how close a player's moves came to the search's best: 100 means "
                    "every move was as good as the best it found, and a few blunders pull it down hard.", 44))
for p in report["players"]:
    print(f"{p['dynasty']}: accuracy {p['accuracy']:.0f}, {class_counts(p)}")""",
    ),
    (
        "md",
        """Step through the game below. The lower chart is the archer's chance to win after each move,
with the review's inaccuracies (yellow), mistakes (orange) and blunders (red) marked, each ringed in
the colour of the player who erred: **click the chart** to jump the board there. After a flagged
move the narration names who erred and why, and the better move is marked on the board (its squares
framed in blue, a leader's move or a war as an arrow). The
board's history bar and the arrow keys move through the game too. Below, the board stands right
after the costliest move of the game, with the better one marked.""",
    ),
    (
        "code",
        """from tigris_widget.jupyter import GameStepper

worst = max(report["moves"], key=lambda m: m["loss"])
print(f"costliest: move {worst['ply'] + 1}, {worst['name']} played {worst['action']}")
print(f"better was {worst['best']}")
stepper = GameStepper(game, review=report)
stepper.goto(worst["ply"] + 1)   # right after the costliest move of the game
stepper""",
    ),
    (
        "md",
        """## The same tools for *Ur*

Nothing in the dashboards knows which game they show: for Paolo Mori's *Ur* they get their numbers
from Ur's own analysis, which looks one round ahead (the Ur search bot itself plays each first step
out to the end of the game many times, so it may choose otherwise). An Ur turn is many small steps (actions, allocations, wars, the extra cube,
the exchange), so a candidate is a **whole turn** — every step until the turn is complete — and
its reason says what the turn changes: tiles taken or lost, cubes placed and lost, ziggurats, the
tile taken into hand, the points by the final scoring. The heat map marks the cells the candidate
turns touch; the selected turn's wars are drawn as arrows. Ur hides nothing, so the fair and the
all-seeing analysis are the same.

Below: three greedy bots play 90 steps of a game (seed 7), and the inspector looks at the next turn
— a turn of wars.""",
    ),
    (
        "code",
        """from tigris_widget.bots import make_bot
from tigris_widget.bots.runner import step
from tigris_widget.games.ur import UrGame

ur = UrGame.new(players=3, seed=7)
ur_bots = [make_bot("greedy", seed=s, game="ur") for s in range(3)]
while len(ur) < 90:
    step(ur, ur_bots)
ur_inspector = BotInspector(ur)
ur_analysis = ur_inspector.think()
for c in ur_analysis.candidates[:3]:
    print(textwrap.fill(f"{c.value:.0%} after {c.visits} visits: {c.text}", 44))
    print(textwrap.indent(textwrap.fill(c.reason, 40), "    "))
ur_inspector""",
    ),
    (
        "md",
        """The review works the same way: each turn of the game is compared with the search's best turn
from the same position (about 15 seconds for the whole game at this budget). The greedy bots play
well by their own reading, yet the search finds a few turns that gave chances away — the line
under each says what the better turn would have done.""",
    ),
    (
        "code",
        """while not ur.is_over:
    step(ur, ur_bots)
ur_report = review_game(ur, iterations=60)
print(format_review(ur_report, width=44))""",
    ),
]
