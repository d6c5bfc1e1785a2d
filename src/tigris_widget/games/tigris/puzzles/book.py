"""The shipped puzzles, from a first lesson to harder ones; each solution is verified by the solver."""

from __future__ import annotations

from tigris_widget.games.tigris.builder import PositionBuilder
from tigris_widget.games.tigris.engine.core.types import BLACK, BLUE, GREEN, RED
from tigris_widget.games.tigris.puzzles.goals import Goal, Puzzle

ARCHER, BULL, POT, LION = "archer", "bull", "pot", "lion"


def _two(first: str = LION, second: str = POT, variants: tuple[str, ...] = ()) -> PositionBuilder:
    return PositionBuilder(players=(first, second), variants=variants)


def _puzzles() -> list[Puzzle]:
    book = []

    def add(key: str, title: str, builder: PositionBuilder, goal: Goal, difficulty: int, solution: tuple[str, ...],
            hints: tuple[str, ...], explanation: str, topic: str) -> None:  # fmt: skip
        book.append(Puzzle(key, title, builder.text(), goal, difficulty, solution, hints, explanation, topic))

    add(
        "kings-substitute",
        "The king's substitute",
        _two()
        .tile("r", (4, 5))
        .tile("k", (3, 4))
        .leader(LION, "king", (4, 4))
        .hand(LION, "bbbkkk")
        .hand(POT, "kkkkkk")
        .score(LION, catastrophes=0)
        .turn(LION),
        Goal.gain(BLUE, 2),
        1,
        ("tile b (3,3)", "tile b (3,2)"),
        ("Your kingdom has no farmer. Who scores a farm placed there?", "Farms go on river squares."),
        "With no farmer in the kingdom, the king scores every farm: one blue point each.",
        "§6.2 scoring tiles",
    )
    add(
        "first-revolt",
        "Win your first revolt",
        _two()
        .tile("r", (10, 3), (9, 2), (9, 4), (11, 2))
        .leader(POT, "priest", (11, 3))
        .hand(LION, "rkkkkk")
        .hand(POT, "rkkkkk")
        .score(LION, catastrophes=0)
        .turn(LION, actions_left=1),
        Goal.win_conflict(1, RED, "Send Pot's priest home with a revolt (keep yours on the board)."),
        1,
        ("leader r (9,3)", "commit 1"),
        ("A revolt is decided by the temples next to each leader.", "Find a square next to three temples."),
        "On (9,3) your priest touches three temples against Pot's two: 3+1 beats 2+1.",
        "§8 revolts",
    )
    add(
        "treasure-hunt",
        "Treasure hunt",
        _two()
        .tile("k", (1, 2), (1, 5), (2, 1), (3, 1), (5, 1))
        .tile("b", (1, 3), (1, 6), (4, 1))
        .hand(LION, "kkkkkk")
        .hand(POT, "kkkkkk")
        .score(LION, catastrophes=0)
        .turn(LION),
        Goal.treasures(2),
        1,
        ("tile k (1,4)", "leader g (0,1)"),
        ("A trader takes all the treasures of his kingdom but one.", "Join the two regions first."),
        "Joined, the region holds three treasures; the trader takes two of them, the framed ones first.",
        "§11 treasures",
    )
    add(
        "monument-choice",
        "Choose the right monument",
        _two(BULL, ARCHER)
        .tile("r", (7, 4), (8, 4), (7, 5), (6, 3), (9, 3))
        .leader(BULL, "king", (6, 4))
        .leader(BULL, "priest", (9, 4))
        .hand(BULL, "rkkkkk")
        .hand(ARCHER, "kkkkkk")
        .score(BULL, catastrophes=0)
        .turn(BULL, actions_left=1),
        Goal.gain_total(3),
        2,
        ("tile r (8,5)", "monument kr (7,4)"),
        ("Four temples in a square make a monument.", "Which monument do your leaders score at the end of the turn?"),
        "The temple scores 1 red for your priest; the black/red monument then gives your king and priest a point "
        "each at the end of your turn.",
        "§10 monuments",
    )
    add(
        "catastrophe",
        "Cut off the king",
        _two()
        .tile("r", (12, 4), (11, 5))
        .leader(POT, "king", (12, 5))
        .hand(LION, "gggggg")
        .hand(POT, "kkkkkk")
        .turn(LION),
        Goal.send_home(1, BLACK, "Send Pot's king back to his supply."),
        1,
        ("catastrophe (11,5)", "catastrophe (12,4)"),
        ("A leader needs a temple next to him.",),
        "With both temples destroyed, Pot's king has no temple next to him and goes home (§12).",
        "§6.3 catastrophes, §12",
    )
    add(
        "war-supporters",
        "Keep your markets for the fight",
        _two()
        .tile("r", (4, 3), (5, 5), (10, 4))
        .tile("g", (5, 4), (7, 4), (8, 4))
        .leader(LION, "king", (4, 4))
        .leader(LION, "trader", (4, 5))
        .leader(POT, "king", (9, 4))
        .leader(POT, "trader", (10, 5))
        .hand(LION, "gggkkk")
        .hand(POT, "gkkkkk")
        .score(LION, catastrophes=0)
        .turn(LION, actions_left=1),
        Goal.win_conflict(1, GREEN, "Send Pot's trader home in a war, and keep yours."),
        2,
        ("tile k (6,4)", "war g", "commit 3"),
        ("The tile that unites two kingdoms never counts as a supporter.", "Which war do you want fought first?"),
        "Unite with a settlement and keep all three markets: 1+3 beats 2+1. Fighting the green war first also "
        "saves your king: once Pot's markets are gone his king is cut off and the kings' war never happens.",
        "§9 wars",
    )
    add(
        "weakest-colour",
        "Lift the weakest colour",
        _two()
        .tile("r", (4, 5))
        .tile("k", (3, 4))
        .leader(LION, "king", (4, 4))
        .hand(LION, "bbkkkk")
        .hand(POT, "kkkkkk")
        .score(LION, (4, 6, 2, 5), catastrophes=0)
        .turn(LION),
        Goal.weakest_colour(),
        2,
        ("tile b (3,3)", "tile b (3,2)"),
        ("Your score is your weakest colour.",),
        "Only blue matters: two farms lift it from 2 to 4, and now black and blue are tied at the bottom.",
        "§15 final scoring",
    )
    add(
        "ziggurat",
        "A point of any colour",
        _two(ARCHER, BULL, ("ziggurat",))
        .tile("r", (4, 3))
        .leader(ARCHER, "king", (4, 4))
        .tile("k", (5, 4), (6, 3), (7, 4), (6, 5))
        .hand(ARCHER, "kkkkkk")
        .hand(BULL, "kkkkkk")
        .score(ARCHER, catastrophes=0)
        .turn(ARCHER),
        Goal.gain(BLUE, 1),
        2,
        ("tile k (6,4)", "ziggurat (6,4)", "pass", "bonus b"),
        ("You hold only settlements, and no farm can score for you.", "Five tiles of one colour in a cross…"),
        "The settlement completes a cross of five: build the ziggurat. Your king stands in its kingdom, so at the "
        "end of your turn it pays one point of the colour you choose.",
        "§18 the ziggurat",
    )
    add(
        "market-hall",
        "Double points",
        _two(LION, POT, ("buildings",))
        .tile("r", (2, 4))
        .tile("g", (3, 5), (4, 5))
        .catastrophe((4, 4))
        .leader(LION, "trader", (2, 5))
        .hand(LION, "ggkkkk")
        .hand(POT, "kkkkkk")
        .score(LION, catastrophes=0)
        .turn(LION),
        Goal.gain(GREEN, 3),
        2,
        ("tile g (5,5)", "building g (5,5)", "tile g (6,5)"),
        ("Three markets in a line earn the market hall.",),
        "The third market builds the market hall; from then on every market in its kingdom scores double.",
        "§17 civilization buildings",
    )
    add(
        "priest-war",
        "Protected temples",
        _two(ARCHER, BULL)
        .tile("r", (4, 3), (4, 5), (6, 4), (7, 5), (8, 5))
        .leader(ARCHER, "priest", (4, 4))
        .leader(BULL, "priest", (7, 4))
        .leader(BULL, "king", (9, 5))
        .hand(ARCHER, "rrrrkk")
        .hand(BULL, "kkkkkk")
        .score(ARCHER, catastrophes=0)
        .turn(ARCHER, actions_left=1),
        Goal.gain(RED, 3),
        2,
        ("tile r (5,4)", "commit 3"),
        ("Unite the two kingdoms: the priests must fight.", "Which of Bull's temples can a war remove?"),
        "You win 5–4. Only two temples are removed: (8,5) stands next to Bull's king and (8,6) holds a treasure. "
        "2 removed + 1 for the priest = 3 red.",
        "§9.8 priest wars",
    )
    add(
        "king-at-monument",
        "The king and the monument",
        _two(BULL, ARCHER)
        .tile("b", (14, 3), (15, 3), (15, 4))
        .leader(BULL, "king", (13, 5))
        .hand(BULL, "bkkkkk")
        .hand(ARCHER, "kkkkkk")
        .score(BULL, catastrophes=0)
        .turn(BULL, actions_left=1),
        Goal.gain_total(2),
        3,
        ("tile b (14,4)", "monument kb (14,3)"),
        ("At the end of the turn a monument pays only leaders of its own colours.",),
        "The king scores the farm (he stands in for the farmer), but at monuments he only collects black: "
        "choose the black/blue monument.",
        "§10.6 monument scoring",
    )
    add(
        "king-revolt",
        "Temples decide every revolt",
        _two()
        .tile("r", (1, 9), (3, 9), (2, 8), (2, 10))
        .leader(POT, "king", (3, 10))
        .hand(LION, "kkkkkk")
        .hand(POT, "rkkkkk")
        .score(LION, catastrophes=0)
        .turn(LION, actions_left=1),
        Goal.win_conflict(1, BLACK, "Send Pot's king home, and keep yours on the board."),
        1,
        ("leader k (2,9)", "commit 0"),
        ("Even kings fight revolts with temples.",),
        "On (2,9) your king touches four temples; Pot's king touches two, and one red tile is not enough.",
        "§8.3 revolts are fought with temples",
    )
    return book


PUZZLES: dict[str, Puzzle] = {p.key: p for p in _puzzles()}
