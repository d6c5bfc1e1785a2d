// The Royal Game of Ur's positions in words, for screen readers (pure).

import { seatName } from "../../core/describe";
import type { RoyalView as View } from "./body";
import { ROSETTES, SAFE_ROSETTE, formatCell, isSquare, pathSquare, trayOf } from "./geometry";

export function describePosition(view: View): string {
  const b = view.body;
  const parts: string[] = [view.over ? "The game is over." : (view.decision?.prompt ?? "")];
  if (b.roll !== null) parts.push(`Roll: ${b.roll}.`);
  for (const s of view.seats) {
    const squares = b.cells.flatMap((c, cell) => (c === s.seat && isSquare(cell) ? [`${formatCell(cell)} (square ${pathSquare(s.seat, cell)})`] : []));
    const on = squares.length ? `on ${squares.join(", ")}` : "none on the board";
    parts.push(`${s.name}: ${b.waiting[s.seat] ?? 0} waiting, ${on}, ${b.off[s.seat] ?? 0} home.`);
  }
  return parts.join(" ");
}

export function describeCell(view: View, cell: number): string {
  const b = view.body;
  const tray = trayOf(cell);
  if (tray) {
    const n = tray.tray === "waiting" ? b.waiting[tray.seat] : b.off[tray.seat];
    return `${seatName(view, tray.seat)}'s ${tray.tray === "waiting" ? "waiting pieces" : "pieces home"}: ${n ?? 0}`;
  }
  const kind = cell === SAFE_ROSETTE ? "the safe central rosette" : ROSETTES.includes(cell) ? "a rosette" : "a square";
  const seat = b.cells[cell];
  const who = seat === null || seat === undefined ? "empty" : `${seatName(view, seat)}'s piece (its square ${pathSquare(seat, cell)})`;
  return `${formatCell(cell)}, ${kind}: ${who}`;
}
