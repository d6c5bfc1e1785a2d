"""Candidates read at a glance (issue 40): an Ur turn gets a short name (its main action and target,
more of its steps only where two candidates would share a name; the whole line in the tooltip), and
each candidate after the best says in one line what differs from the best instead of repeating the
reason every candidate shares. T&E's actions are short already: their table keeps its text."""

from __future__ import annotations

import re

import pytest

from tigris_widget.core.analysis import Analysis, Candidate, reason_against
from tigris_widget.core.registry import game_module
from tigris_widget.games.ur.bots.analysis import turn_names, turn_parts
from tigris_widget.games.ur.engine import Step

from .test_ur_analysis import RICH

pytest.importorskip("ipywidgets")

TRADE = [Step("trade"), Step("add", 14, n=2), Step("add", 15, n=1), Step("cube", 3, n=1), Step("exchange", 0, s="C")]
WAR = [Step("attack", 7, 8), Step("move", n=1), Step("attack", 8, 9), Step("keep"), Step("end")]


def test_a_turn_is_named_by_its_main_action_and_target() -> None:
    assert turn_parts(TRADE) == ["trade (2,2)+2", "cube (3,0)", "exchange (0,0) side C", "(3,2)+1"]
    assert turn_parts(WAR)[0] == "war (1,1)->(2,1)"
    assert turn_names([TRADE, WAR]) == ["trade (2,2)+2", "war (1,1)->(2,1)"]


def test_names_grow_only_until_they_tell_the_turns_apart() -> None:
    other_exchange = [*TRADE[:4], Step("exchange", 1, s="C")]
    assert turn_names([TRADE, other_exchange, WAR]) == [
        "trade (2,2)+2, cube (3,0), exchange (0,0) side C",
        "trade (2,2)+2, cube (3,0), exchange (1,0) side C",
        "war (1,1)->(2,1)",
    ]
    # turns whose parts are all alike (a "keep" is no part) are named by their whole lines
    kept = [*TRADE, Step("keep")]
    assert turn_names([TRADE, kept]) == ["; ".join(map(str, TRADE)), "; ".join(map(str, kept))]
    assert turn_names([[Step("keep"), Step("end")]]) == ["keep; end"]


def test_a_reason_against_the_best_says_only_what_differs() -> None:
    best = "Claims the war tile (1,0); places 1 cube; adds war to its sets; points 11 → 16"
    other = "Claims the culture tile (0,1); places 1 cube; adds culture to its sets; points 11 → 16"
    assert reason_against(best, other) == "Unlike the best: claims the culture tile (0,1); adds culture to its sets"
    assert reason_against(best, "Places 1 cube; points 11 → 16") == (
        "Unlike the best, not: claims the war tile (1,0); adds war to its sets"
    )
    assert reason_against(best, best) == "The same changes as the best"
    assert reason_against(best, "Scores 2 red") == "Scores 2 red"  # nothing shared: nothing to leave out
    assert reason_against(best, "") == ""


def test_the_ur_inspector_table_names_turns_short_and_reasons_by_difference() -> None:
    from tigris_widget.jupyter import BotInspector

    inspector = BotInspector(game_module("ur").game_from_position(RICH))
    result = inspector.think(iterations=120, every=0.0)
    table = inspector.table.value
    assert all(c.name and len(c.name) <= len(c.text) for c in result.candidates)
    assert len({c.name for c in result.candidates}) == len(result.candidates), "names tell the turns apart"
    shown = re.findall(r"<td class='a' title='([^']*)'><code[^>]*>([^<]*)</code>", table)
    assert [name for _, name in shown] == [c.name.replace(">", "&gt;") for c in result.candidates]
    for (tip, _), c in zip(shown, result.candidates, strict=True):
        if c.name != c.text:  # the whole line is in the tooltip
            assert tip.startswith(c.text.replace(">", "&gt;") + "\n")
    reasons = re.findall(r"<tr class='why[^']*'><td colspan='5'>([^<]*)</td>", table)
    assert reasons[0] == result.best.reason  # the best's reason in full
    assert len(set(reasons)) == len(reasons), "no reason repeated row after row"
    best_clauses = set(result.best.reason.split("; "))
    for row, c in zip(reasons[1:], result.candidates[1:], strict=True):
        if row.startswith("Unlike the best: "):  # only what differs: none of the best's own clauses again
            clauses = row.removeprefix("Unlike the best: ").split("; ")
            assert not best_clauses & {clauses[0][0].upper() + clauses[0][1:], *clauses[1:]}, row
            assert set(clauses[1:]) <= set(c.reason.split("; ")), row
    assert sum(r.startswith("Unlike the best") for r in reasons[1:]) >= len(reasons[1:]) // 2
    assert dict(inspector.candidates.options)[result.best.name] == result.best.text  # the pick list too


def test_a_te_table_keeps_its_action_texts() -> None:
    from tigris_widget.jupyter.inspect import candidate_table

    rows = (Candidate(("tile r (3,4)",), 30, 0.52, reason="Scores 1 red; expected answer: P1 plays pass"),
            Candidate(("pass",), 10, 0.41, reason="A quiet move"))  # fmt: skip
    analysis = Analysis("tigris", 0, "action", True, "chance to win", rows, 40, 0.1)
    table = candidate_table(analysis)
    assert "<code class='short'>tile r (3,4)</code>" in table and "<code class='short'>pass</code>" in table
    assert "A quiet move" in table and "Unlike" not in table
