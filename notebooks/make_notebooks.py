"""Write (and execute) the tutorial notebooks 02–06 from the cell lists below.

    python notebooks/make_notebooks.py            # write and execute, keeping outputs (SVG boards)
    python notebooks/make_notebooks.py --no-run   # write without outputs
    python notebooks/make_notebooks.py 04         # only the notebooks whose name starts with 04
    python notebooks/make_notebooks.py --html=site 02   # publish: HTML pages whose boards step with no Python
    python notebooks/make_notebooks.py --stored 04      # only make the stored outputs show without a kernel

The cells live in ``cells/`` (one module per notebook) so that reviews read as plain text; the
.ipynb files are what users open.
Each board is shown as a live widget in Jupyter and, where widgets do not run (GitHub,
nbviewer), as the SVG picture stored with it. The test-suite executes every notebook.

A stored notebook keeps no live widget: JupyterLab prefers the widget view of an output to anything
stored beside it and, before the notebook runs, shows "Error displaying widget: model not found" in
its place (it does not fall back as nbconvert and GitHub do). So ``stand_in`` keeps the picture of
each widget (scaled to its cell) and drops the view; running the cell brings the live widget back.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).parent


NOTEBOOKS = {
    "02_course_1_basics.ipynb": "course_1",
    "02_course_2_conflicts.ipynb": "course_2",
    "02_course_3_monuments_and_the_end.ipynb": "course_3",
    "03_puzzles.ipynb": "puzzles",
    "04_inside_the_bots.ipynb": "bots",
    "05_variants.ipynb": "variants",
    "06_ur_course_1_setup_and_the_turn.ipynb": "ur_course_1",
    "06_ur_course_2_the_five_actions.ipynb": "ur_course_2",
    "06_ur_course_3_ziggurats_and_the_end.ipynb": "ur_course_3",
}
"""Each notebook and the module of ``cells/`` that holds its cells (one file per notebook)."""


def cells_of(module: str) -> list[tuple[str, str]]:
    spec = importlib.util.spec_from_file_location(f"cells_{module}", HERE / "cells" / f"{module}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.CELLS  # type: ignore[no-any-return]


def build(name: str, cells: list[tuple[str, str]]) -> nbformat.NotebookNode:
    nb = new_notebook(cells=[new_markdown_cell(t) if k == "md" else new_code_cell(t) for k, t in cells])
    for i, cell in enumerate(nb.cells):
        cell.id = f"cell-{i:03d}"  # not random: a regenerated notebook differs only where its content does
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    return nb


WIDGET = "application/vnd.jupyter.widget-view+json"
SHOWN = ("image/svg+xml", "image/png", "text/html")
"""What JupyterLab shows of a stored output without a kernel (the first it has, in its own order)."""
REPR = re.compile(r"^(?:[A-Z][A-Za-z]*\(children=|<[\w.]+ object at 0x)")
"""The text an ipywidget gives as its plain form (``VBox(children=…``, ``<… object at 0x…>``)."""


def stand_in(output: dict[str, Any]) -> bool:
    """Turn an output that shows a live widget into what a reader without a kernel can see: its stored
    picture, scaled to the cell (``fit``), or a sentence when it has none. Returns whether it changed."""
    from tigris_widget.core.picture import fit

    data = output.get("data", {})
    if WIDGET not in data:
        return False
    del data[WIDGET]
    output.setdefault("metadata", {})["live_widget"] = True  # what it stands in for (tests find it by this)
    if "image/svg+xml" in data:
        data["image/svg+xml"] = fit(data["image/svg+xml"], wide=None)  # a live board's picture, like the board
    if not any(m in data for m in SHOWN):
        data["text/html"] = "<p><i>A live widget: run the cell to see it.</i></p>"
    if REPR.match(data.get("text/plain", "")) or "text/plain" not in data:
        data["text/plain"] = "A live widget (run the cell to see it)."
    return True


def stand_ins(nb: nbformat.NotebookNode) -> int:
    """``stand_in`` for every output of ``nb``; the widget state goes too (a stored notebook has no kernel),
    and so do the execution times (they would make every regeneration differ)."""
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    return sum(stand_in(o) for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []))


EMBED = "from tigris_widget import BoardWidget\n\nBoardWidget.embed_history_default = True"
"""Run first when publishing as HTML (and removed from the page): every board keeps its moves."""


def execute(nb: nbformat.NotebookNode) -> None:
    from nbclient import NotebookClient

    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(HERE)}}).execute()


def publish(name: str, nb: nbformat.NotebookNode, folder: Path) -> Path:
    """Execute ``nb`` with boards that embed their moves and write it as an HTML page to ``folder``:
    on a web page its boards step through their games with no Python (the page loads the widget
    libraries from public CDNs, like any exported notebook)."""
    from nbconvert import HTMLExporter

    nb.cells.insert(0, new_code_cell(EMBED))
    execute(nb)
    del nb.cells[0]  # the widget state stays in the notebook's metadata
    body, _ = HTMLExporter().from_notebook_node(nb)
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / name.replace(".ipynb", ".html")
    out.write_text(body, encoding="utf-8")
    return out


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    only = [a for a in args if not a.startswith("--")]
    html = next((a.split("=", 1)[1] for a in args if a.startswith("--html=")), None)
    if "--stored" in args:
        for path in sorted(HERE.glob("*.ipynb")):
            if not only or path.name.startswith(tuple(only)):
                nb = nbformat.read(path, as_version=4)
                print(path.name, stand_ins(nb), "widget outputs now stored as pictures")
                nbformat.write(nb, path)
        return
    for name, module in NOTEBOOKS.items():
        if only and not any(name.startswith(o) for o in only):
            continue
        nb = build(name, cells_of(module))
        if html is not None:
            print("wrote", publish(name, nb, Path(html)))
            continue
        if "--no-run" not in args:
            execute(nb)
            stand_ins(nb)
        nbformat.write(nb, HERE / name)
        print("wrote", name)


if __name__ == "__main__":
    main()
