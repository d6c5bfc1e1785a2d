"""The project carries its own rules reference: every rule code the engine can cite resolves to a
heading of docs/rules.md, and nothing a user reads points outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules.md"
CODE = re.compile(r"§(\d+(?:\.\d+)*)(?: ([A-Z]\d+))?")


def headings() -> set[str]:
    """The rule codes that open a heading, e.g. '§6.1 L2' from '#### §6.1 L2 — Leaders on land'."""
    found = set()
    for line in RULES.read_text(encoding="utf-8").splitlines():
        m = re.match(r"#+ (§\d+(?:\.\d+)*(?: [A-Z]\d+)?)", line)
        if m:
            found.add(m.group(1))
    return found


def cited_codes() -> dict[str, str]:
    """Every rule code written in the package's source (messages, events, docstrings) → one file citing it."""
    cited: dict[str, str] = {}
    for path in sorted((ROOT / "src" / "tigris_widget").rglob("*.py")):
        for m in CODE.finditer(path.read_text(encoding="utf-8")):
            code = "§" + m.group(1) + (f" {m.group(2)}" if m.group(2) else "")
            cited.setdefault(code, path.name)
    return cited


def test_every_cited_rule_code_has_a_heading_in_the_rules_reference() -> None:
    known = headings()
    missing = {code: where for code, where in cited_codes().items() if code not in known}
    assert not missing, f"rule codes without a heading in docs/rules.md: {missing}"


def test_the_reference_covers_every_chapter_of_the_rules() -> None:
    known = headings()
    for chapter in range(1, 19):
        assert f"§{chapter}" in known, f"docs/rules.md has no heading for §{chapter}"


def test_nothing_a_user_reads_points_outside_the_repository() -> None:
    readable = [
        ROOT / "README.md",
        *ROOT.glob("docs/*.md"),
        *ROOT.glob("notebooks/*.ipynb"),
        *ROOT.glob("notebooks/*.py"),
    ]
    readable += list((ROOT / "src" / "tigris_widget").rglob("*.py"))
    offenders = [
        p.name
        for p in readable
        if re.search(r"\.\./shared|shared/rules|tigris-euphrates\.md", p.read_text(encoding="utf-8"))
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
