"""docs/rules-royal.md is this game's reference: every rule code the package cites opens a heading there,
and every worked example (a ```royal block) is what the engine plays."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tigris_widget.core.errors import IllegalActionError
from tigris_widget.games.royal import RULE_CODES, RoyalGame

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "rules-royal.md"
SRC = ROOT / "src" / "tigris_widget" / "games" / "royal"
CODE = re.compile(r"§(\d+(?:\.\d+)*)(?: ([A-Z]\d+))?")


def headings() -> set[str]:
    found = set()
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = re.match(r"#+ (§\d+(?:\.\d+)*(?: [A-Z]\d+)?)", line)
        if m:
            found.add(m.group(1))
    return found


def examples() -> list[str]:
    return re.findall(r"```royal\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_every_code_the_game_cites_has_a_heading() -> None:
    cited = set()
    for path in SRC.rglob("*.py"):
        for m in CODE.finditer(path.read_text(encoding="utf-8")):
            cited.add("§" + m.group(1) + (f" {m.group(2)}" if m.group(2) else ""))
    assert len(cited) >= 15
    assert not cited - headings(), f"codes without a heading: {sorted(cited - headings())}"
    assert set(RULE_CODES) <= headings()


@pytest.mark.parametrize("block", examples(), ids=lambda b: b.splitlines()[-1][:30])
def test_every_worked_example_is_what_the_engine_plays(block: str) -> None:
    lines = block.strip("\n").split("\n")
    split = next(i for i, ln in enumerate(lines) if ln.startswith("> "))
    game = RoyalGame.from_position("\n".join(lines[:split]))
    actions = [ln[2:] for ln in lines[split:] if ln.startswith("> ")]
    after = lines[split + len(actions) :]
    for action in actions[:-1]:
        game.apply(action)
    if after[0].startswith("! "):
        before = game.to_position()
        with pytest.raises(IllegalActionError) as err:
            game.apply(actions[-1])
        assert err.value.rule == after[0][2:] and str(err.value).startswith(after[0][2:])
        assert game.to_position() == before
    else:
        game.apply(actions[-1])
        assert game.to_position() == "\n".join(after) + "\n"


def test_the_examples_are_found() -> None:
    assert len(examples()) >= 10
