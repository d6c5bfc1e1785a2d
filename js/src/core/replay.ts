// Stepping through a game with no Python behind the board. The data is packed by
// ``render/replay.py`` (JSON, gzip, base64): the self-contained HTML replay file carries it, and a
// board embeds it in a saved or exported notebook (``BoardWidget(embed_history=True)``).

import type { LogEntry } from "./view";

/** How many plies before and after the shown one the log lists (as the live board's log does). */
const LOG_BEFORE = 12;
const LOG_AFTER = 6;

export interface ReplayData {
  seat: number | null;
  /** The ply shown first. */
  start: number;
  /** The view JSON of every ply, its ``history`` holding only ``ply`` (``length``/``live`` are set here), without the log. */
  views: Record<string, unknown>[];
  /** The whole narrated log, once. */
  log: LogEntry[];
}

/** Base64 → gunzip (the browser's DecompressionStream) → JSON; ``what`` names the data in an error. */
export async function inflate(packed: string, what: string): Promise<unknown> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = Uint8Array.from(atob(packed.trim()), (c) => c.charCodeAt(0));
  } catch {
    throw new Error(`${what} is not base64 text`);
  }
  try {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return JSON.parse(await new Response(stream).text());
  } catch {
    throw new Error(`${what} is not gzip-compressed JSON`);
  }
}

/** Base64 → gunzip → JSON (``inflate``), checked for the replay's shape. */
export async function unpack(packed: string): Promise<ReplayData> {
  const data = await inflate(packed, "the saved history");
  const d = data as Partial<ReplayData> | null;
  if (
    !d ||
    typeof d !== "object" ||
    !Array.isArray(d.views) ||
    d.views.length === 0 ||
    !d.views.every((v) => v !== null && typeof v === "object") ||
    !Array.isArray(d.log) ||
    !Number.isInteger(d.start)
  ) {
    throw new Error("the saved history is not a replay");
  }
  return { seat: d.seat ?? null, start: Math.max(0, Math.min(d.views.length - 1, d.start as number)), views: d.views, log: d.log };
}

/** A game's plies, seen by one seat, as the board's views. */
export class Replay {
  constructor(readonly data: ReplayData) {}

  /** The number of actions (the last ply). */
  get length(): number {
    return this.data.views.length - 1;
  }

  get seat(): number | null {
    return this.data.seat;
  }

  /** The view JSON after ``ply`` actions (clamped), with its place in the history and its log. */
  viewAt(ply: number): Record<string, unknown> {
    const at = Math.max(0, Math.min(this.length, Math.trunc(ply)));
    const log = this.data.log
      .filter((e) => e.ply > at - LOG_BEFORE && e.ply <= at + LOG_AFTER)
      .map((e) => (e.ply > at ? { ...e, future: true } : e));
    return { ...this.data.views[at], history: { ply: at, length: this.length, live: at === this.length }, log };
  }
}
