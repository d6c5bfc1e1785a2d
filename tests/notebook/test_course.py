"""The course (notebooks/02_course_*): its helpers draw before/after with highlights and captions,
its exercises are verified by the puzzle solver, and the stored notebooks answer the questions a
newcomer asks (a checklist of regexes over their markdown)."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

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
    before_lines = re.findall(r'<text x="24" y="\d+" font-size="12" fill="#222">(.*?)</text>', step.svg)
    assert len(before_lines) == 6  # three players under each board
    archer_after = before_lines[3]  # players in seat order: Archer, Bull, Pot
    assert "underline" in archer_after and archer_after.startswith("Archer")
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
