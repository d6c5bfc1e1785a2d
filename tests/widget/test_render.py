"""Static pictures: SVG from a view (pure), PNG through CairoSVG, files, and Game._repr_svg_."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from view_scenarios import scenario_game

from tigris_widget import Game
from tigris_widget.render import board_png, board_svg, game_view, write_png, write_svg

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def test_svg_draws_every_kind_of_piece() -> None:
    game, _ = scenario_game("ziggurat_bonus")
    view = game_view(game)
    svg = board_svg(view)
    root = parse(svg)
    texts = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert [str(i) for i in range(16)] == texts[:16]  # coordinates along the top edge
    tiles = sum(len(v) for v in view["body"]["tiles"].values())
    leaders = sum(q >= 0 for p in view["body"]["players"] for q in p["leaders"].values())
    placed = svg.count('<use xlink:href="#tw-tile-') + svg.count('<use xlink:href="#tw-leader-')
    assert placed == tiles + leaders  # each tile and leader placed from its picture in <defs>
    assert svg.count('<g id="tw-tile-') == 4
    assert view["body"]["tower"] >= 0 and "#6d5a30" in svg  # the ziggurat and its tower
    assert any("ziggurat bonus" in t for t in texts)


def test_svg_of_a_seat_view_keeps_other_hands_hidden() -> None:
    game = Game.new(players=3, seed=1, hands=["rrkbbg", "kkkkkk", "gggggg"])
    texts = " ".join(t.text or "" for t in parse(board_svg(game.view(0))).iter(f"{SVG}text"))
    assert "hand krrbbg" in texts
    assert "kkkkkk" not in texts and "gggggg" not in texts and "6 tiles" in texts


def test_svg_options_and_last_action() -> None:
    game = Game.new(players=2, seed=1)
    game.apply(next(a for a in game.legal_actions() if str(a).startswith("tile")))
    svg = board_svg(
        game_view(game), size=400, highlight=[5], arrows=[(5, 40)], labels={5: "here <b>"}, caption="Start & go"
    )
    root = parse(svg)
    assert root.get("width") == "400"
    assert "Start &amp; go" in svg and "here &lt;b&gt;" in svg
    assert "#d81b60" in svg  # the last action's frame
    assert "<line" in svg


@pytest.mark.parametrize("name", ["tigris", "ur"])
def test_game_displays_as_svg_that_scales_with_its_cell(name: str) -> None:
    """JupyterLab shows an SVG output as an image at its own size: a board of fixed width scrolled
    sideways in a narrow cell. The picture takes the cell's width, on a page wider than the board."""
    from tigris_widget.games.ur import UrGame

    game = Game.new(players=2, seed=1) if name == "tigris" else UrGame.new(players=3, seed=1)
    root = parse(game._repr_svg_())
    assert root.get("width") == "100%" and root.get("height") is None
    fixed = parse(board_svg(game_view(game)))  # the same picture at its own size (files, PNG)
    assert root.get("viewBox", "").split()[3] == fixed.get("viewBox", "").split()[3]
    assert 1.2 * float(fixed.get("width", "")) <= float(root.get("viewBox", "").split()[2])


def test_png_and_files(tmp_path: Path) -> None:
    game, seat = scenario_game("monument")
    data = board_png(game_view(game, seat), scale=1)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    svg_file = write_svg(game, tmp_path / "p.svg", seat=seat, ply=3)
    parse(svg_file.read_text(encoding="utf-8"))
    png_file = write_png(game, tmp_path / "p.png", seat=1)
    assert png_file.read_bytes()[:4] == b"\x89PNG"
    with pytest.raises(ValueError, match="ply"):
        write_svg(game, tmp_path / "x.svg", ply=len(game) + 1)


def test_a_long_prompt_wraps_under_the_board_instead_of_shrinking() -> None:
    view = game_view(Game.new(players=2, seed=3))
    short = parse(board_svg(view))
    view["decision"] = dict(view["decision"], prompt="Editing: pick a piece or a tool beside the board, " * 3)
    long = parse(board_svg(view))
    heads = [t for t in long.iter(f"{SVG}text") if t.get("font-weight") == "bold" and (t.text or "").strip()]
    heads = [t for t in heads if "Turn 1" in (t.text or "") or "Editing" in (t.text or "") or "tool" in (t.text or "")]
    assert len(heads) >= 2 and all(t.get("font-size") == "13" for t in heads), "wrapped at full size"
    rows = [t for t in long.iter(f"{SVG}text") if (t.text or "").startswith(("▶ ", "Archer", "Bull"))]
    assert float(rows[0].get("y", 0)) >= float(heads[-1].get("y", 0)) + 18, "the players' rows move down"
    assert float(long.get("height", 0)) > float(short.get("height", 0)), "the picture grows to hold them"
