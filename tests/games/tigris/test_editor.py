"""T&E's position editor (``games/tigris/editor.py`` under ``core.editor.Editor``): the rules §20
positions built by edits alone, each rule-breaking edit shown at its square, the pieces off the grid."""

from __future__ import annotations

from typing import Any

import pytest

from tigris_widget.core.editor import Editor
from tigris_widget.games.tigris import Game, PositionBuilder
from tigris_widget.games.tigris.engine.core.board import square


def blank(players: str = "lion pot", variants: str = "none") -> Editor:
    """A new game's setup turned, by edits, into the builder's defaults: starting temples only, empty
    hands, the bag every unused tile shuffled by seed 0."""
    editor = Editor.new("tigris", players=2, seed=5)
    editor.set("players", players)
    editor.set("variants", variants)
    for name in players.split():
        editor.set(f"hand:{name}", "")
    editor.set("to_move", players.split()[0])
    editor.set("bag", "auto")
    editor.set("seed", 0)
    return editor


def parsed(builder: PositionBuilder) -> str:
    """The builder's text as the engine's reader reads it (and writes it back)."""
    return Game.from_position(builder.text()).to_position()


def test_tc2_war_setup_built_by_edits_is_the_parsers_position() -> None:
    editor = blank()
    for where in ((4, 3), (5, 5), (10, 4)):
        editor.place(where, "r")
    for where in ((5, 4), (7, 4), (8, 4)):
        editor.place(where, "g")
    for where, leader in (((4, 4), "Lk"), ((4, 5), "Lg"), ((9, 4), "Pk"), ((10, 5), "Pg")):
        editor.place(where, leader)
    editor.set("hand:lion", "gggggk")
    editor.set("hand:pot", "gkkkbb")
    assert editor.problems() == []
    builder = (
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
    assert editor.to_position() == parsed(builder)
    editor.game().apply("tile g (6,4)")  # and it plays: the war of TC-2 starts


def test_tc17_ziggurat_setup_and_the_built_ziggurat_by_edits() -> None:
    editor = blank("archer bull", "ziggurat")
    editor.place((4, 3), "r")
    editor.place((4, 4), "Ak")
    for where in ((5, 4), (6, 3), (7, 4), (6, 5)):
        editor.place(where, "k")
    editor.set("hand:archer", "kkrrbg")
    builder = (
        PositionBuilder(players=("archer", "bull"), variants="ziggurat")
        .tile("r", (4, 3))
        .leader("archer", "king", (4, 4))
        .tile("k", (5, 4), (6, 3), (7, 4), (6, 5))
        .hand("archer", "kkrrbg")
    )
    assert editor.to_position() == parsed(builder)
    for where in ((5, 4), (6, 3), (7, 4), (6, 5)):
        editor.remove(where)
    editor.place((6, 4), "ziggurat")  # the cross once built: five ziggurat tiles, the tower at its centre
    built = builder.clear((5, 4), (6, 3), (7, 4), (6, 5)).ziggurat((6, 4))
    assert editor.to_position() == parsed(built)
    editor.move((6, 3), (6, 4))  # a ziggurat moves whole
    assert editor.draft.ziggurat == square(6, 5) and editor.problems() == []


def test_monuments_treasures_and_buildings_by_edits() -> None:
    editor = blank("archer bull", "buildings")
    editor.place((8, 5), "monument:rk")  # any order of the pair
    editor.place((10, 4), "g")
    editor.place((10, 4), "building:g")
    editor.set("out", "k0 r0 b0 g0")
    builder = (
        PositionBuilder(players=("archer", "bull"), variants="buildings")
        .monument("kr", (8, 5))
        .tile("g", (10, 4))
        .building("g", (10, 4))
    )
    assert editor.problems() == [] and editor.to_position() == parsed(builder)
    assert editor.cells()[square(8, 6)] == "m*"  # the starting temple's treasure stays on the monument
    editor.place((2, 2), "monument:kr")  # one monument per pair: it moves
    assert [m[:2] for m in editor.draft.monuments] == [("kr", square(2, 2))] and editor.cells()[square(9, 5)] == "."
    editor.remove((10, 4))  # the building is on top of the market
    assert editor.draft.buildings == () and editor.cells()[square(10, 4)] == "g"


@pytest.mark.parametrize(
    ("edits", "where", "words"),
    [
        ([("place", (5, 5), "Ak")], (5, 5), "I1: the leader on (5,5) has no adjacent face-up temple"),
        ([("place", (5, 5), "b")], (5, 5), "§6.2 T3: a tile 'b' cannot stand on (5,5)"),
        ([("place", (4, 0), "r")], (4, 0), "§6.2 T3"),  # a temple on the river
        ([("place", (4, 0), "Ar")], (4, 0), "§6.1 L2: leader 'Ar' cannot stand on the river square (4,0)"),
        ([("place", (5, 3), "r"), ("place", (5, 3), "treasure")], (5, 3), "treasures lie only on starting-temple"),
        ([("place", (5, 3), "Lk")], (5, 3), "the lion is not playing"),
        ([("set", "variants", "buildings"), ("place", (5, 3), "building:g")], (5, 3), "the g building must stand"),
    ],
)
def test_each_rule_breaking_edit_is_shown_at_its_square(edits: list[tuple[Any, ...]], where: Any, words: str) -> None:
    editor = blank("archer bull")
    for kind, *args in edits:
        getattr(editor, kind)(*args)
    (problem,) = editor.problems()
    assert problem.square == square(*where) and words in problem.message
    with pytest.raises(ValueError, match=f"at \\({where[0]},{where[1]}\\)"):
        editor.to_position()


def test_off_grid_fields_refuse_what_the_text_cannot_say_and_report_what_the_rules_forbid() -> None:
    editor = blank("archer bull")
    text, state = editor.text(), editor.state_id
    for field, value in (("hand:archer", "rrz"), ("hand:lion", "r"), ("vp:bull", "1,2"), ("bag", "rr + more"),
                         ("to_move", "lion?"), ("treasures:bull", -1), ("seed", "7"), ("players", "archer cat")):  # fmt: skip
        with pytest.raises(ValueError):
            editor.set(field, value)
    assert editor.text() == text and editor.state_id == state
    editor.set("hand:archer", "rrrrrrr")
    (problem,) = editor.problems()
    assert problem.square is None and problem.field == "hand:archer" and "at most 6" in problem.message
    editor.undo()
    editor.set("catastrophes:bull", 3)
    assert editor.problems()[0].field == "catastrophes:bull"
    editor.undo()
    editor.set("actions_left", 3)
    assert editor.problems()[0].field == "turn"


def test_renaming_the_players_keeps_each_seats_leaders_and_fields() -> None:
    editor = blank("archer bull")
    editor.place((5, 3), "Bk")
    editor.set("hand:bull", "kk")
    editor.set("players", ["pot", "lion"])
    assert editor.cells()[square(5, 3)] == "Lk" and editor.fields()["hand:lion"] == "kk"
    assert editor.fields()["to_move"] == "pot"


def test_a_pending_conflict_round_trips_and_its_code_loads_the_text() -> None:
    game = (
        PositionBuilder(players=("archer", "bull"))
        .tile("r", (9, 2), (10, 3))
        .leader("bull", "priest", (11, 3))
        .hand("archer", "rrkkbb")
        .hand("bull", "rrrkkb")
        .game(then=["leader r (9,3)"])  # TC-1: the revolt waits for the attacker's support
    )
    editor = Editor.from_game(game)
    assert editor.fields()["pending"] and editor.to_position() == game.to_position()
    namespace: dict[str, Any] = {}
    exec(editor.to_code(), namespace)
    assert namespace["game"].to_position() == game.to_position()


def test_the_view_draws_the_draft_and_offers_every_piece() -> None:
    editor = blank("archer bull", "buildings ziggurat")
    pieces = {p["piece"] for p in editor.palette()}
    assert {"k", "r", "b", "g", "Ak", "Bg", "x", "treasure", "monument:kr", "building:g", "ziggurat"} <= pieces
    editor.place((5, 5), "Ak")
    view = editor.to_view()
    assert view["cells"][square(5, 5)] == "Ak" and view["problems"][0]["square"] == square(5, 5)
    assert view["view"]["game"] == "tigris" and not view["view_is_current"]
