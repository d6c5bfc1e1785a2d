// Drawing the Royal Game of Ur on the canvas: the 20 squares (rosettes as a shell-white eight-pointed
// flower on lapis), each seat's trays (pieces waiting, pieces borne off, with their counts), the
// pieces (ivory and ebony discs with five dots), the four pyramid dice under the board, and the marks
// of the decision (pieces that can move, the picked piece's target). Sizes follow the cell.

import type { Scene } from "../../core/game";
import { squareRect, type Ctx, type Layout } from "../../core/geometry";
import { drawSquareFrame } from "../../core/overlays";
import type { Square } from "../../core/view";
import type { RoyalView as View } from "./body";
import { CELLS, COLS, ROSETTES, ROWS, SAFE_ROSETTE, SEATS, diceBox, homeCell, isSquare, pathCells, waitingCell } from "./geometry";
import type { RoyalTheme as Theme } from "./theme";
import { canAct, moveFrom, movableCells, rollAction, type UiState } from "./ui";

export { layout } from "./geometry";

function roundRect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** The eight-pointed rosette: eight pointed petals round a red eye, centred at (cx, cy). */
export function drawRosette(ctx: Ctx, cx: number, cy: number, radius: number, theme: Theme): void {
  const p = theme.paint;
  ctx.fillStyle = p.rosettePetal;
  ctx.beginPath();
  for (let i = 0; i < 16; i++) {
    const angle = (Math.PI / 8) * i - Math.PI / 2;
    const r = i % 2 === 0 ? radius : radius * 0.42;
    const x = cx + r * Math.cos(angle);
    const y = cy + r * Math.sin(angle);
    if (i === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.closePath();
  ctx.fill();
  ctx.beginPath();
  ctx.arc(cx, cy, radius * 0.22, 0, 2 * Math.PI);
  ctx.fillStyle = p.rosetteCentre;
  ctx.fill();
}

/** The squares, the trays and the coordinates: they never change (``terrainKey``). */
export function drawTerrain(ctx: Ctx, l: Layout, theme: Theme): void {
  const p = theme.paint;
  ctx.fillStyle = p.background;
  ctx.fillRect(0, 0, l.width, l.height);
  ctx.fillStyle = p.coordinates;
  ctx.font = `${Math.max(10, Math.round(l.cell * 0.17))}px ${theme.font}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (let x = 0; x < COLS; x++) ctx.fillText(String(x), l.left + (x + 0.5) * l.cell, l.top / 2);
  for (let y = 0; y < ROWS; y++) ctx.fillText(String(y), l.left / 2, l.top + (y + 0.5) * l.cell);
  const gap = Math.max(1.5, l.cell * 0.03);
  for (let cell = 0; cell < CELLS; cell++) {
    const r = squareRect(l, cell);
    if (!isSquare(cell)) {
      drawTray(ctx, cell, l, theme);
      continue;
    }
    ctx.fillStyle = p.squareEdge; // the board's wood between the squares
    ctx.fillRect(r.x, r.y, r.w, r.h);
    const rosette = ROSETTES.includes(cell);
    roundRect(ctx, r.x + gap, r.y + gap, r.w - 2 * gap, r.h - 2 * gap, l.cell * 0.06);
    ctx.fillStyle = rosette ? p.rosette : p.square;
    ctx.fill();
    // the central rosette a little smaller: its corner keeps room for the word "safe"
    if (rosette) drawRosette(ctx, r.x + r.w / 2, r.y + r.h / 2, l.cell * (cell === SAFE_ROSETTE ? 0.33 : 0.43), theme);
    if (cell === SAFE_ROSETTE) {
      // the safe square wears a gold frame, seen round a piece standing on it too
      ctx.lineWidth = Math.max(2, l.cell * 0.05);
      ctx.strokeStyle = p.safe;
      roundRect(ctx, r.x + gap * 2.5, r.y + gap * 2.5, r.w - 5 * gap, r.h - 5 * gap, l.cell * 0.05);
      ctx.stroke();
    }
  }
  drawPathWedges(ctx, l, theme);
}

/** "safe" in the central rosette's corner. */
function drawSafeWord(ctx: Ctx, l: Layout, theme: Theme): void {
  const r = squareRect(l, SAFE_ROSETTE);
  ctx.fillStyle = theme.paint.safe;
  ctx.font = `700 ${Math.max(9, Math.round(l.cell * 0.14))}px ${theme.font}`;
  ctx.textAlign = "left";
  ctx.textBaseline = "top";
  ctx.fillText("safe", r.x + l.cell * 0.11, r.y + l.cell * 0.1);
}

/**
 * The way the pieces go: a small wedge on the edge between each two steps of a seat's path (start
 * tray, squares 1–14, home tray), pointing onwards. The middle row's wedges are shared by both seats.
 */
function drawPathWedges(ctx: Ctx, l: Layout, theme: Theme): void {
  const seen = new Set<string>();
  ctx.fillStyle = theme.paint.wedge;
  for (let seat = 0; seat < SEATS; seat++) {
    const steps = [waitingCell(seat), ...pathCells(seat), homeCell(seat)];
    for (let i = 0; i + 1 < steps.length; i++) {
      const a = squareRect(l, steps[i]!);
      const b = squareRect(l, steps[i + 1]!);
      const key = `${steps[i]}-${steps[i + 1]}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const dx = Math.sign(b.x - a.x);
      const dy = Math.sign(b.y - a.y);
      // the middle of the shared edge: clear of the pieces (a piece's disc keeps off the edges)
      const ex = (a.x + b.x) / 2 + a.w / 2;
      const ey = (a.y + b.y) / 2 + a.h / 2;
      const size = l.cell * 0.08;
      ctx.beginPath();
      ctx.moveTo(ex + dx * size, ey + dy * size);
      ctx.lineTo(ex - dx * size + dy * size, ey - dy * size + dx * size);
      ctx.lineTo(ex - dx * size - dy * size, ey - dy * size - dx * size);
      ctx.closePath();
      ctx.fill();
    }
  }
}

/** A tray's frame and its word ("start" or "home"); its pieces are drawn with the pieces. */
function drawTray(ctx: Ctx, cell: Square, l: Layout, theme: Theme): void {
  const p = theme.paint;
  const r = squareRect(l, cell);
  const inset = l.cell * 0.06;
  roundRect(ctx, r.x + inset, r.y + inset, r.w - 2 * inset, r.h - 2 * inset, l.cell * 0.1);
  ctx.fillStyle = p.tray;
  ctx.fill();
  ctx.lineWidth = Math.max(1, l.cell * 0.02);
  ctx.strokeStyle = p.trayEdge;
  ctx.setLineDash([l.cell * 0.06, l.cell * 0.05]);
  ctx.stroke();
  ctx.setLineDash([]);
  if (l.cell < 40) return; // no room for the word under the piece: the tooltip names the tray
  const home = [0, 1].some((s) => homeCell(s) === cell);
  ctx.fillStyle = p.muted;
  ctx.font = `600 ${Math.max(9, Math.round(l.cell * 0.14))}px ${theme.font}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "alphabetic";
  ctx.fillText(home ? "home" : "start", r.x + r.w / 2, r.y + r.h - inset - l.cell * 0.05);
}

/** One piece: a disc in its seat's tone with a ring of the other tone and five dots (or ``count``). */
export function drawPiece(ctx: Ctx, seat: number, cx: number, cy: number, radius: number, theme: Theme, count?: number): void {
  const p = theme.paint;
  const s = seat === 0 ? 0 : 1;
  ctx.beginPath();
  ctx.arc(cx, cy, radius, 0, 2 * Math.PI);
  ctx.fillStyle = p.piece[s];
  ctx.fill();
  ctx.lineWidth = Math.max(1.5, radius * 0.12);
  ctx.strokeStyle = p.pieceRing[s];
  ctx.stroke();
  ctx.fillStyle = p.pieceDots[s];
  if (count !== undefined) {
    ctx.font = `700 ${Math.round(radius * 1.15)}px ${theme.font}`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(String(count), cx, cy + radius * 0.05);
    return;
  }
  const d = radius * 0.45;
  for (const [dx, dy] of [[0, 0], [-d, -d], [d, -d], [-d, d], [d, d]] as const) {
    ctx.beginPath();
    ctx.arc(cx + dx, cy + dy, radius * 0.13, 0, 2 * Math.PI);
    ctx.fill();
  }
}

/** A tray's pieces: one piece with the count on it (faint when empty, so "0" still reads). */
function drawTrayPieces(ctx: Ctx, cell: Square, seat: number, count: number, l: Layout, theme: Theme): void {
  const r = squareRect(l, cell);
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h * 0.42;
  const radius = l.cell * 0.27;
  if (count > 1) drawPiece(ctx, seat, cx + radius * 0.14, cy - radius * 0.16, radius, theme); // a stack: one behind
  ctx.save();
  if (count === 0) ctx.globalAlpha = 0.35;
  drawPiece(ctx, seat, cx, cy, radius, theme, count);
  ctx.restore();
}

/** The four pyramid dice (three faces seen from above, the tip in the middle, marked red when it
 * counts) and the roll in words. Before a throw the dice are empty dashed outlines: nothing to read
 * there yet (the words say what the last throw was). */
export function drawDice(ctx: Ctx, view: View, l: Layout, theme: Theme): void {
  const p = theme.paint;
  const b = view.body;
  const { top, die } = diceBox(l);
  for (let i = 0; i < 4; i++) {
    const x = l.left + i * die * 1.12;
    const cx = x + die / 2;
    const apex = { x: cx, y: top + die * 0.58 }; // the tip, seen from above
    const corners = [
      { x: cx, y: top + die * 0.02 },
      { x: x + die * 0.02, y: top + die * 0.92 },
      { x: x + die * 0.98, y: top + die * 0.92 },
    ];
    const edge = b.dice ? p.dieEdge : p.trayEdge;
    ctx.beginPath();
    corners.forEach((c, k) => (k === 0 ? ctx.moveTo(c.x, c.y) : ctx.lineTo(c.x, c.y)));
    ctx.closePath();
    if (b.dice) {
      ctx.fillStyle = p.die;
      ctx.fill();
    }
    ctx.lineWidth = Math.max(1.2, die * 0.03);
    ctx.strokeStyle = edge;
    ctx.lineJoin = "round";
    ctx.setLineDash(b.dice ? [] : [die * 0.08, die * 0.06]);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.beginPath();
    for (const c of corners) {
      ctx.moveTo(apex.x, apex.y);
      ctx.lineTo(c.x, c.y);
    }
    ctx.lineWidth = Math.max(1, die * 0.02);
    ctx.stroke();
    if (b.dice?.[i]) {
      ctx.beginPath();
      ctx.arc(apex.x, apex.y, die * 0.11, 0, 2 * Math.PI);
      ctx.fillStyle = p.tip;
      ctx.fill();
      ctx.lineWidth = Math.max(1, die * 0.025);
      ctx.strokeStyle = p.dieEdge;
      ctx.stroke();
    }
  }
  const textX = l.left + 4 * die * 1.12 + l.cell * 0.15;
  const mid = top + die * 0.5;
  ctx.textAlign = "left";
  ctx.textBaseline = "middle";
  const [big, small] = diceWords(view);
  ctx.fillStyle = theme.text;
  ctx.font = `700 ${Math.max(12, Math.round(l.cell * 0.3))}px ${theme.font}`;
  const room = l.left + COLS * l.cell - textX;
  ctx.fillText(big, textX, small ? mid - l.cell * 0.14 : mid, room);
  if (small) {
    ctx.fillStyle = theme.mutedText;
    ctx.font = `${Math.max(10, Math.round(l.cell * 0.17))}px ${theme.font}`;
    ctx.fillText(small, textX, mid + l.cell * 0.2, room);
  }
}

/** The words beside the dice: the roll and what it asks (or who is to throw and the last throw). */
export function diceWords(view: View): [string, string] {
  const b = view.body;
  const name = (seat: number) => view.seats[seat]?.name ?? `P${seat}`;
  if (view.over) return [`${name(b.winner ?? b.active)} wins`, `all ${b.pieces} pieces home`];
  if (b.roll === null) {
    const how = rollAction(view) ? "press Roll, r or Space" : "";
    return [`${name(b.active)} to roll`, [how, b.last_roll ? `last: ${name(b.last_roll.seat)} threw ${b.last_roll.roll}` : ""].filter(Boolean).join(" · ")];
  }
  return [`Roll ${b.roll}`, canAct(view) ? "pick a piece to move" : `${name(b.active)} to move`];
}

/** The pieces on the board and in the trays, and the dice. */
export function drawPieces(ctx: Ctx, view: View, l: Layout, theme: Theme): void {
  const b = view.body;
  if (b.cells[SAFE_ROSETTE] === null) drawSafeWord(ctx, l, theme); // a piece there would cover it
  b.cells.forEach((seat, cell) => {
    if (seat === null || !isSquare(cell)) return;
    const r = squareRect(l, cell);
    drawPiece(ctx, seat, r.x + r.w / 2, r.y + r.h / 2, l.cell * 0.33, theme);
  });
  for (let seat = 0; seat < SEATS; seat++) {
    drawTrayPieces(ctx, waitingCell(seat), seat, b.waiting[seat] ?? 0, l, theme);
    drawTrayPieces(ctx, homeCell(seat), seat, b.off[seat] ?? 0, l, theme);
  }
  drawDice(ctx, view, l, theme);
}

/** A ring round a cell's piece (a piece that can move; thicker when picked or pointed at). */
function ringPiece(ctx: Ctx, cell: Square, l: Layout, colour: string, strong: boolean, dashed: boolean): void {
  const r = squareRect(l, cell);
  const tray = !isSquare(cell);
  ctx.beginPath();
  ctx.arc(r.x + r.w / 2, r.y + (tray ? r.h * 0.42 : r.h / 2), l.cell * (tray ? 0.33 : 0.42), 0, 2 * Math.PI);
  const width = Math.max(2, l.cell * (strong ? 0.07 : 0.045));
  ctx.lineWidth = width + 2; // a pale underlay: the ring reads on sand, on lapis and on the trays
  ctx.strokeStyle = "rgba(255,255,255,0.85)";
  ctx.stroke();
  ctx.lineWidth = width;
  ctx.strokeStyle = colour;
  ctx.setLineDash(dashed ? [l.cell * 0.09, l.cell * 0.06] : []);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** Where a picked (or pointed-at) piece would go: a target ring with a dot. */
function markTarget(ctx: Ctx, cell: Square, l: Layout, colour: string): void {
  const r = squareRect(l, cell);
  const cx = r.x + r.w / 2;
  const cy = r.y + (isSquare(cell) ? r.h / 2 : r.h * 0.42);
  ctx.beginPath();
  ctx.arc(cx, cy, l.cell * 0.4, 0, 2 * Math.PI);
  ctx.lineWidth = Math.max(2.5, l.cell * 0.07);
  ctx.strokeStyle = colour;
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(cx, cy, l.cell * 0.1, 0, 2 * Math.PI);
  ctx.fillStyle = colour;
  ctx.fill();
}

export function drawUnder(ctx: Ctx, scene: Scene<View, UiState>, l: Layout, theme: Theme): void {
  const { view, ui } = scene;
  if (!canAct(view)) return;
  const p = theme.paint;
  const picked = moveFrom(view, ui.selected);
  for (const cell of movableCells(view)) ringPiece(ctx, cell, l, p.target, cell === ui.hover || cell === ui.selected, cell !== ui.selected);
  const shown = picked ?? moveFrom(view, ui.hover);
  if (!shown) return;
  const victim = view.body.cells[shown.to];
  const takes = victim !== null && victim !== undefined && victim !== view.body.active;
  markTarget(ctx, shown.to, l, takes ? theme.conflict : picked ? p.selected : p.target); // a capture in the conflict colour
}

export function drawOver(ctx: Ctx, scene: Scene<View, UiState>, l: Layout, theme: Theme): void {
  const { view, ui } = scene;
  if (ui.selected >= 0 && moveFrom(view, ui.selected)) drawSquareFrame(ctx, [ui.selected], l, theme.paint.selected, Math.max(3, l.cell * 0.06));
}

export function hovered(view: View, ui: UiState): Square[] {
  if (ui.hover < 0 || !canAct(view) || rollAction(view)) return [];
  return [ui.hover];
}
