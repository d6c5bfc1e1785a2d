// One full redraw of the board canvas from the view, the UI state and the overlays.

import type { Layout } from "../geometry";
import type { Overlay, View } from "../schema";
import type { Theme } from "../theme";
import { targetsFor, type UiState } from "../ui-state";
import { drawBoard, type Ctx } from "./board";
import { drawHeatmap, drawLastTint, drawOverlays } from "./overlays";
import { drawPieces } from "./pieces";

export interface Scene {
  view: View;
  ui: UiState;
  overlay: Overlay;
  heat: Float32Array | null;
  focused: boolean;
}

/**
 * Draw everything. ``boardLayer``, when given, is a picture of ``drawBoard`` for this board, layout
 * and theme (in device pixels), copied instead of drawing the terrain again.
 */
export function drawScene(ctx: Ctx, scene: Scene, l: Layout, theme: Theme, boardLayer?: CanvasImageSource): void {
  if (boardLayer) {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(boardLayer, 0, 0);
    ctx.setTransform(l.dpr, 0, 0, l.dpr, 0, 0);
  } else {
    ctx.setTransform(l.dpr, 0, 0, l.dpr, 0, 0);
    drawBoard(ctx, scene.view, l, theme);
  }
  if (scene.heat) drawHeatmap(ctx, scene.heat, scene.overlay, l, theme);
  drawLastTint(ctx, scene.view, l, theme);
  drawPieces(ctx, scene.view, l, theme);
  drawOverlays(ctx, scene.view, scene.ui, targetsFor(scene.view, scene.ui.selected), scene.overlay, l, theme, scene.focused);
}
