"""The examples in the docs and docstrings run: every ``>>>`` example in the package, and every
```python block of the README and docs/*.md (blocks of one file run in order, sharing names)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import tigris_widget

ROOT = Path(__file__).resolve().parents[1]
MODULES = sorted(m.name for m in pkgutil.walk_packages(tigris_widget.__path__, "tigris_widget.")
                 if not m.name.endswith("__main__"))  # fmt: skip
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # examples that write files write them here
    module = importlib.import_module(name)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.testmod(module, optionflags=flags, report=True, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed (see above)"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_markdown_python_blocks_run(doc: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    from tigris_widget.jupyter.widget import BoardWidget

    monkeypatch.setattr(BoardWidget, "embed_history_default", False)  # restored after the examples switch it on
    names: dict[str, object] = {"__name__": "__doc_example__"}
    for i, block in enumerate(FENCE.findall(doc.read_text(encoding="utf-8"))):
        try:
            exec(compile(block, f"{doc.name} block {i + 1}", "exec"), names)
        except Exception as err:  # pragma: no cover - the message is the point
            pytest.fail(f"{doc.name}, python block {i + 1} raised {type(err).__name__}: {err}\n{block}")
