// Pieces on the board: civilization tiles with their symbols, leaders with their dynasty symbol,
// face-down tiles, monuments, catastrophes, treasures, the unification marker, civilization
// buildings and the ziggurat. The shapes and colours are the shared picture model
// (picture.generated.ts, written from games/tigris/present/picture.py), the same the static SVG draws.

import { squareRect, type Ctx, type Layout } from "../../core/geometry";
import type { SeatInfo, Square } from "../../core/view";
import { COLOURS, type Body, type ColourName, type Dynasty } from "./body";
import { PICTURE } from "./picture.generated";
import type { TigrisTheme as Theme } from "./theme";

/** One layer of a symbol: SVG path data, the palette entry that paints it, fill/evenodd or a stroke width. */
export type Layer = readonly [string, string, string | number];

const BOX = PICTURE.box;
const paths = new Map<string, Path2D>();

/** The Path2D of a path text, made once. */
function path2d(d: string): Path2D {
  let p = paths.get(d);
  if (!p) {
    p = new Path2D(d);
    paths.set(d, p);
  }
  return p;
}

/** The colour of a palette entry; ``piece``/``pieceA``/``pieceB`` are the colours given. */
function paintOf(theme: Theme, name: string, piece: string, pieceB: string): string {
  if (name === "piece" || name === "pieceA") return piece;
  if (name === "pieceB") return pieceB;
  const v = (theme.paint as unknown as Record<string, unknown>)[name];
  return typeof v === "string" ? v : "#ff00ff";
}

/** Paint layers drawn in a box of ``box`` units at (x, y), ``size`` pixels wide. */
export function paintLayers(
  ctx: Ctx,
  layers: readonly Layer[],
  x: number,
  y: number,
  size: number,
  theme: Theme,
  piece = "#000",
  pieceB = "#000",
  box: number = BOX,
): void {
  ctx.save();
  ctx.translate(x, y);
  const k = size / box;
  ctx.scale(k, k);
  ctx.lineJoin = "round";
  ctx.lineCap = "round";
  for (const [d, paint, mode] of layers) {
    const colour = paintOf(theme, paint, piece, pieceB);
    const p = path2d(d);
    if (typeof mode === "number") {
      ctx.strokeStyle = colour;
      ctx.lineWidth = mode;
      ctx.stroke(p);
    } else {
      ctx.fillStyle = colour;
      ctx.fill(p, mode === "evenodd" ? "evenodd" : "nonzero");
    }
  }
  ctx.restore();
}

const asLayers = (v: unknown): readonly Layer[] => v as readonly Layer[];

/** A civilization tile filling a box. */
export function drawTile(ctx: Ctx, colour: ColourName, x: number, y: number, size: number, theme: Theme): void {
  paintLayers(ctx, [[PICTURE.tileBase, "piece", "fill"], [PICTURE.tileEdge, "shadow", "fill"], ...asLayers(PICTURE.tiles[colour])], x, y, size, theme, theme.paint.piece[colour]);
}

/**
 * A leader: a disc of its colour (king, priest, farmer, trader) with the owner's dynasty symbol, and
 * around it a ring in the owner's seat colour (``owner``, none in the panel where the row says whose).
 */
export function drawLeader(ctx: Ctx, colour: ColourName, dynasty: Dynasty, x: number, y: number, size: number, theme: Theme, owner: string | null = null): void {
  const piece = theme.paint.piece[colour];
  paintLayers(ctx, [[PICTURE.leaderDisc, "piece", "fill"], [PICTURE.leaderRing, "ink", 1.6]], x, y, size, theme, piece);
  const [tx, ty, s] = PICTURE.leaderSymbolTransform as unknown as [number, number, number];
  const k = size / BOX;
  paintLayers(ctx, asLayers(PICTURE.dynasties[dynasty]), x + tx * k, y + ty * k, size * s, theme, piece);
  if (owner) {
    const [radius, width] = PICTURE.ownerRing as unknown as [number, number];
    ctx.beginPath();
    ctx.arc(x + size / 2, y + size / 2, radius * k, 0, Math.PI * 2);
    ctx.strokeStyle = owner;
    ctx.lineWidth = Math.max(2, width * k);
    ctx.stroke();
  }
}

export function drawFaceDown(ctx: Ctx, x: number, y: number, size: number, theme: Theme): void {
  paintLayers(ctx, asLayers(PICTURE.faceDown), x, y, size, theme);
}

/** A catastrophe tile: a cracked dark tile (the panel shows the same picture). */
export function drawCatastrophe(ctx: Ctx, x: number, y: number, size: number, theme: Theme): void {
  paintLayers(ctx, asLayers(PICTURE.catastrophe), x, y, size, theme);
}

/** A treasure: a golden gem in the top-left corner of its tile. */
export function drawTreasure(ctx: Ctx, x: number, y: number, size: number, theme: Theme): void {
  paintLayers(ctx, asLayers(PICTURE.treasure), x, y, size, theme);
}

/** A monument on the 2x2 block at ``square``: a platform of its first colour, a tower of its second. */
export function drawMonument(ctx: Ctx, colours: [ColourName, ColourName], square: Square, l: Layout, theme: Theme): void {
  const r = squareRect(l, square);
  const layers = [...asLayers(PICTURE.monumentBase), ...asLayers(PICTURE.monumentTower)];
  paintLayers(ctx, layers, r.x, r.y, l.cell * 2, theme, theme.paint.piece[colours[0]], theme.paint.piece[colours[1]], BOX * 2);
}

/** The unification marker (rules §9.2): a ring with a star. */
export function drawMarker(ctx: Ctx, square: Square, l: Layout, theme: Theme): void {
  const r = squareRect(l, square);
  paintLayers(ctx, asLayers(PICTURE.marker), r.x, r.y, l.cell, theme);
}

/** A civilization building (variant §17): a domed hall of its colour in the tile's top-right corner. */
export function drawBuilding(ctx: Ctx, colour: ColourName, square: Square, l: Layout, theme: Theme): void {
  const r = squareRect(l, square);
  paintLayers(ctx, asLayers(PICTURE.building), r.x, r.y, l.cell, theme, theme.paint.piece[colour]);
}

export function drawZigguratTile(ctx: Ctx, square: Square, l: Layout, theme: Theme): void {
  const r = squareRect(l, square);
  paintLayers(ctx, asLayers(PICTURE.zigguratTile), r.x, r.y, l.cell, theme);
}

export function drawTower(ctx: Ctx, square: Square, l: Layout, theme: Theme): void {
  const r = squareRect(l, square);
  paintLayers(ctx, asLayers(PICTURE.tower), r.x, r.y, l.cell, theme);
}

/** Every piece of the view, in stacking order; ``seats`` give the leaders' rings their owners' colours. */
export function drawPieces(ctx: Ctx, view: Body, l: Layout, theme: Theme, seats: readonly SeatInfo[] = []): void {
  for (const q of view.ziggurat) drawZigguratTile(ctx, q, l, theme);
  for (const colour of COLOURS) {
    for (const q of view.tiles[colour]) {
      const r = squareRect(l, q);
      drawTile(ctx, colour, r.x, r.y, l.cell, theme);
    }
  }
  for (const q of view.face_down) {
    const r = squareRect(l, q);
    drawFaceDown(ctx, r.x, r.y, l.cell, theme);
  }
  for (const q of view.catastrophes) {
    const r = squareRect(l, q);
    drawCatastrophe(ctx, r.x, r.y, l.cell, theme);
  }
  for (const q of view.treasures) {
    const r = squareRect(l, q);
    drawTreasure(ctx, r.x, r.y, l.cell, theme);
  }
  for (const colour of COLOURS) {
    const q = view.buildings[colour];
    if (q >= 0) drawBuilding(ctx, colour, q, l, theme);
  }
  for (const m of view.monuments) if (m.square >= 0) drawMonument(ctx, m.colours, m.square, l, theme);
  if (view.tower >= 0) drawTower(ctx, view.tower, l, theme);
  for (const p of view.players) {
    for (const colour of COLOURS) {
      const q = p.leaders[colour];
      if (q >= 0) {
        const r = squareRect(l, q);
        drawLeader(ctx, colour, p.dynasty, r.x, r.y, l.cell, theme, seats[p.seat]?.colour ?? null);
      }
    }
  }
  if (view.marker >= 0) drawMarker(ctx, view.marker, l, theme);
}
