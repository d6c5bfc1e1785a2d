// DOM input at the edge: listeners that return their removal, and keyboard etiquette for notebooks.

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
