// The view JSON's envelope (version 3), mirroring src/tigris_widget/core/view.py: what every game's
// view shares, around a ``body`` only that game's drawing reads. Plus the one narrowing check at the
// boundary and the overlay types set from Python. Squares are ints y*cols+x on the game's grid.

export const SCHEMA_VERSION = 3;

export type Square = number;

export interface SeatInfo {
  seat: number;
  /** How people call this seat, e.g. "Archer". */
  name: string;
  /** A CSS colour for the seat, or null when the game gives seats none. */
  colour: string | null;
}

export interface DecisionInfo {
  seat: number;
  kind: string;
  prompt: string;
  /** True when this view may answer the decision now (its seat, or all-seeing, at the latest ply). */
  mine: boolean;
}

export interface HistoryInfo {
  /** The shown ply (actions played before it). */
  ply: number;
  /** The number of actions in the game. */
  length: number;
  /** The shown ply is the latest: only then can anyone act. */
  live: boolean;
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

export interface LastMove {
  ply: number;
  seat: number;
  action: string;
  squares: Square[];
}

/** The whole turn ``last_move`` ends: every square it touched, and whether its player passed. */
export interface LastTurn {
  seat: number;
  /** Its first and last ply. */
  first: number;
  ply: number;
  actions: string[];
  /** Who played each action (another seat answers a conflict within the turn); absent in older views. */
  seats?: number[];
  squares: Square[];
  passed: boolean;
  /** The turn goes on after its last action (its player, or another in a conflict, still has to act). */
  ongoing?: boolean;
}

/** One seat's final standing: place, points, the game's table columns and how the place was decided. */
export interface ResultRow {
  seat: number;
  rank: number;
  score?: number;
  /** ``[label, value]`` pairs in order (e.g. each colour's points and the treasures). */
  columns?: [string, unknown][];
  /** A sentence on what decided this seat's score and place. */
  note?: string;
  [key: string]: unknown;
}

/** One position as a view sees it: the shared envelope; ``B`` is the game's body, ``T`` its targets. */
export interface View<B = unknown, T = unknown> {
  schema_version: number;
  /** The game, which picks the drawing (``games/index.ts``). */
  game: string;
  state_id: string;
  /** The seat this view is for, null for an all-seeing view. */
  viewer: number | null;
  seats: SeatInfo[];
  history: HistoryInfo;
  decision: DecisionInfo | null;
  /** The legal choices with the engine's action text; their grouping is the game's. */
  targets: T;
  last_move: LastMove | null;
  /** Absent in views written before it existed: the last move stands for the turn then. */
  last_turn?: LastTurn | null;
  log: LogEntry[];
  over: boolean;
  result: ResultRow[] | null;
  body: B;
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
  /** A move that was not played, drawn as translucent pieces (a review's better move). */
  ghost?: Ghost | null;
}

/**
 * Pieces a move would put on the board: ``body`` is the position after that move (the same game's
 * view body), and its pieces are drawn, translucent, on ``squares`` only.
 */
export interface Ghost {
  body: unknown;
  squares: Square[];
  /** The dashed frame round each ghost square (default: the theme's selection colour). */
  colour?: string;
}

/** The squares of the last turn (every action of it), or of the last move in an older view. */
export function lastTurnSquares(view: View): Square[] {
  const turn = view.last_turn;
  if (turn && Array.isArray(turn.squares)) return turn.squares;
  return view.last_move ? view.last_move.squares : [];
}

/** The last turn in words, e.g. "Last turn, Archer: tile k (9,1), tile r (11,0)." or "…: passed."; while the
 * turn goes on, "This turn so far, Archer: tile k (9,1)."; "" at the start. */
export function lastTurnText(view: View): string {
  const turn = view.last_turn ?? (view.last_move ? { seat: view.last_move.seat, actions: [view.last_move.action], passed: false } : null);
  if (!turn || !Array.isArray(turn.actions)) return "";
  const name = (seat: number) => view.seats[seat]?.name ?? `seat ${seat}`;
  const by = "seats" in turn && Array.isArray(turn.seats) ? turn.seats : [];
  // another seat's answer within the turn (a defender's commit) is named
  const acts = turn.actions.map((a, i) => (by[i] !== undefined && by[i] !== turn.seat ? `${name(by[i]!)} ${a}` : a)).filter((a) => !(turn.passed && /^pass$/i.test(a)));
  const who = name(turn.seat);
  const parts = [...acts];
  if (turn.passed) parts.push("passed");
  const lead = "ongoing" in turn && turn.ongoing && view.decision !== null ? "This turn so far" : "Last turn";
  return parts.length ? `${lead}, ${who}: ${parts.join(", ")}.` : "";
}

/** Narrow an unknown value from the model to a view envelope, or explain why it is not one. */
export function asView(value: unknown): View | string {
  if (value === null || typeof value !== "object") return "no position yet";
  const v = value as Partial<View>;
  if (v.schema_version !== SCHEMA_VERSION) {
    return `state schema ${String(v.schema_version)} is not the supported ${SCHEMA_VERSION}; reinstall tigris_widget`;
  }
  const h = v.history;
  if (
    typeof v.game !== "string" ||
    typeof v.state_id !== "string" ||
    !Array.isArray(v.seats) ||
    !Array.isArray(v.log) ||
    h === null ||
    typeof h !== "object" ||
    typeof h.ply !== "number" ||
    typeof h.length !== "number" ||
    v.targets === null ||
    typeof v.targets !== "object" ||
    v.body === null ||
    typeof v.body !== "object"
  ) {
    return "malformed state from Python";
  }
  return v as View;
}

/** Per-square heatmap values: a float32 per square (NaN = no value), from the ``heatmap`` bytes trait. */
export function heatmapValues(raw: unknown, squares: number): Float32Array | null {
  let bytes: Uint8Array | null = null;
  if (raw instanceof DataView) bytes = new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
  else if (raw instanceof ArrayBuffer) bytes = new Uint8Array(raw);
  else if (raw instanceof Uint8Array) bytes = raw;
  if (bytes === null || bytes.byteLength !== squares * 4) return null;
  const copy = new Uint8Array(bytes); // aligned copy
  return new Float32Array(copy.buffer);
}
