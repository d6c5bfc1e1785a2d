"""The cells of notebooks/04_inside_the_bots.ipynb: ("md" | "code", text) in order."""

CELLS: list[tuple[str, str]] = [
    (
        "md",
        """# Inside the bots

Three bots play here: **random**, **greedy** (one move ahead, with a heuristic that knows the
weakest colour decides) and **search** (information-set Monte Carlo tree search: it samples the
hands it cannot see, so it never cheats). The inspector shows what the search bot thinks about a
decision while it thinks.""",
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

The heatmap shows how good each placement of the chosen tile colour (or leader) looks; the table
lists the candidates with their visits, value (win chance), prior and what the bot expects to
follow. Pick a candidate to see it on the board; **What if** plays it on a copy.""",
    ),
    (
        "code",
        """game = Game.new(players=2, seed=7)
inspector = BotInspector(game)
analysis = inspector.think(iterations=300)
inspector""",
    ),
    (
        "code",
        """print("best:", analysis["best"], "value", analysis["value"])
print("expected points at the end:", analysis["expected_score"]["colours"], "weakest:", analysis["expected_score"]["weakest"])""",
    ),
    (
        "md",
        """## Why the bot commits the support it does

In a revolt the bot knows its own hand and the board, but not the defender's hand. For each
number of temples it could commit, it estimates the chance of winning over the hands the
defender might hold.""",
    ),
    (
        "code",
        """game = lesson("revolt")
game.apply("leader r (9,3)")            # now the archer must decide how many temples to commit
inspector = BotInspector(game)
analysis = inspector.think(iterations=200)
for level in analysis["conflict"]["levels"]:
    print(f"commit {level['commit']}: wins {100 * level['win_probability']:.0f}% of sampled hands")
inspector""",
    ),
    (
        "md",
        """## A fair bot and a cheating one

A *cheating* analysis sees the defender's real hand. Here the bull really holds three temples, so
committing two can never win — the fair bot could only estimate that.""",
    ),
    (
        "code",
        """inspector.cheating.value = True
cheat = inspector.think(iterations=200)
for level in cheat["conflict"]["levels"]:
    print(f"commit {level['commit']}: wins {100 * level['win_probability']:.0f}% (cheating)")""",
    ),
    (
        "md",
        """## Play against the search bot

Your board shows only your own hand. The bot answers one action at a time; **Hint** lets the
search bot analyse your decision, with its heatmap on the board.""",
    ),
    (
        "code",
        """from tigris_widget.bots.search import SearchBot
from tigris_widget.jupyter import BotMatch

match = BotMatch(Game.new(players=2, seed=3, start_player=0), seat=0, opponents=SearchBot(iterations=200))
match""",
    ),
    (
        "md",
        """## A whole game, with the bot's evaluation

A game between the greedy bot (archer) and the random bot (bull). Step through it; the lower chart
is the search bot's estimate of the archer's chance to win at the start of each turn. (Use
`python -m tigris_widget tournament` for measured strength; see `docs/bots.md`.)""",
    ),
    (
        "code",
        """from tigris_widget.cli import play_game
from tigris_widget.jupyter import GameStepper
from tigris_widget.jupyter.inspect import evaluation_over_game

game = play_game(2, 11, "classic", "", ["greedy", "random"])
print([(r.dynasty, r.score, r.rank) for r in game.result])
GameStepper(game, evaluation=evaluation_over_game(game, seat=0, iterations=40))""",
    ),
]
