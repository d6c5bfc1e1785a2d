"""The board diagrams of docs/rules.md are up to date with the engine and the renderer, and the page
shows them: every picture it references exists and no placeholder is left."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules.md"
SCRIPT = ROOT / "docs" / "diagrams" / "make_diagrams.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_diagrams", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


def test_checked_in_diagrams_match_a_fresh_drawing() -> None:
    stale = load_script().check()
    assert stale == [], f"run `python docs/diagrams/make_diagrams.py`; out of date: {stale}"


def test_check_reports_a_changed_and_a_missing_file(tmp_path: Path) -> None:
    script = load_script()
    for name in ("kingdoms-before.svg", "war-after.svg"):
        (tmp_path / name).write_bytes((SCRIPT.parent / name).read_bytes())
    (tmp_path / "war-after.svg").write_text("<svg/>", encoding="utf-8")
    (tmp_path / "old.svg").write_text("<svg/>", encoding="utf-8")
    stale = script.check(tmp_path)
    assert "kingdoms-before.svg" not in stale
    assert {"war-after.svg", "old.svg", "kingdoms-after.svg"} <= set(stale)


def test_every_picture_the_rules_reference_shows_exists() -> None:
    text = RULES.read_text(encoding="utf-8")
    sources = re.findall(r'<img src="(diagrams/[^"]+)"', text)
    assert len(sources) >= 12
    missing = [src for src in sources if not (RULES.parent / src).is_file()]
    assert missing == []
    drawn = {p.name for p in SCRIPT.parent.glob("*.svg")}
    assert drawn == {Path(src).name for src in sources}, "every drawn diagram is shown once on the page"


def test_no_diagram_placeholder_is_left() -> None:
    assert "diagram:" not in RULES.read_text(encoding="utf-8")
