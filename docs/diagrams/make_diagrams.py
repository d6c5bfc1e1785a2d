"""Draw the board diagrams of docs/rules.md with the project's own engine and renderer.

Every diagram is a scripted position (``PositionBuilder``) on which the actions of the worked example
are played; the script checks that the engine's events say what the rules text says, then draws the
squares that matter, cropped to the part of the board the example is about.

    python docs/diagrams/make_diagrams.py           # rewrite the SVG files next to this script
    python docs/diagrams/make_diagrams.py --check   # exit 1 if a checked-in file is stale or missing
"""

from __future__ import annotations

import re
import sys
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from html import escape
from pathlib import Path

HERE = Path(__file__).resolve().parent
if __name__ == "__main__":  # draw with the package of this checkout, whatever is installed
    sys.path.insert(0, str(HERE.parents[1] / "src"))

from tigris_widget.games.tigris.builder import PositionBuilder  # noqa: E402
from tigris_widget.games.tigris.engine.core.board import square  # noqa: E402
from tigris_widget.games.tigris.engine.core.errors import IllegalActionError  # noqa: E402
from tigris_widget.games.tigris.engine.core.events import Event  # noqa: E402
from tigris_widget.games.tigris.game import Game  # noqa: E402
from tigris_widget.games.tigris.present.svg import CELL, MARGIN, board_svg, window_edges  # noqa: E402
from tigris_widget.jupyter.course import Window  # noqa: E402
from tigris_widget.jupyter.lessons import lesson  # noqa: E402
from tigris_widget.render import game_view  # noqa: E402

XY = tuple[int, int]
SCALE = 1.25
"""Pixels per SVG unit: the same for every picture, so pieces have one size throughout the page."""
HEADER = 24


class DiagramError(ValueError):
    """The engine did not do what the rules text says about a worked example."""


def _crop(svg: str, window: Window, caption: str) -> str:
    """Cut a full-board picture (drawn without caption or status) down to ``window``, with its own
    coordinates along the cut edges and a caption line on top; the renderer has no such option."""
    w = window
    cols, rows = w.x1 - w.x0 + 1, w.y1 - w.y0 + 1
    left, top = w.x0 * CELL, w.y0 * CELL - HEADER
    width, height = MARGIN + cols * CELL + 4, HEADER + MARGIN + rows * CELL + 4
    if len(caption) * 8.3 > cols * CELL:  # about the width of a bold 14-unit character
        raise DiagramError(f"caption {caption!r} is too long for {cols} columns")
    root = re.match(r"<svg [^>]*>", svg)
    assert root is not None
    head = re.sub(
        r' viewBox="[^"]*" width="[^"]*" height="[^"]*"',
        f' viewBox="{left} {top} {width} {height}" width="{round(width * SCALE)}" height="{round(height * SCALE)}"',
        root.group(0),
    )
    over = [
        *window_edges(w.x0, w.y0, w.x1, w.y1, header=HEADER, ink="#666"),
        f'<text x="{left + MARGIN}" y="{top + 17}" font-size="14" font-weight="bold">{escape(caption)}</text>',
    ]
    body = svg[root.end() : svg.rindex("</svg>")]
    return head + body + "".join(over) + "</svg>\n"


def picture(
    game: Game,
    window: Window,
    caption: str,
    *,
    highlight: Iterable[XY] = (),
    labels: Mapping[XY, str] | None = None,
    arrows: Iterable[tuple[XY, XY]] = (),
) -> str:
    """The game as it stands now, all-seeing, cropped to ``window``."""
    svg = board_svg(
        game_view(game),
        highlight=[square(*q) for q in highlight],
        labels={square(*q): text for q, text in (labels or {}).items()},
        arrows=[(square(*a), square(*b)) for a, b in arrows],
        status=False,
    )
    return _crop(svg, window, caption)


def play(game: Game, *actions: str, expect: Sequence[str] = ()) -> list[Event]:
    """Apply ``actions``; every text in ``expect`` must occur in one of the public events they caused."""
    events = [e for a in actions for e in game.apply(a) if e.public]
    said = "\n".join(str(e) for e in events)
    missing = [text for text in expect if text not in said]
    if missing:
        raise DiagramError(f"after {', '.join(actions)} the engine did not say {missing}; it said:\n{said}")
    return events


def require(condition: bool, claim: str) -> None:
    if not condition:
        raise DiagramError(f"the engine disagrees with the rules text: {claim}")


def refused(game: Game, action: str, rule: str) -> None:
    """``action`` must be illegal, for the reason the rules text gives."""
    try:
        game.apply(action)
    except IllegalActionError as error:
        require(rule in str(error), f"{action} is refused under {rule}, not: {error}")
    else:
        raise DiagramError(f"{action} was accepted; the rules text says it breaks {rule}")


def kingdom_of(game: Game, where: XY) -> set[XY]:
    region = game.position.region_at(where)
    require(region is not None and region.is_kingdom, f"{where} lies in a kingdom")
    assert region is not None
    return set(region.squares)


def points(game: Game, seat: int) -> dict[str, int]:
    got = game.position.player(seat).points
    assert got is not None
    return {colour: n for colour, n in got.items() if n}


Diagram = Callable[[], dict[str, str]]
DIAGRAMS: dict[str, Diagram] = {}


def diagram(name: str) -> Callable[[Diagram], Diagram]:
    def register(make: Diagram) -> Diagram:
        DIAGRAMS[name] = make
        return make

    return register


@diagram("kingdoms")
def _kingdoms() -> dict[str, str]:
    game = lesson("regions")  # the course's position: one definition
    window = Window(5, 4, 12, 9)
    require(kingdom_of(game, (7, 6)) == {(7, 6), (8, 6)}, "Bull's kingdom is (7,6) and (8,6)")
    require(len(game.position.regions()) == 12, "(10,6) and (9,7) are regions of their own")
    before = picture(
        game,
        window,
        "Before: three regions",
        highlight=[(9, 6)],
        labels={(7, 6): "1", (8, 6): "1", (10, 6): "2", (9, 7): "3", (9, 6): "?"},
    )
    play(game, "tile k (9,6)")
    united = {(7, 6), (8, 6), (9, 6), (10, 6), (9, 7)}
    require(kingdom_of(game, (7, 6)) == united, "the tile on (9,6) makes one kingdom of all three")
    after = picture(game, window, "After tile k (9,6): one kingdom", highlight=sorted(united))
    return {"kingdoms-before": before, "kingdoms-after": after}


@diagram("opening")
def _opening() -> dict[str, str]:
    game = (
        PositionBuilder(players=("archer", "bull", "pot", "lion"))
        .hand("archer", "rrkkbg")
        .hand("bull", "bkkggk")
        .hand("pot", "rkkbgg")
        .hand("lion", "rrrrkb")
        .game()
    )
    play(game, "leader k (11,0)", "leader r (6,2)")
    play(game, "leader b (5,1)", "tile b (5,0)", expect=["Bull gains 1 blue point", "Bull draws 1 tile"])
    play(game, "leader k (7,6)", "tile r (6,6)", expect=["Pot gains 1 red point", "Pot draws 1 tile"])
    events = play(
        game,
        "leader r (5,3)",
        "commit 3",
        "commit 0",
        "tile r (4,3)",
        expect=[
            "Adjacent temples: Lion 1, Archer 1",
            "Lion wins the revolt 4–1 and gains 1 red point",
            "Archer's priest leaves (6,2)",
            "Lion gains 1 red point",
            "Lion draws 4 tiles",
        ],
    )
    require(not any(e.kind == "draw" and e.seat == 0 for e in events), "Archer draws nothing")
    require(
        [points(game, seat) for seat in range(4)] == [{}, {"blue": 1}, {"red": 1}, {"red": 2}],
        "Archer 0, Bull 1 blue, Pot 1 red, Lion 2 red",
    )
    kingdoms = sorted(sorted(k.squares) for k in game.position.kingdoms())
    require(
        kingdoms == [[(4, 3), (5, 0), (5, 1), (5, 2), (5, 3)], [(6, 6), (7, 6), (8, 6)], [(10, 0), (11, 0)]],
        "the three kingdoms after the opening",
    )
    s = game.state
    require((len(s.bag), sum(s.out_public)) == (113, 3), "the bag holds 113 tiles and 3 are out of the game")
    labels = {(5, 0): "Bull +1", (6, 6): "Pot +1", (4, 3): "Lion +1"}
    return {
        "opening": picture(
            game, Window(3, 0, 12, 7), "After the first four turns", highlight=[(5, 0), (6, 6), (4, 3)], labels=labels
        )
    }


@diagram("leader-placement")
def _leader_placement() -> dict[str, str]:
    game = lesson("leaders")  # the course's position: one definition
    window = Window(4, 1, 10, 6)
    refused(game, "leader r (7,3)", "§6.1 L4")
    refused(game, "leader g (4,2)", "§6.1 L2")
    before = picture(game, window, "(7,3) touches two kingdoms", highlight=[(7, 3)], labels={(7, 3): "L4"})
    play(game, "tile r (7,3)", expect=["unites two kingdoms", "War of the kings: Archer attacks Bull"])
    after = picture(game, window, "tile r (7,3): war of the kings", labels={(6, 4): "attacker", (8, 4): "defender"})
    # the example of §6.2 T4: a third kingdom below, and a tile on (7,4) that would touch all three
    three = (
        PositionBuilder(players=("archer", "bull", "pot"))
        .tile("r", (6, 3), (8, 3), (7, 6))
        .leader("archer", "king", (6, 4))
        .leader("bull", "king", (8, 4))
        .leader("pot", "farmer", (7, 5))
        .hand("archer", "rrkkbg")
        .game()
    )
    refused(three, "tile k (7,4)", "§6.2 T4")
    refused(three, "tile b (7,3)", "§6.2 T3")
    refused(three, "tile r (4,0)", "§6.2 T3")
    return {"leader-placement-before": before, "leader-placement-after": after}


@diagram("tile-scoring")
def _tile_scoring() -> dict[str, str]:
    game = lesson("scoring")  # the course's position: one definition
    window = Window(0, 2, 6, 7)
    targets = {(1, 5): "k", (4, 4): "r", (3, 5): "g", (2, 3): "b"}
    before = picture(game, window, "Pot lays four tiles here", highlight=list(targets), labels=targets)
    play(game, "tile k (1,5)", "tile r (4,4)", expect=["Archer gains 1 black point", "Bull gains 1 red point"])
    play(game, "pass", "pass")  # Archer and Bull, so that Pot lays the next two as well
    play(
        game,
        "tile g (3,5)",
        "tile b (2,3)",
        expect=[
            "Archer gains 1 green point (the king stands in for the missing trader)",
            "Archer gains 1 blue point (the king stands in for the missing farmer)",
        ],
    )
    scorers = {(1, 5): "Archer", (4, 4): "Bull", (3, 5): "Archer", (2, 3): "Archer"}
    after = picture(game, window, "Who scored each tile", highlight=list(scorers), labels=scorers)
    return {"tile-scoring-before": before, "tile-scoring-after": after}


@diagram("catastrophe-split")
def _catastrophe_split() -> dict[str, str]:
    game = (
        PositionBuilder(players=("lion", "pot"))
        .tile("r", (5, 5), (9, 5))
        .tile("k", (6, 5), (8, 5))
        .tile("g", (7, 5))
        .leader("lion", "king", (5, 4))
        .leader("pot", "trader", (9, 4))
        .hand("lion", "gkkkkk")
        .hand("pot", "kkkkkk")
        .game()
    )
    window = Window(3, 2, 11, 7)
    before = picture(game, window, "Before: one kingdom", highlight=[(7, 5)])
    play(game, "catastrophe (7,5)", expect=["destroying the market (green) there"])
    lion, pot = {(5, 4), (5, 5), (6, 5)}, {(8, 5), (8, 6), (9, 5), (9, 4)}
    require(kingdom_of(game, (5, 4)) == lion and kingdom_of(game, (9, 4)) == pot, "the kingdom splits in two")
    market = game.clone()
    play(market, "tile g (6,4)", expect=["Lion gains 1 green point (the king stands in for the missing trader)"])
    trader = game.clone()
    require(not any(e.kind == "revolt" for e in play(trader, "leader g (4,5)")), "a trader on (4,5) starts no revolt")
    labels = {q: "Lion" for q in sorted(lion)} | {q: "Pot" for q in sorted(pot)}
    after = picture(game, window, "After catastrophe (7,5): two kingdoms", labels=labels)
    return {"catastrophe-split-before": before, "catastrophe-split-after": after}


def _revolt_position() -> Game:
    return (
        PositionBuilder(players=("lion", "pot"))
        .tile("r", (9, 2), (10, 3))
        .leader("pot", "priest", (11, 3))
        .hand("lion", "rrkkbg")
        .hand("pot", "rrrkkb")
        .game()
    )


@diagram("revolt")
def _revolt() -> dict[str, str]:
    game = _revolt_position()
    window = Window(7, 0, 13, 5)
    require(kingdom_of(game, (11, 3)) == {(10, 3), (11, 3)}, "{(10,3),(11,3)} is Pot's kingdom")
    play(game, "leader r (9,3)", expect=["Adjacent temples: Lion 2, Pot 1"])
    labels = {(9, 3): "Lion 2", (11, 3): "Pot 1"}
    before = picture(game, window, "leader r (9,3): revolt 2 : 1", highlight=[(9, 2), (10, 3)], labels=labels)
    play(
        game,
        "commit 2",
        "commit 3",
        expect=[
            "Pot wins the revolt 4–4 (a tie goes to the defender) and gains 1 red point",
            "Lion's priest leaves (9,3)",
        ],
    )
    other = _revolt_position()  # had Pot committed only 2
    play(other, "leader r (9,3)", "commit 2", "commit 2", expect=["Lion wins the revolt 4–3 and gains 1 red point"])
    require(sum(other.state.out_public) == 4, "4 tiles leave the game")
    after = picture(
        game, window, "Tie 4 : 4, the defender wins", highlight=[(9, 3)], labels={(9, 3): "out", (11, 3): "Pot +1"}
    )
    return {"revolt-before": before, "revolt-after": after}


@diagram("war")
def _war() -> dict[str, str]:
    game = lesson("war")  # the course's war: the same position, one definition
    window = Window(3, 2, 11, 7)
    play(game, "tile g (6,4)", expect=["unites two kingdoms", "Wars pending in black, green"])
    sides = {(5, 4): "Lion", (7, 4): "Pot", (8, 4): "Pot"}
    before = picture(game, window, "tile g (6,4) unites: markets 1 : 2", highlight=list(sides), labels=sides)
    play(
        game,
        "war g",
        "commit 4",
        "commit 1",
        expect=[
            "War of the traders: Lion attacks Pot. Markets on each side: Lion 1, Pot 2",
            "Lion wins the war 5–3: Pot's trader leaves (10,5), 2 markets removed; Lion gains 3 green points",
            "the unification marker leaves (6,4)",
        ],
    )
    require(kingdom_of(game, (9, 4)) == {(9, 4), (10, 4)}, "Pot's king is left in {(9,4),(10,4)}")
    require((6, 4) in kingdom_of(game, (4, 4)), "(6,4) remains a market in Lion's kingdom")
    require(game.decision is not None and game.decision.kind == "action", "the king war has vanished")
    after = picture(
        game,
        window,
        "war g, commit 4, commit 1: Lion wins 5 : 3",
        highlight=[(7, 4), (8, 4), (10, 5)],
        labels={(7, 4): "gone", (8, 4): "gone", (10, 5): "gone"},
    )
    # the same position, kings first (the next example of the rules text)
    kings = lesson("war")
    play(
        kings,
        "tile g (6,4)",
        "war k",
        "commit 0",
        "commit 0",
        expect=[
            "Pot wins the war 0–0 (a tie goes to the defender): Lion's king leaves (4,4)",
            "Pot gains 1 black point",
            "War of the traders: Lion attacks Pot. Markets on each side: Lion 1, Pot 2",
        ],
    )
    return {"war-before": before, "war-after": after}


@diagram("priest-war")
def _priest_war() -> dict[str, str]:
    game = lesson("priest-war")  # the course's position: one definition
    window = Window(3, 2, 10, 7)
    play(
        game, "tile r (5,4)", expect=["War of the priests: Archer attacks Bull. Temples on each side: Archer 2, Bull 4"]
    )
    sides = {(4, 3): "Archer", (4, 5): "Archer", (6, 4): "Bull", (7, 5): "Bull", (8, 5): "Bull", (8, 6): "Bull"}
    before = picture(game, window, "tile r (5,4) unites: temples 2 : 4", highlight=list(sides), labels=sides)
    play(
        game,
        "commit 3",
        "commit 0",
        expect=["Archer wins the war 5–4: Bull's priest leaves (7,4), 2 temples removed; Archer gains 3 red points"],
    )
    require(game.position.at((8, 5)).tile == "red" and game.position.at((8, 6)).treasure, "(8,5) and (8,6) stay")
    require(game.position.at((6, 4)).empty and game.position.at((7, 5)).empty, "(6,4) and (7,5) are removed")
    require(game.position.region_at((5, 4)) != game.position.region_at((9, 5)), "(5,4) touches only Archer's kingdom")
    labels = {(6, 4): "gone", (7, 5): "gone", (8, 5): "kept", (8, 6): "kept"}
    after = picture(game, window, "commit 3, commit 0: Archer wins 5 : 4", highlight=list(labels), labels=labels)
    return {"priest-war-before": before, "priest-war-after": after}


@diagram("monument")
def _monument() -> dict[str, str]:
    game = lesson("monument")  # the course's position: one definition
    window = Window(5, 3, 11, 8)
    before = picture(game, window, "Bull lays a temple on (9,5)", highlight=[(9, 5)])
    play(game, "tile r (9,5)", expect=["Archer gains 1 red point"])
    play(game, "monument rg (8,5)", expect=["Bull's farmer on (10,6) has no adjacent temple left"])
    require(game.position.at((8, 6)).treasure, "the treasure on (8,6) stays")
    require({(7, 5), (6, 4), (7, 4)} <= kingdom_of(game, (7, 5)), "Bull's trader and Archer's priest keep (7,4)")
    after = picture(
        game, window, "monument rg (8,5)", highlight=[(10, 6)], labels={(10, 6): "farmer out", (8, 6): "treasure"}
    )
    play(game, "pass", expect=["Bull gains 1 green point from the red/green monument on (8,5)"])
    play(game, "pass", expect=["Archer gains 1 red point from the red/green monument on (8,5)"])
    other = lesson("monument")  # had Bull chosen red/blue
    events = play(other, "tile r (9,5)", "monument rb (8,5)", "pass")
    require(not any(e.kind == "monument_vp" for e in events), "red/blue gives Bull nothing")
    return {"monument-before": before, "monument-after": after}


@diagram("treasure")
def _treasure() -> dict[str, str]:
    game = lesson("treasure")  # the course's position: one definition
    window = Window(0, 0, 7, 3)
    before = picture(game, window, "Lion lays a farm on (4,1)", highlight=[(4, 1)])
    play(game, "tile b (4,1)", expect=["Bull gains 1 blue point", "Lion's trader collects 1 treasure from (1,1)"])
    require(game.position.at((5, 2)).treasure, "the treasure on (5,2) stays")
    after = picture(
        game,
        window,
        "tile b (4,1): Lion takes (1,1)",
        highlight=[(1, 1), (5, 2)],
        labels={(1, 1): "taken", (5, 2): "stays"},
    )
    return {"treasure-before": before, "treasure-after": after}


@diagram("buildings")
def _buildings() -> dict[str, str]:
    def position(*more_farms: XY) -> Game:
        return (
            PositionBuilder(players=("archer", "bull"), variants=("buildings",))
            .tile("b", (0, 3), (1, 3), (2, 3), *more_farms, (6, 8), (7, 8), (8, 8))
            .building("b", (1, 3))
            .hand("bull", "bbkkrr")
            .hand("archer", "kkkkkk")
            .turn("bull")
            .game()
        )

    game = position()
    window = Window(0, 2, 10, 9)
    before = picture(game, window, "Bull lays a farm on (9,8)", highlight=[(1, 3), (9, 8)])
    play(game, "tile b (9,8)")
    decision = game.decision
    require(
        decision is not None
        and {str(a) for a in decision.choices} == {f"building b ({x},8)" for x in range(6, 10)} | {"decline"},
        "the granary may move to (6,8)–(9,8)",
    )
    play(game, "building b (7,8)", expect=["Bull moves the granary from (1,3) to (7,8)"])
    after = picture(
        game,
        window,
        "building b (7,8): the granary moves",
        highlight=[(x, 8) for x in range(6, 10)],
        arrows=[((1, 3), (7, 8))],
    )
    equal = position((3, 3))  # had the granary's line been 4 long already
    play(equal, "tile b (9,8)")
    require(equal.decision is not None and equal.decision.kind == "action", "a line as long as the granary's: no move")
    return {"buildings-before": before, "buildings-after": after}


@diagram("ziggurat")
def _ziggurat() -> dict[str, str]:
    game = (
        PositionBuilder(players=("archer", "bull"), variants=("ziggurat",))
        .tile("r", (4, 3))
        .leader("archer", "king", (4, 4))
        .tile("k", (5, 4), (6, 3), (7, 4), (6, 5))
        .hand("archer", "kkkkkk")
        .hand("bull", "kkkkkk")
        .game()
    )
    window = Window(3, 2, 9, 6)
    before = picture(game, window, "Archer lays a settlement", highlight=[(6, 4)])
    play(game, "tile k (6,4)", expect=["Archer gains 1 black point"])
    play(game, "ziggurat (6,4)", expect=["Archer builds the ziggurat centred on (6,4)"])
    require((4, 3) in kingdom_of(game, (6, 4)), "Archer's king is connected to the ziggurat")
    after = picture(game, window, "ziggurat (6,4)")
    play(game, "pass", "bonus r", expect=["Archer gains 1 red point from the ziggurat"])
    return {"ziggurat-before": before, "ziggurat-after": after}


def render_all() -> dict[str, str]:
    """File name → SVG text of every diagram."""
    out: dict[str, str] = {}
    for make in DIAGRAMS.values():
        out.update({f"{stem}.svg": svg for stem, svg in make().items()})
    return out


def write(directory: Path) -> list[Path]:
    paths = []
    for name, svg in render_all().items():
        path = directory / name
        path.write_bytes(svg.encode("utf-8"))
        paths.append(path)
    return paths


def check(directory: Path = HERE) -> list[str]:
    """The file names that are missing from ``directory``, differ from a fresh drawing, or are SVGs
    no diagram draws any more; empty when everything is up to date."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = {p.name: p.read_bytes() for p in write(Path(tmp))}
    stale = [
        name
        for name, data in fresh.items()
        if not (directory / name).is_file() or (directory / name).read_bytes() != data
    ]
    extra = [p.name for p in directory.glob("*.svg") if p.name not in fresh]
    return sorted(stale + extra)


def main(argv: Sequence[str]) -> int:
    if "--check" in argv:
        stale = check()
        for name in stale:
            print(f"out of date: docs/diagrams/{name}")
        return 1 if stale else 0
    for path in write(HERE):
        print(path.relative_to(HERE.parents[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
