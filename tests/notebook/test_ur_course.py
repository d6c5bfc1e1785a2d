"""The Ur course (notebooks/06_ur_course_*): its lessons and exercises are played by the engine and
pinned here, its helpers are the shared ones, and the stored notebooks cover every rule a newcomer
needs (a checklist over their markdown), with every printed rule code linked to docs/rules-ur.md."""

from __future__ import annotations

import html
import re
from pathlib import Path

import nbformat
import pytest

from tigris_widget.core.registry import game_module
from tigris_widget.games.ur import UrGame
from tigris_widget.games.ur import course as ur
from tigris_widget.games.ur.engine.errors import RULE_CODES
from tigris_widget.jupyter.course import exercise, final_scores, show_board, show_refusal, show_step
from tigris_widget.jupyter.lessons import lesson, lesson_title

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("06_ur_course_*.ipynb"))
HIGHLIGHT = 'stroke="#ff8c00"'


def _cubes(game: UrGame, x: int, y: int) -> tuple[int, int]:
    s = game.state
    return s.owner[y * 6 + x], s.cubes[y * 6 + x]


def _played(key: str, *lines: str) -> tuple[UrGame, list[str]]:
    game = lesson(key)
    texts = [e.text for line in lines for e in game.play_line(line)]
    return game, texts


# -- lessons and the examples of the course --------------------------------------------------------------------
def test_every_lesson_is_a_legal_position_found_by_key() -> None:
    for key in ur.LESSONS:
        game = lesson(key)
        assert isinstance(game, UrGame) and game.legal_actions()
        assert lesson_title(key) == ur.LESSONS[key]
        assert game_module("ur").game_from_position(game.to_position()).to_position() == game.to_position()
    tigris = game_module("tigris").course_hooks().LESSONS
    assert not set(tigris) & set(ur.LESSONS)  # keys are unique across the games
    assert lesson("war").name == "tigris" and lesson("ur-war").name == "ur"


def test_a_scene_keeps_four_copies_of_every_pair() -> None:
    scene = ur.Scene().tile((0, 0), "Wa").tile((1, 0), "Wa").hand(0, "CP").spare("AT").cubes(1, x3y3=2).zig(2, (5, 5))
    state = scene.game().state  # the position parser checks I1-I5, 4 copies of every pair among them
    assert state.zig_left == 4 and state.on_grid == [0, 2, 1]


def test_setup_examples() -> None:
    game = UrGame.new(players=3, seed=7)
    for line in ("P1: place (1,1)", "P2: place (4,4)", "P0: place (2,3)"):
        game.play_line(line)
    refusal = show_refusal(game, "P1: place (5,0)")
    assert "§2.5 I2" in refusal.message and len(game) == 3
    for line in ("P1: place (1,2)", "P2: place (4,4)", "P0: place (2,3)", "P1: place (1,2)", "P2: place (4,3)",
                 "P0: place (2,4)", "P1: keep", "P2: exchange (0,0) side P", "P0: exchange spare"):  # fmt: skip
        game.play_line(line)
    s = game.state
    assert s.on_grid == [3, 3, 3] and [s.hands[p] for p in range(3)] != [] and game.to_move == 1
    assert "hands: P0=TP  P1=TW  P2=AC   spare: AT" in game.to_position()


def test_the_turn_examples() -> None:
    game, _ = _played("ur-turn", "P0: cube (0,0) x2; exchange (3,3) side T")
    assert _cubes(game, 0, 0) == (0, 4)
    game, _ = _played("ur-turn", "P0: cube (4,5); exchange (3,3) side T")
    assert _cubes(game, 4, 5) == (0, 1)
    game, texts = _played("ur-turn", "P0: agri; cube (1,0); exchange (3,3) side T")
    assert _cubes(game, 1, 0) == (0, 2) and _cubes(game, 0, 0) == (0, 3)
    assert "P0 takes TC from (3,3) and lays AT there, trade side up" in texts
    game, texts = _played("ur-turn", "P0: cube (1,0); agri; exchange (3,3) side T")  # the cube first
    assert _cubes(game, 1, 0) == (0, 2) and _cubes(game, 0, 0) == (0, 3) and texts[0].endswith("on (1,0)")
    for line, code in [
        ("P0: cube (4,5) x2; exchange (3,3) side T", "§6.2 X2"),
        ("P0: agri; trade; cube (0,0); exchange (3,3) side T", "§6.3 X3"),
        ("P0: war (0,0)->(0,1) move 1; exchange (3,3) side T", "§4 A1"),
        ("P0: agri; exchange (1,1) side T", "§8 E1"),
        ("P0: agri; exchange (3,4) side T", "§8 E2"),
        ("P0: agri; exchange (3,3) side C", "§8 E3"),
        ("P0: agri", "§9.1 E5"),
    ]:
        start = lesson("ur-turn")
        refusal = show_refusal(start, line)
        assert code in refusal.message and len(start) == 0, line


def test_agriculture_starves_far_tiles_and_refills_a_lone_farm() -> None:
    game, texts = _played("ur-agriculture", "P0: agri; exchange (4,0) side T")
    assert "P0's tiles far from farms lose a cube: (0,0) (5,2)" in texts
    assert _cubes(game, 5, 2) == (-1, 0)  # starved and lost
    assert _cubes(game, 0, 0) == (0, 2)  # a lone farm: -1, then +2 (the farms are those of the start)
    assert _cubes(game, 1, 0) == (0, 2) and _cubes(game, 3, 3) == (0, 4) and _cubes(game, 3, 4) == (0, 3)
    assert _cubes(game, 4, 2) == (1, 2)  # a rival's tile is never touched
    chosen, _ = _played("ur-agriculture", "P0: agri (0,0)+1 (3,3)+2; exchange (4,0) side T")
    assert _cubes(chosen, 0, 0) == (0, 1) and _cubes(chosen, 3, 4) == (0, 1)


def test_trade_counts_edges_rivals_and_ziggurats_up_to_the_cap() -> None:
    game, texts = _played("ur-trade", "P0: trade; cube (4,1); exchange (2,0) side T")
    assert {
        "P0 gets 4 cubes on (0,5) (trade)",
        "P0 gets 2 cubes on (5,1) (trade)",
        "P0 gets 1 cube on (1,1) (trade)",
    } <= set(texts)
    assert _cubes(game, 1, 1) == (0, 5)


def test_culture_feeds_rivals_and_doubles_between_two_culture_tiles() -> None:
    before = lesson("ur-culture")
    game, _ = _played("ur-culture", "P0: culture; exchange (0,0) side C")
    assert [a - b for a, b in zip(game.state.on_grid, before.state.on_grid)] == [2, 1, 1]
    assert _cubes(game, 2, 3) == (0, 3) and _cubes(game, 3, 2) == (-1, 0)


def test_politics_regroups_only_among_own_tiles() -> None:
    game, _ = _played("ur-politics", "P0: politics (0,0)=5 (1,0)=0 (2,0)=0; exchange (3,3) side P")
    assert _cubes(game, 0, 0) == (0, 5) and _cubes(game, 1, 0) == (-1, 0)
    assert (
        "§5.4 P1"
        in show_refusal(lesson("ur-politics"), "P0: politics (0,0)=2 (3,0)=1 (2,0)=1; exchange (3,3) side P").message
    )


@pytest.mark.parametrize(
    ("key", "line", "attacker", "target", "paid"),
    [
        ("ur-war", "P0: war (1,2)->(1,1) move 2; exchange (0,0) side W", (-1, 0), (0, 2), 2),  # war tile: no extra
        ("ur-war", "P0: war (2,2)->(2,1) move 1; exchange (0,0) side W", (-1, 0), (0, 1), 3),  # another kind: +1
        ("ur-war", "P0: war (2,2)->(2,3) move 1; exchange (0,0) side W", (0, 1), (0, 1), 2),  # same kind: no extra
        ("ur-war-no-discount", "P0: war (1,2)->(1,1) move 1; exchange (0,0) side W", (-1, 0), (0, 1), 3),
    ],
)
def test_war_arithmetic(key: str, line: str, attacker: tuple[int, int], target: tuple[int, int], paid: int) -> None:
    game, texts = _played(key, line)
    fight = re.search(r"war \((\d),(\d)\)->\((\d),(\d)\)", line)
    assert fight is not None
    ax, ay, tx, ty = (int(v) for v in fight.groups())
    assert _cubes(game, ax, ay) == attacker and _cubes(game, tx, ty) == target
    assert any(t.endswith(f"the attacker pays {paid}") for t in texts)


def test_several_wars_and_war_refusals() -> None:
    game, _ = _played("ur-war", "P0: war (1,2)->(1,1) move 2, (1,1)->(1,0) move 1; exchange (0,0) side W")
    assert _cubes(game, 1, 1) == (-1, 0) and _cubes(game, 1, 0) == (0, 1)  # 2 in, 1 paid, 1 moved on
    assert "§5.5 W3" in show_refusal(lesson("ur-war"), "P0: war (2,2)->(3,2) move 1; exchange (0,0) side W").message
    assert "§5.5 W1" in show_refusal(lesson("ur-war"), "P0: war (1,2)->(2,2) move 1; exchange (0,0) side W").message


def test_ziggurats_restart_and_spare() -> None:
    game, _ = _played("ur-ziggurat", "P0: zig (2,2) (4,4); exchange (3,0) side P")
    assert game.state.zig_left == 3 and game.state.supply(0) == 14 and _cubes(game, 2, 2) == (0, 1)
    assert "§7 Z1" in show_refusal(lesson("ur-ziggurat"), "P0: zig (0,0); exchange (3,0) side P").message
    assert "§7 Z3" in show_refusal(lesson("ur-ziggurat"), "P0: culture; zig (2,2); exchange (3,0) side P").message
    game, _ = _played("ur-restart", "P1: restart (3,3); exchange (0,5) side T")
    assert _cubes(game, 3, 3) == (1, 3)
    assert "§6.4 R2" in show_refusal(game, "P2: restart (3,4); exchange (0,4) side P").message
    game, _ = _played("ur-spare", "P0: trade; exchange spare")
    assert "hands: P0=TP  P1=TW  P2=AP   spare: AT" in game.to_position()
    same = ur.lesson_builder("ur-spare")
    assert isinstance(same, ur.Scene)
    assert "§8 E2" in show_refusal(same.spare("AT").game(), "P0: cube (0,0); exchange spare").message


def test_the_two_ends_and_the_tie() -> None:
    game, texts = _played("ur-last-exchange", "P0: pass")
    assert game.end_reason == "no-exchange" and texts[-1].startswith("P0 cannot exchange")
    ranks = [(r.seat, r.points, r.cubes, r.place) for r in game.standings()]
    assert ranks == [(0, 33, 19, 1), (1, 33, 17, 2), (2, 28, 15, 3)]  # the tie goes to more cubes (§10.5)
    last = lesson("ur-fifth-ziggurat")
    last.play_line("P1: zig (2,2); exchange (3,3) side T")
    assert not last.is_over and last.to_move == 2
    last.play_line("P2: agri; exchange (1,0) side P")
    assert last.is_over and last.end_reason == "ziggurats"  # the start player's right-hand neighbour played last
    assert "§9 G1" in show_refusal(last, "P0: cube (2,4)").message
    table = final_scores(last)._outputs()[0]["text/html"]
    assert "TCWZ (10) + Z (1)" in table and "§9.2" in table


def test_final_scores_refuses_an_unfinished_game() -> None:
    with pytest.raises(ValueError, match="not over"):
        final_scores(lesson("ur-turn"))


# -- scoring helpers and the set split -----------------------------------------------------------------------
def test_the_rulebook_score_and_the_split_helpers() -> None:
    split = ur.SetSplit({"A": 3, "T": 2, "C": 1, "P": 1, "W": 2, "Z": 1}, hand="PW")
    assert (split.best_side, split.best) == ("P", 32)  # TC-33: 32 with politics, 30 with war
    assert ur.best_score({"A": 3, "T": 2, "C": 1, "P": 1, "W": 3, "Z": 1}) == 30
    assert ur.split_score(["ATCPWZ", "ATPW", "A"]) == 32 and ur.split_score(["ATCPW", "ATPWZ", "A"]) == 31
    _, score, words = split.evaluate([1] * 10 + [2], "P")
    assert score is None and "twice" in words
    names = split.names  # A A A T T C P W W Z, then the hand tile
    best = {"A": [1, 2, 3], "T": [1, 2], "C": [1], "P": [1], "W": [1, 2], "Z": [1]}
    groups = [best[k].pop(0) for k in names] + [2]
    assert split.evaluate(groups, "P")[1:] == (32, "32 points: the best split")
    assert "= 32 points (hand tile as politics)" in split.text()


@pytest.mark.parametrize("counts", [{"A": 4}, {"A": 1, "T": 2, "C": 3, "P": 4, "W": 5, "Z": 5}, {"Z": 2, "W": 1}])
def test_the_layered_split_is_the_engine_score(counts: dict[str, int]) -> None:
    assert ur.split_score(ur.best_split(counts)) == ur.best_score(counts)


@pytest.mark.parametrize(
    "bad",
    [
        lambda: ur.split_score(["AA"]),
        lambda: ur.split_score(["AX"]),
        lambda: ur.SetSplit({"Q": 1}),
        lambda: ur.SetSplit({"A": -1}),
        lambda: ur.SetSplit({"A": 1}, hand="AA"),
        lambda: ur.SetSplit({"A": 1}).evaluate([1, 1]),
        lambda: ur.cell("(9,9)"),
        lambda: ur.cell((1,)),
        lambda: ur.Scene().tile((0, 0), "Aa"),
        lambda: ur.Scene().tile((0, 0), "Zz"),
        lambda: ur.Scene().hand(0, "XY"),
        lambda: ur.Scene().cubes(0, x0y0=7).game(),
        lambda: show_step(object(), "P0: pass"),  # type: ignore[arg-type]
        lambda: show_step(lesson("ur-turn"), "P0: agri; exchange"),  # malformed notation
        lambda: ur.Scene().cubes(0, z9=1),
        lambda: ur.lesson("nope"),
        lambda: ur.exercise("nope"),
        lambda: ur.picture("nope"),
        lambda: lesson(3),  # type: ignore[arg-type]
        lambda: exercise("nope"),
        lambda: ur.final_table(object()),  # type: ignore[arg-type]
    ],
)
def test_hostile_input_is_a_clear_value_error(bad: object) -> None:
    with pytest.raises(ValueError):
        bad()  # type: ignore[operator]


# -- the shared helpers on Ur ---------------------------------------------------------------------------------
def test_show_step_draws_both_grids_with_lines_and_changes() -> None:
    game = lesson("ur-trade")
    step = show_step(game, "P0: trade; cube (4,1); exchange (2,0) side T", highlight=["(0,5)"], caption="Trade")
    assert len(game.lines) == 1 and ">Before</text>" in step.svg and ">After</text>" in step.svg
    assert step.svg.count(HIGHLIGHT) == 2 and "Trade" in step.svg
    assert "(+8)" in step.svg  # P0's cubes on the grid: 8 → 16
    outputs = step._outputs()
    assert "P0 gets 4 cubes on (0,5) (trade)" in outputs[1]["text/html"]
    assert "application/vnd.jupyter.widget-view+json" in outputs[2] and "image/svg+xml" in outputs[2]


def test_a_refused_line_changes_nothing_and_keeps_the_game() -> None:
    game = lesson("ur-war")
    before = game.to_position()
    with pytest.raises(ValueError, match="legal here"):
        show_refusal(game, "P0: war (1,2)->(1,1) move 2; exchange (0,0) side W")
    assert game.to_position() == before and len(game) == 0
    with pytest.raises(ValueError):  # a line refused half-way leaves no step behind
        show_step(game, "P0: war (1,2)->(1,1) move 2; exchange (0,0) side W", "P1: zig (0,0); exchange (3,3) side T")
    assert len(game) == 0


def test_pictures_of_the_ur_course() -> None:
    assert "How to read the grid" in game_module("ur").course_hooks().picture("legend")[1][0][3]
    status = show_board(lesson("ur-turn"), status=True, caption="c").svg
    assert status.startswith("<svg") and "P0: hand AT" in status


# -- exercises -------------------------------------------------------------------------------------------------
EXPECTED = {
    "ur-ex-starve": {"empty": [(5, 2)], "on_grid": 11},
    "ur-ex-culture": {"gains": [2, 1, 1]},
    "ur-ex-war": {"attacker": (0, 1), "target": (0, 1)},
    "ur-ex-ziggurats": {"supply": 14, "left": 3},
    "ur-ex-tie": {"over": True, "points": [33, 33], "winner": [0]},
}


@pytest.mark.parametrize("key", list(ur.EXERCISES))
def test_exercise_answers_are_the_engine_s(key: str) -> None:
    ex = ur.exercise_of(key)
    assert ex.facts(ex.game(), ex.play_solution()) == EXPECTED[key]
    text = exercise(key)._outputs()[0]["text/html"]
    assert "<details><summary>Hint</summary>" in text and "<details><summary>Solution</summary>" in text
    shown = text.split("<details>", 1)[0]
    assert html.escape(ex.solution) not in shown  # the answer stays folded until asked


def test_every_exercise_numbers_match_its_explanation() -> None:
    explained = {key: ur.exercise_of(key).explanation for key in ur.EXERCISES}
    assert "= 11 cubes" in explained["ur-ex-starve"] and "6 to 14" in explained["ur-ex-ziggurats"]
    assert "both score 33" in explained["ur-ex-tie"] and "19 cubes" in explained["ur-ex-tie"]


# -- what the course states about the rules, checked against the engine --------------------------------------
def _no_war() -> UrGame:
    """P0 holds TW but has one cube on each of his tiles, none of them a war tile: nothing can attack."""
    built = ur.lesson_builder("ur-turn")
    assert isinstance(built, ur.Scene)
    return built.cubes(0, x0y0=1).hand(0, "TW").game()


def test_no_war_action_without_a_possible_war() -> None:
    game = _no_war()
    assert not [a for a in game.legal_actions() if "->" in str(a)]
    refusal = show_refusal(game, "P0: war; exchange (3,3) side T")
    assert "§5.5 W1" in refusal.message and "at least one war" in refusal.message and len(game) == 0


def test_the_same_tile_may_attack_twice() -> None:
    game, texts = _played("ur-war", "P0: war (1,2)->(1,1) move 1, (1,2)->(0,2) move 1; exchange (0,0) side W")
    assert sum(t.startswith("P0 attacks") and "from (1,2)" in t for t in texts) == 2
    assert _cubes(game, 1, 2) == (-1, 0) and _cubes(game, 1, 1) == (0, 1) and _cubes(game, 0, 2) == (0, 1)


def test_a_ziggurat_on_a_farm_protects_nobody() -> None:
    scene = ur.Scene().tiles(x0y0="Ac", x1y0="Cw", x2y0="Pw", x1y1="Tp").zig(1, (0, 0))
    game = scene.cubes(0, x1y0=2).cubes(2, x5y5=2).hand(0, "AT").turn(0).game()
    texts = [e.text for e in game.play_line("P0: agri; exchange (3,3) side A")]
    assert "P0's tiles far from farms lose a cube: (1,0)" in texts and _cubes(game, 1, 0) == (0, 1)


@pytest.mark.parametrize(("builder", "gained"), [(0, 0), (1, 1)])
def test_an_own_ziggurat_counts_nothing_for_trade(builder: int, gained: int) -> None:
    """The inner trade tile (1,1) next to a ziggurat on (1,0): P0's own counts 0, a rival's 1."""
    scene = ur.Scene().tiles(x1y1="Tp", x1y0="Cw").zig(builder, (1, 0)).cubes(0, x1y1=1)
    game = scene.cubes(1, x5y5=2).cubes(2, x4y4=2).hand(0, "AT").turn(0).game()
    game.play_line("P0: trade; exchange (3,3) side A")
    assert _cubes(game, 1, 1) == (0, 1 + gained)


@pytest.mark.parametrize(
    ("line", "after"),
    [("P0: agri; trade; exchange (3,3) side A", (-1, 0)), ("P0: trade; agri; exchange (3,3) side A", (0, 1))],
)
def test_a_tile_emptied_by_the_first_action_does_not_act_in_the_second(line: str, after: tuple[int, int]) -> None:
    """P0's edge trade tile (5,2) has 1 cube and no farm beside it: starved first, trade gives it nothing."""
    scene = ur.Scene().tiles(x5y2="Tc", x4y2="Pw", x5y1="Cp", x5y3="Wp").cubes(0, x5y2=1, x0y0=2)
    game = scene.cubes(1, x1y1=2).cubes(2, x3y5=2).hand(0, "AT").turn(0).game()
    game.play_line(line)
    assert _cubes(game, 5, 2) == after


def _full_grid(spare: str) -> UrGame:
    """Every tile held by P1 or P2; P0, with nothing on the grid, holds AT."""
    scene = ur.Scene().hand(0, "AT").spare(spare)
    for c in range(36):
        scene.cubes(1 if c % 2 else 2, **{f"x{c % 6}y{c // 6}": 1})
    return scene.turn(0).game()


def test_a_restart_with_no_empty_tile_places_nothing() -> None:
    game = _full_grid("TP")
    assert [str(a) for a in game.legal_actions()] == ["exchange spare"]  # no restart, only the spare
    game.play_line("P0: exchange spare")
    assert not game.is_over and game.state.on_grid[0] == 0
    stuck = _full_grid("AT")  # the spare has P0's own pair: no exchange at all
    assert [str(a) for a in stuck.legal_actions()] == ["end"]
    stuck.play_line("P0: pass")
    assert stuck.is_over


PAIRS_SIDE_BY_SIDE = [(c, c + d) for c in range(36) for d in (1, 6) if c + d < 36 and not (d == 1 and c % 6 == 5)]
"""Every two cells that share a side."""


def test_the_layout_rule_s_two_readings_bind_the_setup_only() -> None:
    for seed in range(6):
        s = UrGame.new(players=3, seed=seed).state  # layout=colour: no two equal faces side by side
        assert not any(s.face[a] == s.face[b] for a, b in PAIRS_SIDE_BY_SIDE)
        f = UrGame.new(players=3, seed=seed, options={"layout": "face"}).state  # no two identical tiles
        assert not any((f.face[a], f.back[a]) == (f.face[b], f.back[b]) for a, b in PAIRS_SIDE_BY_SIDE)
    f = UrGame.new(players=3, seed=7, options={"layout": "face"}).state
    assert any(f.face[a] == f.face[b] for a, b in PAIRS_SIDE_BY_SIDE)  # same face, another back: allowed
    game = lesson("ur-turn")  # during the game an exchange may lay a tile beside one of the same kind
    s = game.state
    beside = []
    for action in map(str, game.legal_actions()):
        m = re.fullmatch(r"exchange \((\d),(\d)\) side ([ATCPW])", action)
        if m:
            c, kind = int(m.group(2)) * 6 + int(m.group(1)), "ATCPW".index(m.group(3))
            beside += [action for a, b in PAIRS_SIDE_BY_SIDE if c in (a, b) and s.face[a + b - c] == kind]
    assert beside


# -- the stored notebooks -------------------------------------------------------------------------------------
def _cells(kind: str) -> list[nbformat.NotebookNode]:
    return [c for p in NOTEBOOKS for c in nbformat.read(p, as_version=4).cells if c.cell_type == kind]


def _markdown() -> str:
    return "\n".join(c.source for c in _cells("markdown"))


def _outputs() -> list[nbformat.NotebookNode]:
    return [o for c in _cells("code") for o in c.outputs]


CHECKLIST = {
    "pieces": r"\*\*40 tiles\*\*, each with two \*different\* actions",
    "reading the pictures": r"small badge",
    "setup cubes": r"round 1\*\* each player puts one cube",
    "initial exchange": r"\*\*The initial exchange\*\*",
    "turn shape": r"## 4\. What a turn is made of",
    "extra cube": r"\*\*one extra cube\*\*",
    "no action": r"\*\*1 cube on any empty\s+tile\*\*",
    "exchange": r"## 6\. The exchange ends every turn",
    "pair rule": r"\"Differs\"\s+means the pair",
    "agriculture": r"## 1\. Agriculture",
    "starving a farm": r"\*\*Starving your own farm\.\*\*",
    "trade": r"## 2\. Trade",
    "culture feeding rivals": r"\*\*Culture feeding rivals:\*\*",
    "politics": r"## 4\. Politics",
    "war": r"## 5\. War",
    "war tile": r"\*\*With and without the war-tile discount\.\*\*",
    "ziggurats": r"## 1\. Ziggurats",
    "restart": r"## 2\. The restart turn",
    "spare": r"## 3\. The spare tile",
    "no exchange": r"## 4\. The end \(a\)",
    "fifth ziggurat": r"## 5\. The end \(b\): the fifth ziggurat and the last round",
    "scoring": r"## 6\. Scoring",
    "set split": r"\*\*Try it\*\*",
    "ties": r"\*\*Ties\*\*",
    "a whole game": r"## 7\. A whole game",
    "play": r"## 8\. Play a game",
    # the questions of a reader (issue items 26)
    "no war action without a possible war": r"you\s+\*\*cannot declare war\*\* at all",
    "one tile may attack twice": r"\*\*the same tile may attack twice\*\*",
    "the end after the fifth ziggurat in part 1": r"when the round in which the fifth ziggurat is built is over",
    "the layout rule's two readings": r"`layout=colour`.*`layout=face`.*\*\*the setup only\*\*",
    "a restart with no empty tile": r"\*\*No empty tile\?\*\* Then the restart places nothing",
    "a ziggurat on a farm protects nobody": r"\*\*ziggurat on a farm protects nobody\*\*",
    "an own ziggurat counts 0 for trade": r"\*\*your own ziggurat counts 0\*\*",
    "a tile emptied by the first action": r"a tile the first action \*\*emptied\*\* is no longer yours and does \*\*not\*\*\s+act",
    "the letter under a ziggurat": r"letter and badge stay visible beside the ziggurat",
}


def test_three_ur_notebooks_run_clean() -> None:
    assert [p.name for p in NOTEBOOKS] == [
        "06_ur_course_1_setup_and_the_turn.ipynb",
        "06_ur_course_2_the_five_actions.ipynb",
        "06_ur_course_3_ziggurats_and_the_end.ipynb",
    ]
    assert not [o for o in _outputs() if o.output_type == "error"]


@pytest.mark.parametrize("topic", list(CHECKLIST))
def test_the_course_covers(topic: str) -> None:
    assert re.search(CHECKLIST[topic], re.sub(r"\s+", " ", _markdown())), topic  # line breaks read as spaces


def test_the_course_says_one_thing_about_the_last_round() -> None:
    """Part 1 once said "one round after the fifth ziggurat", part 3 that the round is finished (§9.2)."""
    assert "one round after" not in _markdown()


def test_words_are_defined_before_they_are_used() -> None:
    """The At/Ta notation and the word "farm" are explained where they first appear (notebook order)."""
    text = _markdown()
    first_token = re.search(r"`[ATCPW][atcpw]`", text)
    assert first_token is not None and text.index("face in capitals and its back in lower case") < first_token.start()
    first_farm = re.search(r"\bfarms?\b", text)
    assert first_farm is not None and text[first_farm.start() - 2 : first_farm.end() + 2] == "**farm**"


def test_every_rule_is_shown_before_and_after_and_every_exercise_is_folded() -> None:
    outputs = _outputs()
    steps = [o["data"] for o in outputs if o.get("data", {}).get("text/plain", "").startswith("before → ")]
    assert len(steps) >= 24 and all("image/png" in d for d in steps)  # stored as pictures for readers without a kernel
    htmls = " ".join(o.get("data", {}).get("text/html", "") for o in outputs)
    for title in ur.EXERCISES.values():
        assert f"Exercise — {html.escape(title)}" in htmls, title
    assert htmls.count("<details><summary>Solution</summary>") == len(ur.EXERCISES)
    assert "Without a kernel: the answer" in htmls  # the set split's folded answer
    assert any(o.get("metadata", {}).get("live_widget") for o in outputs)  # live boards, stored as pictures


def test_every_rule_code_printed_is_linked_to_its_heading() -> None:
    rules = (ROOT / "docs" / "rules-ur.md").read_text(encoding="utf-8")
    headings = re.findall(r"^#+ (§.+)$", rules, flags=re.M)
    anchors = set(re.findall(r"\.\./docs/rules-ur\.md#([\w\-]+)", _markdown()))
    texts = [_markdown()]
    for o in _outputs():
        data = o.get("data", {})
        texts += [html.unescape(str(data.get(k, ""))) for k in ("text/html", "text/plain")]
        texts.append(o.get("text", ""))
    printed = set(re.findall(r"§\d+(?:\.\d+)*(?: [A-Z]\d+)?", "\n".join(texts)))
    missing = []
    for code in sorted(printed):
        heading = next((h for h in headings if h == code or h.startswith(code + " ")), None)
        assert heading is not None, code
        if re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") not in anchors:
            missing.append(code)
    assert not missing, missing
    table = _markdown().split("Every rule code of the course", 1)[1]
    wanted = [c for c in RULE_CODES if not c.startswith("§12")]
    assert all(f"[`{c}`]" in table for c in wanted), [c for c in wanted if f"[`{c}`]" not in table]


def test_the_set_split_widget_scores_as_the_reader_splits() -> None:
    split = ur.SetSplit({"A": 3, "T": 2, "C": 1, "P": 1, "W": 2, "Z": 1}, hand="PW", title="t")
    box = split.widget()
    assert "twice" in box.out.value  # everything starts in set 1
    best = {"A": [1, 2, 3], "T": [1, 2], "C": [1], "P": [1], "W": [1, 2], "Z": [1]}
    for choose, value in zip(box.choose, [best[k].pop(0) for k in split.names] + [2]):
        choose.value = value
    assert "32 points: the best split" in box.out.value
    box.side.value = "W"  # the hand tile as war: W now appears twice in set 2
    assert "twice" in box.out.value
    box.button.click()
    assert "= 32 points (hand tile as politics)" in box.answer.value


def test_a_short_supply_is_distributed_by_its_owner() -> None:
    game, _ = _played("ur-short", "P0: trade (4,1)+1; exchange (0,0) side C")
    assert _cubes(game, 4, 1) == (0, 2) and _cubes(game, 5, 2) == (0, 1) and game.state.supply(0) == 0
    game, _ = _played("ur-short", "P0: culture | P1: (2,1)+1; exchange (0,0) side C")
    assert _cubes(game, 2, 1) == (1, 5) and _cubes(game, 1, 2) == (1, 4)
    assert "§5.2 T1" in show_refusal(lesson("ur-short"), "P0: trade; exchange (0,0) side C").message
    assert "§5.3 C1" in show_refusal(lesson("ur-short"), "P0: culture; exchange (0,0) side C").message


def test_a_step_is_stacked_so_every_number_stays_readable_in_a_narrow_cell() -> None:
    """Side by side, an Ur step was 1,089 px wide: in a 370 px cell (an 800 px window with the file
    browser open) its grids were ~170 px and its numbers ~4 px. Stacked, before over after, it keeps
    every text at 9 px or more there; and it is shown as a PNG, which JupyterLab fits to the cell."""
    from tigris_widget.core.picture import png_width
    from tigris_widget.jupyter.course import STACK_WIDTH

    step = show_step(lesson("ur-agriculture"), "P0: agri; exchange (4,0) side T", highlight=["(0,0)"], caption="Agri")
    width = float(re.search(r'viewBox="0 0 ([\d.]+) ', step.svg).group(1))  # type: ignore[union-attr]
    smallest = min(float(f) for f in re.findall(r'font-size="([\d.]+)"', step.svg))
    assert width < STACK_WIDTH and smallest * 370 / width >= 9, (width, smallest)
    before = re.search(r">Before</text>", step.svg)
    after = re.search(r">After</text>", step.svg)
    assert before and after and before.start() < after.start()
    ys = [float(y) for y in re.findall(r'<g transform="translate\(0,([\d.]+)\)"><text x="24" y="16"', step.svg)]
    assert len(ys) == 2 and ys[1] > ys[0] + 400  # after is below before, not beside it
    png = step._outputs()[0]["image/png"]
    assert abs(png_width(png) - 2 * width) <= 2  # type: ignore[operator]
