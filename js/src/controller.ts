// One displayed board: DOM, canvas, model wiring and redraw scheduling. Created by ``render`` for
// each view of the widget (a widget can be shown in several cells); ``destroy`` removes every
// listener and observer it added.

import { describeLast, describePosition, describeSquare } from "./describe";
import { drawBoard } from "./draw/board";
import { drawScene } from "./draw/index";
import { layout, pointToSquare, step, type Layout } from "./geometry";
import { Disposer, keepFromNotebook, listen, localPoint } from "./input";
import { h, renderPanel, type PanelCommand } from "./panel";
import { asView, heatmapValues, type Overlay, type View } from "./schema";
import { currentTheme, watchTheme, type Theme, type ThemeChoice } from "./theme";
import { clickSquare, cycleSwap, initialUi, keyCommand, select, syncUi, targetsFor, type Command, type Intent, type Outcome, type UiState } from "./ui-state";

/** The part of the anywidget model API this front end uses. */
export interface Model {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  save_changes(): void;
  on(event: string, callback: (...args: unknown[]) => void): void;
  off(event: string, callback: (...args: unknown[]) => void): void;
  send(content: unknown, callbacks?: unknown, buffers?: unknown[]): void;
}

/** How long a message to Python may go unanswered before the board says the kernel is not answering. */
const ANSWER_TIMEOUT_MS = 5000;

export class BoardController {
  readonly root: HTMLElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly wrap: HTMLElement;
  private readonly errorBox: HTMLElement;
  private readonly errorText: HTMLElement;
  private readonly caption: HTMLElement;
  private readonly live: HTMLElement;
  private readonly description: HTMLElement;
  private readonly side: HTMLElement;
  private readonly history: HTMLElement;
  private readonly banner: HTMLElement;
  private readonly offlineBox: HTMLElement;
  /** The kernel does not answer (restarted, shut down, or busy): the board is read-only until it does. */
  private offline: "" | "waiting" | "disconnected" = "";
  private watchdog = 0;
  private readonly log: HTMLElement;
  private readonly disposer = new Disposer();
  private view: View | null = null;
  private ui: UiState = initialUi();
  private overlay: Overlay = {};
  private heat: Float32Array | null = null;
  private theme: Theme;
  private geometry: Layout = layout(640, 1);
  private focused = false;
  private frame = 0;
  private localMessage = "";
  private preview: number[] = [];
  private clickedAt = 0;
  private lastAnnounced = "";
  /** The terrain, grid and coordinates drawn once per board side, size and theme. */
  private boardLayer: { key: string; canvas: HTMLCanvasElement } | null = null;

  constructor(private readonly model: Model, host: HTMLElement) {
    // role "application": screen readers pass the board's keys through to it
    this.canvas = h("canvas", { class: "tw-board", tabindex: 0, role: "application", "aria-roledescription": "game board" }) as HTMLCanvasElement;
    this.errorText = h("span", { class: "tw-error-text" });
    const dismiss = h("button", { type: "button", class: "tw-error-close", "aria-label": "Dismiss", text: "×" });
    this.errorBox = h("div", { class: "tw-error", role: "alert", hidden: true }, this.errorText, dismiss);
    this.wrap = h("div", { class: "tw-board-wrap" }, this.canvas);
    const backToLive = h("button", { type: "button", class: "tw-back-live", text: "back to live" });
    this.banner = h("div", { class: "tw-banner", hidden: true, role: "status" }, h("span", { class: "tw-banner-text" }), backToLive);
    this.offlineBox = h("div", { class: "tw-offline-box", role: "alert", hidden: true });
    this.caption = h("div", { class: "tw-caption", hidden: true });
    this.side = h("div", { class: "tw-side" });
    this.history = h("div", { class: "tw-history", role: "toolbar", "aria-label": "History: ← and → step, Home and End jump", tabindex: 0 });
    this.log = h("ol", { class: "tw-log", "aria-label": "Event log" });
    this.live = h("div", { class: "tw-sr", "aria-live": "polite", role: "status" });
    this.description = h("p", { class: "tw-sr" });
    this.description.id = `tw-desc-${Math.random().toString(36).slice(2)}`;
    this.canvas.setAttribute("aria-describedby", this.description.id);
    this.root = h(
      "div",
      { class: "tigris-widget" },
      this.caption,
      this.offlineBox,
      h("div", { class: "tw-main" }, h("div", { class: "tw-board-col" }, this.banner, this.wrap, h("div", { class: "tw-notices" }, this.errorBox)), this.side),
      this.history,
      this.log,
      this.live,
      this.description,
    );
    host.append(this.root);
    this.theme = currentTheme(this.themeChoice(), this.root);
    this.root.dataset.theme = this.theme.dark ? "dark" : "light";

    const d = this.disposer;
    d.add(listen(dismiss, "click", () => this.clearError()));
    d.add(listen(backToLive, "click", () => this.view && this.goto(this.view.length)));
    d.add(this.notebookKeys());
    const onLive = () => this.commLive();
    model.on("comm_live_update", onLive);
    d.add(() => model.off("comm_live_update", onLive));
    const onClose = () => this.setOffline("disconnected");
    model.on("comm:close", onClose);
    d.add(() => model.off("comm:close", onClose));
    const onMsg = (content: unknown) => this.custom(content);
    model.on("msg:custom", onMsg);
    d.add(() => model.off("msg:custom", onMsg));
    d.add(() => clearTimeout(this.watchdog));
    d.add(listen(this.canvas, "pointermove", (ev) => this.hover(ev)));
    d.add(listen(this.canvas, "pointerleave", () => this.setUi({ ...this.ui, hover: -1 })));
    d.add(listen(this.canvas, "click", (ev) => this.click(ev)));
    d.add(listen(this.canvas, "focus", () => this.setFocus(true)));
    d.add(listen(this.canvas, "blur", () => this.setFocus(false)));
    d.add(listen(this.root, "keydown", (ev) => this.key(ev)));
    for (const name of ["view", "error", "overlay", "heatmap", "theme"]) {
      const cb = () => this.pull(name);
      model.on(`change:${name}`, cb);
      d.add(() => model.off(`change:${name}`, cb));
    }
    d.add(watchTheme(() => this.updateTheme()));
    if (typeof ResizeObserver !== "undefined") {
      const ro = new ResizeObserver(() => this.resize());
      ro.observe(this.wrap);
      d.add(() => ro.disconnect());
    }
    d.add(() => cancelAnimationFrame(this.frame));
    d.add(this.watchPixelRatio());
    (this.root as unknown as { tigrisBench: (n: number) => number }).tigrisBench = (n) => this.bench(n);
    for (const name of ["view", "error", "overlay", "heatmap"]) this.pull(name);
    this.resize();
  }

  destroy(): void {
    this.disposer.dispose();
    this.root.remove();
  }

  private themeChoice(): ThemeChoice {
    const t = this.model.get("theme");
    return t === "light" || t === "dark" ? t : "auto";
  }

  private updateTheme(): void {
    this.theme = currentTheme(this.themeChoice(), this.root);
    this.root.dataset.theme = this.theme.dark ? "dark" : "light";
    this.renderDom();
    this.schedule();
  }

  /** Read one trait from the model. */
  private pull(name: string): void {
    if (name === "view" || name === "error") this.answered();
    if (name === "view") {
      const v = asView(this.model.get("view"));
      if (typeof v === "string") {
        this.view = null;
        this.showError(v);
      } else {
        const changed = this.view?.state_id !== v.state_id;
        this.view = v;
        this.ui = syncUi(this.ui, v);
        if (changed) {
          this.localMessage = "";
          this.preview = [];
          this.announce();
        }
      }
      this.renderDom();
      if (this.clickedAt && this.view) {
        // the answer to a click: draw now rather than on the next frame
        cancelAnimationFrame(this.frame);
        this.frame = 0;
        this.draw();
        return;
      }
    } else if (name === "error") {
      this.localMessage = "";
      this.clickedAt = 0; // an answer without a new position
      this.renderError();
    } else if (name === "overlay") {
      const o = this.model.get("overlay");
      this.overlay = o && typeof o === "object" ? (o as Overlay) : {};
      this.caption.textContent = this.overlay.caption ?? "";
      this.caption.hidden = !this.overlay.caption;
    } else if (name === "heatmap") {
      this.heat = heatmapValues(this.model.get("heatmap"));
    } else if (name === "theme") {
      this.updateTheme();
      return;
    }
    this.schedule();
  }

  private announce(): void {
    if (!this.view) return;
    const text = describeLast(this.view);
    if (text && text !== this.lastAnnounced) {
      this.live.textContent = text;
      this.lastAnnounced = text;
    }
  }

  private renderDom(): void {
    if (!this.view) return;
    const t0 = performance.now();
    renderPanel({ side: this.side, history: this.history, log: this.log }, this.view, this.ui, this.theme, (c) => this.command(c));
    const v = this.view;
    this.banner.hidden = v.live;
    this.root.classList.toggle("tw-in-history", !v.live);
    const bannerText = this.banner.querySelector(".tw-banner-text");
    if (bannerText) bannerText.textContent = v.live ? "" : `Move ${v.ply} of ${v.length} — you are looking at the past`;
    if (this.offline) for (const b of this.root.querySelectorAll<HTMLButtonElement | HTMLInputElement>(".tw-side button, .tw-history button, .tw-history input")) b.disabled = true;
    this.description.textContent = describePosition(this.view);
    this.canvas.setAttribute("aria-label", `Tigris & Euphrates board, ${this.view.live ? "current position" : `move ${this.view.ply} of ${this.view.length}`}. Arrow keys move the cursor; k r b g pick a tile, Shift+K R B G a leader, c a catastrophe; Enter plays.`);
    this.renderError();
    this.root.dataset.domMs = (performance.now() - t0).toFixed(2);
  }

  private renderError(): void {
    const err = this.localMessage || String(this.model.get("error") ?? "");
    this.errorText.textContent = err;
    this.errorBox.hidden = !err;
    this.errorBox.classList.toggle("tw-hint", Boolean(this.localMessage));
  }

  private showError(message: string): void {
    this.localMessage = message;
    this.renderError();
  }

  private clearError(): void {
    this.localMessage = "";
    if (this.model.get("error")) {
      this.model.set("error", "");
      this.model.save_changes();
    }
    this.renderError();
  }

  private setUi(ui: UiState, dom = false): void {
    this.ui = ui;
    if (dom) this.renderDom();
    this.schedule();
  }

  private setFocus(on: boolean): void {
    this.focused = on;
    this.schedule();
  }

  private resize(): void {
    const width = this.wrap.clientWidth || 640;
    const dpr = window.devicePixelRatio || 1;
    const next = layout(width, dpr);
    const g = this.geometry;
    if (next.width === g.width && next.dpr === g.dpr && this.canvas.width === Math.round(next.width * next.dpr)) return;
    this.geometry = next;
    this.canvas.width = Math.round(next.width * next.dpr);
    this.canvas.height = Math.round(next.height * next.dpr);
    this.canvas.style.width = `${next.width}px`;
    this.canvas.style.height = `${next.height}px`;
    this.canvas.dataset.layout = JSON.stringify({ left: next.left, top: next.top, cell: next.cell });
    this.schedule();
  }

  /** Re-layout when the device pixel ratio changes (browser zoom, moving to another screen). */
  private watchPixelRatio(): () => void {
    let query: MediaQueryList | null = null;
    const onChange = () => {
      query?.removeEventListener("change", onChange);
      this.resize();
      arm();
    };
    const arm = () => {
      if (typeof matchMedia !== "function") return;
      query = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
      query.addEventListener("change", onChange);
    };
    arm();
    const onResize = () => this.resize(); // zoom also resizes the window
    window.addEventListener("resize", onResize);
    return () => {
      query?.removeEventListener("change", onChange);
      window.removeEventListener("resize", onResize);
    };
  }

  /** Merge redraw requests into one animation frame. */
  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  private draw(): void {
    const ctx = this.canvas.getContext("2d");
    if (!ctx || !this.view) return;
    const t0 = performance.now();
    const layer = this.terrain(this.view);
    drawScene(ctx, { view: this.view, ui: this.ui, overlay: this.previewOverlay(), heat: this.heat, focused: this.focused }, this.geometry, this.theme, layer);
    const t1 = performance.now();
    this.root.dataset.drawMs = (t1 - t0).toFixed(3);
    if (this.root.dataset.ready !== this.view.state_id) {
      if (this.clickedAt) {
        this.root.dataset.latencyMs = (t1 - this.clickedAt).toFixed(1);
        this.clickedAt = 0;
      }
      this.root.dataset.ready = this.view.state_id;
    }
  }

  private terrain(view: View): HTMLCanvasElement | undefined {
    const g = this.geometry;
    const key = `${view.board.name}|${g.width}|${g.height}|${g.dpr}|${this.theme.dark}`;
    if (this.boardLayer?.key === key) return this.boardLayer.canvas;
    const canvas = document.createElement("canvas");
    canvas.width = this.canvas.width;
    canvas.height = this.canvas.height;
    const ctx = canvas.getContext("2d");
    if (!ctx) return undefined;
    ctx.setTransform(g.dpr, 0, 0, g.dpr, 0, 0);
    drawBoard(ctx, view, g, this.theme);
    this.boardLayer = { key, canvas };
    return canvas;
  }

  private previewOverlay(): Overlay {
    if (!this.preview.length) return this.overlay;
    return { ...this.overlay, highlights: [...(this.overlay.highlights ?? []), ...this.preview.map((square) => ({ square, colour: this.theme.selected }))] };
  }

  /** Time ``n`` full redraws (for the performance tests); returns milliseconds per redraw. */
  private bench(n: number): number {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) this.draw();
    return (performance.now() - t0) / n;
  }

  private hover(ev: PointerEvent): void {
    const [x, y] = localPoint(this.canvas, ev);
    const q = pointToSquare(this.geometry, x, y);
    if (q !== this.ui.hover) this.setUi({ ...this.ui, hover: q });
  }

  private click(ev: MouseEvent): void {
    if (!this.view || this.offline) return;
    const [x, y] = localPoint(this.canvas, ev);
    const q = pointToSquare(this.geometry, x, y);
    if (q < 0) return;
    this.apply(clickSquare(this.view, this.ui, q));
  }

  private apply(out: Outcome): void {
    const selectionChanged = JSON.stringify(out.ui.selected) !== JSON.stringify(this.ui.selected);
    this.ui = out.ui;
    this.localMessage = out.message ?? "";
    if (out.intent) this.sendIntent(out.intent);
    if (selectionChanged || out.message !== undefined) this.renderDom();
    this.renderError();
    this.schedule();
  }

  private sendIntent(intent: Intent): void {
    if (!this.view || this.offline === "disconnected") return;
    this.clickedAt = performance.now();
    this.send({ kind: "intent", state_id: this.view.state_id, ...intent });
    this.expectAnswer();
  }

  private goto(ply: number): void {
    if (!this.view || this.offline === "disconnected") return;
    const target = Math.max(0, Math.min(this.view.length, ply));
    if (target !== this.view.ply) {
      this.send({ kind: "goto", ply: target });
      this.expectAnswer();
    }
  }

  // -- the kernel's liveness ----------------------------------------------------------------------

  /** Every message to Python is answered (a new view, an error, or a pong); silence means no kernel. */
  private expectAnswer(): void {
    clearTimeout(this.watchdog);
    this.watchdog = window.setTimeout(() => this.setOffline("waiting"), ANSWER_TIMEOUT_MS);
  }

  private answered(): void {
    clearTimeout(this.watchdog);
    this.watchdog = 0;
    if (this.offline) this.setOffline("");
  }

  /** Jupyter marks the model's comm dead when the kernel restarts or shuts down: ask whether it still answers. */
  private commLive(): void {
    this.setOffline("disconnected");
    this.send({ kind: "ping" });
  }

  /** Send a message to Python; a comm that refuses it (kernel gone) makes the board read-only. */
  private send(content: unknown): void {
    try {
      this.model.send(content);
    } catch {
      this.setOffline("disconnected");
    }
  }

  private custom(content: unknown): void {
    if (content && typeof content === "object" && (content as { kind?: unknown }).kind === "pong") this.answered();
  }

  private setOffline(state: "" | "waiting" | "disconnected"): void {
    if (state === "waiting" && this.offline === "disconnected") return;
    this.offline = state;
    this.root.classList.toggle("tw-is-offline", state !== "");
    this.root.dataset.connection = state || "live";
    this.offlineBox.hidden = state === "";
    this.offlineBox.textContent =
      state === "disconnected"
        ? "Disconnected from the Python kernel (restarted or shut down): this board is read-only. Run its cell again to play on."
        : "The Python kernel is not answering (busy, or restarted?). The board waits for it before taking moves.";
    this.canvas.setAttribute("aria-disabled", String(state !== ""));
    for (const b of this.root.querySelectorAll<HTMLButtonElement | HTMLInputElement>(".tw-side button, .tw-history button, .tw-history input")) {
      if (state) b.disabled = true;
    }
    if (!state) this.renderDom();
    this.schedule();
  }

  /**
   * The board keeps the plain keys it uses from the notebook's shortcuts (``a``, ``b``, ``d d`` would
   * edit the notebook) but lets modified keys through: Shift+Enter and Ctrl/Cmd+Enter run the cell,
   * Ctrl/Cmd+S saves. JupyterLab reads ``data-lm-suppress-shortcuts`` when it handles the key, so the
   * attribute is set for each key before any shortcut handler runs (window, capture phase).
   */
  private notebookKeys(): () => void {
    const onKey = (ev: KeyboardEvent) => {
      const target = ev.target as Node | null;
      if (!target || !this.root.contains(target)) return;
      if (keepFromNotebook(ev) && !(target instanceof HTMLInputElement && ev.key === "Tab")) this.root.setAttribute("data-lm-suppress-shortcuts", "true");
      else this.root.removeAttribute("data-lm-suppress-shortcuts");
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }

  private command(c: PanelCommand | Command): void {
    const view = this.view;
    if (!view) return;
    if (this.offline && c.type !== "cursor" && c.type !== "cancel" && c.type !== "preview") return;
    switch (c.type) {
      case "select":
        this.localMessage = "";
        if (this.ui.swap !== null && c.piece.kind === "tile") this.setUi(cycleSwap(view, this.ui, c.piece.colour), true);
        else this.setUi(select(this.ui, c.piece), true);
        break;
      case "intent":
        this.sendIntent(c.intent);
        this.setUi({ ...this.ui, swap: null, selected: null }, true);
        break;
      case "swap":
        this.setUi(cycleSwap(view, this.ui, c.colour), true);
        break;
      case "swap-mode":
        this.setUi({ ...this.ui, selected: null, swap: c.on ? [0, 0, 0, 0] : null }, true);
        break;
      case "goto":
        this.goto(c.ply);
        break;
      case "preview":
        this.preview = c.squares;
        this.schedule();
        break;
      case "cursor": {
        const cursor = step(this.ui.cursor, c.dx, c.dy);
        this.setUi({ ...this.ui, cursor });
        const legal = targetsFor(view, this.ui.selected).includes(cursor) ? " — a legal square" : "";
        this.live.textContent = describeSquare(view, cursor) + legal;
        break;
      }
      case "activate":
        this.apply(clickSquare(view, this.ui, this.ui.cursor));
        break;
      case "cancel":
        this.localMessage = "";
        this.setUi({ ...this.ui, selected: null, swap: null }, true);
        break;
      case "history":
        this.goto(view.ply + c.delta);
        break;
      case "history-end":
        this.goto(c.end === "start" ? 0 : view.length);
        break;
    }
  }

  private key(ev: KeyboardEvent): void {
    const view = this.view;
    const target = ev.target as HTMLElement | null;
    if (view && target === this.canvas && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
      const c = keyCommand(view, ev.key, ev.shiftKey);
      if (c) {
        ev.preventDefault();
        this.command(c);
      }
    } else if (view && target && this.history.contains(target) && !(target instanceof HTMLInputElement) && !ev.ctrlKey && !ev.metaKey) {
      const map: Record<string, Command> = {
        ArrowLeft: { type: "history", delta: -1 },
        ArrowRight: { type: "history", delta: 1 },
        Home: { type: "history-end", end: "start" },
        End: { type: "history-end", end: "latest" },
      };
      const c = map[ev.key];
      if (c) {
        ev.preventDefault();
        this.command(c);
      }
    }
    if (keepFromNotebook(ev)) ev.stopPropagation();
  }
}
