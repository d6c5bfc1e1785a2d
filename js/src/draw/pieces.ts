// Pieces on the board: civilization tiles with their symbols, leaders with their dynasty symbol,
// face-down tiles, monuments, catastrophes, treasures, the unification marker, civilization
// buildings and the ziggurat. Symbol functions draw into a box so the side panel can reuse them.

import { squareRect, type Layout } from "../geometry";
import { COLOURS, type ColourName, type Dynasty, type Square, type View } from "../schema";
import type { Theme } from "../theme";
import type { Ctx } from "./board";

function roundRect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.lineTo(x + w - r, y);
  ctx.quadraticCurveTo(x + w, y, x + w, y + r);
  ctx.lineTo(x + w, y + h - r);
  ctx.quadraticCurveTo(x + w, y + h, x + w - r, y + h);
  ctx.lineTo(x + r, y + h);
  ctx.quadraticCurveTo(x, y + h, x, y + h - r);
  ctx.lineTo(x, y + r);
  ctx.quadraticCurveTo(x, y, x + r, y);
  ctx.closePath();
}

/** The symbol of a tile kind (settlement, temple, farm, market) centred at (cx, cy), size s. */
export function tileSymbol(ctx: Ctx, colour: ColourName, cx: number, cy: number, s: number, ink: string): void {
  ctx.fillStyle = ink;
  ctx.strokeStyle = ink;
  ctx.lineWidth = Math.max(1, s * 0.08);
  ctx.lineJoin = "round";
  ctx.lineCap = "round";
  const u = s / 2;
  if (colour === "black") {
    // settlement: a house with a pitched roof
    ctx.beginPath();
    ctx.moveTo(cx - u * 0.75, cy - u * 0.05);
    ctx.lineTo(cx, cy - u * 0.8);
    ctx.lineTo(cx + u * 0.75, cy - u * 0.05);
    ctx.closePath();
    ctx.fill();
    ctx.fillRect(cx - u * 0.55, cy - u * 0.05, u * 1.1, u * 0.8);
  } else if (colour === "red") {
    // temple: three stepped terraces
    for (let i = 0; i < 3; i++) {
      const w = u * (1.5 - i * 0.45);
      ctx.fillRect(cx - w / 2, cy + u * 0.55 - (i + 1) * u * 0.45, w, u * 0.38);
    }
  } else if (colour === "blue") {
    // farm: a stalk of grain
    ctx.beginPath();
    ctx.moveTo(cx, cy + u * 0.8);
    ctx.lineTo(cx, cy - u * 0.75);
    ctx.stroke();
    for (let i = 0; i < 3; i++) {
      const gy = cy - u * 0.5 + i * u * 0.4;
      for (const side of [-1, 1]) {
        ctx.beginPath();
        ctx.ellipse(cx + side * u * 0.25, gy, u * 0.22, u * 0.11, side * -0.6, 0, Math.PI * 2);
        ctx.fill();
      }
    }
  } else {
    // market: a pair of scales
    ctx.beginPath();
    ctx.moveTo(cx, cy - u * 0.75);
    ctx.lineTo(cx, cy + u * 0.6);
    ctx.moveTo(cx - u * 0.4, cy + u * 0.6);
    ctx.lineTo(cx + u * 0.4, cy + u * 0.6);
    ctx.moveTo(cx - u * 0.7, cy - u * 0.5);
    ctx.lineTo(cx + u * 0.7, cy - u * 0.5);
    ctx.stroke();
    for (const side of [-1, 1]) {
      ctx.beginPath();
      ctx.arc(cx + side * u * 0.55, cy - u * 0.15, u * 0.25, 0, Math.PI);
      ctx.closePath();
      ctx.fill();
    }
  }
}

/** A dynasty symbol (archer, bull, pot, lion) centred at (cx, cy), size s. */
export function dynastySymbol(ctx: Ctx, dynasty: Dynasty, cx: number, cy: number, s: number, ink: string): void {
  ctx.fillStyle = ink;
  ctx.strokeStyle = ink;
  ctx.lineWidth = Math.max(1, s * 0.08);
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  const u = s / 2;
  if (dynasty === "archer") {
    // a drawn bow with an arrow
    ctx.beginPath();
    ctx.arc(cx - u * 0.35, cy, u * 0.75, -Math.PI / 2.4, Math.PI / 2.4);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(cx - u * 0.05, cy - u * 0.72);
    ctx.lineTo(cx - u * 0.35, cy);
    ctx.lineTo(cx - u * 0.05, cy + u * 0.72);
    ctx.moveTo(cx - u * 0.45, cy);
    ctx.lineTo(cx + u * 0.75, cy);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(cx + u * 0.85, cy);
    ctx.lineTo(cx + u * 0.55, cy - u * 0.18);
    ctx.lineTo(cx + u * 0.55, cy + u * 0.18);
    ctx.closePath();
    ctx.fill();
  } else if (dynasty === "bull") {
    // a head with two horns
    ctx.beginPath();
    ctx.ellipse(cx, cy + u * 0.2, u * 0.38, u * 0.48, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.beginPath();
    ctx.moveTo(cx - u * 0.3, cy - u * 0.15);
    ctx.quadraticCurveTo(cx - u * 0.9, cy - u * 0.3, cx - u * 0.7, cy - u * 0.8);
    ctx.moveTo(cx + u * 0.3, cy - u * 0.15);
    ctx.quadraticCurveTo(cx + u * 0.9, cy - u * 0.3, cx + u * 0.7, cy - u * 0.8);
    ctx.stroke();
  } else if (dynasty === "pot") {
    // an amphora: neck, round body, foot
    ctx.beginPath();
    ctx.moveTo(cx - u * 0.22, cy - u * 0.8);
    ctx.lineTo(cx + u * 0.22, cy - u * 0.8);
    ctx.lineTo(cx + u * 0.16, cy - u * 0.45);
    ctx.bezierCurveTo(cx + u * 0.85, cy - u * 0.3, cx + u * 0.7, cy + u * 0.5, cx + u * 0.2, cy + u * 0.65);
    ctx.lineTo(cx + u * 0.3, cy + u * 0.82);
    ctx.lineTo(cx - u * 0.3, cy + u * 0.82);
    ctx.lineTo(cx - u * 0.2, cy + u * 0.65);
    ctx.bezierCurveTo(cx - u * 0.7, cy + u * 0.5, cx - u * 0.85, cy - u * 0.3, cx - u * 0.16, cy - u * 0.45);
    ctx.closePath();
    ctx.fill();
  } else {
    // a lion: a face inside a spiky mane
    ctx.beginPath();
    const spikes = 12;
    for (let i = 0; i <= spikes * 2; i++) {
      const a = (i / (spikes * 2)) * Math.PI * 2;
      const rr = i % 2 === 0 ? u * 0.85 : u * 0.62;
      const px = cx + Math.cos(a) * rr;
      const py = cy + Math.sin(a) * rr;
      if (i === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    }
    ctx.closePath();
    ctx.fill();
    ctx.globalCompositeOperation = "destination-out";
    ctx.beginPath();
    ctx.arc(cx, cy, u * 0.42, 0, Math.PI * 2);
    ctx.fill();
    ctx.globalCompositeOperation = "source-over";
    ctx.beginPath();
    ctx.arc(cx - u * 0.15, cy - u * 0.08, u * 0.06, 0, Math.PI * 2);
    ctx.arc(cx + u * 0.15, cy - u * 0.08, u * 0.06, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** A civilization tile filling a box. */
export function drawTile(ctx: Ctx, colour: ColourName, x: number, y: number, size: number, theme: Theme): void {
  const pad = size * 0.08;
  roundRect(ctx, x + pad, y + pad, size - 2 * pad, size - 2 * pad, size * 0.12);
  ctx.fillStyle = theme.piece[colour];
  ctx.fill();
  tileSymbol(ctx, colour, x + size / 2, y + size / 2, size * 0.62, theme.symbol[colour]);
}

/** A leader: a disc of its colour (king, priest, farmer, trader) with the owner's dynasty symbol. */
export function drawLeader(
  ctx: Ctx,
  colour: ColourName,
  dynasty: Dynasty,
  x: number,
  y: number,
  size: number,
  theme: Theme,
): void {
  const cx = x + size / 2;
  const cy = y + size / 2;
  ctx.beginPath();
  ctx.arc(cx, cy, size * 0.44, 0, Math.PI * 2);
  ctx.fillStyle = theme.piece[colour];
  ctx.fill();
  ctx.lineWidth = Math.max(1.5, size * 0.06);
  ctx.strokeStyle = theme.symbol[colour];
  ctx.stroke();
  dynastySymbol(ctx, dynasty, cx, cy, size * 0.58, theme.symbol[colour]);
}

export function drawFaceDown(ctx: Ctx, x: number, y: number, size: number, theme: Theme): void {
  const pad = size * 0.08;
  roundRect(ctx, x + pad, y + pad, size - 2 * pad, size - 2 * pad, size * 0.12);
  ctx.fillStyle = theme.faceDown;
  ctx.fill();
  ctx.strokeStyle = "rgba(0,0,0,0.25)";
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let i = 1; i < 4; i++) {
    ctx.moveTo(x + pad + (i * (size - 2 * pad)) / 4, y + pad);
    ctx.lineTo(x + pad, y + pad + (i * (size - 2 * pad)) / 4);
  }
  ctx.stroke();
}

export function drawCatastrophe(ctx: Ctx, x: number, y: number, size: number, theme: Theme): void {
  const pad = size * 0.06;
  ctx.fillStyle = theme.catastrophe;
  ctx.fillRect(x + pad, y + pad, size - 2 * pad, size - 2 * pad);
  ctx.strokeStyle = "#f4e3c1";
  ctx.lineWidth = Math.max(1.5, size * 0.07);
  ctx.beginPath();
  // a jagged crack
  ctx.moveTo(x + size * 0.3, y + size * 0.15);
  ctx.lineTo(x + size * 0.5, y + size * 0.42);
  ctx.lineTo(x + size * 0.38, y + size * 0.55);
  ctx.lineTo(x + size * 0.68, y + size * 0.85);
  ctx.moveTo(x + size * 0.5, y + size * 0.42);
  ctx.lineTo(x + size * 0.75, y + size * 0.3);
  ctx.stroke();
}

/** A treasure: a golden gem in the top-left corner of its tile. */
export function drawTreasure(ctx: Ctx, x: number, y: number, size: number, theme: Theme): void {
  const cx = x + size * 0.24;
  const cy = y + size * 0.24;
  const r = size * 0.16;
  ctx.beginPath();
  ctx.moveTo(cx, cy - r);
  ctx.lineTo(cx + r, cy);
  ctx.lineTo(cx, cy + r);
  ctx.lineTo(cx - r, cy);
  ctx.closePath();
  ctx.fillStyle = theme.treasure;
  ctx.fill();
  ctx.strokeStyle = "#7a5a00";
  ctx.lineWidth = 1;
  ctx.stroke();
}

/** A monument on the 2x2 block at ``square``: a base of its first colour, a tower of its second. */
export function drawMonument(
  ctx: Ctx,
  colours: [ColourName, ColourName],
  square: Square,
  l: Layout,
  theme: Theme,
): void {
  const r = squareRect(l, square);
  const size = l.cell * 2;
  const cx = r.x + size / 2;
  const cy = r.y + size / 2;
  ctx.fillStyle = "rgba(0,0,0,0.25)";
  ctx.fillRect(cx - size * 0.36 + 2, cy - size * 0.36 + 3, size * 0.72, size * 0.72);
  ctx.fillStyle = theme.piece[colours[0]];
  ctx.fillRect(cx - size * 0.36, cy - size * 0.36, size * 0.72, size * 0.72);
  ctx.strokeStyle = theme.symbol[colours[0]];
  ctx.lineWidth = 2;
  ctx.strokeRect(cx - size * 0.36, cy - size * 0.36, size * 0.72, size * 0.72);
  ctx.fillStyle = theme.piece[colours[1]];
  ctx.fillRect(cx - size * 0.2, cy - size * 0.2, size * 0.4, size * 0.4);
  ctx.strokeStyle = theme.symbol[colours[1]];
  ctx.strokeRect(cx - size * 0.2, cy - size * 0.2, size * 0.4, size * 0.4);
}

/** The unification marker (rules §9.2): a white ring with a star. */
export function drawMarker(ctx: Ctx, square: Square, l: Layout, theme: Theme): void {
  const r = squareRect(l, square);
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h / 2;
  ctx.beginPath();
  ctx.arc(cx, cy, l.cell * 0.4, 0, Math.PI * 2);
  ctx.lineWidth = Math.max(2, l.cell * 0.09);
  ctx.strokeStyle = "#ffffff";
  ctx.stroke();
  ctx.strokeStyle = theme.last;
  ctx.lineWidth = Math.max(1, l.cell * 0.04);
  ctx.stroke();
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? l.cell * 0.18 : l.cell * 0.08;
    const px = cx + Math.cos(a) * rr + l.cell * 0.28;
    const py = cy + Math.sin(a) * rr - l.cell * 0.28;
    if (i === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
  ctx.closePath();
  ctx.fillStyle = "#ffffff";
  ctx.fill();
  ctx.strokeStyle = theme.last;
  ctx.stroke();
}

/** A civilization building (variant §17): a domed hall of its colour on the tile's right corner. */
export function drawBuilding(ctx: Ctx, colour: ColourName, square: Square, l: Layout, theme: Theme): void {
  const r = squareRect(l, square);
  const s = l.cell * 0.42;
  const x = r.x + r.w - s - l.cell * 0.04;
  const y = r.y + l.cell * 0.04;
  ctx.fillStyle = "#f7f1e3";
  ctx.strokeStyle = theme.piece[colour];
  ctx.lineWidth = Math.max(1.5, l.cell * 0.05);
  ctx.beginPath();
  ctx.moveTo(x, y + s);
  ctx.lineTo(x, y + s * 0.45);
  ctx.arc(x + s / 2, y + s * 0.45, s / 2, Math.PI, 0);
  ctx.lineTo(x + s, y + s);
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = theme.piece[colour];
  ctx.fillRect(x + s * 0.35, y + s * 0.6, s * 0.3, s * 0.4);
}

export function drawZigguratTile(ctx: Ctx, square: Square, l: Layout, theme: Theme): void {
  const r = squareRect(l, square);
  const pad = l.cell * 0.06;
  ctx.fillStyle = theme.dark ? "#b09a6a" : "#c9b27a";
  ctx.fillRect(r.x + pad, r.y + pad, r.w - 2 * pad, r.h - 2 * pad);
  ctx.strokeStyle = "#6d5a30";
  ctx.lineWidth = 1;
  for (let i = 1; i < 3; i++) {
    const inset = pad + (i * l.cell) / 8;
    ctx.strokeRect(r.x + inset, r.y + inset, r.w - 2 * inset, r.h - 2 * inset);
  }
}

export function drawTower(ctx: Ctx, square: Square, l: Layout): void {
  const r = squareRect(l, square);
  ctx.fillStyle = "#6d5a30";
  ctx.strokeStyle = "#f7f1e3";
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(r.x + r.w / 2, r.y + r.h * 0.12);
  ctx.lineTo(r.x + r.w * 0.78, r.y + r.h * 0.88);
  ctx.lineTo(r.x + r.w * 0.22, r.y + r.h * 0.88);
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
}

/** Every piece of the view, in stacking order. */
export function drawPieces(ctx: Ctx, view: View, l: Layout, theme: Theme): void {
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
  if (view.tower >= 0) drawTower(ctx, view.tower, l);
  for (const p of view.players) {
    for (const colour of COLOURS) {
      const q = p.leaders[colour];
      if (q >= 0) {
        const r = squareRect(l, q);
        drawLeader(ctx, colour, p.dynasty, r.x, r.y, l.cell, theme);
      }
    }
  }
  if (view.marker >= 0) drawMarker(ctx, view.marker, l, theme);
}
