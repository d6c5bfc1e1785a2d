// Edit mode: the board of a position editor. A click (or Enter on the keyboard cursor) on any square
// is sent to Python as that square, and Python's editor applies its selected tool there; the game's
// own click handling (picking pieces, legal targets) is not used. Pure functions, no DOM.

import type { Command } from "./game";
import type { Square, View } from "./view";

/** The message a click on ``square`` sends in edit mode (null off the board). */
export interface SquareMessage {
  kind: "square";
  square: Square;
  state_id: View["state_id"];
}

export function squareMessage(view: View, square: Square): SquareMessage | null {
  if (!Number.isInteger(square) || square < 0) return null;
  return { kind: "square", square, state_id: view.state_id };
}

/** Whether a model's ``edit_mode`` trait turns edit mode on (only a literal ``true`` does). */
export function isEditMode(value: unknown): boolean {
  return value === true;
}

/**
 * The commands a board in edit mode still takes from the game's keys and panel: moving the cursor,
 * activating it (a click on its square) and their display helpers. Picking a game piece or sending an
 * action belongs to the game being played, not to the editor's tools.
 */
export function allowedInEditMode(c: { readonly type: Command["type"] }): boolean {
  return c.type === "cursor" || c.type === "activate" || c.type === "cancel" || c.type === "preview";
}

/** What the edit mode's own keys send: u takes back the last edit, Shift+U (U) brings it back. */
export interface HistoryMessage {
  kind: "undo" | "redo";
  state_id: View["state_id"];
}

export function editKeyMessage(view: View, key: string): HistoryMessage | null {
  if (key === "u") return { kind: "undo", state_id: view.state_id };
  if (key === "U") return { kind: "redo", state_id: view.state_id };
  return null;
}
