"""The project carries its own rules references: every rule code the engine can cite resolves to a
heading of the game's reference (T&E: docs/rules.md, Ur: docs/rules-ur.md), the worked examples of
docs/rules-ur.md are what the engine plays, and nothing a user reads points outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules.md"
RULES_UR = ROOT / "docs" / "rules-ur.md"
GAMES_SRC = ROOT / "src" / "tigris_widget" / "games"
UR_SRC = GAMES_SRC / "ur"
CODE = re.compile(r"§(\d+(?:\.\d+)*)(?: ([A-Z]\d+))?")


def headings(reference: Path = RULES) -> set[str]:
    """The rule codes that open a heading, e.g. '§6.1 L2' from '#### §6.1 L2 — Leaders on land'."""
    found = set()
    for line in reference.read_text(encoding="utf-8").splitlines():
        m = re.match(r"#+ (§\d+(?:\.\d+)*(?: [A-Z]\d+)?)", line)
        if m:
            found.add(m.group(1))
    return found


def cited_codes(ur: bool = False) -> dict[str, str]:
    """Every rule code written in the package's source (messages, events, docstrings) → one file citing it;
    ``ur`` picks the files under games/ur (cited against docs/rules-ur.md), otherwise T&E's and the shared
    ones (their examples cite T&E). Every other game's folder cites its own reference, checked by its tests."""
    other_games = [folder for folder in GAMES_SRC.iterdir() if folder.is_dir() and folder.name != "tigris"]
    cited: dict[str, str] = {}
    for path in sorted((ROOT / "src" / "tigris_widget").rglob("*.py")):
        if ur != path.is_relative_to(UR_SRC) or (not ur and any(path.is_relative_to(f) for f in other_games)):
            continue
        for m in CODE.finditer(path.read_text(encoding="utf-8")):
            code = "§" + m.group(1) + (f" {m.group(2)}" if m.group(2) else "")
            cited.setdefault(code, path.name)
    return cited


def test_every_cited_rule_code_has_a_heading_in_the_rules_reference() -> None:
    known = headings()
    missing = {code: where for code, where in cited_codes().items() if code not in known}
    assert not missing, f"rule codes without a heading in docs/rules.md: {missing}"


def test_every_code_the_ur_engine_cites_has_a_heading_in_its_reference() -> None:
    known = headings(RULES_UR)
    cited = cited_codes(ur=True)
    assert len(cited) > 50  # the scan found the Ur package
    missing = {code: where for code, where in cited.items() if code not in known}
    assert not missing, f"rule codes without a heading in docs/rules-ur.md: {missing}"


def test_every_ur_refusal_code_is_a_heading_of_its_reference() -> None:
    from tigris_widget.games.ur.engine.errors import RULE_CODES

    missing = sorted(set(RULE_CODES) - headings(RULES_UR))
    assert not missing, f"RULE_CODES without a heading in docs/rules-ur.md: {missing}"


def test_the_reference_covers_every_chapter_of_the_rules() -> None:
    known = headings()
    for chapter in range(1, 19):
        assert f"§{chapter}" in known, f"docs/rules.md has no heading for §{chapter}"


def test_nothing_a_user_reads_points_outside_the_repository() -> None:
    readable = [
        ROOT / "README.md",
        *ROOT.glob("docs/**/*.md"),
        *ROOT.glob("js/src/**/*.ts"),
        *ROOT.glob("notebooks/*.ipynb"),
        *ROOT.glob("notebooks/*.py"),
    ]
    readable += list((ROOT / "src" / "tigris_widget").rglob("*.py"))
    offenders = [
        p.name
        for p in readable
        if re.search(r"\.\./shared|shared/|(?<![\w-])ur\.md|tigris-euphrates\.md", p.read_text(encoding="utf-8"))
    ]
    assert not offenders, f"these files point to a rules file users don't have: {offenders}"


def test_the_section_titles_module_matches_the_reference() -> None:
    """src/…/games/tigris/engine/core/sections.py is generated from docs/rules.md (scripts/make_sections.py)."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "make_sections.py"), "--check"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout


def test_every_refusal_reads_with_its_section_title() -> None:
    from tigris_widget import Game, IllegalActionError
    from tigris_widget.games.tigris.engine.core.errors import RULE_CODES, explain
    from tigris_widget.games.tigris.engine.core.sections import TITLES, section_title

    assert all(code in TITLES for code in RULE_CODES)
    game = Game.new(players=2, seed=7)
    try:
        game.apply("leader k (4,0)")  # (4,0) is a river square
    except IllegalActionError as err:
        assert explain(err).startswith(f"{section_title(err.rule)} — ") and err.rule in TITLES
    else:  # pragma: no cover
        raise AssertionError("a leader on the river was accepted")


def test_the_board_log_names_each_event_s_section() -> None:
    """The widget's log shows each event's section title (a tooltip on the event line)."""
    import random

    from tigris_widget import Game
    from tigris_widget.games.tigris.present.viewjson import serialize_game

    game = Game.new(players=3, seed=4)
    rng = random.Random(4)
    for _ in range(60):
        game.apply(rng.choice(game.legal_actions()))
    log = serialize_game(game, None)["log"]
    events = [e for entry in log for e in entry["events"]]
    assert events
    for event in events:
        assert event["section"].startswith(event["rule"] + " ") and len(event["section"]) > len(event["rule"]) + 2


# -- the worked examples of docs/rules-ur.md --------------------------------------------------------------
_EXAMPLE = re.compile(r"^```ur-position\n(?P<pos>.*?)\n```\n(?P<body>.*?)(?=^```ur-position|^#|\Z)", re.S | re.M)
_TURNS = re.compile(r"^Turns?: (.+)$", re.M)
_RESULT = re.compile(r"^```ur-result\n(.*?)\n```", re.S | re.M)
_SCORES = re.compile(r"^Scores: (.+)\.$", re.M)
_REFUSED = re.compile(r"^\* Refused: `([^`]+)` → (§\d+(?:\.\d+)* [A-Z]\d+)$", re.M)


def _examples() -> list[tuple[str, re.Match[str]]]:
    """Each worked example (a position block up to the next one or the next heading), named after the
    section it stands in and its number there, e.g. '5.5-2'."""
    text = RULES_UR.read_text(encoding="utf-8")
    found: list[tuple[str, re.Match[str]]] = []
    for m in _EXAMPLE.finditer(text):
        section = re.findall(r"^#+ §(\d+(?:\.\d+)*)", text[: m.start()], re.M)[-1]
        number = 1 + sum(1 for name, _ in found if name.rsplit("-", 1)[0] == section)
        found.append((f"{section}-{number}", m))
    return found


EXAMPLES = _examples()


def test_the_ur_reference_has_its_worked_examples() -> None:
    assert len(EXAMPLES) >= 15
    assert all(_TURNS.search(m.group("body")) and _RESULT.search(m.group("body")) for _, m in EXAMPLES), (
        "every position block of docs/rules-ur.md is followed by its turn line(s) and result"
    )


@pytest.mark.parametrize("example", [m for _, m in EXAMPLES], ids=[name for name, _ in EXAMPLES])
def test_each_worked_example_of_the_ur_reference_plays_as_shown(example: re.Match[str]) -> None:
    """Play the example's lines from its position: the engine prints the result shown, its scores, and refuses
    each 'Refused' line (tried from the same start) with the code shown, changing nothing."""
    from tigris_widget.core.errors import IllegalActionError
    from tigris_widget.games.ur import UrGame

    start, body = example.group("pos"), example.group("body")
    game = UrGame.from_position(start)
    assert game.to_position().rstrip("\n") == start, "the example's position is not in canonical form"
    turns = _TURNS.search(body)
    result = _RESULT.search(body)
    assert turns and result
    for line in re.findall(r"`([^`]+)`", turns.group(1)):
        game.play_line(line)
    assert game.to_position().rstrip("\n") == result.group(1)
    scores = _SCORES.search(body)
    if scores:
        assert game.is_over
        shown = dict(item.split() for item in scores.group(1).split(", "))
        assert shown == {f"P{r.seat}": str(r.points) for r in game.standings()}
    for line, rule in _REFUSED.findall(body):
        fresh = UrGame.from_position(start)
        with pytest.raises(IllegalActionError) as refused:
            fresh.play_line(line)
        assert refused.value.rule == rule, line
        assert fresh.to_position().rstrip("\n") == start


def test_the_ur_reference_s_record_replays() -> None:
    from tigris_widget.games.ur import UrGame

    records = re.findall(r"^```ur-record\n(.*?)\n```", RULES_UR.read_text(encoding="utf-8"), re.S | re.M)
    assert records
    for record in records:
        assert UrGame.from_record(record + "\n").to_record().rstrip("\n") == record
