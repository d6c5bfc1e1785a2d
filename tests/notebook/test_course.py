"""The course (notebooks/02_course_*): its helpers draw before/after with highlights and captions,
its exercises are verified by the puzzle solver, and the stored notebooks answer the questions a
newcomer asks (a checklist of regexes over their markdown)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import nbformat
import pytest

from tigris_widget.game import Game
from tigris_widget.jupyter.course import (
    EXERCISES,
    FinalScores,
    exercise,
    final_scores,
    legend,
    show_board,
    show_refusal,
    show_step,
)
from tigris_widget.jupyter.lessons import lesson
from tigris_widget.puzzles.goals import solve
from tigris_widget.render.picture import PIECE

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("02_course_*.ipynb"))
HIGHLIGHT = 'stroke="#ff8c00"'
CATASTROPHE = 'xlink:href="#tw-catastrophe"'  # a catastrophe drawn on the board (the symbol's use)


def _panels(svg: str) -> list[str]:
    """The nested board pictures of a composite, in order (before, after)."""
    return re.findall(r'<svg x="0" y="0".*?</svg>', svg)


def test_show_step_draws_before_and_after_with_highlights_and_caption() -> None:
    game = lesson("catastrophe-split")
    step = show_step(
        game, "catastrophe (7,5)", highlight=["(7,5)"], caption="The kingdom splits", labels={"(5,4)": "L"}
    )
    assert [str(a) for a in game.actions] == ["catastrophe (7,5)"]
    assert "The kingdom splits" in step.svg and "catastrophe (7,5)" in step.svg
    before, after = _panels(step.svg)
    assert HIGHLIGHT in before and HIGHLIGHT in after
    assert CATASTROPHE not in before and CATASTROPHE in after  # the before picture really is before
    assert ">L</text>" in before and ">L</text>" not in after  # labels go on the board they are given for
    assert [e.kind for e in step.events] == ["catastrophe"]
    outputs = step._outputs()
    assert outputs[0]["image/svg+xml"] == step.svg
    assert "destroying the market" in outputs[1]["text/html"]
    assert "application/vnd.jupyter.widget-view+json" in outputs[2]


def test_the_after_scores_mark_what_changed() -> None:
    step = show_step(lesson("scoring"), "tile k (1,5)", caption="x", live=False)
    lines = re.findall(r'<text x="24" y="\d+" font-size="12" fill="#222">(.*?)</text>', step.svg)
    assert sum("bag " in line for line in lines) == 2  # the turn and the bag under each board
    before_lines = [line for line in lines if "bag " not in line]
    assert len(before_lines) == 6  # three players under each board
    archer_after = before_lines[3]  # players in seat order: Archer, Bull, Pot
    assert "underline" in archer_after and archer_after.startswith("Archer") and "(+1)" in archer_after
    assert "underline" not in "".join(before_lines[:3] + before_lines[4:])
    assert len(step._outputs()) == 2  # no live board when asked not to


def test_the_window_follows_the_action_and_can_be_given() -> None:
    step = show_step(lesson("war"), "tile g (6,4)", window=(2, 2, 11, 6), live=False)
    before = _panels(step.svg)[0]
    assert 'viewBox="80 80 ' in before  # columns from 2, rows from 2
    auto = show_step(lesson("war"), "tile g (6,4)", live=False)
    cols = re.findall(r'text-anchor="middle" fill="#555">(\d+)</text>', _panels(auto.svg)[0])
    assert "6" in cols and "0" not in cols  # cropped around the kingdoms, not the whole board


def test_show_refusal_shows_the_rule_and_changes_nothing() -> None:
    game = lesson("leaders")
    refusal = show_refusal(game, "leader r (7,3)", highlight=["(7,3)"], caption="Not between two kingdoms")
    assert len(game) == 0
    assert refusal.message.startswith("§6.1 L4")
    assert "Not between two kingdoms" in refusal.svg and HIGHLIGHT in refusal.svg
    with pytest.raises(ValueError, match="legal here"):
        show_refusal(game, "leader r (5,3)")


def test_legend_and_board_pictures() -> None:
    svg = legend().svg
    for name in ("settlement", "temple", "farm", "market", "king", "priest", "farmer", "trader", "treasure",
                 "special square", "catastrophe", "monument", "unification marker", "last move"):  # fmt: skip
        assert name in svg, name
    assert svg.count("<use ") >= 12  # pieces drawn by the renderer, not described
    status = show_board(lesson("revolt"), status=True, caption="c").svg
    assert f'fill="{PIECE["black"]}" font-weight="bold">■k' in status  # black and blue no longer both read "B"
    assert f'fill="{PIECE["blue"]}" font-weight="bold">■b' in status
    assert re.search(r">[BRG]\d", status) is None


def test_final_scores_table() -> None:
    table = final_scores(lesson("final-scoring"))
    assert isinstance(table, FinalScores)
    html = table._outputs()[0]["text/html"]
    rows = re.findall(r"<tr><td>(\d)</td><td>(\w+)</td>", html)
    assert rows == [("1", "Pot"), ("2", "Lion"), ("3", "Bull"), ("4", "Archer")]


@pytest.mark.parametrize("key", list(EXERCISES))
def test_exercise_is_verified_by_the_engine(key: str) -> None:
    puzzle = EXERCISES[key]
    solved = puzzle.play_solution()
    assert puzzle.check(solved).status == "solved"
    idle = puzzle.game()
    idle.apply("pass")
    assert puzzle.check(idle).status == "failed"  # doing nothing does not solve it
    assert solve(puzzle.game().state, puzzle.seat, puzzle.goal, node_limit=300_000).value >= puzzle.goal.target
    shown = exercise(key)._outputs()
    html = shown[0]["text/html"]
    assert "<details><summary>Hint</summary>" in html and "<details><summary>Solution</summary>" in html
    assert f"<code>{puzzle.solution[0]}</code>" in html
    assert "image/svg+xml" in shown[1]  # the position survives without a kernel


def test_unknown_exercise() -> None:
    with pytest.raises(ValueError, match="unknown exercise"):
        exercise("nope")


# -- the stored notebooks ---------------------------------------------------------------------------


def _markdown() -> str:
    text = " ".join(
        c.source for p in NOTEBOOKS for c in nbformat.read(p, as_version=4).cells if c.cell_type == "markdown"
    )
    return re.sub(r"\s+", " ", text)


CHECKLIST = {
    "how many can play": r"2, 3 or 4 players",
    "setup: hand, leaders, catastrophes, bag": r"four leaders.*two catastrophe tiles.*draws \*\*six tiles\*\*",
    "turn order": r"play goes \*\*clockwise\*\*",
    "two actions per turn": r"takes \*\*up to two actions\*\*",
    "the notation": r"\| `tile r \(5,4\)` \| lay a tile",
    "the score line": r"How to read the status lines.*■k\*\* black, \*\*■r\*\* red, \*\*■b\*\* blue, \*\*■g\*\* green",
    "the side panel": r"\*\*side panel\*\*: at the top the turn, the bag and the prompt",
    "the frame of the last move": r"the \*\*pink frame\*\* marks the squares of the last action",
    "black is k, blue is b": r"\*\*`k` black\*\*, \*\*`r` red\*\*, \*\*`b` blue\*\*",
    "who scores without the matching leader or a king": r"\*\*neither the matching leader nor a king\*\*.*\*\*nobody\*\* scores",
    "the king stands in": r"\*\*king\*\* — the king stands in",
    "a tile may not join three kingdoms": r"never three or more\*\* \(\[§6\.2 T4\]",
    "moving and withdrawing leaders": r"\*\*move\*\* a leader.*\*\*withdraw\*\* him",
    "withdrawing can split a kingdom": r"withdrawing or moving one away can \*\*split a kingdom\*\*",
    "catastrophe on an empty square": r"\*\*empty square — land or river, with or without neighbours\*\*",
    "catastrophe splits a kingdom": r"it can \*\*split a kingdom\*\* in two",
    "catastrophe strands leaders": r"destroys a \*\*temple\*\*, every leader left without a face-up temple",
    "swap": r"\*\*swaps\*\* tiles: discard one to six tiles",
    "revolts of all colours count temples": r"\*\*always fought with temples\*\*, also between two kings, two farmers or two traders",
    "tied revolt": r"## 3\. Revolts.*\*\*a tie goes to the defender\*\*",
    "committed tiles are lost": r"\*\*every committed tile is discarded\*\* — the winner's too",
    "who attacks when the active player is not involved": r"Otherwise the first of the two owners \*\*clockwise from the active player's left\*\*",
    "tied war": r"## 4\. Wars.*The larger total wins; \*\*a tie goes to the defender\*\*",
    "war points": r"\*\*1 point of that colour per removed tile, plus 1 for the leader\*\*",
    "active player picks the war order": r"\*\*active player chooses which is fought first\*\*",
    "priest-war protection": r"\*\*carries a treasure\*\* or \*\*touches another leader\*\*",
    "who builds a monument": r"he — and only he — may build a monument",
    "who picks the monument's second colour": r"\*\*he picks the second colour\*\* by picking the monument",
    "who owns a monument": r"A monument \*\*belongs to nobody\*\*",
    "who scores a monument": r"At the end of \*\*each player's own turn\*\*.*\*\*his leader of that colour\*\*",
    "the king does not stand in for monuments": r"\*\*The king does not stand in\*\* here",
    "treasure collection": r"gives \*\*all but one\*\* of them to the \*\*trader's owner\*\*",
    "treasures become points": r"Each treasure is worth \*\*one point of any colour\*\*",
    "refill order": r"\*\*refills his hand\*\* to six tiles.*then everyone else who is short",
    "game end": r"\*\*only one or two treasures\*\* are left.*\*\*The bag\*\*: a player must draw",
    "final score": r"Your \*\*score is your weakest colour\*\*.*second-weakest colour",
}


@pytest.mark.parametrize("question", list(CHECKLIST))
def test_the_course_answers(question: str) -> None:
    assert re.search(CHECKLIST[question], _markdown()), question


def test_every_exercise_is_in_the_course_with_folded_answers() -> None:
    assert len(NOTEBOOKS) == 3
    outputs = [
        o for p in NOTEBOOKS for c in nbformat.read(p, as_version=4).cells if c.cell_type == "code" for o in c.outputs
    ]
    htmls = " ".join(o.get("data", {}).get("text/html", "") for o in outputs)
    for puzzle in EXERCISES.values():
        assert f"Exercise — {puzzle.title}" in htmls, puzzle.key
    assert htmls.count("<details><summary>Solution</summary>") == len(EXERCISES)
    svgs = [o["data"]["image/svg+xml"] for o in outputs if "image/svg+xml" in o.get("data", {})]
    steps = [s for s in svgs if ">Before</text>" in s and ">After</text>" in s]
    assert len(steps) >= 20  # every rule as before → after, stored for readers without a kernel
    assert all(HIGHLIGHT in s for s in steps if ">swap " not in s)  # a swap changes no square
    assert not [o for o in outputs if o.output_type == "error"]


def test_links_into_the_rules_reference_resolve() -> None:
    rules = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    slugs = set()
    for heading in re.findall(r"^#+ (.+)$", rules, flags=re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        slugs.add(slug)
    anchors = set(re.findall(r"\.\./docs/rules\.md#([\w\-]+)", _markdown()))
    assert anchors and anchors <= slugs, sorted(anchors - slugs)


# -- the edge cases, each shown as before → action → after ------------------------------------------

EDGE_STEPS = {  # caption start -> what the engine's narration of that step says, in order
    "Unification without a war": ["unites two kingdoms: it scores nothing", "the two kingdoms merge"],
    "The war first, then the monument": ["Lion wins the war 2–1", "builds the black/red monument on (7,3)"],
    "Two squares at once, one monument": ["builds the red/blue monument on (8,3)"],
    "Three treasures and a trader": ["collects 2 treasures from (1,1), (5,2)"],
    "Two kingdoms due at once": ["Bull's trader collects 1 treasure from (13,4)", "Archer's trader collects"],
    "bag_empty_end=immediate": ["the game ends now", "Final scoring"],
}


@pytest.mark.parametrize("caption", list(EDGE_STEPS))
def test_every_edge_case_is_a_stored_step(caption: str) -> None:
    for path in NOTEBOOKS:
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type != "code":
                continue
            data = [o.get("data", {}) for o in cell.outputs]
            svgs = [d["image/svg+xml"] for d in data if f">{caption}" in d.get("image/svg+xml", "")]
            if svgs:
                svg = svgs[0]
                assert ">Before</text>" in svg and ">After</text>" in svg
                before, after = _panels(svg)
                assert HIGHLIGHT in before and HIGHLIGHT in after
                told = html.unescape(" ".join(d.get("text/html", "") for d in data))
                at = 0
                for words in EDGE_STEPS[caption]:  # said, and in this order
                    at = told.find(words, at)
                    assert at >= 0, words
                return
    pytest.fail(f"no stored step captioned {caption!r}")


def _play(key: str, *actions: str) -> Game:
    game = lesson(key)
    game.play(*actions)
    return game


def test_unification_without_a_war_scores_for_nobody() -> None:
    game = _play("unify-no-war", "tile k (7,4)")
    assert [p.points for p in (game.position.player("archer"), game.position.player("bull"))] == [
        {"black": 0, "red": 0, "blue": 0, "green": 0}
    ] * 2
    assert game.decision is not None and game.decision.kind == "action"  # no war was asked for
    kingdoms = [k for k in game.position.kingdoms() if (6, 4) in k.squares]
    assert len(kingdoms) == 1 and (9, 4) in kingdoms[0].squares  # one kingdom now


def test_the_war_comes_before_the_monument() -> None:
    game = _play("war-monument", "tile r (8,4)")
    assert game.decision is not None and game.decision.kind.startswith("war")
    assert not any(str(a).startswith("monument") for a in game.legal_actions())
    game.play("commit 2", "commit 0")
    assert game.decision is not None and "monument kr (7,3)" in map(str, game.legal_actions())


def test_two_squares_give_one_monument_of_the_players_choice() -> None:
    game = _play("two-squares", "tile r (8,4)")
    squares = {str(a).split()[-1] for a in game.legal_actions() if str(a).startswith("monument")}
    assert squares == {"(7,3)", "(8,3)"}
    game.play("monument rb (8,3)")
    assert not any(str(a).startswith("monument") for a in game.legal_actions())
    assert game.position.player("bull").leaders == {"red": (6, 4)}  # (7,3), (7,4) still temples
    other = _play("two-squares", "tile r (8,4)", "monument rb (7,3)")
    assert other.position.player("bull").leaders == {}  # the other square strands the priest


def test_three_treasures_the_owner_takes_two_special_first() -> None:
    game = _play("treasure-three", "tile b (4,1)")
    assert game.decision is not None and game.decision.seat == 1  # Lion chooses
    assert sorted(map(str, game.legal_actions())) == ["treasures (1,1) (5,2)", "treasures (10,0) (1,1)"]
    game.play("treasures (1,1) (5,2)")
    assert game.position.player("lion").treasures == 2


def test_two_kingdoms_collect_clockwise_from_the_active_player() -> None:
    game = lesson("treasure-two-kingdoms")
    assert game.decision is not None and game.decision.seat == 1  # Bull, active, although Archer sits first
    game.play("treasures (13,4)")
    assert game.decision is not None and game.decision.seat == 0 and game.decision.kind == "treasure"
    game.play("treasures (10,0)")
    assert [game.position.player(n).treasures for n in ("archer", "bull")] == [1, 1]


def test_immediate_bag_end_stops_the_turn_at_the_swap() -> None:
    immediate = _play("bag-end-immediate", "swap kkr")
    assert immediate.is_over
    finish = _play("bag-end", "swap kkr")
    assert not finish.is_over and finish.decision is not None and finish.decision.seat == 0
