// The puzzle page (``render/puzzle_page.py``): the board with no kernel behind it, answered by a model
// that walks the judged tree (``puzzle.ts``) instead of asking Python, and the panel around it — the
// goal, each step's verdict, Hint, Solution, Step back and Retry. It knows no game: the board does.

import { BoardController, type Model } from "./controller";
import type { GameRegistry } from "./game";
import { h } from "./panel";
import { PuzzleSession, unpackPuzzle, type PuzzleData } from "./puzzle";

const MARKS: Record<string, string> = { good: "✓", bad: "✗", unclear: "?", solved: "✓", failed: "✗" };
/** How long each step of the solution stays on the board before the next. */
const SOLUTION_STEP_MS = 700;

type Listener = (...args: unknown[]) => void;

/** A model whose "kernel" is the judged tree: an intent for a legal step moves to its node. */
class TreeModel implements Model {
  private readonly traits: Record<string, unknown>;
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Set while the solution plays itself: the board takes no steps then. */
  locked = false;

  constructor(
    private readonly session: PuzzleSession,
    private readonly moved: () => void,
  ) {
    this.traits = { view: session.view(), error: "", overlay: {}, heatmap: null, theme: "auto" };
  }

  get(name: string): unknown {
    return this.traits[name];
  }

  set(name: string, value: unknown): void {
    this.traits[name] = value;
  }

  save_changes(): void {}

  on(event: string, callback: Listener): void {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(callback);
  }

  off(event: string, callback: Listener): void {
    this.listeners.get(event)?.delete(callback);
  }

  /** The board's messages, answered after the board has sent them (it waits for an answer once sent). */
  send(content: unknown): void {
    const c = (content ?? {}) as Record<string, unknown>;
    queueMicrotask(() => this.answer(c));
  }

  /** Show the session's current node on the board (after a step, Step back, Retry or the solution);
   * ``prompt`` replaces the board's prompt and ends its choices (the solution shown). */
  show(prompt?: string): void {
    const view = this.session.view();
    const decision = view.decision as Record<string, unknown> | null | undefined;
    this.traits.view = prompt && decision ? { ...view, decision: { ...decision, mine: false, prompt }, targets: {} } : view;
    this.traits.error = "";
    this.emit("change:view");
    this.moved();
  }

  private answer(c: Record<string, unknown>): void {
    if (c.kind === "ping") {
      this.emit("msg:custom", { kind: "pong" });
    } else if (c.kind === "intent") {
      const view = this.traits.view as { state_id?: unknown };
      if (c.state_id !== view.state_id) return; // a click on a position no longer shown
      if (this.locked) {
        this.traits.error = "The solution is being played: wait for it, then Retry to play it yourself.";
        this.emit("change:error");
        return;
      }
      if (typeof c.action === "string" && this.session.play(c.action)) {
        this.show();
        return;
      }
      this.traits.error = this.session.stopped
        ? "This try is over: Step back or Retry."
        : typeof c.action === "string"
          ? "Not a legal step here: the board's highlighted squares and the panel's choices are the legal ones."
          : // a click on no target, or a form only Python reads (the engine would name the rule it breaks)
            "Not a step this page can play: play one of the highlighted squares or the panel's choices.";
      this.emit("change:error");
    } else if (c.kind === "goto" && typeof c.ply === "number") {
      this.session.backTo(c.ply);
      this.show();
    } else if (c.kind === "undo") {
      this.session.back(); // a game's own take-back key: the page's Step back
      this.show();
    } else {
      // every message gets an answer, or the board would take the page for a kernel that stopped answering
      this.traits.error = "The puzzle page cannot do that: play a step, or use Step back and Retry.";
      this.emit("change:error");
    }
  }

  private emit(event: string, ...args: unknown[]): void {
    for (const cb of [...(this.listeners.get(event) ?? [])]) cb(...args);
  }
}

/** The panel beside the board: the puzzle, the verdict of the last step, the buttons and what they say. */
class PuzzlePanel {
  readonly root: HTMLElement;
  readonly judgement: HTMLElement;
  readonly status: HTMLElement;
  readonly buttons: Record<"hint" | "solution" | "back" | "retry", HTMLButtonElement>;

  constructor(data: PuzzleData) {
    const button = (label: string, title: string) => h("button", { type: "button", class: "tw-pp-button", title, text: label }) as HTMLButtonElement;
    this.buttons = {
      hint: button("Hint", "A clue (then the first step)"),
      solution: button("Solution", "Play the solution on the board (gives the puzzle up)"),
      back: button("Step back", "Take back your last step (and the answers it got)"),
      retry: button("Retry", "Start this puzzle again"),
    };
    this.judgement = h("p", { class: "tw-pp-judgement", role: "status", "aria-live": "polite" });
    this.status = h("div", { class: "tw-pp-status", "aria-live": "polite" });
    this.root = h(
      "section",
      { class: "tw-pp-panel", "aria-label": "Puzzle" },
      h("h1", { class: "tw-pp-title", text: data.title }),
      h("p", { class: "tw-pp-label", text: data.label }),
      h("p", { class: "tw-pp-goal" }, h("b", { text: `${data.who} to play.` }), ` ${data.goal}`),
      this.judgement,
      h("div", { class: "tw-pp-buttons" }, this.buttons.hint, this.buttons.solution, this.buttons.back, this.buttons.retry),
      this.status,
    );
  }

  say(el: HTMLElement, status: string, text: string): void {
    el.dataset.judgement = status;
    el.textContent = "";
    if (!text) return;
    el.append(h("b", { class: "tw-pp-mark", text: MARKS[status] ?? "" }), ` ${text}`);
  }

  tell(...paragraphs: (string | HTMLElement)[]): void {
    this.status.textContent = "";
    for (const p of paragraphs) this.status.append(typeof p === "string" ? h("p", { text: p }) : p);
  }
}

export interface PuzzlePage {
  board: BoardController;
  session: PuzzleSession;
  /** Play the solution on the board, a step at a time (resolves when it is shown). */
  showSolution(): Promise<void>;
}

/** Show the packed puzzle tree in ``el``: the panel and the board, solved with no kernel. */
export async function openPuzzlePage(el: HTMLElement, packed: string, games: GameRegistry): Promise<PuzzlePage> {
  const data = await unpackPuzzle(packed);
  const session = new PuzzleSession(data);
  const panel = new PuzzlePanel(data);
  const boardHost = h("div", { class: "tw-pp-board" });
  el.append(h("div", { class: "tw-pp" }, panel.root, boardHost));
  let hintsGiven = 0;
  let revealed = false;
  let playing = 0; // the solution's timer while it is being played
  let solutionShown = false; // the board shows the solution as the Solution button played it

  const update = () => {
    const node = session.node;
    el.dataset.node = String(session.index);
    el.dataset.steps = String(session.steps);
    const [status, message] = node.j ?? ["", ""];
    panel.say(panel.judgement, status, message);
    el.dataset.verdict = node.end?.[0] ?? "playing";
    if (node.end && !playing) {
      const solved = node.end[0] === "solved";
      const text = node.end[1].replace(/^Solved! /, "").replace(/^Not quite\. /, "");
      const word = revealed ? (solved ? "Goal met, with the solution shown." : "Not solved.") : solved ? "Solved." : "Not solved.";
      const line = h("p", { class: "tw-pp-end", "data-end": node.end[0] }, h("b", { text: word }), ` ${text}`);
      panel.tell(line, ...(revealed ? ["Shown, so not counted as a solve: press Retry to play it yourself."] : []));
    }
    const b = panel.buttons;
    b.back.hidden = session.steps === 0 || playing !== 0 || solutionShown;
    b.solution.hidden = node.end?.[0] === "solved" && !revealed;
    b.hint.hidden = node.end !== undefined;
  };
  const model = new TreeModel(session, update);
  const board = new BoardController(model, boardHost, games);

  const stopSolution = () => {
    window.clearTimeout(playing);
    playing = 0;
    model.locked = solutionShown = false;
  };
  panel.buttons.hint.addEventListener("click", () => {
    const text = data.hints[Math.min(hintsGiven, data.hints.length - 1)] ?? "";
    hintsGiven += 1;
    panel.tell(h("p", {}, h("b", { text: "Hint:" }), ` ${text}`));
  });
  panel.buttons.back.addEventListener("click", () => {
    session.back();
    panel.tell();
    model.show();
  });
  panel.buttons.retry.addEventListener("click", () => {
    stopSolution();
    session.retry();
    panel.tell();
    model.show();
  });
  const showSolution = () =>
    new Promise<void>((done) => {
      stopSolution();
      revealed = true;
      model.locked = true;
      session.retry();
      const steps = [...data.solution];
      panel.tell(h("p", {}, h("b", { text: "Solution:" }), " ", h("code", { text: steps.join(", ") })), data.explanation);
      const next = () => {
        const action = steps.shift();
        const moved = action !== undefined && session.play(action);
        if (moved && steps.length) {
          model.show();
          playing = window.setTimeout(next, SOLUTION_STEP_MS);
          return;
        }
        playing = 0; // the last step: shown with the whole try's verdict, then the solution explained
        model.locked = false;
        solutionShown = true;
        model.show("Solution shown: press Retry to play it yourself.");
        panel.tell(
          h("p", {}, h("b", { text: "Solution:" }), " ", h("code", { text: data.solution.join(", ") })),
          data.explanation,
          "Shown, so not counted as a solve: press Retry to play it yourself.",
        );
        done();
      };
      playing = window.setTimeout(next, 0);
      model.show();
    });
  panel.buttons.solution.addEventListener("click", () => void showSolution());
  update();
  return { board, session, showSolution };
}
