// UI state and pure reducers: which steps a click on a cell can mean, what a click sends, keys. No
// rules here: the legal steps come from the view's targets, and a click on any other cell is sent as
// a bare cell, which Python writes out as the step it would mean so that the engine explains why
// it is refused.

import type { Command, Outcome } from "../../core/game";
import { step } from "../../core/geometry";
import type { Square } from "../../core/view";
import { KIND_NAMES, SIZE, formatCell, type Kind, type UrView as View } from "./body";

export interface UiState {
  cursor: Square;
  hover: Square;
  /** The cell picked: its steps are offered in the panel, its attacks highlighted. -1 when none. */
  selected: Square;
  stateId: string;
}

/** One step a click on a cell can play, with how the panel names it. */
export interface CellOption {
  label: string;
  action: string;
}

export type UrCommand = Command<UiState, View>;

export function initialUi(): UiState {
  return { cursor: 14, hover: -1, selected: -1, stateId: "" };
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

/** The steps a click on ``cell`` can play now (attacks from it excepted: they need a second click). */
export function cellOptions(view: View, cell: Square): CellOption[] {
  if (!canAct(view)) return [];
  const t = view.targets;
  const k = String(cell);
  const out: CellOption[] = [];
  const place = t.place?.[k];
  if (place) out.push({ label: `Place a cube on ${formatCell(cell)}`, action: place });
  const restart = t.restart?.[k];
  if (restart) out.push({ label: `Restart with 3 cubes on ${formatCell(cell)}`, action: restart });
  const zig = t.zig?.[k];
  if (zig) out.push({ label: `Build a ziggurat on ${formatCell(cell)}`, action: zig });
  for (const z of t.zig_pairs ?? []) {
    if (z.cells.includes(cell)) out.push({ label: `Build ziggurats on ${formatCell(z.cells[0])} and ${formatCell(z.cells[1])}`, action: z.action });
  }
  const cube = t.cube?.[k];
  if (cube?.["1"]) out.push({ label: `Extra cube on ${formatCell(cell)}`, action: cube["1"] });
  if (cube?.["2"]) out.push({ label: `Two extra cubes on ${formatCell(cell)}`, action: cube["2"] });
  const exchange = t.exchange?.[k];
  for (const [side, action] of Object.entries(exchange ?? {})) {
    if (action) out.push({ label: `Take ${formatCell(cell)} with ${KIND_NAMES[side as Kind] ?? side} (${side}) up`, action });
  }
  return out;
}

/** The cells ``cell`` may attack now, with the step text of each attack. */
export function attacksFrom(view: View, cell: Square): [Square, string][] {
  if (!canAct(view) || cell < 0) return [];
  return Object.entries(view.targets.attack?.[String(cell)] ?? {}).flatMap(([to, action]) => (action ? [[Number(to), action] as [Square, string]] : []));
}

/** The kinds of step a click on a cell can start now (an attack, an extra cube, an exchange …). */
function cellKinds(view: View): string[] {
  if (!canAct(view)) return [];
  const t = view.targets;
  const kinds: [string, boolean][] = [
    ["place", Boolean(t.place && Object.keys(t.place).length)],
    ["restart", Boolean(t.restart && Object.keys(t.restart).length)],
    ["ziggurat", Boolean((t.zig && Object.keys(t.zig).length) || t.zig_pairs?.length)],
    ["cube", Boolean(t.cube && Object.keys(t.cube).length)],
    ["exchange", Boolean(t.exchange && Object.keys(t.exchange).length)],
    ["attack", Boolean(t.attack && Object.keys(t.attack).length)],
    ["alloc", Boolean(t.alloc)],
  ];
  return kinds.filter(([, open]) => open).map(([kind]) => kind);
}

/**
 * The cells ringed on the board: those of the one kind of step left to choose (the setup's cubes, an
 * exchange, an amount), as T&E frames the squares of the piece picked. While several kinds are open
 * (a turn's start: an extra cube, an exchange, a war …) nearly every tile would be ringed, which says
 * nothing: then only the cell under the pointer is ringed when a click there does something.
 */
export function ringedCells(view: View, hover: Square = -1): Square[] {
  const cells = clickableCells(view);
  if (cellKinds(view).length <= 1) return cells;
  return cells.includes(hover) ? [hover] : [];
}

/** Every cell a click can do something with now. */
export function clickableCells(view: View): Square[] {
  if (!canAct(view)) return [];
  const out: Square[] = [];
  const alloc = view.targets.alloc;
  for (let c = 0; c < SIZE * SIZE; c++) {
    if (cellOptions(view, c).length || attacksFrom(view, c).length || alloc?.cell === c) out.push(c);
  }
  return out;
}

export function clickCell(view: View, ui: UiState, cell: Square): Outcome<UiState> {
  const at = { ...ui, cursor: cell };
  if (!view.history.live) return { ui: at, message: `You are looking at move ${view.history.ply} of ${view.history.length}; go to the latest position to play.` };
  if (view.decision === null) return { ui: at, message: "The game is over." };
  if (!view.decision.mine) return { ui: at, message: `Not your decision: ${view.decision.prompt}` };
  if (ui.selected >= 0 && ui.selected !== cell) {
    const attack = attacksFrom(view, ui.selected).find(([to]) => to === cell);
    if (attack) return { ui: { ...at, selected: -1 }, intent: { action: attack[1] } };
  }
  if (ui.selected === cell) return { ui: { ...at, selected: -1 } };
  const options = cellOptions(view, cell);
  const attacks = attacksFrom(view, cell);
  if (options.length === 1 && !attacks.length && options[0]) return { ui: { ...at, selected: -1 }, intent: { action: options[0].action } };
  if (options.length || attacks.length) return { ui: { ...at, selected: cell } };
  const alloc = view.targets.alloc;
  if (alloc) return { ui: at, message: `Choose the amount for ${formatCell(alloc.cell)} in the panel (or type a digit). ${view.decision.prompt}` };
  if (view.targets.move) return { ui: at, message: `Choose how many cubes move in the panel (or type a digit). ${view.decision.prompt}` };
  // No legal step here: Python writes out what the click would mean and the engine names the rule.
  return { ui: { ...at, selected: -1 }, intent: ui.selected >= 0 ? { cell, from: ui.selected } : { cell } };
}

const ACTION_KEYS: Record<string, string> = { a: "agri", t: "trade", c: "culture", p: "politics" };

const NAV: Record<string, UrCommand> = {
  ArrowLeft: { type: "cursor", dx: -1, dy: 0 },
  ArrowRight: { type: "cursor", dx: 1, dy: 0 },
  ArrowUp: { type: "cursor", dx: 0, dy: -1 },
  ArrowDown: { type: "cursor", dx: 0, dy: 1 },
  " ": { type: "activate" },
  Escape: { type: "cancel" },
  ",": { type: "history", delta: -1 },
  PageUp: { type: "history", delta: -1 },
  ".": { type: "history", delta: 1 },
  PageDown: { type: "history", delta: 1 },
  Home: { type: "history-end", end: "start" },
  End: { type: "history-end", end: "latest" },
};

/**
 * The command of a key on the board, or null when the key is not ours. Arrows move the cursor,
 * Enter/Space click it, Escape drops the pick; a t c p start an action, k keeps, e ends, digits
 * choose an amount or how many cubes move, u (or Backspace) takes back the last step of the turn;
 * , and . step through the history, Home/End jump.
 */
export function keyCommand(view: View, key: string, shift: boolean): UrCommand | null {
  if (key === "Enter") return shift ? null : { type: "activate" }; // Shift+Enter stays the notebook's "run cell"
  const nav = NAV[key];
  if (nav) return nav;
  if (!canAct(view)) return null;
  const t = view.targets;
  if (/^[0-9]$/.test(key)) {
    const action = t.alloc?.amounts[key] ?? t.move?.[key];
    return action ? { type: "intent", intent: { action } } : null;
  }
  const lower = key.toLowerCase();
  const word = ACTION_KEYS[lower];
  if (word && t.actions?.[word]) return { type: "intent", intent: { action: t.actions[word]! } };
  if (lower === "k" && t.keep) return { type: "intent", intent: { action: t.keep } };
  if (lower === "e" && t.end) return { type: "intent", intent: { action: t.end } };
  if ((lower === "u" || key === "Backspace") && t.undo) return { type: "intent", intent: { kind: "undo" } };
  return null;
}

export function stepCursor(cell: Square, dx: number, dy: number): Square {
  return step(cell, dx, dy, SIZE, SIZE);
}
