// The Tigris & Euphrates board's grid (16 x 11 squares) and the shapes of its big pieces.

import { gridLayout, step, type GridSpec, type Layout } from "../../core/geometry";
import { HEIGHT, WIDTH } from "./body";
import { PICTURE } from "./picture.generated";

export const GRID: GridSpec = { cols: WIDTH, rows: HEIGHT, margin: PICTURE.margin, minCell: 16, maxCell: 64 };

/** The layout for a canvas ``width`` CSS pixels wide. */
export function layout(width: number, dpr = 1): Layout {
  return gridLayout(GRID, width, dpr);
}

/** The square one step in a direction, staying on the board. */
export function stepOnBoard(square: number, dx: number, dy: number): number {
  return step(square, dx, dy, WIDTH, HEIGHT);
}

/** The 2x2 block whose top-left square is ``square`` (monuments), clipped to the board. */
export function block(square: number): number[] {
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
export function cross(square: number): number[] {
  const out = [square];
  for (const [dx, dy] of [[0, -1], [-1, 0], [1, 0], [0, 1]] as const) {
    const n = stepOnBoard(square, dx, dy);
    if (n !== square) out.push(n);
  }
  return out;
}
