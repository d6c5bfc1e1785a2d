// The Royal Game of Ur's view body and targets, mirroring src/tigris_widget/games/royal/present/view.py,
// and the one check that narrows an unknown body to it. Cells are ints y*8+x on the 3 × 8 grid.

import type { View } from "../../core/view";
import { CELLS, SEATS } from "./geometry";

export interface Body {
  /** Per cell (24): the seat whose piece stands there, null for none (and for the trays). */
  cells: (number | null)[];
  /** Per seat: pieces not yet entered, and pieces borne off. */
  waiting: number[];
  off: number[];
  /** Pieces per side. */
  pieces: number;
  /** Whose turn it is (the winner's once the game is over). */
  active: number;
  /** "roll" (the dice are to be thrown), "move" (a piece to move by the roll) or "over". */
  phase: string;
  /** The roll being played, null before the dice are thrown. */
  roll: number | null;
  /** The four dice (true: a marked tip up), null before the throw; drawn from the count alone. */
  dice: boolean[] | null;
  /** The latest throw of the game so far (who threw, and the count), null before the first. */
  last_roll: { seat: number; roll: number } | null;
  /** The turns completed. */
  turns: number;
  winner: number | null;
}

/** One legal move: the cell clicked (a piece, or the waiting tray to enter one) and where it goes. */
export interface Move {
  to: number;
  action: string;
}

export interface Targets {
  /** The roll request's text, when the dice are to be thrown now. */
  roll?: string;
  /** From cell → its move (one per piece; the waiting tray stands for every piece not entered). */
  moves?: Partial<Record<string, Move>>;
}

export type RoyalView = View<Body, Targets>;

function isSeatList(v: unknown): v is number[] {
  return Array.isArray(v) && v.length === SEATS && v.every((n) => typeof n === "number" && Number.isInteger(n) && n >= 0);
}

/** The body itself when it is a well-formed body of this game, else what is wrong with it. */
export function checkBody(body: unknown): Body | string {
  if (body === null || typeof body !== "object") return "the body is not an object";
  const b = body as Partial<Body>;
  if (!Array.isArray(b.cells) || b.cells.length !== CELLS) return `the body needs ${CELLS} cells`;
  if (!b.cells.every((c) => c === null || c === 0 || c === 1)) return "a cell holds no seat's piece";
  if (!isSeatList(b.waiting) || !isSeatList(b.off)) return "the body needs 'waiting' and 'off' per seat";
  if (typeof b.pieces !== "number" || typeof b.active !== "number" || typeof b.phase !== "string") return "the body lacks the turn's facts";
  if (b.roll !== null && typeof b.roll !== "number") return "the roll is not a number";
  if (b.dice !== null && !(Array.isArray(b.dice) && b.dice.length === 4 && b.dice.every((d) => typeof d === "boolean"))) return "the dice are not four tips";
  return b as Body;
}
