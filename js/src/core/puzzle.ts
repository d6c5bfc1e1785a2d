// A puzzle's turn judged in advance by Python (``render/puzzle_tree.py``), walked with no kernel: the
// try so far is a path of nodes; each step the player makes is a child of the last one, each verdict
// is the one the Python judge gave. It knows no game and no DOM (the page is ``puzzlepage.ts``).

import { patched } from "./patches";
import { inflate } from "./replay";

/** ``[status, message]``: a step's "good" / "bad" / "unclear", or a whole try's "solved" / "failed". */
export type Judgement = [string, string];

export interface PuzzleNode {
  /** The index of the node's view. */
  v: number;
  /** Actions played from the puzzle's start. */
  ply: number;
  /** The judgement of the step that led here (absent at the start). */
  j?: Judgement;
  /** The whole try's verdict once the turn is over. */
  end?: Judgement;
  /** The player's legal steps here, each to its node (absent where the try stops). */
  c?: Record<string, number>;
}

export interface PuzzleData {
  seat: number;
  title: string;
  who: string;
  goal: string;
  label: string;
  hints: string[];
  explanation: string;
  /** The player's steps of the shipped solution, a path from ``nodes[0]``. */
  solution: string[];
  /** Each view as ``[base, patch]``: the view ``base`` (an earlier one; -1: nothing) patched
   * (``patches.ts``), so that thousands of views that differ by a step each store only the step. */
  views: [number, unknown][];
  nodes: PuzzleNode[];
}

/** Unpack the page's data and check its shape (a broken file says so instead of drawing nothing). */
export async function unpackPuzzle(packed: string): Promise<PuzzleData> {
  const d = (await inflate(packed, "the puzzle's data")) as Partial<PuzzleData> | null;
  const ok =
    d !== null &&
    typeof d === "object" &&
    Array.isArray(d.views) &&
    Array.isArray(d.nodes) &&
    d.nodes.length > 0 &&
    Array.isArray(d.solution) &&
    Array.isArray(d.hints) &&
    d.views.every((w, i) => Array.isArray(w) && w.length === 2 && Number.isInteger(w[0]) && w[0] >= -1 && w[0] < i) &&
    d.nodes.every((n) => n !== null && typeof n === "object" && Number.isInteger(n.v) && n.v >= 0 && n.v < (d.views?.length ?? 0));
  if (!ok) throw new Error("the puzzle's data is not a puzzle tree");
  return d as PuzzleData;
}

/** One try at the puzzle: the path from the start, stepped forward by actions and back by Step back or Retry. */
export class PuzzleSession {
  private path: number[] = [0];
  /** The views made so far from their patches (a view is made once, when first shown). */
  private readonly made = new Map<number, Record<string, unknown>>();

  constructor(readonly data: PuzzleData) {}

  get node(): PuzzleNode {
    return this.nodeAt(this.path[this.path.length - 1] ?? 0);
  }

  get index(): number {
    return this.path[this.path.length - 1] ?? 0;
  }

  /** The number of the player's steps made in this try. */
  get steps(): number {
    return this.path.length - 1;
  }

  view(): Record<string, unknown> {
    return this.viewAt(this.node.v);
  }

  /** View ``i``: its base view (made first, bases come earlier) with its patch applied. */
  viewAt(i: number): Record<string, unknown> {
    const known = this.made.get(i);
    if (known) return known;
    const entry = this.data.views[i];
    if (!entry) throw new Error(`the puzzle's data has no view ${i}`);
    const [base, patch] = entry;
    const view = patched(base < 0 ? {} : this.viewAt(base), patch) as Record<string, unknown>;
    this.made.set(i, view);
    return view;
  }

  /** Make the player's step ``action``: false (nothing changes) when it is no legal step here. */
  play(action: string): boolean {
    const children = this.node.c ?? {};
    if (!Object.prototype.hasOwnProperty.call(children, action)) return false;
    this.path.push(children[action] as number);
    return true;
  }

  /** Take back the last step (and the answers it got). */
  back(): void {
    if (this.path.length > 1) this.path.pop();
  }

  /** Go back to the position after ``ply`` actions of this try (the history bar's goto). */
  backTo(ply: number): void {
    while (this.path.length > 1 && this.node.ply > ply) this.path.pop();
  }

  retry(): void {
    this.path = [0];
  }

  /** The try is over (the turn ended) or stopped (a step judged "bad" or "unclear"). */
  get stopped(): boolean {
    return this.node.c === undefined;
  }

  private nodeAt(i: number): PuzzleNode {
    const n = this.data.nodes[i];
    if (!n) throw new Error(`the puzzle's data has no node ${i}`);
    return n;
  }
}
