// The side panel's frame (status, prompt, the game's controls, the result), the history bar and the
// event log: plain DOM built from the view envelope, so it is keyboard- and screen-reader-usable.
// The game fills in its own part (``GameDrawing.panel``).

import { seatName } from "./describe";
import type { PanelParts } from "./game";
import { lastTurnText, type ResultRow, type View } from "./view";

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

/** A result row's table columns: the game's own, else its other plain fields (e.g. Ur's cubes and side). */
function columnsOf(row: ResultRow): [string, unknown][] {
  if (Array.isArray(row.columns)) return row.columns;
  const skip = new Set(["seat", "rank", "score", "columns", "note"]);
  return Object.entries(row).filter(([k, v]) => !skip.has(k) && (typeof v === "number" || typeof v === "string"));
}

function cellText(value: unknown): string {
  return typeof value === "number" || typeof value === "string" ? String(value) : value === null || value === undefined ? "" : JSON.stringify(value);
}

/**
 * The final standings as a table, best first: place, player, points, the game's columns (e.g. each
 * colour and the treasures) and how each place was decided. Generic: fed by the view's ``result``.
 * ``compact`` (the narrow side panel): the game's columns go into the line under each player; in a
 * narrow cell the full table does the same (a container query swaps ``tw-col`` for ``tw-details``).
 */
export function standingsTable(view: View, compact = false): HTMLElement | null {
  if (!view.result || !view.result.length) return null;
  const rows = [...view.result].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const labels = compact ? [] : columnsOf(rows[0]!).map(([label]) => label);
  const hasScore = rows.some((r) => typeof r.score === "number");
  const width = 2 + labels.length + (hasScore ? 1 : 0);
  const head = h("tr", {}, h("th", { scope: "col", text: "Place" }), h("th", { scope: "col", text: "Player" }), hasScore ? h("th", { scope: "col", text: "Points" }) : null, ...labels.map((l) => h("th", { scope: "col", class: "tw-col", text: cap(l) })));
  const body = rows.map((r) => {
    const colour = view.seats[r.seat]?.colour;
    const name = h("th", { scope: "row" }, colour ? h("span", { class: "tw-seat-swatch", style: `border-color:${colour}`, "aria-hidden": "true" }) : null, seatName(view, r.seat));
    const cells = compact ? [] : columnsOf(r).map(([, v]) => h("td", { class: "tw-col", text: cellText(v) }));
    const tr = h("tr", { class: r.rank === 1 ? "tw-winner" : undefined }, h("td", { text: r.rank === 1 ? "1 ★" : String(r.rank) }), name, hasScore ? h("td", { class: "tw-points", text: cellText(r.score) }) : null, ...cells);
    const details = columnsOf(r).map(([l, v]) => `${l} ${cellText(v)}`).join(" · ");
    const note = typeof r.note === "string" ? r.note : "";
    if (!details && !note) return [tr];
    const line = h("td", { colspan: width - 1 }, details ? h("span", { class: compact ? "" : "tw-details", text: `${details}. ` }) : null, note);
    // a line of details only (no note) is hidden with the details where the columns show them
    return [tr, h("tr", { class: `tw-standings-note${!note && !compact ? " tw-details-only" : ""}` }, h("td", {}), line)];
  });
  return h("table", { class: `tw-standings${compact ? " tw-compact" : ""}`, "aria-label": "Final standings" }, h("caption", { text: "Final standings" }), h("thead", {}, head), h("tbody", {}, ...body.flat()));
}

/** Rebuild the side panel, history bar and log, keeping keyboard focus on the same control. */
export function renderPanel(els: PanelElements, view: View, game: PanelParts, goto: (ply: number) => void): void {
  const active = document.activeElement as HTMLElement | null;
  const focusKey = active && (els.side.contains(active) || els.history.contains(active)) ? active.dataset.key : undefined;
  const { ply, length, live } = view.history;

  const prompt = live ? (view.decision?.prompt ?? "The game is over.") : `Move ${ply} of ${length} (history). ${view.decision?.prompt ?? ""}`;
  const lastTurn = lastTurnText(view);
  els.side.replaceChildren(
    h("div", { class: "tw-status", text: game.status }),
    h("div", { class: `tw-prompt${view.decision?.mine && live ? " tw-mine" : ""}`, text: prompt }),
    lastTurn ? h("div", { class: `tw-last-turn${view.last_turn?.passed ? " tw-passed" : ""}`, text: lastTurn }) : h("span"),
    standingsTable(view, true) ?? h("span"),
    ...game.body,
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

  const turn = view.last_turn;
  els.log.replaceChildren(
    ...view.log.map((entry) => {
      const inTurn = turn && entry.ply >= turn.first && entry.ply <= turn.ply;
      const classes = [entry.ply === ply ? "tw-current" : entry.future ? "tw-future" : "", inTurn ? "tw-in-last-turn" : ""].filter(Boolean).join(" ");
      const li = h(
        "li",
        { class: classes || undefined },
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
  const final = view.history.live ? standingsTable(view) : null;
  if (final) els.log.append(h("li", { class: "tw-log-final tw-current" }, h("strong", { text: "Game over." }), final));
  scrollLogToCurrent(els.log);

  if (focusKey) {
    const again = [...els.side.querySelectorAll<HTMLElement>("[data-key]"), ...els.history.querySelectorAll<HTMLElement>("[data-key]")].find((e) => e.dataset.key === focusKey);
    again?.focus();
  }
}

/** Room kept between the current entry and the log's edges, so it never sits flush with (or under) an edge. */
export const LOG_MARGIN = 8;

/**
 * Scroll the log (only the log, never the page) so the current move is in view with ``LOG_MARGIN``
 * pixels of room below it (the moves just before it above it). Does nothing while the log is not laid
 * out (not yet in the page); the board calls it again when the log gets its size.
 */
export function scrollLogToCurrent(log: HTMLElement): void {
  const items = log.querySelectorAll<HTMLElement>(".tw-current");
  const current = items.length ? items[items.length - 1] : undefined;
  if (!current || !log.clientHeight) return;
  const box = log.getBoundingClientRect();
  const r = current.getBoundingClientRect();
  const inner = box.top + log.clientTop; // the top of the log's visible content (inside its border)
  const top = r.top - inner + log.scrollTop; // the entry's place in the log's scrolled content
  const room = Math.max(0, Math.min(LOG_MARGIN, (log.clientHeight - r.height) / 2));
  // the entry's bottom ``room`` above the log's bottom (its top, when it is taller than the log)
  const wanted = r.height + 2 * room <= log.clientHeight ? top + r.height + room - log.clientHeight : top - room;
  const inView = top - room >= log.scrollTop && top + r.height + room <= log.scrollTop + log.clientHeight;
  if (!inView) log.scrollTop = Math.max(0, Math.min(wanted, log.scrollHeight - log.clientHeight));
}
