// The seam between the shared board and a game's drawing. The controller (core/controller.ts) owns
// the DOM, the model, the history and the connection; a ``GameDrawing`` draws one game's body and
// turns clicks and keys on it into intents. Games are handed to the board at start-up as a registry
// (``js/src/games/index.ts``), so the core never imports a game.

import type { Ctx, Layout } from "./geometry";
import type { HeatStyle } from "./overlays";
import type { CorePalette, Palettes, Theme } from "./theme";
import type { Overlay, Square, View } from "./view";

/** The part of a game's UI state the shared board reads and writes: the keyboard cursor and the pointer. */
export interface PointerUi {
  /** Keyboard cursor square. */
  cursor: Square;
  /** Square under the mouse, -1 when none. */
  hover: Square;
}

/**
 * What the board sends to Python besides ``kind`` and ``state_id``: an action text looked up in the
 * targets, or a game's own form (its presenter reads it strictly). The board never writes notation.
 */
export type Intent = { action: string } | Record<string, unknown>;

/** What a click, a key or a panel control asks the board to do. */
export type Command<U = PointerUi, V = View> =
  /** A change of the game's UI state (picking a piece, composing a swap); ``update`` gets the current one. */
  | { type: "update"; update: (ui: U, view: V) => U }
  | { type: "intent"; intent: Intent }
  | { type: "goto"; ply: number }
  /** Frame these squares while a control that concerns them has the pointer or the focus. */
  | { type: "preview"; squares: Square[] }
  | { type: "cursor"; dx: number; dy: number }
  | { type: "activate" }
  | { type: "cancel" }
  | { type: "history"; delta: number }
  | { type: "history-end"; end: "start" | "latest" };

export interface Outcome<U> {
  ui: U;
  /** What to send to Python. */
  intent?: Intent;
  /** A message for the user (why nothing was sent). */
  message?: string;
}

/** Everything one redraw needs. */
export interface Scene<V = View, U extends PointerUi = PointerUi> {
  view: V;
  ui: U;
  overlay: Overlay;
  heat: Float32Array | null;
  focused: boolean;
}

/** The game's part of the side panel: a status line (above the prompt) and its controls (below it). */
export interface PanelParts {
  status: string;
  body: Node[];
}

/**
 * One game's drawing. ``B``/``T`` are its view body and targets, ``U`` its UI state, ``P`` its palette.
 * The board draws, in order: terrain (cached per ``terrainKey``), heatmap, last-move tint, pieces,
 * ``drawUnder`` (legal targets), the last move's frame, ``drawOver`` (marks above it), Python's
 * overlays, the frame of ``hovered`` squares, the keyboard cursor.
 */
export interface GameDrawing<B, T, U extends PointerUi, P extends CorePalette> {
  /** The ``game`` field of the views this draws. */
  readonly game: string;
  /** The board's name for people and screen readers ("Tigris & Euphrates"). */
  readonly title: string;
  /** The keys the board takes, for screen readers. */
  readonly keysHelp: string;
  readonly palettes: Palettes<P>;
  /** How the heatmap is drawn: ``fill`` (the default) or ``frame`` (what stands on a square stays readable). */
  readonly heat?: HeatStyle;
  /** Null when ``view``'s body is one this drawing can draw, else what is wrong with it. */
  checkBody(body: unknown): string | null;
  layout(width: number, dpr: number): Layout;
  /** The terrain depends only on this (with the layout and theme): drawn once, then copied. */
  terrainKey(view: View<B, T>): string;
  drawTerrain(ctx: Ctx, view: View<B, T>, l: Layout, theme: Theme<P>): void;
  drawPieces(ctx: Ctx, view: View<B, T>, l: Layout, theme: Theme<P>): void;
  drawUnder(ctx: Ctx, scene: Scene<View<B, T>, U>, l: Layout, theme: Theme<P>): void;
  drawOver(ctx: Ctx, scene: Scene<View<B, T>, U>, l: Layout, theme: Theme<P>): void;
  /** The squares framed under the pointer (e.g. a whole monument's block), none when nothing is pointed at. */
  hovered(view: View<B, T>, ui: U): Square[];
  initialUi(): U;
  /** The UI state for a new view (a new position drops the selection). */
  syncUi(ui: U, view: View<B, T>): U;
  /** The UI state with nothing picked up (Escape, or after an intent sent from the panel). */
  cancel(ui: U): U;
  /** A click (or Enter on the cursor) on ``square``. */
  click(view: View<B, T>, ui: U, square: Square): Outcome<U>;
  /** The command of a key pressed on the board, or null when the key is not this game's. */
  key(view: View<B, T>, key: string, shift: boolean): Command<U, View<B, T>> | null;
  /** The whole position in words (screen readers). */
  describePosition(view: View<B, T>): string;
  /** The cursor's square in words, saying whether the picked-up piece may go there. */
  describeSquare(view: View<B, T>, ui: U, square: Square): string;
  panel(view: View<B, T>, ui: U, theme: Theme<P>, dispatch: (c: Command<U, View<B, T>>) => void): PanelParts;
}

/** A game of any body, as the registry holds it (each game checks its own body: ``checkBody``). */
export type AnyGame = GameDrawing<any, any, any, any>;

/** ``view.game`` → its drawing. */
export type GameRegistry = Readonly<Record<string, AnyGame>>;
