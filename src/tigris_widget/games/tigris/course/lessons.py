"""Positions for teaching the rules of *Tigris & Euphrates*, one per lesson (``jupyter.lessons.lesson``
finds them by key through the registry).

    >>> from tigris_widget.games.tigris.course.lessons import lesson
    >>> game = lesson("revolt")                  # a Game at the start of the lesson
    >>> [str(e) for e in game.play("leader r (9,3)")][0]
    'Archer places his priest on (9,3). (§6.1)'

The positions are the worked examples of the rules reference (docs/rules.md), so every lesson's numbers can be
checked against the rules text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from tigris_widget.games.tigris.builder import PositionBuilder
from tigris_widget.games.tigris.game import Game

LESSONS: dict[str, tuple[str, Callable[[], PositionBuilder]]] = {}


def _lesson(key: str, title: str) -> Callable[[Callable[[], PositionBuilder]], Callable[[], PositionBuilder]]:
    def register(make: Callable[[], PositionBuilder]) -> Callable[[], PositionBuilder]:
        LESSONS[key] = (title, make)
        return make

    return register


@_lesson("kingdoms", "Regions and kingdoms (§4)")
def _kingdoms() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull"))
        .tile("r", (6, 2))
        .tile("k", (7, 2), (8, 2))
        .leader("archer", "king", (6, 3))
        .tile("g", (3, 5), (4, 5))
        .hand("archer", "kkrbgg")
        .hand("bull", "rrkbbg")
        .turn("archer")
    )


@_lesson("scoring", "Placing tiles and who scores them (§6.2)")
def _scoring() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull", "pot"))
        .tile("r", (2, 4))
        .leader("bull", "priest", (3, 4))
        .leader("archer", "king", (2, 5))
        .hand("pot", "krbgkk")
        .hand("archer", "kkkkkk")
        .hand("bull", "kkkkkk")
        .turn("pot")
    )


@_lesson("revolt", "Revolts (§8)")
def _revolt() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull"))
        .tile("r", (9, 2), (10, 3))
        .leader("bull", "priest", (11, 3))
        .hand("archer", "rrkkbg")
        .hand("bull", "rrrkkb")
        .turn("archer")
    )


@_lesson("war", "Wars (§9)")
def _war() -> PositionBuilder:
    return (
        PositionBuilder(players=("lion", "pot"))
        .tile("r", (4, 3), (5, 5), (10, 4))
        .tile("g", (5, 4), (7, 4), (8, 4))
        .leader("lion", "king", (4, 4))
        .leader("lion", "trader", (4, 5))
        .leader("pot", "king", (9, 4))
        .leader("pot", "trader", (10, 5))
        .hand("lion", "gggggk")
        .hand("pot", "gkkkbb")
        .turn("lion")
    )


@_lesson("priest-war", "The priest-war exception (§9.8)")
def _priest_war() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull"))
        .tile("r", (4, 3), (4, 5), (6, 4), (7, 5), (8, 5))
        .leader("archer", "priest", (4, 4))
        .leader("bull", "priest", (7, 4))
        .leader("bull", "king", (9, 5))
        .hand("archer", "rrrrrk")
        .hand("bull", "kkkkkk")
        .turn("archer")
    )


@_lesson("monument", "Monuments (§10) and leaders losing their temple (§12)")
def _monument() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull"))
        .tile("r", (7, 4), (8, 5), (9, 6))
        .leader("bull", "trader", (7, 5))
        .leader("bull", "farmer", (10, 6))
        .leader("archer", "priest", (6, 4))
        .hand("bull", "rkkkkk")
        .hand("archer", "kkkkkk")
        .turn("bull")
    )


@_lesson("treasure", "Treasures and the framed squares (§11)")
def _treasure() -> PositionBuilder:
    return (
        PositionBuilder(players=("bull", "lion"))
        .leader("bull", "farmer", (1, 0))
        .leader("lion", "trader", (2, 1))
        .tile("k", (3, 1), (5, 1))
        .hand("lion", "bkkkrr")
        .hand("bull", "kkkrrr")
        .turn("lion")
    )


@_lesson("catastrophe", "Catastrophes (§6.3) and §12")
def _catastrophe() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull"))
        .tile("r", (9, 2), (11, 2))
        .leader("archer", "priest", (9, 3))
        .leader("bull", "king", (10, 2))
        .hand("archer", "kkkkkk")
        .hand("bull", "kkkkkk")
        .turn("archer")
    )


@_lesson("game-end", "The end of the game (§14)")
def _game_end() -> PositionBuilder:
    b = PositionBuilder(players=("archer", "bull")).hand("archer", "kkkkkk").hand("bull", "kkkkkk")
    for square in [(1, 1), (15, 1), (13, 4), (8, 6), (1, 7), (14, 8), (5, 9)]:
        b.tile("r", square)  # these treasures were taken earlier in the game
    return b.tile("k", (6, 2), (7, 2), (8, 2), (9, 2), (10, 2), (10, 1)).score("archer", (3, 2, 4, 2), treasures=1)


@_lesson("final-scoring", "Final scoring and tie-breaks (§15)")
def _final_scoring() -> PositionBuilder:
    return (
        PositionBuilder(players=("pot", "lion", "bull", "archer"))
        .score("pot", (11, 11, 14, 11))
        .score("lion", (12, 10, 7, 13), treasures=3)
        .score("bull", (10, 10, 11, 18))
        .score("archer", (22, 6, 17, 11), treasures=3)
        .hand("pot", "kkkkkk")
        .bag("")
    )


@_lesson("buildings", "Civilization buildings (variant, §17)")
def _buildings() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull"), variants=("buildings",))
        .tile("r", (2, 4))
        .tile("g", (3, 5), (4, 5))
        .leader("archer", "trader", (2, 5))
        .hand("archer", "ggkkkk")
        .hand("bull", "gggkkk")
        .turn("archer")
    )


@_lesson("ziggurat", "The ziggurat (variant, §18)")
def _ziggurat() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull"), variants=("ziggurat",))
        .tile("r", (4, 3))
        .leader("archer", "king", (4, 4))
        .tile("k", (5, 4), (6, 3), (7, 4), (6, 5))
        .hand("archer", "kkkkkk")
        .hand("bull", "kkkkkk")
        .turn("archer")
    )


@_lesson("regions", "Three regions become one kingdom (§4)")
def _regions() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull"))
        .leader("bull", "king", (7, 6))
        .tile("k", (10, 6))
        .tile("g", (9, 7))
        .hand("archer", "kkrbgg")
        .hand("bull", "rrkbbg")
    )


@_lesson("leaders", "Placing, moving and withdrawing leaders (§6.1)")
def _leaders() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull"))
        .tile("r", (6, 3), (8, 3))
        .leader("archer", "king", (6, 4))
        .leader("bull", "king", (8, 4))
        .hand("archer", "rrkkbg")
        .hand("bull", "kkrrbg")
    )


@_lesson("withdraw", "A withdrawn leader can split a kingdom (§6.1)")
def _withdraw() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull"))
        .tile("r", (5, 4), (7, 4))
        .leader("archer", "king", (6, 4))
        .leader("bull", "trader", (8, 4))
        .hand("archer", "kkrbgg")
        .hand("bull", "kkrrbg")
    )


@_lesson("three-kingdoms", "A tile may not touch three kingdoms (§6.2 T4)")
def _three_kingdoms() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull", "pot"))
        .tile("r", (6, 3), (8, 3), (7, 6))
        .leader("archer", "king", (6, 4))
        .leader("bull", "king", (8, 4))
        .leader("pot", "farmer", (7, 5))
        .hand("archer", "rrkkbg")
        .hand("bull", "kkrrbg")
        .hand("pot", "kkrrbg")
    )


@_lesson("scoring-nobody", "Tiles that score for nobody (§6.2.3)")
def _scoring_nobody() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull", "pot"))
        .tile("r", (2, 4))
        .leader("bull", "priest", (3, 4))
        .hand("pot", "krbgkg")
        .hand("archer", "kkkkkk")
        .hand("bull", "kkkkkk")
        .turn("pot")
    )


@_lesson("catastrophe-split", "A catastrophe splits a kingdom (§6.3.3)")
def _catastrophe_split() -> PositionBuilder:
    return (
        PositionBuilder(players=("lion", "pot"))
        .tile("r", (5, 5), (9, 5))
        .tile("k", (6, 5), (8, 5))
        .tile("g", (7, 5))
        .leader("lion", "king", (5, 4))
        .leader("pot", "trader", (9, 4))
        .hand("lion", "kkrbgg")
        .hand("pot", "kkrrbg")
    )


@_lesson("revolt-kings", "A revolt of kings is fought with temples (§8.3)")
def _revolt_kings() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull"))
        .tile("r", (9, 2), (10, 3))
        .tile("k", (12, 3))
        .leader("bull", "king", (11, 3))
        .hand("archer", "rkkkbg")
        .hand("bull", "rkkkkb")
    )


@_lesson("war-3p", "Who attacks when the active player is not in the war (§9.4)")
def _war_3p() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull", "pot"))
        .tile("r", (6, 3), (8, 3))
        .leader("bull", "farmer", (6, 4))
        .leader("pot", "farmer", (8, 4))
        .hand("archer", "rrkkbg")
        .hand("bull", "bbkkrg")
        .hand("pot", "bbbkrg")
    )


@_lesson("monument-king", "Monuments pay the active player's matching leaders only (§10.6)")
def _monument_king() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "pot"))
        .tile("r", (10, 4))
        .monument("kr", (8, 5))
        .monument("bg", (10, 6))
        .leader("pot", "king", (10, 5))
        .leader("pot", "priest", (11, 4))
        .hand("archer", "kkkkkk")
        .hand("pot", "kkkkkk")
        .turn("pot")
    )


@_lesson("bag-end", "The bag runs out (§14.2)")
def _bag_end() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull"))
        .leader("archer", "king", (9, 10))
        .hand("archer", "kkrrbg")
        .hand("bull", "kkrrbg")
        .bag("kr")
    )


@_lesson("unify-no-war", "Two kingdoms merge without a war (§9.10)")
def _unify_no_war() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull"))
        .tile("r", (6, 3), (9, 3))
        .tile("k", (8, 4))
        .leader("archer", "king", (6, 4))
        .leader("bull", "priest", (9, 4))
        .hand("archer", "kkrrbg")
        .hand("bull", "kkrrbg")
    )


@_lesson("war-monument", "A uniting tile that completes a square: the war first, then the monument (§9.9, §10.2)")
def _war_monument() -> PositionBuilder:
    return (
        PositionBuilder(players=("lion", "pot"))
        .tile("r", (6, 3), (7, 3), (8, 3), (7, 4), (10, 3))
        .tile("k", (9, 4))
        .leader("lion", "king", (6, 4))
        .leader("pot", "king", (10, 4))
        .hand("lion", "rkkkbg")
        .hand("pot", "kbbggr")
    )


@_lesson("two-squares", "A tile completes two squares: one monument (§10.3)")
def _two_squares() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull"))
        .tile("r", (7, 3), (8, 3), (7, 4), (9, 3), (9, 4))
        .leader("bull", "priest", (6, 4))
        .hand("bull", "rkkkbg")
        .hand("archer", "kbbggr")
        .turn("bull")
    )


@_lesson("treasure-three", "Three treasures: the trader's owner takes two (§11.3, §11.4)")
def _treasure_three() -> PositionBuilder:
    return (
        PositionBuilder(players=("bull", "lion"))
        .leader("bull", "farmer", (1, 0))
        .leader("lion", "trader", (2, 1))
        .tile("k", (3, 1), (5, 1), (6, 1), (7, 1), (8, 1), (9, 1), (10, 1))
        .hand("lion", "bkkkrr")
        .hand("bull", "kkkrrr")
        .turn("lion")
    )


class _Pending(PositionBuilder):
    """A builder whose position waits for a decision (position text v2 ``pending:``), for the rare
    moments a lesson starts in the middle of an action."""

    def __init__(self, players: Iterable[str], *, pending: str) -> None:
        super().__init__(players)
        self.pending = pending

    def text(self) -> str:
        head, board = super().text().replace("tigris-position 1", "tigris-position 2", 1).split("\n\n", 1)
        return f"{head}\npending: {self.pending}\n\n{board}"


@_lesson("treasure-two-kingdoms", "Two kingdoms give up treasures after the same action (§11.3)")
def _treasure_two_kingdoms() -> PositionBuilder:
    return (
        _Pending(players=("archer", "bull"), pending="treasure by bull")
        .tile("k", (5, 1), (6, 1), (7, 1), (8, 1), (9, 1), (10, 1))
        .leader("archer", "trader", (6, 2))
        .tile("k", (9, 6), (10, 6), (11, 6), (11, 5), (12, 5), (13, 5))
        .leader("bull", "trader", (8, 7))
        .hand("archer", "kkrrbg")
        .hand("bull", "kkrrbg")
        .turn("bull", 1)
    )


@_lesson("bag-end-immediate", "The bag runs out with bag_empty_end=immediate (§14.2)")
def _bag_end_immediate() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull"), options={"bag_empty_end": "immediate"})
        .leader("archer", "king", (9, 10))
        .hand("archer", "kkrrbg")
        .hand("bull", "kkrrbg")
        .bag("kr")
    )


@_lesson("move-old-square", "A moved leader's old square is empty for the checks (§6.1)")
def _move_old_square() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull"))
        .tile("r", (6, 3), (8, 3), (7, 5))
        .leader("archer", "king", (6, 4))
        .leader("bull", "priest", (8, 4))
        .hand("archer", "rrkkbg")
        .hand("bull", "kkrrbg")
    )


@_lesson("war-leaderless", "A uniting tile also joins a leaderless region: its tiles count for nobody (§4 D8, §9.5)")
def _war_leaderless() -> PositionBuilder:
    return _war().tile("g", (6, 3), (6, 2))


@_lesson("revolt-defended", "The defender wins a revolt: the kingdom is as before, and so are its treasures (§8.6)")
def _revolt_defended() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull"))
        .tile("k", (7, 2), (8, 2), (9, 2), (10, 2), (10, 1))
        .leader("bull", "trader", (5, 1))
        .hand("archer", "rrkkbg")
        .hand("bull", "rkkkbg")
    )


@_lesson("monument-treasure", "A treasure under a monument can still be collected (§10.4, §11)")
def _monument_treasure() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull"))
        .monument("rg", (8, 5))
        .tile("r", (7, 4))
        .leader("bull", "trader", (7, 5))
        .tile("k", (8, 7), (8, 9), (8, 10))
        .tile("b", (8, 8))
        .hand("bull", "kkkkkk")
        .hand("archer", "kkkkkk")
        .turn("bull")
    )


@_lesson("bag-exact", "A refill that empties the bag exactly does not end the game (§14.2)")
def _bag_exact() -> PositionBuilder:
    return _bag_end()


@_lesson("bag-end-refill", "The bag runs out at the refills, after the monument points (§13, §14.2)")
def _bag_end_refill() -> PositionBuilder:
    return (
        PositionBuilder(players=("archer", "bull"))
        .tile("r", (9, 2), (10, 3), (5, 5))
        .leader("bull", "priest", (11, 3))
        .monument("kr", (6, 3))
        .leader("archer", "king", (5, 4))
        .hand("archer", "rrkkbg")
        .hand("bull", "rrrkkb")
        .bag("k")
    )


def lesson_builder(key: str) -> PositionBuilder:
    """The builder of a lesson's position, to vary it (e.g. fix the bag) before ``.game()``."""
    if key not in LESSONS:
        raise ValueError(f"unknown lesson {key!r}; choose from {', '.join(LESSONS)}")
    return LESSONS[key][1]()


def lesson(key: str) -> Game:
    """A fresh game at the start of a lesson."""
    return lesson_builder(key).game()
