"""Every refusal cites the rule that docs/rules.md defines for its case.

For each reason in ``test_rule_codes.CASES`` (one per code of ``RULE_CODES``) and for every forbidden
catastrophe target, the refusal is provoked and its code's defining text in the rules reference (the
heading's title and first paragraph) must name the case, and no other rule of the same section may.
So a code that points at the wrong rule, or a case the reference defines twice, fails here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tigris_widget import Game, IllegalActionError
from tigris_widget.games.tigris.engine.core.errors import RULE_CODES

from .test_illegal_actions import position
from .test_rule_codes import CASES

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
HEADING = re.compile(r"#+ (§\d+(?:\.\d+)*) ([A-Z]\d+) — (.*)")


def definitions() -> dict[str, str]:
    """Rule code → its heading's title and the first paragraph under it."""
    found: dict[str, str] = {}
    code, body = "", False
    for line in RULES.read_text(encoding="utf-8").splitlines():
        m = HEADING.match(line)
        if m:
            code, body = f"{m.group(1)} {m.group(2)}", False
            found[code] = m.group(3)
        elif line.startswith("#") or (body and not line.strip()):
            code = ""  # the next heading, or the blank line after the first paragraph, ends a definition
        elif code and line.strip():
            found[code] += " " + line.strip()
            body = True
    return found


# What the defining text of the cited rule must say, per reason of ``CASES`` (regular expressions).
PHRASES: dict[str, str] = {
    "not an action object": r"any other value",
    "unknown kind": r"fifteen kinds",
    "colour out of range": r"black, red, blue or green",
    "square off the board": r"must lie on the board",
    "extra of the wrong type": r"right form and range",
    "another seat's decision": r"another seat",
    "answer to another decision": r"decision that is pending",
    "place a leader on the board": r"leader that is in your supply can be placed",
    "move a leader off the board": r"leader standing on the board can be moved",
    "withdraw a leader off the board": r"take back",
    "leader on an occupied square": r"destination must be empty",
    "leader on the river": r"river square",
    "leader without a temple": r"face-up temple",
    "leader joining kingdoms": r"two or more different kingdoms",
    "leader moved onto itself": r"different square",
    "tile not in hand": r"from the active player's hand",
    "tile on an occupied square": r"must be empty",
    "tile on the wrong terrain": r"river square",
    "tile touching three kingdoms": r"three or more different kingdoms",
    "no catastrophe left": r"one of his two catastrophe tiles",
    "catastrophe on a treasure": r"a tile carrying a treasure",
    "swap more than the hand": r"more of a colour than you hold",
    "swap nothing": r"swapping nothing",
    "revolt commitment beyond the hand": r"never more red tiles than it holds",
    "war not pending": r"actually contested",
    "war commitment beyond the hand": r"tiles of the war's colour",
    "monument off the new 2x2": r"2×2 square .* completes",
    "monument without the colour": r"colours include the colour",
    "monument already built": r"already on the board",
    "treasures: not all but one": r"beyond one",
    "treasures: special left behind": r"special square may not be left behind",
    "after the game": r"game is over",
    "building off the line": r"line of three or more",
    "building of another colour": r"same colour as the tiles of that line",
    "ziggurat off a cross": r"completes a cross",
    "second ziggurat": r"one ziggurat",
    "ziggurat without the variant": r"Without the ziggurat variant",
}

# The catastrophe's forbidden targets, each in the position of ``test_illegal_actions`` (all variants).
CATASTROPHES: list[tuple[str, str, str]] = [
    ("catastrophe on a leader", "catastrophe (6,4)", r"a leader"),
    ("catastrophe on a treasure tile", "catastrophe (10,0)", r"a tile carrying a treasure"),
    ("catastrophe on a monument", "catastrophe (13,9)", r"face-down \(monument\) tile"),
    ("catastrophe on a catastrophe", "catastrophe (0,10)", r"another catastrophe"),
    ("catastrophe on a building", "catastrophe (3,5)", r"tile carrying a civilization building"),
    ("catastrophe on the ziggurat", "catastrophe (2,9)", r"ziggurat tile"),
]

ALL_CASES: list[tuple[str, Callable[[], Game], Any, int | None, str]] = [
    *((reason, make, action, seat, PHRASES[reason]) for reason, make, action, seat, _ in CASES),
    *((reason, position, action, None, phrase) for reason, action, phrase in CATASTROPHES),
]


def refusal(make: Callable[[], Game], action: Any, seat: int | None) -> str:
    game = make()
    with pytest.raises(IllegalActionError) as err:
        game.apply(action, seat=seat)
    return err.value.rule


@pytest.mark.parametrize(("reason", "make", "action", "seat", "phrase"), ALL_CASES, ids=[c[0] for c in ALL_CASES])
def test_the_cited_rule_defines_the_case(reason: str, make: Callable[[], Game], action: Any, seat: int | None,
                                         phrase: str) -> None:  # fmt: skip
    code = refusal(make, action, seat)
    texts = definitions()
    assert code in texts, f"{reason}: the refusal cites {code}, which docs/rules.md does not define"
    assert re.search(phrase, texts[code]), f"{reason}: {code} is cited, but it says: {texts[code]!r}"
    section = code.split()[0]
    others = [c for c, text in texts.items() if c != code and c.split()[0] == section and re.search(phrase, text)]
    assert not others, f"{reason}: {others} define the case too, yet {code} is cited"


def test_every_listed_code_is_provoked() -> None:
    assert set(PHRASES) == {c[0] for c in CASES}
    assert {refusal(make, action, seat) for _, make, action, seat, _ in ALL_CASES} == set(RULE_CODES)
