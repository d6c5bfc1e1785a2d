"""Every stored notebook reads as written: no unfilled ``{NAME}`` placeholder (a cell whose f-prefix was
forgotten prints ``({R}#63-c1…)`` as a broken link) and every relative link — a markdown link
``[text](path#anchor)`` or an ``href="…"`` in a stored HTML output — opens an existing file and, when it
names an anchor, a heading (GitHub's slug) or an explicit ``<a id=…>``/``<a name=…>`` of that file."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import nbformat
import pytest

FOLDER = Path(__file__).resolve().parents[2] / "notebooks"
NOTEBOOKS = sorted(FOLDER.glob("*.ipynb"))
PLACEHOLDER = re.compile(r"\{[A-Za-z_]\w*\}")
MD_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HREF = re.compile(r"""href\s*=\s*["']([^"']*)["']""")
EXPLICIT = re.compile(r"""<a\s[^>]*\b(?:id|name)\s*=\s*["']([^"']+)["']""")
EXTERNAL = ("http://", "https://", "mailto:", "data:", "javascript:")


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces become hyphens (the rule the
    course tests and ``cells/ur_links.py`` use)."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _texts(path: Path) -> list[tuple[str, str]]:
    """(where, text) of every markdown cell and every stored text/html output of a notebook."""
    texts = []
    for i, cell in enumerate(nbformat.read(path, as_version=4).cells):
        if cell.cell_type == "markdown":
            texts.append((f"{path.name} cell {i} (markdown)", cell.source))
        elif cell.cell_type == "code":
            for output in cell.get("outputs", []):
                html = output.get("data", {}).get("text/html")
                if html:
                    texts.append((f"{path.name} cell {i} (html output)", "".join(html)))
    return texts


def jupyter_slug(heading: str) -> str:
    """JupyterLab's anchor of a notebook heading: its text as written, spaces become hyphens."""
    return heading.strip().replace(" ", "-")


def _headings(markdown: str) -> list[str]:
    """The ATX headings of a markdown text, fenced code left out."""
    headings, fenced = [], False
    for line in markdown.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        elif not fenced and (m := re.match(r"^ {0,3}#{1,6}\s+(.+?)\s*#*\s*$", line)):
            headings.append(m.group(1))
    return headings


@cache
def anchors(target: Path) -> frozenset[str]:
    """Every anchor a link may name in ``target``: its headings' slugs (a repeated one also as
    ``slug-1``, ``slug-2``… as GitHub numbers them), for a notebook also JupyterLab's anchors of its
    headings, and its explicit ``<a id>``/``<a name>``."""
    if target.suffix == ".ipynb":
        cells = nbformat.read(target, as_version=4).cells
        text = "\n".join(c.source for c in cells if c.cell_type == "markdown")
    else:
        text = target.read_text(encoding="utf-8")
    found: set[str] = set(EXPLICIT.findall(text))
    if target.suffix == ".ipynb":
        found |= {jupyter_slug(h) for h in _headings(text)}
    seen: dict[str, int] = {}
    for heading in _headings(text):
        base = slug(heading)
        n = seen.get(base, 0)
        found.add(base if n == 0 else f"{base}-{n}")
        seen[base] = n + 1
    return frozenset(found)


def _links(text: str) -> list[str]:
    return [link for link in MD_LINK.findall(text) + HREF.findall(text) if not link.startswith(EXTERNAL)]


def test_the_notebooks_are_found() -> None:
    assert len(NOTEBOOKS) >= 10


def test_slug_is_github_s_rule() -> None:
    assert slug("§6.3 C1 — One of your two") == "63-c1--one-of-your-two"
    assert slug("The game in brief") == "the-game-in-brief"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_unfilled_placeholder(path: Path) -> None:
    left = [(where, m) for where, text in _texts(path) for m in PLACEHOLDER.findall(text)]
    assert not left, left


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_relative_link_resolves(path: Path) -> None:
    broken = []
    for where, text in _texts(path):
        for link in _links(text):
            file, _, anchor = link.partition("#")
            target = (FOLDER / file).resolve() if file else path
            if not target.is_file():
                broken.append((where, link, "no such file"))
            elif anchor and target.suffix in (".md", ".ipynb") and anchor not in anchors(target):
                broken.append((where, link, "no such anchor"))
    assert not broken, broken
