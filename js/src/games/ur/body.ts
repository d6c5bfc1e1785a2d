// The Ur view's body and targets, mirroring src/tigris_widget/games/ur/present/view.py, and the one
// check that narrows an unknown body to it. Cells are ints y*6+x; kinds the letters A T C P W.

import type { View } from "../../core/view";

export const SIZE = 6;
export const CELLS = SIZE * SIZE;
export const KINDS = ["A", "T", "C", "P", "W"] as const;
export type Kind = (typeof KINDS)[number];
export const KIND_NAMES: Record<Kind, string> = { A: "agriculture", T: "trade", C: "culture", P: "politics", W: "war" };

export interface Cell {
  face: Kind;
  back: Kind;
  /** The seat owning the cubes or the ziggurat, null when empty. */
  owner: number | null;
  cubes: number;
  zig: boolean;
}

export interface TurnInfo {
  /** The actions performed this turn ("agri", "trade", "culture", "politics", "war"). */
  acts: string[];
  /** The extra cube: not placed, placed before any action (one action may follow), or closing. */
  cube: "none" | "open" | "closed";
  started: boolean;
  locked: boolean;
  war: { attacker: number; target: number } | null;
  /** Cells still to allocate in the action under way, the first one now. */
  queue: number[];
  need: number;
}

export interface Body {
  size: number;
  cells: Cell[];
  hands: string[];
  spares: string[];
  supply: number[];
  on_grid: number[];
  zig_left: number;
  start: number;
  active: number;
  decider: number;
  phase: string;
  setup_round: number | null;
  turn: TurnInfo;
  turns: number;
  end_reason: string | null;
  scores: { points: number; side: string }[];
}

/** Cell → action text (JSON keys are strings). */
export type CellActions = Partial<Record<string, string>>;

export interface Targets {
  place?: CellActions;
  restart?: CellActions;
  zig?: CellActions;
  zig_pairs?: { cells: [number, number]; action: string }[];
  /** Cell → {"1": text, "2"?: text}. */
  cube?: Partial<Record<string, Partial<Record<string, string>>>>;
  /** Attacker → {target: text}. */
  attack?: Partial<Record<string, CellActions>>;
  /** Cell → {kind letter: text}. */
  exchange?: Partial<Record<string, Partial<Record<string, string>>>>;
  spare?: { pair: string; action: string }[];
  actions?: Partial<Record<string, string>>;
  alloc?: { cell: number; kind: "add" | "set"; amounts: Partial<Record<string, string>> };
  move?: Partial<Record<string, string>>;
  keep?: string;
  end?: string;
  undo?: boolean;
}

export type UrView = View<Body, Targets>;

export function formatCell(cell: number): string {
  return `(${cell % SIZE},${Math.floor(cell / SIZE)})`;
}

function isKind(v: unknown): v is Kind {
  return typeof v === "string" && (KINDS as readonly string[]).includes(v);
}

/** The body itself when it is a well-formed Ur body, else what is wrong with it. */
export function checkBody(body: unknown): Body | string {
  if (body === null || typeof body !== "object") return "the body is not an object";
  const b = body as Partial<Body>;
  if (!Array.isArray(b.cells) || b.cells.length !== CELLS) return `the body needs ${CELLS} cells`;
  for (const c of b.cells) {
    if (c === null || typeof c !== "object" || !isKind(c.face) || !isKind(c.back) || typeof c.cubes !== "number") return "a cell is malformed";
  }
  for (const key of ["hands", "spares", "supply", "on_grid", "scores"] as const) if (!Array.isArray(b[key])) return `the body lacks '${key}'`;
  if (typeof b.zig_left !== "number" || typeof b.start !== "number" || typeof b.phase !== "string") return "the body lacks the turn's facts";
  if (b.turn === null || typeof b.turn !== "object" || !Array.isArray(b.turn.acts)) return "the body lacks 'turn'";
  return b as Body;
}
