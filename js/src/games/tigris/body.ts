// The Tigris & Euphrates body of the view JSON (``body`` and ``targets``), mirroring
// src/tigris_widget/games/tigris/present/viewjson.py. Squares are ints y*16+x; colours are the rules' names.

import type { Square, View } from "../../core/view";

export const WIDTH = 16;
export const HEIGHT = 11;
export const SQUARES = WIDTH * HEIGHT;

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

export interface Body {
  board: { name: string; river: Square[]; specials: Square[] };
  setup: { players: number; board: string; variants: string[]; options: Record<string, string>; dynasties: Dynasty[] };
  turn: number;
  active: number;
  actions_left: number;
  bag: number;
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
}

/** A Tigris & Euphrates view: the shared envelope with this game's body and targets. */
export type TigrisView = View<Body, Targets>;

/** Narrow a view's body to this game's, or say what is wrong with it. */
export function checkBody(body: unknown): Body | string {
  const b = body as Partial<Body> | null;
  if (!b || typeof b !== "object" || !Array.isArray(b.players) || typeof b.tiles !== "object" || !b.board || !Array.isArray(b.board.river)) {
    return "malformed Tigris & Euphrates position from Python";
  }
  return b as Body;
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
