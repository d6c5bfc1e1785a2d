// One full redraw of the board canvas: the game draws its terrain, pieces and marks; the shared
// layers (heatmap, last action, Python's overlays, hover, cursor, the history's dimming) go between.

import type { AnyGame, PointerUi, Scene } from "./game";
import { squareRect, type Ctx, type Layout } from "./geometry";
import { drawArrow, drawHeatFrames, drawHeatmap, drawHeatTabs, drawLabel, drawLastTint, drawSquareFrame, shownLabel } from "./overlays";
import type { Theme } from "./theme";
import { lastTurnSquares, type Ghost, type View } from "./view";

/** How opaque a ghost piece is: clearly there, clearly not played. */
export const GHOST_ALPHA = 0.55;

/**
 * A move not played (``overlay.ghost``): on each of its squares, clipped to the square, the terrain of
 * the position after it (covering what stands there now), then its pieces, translucent, then a dashed
 * frame. Drawn by the game's own ``drawTerrain``/``drawPieces``, so a ghost looks like the real piece.
 */
export function drawGhost(ctx: Ctx, game: AnyGame, view: View, ghost: Ghost, l: Layout, theme: Theme, colour: string): void {
  if (!ghost || !Array.isArray(ghost.squares) || game.checkBody(ghost.body) !== null) return;
  const after = { ...view, body: ghost.body, last_move: null, last_turn: null } as View;
  const squares = ghost.squares.filter((q) => Number.isInteger(q) && q >= 0 && q < l.cols * l.rows);
  for (const q of squares) {
    const r = squareRect(l, q);
    ctx.save();
    ctx.beginPath();
    ctx.rect(r.x, r.y, r.w, r.h);
    ctx.clip();
    game.drawTerrain(ctx, after, l, theme);
    ctx.globalAlpha = GHOST_ALPHA;
    game.drawPieces(ctx, after, l, theme);
    ctx.restore();
  }
  // a dashed frame on a solid underlay of the page's colour: it reads on river, land and tiles alike
  const w = Math.max(2, l.cell * 0.08);
  drawSquareFrame(ctx, squares, l, theme.dark ? "#111111" : "#ffffff", w);
  drawSquareFrame(ctx, squares, l, colour, w, [Math.max(3, l.cell * 0.15), Math.max(2, l.cell * 0.08)]);
}

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
  const framed = game.heat === "frame";
  if (scene.heat) (framed ? drawHeatFrames : drawHeatmap)(ctx, scene.heat, overlay, l, theme);
  drawLastTint(ctx, view, l, theme);
  game.drawPieces(ctx, view, l, theme);
  game.drawUnder(ctx, scene, l, theme);
  drawSquareFrame(ctx, lastTurnSquares(view), l, theme.last, Math.max(2, l.cell * 0.06));
  game.drawOver(ctx, scene, l, theme);
  if (overlay.ghost) drawGhost(ctx, game, view, overlay.ghost, l, theme, overlay.ghost.colour ?? theme.selected);
  for (const h of overlay.highlights ?? []) drawSquareFrame(ctx, [h.square], l, h.colour ?? theme.selected, Math.max(2, l.cell * 0.1));
  for (const a of overlay.arrows ?? []) drawArrow(ctx, a.from, a.to, a.colour ?? theme.cursor, l);
  // on a small board a label is cut short rather than dropped: its whole text is in the square's tooltip
  for (const lab of overlay.labels ?? []) drawLabel(ctx, lab.square, shownLabel(lab.text, l.cell), l, theme);
  if (scene.heat && framed) drawHeatTabs(ctx, scene.heat, overlay, l, theme);
  const hovered = game.hovered(view, ui);
  if (hovered.length) drawSquareFrame(ctx, hovered, l, theme.targetHover, 2);
  if (scene.focused) drawSquareFrame(ctx, [ui.cursor], l, theme.cursor, Math.max(2, l.cell * 0.07), [4, 3]);
  if (!view.history.live) {
    // history: the board is dimmed, so the past never looks like the position being played
    ctx.fillStyle = theme.dark ? "rgba(10,10,10,0.32)" : "rgba(255,255,255,0.34)";
    ctx.fillRect(l.left, l.top, l.cell * l.cols, l.cell * l.rows);
  }
}
