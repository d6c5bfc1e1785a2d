"""Stored notebooks as JupyterLab shows them before they run (no kernel, no widget state, untrusted as
from a fresh clone): no widget view (JupyterLab would show "Error displaying widget: model not found"
instead of the picture beside it), every live widget stood in for by its picture or a sentence, and
every picture a PNG (JupyterLab shows no SVG of an untrusted notebook) drawn at twice its size and
scaled to its cell."""

from __future__ import annotations

import contextlib
import importlib.util
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import nbformat
import pytest
from stored_pictures import picture

from tigris_widget.core.picture import fit
from tigris_widget.core.reopen import RESTORER, restorer
from tigris_widget.games.ur import UrGame
from tigris_widget.jupyter.course import show_board, show_refusal
from tigris_widget.jupyter.widget import BoardWidget

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
WIDGET = "application/vnd.jupyter.widget-view+json"
ROOT_TAG = re.compile(r"\s*<svg\b[^>]*>")


def _make() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_notebooks", ROOT / "notebooks" / "make_notebooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _outputs() -> list[tuple[str, Any]]:
    return [
        (p.name, o)
        for p in NOTEBOOKS
        for c in nbformat.read(p, as_version=4).cells
        if c.cell_type == "code"
        for o in c.get("outputs", [])
    ]


def _scales(svg: str) -> bool:
    """The picture takes its cell's width and nothing more: width 100 %, no fixed height, a viewBox."""
    tag = ROOT_TAG.match(svg)
    return (
        tag is not None
        and ' width="100%"' in tag.group(0)
        and " height=" not in tag.group(0)
        and "viewBox" in tag.group(0)
    )


def test_no_stored_output_carries_a_widget_view() -> None:
    carrying = [name for name, o in _outputs() if WIDGET in o.get("data", {})]
    assert not carrying, carrying
    assert not [p.name for p in NOTEBOOKS if "widgets" in nbformat.read(p, as_version=4).metadata]


def test_every_live_widget_is_stood_in_for_by_something_the_lab_shows() -> None:
    live = [(name, o["data"]) for name, o in _outputs() if o.get("metadata", {}).get("live_widget")]
    assert len(live) >= 100, len(live)  # every board, puzzle board, inspector, match and stepper
    for name, data in live:
        assert any(m in data for m in ("image/png", "text/html")), name
        plain = data.get("text/plain", "")
        assert "children=" not in plain and " object at 0x" not in plain, (name, plain[:80])


def test_no_stored_output_keeps_the_script_of_a_live_board() -> None:
    """The script that brings a saved board's picture back (``core.reopen``) has nothing to do in a stored
    notebook, which keeps no widget view."""
    kept = [name for name, o in _outputs() if RESTORER in o.get("metadata", {}) or "<script" in str(o.get("data"))]
    assert not kept, kept[:3]


def test_every_stored_picture_is_a_png_drawn_at_twice_its_size() -> None:
    """An untrusted notebook (a fresh clone) shows no SVG in JupyterLab, only its text; a PNG drawn at twice
    the width it is shown at stays sharp on a HiDPI screen, and a narrower cell shrinks it."""
    outputs = [(name, o) for name, o in _outputs() if "data" in o]
    assert not [name for name, o in outputs if "image/svg+xml" in o["data"]]
    pictures = [(name, o) for name, o in outputs if "image/png" in o["data"]]
    assert len(pictures) >= 200, len(pictures)
    for name, o in pictures:
        shown = o["metadata"]["image/png"]["width"]
        assert abs(picture(o["data"]).width - 2 * shown) <= 2, (name, shown)
        assert o["data"].get("text/plain"), name  # what a screen reader, or a reader of the JSON, gets


def test_a_one_board_picture_is_laid_on_a_wider_page_and_keeps_its_size() -> None:
    """One board (a refusal, a position) takes about two thirds of a narrow cell, like the boards of the
    before → after pictures, instead of being cut (fixed size) or blown up to a whole wide cell."""
    game = UrGame.new(players=3, seed=2006)
    refusal = show_refusal(game, "P1: place (0,0)")  # P2 starts
    for svg in (show_board(game, status=True).svg, show_board(game).svg, refusal.svg):
        assert _scales(svg)
        page = float(re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).group(1))  # type: ignore[union-attr]
        drawn = re.findall(r'<rect width="([\d.]+)"', svg)  # the white sheet: the drawing's own width
        assert drawn and 1.2 * float(drawn[0]) <= page <= 2 * float(drawn[0]), (page, drawn[0])


def test_fit_leaves_what_it_cannot_read_unchanged() -> None:
    for svg in ("", "not svg", '<svg viewBox="0 0 10 10">x</svg>', '<svg width="10" height="5">x</svg>', "<p>x</p>"):
        assert fit(svg) == svg
    wide = '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="300" viewBox="0 0 900 300"><g/></svg>'
    assert fit(wide) == '<svg xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 900 300"><g/></svg>'
    small = fit('<svg width="400" height="200" viewBox="0 0 400 200"><g/></svg>')
    assert small == '<svg width="100%" viewBox="0 0 600 200"><g/></svg>'
    # a picture drawn at a scale (viewBox twice its size) widens its viewBox in the same proportion
    assert 'viewBox="0 0 1200 400"' in fit('<svg width="400" height="200" viewBox="0 0 800 400"></svg>')


def test_stand_in_keeps_the_picture_and_drops_the_view() -> None:
    make = _make()
    bundle = BoardWidget(UrGame.new(players=3, seed=2006))._repr_mimebundle_()
    data, metadata = bundle
    assert WIDGET in data and "image/svg+xml" in data and "image/png" in data
    output: dict[str, Any] = {"output_type": "display_data", "data": dict(data), "metadata": dict(metadata)}
    assert make.stand_in(output) is True
    assert WIDGET not in output["data"] and "image/svg+xml" not in output["data"]
    assert output["metadata"]["live_widget"] is True
    shown = output["metadata"]["image/png"]["width"]
    assert metadata["image/png"]["width"] < shown <= 2 * metadata["image/png"]["width"]  # on its page, as it scales
    assert make.stand_in(output) is False  # once is enough
    bare: dict[str, Any] = {
        "output_type": "display_data",
        "data": {WIDGET: {"model_id": "x"}, "text/plain": "HBox(children=())"},
    }
    assert make.stand_in(bare) is True
    assert "run the cell" in bare["data"]["text/html"] and "children" not in bare["data"]["text/plain"]


def test_stand_ins_drop_the_script_after_a_live_board() -> None:
    make = _make()
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("board")])
    nb.cells[0].outputs = [
        nbformat.v4.new_output("display_data", data={WIDGET: {"model_id": "x"}, "text/plain": "board"}),
        nbformat.v4.new_output("display_data", data=restorer("<p>x</p>"), metadata={RESTORER: True}),
    ]
    assert make.stand_ins(nb) == 2
    assert len(nb.cells[0].outputs) == 1 and "text/html" in nb.cells[0].outputs[0]["data"]


@pytest.mark.parametrize("name", [p.name for p in NOTEBOOKS])
def test_stand_ins_leave_a_stored_notebook_unchanged(name: str) -> None:
    """The stored notebooks are already what ``make_notebooks.py --stored`` makes of them."""
    nb = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    assert _make().stand_ins(nb) == 0


@pytest.mark.parametrize("game", ["tigris", "ur"])
def test_the_stored_picture_frames_in_the_colours_of_the_live_board(game: str) -> None:
    """A review's better move is framed blue on the live board; its stored picture must not turn it into
    the orange the course uses for "look here" (nor Ur's orange seat)."""
    from tigris_widget.games.tigris.game import Game

    board = BoardWidget(Game.new(players=2, seed=1) if game == "tigris" else UrGame.new(players=3, seed=2006))
    board.highlight([0, 1], "#1e88e5")
    board.arrow(0, 2, "#1e88e5")
    svg = board.picture()
    assert svg.count('stroke="#1e88e5"') >= 3 and 'fill="#1e88e5"' in svg  # the frames and the arrow
    assert 'stroke="#ff8c00"' not in svg
    with contextlib.suppress(ValueError):  # refused at the door is fine too
        board.highlight([4], '"/><script>x</script>')
    assert "<script>" not in board.picture()  # a hostile colour string is never markup
