// Marks of the game in play drawn over the pieces: the legal targets of the piece picked up, the
// sides of a revolt or war, and the footprint under the pointer.

import type { Scene } from "../../core/game";
import { squareCentre, type Ctx, type Layout } from "../../core/geometry";
import { drawBadge, drawSquareFrame } from "../../core/overlays";
import type { Square } from "../../core/view";
import type { Body, TigrisView } from "./body";
import type { TigrisTheme as Theme } from "./theme";
import { canAct, footprint, resolveTarget, targetsFor, type Piece, type UiState } from "./ui-state";

/**
 * Legal squares of the selected piece as discreet dots (a ring around an occupied square, e.g. a
 * catastrophe's target), stronger under the pointer. Monuments and the ziggurat mark the square
 * that names them (the hover shows the whole footprint).
 */
export function drawTargets(ctx: Ctx, targets: Square[], piece: Piece | null, l: Layout, theme: Theme, occupied: (q: Square) => boolean = () => false, hover: Square = -1): void {
  for (const q of targets) {
    const [cx, cy] = squareCentre(l, q);
    const on = hover >= 0 && footprint(piece, q).includes(hover);
    ctx.fillStyle = on ? theme.targetHover : theme.target;
    ctx.strokeStyle = on ? theme.targetHover : theme.target;
    if (occupied(q)) {
      ctx.lineWidth = Math.max(2, l.cell * 0.09);
      ctx.beginPath();
      ctx.arc(cx, cy, l.cell * 0.44, 0, Math.PI * 2);
      ctx.stroke();
    } else {
      ctx.beginPath();
      ctx.arc(cx, cy, l.cell * (on ? 0.22 : 0.15), 0, Math.PI * 2);
      ctx.fill();
    }
  }
}

/** Whether something stands on a square (a dot would be hidden there: a ring is drawn instead). */
export function occupiedBy(view: Body): (q: Square) => boolean {
  const taken = new Set<Square>([...view.face_down, ...view.catastrophes, ...view.ziggurat]);
  for (const list of Object.values(view.tiles)) for (const q of list) taken.add(q);
  for (const p of view.players) for (const q of Object.values(p.leaders)) if (q >= 0) taken.add(q);
  return (q) => taken.has(q);
}

/** Under the last action's frame: the legal targets of the piece picked up. */
export function drawUnder(ctx: Ctx, scene: Scene<TigrisView, UiState>, l: Layout, theme: Theme): void {
  const { view, ui } = scene;
  drawTargets(ctx, targetsFor(view, ui.selected), ui.selected, l, theme, occupiedBy(view.body), ui.hover);
}

/** Over the last action's frame: the attacker's and the defender's leader in a revolt or war. */
export function drawOver(ctx: Ctx, scene: Scene<TigrisView, UiState>, l: Layout, theme: Theme): void {
  const c = scene.view.body.conflict;
  if (!c) return;
  for (const [q, letter] of [[c.attacker_square, "A"], [c.defender_square, "D"]] as const) {
    if (q < 0) continue;
    drawSquareFrame(ctx, [q], l, theme.conflict, Math.max(3, l.cell * 0.1), [l.cell * 0.18, l.cell * 0.1]);
    drawBadge(ctx, q, letter, theme.conflict, l, theme);
  }
}

/** The squares the picked-up piece would cover if played under the pointer (a monument's whole block). */
export function hovered(view: TigrisView, ui: UiState): Square[] {
  if (ui.hover < 0 || !canAct(view)) return [];
  const target = resolveTarget(view, ui.selected, ui.hover);
  return target >= 0 ? footprint(ui.selected, target) : [];
}
