"""Write (and execute) the tutorial notebooks 01–07 from the cell lists below.

    python notebooks/make_notebooks.py            # write and execute, keeping outputs (board pictures)
    python notebooks/make_notebooks.py --no-run   # write without outputs
    python notebooks/make_notebooks.py 04         # only the notebooks whose name starts with 04
    python notebooks/make_notebooks.py --html=site 02   # publish: HTML pages whose boards step with no Python
    python notebooks/make_notebooks.py --stored 04      # only make the stored outputs show without a kernel

The cells live in ``cells/`` (one module per notebook) so that reviews read as plain text; the
.ipynb files are what users open.
Each board is shown as a live widget in Jupyter and, before the cells run (and on GitHub and
nbviewer), as the picture stored with it. The test-suite executes every notebook.

A stored notebook keeps no live widget: JupyterLab prefers the widget view of a trusted output to
anything stored beside it and, before the notebook runs, shows "Error displaying widget: model not
found" in its place. So ``stand_in`` keeps the picture of each widget (scaled to its cell) and drops
the view (and the script that follows a live board, see ``core.reopen``); running the cell brings the
live widget back. Every picture is stored as a PNG drawn at twice its size: a notebook from a fresh
clone is untrusted, and JupyterLab shows no SVG of an untrusted notebook ("Cannot display an
untrusted SVG"), only its text.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from tigris_widget.core.reopen import RESTORER, WIDGET

HERE = Path(__file__).parent


NOTEBOOKS = {
    "01_quick_start.ipynb": "quick_start",
    "02_course_1_basics.ipynb": "course_1",
    "02_course_2_conflicts.ipynb": "course_2",
    "02_course_3_monuments_and_the_end.ipynb": "course_3",
    "03_puzzles.ipynb": "puzzles",
    "04_inside_the_bots.ipynb": "bots",
    "05_variants.ipynb": "variants",
    "06_ur_course_1_setup_and_the_turn.ipynb": "ur_course_1",
    "06_ur_course_2_the_five_actions.ipynb": "ur_course_2",
    "06_ur_course_3_ziggurats_and_the_end.ipynb": "ur_course_3",
    "07_make_a_puzzle.ipynb": "make_a_puzzle",
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


SHOWN = ("image/png", "text/html")
"""What JupyterLab shows of a stored output in an untrusted notebook (the first it has, in its own order)."""
REPR = re.compile(r"^(?:[A-Z][A-Za-z]*\(children=|<[\w.]+ object at 0x)")
"""The text an ipywidget gives as its plain form (``VBox(children=…``, ``<… object at 0x…>``)."""


def stand_in(output: dict[str, Any]) -> bool:
    """Turn an output into what a reader without a kernel can see, trusted or not: a live widget into its
    stored picture, scaled to the cell (``fit``), or a sentence when it has none; every SVG picture into
    a PNG (``png_display``). Returns whether it changed."""
    from tigris_widget.core.picture import fit, png_display

    data = output.get("data", {})
    changed = False
    if WIDGET in data:
        del data[WIDGET]
        data.pop("image/png", None)  # the live board's own PNG: made again below from its scaled picture
        output.setdefault("metadata", {})["live_widget"] = True  # what it stands in for (tests find it by this)
        if "image/svg+xml" in data:
            data["image/svg+xml"] = fit(data["image/svg+xml"], wide=None)  # a live board's picture, like the board
        if REPR.match(data.get("text/plain", "")) or "text/plain" not in data:
            data["text/plain"] = "A live widget (run the cell to see it)."
        changed = True
    if "image/svg+xml" in data:
        png, metadata = png_display(data.pop("image/svg+xml"))
        if not png:
            raise RuntimeError("the stored notebooks need PNG pictures: install cairosvg and the cairo library")
        data.update(png)
        output["metadata"] = {**{k: v for k, v in output.get("metadata", {}).items() if k != "image/svg+xml"},
                              **metadata}  # fmt: skip
        changed = True
    if output.get("metadata", {}).get("live_widget") and not any(m in data for m in SHOWN):
        data["text/html"] = "<p><i>A live widget: run the cell to see it.</i></p>"
    return changed


def stand_ins(nb: nbformat.NotebookNode) -> int:
    """``stand_in`` for every output of ``nb``; the scripts that follow live boards go (``core.reopen``),
    the widget state too (a stored notebook has no kernel), and so do the execution times (they would
    make every regeneration differ)."""
    nb.metadata.pop("widgets", None)
    changed = 0
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type != "code":
            continue
        kept = [o for o in cell.outputs if not o.get("metadata", {}).get(RESTORER)]
        changed += len(cell.outputs) - len(kept)
        cell.outputs = kept
        changed += sum(stand_in(o) for o in kept)
    return changed


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
