// One full redraw of the board canvas: the game draws its terrain, pieces and marks; the shared
// layers (heatmap, last action, Python's overlays, hover, cursor, the history's dimming) go between.

import type { AnyGame, PointerUi, Scene } from "./game";
import type { Ctx, Layout } from "./geometry";
import { drawArrow, drawHeatmap, drawLabel, drawLastTint, drawSquareFrame } from "./overlays";
import type { Theme } from "./theme";
import { lastTurnSquares, type View } from "./view";

/**
 * Draw everything. ``terrain``, when given, is a picture of ``game.drawTerrain`` for this board,
 * layout and theme (in device pixels), copied instead of drawing the terrain again.
 */
export function drawScene<V extends View, U extends PointerUi>(ctx: Ctx, game: AnyGame, scene: Scene<V, U>, l: Layout, theme: Theme, terrain?: CanvasImageSource): void {
  const { view, ui, overlay } = scene;
  if (terrain) {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(terrain, 0, 0);
    ctx.setTransform(l.dpr, 0, 0, l.dpr, 0, 0);
  } else {
    ctx.setTransform(l.dpr, 0, 0, l.dpr, 0, 0);
    game.drawTerrain(ctx, view, l, theme);
  }
  if (scene.heat) drawHeatmap(ctx, scene.heat, overlay, l, theme);
  drawLastTint(ctx, view, l, theme);
  game.drawPieces(ctx, view, l, theme);
  game.drawUnder(ctx, scene, l, theme);
  drawSquareFrame(ctx, lastTurnSquares(view), l, theme.last, Math.max(2, l.cell * 0.06));
  game.drawOver(ctx, scene, l, theme);
  for (const h of overlay.highlights ?? []) drawSquareFrame(ctx, [h.square], l, h.colour ?? theme.selected, Math.max(2, l.cell * 0.1));
  for (const a of overlay.arrows ?? []) drawArrow(ctx, a.from, a.to, a.colour ?? theme.cursor, l);
  if (l.cell >= 30) for (const lab of overlay.labels ?? []) drawLabel(ctx, lab.square, lab.text, l, theme);
  const hovered = game.hovered(view, ui);
  if (hovered.length) drawSquareFrame(ctx, hovered, l, theme.targetHover, 2);
  if (scene.focused) drawSquareFrame(ctx, [ui.cursor], l, theme.cursor, Math.max(2, l.cell * 0.07), [4, 3]);
  if (!view.history.live) {
    // history: the board is dimmed, so the past never looks like the position being played
    ctx.fillStyle = theme.dark ? "rgba(10,10,10,0.32)" : "rgba(255,255,255,0.34)";
    ctx.fillRect(l.left, l.top, l.cell * l.cols, l.cell * l.rows);
  }
}
