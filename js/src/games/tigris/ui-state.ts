// UI state (selection, cursor, hover, swap being composed) and pure reducers that turn clicks and
// keys into intents. No rules here: legal targets come from the view, and anything else the user
// tries is sent to Python, whose engine explains why it is illegal.

import type { Command, Outcome } from "../../core/game";
import type { Square } from "../../core/view";
import { COLOURS, LEADER_NAMES, TILE_NAMES, formatSquare, type ColourName, type SquareActions, type TigrisView as View } from "./body";
import { block, cross } from "./geometry";

export type Piece =
  | { kind: "tile"; colour: ColourName }
  | { kind: "leader"; colour: ColourName }
  | { kind: "move"; colour: ColourName }
  | { kind: "catastrophe" }
  | { kind: "building"; colour: ColourName }
  | { kind: "monument"; key: string }
  | { kind: "ziggurat" };

export interface UiState {
  /** The piece picked up, whose legal squares are highlighted. */
  selected: Piece | null;
  /** Keyboard cursor square. */
  cursor: Square;
  /** Square under the mouse, -1 when none. */
  hover: Square;
  /** Tiles chosen for a swap, by colour (k r b g); null when not composing a swap. */
  swap: [number, number, number, number] | null;
  /** The state the selection belongs to; a new state clears it. */
  stateId: string;
}

/**
 * What the board sends to Python (``games.tigris.present.viewjson.intent_action`` reads it): an action text looked
 * up in the targets; a piece put on a square that is no target, which Python writes out so the engine
 * can say which rule forbids it; or the tiles to swap per colour (black, red, blue, green). The board
 * never writes notation itself.
 */
export type Intent = { action: string } | { piece: Piece; square: Square } | { swap: number[] };

export function initialUi(): UiState {
  return { selected: null, cursor: 5 * 16 + 7, hover: -1, swap: null, stateId: "" };
}

/** Keep the cursor, drop the selection when the position changed; pre-select an only choice. */
export function syncUi(ui: UiState, view: View): UiState {
  if (ui.stateId === view.state_id) return ui;
  const next: UiState = { ...ui, selected: null, swap: null, stateId: view.state_id };
  const pieces = selectablePieces(view);
  const kind = view.decision?.kind;
  if ((kind === "building" || kind === "monument") && pieces.length === 1) next.selected = pieces[0] ?? null;
  return next;
}

export function canAct(view: View): boolean {
  return view.history.live && view.decision !== null && view.decision.mine;
}

function byColour<T>(rec: Partial<Record<ColourName, T>> | undefined, colour: ColourName): T | undefined {
  return rec === undefined ? undefined : rec[colour];
}

const NONE: SquareActions = {};

/** The legal squares of a piece with the engine's text of each action (empty when it cannot go anywhere). */
export function actionsFor(view: View, piece: Piece | null): SquareActions {
  if (piece === null || !canAct(view)) return NONE;
  const t = view.targets;
  switch (piece.kind) {
    case "tile":
      return byColour(t.tile, piece.colour) ?? NONE;
    case "leader":
      return byColour(t.leader, piece.colour) ?? NONE;
    case "move":
      return byColour(t.move, piece.colour) ?? NONE;
    case "catastrophe":
      return t.catastrophe ?? NONE;
    case "building":
      return byColour(t.building, piece.colour) ?? NONE;
    case "monument":
      return t.monument?.[piece.key] ?? NONE;
    case "ziggurat":
      return t.ziggurat ?? NONE;
  }
}

/** The legal squares of a piece (empty when it cannot go anywhere). */
export function targetsFor(view: View, piece: Piece | null): Square[] {
  return Object.keys(actionsFor(view, piece)).map(Number);
}

/** The engine's text of playing ``piece`` on ``square``, undefined when that is not a legal target. */
export function actionAt(view: View, piece: Piece | null, square: Square): string | undefined {
  return actionsFor(view, piece)[String(square)];
}

/** Every piece that has at least one legal square now. */
export function selectablePieces(view: View): Piece[] {
  if (!canAct(view)) return [];
  const t = view.targets;
  const out: Piece[] = [];
  const some = (rec: SquareActions | undefined) => rec !== undefined && Object.keys(rec).length > 0;
  for (const c of COLOURS) if (some(byColour(t.tile, c))) out.push({ kind: "tile", colour: c });
  for (const c of COLOURS) if (some(byColour(t.leader, c))) out.push({ kind: "leader", colour: c });
  for (const c of COLOURS) if (some(byColour(t.move, c))) out.push({ kind: "move", colour: c });
  if (some(t.catastrophe)) out.push({ kind: "catastrophe" });
  for (const c of COLOURS) if (some(byColour(t.building, c))) out.push({ kind: "building", colour: c });
  for (const [key, squares] of Object.entries(t.monument ?? {})) if (some(squares)) out.push({ kind: "monument", key });
  if (some(t.ziggurat)) out.push({ kind: "ziggurat" });
  return out;
}

/** Squares covered by playing ``piece`` at ``square`` (monuments cover a 2x2 block, the ziggurat a cross). */
export function footprint(piece: Piece | null, square: Square): Square[] {
  if (piece?.kind === "monument") return block(square);
  if (piece?.kind === "ziggurat") return cross(square);
  return [square];
}

/**
 * The target square meant by pointing at ``square`` with ``piece``: the square itself when it is a
 * target, else the only target whose footprint covers it (any square of a monument's block), else -1.
 */
export function resolveTarget(view: View, piece: Piece | null, square: Square): Square {
  const targets = targetsFor(view, piece);
  if (targets.includes(square)) return square;
  const covering = targets.filter((t) => footprint(piece, t).includes(square));
  return covering.length === 1 ? (covering[0] ?? -1) : -1;
}

export function samePiece(a: Piece | null, b: Piece | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A piece in words, e.g. "temple (red tile)". */
export function describePiece(piece: Piece): string {
  switch (piece.kind) {
    case "tile":
      return `${TILE_NAMES[piece.colour]} (${piece.colour} tile)`;
    case "leader":
      return `${LEADER_NAMES[piece.colour]} (${piece.colour} leader) from the supply`;
    case "move":
      return `${LEADER_NAMES[piece.colour]} (${piece.colour} leader) on the board`;
    case "catastrophe":
      return "catastrophe";
    case "building":
      return `${piece.colour} civilization building`;
    case "monument":
      return `${piece.key.split("-").join("–")} monument`;
    case "ziggurat":
      return "ziggurat";
  }
}

/** The seat whose pieces the view handles now (the decider when it may act). */
export function actingSeat(view: View): number | null {
  return view.decision?.seat ?? view.viewer;
}

/** The colour of the acting seat's leader on ``square``, if any. */
export function ownLeaderAt(view: View, square: Square): ColourName | null {
  const seat = actingSeat(view);
  const p = seat === null ? undefined : view.body.players[seat];
  if (!p) return null;
  for (const c of COLOURS) if (p.leaders[c] === square) return c;
  return null;
}

export function select(ui: UiState, piece: Piece | null): UiState {
  return { ...ui, selected: samePiece(ui.selected, piece) ? null : piece, swap: null };
}

/** A click (or Enter on the cursor) on ``square``. */
export function clickSquare(view: View, ui: UiState, square: Square): Outcome<UiState> {
  const cursorUi = { ...ui, cursor: square };
  if (!view.history.live) return { ui: cursorUi, message: `You are looking at move ${view.history.ply} of ${view.history.length}; go to the latest position to play.` };
  if (view.decision === null) return { ui: cursorUi, message: "The game is over." };
  if (!view.decision.mine) return { ui: cursorUi, message: `Not your decision: ${view.decision.prompt}` };
  const piece = ui.selected;
  if (piece !== null) {
    const target = resolveTarget(view, piece, square);
    const action = target >= 0 ? actionAt(view, piece, target) : undefined;
    if (action !== undefined) return { ui: { ...cursorUi, selected: null }, intent: { action } };
    const leader = ownLeaderAt(view, square);
    if (leader !== null && targetsFor(view, { kind: "move", colour: leader }).length && piece.kind !== "move") {
      return { ui: { ...cursorUi, selected: { kind: "move", colour: leader } } };
    }
    // Not a highlighted square: Python writes the action out and the engine says which rule forbids it.
    return { ui: cursorUi, intent: { piece, square } };
  }
  const leader = ownLeaderAt(view, square);
  if (leader !== null && targetsFor(view, { kind: "move", colour: leader }).length) {
    return { ui: { ...cursorUi, selected: { kind: "move", colour: leader } } };
  }
  const treasures = view.targets.treasures;
  if (treasures) {
    const options = treasures.filter((o) => o.squares.includes(square));
    if (options.length === 1 && options[0]) return { ui: cursorUi, intent: { action: options[0].action } };
    return { ui: cursorUi, message: options.length ? "Several choices take this treasure: use the buttons." : `${formatSquare(square)} is not a treasure you can take.` };
  }
  const hint = view.decision.kind === "action"
    ? "Pick a piece first: a tile from your hand (keys k r b g), a leader (Shift+K/R/B/G) or a catastrophe (c)."
    : view.decision.prompt;
  return { ui: cursorUi, message: hint };
}

/** One more tile of ``colour`` for the swap being composed, back to none after the last one in hand. */
export function cycleSwap(view: View, ui: UiState, colour: ColourName): UiState {
  const seat = actingSeat(view);
  const hand = seat === null ? null : (view.body.players[seat]?.hand ?? null);
  const swap: [number, number, number, number] = ui.swap ? [...ui.swap] : [0, 0, 0, 0];
  const i = COLOURS.indexOf(colour);
  const have = hand ? hand[colour] : 0;
  const next = (swap[i] ?? 0) + 1;
  swap[i] = next > have ? 0 : next;
  return { ...ui, swap, selected: null };
}

/** The swap being composed in words, e.g. "1 settlement, 2 temples" (empty when no tile is chosen). */
export function describeSwap(swap: readonly number[]): string {
  return COLOURS.filter((_, i) => (swap[i] ?? 0) > 0)
    .map((c) => {
      const n = swap[COLOURS.indexOf(c)] ?? 0;
      return `${n} ${TILE_NAMES[c]}${n === 1 ? "" : "s"}`;
    })
    .join(", ");
}

export type TigrisCommand = Command<UiState, View>;

/** Pick up ``piece`` (while composing a swap, a tile adds one of its colour to the swap instead). */
export function selectCommand(piece: Piece): TigrisCommand {
  return {
    type: "update",
    update: (ui, view) => (ui.swap !== null && piece.kind === "tile" ? cycleSwap(view, ui, piece.colour) : select(ui, piece)),
  };
}

/** Nothing picked up and no swap being composed. */
export function cancelUi(ui: UiState): UiState {
  return { ...ui, selected: null, swap: null };
}

const CODE_COLOURS: Record<string, ColourName> = { k: "black", r: "red", b: "blue", g: "green" };

/**
 * The command of a key pressed on the board, or null when the key is not ours (it then goes on to
 * the page). Tiles: k r b g; leaders: Shift+K/R/B/G (from the supply, or the one on the board);
 * catastrophe: c; arrows move the cursor; Enter/Space plays; Escape drops the selection;
 * , and . (or PageUp/PageDown) step through the history, Home/End jump.
 */
export function keyCommand(view: View, key: string, shift: boolean): TigrisCommand | null {
  const lower = key.toLowerCase();
  const colour = CODE_COLOURS[lower];
  if (colour !== undefined) {
    if (!shift) return selectCommand({ kind: "tile", colour });
    const leaderTargets = targetsFor(view, { kind: "leader", colour });
    return selectCommand(leaderTargets.length ? { kind: "leader", colour } : { kind: "move", colour });
  }
  switch (key) {
    case "c":
    case "C":
      return selectCommand({ kind: "catastrophe" });
    case "ArrowLeft":
      return { type: "cursor", dx: -1, dy: 0 };
    case "ArrowRight":
      return { type: "cursor", dx: 1, dy: 0 };
    case "ArrowUp":
      return { type: "cursor", dx: 0, dy: -1 };
    case "ArrowDown":
      return { type: "cursor", dx: 0, dy: 1 };
    case "Enter":
      return shift ? null : { type: "activate" }; // Shift+Enter stays the notebook's "run cell"
    case " ":
      return { type: "activate" };
    case "Escape":
      return { type: "cancel" };
    case ",":
    case "PageUp":
      return { type: "history", delta: -1 };
    case ".":
    case "PageDown":
      return { type: "history", delta: 1 };
    case "Home":
      return { type: "history-end", end: "start" };
    case "End":
      return { type: "history-end", end: "latest" };
    default:
      return null;
  }
}
