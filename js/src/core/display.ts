// What one board shows, and its rendering: the view and its game's drawing, the pointer's UI state,
// Python's overlay and heatmap, the notice under the board and the theme, put into the chrome (the
// DOM) and onto the canvas. The controller changes it — from the kernel, the saved history, the
// pointer and the keys — and asks for the renders.

import { BoardCanvas } from "./canvas";
import type { BoardChrome } from "./chrome";
import type { BoardTraits } from "./connection";
import { describeLast } from "./describe";
import type { AnyGame, Command, PointerUi } from "./game";
import { renderPanel } from "./panel";
import { NEUTRAL, currentTheme, type Theme } from "./theme";
import { heatmapValues, type Overlay, type View } from "./view";

/** What the display asks of the controller. */
export interface DisplayHooks {
  /** A command from the game's panel or the history bar. */
  command(c: Command): void;
  /** Which controls are locked (no live kernel): the panel's (``readOnly``), the history bar's (``historyLocked``). */
  locks(): { readOnly: boolean; historyLocked: boolean };
}

export class BoardDisplay {
  readonly canvas: BoardCanvas;
  view: View | null = null;
  /** The drawing of the shown view's game. */
  game: AnyGame | null = null;
  /** The shown view comes from the saved history rather than from the model. */
  local = false;
  /** Why the view from Python cannot be drawn (a game this bundle has no drawing for); shown until a good view comes. */
  viewProblem = "";
  /** The board's own word (a click refused, a saved history that cannot be read); "" for none. */
  localMessage = "";
  ui: PointerUi = { cursor: 0, hover: -1 };
  /** The squares a control of the panel concerns, framed while the pointer or the focus is on it. */
  preview: number[] = [];
  /** When the last step was sent, for the latency reported once its answer is drawn (0: none pending). */
  clickedAt = 0;
  private overlay: Overlay = {};
  private heatRaw: unknown = null;
  private heat: Float32Array | null = null;
  private theme: Theme;
  private focused = false;

  constructor(
    private readonly chrome: BoardChrome,
    private readonly traits: BoardTraits,
    private readonly hooks: DisplayHooks,
  ) {
    this.canvas = new BoardCanvas(chrome.canvas, () => this.draw());
    this.theme = currentTheme(traits.themeChoice(), chrome.root, NEUTRAL);
    this.markTheme();
  }

  updateTheme(): void {
    this.theme = currentTheme(this.traits.themeChoice(), this.chrome.root, this.game?.palettes ?? NEUTRAL);
    this.markTheme();
    this.renderDom();
    this.canvas.schedule();
  }

  private markTheme(): void {
    this.chrome.markTheme(this.theme, this.traits.themeChoice() !== "auto");
  }

  /** Take Python's overlay: its caption now, its marks at the next redraw. */
  pullOverlay(): void {
    this.overlay = this.traits.overlay();
    this.chrome.setCaption(this.overlay.caption ?? "");
    this.renderCaption();
  }

  /** Take Python's heatmap: its legend now, its squares at the next redraw. */
  pullHeatmap(): void {
    this.heatRaw = this.traits.heatmap();
    this.heat = this.heatValues();
    this.renderCaption();
  }

  /** Switch to the drawing of another game (or to none): its UI state, palettes, layout and terrain. */
  setGame(game: AnyGame | null): void {
    this.viewProblem = "";
    if (game === this.game) return;
    this.game = game;
    this.ui = game ? game.initialUi() : { cursor: 0, hover: -1 };
    this.canvas.forgetTerrain();
    this.heat = this.heatValues();
    this.theme = currentTheme(this.traits.themeChoice(), this.chrome.root, game?.palettes ?? NEUTRAL);
    this.markTheme();
    this.chrome.markGame(game?.game ?? "");
    this.resize();
    if (!game) {
      // nothing to draw: clear what an earlier view left on the canvas and in the panel
      this.chrome.clearPanel();
      this.canvas.clear();
    }
  }

  /** The heatmap's values for this board's squares (a game switch changes how many there are). */
  private heatValues(): Float32Array | null {
    const g = this.canvas.geometry;
    return this.heatRaw === null ? null : heatmapValues(this.heatRaw, g.cols * g.rows);
  }

  /** Tell screen readers what the last turn did. */
  announce(): void {
    if (this.view) this.chrome.announce(describeLast(this.view));
  }

  renderDom(): void {
    const v = this.view;
    const game = this.game;
    if (!v || !game) return;
    const t0 = performance.now();
    const parts = game.panel(v, this.ui, this.theme, (c: Command) => this.hooks.command(c));
    renderPanel(this.chrome.panel, v, parts, (ply) => this.hooks.command({ type: "goto", ply }));
    this.chrome.showHistory(v.history);
    this.lockControls();
    this.renderCaption();
    this.chrome.renderFinal(v);
    const { ply, length, live } = v.history;
    this.chrome.describeBoard(game.describePosition(v), `${game.title} board, ${live ? "current position" : `move ${ply} of ${length}`}. ${game.keysHelp}`);
    this.renderError();
    this.chrome.root.dataset.domMs = (performance.now() - t0).toFixed(2);
  }

  lockControls(): void {
    const { readOnly, historyLocked } = this.hooks.locks();
    this.chrome.lockControls(readOnly, historyLocked);
  }

  /** The notice: why the view cannot be drawn, else the board's own word, else Python's error. */
  renderError(): void {
    this.chrome.renderError(this.viewProblem || this.localMessage || this.traits.error(), !this.viewProblem && Boolean(this.localMessage));
  }

  showError(message: string): void {
    this.localMessage = message;
    this.renderError();
  }

  /** End the notice: the board's own word and Python's error both. */
  clearError(): void {
    this.localMessage = "";
    this.traits.clearError();
    this.renderError();
  }

  /** Change the UI state: redrawn, and with ``dom`` the panel too (it shows what is picked up). */
  setUi(ui: PointerUi, dom = false): void {
    this.ui = ui;
    if (dom) this.renderDom();
    this.canvas.schedule();
  }

  setFocus(on: boolean): void {
    this.focused = on;
    this.canvas.schedule();
  }

  resize(): void {
    this.canvas.resize(this.chrome.wrap.clientWidth || 640, this.game);
  }

  private draw(): void {
    const game = this.game;
    if (!this.view || !game) return;
    const t0 = performance.now();
    const heat = this.overlayShown() ? this.heat : null;
    if (!this.canvas.draw(game, { view: this.view, ui: this.ui, overlay: this.previewOverlay(), heat, focused: this.focused }, this.theme)) return;
    const t1 = performance.now();
    const data = this.chrome.root.dataset;
    data.drawMs = (t1 - t0).toFixed(3);
    if (data.ready !== this.view.state_id) {
      if (this.clickedAt) {
        data.latencyMs = (t1 - this.clickedAt).toFixed(1);
        this.clickedAt = 0;
      }
      data.ready = this.view.state_id;
    }
  }

  /** Time ``n`` full redraws (for the performance tests); returns milliseconds per redraw. */
  bench(n: number): number {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) this.draw();
    return (performance.now() - t0) / n;
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

  /** The square under the pointer in words as the canvas's tooltip: what stands there, whose, and where,
   * and the whole text of its labels (a small board cuts them short). */
  tooltip(q: number): void {
    const said = q >= 0 && this.view && this.game ? this.game.describeSquare(this.view, this.ui, q) : "";
    const labels = q >= 0 ? (this.overlay.labels ?? []).filter((lab) => lab.square === q).map((lab) => lab.text) : [];
    const text = [said, ...labels.map((lab) => `label: ${lab}`)].filter(Boolean).join(" — ");
    if (text) this.canvas.el.title = text;
    else this.canvas.el.removeAttribute("title");
  }
}
