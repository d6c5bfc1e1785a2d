// UI state and pure reducers: which piece is picked, what a click or a key sends. No rules here: the
// legal moves and the roll come from the view's targets, keyed by the cell a player clicks (a piece,
// or the waiting tray to enter one); a click on a piece that cannot move is sent as ``{piece}`` so
// that Python says why.

import type { Command, Outcome } from "../../core/game";
import { step } from "../../core/geometry";
import type { Square } from "../../core/view";
import type { Move, RoyalView as View } from "./body";
import { COLS, ROWS, formatCell, trayOf } from "./geometry";

export interface UiState {
  cursor: Square;
  hover: Square;
  /** The cell of the piece picked (its move's target is marked), -1 when none. */
  selected: Square;
  stateId: string;
}

export type RoyalCommand = Command<UiState, View>;

export function initialUi(): UiState {
  return { cursor: 11, hover: -1, selected: -1, stateId: "" };
}

export function syncUi(ui: UiState, view: View): UiState {
  return ui.stateId === view.state_id ? ui : { ...ui, selected: -1, stateId: view.state_id };
}

export function cancelUi(ui: UiState): UiState {
  return { ...ui, selected: -1 };
}

export function canAct(view: View): boolean {
  return view.history.live && view.decision !== null && view.decision.mine;
}

/** The move of the piece on ``cell`` (the waiting tray: a piece entering), or null. */
export function moveFrom(view: View, cell: Square): Move | null {
  if (!canAct(view) || cell < 0) return null;
  return view.targets.moves?.[String(cell)] ?? null;
}

/** Every cell whose piece can move now, in cell order. */
export function movableCells(view: View): Square[] {
  if (!canAct(view)) return [];
  return Object.entries(view.targets.moves ?? {})
    .flatMap(([from, m]) => (m ? [Number(from)] : []))
    .sort((a, b) => a - b);
}

/** The roll request's text when the dice are to be thrown by this view now. */
export function rollAction(view: View): string | null {
  return canAct(view) ? (view.targets.roll ?? null) : null;
}

/** The moves landing on ``cell``. */
function movesTo(view: View, cell: Square): [Square, Move][] {
  return movableCells(view).flatMap((from) => {
    const m = moveFrom(view, from);
    return m && m.to === cell ? [[from, m] as [Square, Move]] : [];
  });
}

export function clickCell(view: View, ui: UiState, cell: Square): Outcome<UiState> {
  const at = { ...ui, cursor: cell };
  if (!view.history.live) return { ui: at, message: `You are looking at move ${view.history.ply} of ${view.history.length}; go to the latest position to play.` };
  if (view.decision === null) return { ui: at, message: "The game is over." };
  if (!view.decision.mine) return { ui: at, message: `Not your decision: ${view.decision.prompt}` };
  const roll = rollAction(view);
  if (roll) return { ui: at, message: "Throw the dice first: the Roll button, r or Space." };
  const picked = moveFrom(view, ui.selected);
  if (picked && (cell === picked.to || cell === ui.selected)) return { ui: { ...at, selected: -1 }, intent: { action: picked.action } };
  if (moveFrom(view, cell)) return { ui: { ...at, selected: cell } };
  // a click on the square a single move reaches plays that move
  const arriving = movesTo(view, cell);
  if (arriving.length === 1 && arriving[0]) return { ui: { ...at, selected: -1 }, intent: { action: arriving[0][1].action } };
  const owner = view.body.cells[cell];
  const tray = trayOf(cell);
  if ((owner !== null && owner !== undefined) || (tray && tray.tray === "waiting")) {
    // a piece that cannot move: Python writes out why
    return { ui: { ...at, selected: -1 }, intent: { piece: cell } };
  }
  if (ui.selected >= 0) return { ui: { ...at, selected: -1 } };
  return { ui: at, message: `Nothing to move on ${formatCell(cell)}. ${view.decision.prompt}` };
}

const NAV: Record<string, RoyalCommand> = {
  ArrowLeft: { type: "cursor", dx: -1, dy: 0 },
  ArrowRight: { type: "cursor", dx: 1, dy: 0 },
  ArrowUp: { type: "cursor", dx: 0, dy: -1 },
  ArrowDown: { type: "cursor", dx: 0, dy: 1 },
  Escape: { type: "cancel" },
  ",": { type: "history", delta: -1 },
  PageUp: { type: "history", delta: -1 },
  ".": { type: "history", delta: 1 },
  PageDown: { type: "history", delta: 1 },
  Home: { type: "history-end", end: "start" },
  End: { type: "history-end", end: "latest" },
};

/** The cell of the next movable piece after ``from`` (cycling), for the n key. */
export function nextMovable(view: View, from: Square): Square {
  const cells = movableCells(view);
  return cells.find((c) => c > from) ?? cells[0] ?? -1;
}

/**
 * The command of a key on the board, or null when the key is not ours. Arrows move the cursor,
 * Enter clicks it, Space and r throw the dice when they are to be thrown (else Space clicks too),
 * n picks the next piece that can move, Escape drops the pick; , and . step through the history,
 * Home/End jump.
 */
export function keyCommand(view: View, key: string, shift: boolean): RoyalCommand | null {
  if (key === "Enter") return shift ? null : { type: "activate" }; // Shift+Enter stays the notebook's "run cell"
  const roll = rollAction(view);
  if ((key === " " || key.toLowerCase() === "r") && roll) return { type: "intent", intent: { action: roll } };
  if (key === " ") return { type: "activate" };
  if (key.toLowerCase() === "n") {
    const next = nextMovable(view, -1);
    if (next < 0) return null;
    return { type: "update", update: (ui, v) => ({ ...ui, selected: nextMovable(v, ui.selected), cursor: nextMovable(v, ui.selected) }) };
  }
  return NAV[key] ?? null;
}

export function stepCursor(cell: Square, dx: number, dy: number): Square {
  return step(cell, dx, dy, COLS, ROWS);
}
