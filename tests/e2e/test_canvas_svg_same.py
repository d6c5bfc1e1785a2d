"""The canvas board and the static SVG are drawn from one picture model (games/tigris/present/picture.py): the same
positions rendered both ways in Debian's Chromium differ by less than a small threshold, pixel by pixel
over the whole board (the SVG rasterised by Chromium at the canvas's scale)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_harness import BoardPage
from view_scenarios import scenario_game

from tigris_widget.jupyter.widget import BoardWidget
from tigris_widget.render import board_svg

pytestmark = pytest.mark.browser

COMPARE = """async (svg) => {
  const col = document.querySelector('#host .tw-board-col');
  col.style.flex = '0 0 670px';
  await new Promise((r) => setTimeout(r, 150));
  const canvas = document.querySelector('#host canvas.tw-board');
  const lay = JSON.parse(canvas.dataset.layout);
  if (lay.cell !== 40 || lay.left !== 24) return { error: 'layout ' + canvas.dataset.layout };
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const w = canvas.width, h = canvas.height;
  const a = canvas.getContext('2d').getImageData(0, 0, w, h).data;
  const img = new Image();
  img.src = 'data:image/svg+xml;base64,' + btoa(unescape(encodeURIComponent(svg)));
  await img.decode();
  const off = document.createElement('canvas');
  off.width = w; off.height = h;
  const ctx = off.getContext('2d');
  ctx.drawImage(img, 0, 0, img.naturalWidth * (w / 668), img.naturalHeight * (w / 668));
  const b = ctx.getImageData(0, 0, w, h).data;
  const k = w / 668;
  let sum = 0, n = 0, far = 0;
  for (let y = Math.round(24 * k); y < Math.round((24 + 440) * k); y++) {
    for (let x = Math.round(24 * k); x < Math.round((24 + 640) * k); x++) {
      const i = (y * w + x) * 4;
      const d = (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2])) / 3;
      sum += d; n += 1; if (d > 48) far += 1;
    }
  }
  return { mean: sum / n, far: far / n };
}"""


@pytest.mark.parametrize(
    "name", ["start_all_seeing", "midgame_all_seeing", "monument", "treasure", "ziggurat_bonus", "game_over"]
)
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_canvas_and_svg_draw_the_same_board(page: Any, artifacts: Path, name: str, theme: str) -> None:
    game, seat = scenario_game(name)
    widget = BoardWidget(game, seat=seat, theme=theme)
    BoardPage(page, widget)
    result = page.evaluate(COMPARE, board_svg(widget.view, status=False, theme=theme))
    assert "error" not in result, result
    (artifacts / "canvas-svg").mkdir(exist_ok=True)
    page.locator("#host canvas.tw-board").screenshot(path=str(artifacts / "canvas-svg" / f"{name}-{theme}-canvas.png"))
    (artifacts / "canvas-svg" / f"{name}-{theme}.svg").write_text(board_svg(widget.view, theme=theme), encoding="utf-8")
    assert result["mean"] < 0.3, result  # (three missing tiles give about 1.1)
    assert result["far"] < 0.002, result  # (one missing tile gives about 0.003)
