// The board itself: land and rivers, the grid, special treasure squares and the coordinates.

import { squareRect, type Ctx, type Layout } from "../../core/geometry";
import { HEIGHT, SQUARES, WIDTH, type Body } from "./body";
import { PICTURE } from "./picture.generated";
import { paintLayers, type Layer } from "./pieces";
import type { TigrisTheme as Theme } from "./theme";

/** Terrain of every square: true for river (from the view's board map). */
export function riverMask(view: Pick<Body, "board">): boolean[] {
  const river = new Array<boolean>(SQUARES).fill(false);
  for (const q of view.board.river) if (q >= 0 && q < SQUARES) river[q] = true;
  return river;
}

export function drawBoard(ctx: Ctx, view: Pick<Body, "board">, l: Layout, theme: Theme): void {
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, 0, l.width, l.height);
  const river = riverMask(view);
  const waves = PICTURE.riverWaves as unknown as readonly Layer[];
  for (let q = 0; q < SQUARES; q++) {
    const r = squareRect(l, q);
    const x = q % WIDTH;
    const y = Math.floor(q / WIDTH);
    ctx.fillStyle = river[q] ? theme.paint.river : (x + y) % 2 === 0 ? theme.paint.land : theme.paint.landAlt;
    ctx.fillRect(r.x, r.y, r.w, r.h);
    // waves mark water even without colour vision
    if (river[q]) paintLayers(ctx, waves, r.x, r.y, l.cell, theme);
  }
  // grid
  ctx.strokeStyle = theme.grid;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let x = 0; x <= WIDTH; x++) {
    const px = Math.round(l.left + x * l.cell) + 0.5;
    ctx.moveTo(px, l.top);
    ctx.lineTo(px, l.top + HEIGHT * l.cell);
  }
  for (let y = 0; y <= HEIGHT; y++) {
    const py = Math.round(l.top + y * l.cell) + 0.5;
    ctx.moveTo(l.left, py);
    ctx.lineTo(l.left + WIDTH * l.cell, py);
  }
  ctx.stroke();
  const special = PICTURE.special as unknown as readonly Layer[];
  for (const q of view.board.specials) {
    const r = squareRect(l, q);
    paintLayers(ctx, special, r.x, r.y, l.cell, theme);
  }
  drawCoordinates(ctx, l, theme);
}

export function drawCoordinates(ctx: Ctx, l: Layout, theme: Theme): void {
  ctx.fillStyle = theme.mutedText;
  ctx.font = `${Math.max(9, Math.round(l.cell * 0.32))}px ${theme.font}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (let x = 0; x < WIDTH; x++) ctx.fillText(String(x), l.left + (x + 0.5) * l.cell, l.top / 2);
  for (let y = 0; y < HEIGHT; y++) ctx.fillText(String(y), l.left / 2, l.top + (y + 0.5) * l.cell);
}
