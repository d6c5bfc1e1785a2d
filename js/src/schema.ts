// Types mirroring src/tigris_widget/render/viewjson.py (schema_version 2), plus one narrowing check.
// Squares are ints y*16+x; colours are the rules' names.

export const SCHEMA_VERSION = 2;
export const WIDTH = 16;
export const HEIGHT = 11;
export const SQUARES = WIDTH * HEIGHT;

export type Square = number;
export type ColourName = "black" | "red" | "blue" | "green";
export const COLOURS: readonly ColourName[] = ["black", "red", "blue", "green"];
export const TILE_NAMES: Record<ColourName, string> = {
  black: "settlement",
  red: "temple",
  blue: "farm",
  green: "market",
};
export const LEADER_NAMES: Record<ColourName, string> = {
  black: "king",
  red: "priest",
  blue: "farmer",
  green: "trader",
};
export type Dynasty = "archer" | "bull" | "pot" | "lion";

export type PerColour<T> = Record<ColourName, T>;

export interface Player {
  seat: number;
  dynasty: Dynasty;
  /** Tiles in hand by colour; null when this view may not see them. */
  hand: PerColour<number> | null;
  hand_size: number;
  /** VP by colour; null when scores are hidden from this view. */
  vp: PerColour<number> | null;
  treasures: number | null;
  catastrophes: number;
  /** Square of each leader, -1 while in the supply. */
  leaders: PerColour<Square>;
  discarded: number;
}

export interface Monument {
  colours: [ColourName, ColourName];
  /** Top-left square, -1 while in the supply. */
  square: Square;
}

export interface DecisionInfo {
  seat: number;
  kind: string;
  prompt: string;
  /** True when this view may answer the decision now (its seat, or all-seeing, at the latest ply). */
  mine: boolean;
}

/**
 * Legal actions on squares: the square (a JSON object key, so a string of digits) → the engine's action
 * text, e.g. ``{"69": "tile r (5,4)"}``.
 */
export type SquareActions = Record<string, string>;

/** A treasure choice: the squares taken, and the action text. */
export interface TreasureChoice {
  squares: Square[];
  action: string;
}

/**
 * The legal choices grouped by the piece the player picks, each carrying the action text the engine
 * produced (the front end never writes notation: it looks texts up here and sends them back); only
 * present when ``decision.mine``.
 */
export interface Targets {
  tile?: Partial<PerColour<SquareActions>>;
  leader?: Partial<PerColour<SquareActions>>;
  move?: Partial<PerColour<SquareActions>>;
  withdraw?: Partial<PerColour<string>>;
  catastrophe?: SquareActions;
  /** Any choice of tiles from the hand may be swapped: send ``{swap: [black, red, blue, green]}``. */
  swap?: boolean;
  pass?: string;
  /** Number of tiles → action text. */
  commit?: Record<string, string>;
  war?: Partial<PerColour<string>>;
  /** With ``war``: each colour's two leaders in the united kingdom (who would fight that war). */
  war_leaders?: Partial<PerColour<Square[]>>;
  building?: Partial<PerColour<SquareActions>>;
  /** Keyed by the monument's colour names, e.g. "red-green"; squares are top-left corners. */
  monument?: Record<string, SquareActions>;
  ziggurat?: SquareActions;
  decline?: string;
  treasures?: TreasureChoice[];
  bonus?: Partial<PerColour<string>>;
}

export interface LogEvent {
  kind: string;
  rule: string;
  /** The rule code with its section title in the rules reference, e.g. "§8.6 What the revolt changes". */
  section?: string;
  text: string;
}

export interface LogEntry {
  ply: number;
  seat: number;
  action: string;
  events: LogEvent[];
  /** True for plies after the shown one (the log goes on past a position looked at in the history). */
  future?: boolean;
}

export interface LastAction {
  ply: number;
  seat: number;
  action: string;
  squares: Square[];
}

/** The revolt or war being resolved (public facts only). */
export interface Conflict {
  kind: "revolt" | "war";
  colour: ColourName;
  attacker: number;
  defender: number;
  attacker_square: Square;
  defender_square: Square;
  attacker_strength: number;
  defender_strength: number;
  /** Tiles the attacker committed, null until he has. */
  attacker_commit: number | null;
}

export interface ResultRow {
  seat: number;
  rank: number;
  [key: string]: unknown;
}

export interface View {
  schema_version: number;
  state_id: string;
  seat: number | null;
  ply: number;
  length: number;
  live: boolean;
  board: { name: string; river: Square[]; specials: Square[] };
  setup: { players: number; board: string; variants: string[]; options: Record<string, string>; dynasties: Dynasty[] };
  turn: number;
  active: number;
  actions_left: number;
  bag: number;
  over: boolean;
  result: ResultRow[] | null;
  tiles: PerColour<Square[]>;
  face_down: Square[];
  catastrophes: Square[];
  treasures: Square[];
  ziggurat: Square[];
  tower: Square;
  monuments: Monument[];
  buildings: PerColour<Square>;
  marker: Square;
  conflict: Conflict | null;
  players: Player[];
  out_of_game: PerColour<number>;
  decision: DecisionInfo | null;
  targets: Targets;
  last: LastAction | null;
  log: LogEntry[];
}

export interface Highlight {
  square: Square;
  colour?: string;
}
export interface Arrow {
  from: Square;
  to: Square;
  colour?: string;
}
export interface Label {
  square: Square;
  text: string;
}
/** Teaching and analysis overlays set from Python (``BoardWidget.highlight`` etc.). */
export interface Overlay {
  highlights?: Highlight[];
  arrows?: Arrow[];
  labels?: Label[];
  caption?: string;
  heatmap_range?: [number, number] | null;
}

/** Narrow an unknown value from the model to a View, or explain why it is not one. */
export function asView(value: unknown): View | string {
  if (value === null || typeof value !== "object") return "no position yet";
  const v = value as Partial<View>;
  if (v.schema_version !== SCHEMA_VERSION) {
    return `state schema ${String(v.schema_version)} is not the supported ${SCHEMA_VERSION}; reinstall tigris_widget`;
  }
  if (typeof v.state_id !== "string" || !Array.isArray(v.players) || typeof v.tiles !== "object") {
    return "malformed state from Python";
  }
  return v as View;
}

export function xOf(square: Square): number {
  return square % WIDTH;
}
export function yOf(square: Square): number {
  return Math.floor(square / WIDTH);
}
export function formatSquare(square: Square): string {
  return `(${xOf(square)},${yOf(square)})`;
}

/** Per-square heatmap values: a float32 per square (NaN = no value), from the ``heatmap`` bytes trait. */
export function heatmapValues(raw: unknown): Float32Array | null {
  let bytes: Uint8Array | null = null;
  if (raw instanceof DataView) bytes = new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
  else if (raw instanceof ArrayBuffer) bytes = new Uint8Array(raw);
  else if (raw instanceof Uint8Array) bytes = raw;
  if (bytes === null || bytes.byteLength !== SQUARES * 4) return null;
  const copy = new Uint8Array(bytes); // aligned copy
  return new Float32Array(copy.buffer);
}
