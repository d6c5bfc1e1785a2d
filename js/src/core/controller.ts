// One displayed board: DOM, canvas, model wiring and redraw scheduling. Created by ``render`` for
// each view of the widget (a widget can be shown in several cells); ``destroy`` removes every
// listener and observer it added. It knows no game: the view's ``game`` picks a drawing from the
// registry handed to it (``games/index.ts``), which draws the body and reads clicks and keys on it.

import { KernelLink, type Connection, type Model } from "./connection";
import { describeLast } from "./describe";
import type { AnyGame, Command, GameRegistry, Intent, Outcome, PointerUi } from "./game";
import { gridLayout, pointToSquare, step, type GridSpec, type Layout } from "./geometry";
import { Disposer, keepFromNotebook, listen, localPoint } from "./input";
import { heatLegend } from "./overlays";
import { h, renderPanel, scrollLogToCurrent, standingsTable } from "./panel";
import { Replay, unpack } from "./replay";
import { drawScene } from "./scene";
import { NEUTRAL, currentTheme, watchTheme, type Theme, type ThemeChoice } from "./theme";
import { asView, heatmapValues, type Overlay, type View } from "./view";

export type { Model } from "./connection";

export interface BoardOptions {
  /** A replay page: the board shows this game with no kernel and no notice (the page explains itself). */
  replay?: Replay;
}

/** The grid of a board with nothing to draw yet (no position, or a game it cannot draw). */
const EMPTY_GRID: GridSpec = { cols: 8, rows: 8, margin: 0.6, minCell: 28, maxCell: 64 };

export class BoardController {
  readonly root: HTMLElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly wrap: HTMLElement;
  private readonly errorBox: HTMLElement;
  private readonly errorText: HTMLElement;
  private readonly caption: HTMLElement;
  private readonly legend: HTMLElement;
  private readonly live: HTMLElement;
  private readonly description: HTMLElement;
  private readonly side: HTMLElement;
  private readonly history: HTMLElement;
  private readonly banner: HTMLElement;
  private readonly offlineBox: HTMLElement;
  /** The final standings over the board at the end of the game (closable: the board stays to be seen). */
  private readonly finalCard: HTMLElement;
  private finalClosed = "";
  /** Whether Python answers: without it (restarted, shut down, busy, or none at all) the board is read-only. */
  private readonly link: KernelLink;
  /** Set while the board changes a trait itself, so the change is not taken for the kernel's answer. */
  private ownChange = false;
  /** The game's history for stepping without a kernel, once unpacked from the ``replay`` trait. */
  private replay: Replay | null = null;
  private replaySource = "";
  /** The shown view comes from ``replay`` rather than from the model. */
  private local = false;
  private readonly standalone: boolean;
  private readonly log: HTMLElement;
  private readonly disposer = new Disposer();
  private view: View | null = null;
  /** The drawing of the shown view's game. */
  private game: AnyGame | null = null;
  /** Why the view from Python cannot be drawn (a game this bundle has no drawing for); shown until a good view comes. */
  private viewProblem = "";
  private ui: PointerUi = { cursor: 0, hover: -1 };
  private overlay: Overlay = {};
  private heatRaw: unknown = null;
  private heat: Float32Array | null = null;
  private theme: Theme;
  private geometry: Layout = gridLayout(EMPTY_GRID, 640, 1);
  private focused = false;
  private frame = 0;
  private localMessage = "";
  private preview: number[] = [];
  private clickedAt = 0;
  private lastAnnounced = "";
  /** The terrain, grid and coordinates drawn once per board side, size and theme. */
  private boardLayer: { key: string; canvas: HTMLCanvasElement } | null = null;

  constructor(
    private readonly model: Model,
    host: HTMLElement,
    private readonly games: GameRegistry,
    options: BoardOptions = {},
  ) {
    // role "application": screen readers pass the board's keys through to it
    this.canvas = h("canvas", { class: "tw-board", tabindex: 0, role: "application", "aria-roledescription": "game board" }) as HTMLCanvasElement;
    this.errorText = h("span", { class: "tw-error-text" });
    const dismiss = h("button", { type: "button", class: "tw-error-close", "aria-label": "Dismiss", text: "×" });
    this.errorBox = h("div", { class: "tw-error", role: "alert", hidden: true }, this.errorText, dismiss);
    this.finalCard = h("div", { class: "tw-final-card", role: "dialog", "aria-label": "Final standings", hidden: true });
    this.wrap = h("div", { class: "tw-board-wrap" }, this.canvas, this.finalCard);
    const backToLive = h("button", { type: "button", class: "tw-back-live", text: "back to live" });
    this.banner = h("div", { class: "tw-banner", hidden: true, role: "status" }, h("span", { class: "tw-banner-text" }), backToLive);
    this.offlineBox = h("div", { class: "tw-offline-box", role: "alert", hidden: true });
    this.caption = h("div", { class: "tw-caption", hidden: true });
    this.legend = h("div", { class: "tw-legend", hidden: true });
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
      h("div", { class: "tw-main" }, h("div", { class: "tw-board-col" }, this.banner, this.legend, this.wrap, h("div", { class: "tw-notices" }, this.errorBox)), this.side),
      this.history,
      this.log,
      this.live,
      this.description,
    );
    host.append(this.root);
    this.theme = currentTheme(this.themeChoice(), this.root, NEUTRAL);
    this.markTheme();

    const d = this.disposer;
    d.add(listen(dismiss, "click", () => this.clearError()));
    d.add(listen(backToLive, "click", () => this.view && this.goto(this.view.history.length)));
    d.add(this.notebookKeys());
    this.link = new KernelLink(model, (state, was) => this.connectionChanged(state, was));
    d.add(() => this.link.dispose());
    d.add(listen(this.canvas, "pointermove", (ev) => this.hover(ev)));
    d.add(
      listen(this.canvas, "pointerleave", () => {
        this.setUi({ ...this.ui, hover: -1 });
        this.tooltip(-1);
      }),
    );
    d.add(listen(this.canvas, "click", (ev) => this.click(ev)));
    d.add(listen(this.canvas, "focus", () => this.setFocus(true)));
    d.add(listen(this.canvas, "blur", () => this.setFocus(false)));
    d.add(listen(this.root, "keydown", (ev) => this.key(ev)));
    for (const name of ["view", "error", "overlay", "heatmap", "theme", "replay"]) {
      const cb = () => this.pull(name);
      model.on(`change:${name}`, cb);
      d.add(() => model.off(`change:${name}`, cb));
    }
    d.add(watchTheme(() => this.updateTheme()));
    if (typeof ResizeObserver !== "undefined") {
      const ro = new ResizeObserver(() => this.resize());
      ro.observe(this.wrap);
      // a board drawn before it was in the page scrolls its log once the log has a size
      const logRo = new ResizeObserver(() => scrollLogToCurrent(this.log));
      logRo.observe(this.log);
      d.add(() => {
        ro.disconnect();
        logRo.disconnect();
      });
    }
    d.add(() => cancelAnimationFrame(this.frame));
    d.add(this.watchPixelRatio());
    (this.root as unknown as { tigrisBench: (n: number) => number }).tigrisBench = (n) => this.bench(n);
    for (const name of ["view", "error", "overlay", "heatmap"]) this.pull(name);
    this.resize();
    this.standalone = options.replay !== undefined;
    if (options.replay) {
      this.replay = options.replay;
      this.link.set("none");
    } else {
      this.link.start();
    }
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
    this.theme = currentTheme(this.themeChoice(), this.root, this.game?.palettes ?? NEUTRAL);
    this.markTheme();
    this.renderDom();
    this.schedule();
  }

  /**
   * The page's colours are the notebook's; a theme chosen from Python that differs from them gives the
   * board its own colours (``tw-own-colours``), so its panel and log never sit dark-on-dark or light-on-light.
   */
  private markTheme(): void {
    this.root.dataset.theme = this.theme.dark ? "dark" : "light";
    this.root.classList.toggle("tw-own-colours", this.themeChoice() !== "auto");
    this.root.style.setProperty("--tw-last", this.theme.last); // the log marks the last turn as the board does
  }

  /** Read one trait from the model. */
  private pull(name: string): void {
    if ((name === "view" || name === "error") && !this.ownChange) this.link.answered();
    if (name === "replay") {
      this.loadReplay();
      return;
    }
    if (name === "view") {
      this.local = false;
      const v = asView(this.model.get("view"));
      const game = typeof v === "string" ? null : this.gameFor(v);
      if (typeof v === "string") {
        this.view = null;
        this.showError(v);
      } else if (typeof game === "string" || game === null) {
        this.view = null;
        this.setGame(null);
        this.viewProblem = game ?? "";
        this.renderError();
      } else {
        const changed = this.view?.state_id !== v.state_id;
        this.setGame(game);
        this.view = v;
        this.ui = game.syncUi(this.ui, v);
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
      this.renderCaption();
    } else if (name === "heatmap") {
      this.heatRaw = this.model.get("heatmap");
      this.heat = this.heatValues();
      this.renderCaption();
    } else if (name === "theme") {
      this.updateTheme();
      return;
    }
    this.schedule();
  }

  /** The drawing for ``view``'s game, or why there is none. */
  private gameFor(view: View): AnyGame | string {
    const game = Object.prototype.hasOwnProperty.call(this.games, view.game) ? this.games[view.game] : undefined;
    if (!game) {
      const known = Object.keys(this.games).join(", ");
      return `This board cannot draw a game of "${view.game}": this version of tigris_widget draws ${known}. Update tigris_widget (and restart the kernel) to see it.`;
    }
    const problem = game.checkBody(view.body);
    return problem === null ? game : `The ${game.title} position from Python cannot be drawn: ${problem}.`;
  }

  /** Switch to the drawing of another game (or to none): its UI state, palettes, layout and terrain. */
  private setGame(game: AnyGame | null): void {
    this.viewProblem = "";
    if (game === this.game) return;
    this.game = game;
    this.ui = game ? game.initialUi() : { cursor: 0, hover: -1 };
    this.boardLayer = null;
    this.heat = this.heatValues();
    this.theme = currentTheme(this.themeChoice(), this.root, game?.palettes ?? NEUTRAL);
    this.markTheme();
    this.root.dataset.game = game?.game ?? "";
    this.resize();
    if (!game) {
      // nothing to draw: clear what an earlier view left on the canvas and in the panel
      for (const el of [this.side, this.history, this.log]) el.replaceChildren();
      const ctx = this.canvas.getContext("2d");
      ctx?.setTransform(1, 0, 0, 1, 0, 0);
      ctx?.clearRect(0, 0, this.canvas.width, this.canvas.height);
    }
  }

  private heatValues(): Float32Array | null {
    return this.heatRaw === null ? null : heatmapValues(this.heatRaw, this.geometry.cols * this.geometry.rows);
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
    const v = this.view;
    const game = this.game;
    if (!v || !game) return;
    const t0 = performance.now();
    const parts = game.panel(v, this.ui, this.theme, (c: Command) => this.command(c));
    renderPanel({ side: this.side, history: this.history, log: this.log }, v, parts, (ply) => this.command({ type: "goto", ply }));
    const { ply, length, live } = v.history;
    this.banner.hidden = live;
    this.root.classList.toggle("tw-in-history", !live);
    const bannerText = this.banner.querySelector(".tw-banner-text");
    if (bannerText) bannerText.textContent = live ? "" : `Move ${ply} of ${length} — you are looking at the past`;
    this.lockControls();
    this.renderCaption();
    this.renderFinal(v);
    this.description.textContent = game.describePosition(v);
    this.canvas.setAttribute("aria-label", `${game.title} board, ${live ? "current position" : `move ${ply} of ${length}`}. ${game.keysHelp}`);
    this.renderError();
    this.root.dataset.domMs = (performance.now() - t0).toFixed(2);
  }

  /** The standings over the board when the game is over (at the latest move, until closed for this position). */
  private renderFinal(v: View): void {
    const table = v.over && v.history.live && this.finalClosed !== v.state_id ? standingsTable(v) : null;
    this.finalCard.hidden = !table;
    this.root.classList.toggle("tw-final-shown", Boolean(table));
    if (!table) {
      this.finalCard.replaceChildren();
      return;
    }
    const close = h("button", { type: "button", class: "tw-final-close", "aria-label": "Close the standings to see the board", text: "×" });
    close.addEventListener("click", () => {
      this.finalClosed = v.state_id;
      this.renderFinal(v);
      this.canvas.focus();
    });
    this.finalCard.replaceChildren(close, h("div", { class: "tw-final-title", text: "Game over" }), table);
  }

  private renderError(): void {
    const err = this.viewProblem || this.localMessage || String(this.model.get("error") ?? "");
    this.errorText.textContent = err;
    this.errorBox.hidden = !err;
    this.errorBox.classList.toggle("tw-hint", !this.viewProblem && Boolean(this.localMessage));
  }

  private showError(message: string): void {
    this.localMessage = message;
    this.renderError();
  }

  private clearError(): void {
    this.localMessage = "";
    if (this.model.get("error")) {
      this.ownChange = true;
      try {
        this.model.set("error", "");
        this.model.save_changes();
      } finally {
        this.ownChange = false;
      }
    }
    this.renderError();
  }

  private setUi(ui: PointerUi, dom = false): void {
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
    const next = this.game ? this.game.layout(width, dpr) : gridLayout(EMPTY_GRID, width, dpr);
    const g = this.geometry;
    const same = next.width === g.width && next.dpr === g.dpr && next.cols === g.cols && next.rows === g.rows;
    if (same && this.canvas.width === Math.round(next.width * next.dpr)) return;
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
    const game = this.game;
    if (!ctx || !this.view || !game) return;
    const t0 = performance.now();
    const layer = this.terrain(game, this.view);
    const own = this.overlayShown();
    drawScene(ctx, game, { view: this.view, ui: this.ui, overlay: this.previewOverlay(), heat: own ? this.heat : null, focused: this.focused }, this.geometry, this.theme, layer);
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

  private terrain(game: AnyGame, view: View): HTMLCanvasElement | undefined {
    const g = this.geometry;
    const key = `${game.game}|${game.terrainKey(view)}|${g.width}|${g.height}|${g.dpr}|${this.theme.dark}`;
    if (this.boardLayer?.key === key) return this.boardLayer.canvas;
    const canvas = document.createElement("canvas");
    canvas.width = this.canvas.width;
    canvas.height = this.canvas.height;
    const ctx = canvas.getContext("2d");
    if (!ctx) return undefined;
    ctx.setTransform(g.dpr, 0, 0, g.dpr, 0, 0);
    game.drawTerrain(ctx, view, g, this.theme);
    this.boardLayer = { key, canvas };
    return canvas;
  }

  private previewOverlay(): Overlay {
    const overlay = this.overlayShown() ? this.overlay : {};
    if (!this.preview.length) return overlay;
    return { ...overlay, highlights: [...(overlay.highlights ?? []), ...this.preview.map((square) => ({ square, colour: this.theme.selected }))] };
  }

  /** Python's overlays belong to the position Python showed: stepping through a saved history hides them elsewhere. */
  private overlayShown(): boolean {
    if (!this.local || !this.view) return true;
    const saved = asView(this.model.get("view"));
    return typeof saved !== "string" && saved.history.ply === this.view.history.ply;
  }

  private renderCaption(): void {
    const shown = this.overlayShown();
    this.caption.hidden = !this.overlay.caption || !shown;
    const parts = shown ? heatLegend(this.heat, this.overlay, this.theme.dark) : null;
    this.legend.hidden = !parts;
    if (!parts) return;
    this.legend.replaceChildren(
      h("span", { class: "tw-legend-title", text: parts.title }),
      h("span", { class: "tw-legend-scale" }, h("span", { text: parts.low }), h("span", { class: "tw-legend-bar", style: `background: ${parts.gradient}`, "aria-hidden": "true" }), h("span", { text: parts.high })),
    );
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
    if (q === this.ui.hover) return;
    this.setUi({ ...this.ui, hover: q });
    this.tooltip(q);
  }

  /** The square under the pointer in words as the canvas's tooltip: what stands there, whose, and where,
   * and the whole text of its labels (a small board cuts them short). */
  private tooltip(q: number): void {
    const said = q >= 0 && this.view && this.game ? this.game.describeSquare(this.view, this.ui, q) : "";
    const labels = q >= 0 ? (this.overlay.labels ?? []).filter((lab) => lab.square === q).map((lab) => lab.text) : [];
    const text = [said, ...labels.map((lab) => `label: ${lab}`)].filter(Boolean).join(" — ");
    if (text) this.canvas.title = text;
    else this.canvas.removeAttribute("title");
  }

  private click(ev: MouseEvent): void {
    if (!this.view || !this.game) return;
    if (this.offline) {
      if (this.offline === "none") this.showError("No Python kernel is running this board: moves cannot be played here.");
      return;
    }
    const [x, y] = localPoint(this.canvas, ev);
    const q = pointToSquare(this.geometry, x, y);
    if (q < 0) return;
    this.apply(this.game.click(this.view, this.ui, q));
  }

  private apply(out: Outcome<PointerUi>): void {
    // the panel shows the game's UI state (a piece picked up) but not the cursor or the pointer
    const shown = (ui: PointerUi) => JSON.stringify({ ...ui, cursor: 0, hover: 0 });
    const selectionChanged = shown(out.ui) !== shown(this.ui);
    this.ui = out.ui;
    this.localMessage = out.message ?? "";
    if (out.intent) this.sendIntent(out.intent);
    if (selectionChanged || out.message !== undefined) this.renderDom();
    // a click that worked (a pick, or a step sent) ends an earlier refusal's notice
    if (out.message === undefined && (out.intent || selectionChanged)) this.clearError();
    else this.renderError();
    this.schedule();
  }

  private sendIntent(intent: Intent): void {
    if (!this.view || this.offline === "disconnected") return;
    this.clickedAt = performance.now();
    this.link.request({ kind: "intent", state_id: this.view.state_id, ...intent });
  }

  private goto(ply: number): void {
    if (!this.view) return;
    const { ply: at, length } = this.view.history;
    const target = Math.max(0, Math.min(length, ply));
    if (this.offline) {
      // no kernel to ask: step through the saved history (a busy kernel's answer replaces it later)
      if (this.replay && target !== at) this.showLocal(target);
      if (this.replay || this.offline !== "waiting") return;
    }
    if (target !== at) {
      this.link.request({ kind: "goto", ply: target });
    }
  }

  /** The connection's state ("" when Python answers). */
  private get offline(): Connection {
    return this.link.state;
  }

  // -- stepping without a kernel ------------------------------------------------------------------

  /** Show a ply of the saved history (no kernel to ask). */
  private showLocal(ply: number): void {
    if (!this.replay) return;
    const v = asView(this.replay.viewAt(ply));
    const game = typeof v === "string" ? v : this.gameFor(v);
    if (typeof v === "string" || typeof game === "string") {
      this.showError(`Move ${ply} of the saved history cannot be shown: ${typeof v === "string" ? `${v}.` : game}`);
      return;
    }
    const before = { view: this.view, ui: this.ui, local: this.local, game: this.game };
    this.local = true;
    this.setGame(game);
    this.view = v;
    this.ui = game.syncUi(this.ui, v);
    this.preview = [];
    try {
      // drawn at once: a saved history comes from a file, and a step it cannot draw must not break the board
      this.renderDom();
      cancelAnimationFrame(this.frame);
      this.frame = 0;
      this.draw();
    } catch (err) {
      Object.assign(this, before);
      this.renderDom();
      this.schedule();
      this.showError(`Move ${ply} of the saved history cannot be shown: ${err instanceof Error ? err.message : String(err)}.`);
      return;
    }
    this.localMessage = "";
    this.renderError();
    this.announce();
  }

  /** Unpack the ``replay`` trait (lazily: only a board without a kernel needs it). */
  private loadReplay(): void {
    if (this.standalone || !this.offline) return;
    const packed = this.model.get("replay");
    const source = typeof packed === "string" ? packed : "";
    if (source === this.replaySource) return;
    this.replaySource = source;
    this.replay = null;
    if (!source) {
      this.renderOffline();
      return;
    }
    unpack(source).then(
      (data) => {
        if (this.replaySource !== source) return;
        this.replay = new Replay(data);
        this.renderOffline();
        // the same position from the saved history: without the (disabled) choices of a live view
        if (this.view && !this.local && (this.offline === "none" || this.offline === "disconnected")) this.showLocal(this.view.history.ply);
        else this.renderDom();
      },
      (err: unknown) => this.showError(`The board's saved history cannot be read: ${err instanceof Error ? err.message : String(err)}.`),
    );
  }

  /** History controls stay usable without a kernel when the history came with the board. */
  private lockControls(): void {
    const readOnly = this.offline !== "";
    const history = readOnly && !this.canReplay();
    for (const b of this.root.querySelectorAll<HTMLButtonElement | HTMLInputElement>(".tw-side button")) if (readOnly) b.disabled = true;
    for (const b of this.root.querySelectorAll<HTMLButtonElement | HTMLInputElement>(".tw-history button, .tw-history input")) if (history) b.disabled = true;
  }

  private canReplay(): boolean {
    return this.replay !== null && this.offline !== "";
  }

  // -- the kernel's liveness ----------------------------------------------------------------------

  /** The board's side of a change of connection: read-only or not, the notice, the saved history. */
  private connectionChanged(state: Connection, was: Connection): void {
    this.root.classList.toggle("tw-is-offline", state !== "");
    this.root.classList.toggle("tw-no-kernel", state === "none"); // a saved board: calm notice, full colour
    this.root.dataset.connection = state || "live";
    this.canvas.setAttribute("aria-disabled", String(state !== ""));
    this.loadReplay();
    this.renderOffline();
    if (!state && this.local) {
      this.pull("view"); // back to the position Python shows
    } else if (!state || was !== state) {
      this.renderDom();
    }
    this.schedule();
  }

  private renderOffline(): void {
    const state = this.offline;
    this.offlineBox.hidden = state === "" || this.standalone;
    const moves = this.replay ? this.replay.length : 0;
    const stepping = this.replay ? ` Step through its ${moves} move${moves === 1 ? "" : "s"} with the history bar, or , and . on the board.` : "";
    const texts: Record<Connection, string> = {
      "": "",
      waiting: `The Python kernel is not answering (busy, restarted, or this board was restored from a saved notebook). The board waits for it before taking moves.${stepping}`,
      disconnected: `Disconnected from the Python kernel (restarted or shut down): this board is read-only. Run its cell again to play on.${stepping}`,
      none: `Saved board: no Python kernel is running it, so moves cannot be played.${stepping || " It shows the position it was saved with."}`,
    };
    this.offlineBox.textContent = texts[state];
    this.offlineBox.setAttribute("role", state === "none" ? "status" : "alert");
    this.lockControls();
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

  private command(c: Command): void {
    const view = this.view;
    const game = this.game;
    if (!view || !game) return;
    const browsing = c.type === "goto" || c.type === "history" || c.type === "history-end";
    if (this.offline && c.type !== "cursor" && c.type !== "cancel" && c.type !== "preview" && !(browsing && this.canReplay())) return;
    switch (c.type) {
      case "update":
        this.setUi(c.update(this.ui, view), true);
        this.clearError(); // a pick in the panel worked: an earlier refusal's notice goes
        break;
      case "intent":
        this.sendIntent(c.intent);
        this.setUi(game.cancel(this.ui), true);
        break;
      case "goto":
        this.goto(c.ply);
        break;
      case "preview":
        this.preview = c.squares;
        this.schedule();
        break;
      case "cursor": {
        const cursor = step(this.ui.cursor, c.dx, c.dy, this.geometry.cols, this.geometry.rows);
        this.setUi({ ...this.ui, cursor });
        this.live.textContent = game.describeSquare(view, this.ui, cursor);
        break;
      }
      case "activate":
        this.apply(game.click(view, this.ui, this.ui.cursor));
        break;
      case "cancel":
        this.localMessage = "";
        this.setUi(game.cancel(this.ui), true);
        break;
      case "history":
        this.goto(view.history.ply + c.delta);
        break;
      case "history-end":
        this.goto(c.end === "start" ? 0 : view.history.length);
        break;
    }
  }

  private key(ev: KeyboardEvent): void {
    const view = this.view;
    const target = ev.target as HTMLElement | null;
    if (view && this.game && target === this.canvas && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
      const c: Command | null = this.game.key(view, ev.key, ev.shiftKey);
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
