// The side panel's frame (status, prompt, the game's controls, the result), the history bar and the
// event log: plain DOM built from the view envelope, so it is keyboard- and screen-reader-usable.
// The game fills in its own part (``GameDrawing.panel``).

import { seatName } from "./describe";
import type { PanelParts } from "./game";
import type { View } from "./view";

type Attrs = Record<string, string | number | boolean | undefined>;

export function h(tag: string, attrs: Attrs = {}, ...children: (Node | string | null)[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (k === "text") el.textContent = String(v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c !== null) el.append(c);
  return el;
}

/** The key a focusable panel element keeps across rebuilds, so focus survives a redraw. */
export function keyed(el: HTMLElement, key: string): HTMLElement {
  el.dataset.key = key;
  return el;
}

export function button(label: string, key: string, onClick: () => void, extra: Attrs = {}): HTMLElement {
  const b = h("button", { type: "button", ...extra, text: label });
  b.addEventListener("click", onClick);
  return keyed(b, key);
}

export function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Frame ``squares`` on the board while the pointer or the focus is on ``b`` (what the choice concerns). */
export function previewing(b: HTMLElement, squares: number[], preview: (squares: number[]) => void): HTMLElement {
  if (!squares.length) return b;
  for (const on of ["mouseenter", "focus"]) b.addEventListener(on, () => preview(squares));
  for (const off of ["mouseleave", "blur"]) b.addEventListener(off, () => preview([]));
  return b;
}

export interface PanelElements {
  side: HTMLElement;
  history: HTMLElement;
  log: HTMLElement;
}

function resultLine(view: View): HTMLElement | null {
  if (!view.result) return null;
  const rows = [...view.result].sort((a, b) => a.rank - b.rank);
  return h("ol", { class: "tw-result", "aria-label": "Result" }, ...rows.map((r) => h("li", { text: `${seatName(view, r.seat)} (rank ${r.rank})${typeof r.score === "number" ? ` — score ${r.score}` : ""}` })));
}

/** Rebuild the side panel, history bar and log, keeping keyboard focus on the same control. */
export function renderPanel(els: PanelElements, view: View, game: PanelParts, goto: (ply: number) => void): void {
  const active = document.activeElement as HTMLElement | null;
  const focusKey = active && (els.side.contains(active) || els.history.contains(active)) ? active.dataset.key : undefined;
  const { ply, length, live } = view.history;

  const prompt = live ? (view.decision?.prompt ?? "The game is over.") : `Move ${ply} of ${length} (history). ${view.decision?.prompt ?? ""}`;
  els.side.replaceChildren(
    h("div", { class: "tw-status", text: game.status }),
    h("div", { class: `tw-prompt${view.decision?.mine && live ? " tw-mine" : ""}`, text: prompt }),
    ...game.body,
    resultLine(view) ?? h("span"),
  );

  const range = h("input", { type: "range", min: 0, max: length, value: ply, "aria-label": "Jump to move", class: "tw-range" }) as HTMLInputElement;
  range.addEventListener("change", () => goto(Number(range.value)));
  keyed(range, "range");
  els.history.replaceChildren(
    button("«", "first", () => goto(0), { "aria-label": "First position", disabled: ply === 0 }),
    button("‹", "back", () => goto(ply - 1), { "aria-label": "Step back", disabled: ply === 0 }),
    range,
    button("›", "forward", () => goto(ply + 1), { "aria-label": "Step forward", disabled: live }),
    button("»", "latest", () => goto(length), { "aria-label": "Latest position", disabled: live }),
    h("span", { class: "tw-muted", "aria-live": "off", text: `move ${ply} / ${length}` }),
  );

  els.log.replaceChildren(
    ...view.log.map((entry) => {
      const li = h(
        "li",
        { class: entry.ply === ply ? "tw-current" : entry.future ? "tw-future" : undefined },
        h("button", { type: "button", class: "tw-log-action", text: `${entry.ply}. ${seatName(view, entry.seat)}: ${entry.action}`, title: `Go to move ${entry.ply}` }),
        ...entry.events.map((e) => h("div", { class: "tw-event", text: `${e.text} (${e.rule})`, title: e.section ?? e.rule })),
      );
      li.querySelector("button")?.addEventListener("click", () => goto(entry.ply));
      return li;
    }),
  );
  if (view.log.length && view.log[0] && view.log[0].ply > 1) {
    els.log.prepend(h("li", { class: "tw-muted", text: `… ${view.log[0].ply - 1} earlier moves (use the history bar)` }));
  }
  const current = els.log.querySelector(".tw-current");
  if (current && typeof (current as HTMLElement).scrollIntoView === "function") {
    const box = els.log;
    const top = (current as HTMLElement).offsetTop - box.offsetTop;
    if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - 20) box.scrollTop = Math.max(0, top - 20);
  }

  if (focusKey) {
    const again = [...els.side.querySelectorAll<HTMLElement>("[data-key]"), ...els.history.querySelectorAll<HTMLElement>("[data-key]")].find((e) => e.dataset.key === focusKey);
    again?.focus();
  }
}
