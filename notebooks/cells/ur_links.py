"""Links from the Ur course notebooks into docs/rules-ur.md: ``rule("§5.5 W3")`` is a markdown link to
the heading that code opens (GitHub's anchor for it), so the course and the reference never drift."""

from __future__ import annotations

import re
from pathlib import Path

DOC = "../docs/rules-ur.md"
_HEADINGS = re.findall(
    r"^#+ (§.+)$", (Path(__file__).resolve().parents[2] / "docs" / "rules-ur.md").read_text("utf-8"), re.M
)


def anchor(code: str) -> str:
    """GitHub's anchor of the heading that rule ``code`` opens (``ValueError`` if none does)."""
    heading = next((h for h in _HEADINGS if h == code or h.startswith(code + " ")), None)
    if heading is None:
        raise ValueError(f"no heading of docs/rules-ur.md opens {code!r}")
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def rule(code: str, text: str | None = None) -> str:
    """``[§5.1](../docs/rules-ur.md#51-agriculture)``: a link to the rule, written as ``text`` (default: the code)."""
    return f"[{text or code}]({DOC}#{anchor(code)})"


def load(name: str) -> object:
    """Another module of cells/ (the notebook builder loads each by file)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
