// What every game's board shows over its pieces: the last action, square frames, and the
// teaching/analysis overlays sent from Python (heatmap, highlights, arrows, labels, badges).

import { squareCentre, squareRect, type Ctx, type Layout } from "./geometry";
import type { Theme } from "./theme";
import { lastTurnSquares, type Overlay, type Square, type View } from "./view";

/** The last turn's squares (all its actions), tinted under the pieces. */
export function drawLastTint(ctx: Ctx, view: View, l: Layout, theme: Theme): void {
  ctx.fillStyle = theme.lastFill;
  for (const q of lastTurnSquares(view)) {
    const r = squareRect(l, q);
    ctx.fillRect(r.x, r.y, r.w, r.h);
  }
}

export function drawSquareFrame(ctx: Ctx, squares: Square[], l: Layout, colour: string, width: number, dash: number[] = []): void {
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  for (const q of squares) {
    const r = squareRect(l, q);
    ctx.strokeRect(r.x + width / 2, r.y + width / 2, r.w - width, r.h - width);
  }
  ctx.setLineDash([]);
}

/**
 * Heat colour for t in [0,1]: a single violet hue, pale (worst) to deep (best). Violet appears
 * nowhere on the board (river blue, land tan, the four tile colours), so a heatmap square can't be
 * read as terrain or as a tile; it is drawn nearly opaque so the terrain doesn't tint it.
 */
export function heatColour(t: number, alpha = 0.9, dark = false): string {
  const c = Math.max(0, Math.min(1, t));
  // on a dark board the scale runs from a dim violet (worst) to a bright one (best): no glaring pale squares
  const [from, to] = dark ? [[58, 44, 74], [196, 140, 255]] : [[243, 238, 247], [74, 20, 134]];
  const [r, g, b] = [0, 1, 2].map((i) => Math.round(from[i]! + (to[i]! - from[i]!) * c));
  return `rgba(${r},${g},${b},${alpha})`;
}

/** Ink that reads on a heat colour: dark on the light end of the scale, white on the deep end. */
export function heatInk(t: number, dark = false): string {
  return dark ? (t > 0.5 ? "#1d0b33" : "#f3eafe") : t > 0.5 ? "#ffffff" : "#2a1040";
}

/** How a heatmap's numbers are written: plain, or "points" (signed whole numbers: −3, +2, 0). */
export type HeatFormat = "number" | "points";

/** The legend of a heatmap, set from Python (``BoardWidget.show_heatmap(..., legend=...)``). */
export interface HeatLegend {
  /** What the numbers are, with their unit ("chance to win vs the best move, in points"). */
  title: string;
  format?: HeatFormat;
  /** Words for the ends of the scale ("worse", "best"). */
  low?: string;
  high?: string;
}

/** The overlay fields the heatmap reads (``heatmap_legend`` is optional; older Pythons omit it). */
export type HeatOverlay = Overlay & { heatmap_legend?: HeatLegend | null };

/** Format a heatmap number compactly for a square (3 significant digits at most). */
export function formatHeat(v: number, format: HeatFormat = "number"): string {
  if (format === "points") {
    const n = Math.round(v);
    return n === 0 ? "0" : n > 0 ? `+${n}` : `\u2212${-n}`;
  }
  const a = Math.abs(v);
  if (a >= 1000) return v.toExponential(0).replace("+", "");
  if (a >= 100 || Number.isInteger(v)) return String(Math.round(v));
  if (a >= 10) return v.toFixed(1);
  return v.toFixed(2);
}

export function heatRange(values: Float32Array, range: [number, number] | null | undefined): [number, number] {
  if (range) return range;
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (Number.isNaN(v)) continue;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  return lo <= hi ? [lo, hi] : [0, 1];
}

/**
 * How a game's board shows a heatmap: ``fill`` paints each rated square (T&E: its terrain says
 * nothing then), ``frame`` rings it and writes its number on a tab across its top edge, so that what
 * stands on the square (an Ur tile's letters, its back badge, the owner's cubes) stays readable.
 */
export type HeatStyle = "fill" | "frame";

/** The rated squares of ``values`` with their number and place on the scale (t in [0,1]). */
function heatSquares(values: Float32Array, overlay: Overlay, l: Layout): { q: Square; v: number; t: number; format: HeatFormat }[] {
  const o = overlay as HeatOverlay;
  const [lo, hi] = heatRange(values, o.heatmap_range);
  const span = hi - lo || 1;
  const format = o.heatmap_legend?.format ?? "number";
  const out: { q: Square; v: number; t: number; format: HeatFormat }[] = [];
  const squares = Math.min(values.length, l.cols * l.rows);
  for (let q = 0; q < squares; q++) {
    const v = values[q];
    if (v === undefined || Number.isNaN(v)) continue;
    out.push({ q, v, t: hi === lo ? 1 : Math.max(0, Math.min(1, (v - lo) / span)), format });
  }
  return out;
}

export function drawHeatmap(ctx: Ctx, values: Float32Array, overlay: Overlay, l: Layout, theme: Theme): void {
  ctx.font = `bold ${Math.max(8, Math.round(l.cell * 0.3))}px ${theme.font}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (const { q, v, t, format } of heatSquares(values, overlay, l)) {
    const r = squareRect(l, q);
    ctx.fillStyle = heatColour(t, 0.9, theme.dark);
    ctx.fillRect(r.x + 1, r.y + 1, r.w - 2, r.h - 2);
    ctx.fillStyle = heatInk(t, theme.dark);
    ctx.fillText(formatHeat(v, format), r.x + r.w / 2, r.y + r.h / 2 + 0.5);
  }
}

/** The width of a ``frame`` heatmap's ring, from the square's edge inwards (over the gap between tiles). */
export function heatFrameWidth(l: Layout): number {
  return Math.max(3, l.cell * 0.07);
}

/** The ``frame`` style's rings, under the pieces: only the square's rim is painted, never its middle. */
export function drawHeatFrames(ctx: Ctx, values: Float32Array, overlay: Overlay, l: Layout, theme: Theme): void {
  const w = heatFrameWidth(l);
  for (const { q, t } of heatSquares(values, overlay, l)) {
    const r = squareRect(l, q);
    ctx.lineWidth = w;
    ctx.strokeStyle = heatColour(t, 1, theme.dark);
    ctx.strokeRect(r.x + w / 2, r.y + w / 2, r.w - w, r.h - w);
    // a hairline of the page's colour inside the ring: a pale ring still reads on a pale tile
    ctx.lineWidth = 1;
    ctx.strokeStyle = theme.dark ? "rgba(0,0,0,0.7)" : "rgba(255,255,255,0.8)";
    ctx.strokeRect(r.x + w + 0.5, r.y + w + 0.5, r.w - 2 * w - 1, r.h - 2 * w - 1);
  }
}

/**
 * Where a ``frame`` heatmap writes a square's number: a tab centred on its top edge, half in the
 * strip between the tiles. Not in the middle, where arrows (a war, a suggested move) end and the
 * square's pieces stand; an Ur tile's letter (top left) and back badge (top right) stay clear of it.
 */
export function heatTabBox(l: Layout, square: Square, textWidth: number): { x: number; y: number; w: number; h: number; size: number } {
  const r = squareRect(l, square);
  const size = Math.max(9, Math.round(l.cell * 0.17));
  const h = Math.round(size * 1.25);
  const w = Math.min(r.w * 0.6, textWidth + size * 0.6);
  return { x: r.x + (r.w - w) / 2, y: r.y - h * 0.45, w, h, size };
}

/** The ``frame`` style's numbers, above everything else Python draws (an arrow passes under a tab). */
export function drawHeatTabs(ctx: Ctx, values: Float32Array, overlay: Overlay, l: Layout, theme: Theme): void {
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (const { q, v, t, format } of heatSquares(values, overlay, l)) {
    const text = formatHeat(v, format);
    ctx.font = `bold ${Math.max(9, Math.round(l.cell * 0.17))}px ${theme.font}`;
    const box = heatTabBox(l, q, ctx.measureText(text).width);
    const k = box.h * 0.35; // rounded by hand: ctx.roundRect is missing from older browsers
    ctx.beginPath();
    ctx.moveTo(box.x + k, box.y);
    ctx.arcTo(box.x + box.w, box.y, box.x + box.w, box.y + box.h, k);
    ctx.arcTo(box.x + box.w, box.y + box.h, box.x, box.y + box.h, k);
    ctx.arcTo(box.x, box.y + box.h, box.x, box.y, k);
    ctx.arcTo(box.x, box.y, box.x + box.w, box.y, k);
    ctx.closePath();
    ctx.fillStyle = heatColour(t, 1, theme.dark);
    ctx.fill();
    ctx.lineWidth = 1;
    ctx.strokeStyle = theme.dark ? "#000000" : "#ffffff";
    ctx.stroke();
    ctx.fillStyle = heatInk(t, theme.dark);
    ctx.fillText(text, box.x + box.w / 2, box.y + box.h / 2 + 0.5, box.w - 2);
  }
}

/** A heatmap's legend, shown beside the board (never over it): what the numbers are and the scale. */
export interface LegendParts {
  title: string;
  /** The lowest value with its word ("−12"), the highest ("0 best"). */
  low: string;
  high: string;
  /** The colour scale from low to high, as a CSS gradient. */
  gradient: string;
}

/** The legend of the heatmap Python sent, or null without a heatmap or a legend title. */
export function heatLegend(values: Float32Array | null, overlay: Overlay, dark = false): LegendParts | null {
  const o = overlay as HeatOverlay;
  const legend = o.heatmap_legend;
  if (!values || !legend || !legend.title) return null;
  const [lo, hi] = heatRange(values, o.heatmap_range);
  const format = legend.format ?? "number";
  const stops = [0, 0.25, 0.5, 0.75, 1].map((t) => `${heatColour(t, 1, dark)} ${t * 100}%`);
  return {
    title: legend.title,
    low: `${formatHeat(lo, format)}${legend.low ? ` ${legend.low}` : ""}`,
    high: `${formatHeat(hi, format)}${legend.high ? ` ${legend.high}` : ""}`,
    gradient: `linear-gradient(to right, ${stops.join(", ")})`,
  };
}

export function drawArrow(ctx: Ctx, from: Square, to: Square, colour: string, l: Layout): void {
  const [x1, y1] = squareCentre(l, from);
  const [x2, y2] = squareCentre(l, to);
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const head = l.cell * 0.35;
  const ex = x2 - Math.cos(angle) * head * 0.6;
  const ey = y2 - Math.sin(angle) * head * 0.6;
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  ctx.lineWidth = Math.max(2, l.cell * 0.12);
  ctx.lineCap = "round";
  ctx.globalAlpha = 0.85;
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(ex, ey);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x2, y2);
  ctx.lineTo(x2 - Math.cos(angle - 0.45) * head, y2 - Math.sin(angle - 0.45) * head);
  ctx.lineTo(x2 - Math.cos(angle + 0.45) * head, y2 - Math.sin(angle + 0.45) * head);
  ctx.closePath();
  ctx.fill();
  ctx.globalAlpha = 1;
}

/** A small lettered badge in a square's bottom-right corner (the sides of a conflict). */
export function drawBadge(ctx: Ctx, square: Square, text: string, colour: string, l: Layout, theme: Theme): void {
  const r = squareRect(l, square);
  const size = Math.max(9, l.cell * 0.34);
  const cx = r.x + r.w - size / 2 - 1;
  const cy = r.y + r.h - size / 2 - 1;
  ctx.beginPath();
  ctx.arc(cx, cy, size / 2, 0, Math.PI * 2);
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.fillStyle = "#ffffff";
  ctx.font = `bold ${Math.round(size * 0.7)}px ${theme.font}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, cx, cy + 0.5);
}

/**
 * A short text on a square's bottom edge, as a small pill straddling the line to the square below: the
 * middle of the square (a tile's symbol, a leader's disc) stays uncovered. ``labelBox`` is its place.
 */
export function drawLabel(ctx: Ctx, square: Square, text: string, l: Layout, theme: Theme): void {
  const size = Math.max(8, Math.round(l.cell * 0.24));
  ctx.font = `bold ${size}px ${theme.font}`;
  const box = labelBox(l, square, ctx.measureText(text).width, size);
  ctx.fillStyle = theme.dark ? "rgba(20,20,20,0.9)" : "rgba(255,255,255,0.92)";
  ctx.fillRect(box.x, box.y, box.w, box.h);
  ctx.strokeStyle = theme.text;
  ctx.lineWidth = 1;
  ctx.strokeRect(box.x + 0.5, box.y + 0.5, box.w - 1, box.h - 1);
  ctx.fillStyle = theme.text;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, box.x + box.w / 2, box.y + box.h / 2 + 0.5, box.w - 4);
}

/** Squares smaller than this show a label cut to its first letters (the whole text is in the square's tooltip). */
export const LABEL_FULL_CELL = 30;

/** A label as a square of ``cell`` pixels shows it: whole, or cut to three letters and "…" on a small board. */
export function shownLabel(text: string, cell: number): string {
  const letters = [...text];
  return cell >= LABEL_FULL_CELL || letters.length <= 4 ? text : `${letters.slice(0, 3).join("")}…`;
}

/** Where a label of ``textWidth`` pixels goes: centred on the square's bottom edge, at most 2.5 squares wide. */
export function labelBox(l: Layout, square: Square, textWidth: number, size: number): { x: number; y: number; w: number; h: number } {
  const r = squareRect(l, square);
  const w = Math.min(l.cell * 2.5, textWidth + 6);
  const h = size + 3;
  return { x: r.x + r.w / 2 - w / 2, y: r.y + r.h - h * 0.55, w, h };
}
