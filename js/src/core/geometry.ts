// Layout and hit-testing on a square grid with a coordinate margin: pure functions of sizes, no DOM.
// Every game draws on such a grid (squares are ints y*cols+x); the game says how many columns and
// rows, and how wide the margin is.

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
  /** The grid: squares are ``y * cols + x``. */
  cols: number;
  rows: number;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The canvas's drawing context (the one type every drawing module shares). */
export type Ctx = CanvasRenderingContext2D;

export interface GridSpec {
  cols: number;
  rows: number;
  /** The coordinate margin, in cells. */
  margin: number;
  /** Squares never get smaller than this (below it a page would scroll rather than cram the board), nor larger than ``maxCell``. */
  minCell: number;
  maxCell: number;
}

/** The layout of ``grid`` on a canvas ``width`` CSS pixels wide. */
export function gridLayout(grid: GridSpec, width: number, dpr = 1): Layout {
  const raw = width / (grid.cols + grid.margin + 0.1);
  let cell = Math.max(grid.minCell, Math.min(grid.maxCell, Math.floor(raw * 4) / 4));
  const span = (c: number) => Math.ceil(Math.round(c * grid.margin) + grid.cols * c + c * 0.1);
  // the rounded margin can add a pixel: a quarter pixel less per square keeps the board inside ``width``
  while (cell > grid.minCell && span(cell) > width) cell -= 0.25;
  const left = Math.round(cell * grid.margin);
  const top = Math.round(cell * grid.margin);
  return {
    width: span(cell),
    height: Math.ceil(top + grid.rows * cell + cell * 0.1),
    dpr: dpr > 0 && Number.isFinite(dpr) ? dpr : 1,
    cell,
    left,
    top,
    cols: grid.cols,
    rows: grid.rows,
  };
}

export function squareRect(l: Layout, square: number): Rect {
  const x = square % l.cols;
  const y = Math.floor(square / l.cols);
  return { x: l.left + x * l.cell, y: l.top + y * l.cell, w: l.cell, h: l.cell };
}

export function squareCentre(l: Layout, square: number): [number, number] {
  const r = squareRect(l, square);
  return [r.x + r.w / 2, r.y + r.h / 2];
}

/** The square under a point given in CSS pixels relative to the canvas, or -1 off the board. */
export function pointToSquare(l: Layout, px: number, py: number): number {
  const x = Math.floor((px - l.left) / l.cell);
  const y = Math.floor((py - l.top) / l.cell);
  if (!(x >= 0 && x < l.cols && y >= 0 && y < l.rows)) return -1;
  return y * l.cols + x;
}

/** The square one step in a direction, staying on a ``cols`` x ``rows`` grid (keyboard cursor). */
export function step(square: number, dx: number, dy: number, cols: number, rows: number): number {
  const x = Math.min(cols - 1, Math.max(0, (square % cols) + dx));
  const y = Math.min(rows - 1, Math.max(0, Math.floor(square / cols) + dy));
  return y * cols + x;
}
