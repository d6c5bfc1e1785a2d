"""Every notebook runs top to bottom in a fresh kernel (the notebooks are part of the product)."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))


def test_every_tutorial_notebook_exists() -> None:
    names = [p.name for p in NOTEBOOKS]
    for prefix in ("01_", "02_", "03_", "04_", "05_", "06_", "07_"):
        assert any(n.startswith(prefix) for n in names), prefix


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs_in_a_fresh_kernel(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors
