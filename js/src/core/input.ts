// DOM input at the edge: listeners that return their removal, the board's pointer and the history
// bar's keys turned into plain calls, and keyboard etiquette for notebooks.

import type { Command } from "./game";

/** Add a listener and get back the function that removes it. */
export function listen<K extends keyof HTMLElementEventMap>(
  target: HTMLElement,
  type: K,
  handler: (ev: HTMLElementEventMap[K]) => void,
  options?: AddEventListenerOptions,
): () => void {
  target.addEventListener(type, handler as EventListener, options);
  return () => target.removeEventListener(type, handler as EventListener, options);
}

/** Collects removals and runs them all once. */
export class Disposer {
  private readonly fns: (() => void)[] = [];
  add(fn: () => void): void {
    this.fns.push(fn);
  }
  dispose(): void {
    while (this.fns.length) this.fns.pop()?.();
  }
  get size(): number {
    return this.fns.length;
  }
}

/**
 * Whether a key pressed inside the widget must be kept from the notebook: plain keys (letters,
 * digits, arrows, Escape, Enter, Space…) would otherwise run notebook shortcuts such as ``a``,
 * ``b`` or ``d d``. Tab moves focus and modified keys (Ctrl+S, Shift+Enter) stay with the page.
 */
export function keepFromNotebook(ev: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">): boolean {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return false;
  if (ev.key === "Tab") return false;
  if (ev.key === "Enter" && ev.shiftKey) return false;
  return true;
}

/** The point of a pointer event in CSS pixels relative to the element. */
export function localPoint(el: Element, ev: { clientX: number; clientY: number }): [number, number] {
  const r = el.getBoundingClientRect();
  return [ev.clientX - r.left, ev.clientY - r.top];
}

/** What the board does with the pointer on its canvas, in CSS pixels relative to the canvas. */
export interface PointerHandlers {
  move(x: number, y: number): void;
  leave(): void;
  click(x: number, y: number): void;
  focus(on: boolean): void;
}

/** Wire the canvas's pointer and focus events to ``to``; returns the removal of them all. */
export function watchPointer(canvas: HTMLElement, to: PointerHandlers): () => void {
  const removals = [
    listen(canvas, "pointermove", (ev) => to.move(...localPoint(canvas, ev))),
    listen(canvas, "pointerleave", () => to.leave()),
    listen(canvas, "click", (ev) => to.click(...localPoint(canvas, ev))),
    listen(canvas, "focus", () => to.focus(true)),
    listen(canvas, "blur", () => to.focus(false)),
  ];
  return () => {
    for (const remove of removals) remove();
  };
}

/** The history bar's keys: ← and → step, Home and End jump. */
const HISTORY_KEYS: ReadonlyMap<string, Command> = new Map<string, Command>([
  ["ArrowLeft", { type: "history", delta: -1 }],
  ["ArrowRight", { type: "history", delta: 1 }],
  ["Home", { type: "history-end", end: "start" }],
  ["End", { type: "history-end", end: "latest" }],
]);

/** The command of a key pressed in the history bar (not in its slider, which has its own keys), or null. */
export function historyKeyCommand(ev: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "target">): Command | null {
  if (ev.target instanceof HTMLInputElement || ev.ctrlKey || ev.metaKey) return null;
  return HISTORY_KEYS.get(ev.key) ?? null;
}

/**
 * The board keeps the plain keys it uses from the notebook's shortcuts (``a``, ``b``, ``d d`` would
 * edit the notebook) but lets modified keys through: Shift+Enter and Ctrl/Cmd+Enter run the cell,
 * Ctrl/Cmd+S saves. JupyterLab reads ``data-lm-suppress-shortcuts`` when it handles the key, so the
 * attribute is set on ``root`` for each key before any shortcut handler runs (window, capture phase).
 * Returns the removal.
 */
export function notebookKeys(root: HTMLElement): () => void {
  const onKey = (ev: KeyboardEvent) => {
    const target = ev.target as Node | null;
    if (!target || !root.contains(target)) return;
    if (keepFromNotebook(ev) && !(target instanceof HTMLInputElement && ev.key === "Tab")) root.setAttribute("data-lm-suppress-shortcuts", "true");
    else root.removeAttribute("data-lm-suppress-shortcuts");
  };
  window.addEventListener("keydown", onKey, true);
  return () => window.removeEventListener("keydown", onKey, true);
}
