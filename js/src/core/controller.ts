// One displayed board: the dispatch between its parts. Created by ``render`` for each view of the
// widget (a widget can be shown in several cells); ``destroy`` removes every listener and observer it
// added. Its parts do one job each: ``chrome`` builds the DOM around the canvas, ``display`` holds
// what is shown and renders it (onto the ``canvas``), ``input`` wires the pointer and keys, and
// ``connection`` reads the model's traits and tells whether the kernel answers. It knows no game: the
// view's ``game`` picks a drawing from the registry handed to it (``games/index.ts``), which draws the
// body and reads clicks and keys on it.

import { watchPixelRatio } from "./canvas";
import { BoardChrome } from "./chrome";
import { BoardTraits, KernelLink, type Connection, type Model, type Trait } from "./connection";
import { BoardDisplay } from "./display";
import { allowedInEditMode, editKeyMessage, squareMessage } from "./edit";
import type { AnyGame, Command, GameRegistry, Intent, Outcome, PointerUi } from "./game";
import { pointToSquare, step } from "./geometry";
import { Disposer, historyKeyCommand, keepFromNotebook, listen, notebookKeys, watchPointer } from "./input";
import { scrollLogToCurrent } from "./panel";
import { Replay, unpack } from "./replay";
import { watchTheme } from "./theme";
import { asView, type View } from "./view";

export type { Model } from "./connection";

export interface BoardOptions {
  /** A replay page: the board shows this game with no kernel and no notice (the page explains itself). */
  replay?: Replay;
}

export class BoardController {
  readonly root: HTMLElement;
  private readonly chrome: BoardChrome;
  private readonly traits: BoardTraits;
  /** What the board shows (the view, its game, the UI state) and its rendering. */
  private readonly shown: BoardDisplay;
  /** Whether Python answers: without it (restarted, shut down, busy, or none at all) the board is read-only. */
  private readonly link: KernelLink;
  /** The game's history for stepping without a kernel, once unpacked from the ``replay`` trait. */
  private replay: Replay | null = null;
  private replaySource = "";
  private readonly standalone: boolean;
  private readonly disposer = new Disposer();

  constructor(
    model: Model,
    host: HTMLElement,
    private readonly games: GameRegistry,
    options: BoardOptions = {},
  ) {
    this.traits = new BoardTraits(model);
    this.chrome = new BoardChrome(host);
    this.root = this.chrome.root;
    this.shown = new BoardDisplay(this.chrome, this.traits, {
      command: (c) => this.command(c),
      locks: () => {
        const readOnly = this.offline !== "";
        // history controls stay usable without a kernel when the history came with the board
        return { readOnly, historyLocked: readOnly && !this.canReplay() };
      },
    });
    this.standalone = options.replay !== undefined;
    // an editor's board shows one draft: no history to step through
    this.root.classList.toggle("tw-editing", this.traits.editMode());

    const d = this.disposer;
    const shown = this.shown;
    d.add(listen(this.chrome.dismissError, "click", () => shown.clearError()));
    d.add(listen(this.chrome.backToLive, "click", () => shown.view && this.goto(shown.view.history.length)));
    d.add(notebookKeys(this.root));
    this.link = new KernelLink(model, (state, was) => this.connectionChanged(state, was));
    d.add(() => this.link.dispose());
    d.add(
      watchPointer(this.chrome.canvas, {
        move: (x, y) => this.hover(x, y),
        leave: () => {
          shown.setUi({ ...shown.ui, hover: -1 });
          shown.tooltip(-1);
        },
        click: (x, y) => this.click(x, y),
        focus: (on) => shown.setFocus(on),
      }),
    );
    d.add(listen(this.root, "keydown", (ev) => this.key(ev)));
    d.add(this.traits.watch((name) => this.pull(name)));
    d.add(watchTheme(() => shown.updateTheme()));
    if (typeof ResizeObserver !== "undefined") {
      const ro = new ResizeObserver(() => shown.resize());
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
    d.add(() => shown.canvas.cancel());
    d.add(watchPixelRatio(() => shown.resize()));
    (this.root as unknown as { tigrisBench: (n: number) => number }).tigrisBench = (n) => shown.bench(n);
    for (const name of ["view", "error", "overlay", "heatmap"] as const) this.pull(name);
    shown.resize();
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

  /** Read one trait from the model. */
  private pull(name: Trait): void {
    const shown = this.shown;
    if ((name === "view" || name === "error") && !this.traits.changingItself) this.link.answered();
    if (name === "replay") {
      this.loadReplay();
      return;
    }
    if (name === "view") {
      shown.local = false;
      const v = this.traits.view();
      const game = typeof v === "string" ? null : this.gameFor(v);
      if (typeof v === "string") {
        shown.view = null;
        shown.showError(v);
      } else if (typeof game === "string" || game === null) {
        shown.view = null;
        shown.setGame(null);
        shown.viewProblem = game ?? "";
        shown.renderError();
      } else {
        const changed = shown.view?.state_id !== v.state_id;
        shown.setGame(game);
        shown.view = v;
        shown.ui = game.syncUi(shown.ui, v);
        if (changed) {
          shown.localMessage = "";
          shown.preview = [];
          shown.announce();
        }
      }
      shown.renderDom();
      if (shown.clickedAt && shown.view) {
        // the answer to a click: draw now rather than on the next frame
        shown.canvas.redrawNow();
        return;
      }
    } else if (name === "error") {
      shown.localMessage = "";
      shown.clickedAt = 0; // an answer without a new position
      shown.renderError();
    } else if (name === "overlay") {
      shown.pullOverlay();
    } else if (name === "heatmap") {
      shown.pullHeatmap();
    } else if (name === "theme") {
      shown.updateTheme();
      return;
    }
    shown.canvas.schedule();
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

  private hover(x: number, y: number): void {
    const shown = this.shown;
    const q = pointToSquare(shown.canvas.geometry, x, y);
    if (q === shown.ui.hover) return;
    shown.setUi({ ...shown.ui, hover: q });
    shown.tooltip(q);
  }

  private click(x: number, y: number): void {
    const { view, game } = this.shown;
    if (!view || !game) return;
    if (this.offline) {
      if (this.offline === "none") this.shown.showError("No Python kernel is running this board: moves cannot be played here.");
      return;
    }
    const q = pointToSquare(this.shown.canvas.geometry, x, y);
    if (q < 0) return;
    if (this.traits.editMode()) this.sendSquare(q);
    else this.apply(game.click(view, this.shown.ui, q));
  }

  /** Edit mode: tell Python which square was clicked (its editor applies the selected tool there). */
  private sendSquare(square: number): void {
    const view = this.shown.view;
    const message = view ? squareMessage(view, square) : null;
    if (!message || this.offline === "disconnected") return;
    this.shown.clickedAt = performance.now();
    this.shown.clearError();
    this.link.request(message);
  }

  private apply(out: Outcome<PointerUi>): void {
    const shown = this.shown;
    // the panel shows the game's UI state (a piece picked up) but not the cursor or the pointer
    const bare = (ui: PointerUi) => JSON.stringify({ ...ui, cursor: 0, hover: 0 });
    const selectionChanged = bare(out.ui) !== bare(shown.ui);
    shown.ui = out.ui;
    shown.localMessage = out.message ?? "";
    if (out.intent) this.sendIntent(out.intent);
    if (selectionChanged || out.message !== undefined) shown.renderDom();
    // a click that worked (a pick, or a step sent) ends an earlier refusal's notice
    if (out.message === undefined && (out.intent || selectionChanged)) shown.clearError();
    else shown.renderError();
    shown.canvas.schedule();
  }

  private sendIntent(intent: Intent): void {
    const view = this.shown.view;
    if (!view || this.offline === "disconnected") return;
    this.shown.clickedAt = performance.now();
    this.link.request({ kind: "intent", state_id: view.state_id, ...intent });
  }

  private goto(ply: number): void {
    const view = this.shown.view;
    if (!view) return;
    const { ply: at, length } = view.history;
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
    const shown = this.shown;
    const v = asView(this.replay.viewAt(ply));
    const game = typeof v === "string" ? v : this.gameFor(v);
    if (typeof v === "string" || typeof game === "string") {
      shown.showError(`Move ${ply} of the saved history cannot be shown: ${typeof v === "string" ? `${v}.` : game}`);
      return;
    }
    const before = { view: shown.view, ui: shown.ui, local: shown.local, game: shown.game };
    shown.local = true;
    shown.setGame(game);
    shown.view = v;
    shown.ui = game.syncUi(shown.ui, v);
    shown.preview = [];
    try {
      // drawn at once: a saved history comes from a file, and a step it cannot draw must not break the board
      shown.renderDom();
      shown.canvas.redrawNow();
    } catch (err) {
      Object.assign(shown, before);
      shown.renderDom();
      shown.canvas.schedule();
      shown.showError(`Move ${ply} of the saved history cannot be shown: ${err instanceof Error ? err.message : String(err)}.`);
      return;
    }
    shown.localMessage = "";
    shown.renderError();
    shown.announce();
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
        const view = this.shown.view;
        if (view && !this.shown.local && (this.offline === "none" || this.offline === "disconnected")) this.showLocal(view.history.ply);
        else this.shown.renderDom();
      },
      (err: unknown) => this.shown.showError(`The board's saved history cannot be read: ${err instanceof Error ? err.message : String(err)}.`),
    );
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
    if (!state && this.shown.local) {
      this.pull("view"); // back to the position Python shows
    } else if (!state || was !== state) {
      this.shown.renderDom();
    }
    this.shown.canvas.schedule();
  }

  private renderOffline(): void {
    this.chrome.renderOffline(this.offline, this.replay ? this.replay.length : null, this.standalone);
    this.shown.lockControls();
  }

  // -- commands from the panel, the history bar and the board's keys ----------------------------------

  private command(c: Command): void {
    const shown = this.shown;
    const { view, game } = shown;
    if (!view || !game) return;
    if (this.traits.editMode() && !allowedInEditMode(c)) return;
    const browsing = c.type === "goto" || c.type === "history" || c.type === "history-end";
    if (this.offline && c.type !== "cursor" && c.type !== "cancel" && c.type !== "preview" && !(browsing && this.canReplay())) return;
    switch (c.type) {
      case "update":
        shown.setUi(c.update(shown.ui, view), true);
        shown.clearError(); // a pick in the panel worked: an earlier refusal's notice goes
        break;
      case "intent":
        this.sendIntent(c.intent);
        shown.setUi(game.cancel(shown.ui), true);
        break;
      case "goto":
        this.goto(c.ply);
        break;
      case "preview":
        shown.preview = c.squares;
        shown.canvas.schedule();
        break;
      case "cursor": {
        const { cols, rows } = shown.canvas.geometry;
        const cursor = step(shown.ui.cursor, c.dx, c.dy, cols, rows);
        shown.setUi({ ...shown.ui, cursor });
        this.chrome.say(game.describeSquare(view, shown.ui, cursor));
        break;
      }
      case "activate":
        if (this.traits.editMode()) this.sendSquare(shown.ui.cursor);
        else this.apply(game.click(view, shown.ui, shown.ui.cursor));
        break;
      case "cancel":
        shown.localMessage = "";
        shown.setUi(game.cancel(shown.ui), true);
        break;
      case "history":
        this.goto(view.history.ply + c.delta);
        break;
      case "history-end":
        this.goto(c.end === "start" ? 0 : view.history.length);
        break;
    }
  }

  /** Keys on the canvas go to the game (in edit mode u and U first undo and redo); keys in the history bar step through the history. */
  private key(ev: KeyboardEvent): void {
    const { view, game } = this.shown;
    const target = ev.target as HTMLElement | null;
    let c: Command | null = null;
    const onCanvas = target === this.chrome.canvas && !ev.ctrlKey && !ev.metaKey && !ev.altKey;
    const edit = view && onCanvas && this.traits.editMode() && !this.offline ? editKeyMessage(view, ev.key) : null;
    if (edit) {
      ev.preventDefault();
      this.link.request(edit);
    } else if (view && game && onCanvas) c = game.key(view, ev.key, ev.shiftKey);
    else if (view && target && this.chrome.panel.history.contains(target)) c = historyKeyCommand(ev);
    if (c) {
      ev.preventDefault();
      this.command(c);
    }
    if (keepFromNotebook(ev)) ev.stopPropagation();
  }
}
