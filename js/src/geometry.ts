// Board layout and hit-testing: pure functions of sizes, no DOM.

import { PICTURE } from "./picture.generated";
import { HEIGHT, WIDTH, type Square } from "./schema";

export interface Layout {
  /** CSS pixels of the whole canvas. */
  width: number;
  height: number;
  /** Device pixels per CSS pixel (the canvas backing store is width*dpr). */
  dpr: number;
  /** Side of one square in CSS pixels. */
  cell: number;
  /** Top-left corner of square (0,0) in CSS pixels; the margin holds the coordinates. */
  left: number;
  top: number;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Squares never get smaller than this (a narrow page scrolls rather than cramming the board). */
export const MIN_CELL = 28;
export const MAX_CELL = 64;
/** The coordinate margin, in cells. */
export const MARGIN = PICTURE.margin;

/** The layout for a canvas ``width`` CSS pixels wide. */
export function layout(width: number, dpr = 1): Layout {
  const raw = width / (WIDTH + MARGIN + 0.1);
  const cell = Math.max(MIN_CELL, Math.min(MAX_CELL, Math.floor(raw * 4) / 4));
  const left = Math.round(cell * MARGIN);
  const top = Math.round(cell * MARGIN);
  return {
    width: Math.ceil(left + WIDTH * cell + cell * 0.1),
    height: Math.ceil(top + HEIGHT * cell + cell * 0.1),
    dpr: dpr > 0 && Number.isFinite(dpr) ? dpr : 1,
    cell,
    left,
    top,
  };
}

export function squareRect(l: Layout, square: Square): Rect {
  const x = square % WIDTH;
  const y = Math.floor(square / WIDTH);
  return { x: l.left + x * l.cell, y: l.top + y * l.cell, w: l.cell, h: l.cell };
}

export function squareCentre(l: Layout, square: Square): [number, number] {
  const r = squareRect(l, square);
  return [r.x + r.w / 2, r.y + r.h / 2];
}

/** The square under a point given in CSS pixels relative to the canvas, or -1 off the board. */
export function pointToSquare(l: Layout, px: number, py: number): Square {
  const x = Math.floor((px - l.left) / l.cell);
  const y = Math.floor((py - l.top) / l.cell);
  if (!(x >= 0 && x < WIDTH && y >= 0 && y < HEIGHT)) return -1;
  return y * WIDTH + x;
}

/** The square one step in a direction, staying on the board (keyboard cursor). */
export function step(square: Square, dx: number, dy: number): Square {
  const x = Math.min(WIDTH - 1, Math.max(0, (square % WIDTH) + dx));
  const y = Math.min(HEIGHT - 1, Math.max(0, Math.floor(square / WIDTH) + dy));
  return y * WIDTH + x;
}

/** The 2x2 block whose top-left square is ``square`` (monuments), clipped to the board. */
export function block(square: Square): Square[] {
  const x = square % WIDTH;
  const out = [square];
  if (x + 1 < WIDTH) out.push(square + 1);
  if (square + WIDTH < WIDTH * HEIGHT) {
    out.push(square + WIDTH);
    if (x + 1 < WIDTH) out.push(square + WIDTH + 1);
  }
  return out;
}

/** The cross of five squares centred on ``square`` (the ziggurat), clipped to the board. */
export function cross(square: Square): Square[] {
  const out = [square];
  for (const [dx, dy] of [[0, -1], [-1, 0], [1, 0], [0, 1]] as const) {
    const n = step(square, dx, dy);
    if (n !== square) out.push(n);
  }
  return out;
}
