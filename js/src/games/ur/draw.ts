// Drawing the Ur grid on the canvas: tiles (the face large, the back small in a corner, each with
// its letter), cubes as a chip in the owner's colour with the count, ziggurats as a stepped tower,
// and the marks of the decision (legal cells, the picked cell, its attacks, the war, the cell being
// allocated). Sizes follow the cell, so the grid stays sharp and readable at any width and DPR.

import type { Scene } from "../../core/game";
import { gridLayout, squareRect, type Ctx, type GridSpec, type Layout, type Rect } from "../../core/geometry";
import { drawSquareFrame } from "../../core/overlays";
import type { Square } from "../../core/view";
import { SIZE, type Body, type Kind, type UrView as View } from "./body";
import { inkOn, type UrTheme as Theme } from "./theme";
import { attacksFrom, ringedCells, type UiState } from "./ui";

// 46 px squares still carry their letters and badges, and six of them fit a 300 px column (an output
// beside JupyterLab's file browser in a 700 px window)
export const GRID: GridSpec = { cols: SIZE, rows: SIZE, margin: 0.32, minCell: 46, maxCell: 120 };

export function layout(width: number, dpr = 1): Layout {
  return gridLayout(GRID, width, dpr);
}

function roundRect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** A kind's square with its letter (a tile's face, its back, a hand tile's half in the panel). */
export function drawKind(ctx: Ctx, kind: Kind, x: number, y: number, size: number, theme: Theme, big: boolean): void {
  const p = theme.paint;
  roundRect(ctx, x, y, size, size, size * (big ? 0.1 : 0.16));
  ctx.fillStyle = p.kind[kind];
  ctx.fill();
  if (!big) {
    ctx.lineWidth = Math.max(1, size * 0.06);
    ctx.strokeStyle = theme.dark ? "rgba(255,255,255,0.55)" : "rgba(0,0,0,0.45)";
    ctx.stroke();
  }
  ctx.fillStyle = p.kindInk[kind];
  ctx.font = `700 ${Math.round(size * (big ? 0.4 : 0.68))}px ${theme.font}`;
  ctx.textAlign = big ? "left" : "center";
  ctx.textBaseline = big ? "top" : "middle";
  if (big) ctx.fillText(kind, x + size * 0.09, y + size * 0.08);
  else ctx.fillText(kind, x + size / 2, y + size / 2 + size * 0.04);
}

/** The grid's tiles and coordinates: they change only by an exchange (``terrainKey``). */
export function drawTerrain(ctx: Ctx, body: Body, l: Layout, theme: Theme): void {
  const p = theme.paint;
  ctx.fillStyle = p.background;
  ctx.fillRect(0, 0, l.width, l.height);
  ctx.fillStyle = p.grid;
  ctx.fillRect(l.left, l.top, l.cell * SIZE, l.cell * SIZE);
  ctx.fillStyle = p.coordinates;
  ctx.font = `${Math.max(10, Math.round(l.cell * 0.17))}px ${theme.font}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (let i = 0; i < SIZE; i++) {
    ctx.fillText(String(i), l.left + (i + 0.5) * l.cell, l.top / 2);
    ctx.fillText(String(i), l.left / 2, l.top + (i + 0.5) * l.cell);
  }
  const gap = Math.max(2, l.cell * 0.035);
  body.cells.forEach((c, cell) => {
    const r = squareRect(l, cell);
    drawKind(ctx, c.face, r.x + gap, r.y + gap, r.w - 2 * gap, theme, true);
    const s = l.cell * 0.27;
    drawKind(ctx, c.back, r.x + r.w - gap - s - l.cell * 0.07, r.y + gap + l.cell * 0.07, s, theme, false);
  });
}

function seatColour(view: View, seat: number): string {
  return view.seats[seat]?.colour ?? "#888888";
}

/**
 * The tiles whose cubes a regrouping (politics) has lifted and not yet set down: the engine holds
 * them off the grid until each tile's new count is chosen, but they are still the active player's.
 */
export function regrouping(body: Body): Square[] {
  if (body.phase !== "politics") return [];
  return body.turn.queue.filter((cell) => body.cells[cell]?.owner === null);
}

/** A lifted tile: the active player's name and a dashed chip with "?" (its count is being chosen). */
function drawLifted(ctx: Ctx, view: View, cell: Square, l: Layout, theme: Theme): void {
  const b = view.body;
  const c = b.cells[cell];
  if (!c) return;
  chip(ctx, squareRect(l, cell), l, theme, seatColour(view, b.active), "?", c.face, view.seats[b.active]?.name ?? `P${b.active}`);
}

/** The chip of a tile's cubes, bottom right in the owner's colour with ``text`` (the count), and the
 * owner's name at the bottom left in the ink of the tile's face: told apart without colour too. */
function chip(ctx: Ctx, r: Rect, l: Layout, theme: Theme, colour: string, text: string, face: Kind, name: string): void {
  const s = l.cell * 0.3;
  const x = r.x + r.w - s - l.cell * 0.12;
  const y = r.y + r.h - s - l.cell * 0.12;
  roundRect(ctx, x, y, s, s, s * 0.18);
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.lineWidth = Math.max(1.2, l.cell * 0.022);
  ctx.strokeStyle = theme.paint.outline;
  ctx.stroke();
  ctx.fillStyle = inkOn(colour);
  ctx.font = `700 ${Math.round(s * 0.72)}px ${theme.font}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x + s / 2, y + s / 2 + s * 0.04);
  ctx.fillStyle = theme.paint.kindInk[face];
  ctx.font = `600 ${Math.round(l.cell * 0.16)}px ${theme.font}`;
  ctx.textAlign = "left";
  ctx.textBaseline = "alphabetic";
  ctx.fillText(name, r.x + l.cell * 0.1, r.y + r.h - l.cell * 0.11);
}

/** Cubes and ziggurats. */
export function drawPieces(ctx: Ctx, view: View, l: Layout, theme: Theme): void {
  const p = theme.paint;
  for (const cell of regrouping(view.body)) drawLifted(ctx, view, cell, l, theme);
  view.body.cells.forEach((c, cell) => {
    if (c.owner === null) return;
    const r = squareRect(l, cell);
    const colour = seatColour(view, c.owner);
    const ink = inkOn(colour);
    if (c.zig) {
      const cx = r.x + r.w / 2;
      let y = r.y + r.h * 0.9;
      const h = r.h * 0.15;
      for (const half of [0.42, 0.3, 0.18]) {
        ctx.fillStyle = colour;
        ctx.fillRect(cx - r.w * half, y - h, r.w * half * 2, h);
        ctx.lineWidth = Math.max(1, l.cell * 0.02);
        ctx.strokeStyle = p.outline;
        ctx.strokeRect(cx - r.w * half, y - h, r.w * half * 2, h);
        y -= h;
      }
      ctx.fillStyle = ink;
      ctx.font = `700 ${Math.round(l.cell * 0.12)}px ${theme.font}`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(view.seats[c.owner]?.name ?? `P${c.owner}`, cx, r.y + r.h * 0.9 - h / 2);
      return;
    }
    chip(ctx, r, l, theme, colour, String(c.cubes), c.face, view.seats[c.owner]?.name ?? `P${c.owner}`);
  });
}

/** A ring (a dot would hide the tile's letter): the legal cells, stronger under the pointer. */
function drawTargetRing(ctx: Ctx, cell: Square, l: Layout, theme: Theme, strong: boolean, colour?: string): void {
  const r = squareRect(l, cell);
  const inset = l.cell * 0.055; // between the tile's edge and its back chip and cube chip, hiding neither
  ctx.lineWidth = Math.max(2, l.cell * (strong ? 0.05 : 0.03));
  ctx.strokeStyle = colour ?? (strong ? theme.targetHover : theme.target);
  ctx.setLineDash([l.cell * 0.1, l.cell * 0.06]);
  roundRect(ctx, r.x + inset, r.y + inset, r.w - 2 * inset, r.h - 2 * inset, l.cell * 0.08);
  ctx.stroke();
  ctx.setLineDash([]);
}

export function drawUnder(ctx: Ctx, scene: Scene<View, UiState>, l: Layout, theme: Theme): void {
  const { view, ui } = scene;
  const attacks = attacksFrom(view, ui.selected);
  if (attacks.length) {
    for (const [to] of attacks) drawTargetRing(ctx, to, l, theme, to === ui.hover, theme.paint.war);
    return;
  }
  for (const cell of ringedCells(view, ui.hover)) drawTargetRing(ctx, cell, l, theme, cell === ui.hover);
}

/** A word on a pill across the middle of a tile, where neither its letters nor its cubes are. */
function drawPill(ctx: Ctx, cell: Square, text: string, colour: string, l: Layout, theme: Theme): void {
  const r = squareRect(l, cell);
  const size = Math.max(9, Math.round(l.cell * 0.14));
  ctx.font = `700 ${size}px ${theme.font}`;
  const w = Math.min(r.w * 0.9, ctx.measureText(text).width + size);
  const h = size * 1.5;
  const x = r.x + (r.w - w) / 2;
  const y = r.y + r.h * 0.5 - h / 2;
  roundRect(ctx, x, y, w, h, h / 2);
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.fillStyle = "#ffffff";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, r.x + r.w / 2, y + h / 2 + 0.5, w - 4);
}

export function drawOver(ctx: Ctx, scene: Scene<View, UiState>, l: Layout, theme: Theme): void {
  const { view, ui } = scene;
  const war = view.body.turn.war;
  if (war && view.history.live) {
    drawSquareFrame(ctx, [war.attacker, war.target], l, theme.conflict, Math.max(3, l.cell * 0.06), [l.cell * 0.12, l.cell * 0.07]);
    drawPill(ctx, war.attacker, "attacker", theme.conflict, l, theme);
    drawPill(ctx, war.target, "target", theme.conflict, l, theme);
  }
  const alloc = view.targets.alloc;
  if (alloc && view.decision?.mine) drawSquareFrame(ctx, [alloc.cell], l, theme.selected, Math.max(3, l.cell * 0.07));
  if (ui.selected >= 0) drawSquareFrame(ctx, [ui.selected], l, theme.selected, Math.max(3, l.cell * 0.07));
}

export function hovered(view: View, ui: UiState): Square[] {
  if (ui.hover < 0 || !view.decision?.mine || !view.history.live) return [];
  return [ui.hover];
}
