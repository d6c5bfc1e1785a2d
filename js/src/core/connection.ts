// The board's link to Python: the model it talks through, the traits it reads from it (and the one it
// clears), and whether Python answers — the kernel's liveness as the board can tell it, from the
// widget manager, the comm's events, and answers to its own messages.

import { isEditMode } from "./edit";
import type { ThemeChoice } from "./theme";
import { asView, type Overlay, type View } from "./view";

/** The part of the anywidget model API this front end uses. */
export interface Model {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  save_changes(): void;
  on(event: string, callback: (...args: unknown[]) => void): void;
  off(event: string, callback: (...args: unknown[]) => void): void;
  send(content: unknown, callbacks?: unknown, buffers?: unknown[]): void;
}

/**
 * The kernel's state as the board sees it: "" live; "waiting" a message went unanswered (busy, or
 * gone?); "disconnected" the kernel restarted or shut down; "none" no kernel at all (a saved or
 * exported notebook, a replay page). Without a kernel the board is read-only, but steps through the
 * game's history by itself when the history came with it (``replay``).
 */
export type Connection = "" | "waiting" | "disconnected" | "none";

/** How long a message to Python may go unanswered before the board says the kernel is not answering. */
const ANSWER_TIMEOUT_MS = 5000;
/** Where the page cannot say whether a kernel is behind the board, how long the first ping may take. */
const FIRST_PING_TIMEOUT_MS = 2000;

/** Tracks the connection of one board's model and reports every change of it to ``changed``. */
export class KernelLink {
  state: Connection = "";
  private watchdog = 0;
  private firstPing = 0;
  private readonly removals: (() => void)[] = [];

  constructor(
    private readonly model: Model,
    private readonly changed: (state: Connection, was: Connection) => void,
  ) {
    this.listen("comm_live_update", () => this.commLive());
    this.listen("comm:close", () => this.set("disconnected"));
    this.listen("msg:custom", (content) => {
      if (content && typeof content === "object" && (content as { kind?: unknown }).kind === "pong") this.answered();
    });
  }

  /**
   * Is a kernel behind this board? JupyterLab's and Notebook's widget managers say so (``kernel``);
   * where the manager has no such notion (an exported page's HTML manager, other front ends), a ping
   * that nobody answers means there is none.
   */
  start(): void {
    const manager = (this.model as { widget_manager?: unknown }).widget_manager;
    if (manager !== null && typeof manager === "object" && "kernel" in manager) {
      if (!(manager as { kernel?: unknown }).kernel) this.set("none");
      return;
    }
    try {
      this.model.send({ kind: "ping" });
    } catch {
      this.set("none");
      return;
    }
    this.firstPing = window.setTimeout(() => this.set("none"), FIRST_PING_TIMEOUT_MS);
  }

  /** Send a message Python answers (an intent, a goto): silence means it is not answering. */
  request(content: unknown): void {
    this.send(content);
    clearTimeout(this.watchdog);
    this.watchdog = window.setTimeout(() => this.set("waiting"), ANSWER_TIMEOUT_MS);
  }

  /** Python answered (a new view, an error, a pong): the kernel is live. */
  answered(): void {
    clearTimeout(this.watchdog);
    clearTimeout(this.firstPing);
    this.watchdog = 0;
    if (this.state) this.set("");
  }

  set(state: Connection): void {
    if (state === "waiting" && (this.state === "disconnected" || this.state === "none")) return;
    const was = this.state;
    this.state = state;
    this.changed(state, was);
  }

  dispose(): void {
    clearTimeout(this.watchdog);
    clearTimeout(this.firstPing);
    while (this.removals.length) this.removals.pop()?.();
  }

  /** Jupyter marks the model's comm dead when the kernel restarts or shuts down: ask whether it still answers. */
  private commLive(): void {
    this.set("disconnected");
    this.send({ kind: "ping" });
  }

  /** Send a message to Python; a comm that refuses it (kernel gone) makes the board read-only. */
  private send(content: unknown): void {
    try {
      this.model.send(content);
    } catch {
      this.set("disconnected");
    }
  }

  private listen(event: string, callback: (...args: unknown[]) => void): void {
    this.model.on(event, callback);
    this.removals.push(() => this.model.off(event, callback));
  }
}

/** The traits Python sets that the board shows. */
export const TRAITS = ["view", "error", "overlay", "heatmap", "theme", "replay"] as const;
export type Trait = (typeof TRAITS)[number];

/** The model's traits as the board reads them, and the one change the board makes itself (clearing the error). */
export class BoardTraits {
  /** Set while the board changes a trait itself, so the change is not taken for the kernel's answer. */
  changingItself = false;

  constructor(private readonly model: Model) {}

  /** Call ``changed`` with the name of each trait Python changes; returns the removal. */
  watch(changed: (name: Trait) => void): () => void {
    const removals = TRAITS.map((name) => {
      const cb = () => changed(name);
      this.model.on(`change:${name}`, cb);
      return () => this.model.off(`change:${name}`, cb);
    });
    return () => {
      for (const remove of removals) remove();
    };
  }

  view(): View | string {
    return asView(this.model.get("view"));
  }

  error(): string {
    return String(this.model.get("error") ?? "");
  }

  overlay(): Overlay {
    const o = this.model.get("overlay");
    return o && typeof o === "object" ? (o as Overlay) : {};
  }

  heatmap(): unknown {
    return this.model.get("heatmap");
  }

  themeChoice(): ThemeChoice {
    const t = this.model.get("theme");
    return t === "light" || t === "dark" ? t : "auto";
  }

  /** Whether this board edits a position: a click on a square is sent as that square (``core/edit.ts``). */
  editMode(): boolean {
    return isEditMode(this.model.get("edit_mode"));
  }

  /** The packed saved history ("" when the board came without one). */
  replay(): string {
    const packed = this.model.get("replay");
    return typeof packed === "string" ? packed : "";
  }

  /** Clear Python's error (the board's own change: not an answer from the kernel). */
  clearError(): void {
    if (!this.model.get("error")) return;
    this.changingItself = true;
    try {
      this.model.set("error", "");
      this.model.save_changes();
    } finally {
      this.changingItself = false;
    }
  }
}
