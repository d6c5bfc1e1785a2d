// One displayed board: the state of what it shows and the dispatch between its parts. Created by
// ``render`` for each view of the widget (a widget can be shown in several cells); ``destroy`` removes
// every listener and observer it added. Its parts do one job each: ``chrome`` the DOM around the
// canvas, ``canvas`` the drawing surface, ``input`` the pointer and keys, ``connection`` the model's
// traits and the kernel's liveness. It knows no game: the view's ``game`` picks a drawing from the
// registry handed to it (``games/index.ts``), which draws the body and reads clicks and keys on it.

import { BoardCanvas, watchPixelRatio } from "./canvas";
import { BoardChrome } from "./chrome";
import { BoardTraits, KernelLink, type Connection, type Model, type Trait } from "./connection";
import { describeLast } from "./describe";
import type { AnyGame, Command, GameRegistry, Intent, Outcome, PointerUi } from "./game";
import { pointToSquare, step } from "./geometry";
import { Disposer, historyKeyCommand, keepFromNotebook, listen, notebookKeys, watchPointer } from "./input";
import { renderPanel, scrollLogToCurrent } from "./panel";
import { Replay, unpack } from "./replay";
import { NEUTRAL, currentTheme, watchTheme, type Theme } from "./theme";
import { asView, heatmapValues, type Overlay, type View } from "./view";

export type { Model } from "./connection";

export interface BoardOptions {
  /** A replay page: the board shows this game with no kernel and no notice (the page explains itself). */
  replay?: Replay;
}

export class BoardController {
  readonly root: HTMLElement;
  private readonly chrome: BoardChrome;
  private readonly canvas: BoardCanvas;
  private readonly traits: BoardTraits;
  /** Whether Python answers: without it (restarted, shut down, busy, or none at all) the board is read-only. */
  private readonly link: KernelLink;
  /** The game's history for stepping without a kernel, once unpacked from the ``replay`` trait. */
  private replay: Replay | null = null;
  private replaySource = "";
  /** The shown view comes from ``replay`` rather than from the model. */
  private local = false;
  private readonly standalone: boolean;
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
  private focused = false;
  private localMessage = "";
  private preview: number[] = [];
  /** When the last step was sent, for the latency the board reports once its answer is drawn (0: none pending). */
  private clickedAt = 0;

  constructor(
    model: Model,
    host: HTMLElement,
    private readonly games: GameRegistry,
    options: BoardOptions = {},
  ) {
    this.traits = new BoardTraits(model);
    this.chrome = new BoardChrome(host);
    this.root = this.chrome.root;
    this.canvas = new BoardCanvas(this.chrome.canvas, () => this.draw());
    this.theme = currentTheme(this.traits.themeChoice(), this.root, NEUTRAL);
    this.markTheme();
    this.standalone = options.replay !== undefined;

    const d = this.disposer;
    d.add(listen(this.chrome.dismissError, "click", () => this.clearError()));
    d.add(listen(this.chrome.backToLive, "click", () => this.view && this.goto(this.view.history.length)));
    d.add(notebookKeys(this.root));
    this.link = new KernelLink(model, (state, was) => this.connectionChanged(state, was));
    d.add(() => this.link.dispose());
    d.add(
      watchPointer(this.chrome.canvas, {
        move: (x, y) => this.hover(x, y),
        leave: () => {
          this.setUi({ ...this.ui, hover: -1 });
          this.tooltip(-1);
        },
        click: (x, y) => this.click(x, y),
        focus: (on) => this.setFocus(on),
      }),
    );
    d.add(listen(this.root, "keydown", (ev) => this.key(ev)));
    d.add(this.traits.watch((name) => this.pull(name)));
    d.add(watchTheme(() => this.updateTheme()));
    if (typeof ResizeObserver !== "undefined") {
      const ro = new ResizeObserver(() => this.resize());
      ro.observe(this.chrome.wrap);
      // a board drawn before it was in the page scrolls its log once the log has a size
      const log = this.chrome.panel.log;
      const logRo = new ResizeObserver(() => scrollLogToCurrent(log));
      logRo.observe(log);
      d.add(() => {
        ro.disconnect();
        logRo.disconnect();
      });
    }
    d.add(() => this.canvas.cancel());
    d.add(watchPixelRatio(() => this.resize()));
    (this.root as unknown as { tigrisBench: (n: number) => number }).tigrisBench = (n) => this.bench(n);
    for (const name of ["view", "error", "overlay", "heatmap"] as const) this.pull(name);
    this.resize();
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

  private updateTheme(): void {
    this.theme = currentTheme(this.traits.themeChoice(), this.root, this.game?.palettes ?? NEUTRAL);
    this.markTheme();
    this.renderDom();
    this.canvas.schedule();
  }

  private markTheme(): void {
    this.chrome.markTheme(this.theme, this.traits.themeChoice() !== "auto");
  }

  /** Read one trait from the model. */
  private pull(name: Trait): void {
    if ((name === "view" || name === "error") && !this.traits.changingItself) this.link.answered();
    if (name === "replay") {
      this.loadReplay();
      return;
    }
    if (name === "view") {
      this.local = false;
      const v = this.traits.view();
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
        this.canvas.redrawNow();
        return;
      }
    } else if (name === "error") {
      this.localMessage = "";
      this.clickedAt = 0; // an answer without a new position
      this.renderError();
    } else if (name === "overlay") {
      this.overlay = this.traits.overlay();
      this.chrome.setCaption(this.overlay.caption ?? "");
      this.renderCaption();
    } else if (name === "heatmap") {
      this.heatRaw = this.traits.heatmap();
      this.heat = this.heatValues();
      this.renderCaption();
    } else if (name === "theme") {
      this.updateTheme();
      return;
    }
    this.canvas.schedule();
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
    this.canvas.forgetTerrain();
    this.heat = this.heatValues();
    this.theme = currentTheme(this.traits.themeChoice(), this.root, game?.palettes ?? NEUTRAL);
    this.markTheme();
    this.chrome.markGame(game?.game ?? "");
    this.resize();
    if (!game) {
      // nothing to draw: clear what an earlier view left on the canvas and in the panel
      this.chrome.clearPanel();
      this.canvas.clear();
    }
  }

  private heatValues(): Float32Array | null {
    const g = this.canvas.geometry;
    return this.heatRaw === null ? null : heatmapValues(this.heatRaw, g.cols * g.rows);
  }

  private announce(): void {
    if (this.view) this.chrome.announce(describeLast(this.view));
  }

  private renderDom(): void {
    const v = this.view;
    const game = this.game;
    if (!v || !game) return;
    const t0 = performance.now();
    const parts = game.panel(v, this.ui, this.theme, (c: Command) => this.command(c));
    renderPanel(this.chrome.panel, v, parts, (ply) => this.command({ type: "goto", ply }));
    this.chrome.showHistory(v.history);
    this.lockControls();
    this.renderCaption();
    this.chrome.renderFinal(v);
    const { ply, length, live } = v.history;
    this.chrome.describeBoard(game.describePosition(v), `${game.title} board, ${live ? "current position" : `move ${ply} of ${length}`}. ${game.keysHelp}`);
    this.renderError();
    this.root.dataset.domMs = (performance.now() - t0).toFixed(2);
  }

  /** The notice: why the view cannot be drawn, else the board's own word on a click, else Python's error. */
  private renderError(): void {
    this.chrome.renderError(this.viewProblem || this.localMessage || this.traits.error(), !this.viewProblem && Boolean(this.localMessage));
  }

  private showError(message: string): void {
    this.localMessage = message;
    this.renderError();
  }

  private clearError(): void {
    this.localMessage = "";
    this.traits.clearError();
    this.renderError();
  }

  private setUi(ui: PointerUi, dom = false): void {
    this.ui = ui;
    if (dom) this.renderDom();
    this.canvas.schedule();
  }

  private setFocus(on: boolean): void {
    this.focused = on;
    this.canvas.schedule();
  }

  private resize(): void {
    this.canvas.resize(this.chrome.wrap.clientWidth || 640, this.game);
  }

  private draw(): void {
    const game = this.game;
    if (!this.view || !game) return;
    const t0 = performance.now();
    const heat = this.overlayShown() ? this.heat : null;
    if (!this.canvas.draw(game, { view: this.view, ui: this.ui, overlay: this.previewOverlay(), heat, focused: this.focused }, this.theme)) return;
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

  private previewOverlay(): Overlay {
    const overlay = this.overlayShown() ? this.overlay : {};
    if (!this.preview.length) return overlay;
    return { ...overlay, highlights: [...(overlay.highlights ?? []), ...this.preview.map((square) => ({ square, colour: this.theme.selected }))] };
  }

  /** Python's overlays belong to the position Python showed: stepping through a saved history hides them elsewhere. */
  private overlayShown(): boolean {
    if (!this.local || !this.view) return true;
    const saved = this.traits.view();
    return typeof saved !== "string" && saved.history.ply === this.view.history.ply;
  }

  private renderCaption(): void {
    this.chrome.renderCaption(this.overlay, this.heat, this.overlayShown(), this.theme.dark);
  }

  /** Time ``n`` full redraws (for the performance tests); returns milliseconds per redraw. */
  private bench(n: number): number {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) this.draw();
    return (performance.now() - t0) / n;
  }

  private hover(x: number, y: number): void {
    const q = pointToSquare(this.canvas.geometry, x, y);
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
    if (text) this.canvas.el.title = text;
    else this.canvas.el.removeAttribute("title");
  }

  private click(x: number, y: number): void {
    if (!this.view || !this.game) return;
    if (this.offline) {
      if (this.offline === "none") this.showError("No Python kernel is running this board: moves cannot be played here.");
      return;
    }
    const q = pointToSquare(this.canvas.geometry, x, y);
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
    this.canvas.schedule();
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
      this.canvas.redrawNow();
    } catch (err) {
      Object.assign(this, before);
      this.renderDom();
      this.canvas.schedule();
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
    const source = this.traits.replay();
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
    this.chrome.lockControls(readOnly, readOnly && !this.canReplay());
  }

  private canReplay(): boolean {
    return this.replay !== null && this.offline !== "";
  }

  // -- the kernel's liveness ----------------------------------------------------------------------

  /** The board's side of a change of connection: read-only or not, the notice, the saved history. */
  private connectionChanged(state: Connection, was: Connection): void {
    this.chrome.markConnection(state);
    this.loadReplay();
    this.renderOffline();
    if (!state && this.local) {
      this.pull("view"); // back to the position Python shows
    } else if (!state || was !== state) {
      this.renderDom();
    }
    this.canvas.schedule();
  }

  private renderOffline(): void {
    this.chrome.renderOffline(this.offline, this.replay ? this.replay.length : null, this.standalone);
    this.lockControls();
  }

  // -- commands from the panel, the board's keys and clicks ------------------------------------------

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
        this.canvas.schedule();
        break;
      case "cursor": {
        const { cols, rows } = this.canvas.geometry;
        const cursor = step(this.ui.cursor, c.dx, c.dy, cols, rows);
        this.setUi({ ...this.ui, cursor });
        this.chrome.say(game.describeSquare(view, this.ui, cursor));
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

  /** Keys on the canvas go to the game; keys in the history bar step through the history. */
  private key(ev: KeyboardEvent): void {
    const view = this.view;
    const target = ev.target as HTMLElement | null;
    let c: Command | null = null;
    if (view && this.game && target === this.canvas.el && !ev.ctrlKey && !ev.metaKey && !ev.altKey) c = this.game.key(view, ev.key, ev.shiftKey);
    else if (view && target && this.chrome.panel.history.contains(target)) c = historyKeyCommand(ev);
    if (c) {
      ev.preventDefault();
      this.command(c);
    }
    if (keepFromNotebook(ev)) ev.stopPropagation();
  }
}
