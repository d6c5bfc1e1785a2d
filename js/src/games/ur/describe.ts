// Ur positions in words, for screen readers (pure).

import { seatName } from "../../core/describe";
import { KIND_NAMES, formatCell, type UrView as View } from "./body";

export function describePosition(view: View): string {
  const b = view.body;
  const parts: string[] = [view.over ? "The game is over." : (view.decision?.prompt ?? "")];
  const held = b.cells.flatMap((c, cell) => (c.owner === null ? [] : [`${formatCell(cell)} ${c.zig ? "ziggurat" : `${c.cubes} cube${c.cubes === 1 ? "" : "s"}`} of ${seatName(view, c.owner)}`]));
  if (held.length) parts.push(`On the grid: ${held.join(", ")}.`);
  parts.push(view.seats.map((s) => `${s.name}: hand ${b.hands[s.seat] ?? ""}, ${b.supply[s.seat] ?? 0} cubes in supply`).join("; ") + ".");
  parts.push(`Ziggurats left: ${b.zig_left}. Start player ${seatName(view, b.start)}.`);
  return parts.join(" ");
}

export function describeCell(view: View, cell: number): string {
  const c = view.body.cells[cell];
  if (!c) return "";
  const who = c.owner === null ? "empty" : c.zig ? `ziggurat of ${seatName(view, c.owner)}` : `${c.cubes} cube${c.cubes === 1 ? "" : "s"} of ${seatName(view, c.owner)}`;
  return `${formatCell(cell)}: ${KIND_NAMES[c.face]} (back ${KIND_NAMES[c.back]}), ${who}`;
}
