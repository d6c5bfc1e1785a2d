// The board of the Royal Game of Ur: a 3 × 8 grid (cells y*8+x) with 20 squares. Row 0 is seat 0's
// lane, row 2 seat 1's, row 1 is shared; columns 4–5 of the lanes are no squares: each seat's
// waiting pieces stand in the tray at column 4 (beside its entry square (3,r)) and its borne-off
// pieces in the tray at column 5 (beside its last square (6,r)), so every click lands on a cell.
// Mirrors src/tigris_widget/games/royal/present/view.py.

import { gridLayout, type GridSpec, type Layout } from "../../core/geometry";

export const COLS = 8;
export const ROWS = 3;
export const CELLS = COLS * ROWS;
export const SEATS = 2;
/** The path squares 1..14 (index 0 = square 1); square 0 is waiting, 15 borne off. */
export const PATH_LENGTH = 14;

/** A seat's lane row: 0 for seat 0, 2 for seat 1. */
export function laneRow(seat: number): number {
  return seat === 0 ? 0 : 2;
}

export function cellAt(x: number, y: number): number {
  return y * COLS + x;
}

/** The cells of a seat's path squares 1..14: down its lane, along the middle row, back into its lane. */
export function pathCells(seat: number): number[] {
  const r = laneRow(seat);
  return [cellAt(3, r), cellAt(2, r), cellAt(1, r), cellAt(0, r), ...[0, 1, 2, 3, 4, 5, 6, 7].map((x) => cellAt(x, 1)), cellAt(7, r), cellAt(6, r)];
}

/** The tray of a seat's pieces not yet entered (column 4 of its lane). */
export function waitingCell(seat: number): number {
  return cellAt(4, laneRow(seat));
}

/** The tray of a seat's borne-off pieces (column 5 of its lane). */
export function homeCell(seat: number): number {
  return cellAt(5, laneRow(seat));
}

export const ROSETTES: readonly number[] = [cellAt(0, 0), cellAt(0, 2), cellAt(3, 1), cellAt(6, 0), cellAt(6, 2)];
/** The central rosette: a piece there cannot be taken. */
export const SAFE_ROSETTE = cellAt(3, 1);

/** Whether a cell is one of the 20 squares (the trays are not). */
export function isSquare(cell: number): boolean {
  if (!Number.isInteger(cell) || cell < 0 || cell >= CELLS) return false;
  const x = cell % COLS;
  return Math.floor(cell / COLS) === 1 || (x !== 4 && x !== 5);
}

/** The seat whose tray a cell is, with which tray, or null for a square. */
export function trayOf(cell: number): { seat: number; tray: "waiting" | "home" } | null {
  for (let seat = 0; seat < SEATS; seat++) {
    if (cell === waitingCell(seat)) return { seat, tray: "waiting" };
    if (cell === homeCell(seat)) return { seat, tray: "home" };
  }
  return null;
}

/** A seat's path number (1..14) of a cell, 0 when the cell is not on its path. */
export function pathSquare(seat: number, cell: number): number {
  return pathCells(seat).indexOf(cell) + 1;
}

export function formatCell(cell: number): string {
  return `(${cell % COLS},${Math.floor(cell / COLS)})`;
}

// 34 px squares keep the pieces, counts and rosettes readable, and eight fit a 300 px column (an
// output beside JupyterLab's file browser in a 700 px window)
export const GRID: GridSpec = { cols: COLS, rows: ROWS, margin: 0.3, minCell: 34, maxCell: 96 };
/** The strip under the board for the dice and the roll, in cells. */
export const DICE_STRIP = 1.15;

/** The grid's layout with the dice strip added below it (clicks there hit no cell). */
export function layout(width: number, dpr = 1): Layout {
  const l = gridLayout(GRID, width, dpr);
  return { ...l, height: Math.ceil(l.top + ROWS * l.cell + DICE_STRIP * l.cell) };
}

/** Where the dice strip is: its top, and the size of one die. */
export function diceBox(l: Layout): { top: number; die: number } {
  return { top: l.top + ROWS * l.cell + l.cell * 0.12, die: l.cell * 0.78 };
}
