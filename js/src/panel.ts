// The side panel (players, hands, scores, bag, prompt and decision buttons), the history bar and
// the event log: plain DOM built from the view, so it is keyboard- and screen-reader-usable.

import { drawCatastrophe, drawLeader, drawTile, drawTreasure } from "./draw/pieces";
import { describePiece, describeSwap, samePiece, selectablePieces, targetsFor, type Intent, type Piece, type UiState } from "./ui-state";
import { seatName } from "./describe";
import {
  COLOURS,
  LEADER_NAMES,
  TILE_NAMES,
  formatSquare,
  type ColourName,
  type Dynasty,
  type View,
} from "./schema";
import type { Theme } from "./theme";

export type PanelCommand =
  | { type: "select"; piece: Piece }
  | { type: "intent"; intent: Intent }
  | { type: "swap"; colour: ColourName }
  | { type: "swap-mode"; on: boolean }
  | { type: "goto"; ply: number }
  | { type: "preview"; squares: number[] };

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

const ICON = 26;

/** A small HiDPI canvas with one piece drawn on it. */
function icon(paint: (ctx: CanvasRenderingContext2D, size: number) => void, size = ICON): HTMLCanvasElement {
  const dpr = window.devicePixelRatio || 1;
  const c = document.createElement("canvas");
  c.width = Math.round(size * dpr);
  c.height = Math.round(size * dpr);
  c.style.width = `${size}px`;
  c.style.height = `${size}px`;
  c.setAttribute("aria-hidden", "true");
  const ctx = c.getContext("2d");
  if (ctx) {
    ctx.scale(dpr, dpr);
    paint(ctx, size);
  }
  return c;
}

function tileIcon(theme: Theme, colour: ColourName): HTMLCanvasElement {
  return icon((ctx, s) => drawTile(ctx, colour, 0, 0, s, theme));
}

function leaderIcon(theme: Theme, colour: ColourName, dynasty: Dynasty): HTMLCanvasElement {
  return icon((ctx, s) => drawLeader(ctx, colour, dynasty, 0, 0, s, theme));
}

function catastropheIcon(theme: Theme): HTMLCanvasElement {
  return icon((ctx, s) => drawCatastrophe(ctx, 0, 0, s, theme));
}

function treasureIcon(theme: Theme): HTMLCanvasElement {
  // the gem sits in the tile's corner: draw it twice as large and shifted so it fills the icon
  return icon((ctx, s) => drawTreasure(ctx, -s * 0.2, -s * 0.19, s * 2.3, theme), 16);
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The key a focusable panel element keeps across rebuilds, so focus survives a redraw. */
function keyed(el: HTMLElement, key: string): HTMLElement {
  el.dataset.key = key;
  return el;
}

function pieceButton(
  label: string,
  key: string,
  content: Node[],
  onClick: (() => void) | null,
  pressed: boolean,
): HTMLElement {
  if (onClick === null) {
    // not playable now: a labelled picture, not a dimmed button
    return h("span", { class: "tw-piece tw-static", role: "img", "aria-label": label, title: label }, ...content);
  }
  const b = h("button", { type: "button", class: "tw-piece", "aria-label": label, title: label, "aria-pressed": String(pressed) }, ...content);
  b.addEventListener("click", onClick);
  return keyed(b, key);
}

function playerBlock(view: View, ui: UiState, seat: number, theme: Theme, dispatch: (c: PanelCommand) => void): HTMLElement {
  const p = view.players[seat]!;
  const acting = view.decision?.mine === true && view.decision.seat === seat;
  const me = view.seat === seat;
  const title = h(
    "div",
    { class: "tw-player-title" },
    h("strong", { text: `${cap(p.dynasty)}${me ? " (you)" : ""}` }),
    view.active === seat && !view.over ? h("span", { class: "tw-badge", text: "to play" }) : null,
    view.decision?.seat === seat && view.decision.kind !== "action" ? h("span", { class: "tw-badge", text: "deciding" }) : null,
  );
  // leaders: in the supply (selectable to place) or on the board (selectable to move)
  const leaders = h("div", { class: "tw-row", role: "group", "aria-label": `${cap(p.dynasty)} leaders` });
  for (const c of COLOURS) {
    const onBoard = p.leaders[c] >= 0;
    const piece: Piece = onBoard ? { kind: "move", colour: c } : { kind: "leader", colour: c };
    const usable = acting && targetsFor(view, piece).length > 0;
    const where = onBoard ? `on ${formatSquare(p.leaders[c])}` : "in supply";
    const b = pieceButton(`${cap(LEADER_NAMES[c])} (${c} leader) ${where}`, `leader-${seat}-${c}`, [leaderIcon(theme, c, p.dynasty)], usable ? () => dispatch({ type: "select", piece }) : null, samePiece(ui.selected, piece));
    if (onBoard) b.classList.add("tw-on-board");
    leaders.append(b);
  }
  const cat: Piece = { kind: "catastrophe" };
  const catUsable = acting && targetsFor(view, cat).length > 0;
  leaders.append(pieceButton(`Catastrophes left: ${p.catastrophes}`, `cat-${seat}`, [catastropheIcon(theme), h("span", { text: `×${p.catastrophes}` })], catUsable ? () => dispatch({ type: "select", piece: cat }) : null, samePiece(ui.selected, cat)));
  // hand: face up when this view may see it, else a count
  const hand = h("div", { class: "tw-row tw-hand", role: "group", "aria-label": `${cap(p.dynasty)} hand` });
  if (p.hand) {
    for (const c of COLOURS) {
      const n = p.hand[c];
      if (!n) continue;
      const piece: Piece = { kind: "tile", colour: c };
      const swapping = ui.swap !== null && acting;
      const chosen = ui.swap ? (ui.swap[COLOURS.indexOf(c)] ?? 0) : 0;
      const usable = acting && (swapping ? true : targetsFor(view, piece).length > 0);
      const label = `${cap(TILE_NAMES[c])} (${c} tile), ${n} in hand${swapping ? `, ${chosen} chosen to swap` : ""}`;
      const onClick = !usable ? null : swapping ? () => dispatch({ type: "swap", colour: c }) : () => dispatch({ type: "select", piece });
      hand.append(pieceButton(label, `tile-${seat}-${c}`, [tileIcon(theme, c), h("span", { text: swapping ? `${chosen}/${n}` : `×${n}` })], onClick, swapping ? chosen > 0 : samePiece(ui.selected, piece)));
    }
    if (!p.hand_size) hand.append(h("span", { class: "tw-muted", text: "no tiles" }));
  } else {
    hand.append(h("span", { class: "tw-muted", text: `${p.hand_size} tiles in hand` }));
  }
  // scores
  const score = h("div", { class: "tw-row tw-score", "aria-label": `${cap(p.dynasty)} score` });
  if (p.vp) {
    for (const c of COLOURS) score.append(h("span", { class: `tw-vp tw-vp-${c}`, style: `background:${theme.piece[c]}`, title: `${c} VP`, "aria-label": `${c} ${p.vp[c]}`, text: String(p.vp[c]) }));
    score.append(h("span", { class: "tw-vp tw-vp-treasure", title: "treasures", "aria-label": `treasures ${p.treasures ?? 0}` }, treasureIcon(theme), String(p.treasures ?? 0)));
  } else {
    score.append(h("span", { class: "tw-muted", text: "score hidden" }));
  }
  return h("section", { class: `tw-player${acting ? " tw-acting" : ""}`, "aria-label": `${cap(p.dynasty)}` }, title, leaders, hand, score);
}

function button(label: string, key: string, onClick: () => void, extra: Attrs = {}): HTMLElement {
  const b = h("button", { type: "button", ...extra, text: label });
  b.addEventListener("click", onClick);
  return keyed(b, key);
}

/** Frame ``squares`` on the board while the pointer or the focus is on ``b`` (what the choice concerns). */
function previewing(b: HTMLElement, squares: number[], dispatch: (c: PanelCommand) => void): HTMLElement {
  if (!squares.length) return b;
  for (const on of ["mouseenter", "focus"]) b.addEventListener(on, () => dispatch({ type: "preview", squares }));
  for (const off of ["mouseleave", "blur"]) b.addEventListener(off, () => dispatch({ type: "preview", squares: [] }));
  return b;
}

/** Buttons for the pending decision (everything that is not a square on the board). */
function decisionButtons(view: View, ui: UiState, dispatch: (c: PanelCommand) => void): HTMLElement {
  const box = h("div", { class: "tw-actions", role: "group", "aria-label": "Choices" });
  if (!view.live || !view.decision?.mine) return box;
  const t = view.targets;
  const play = (action: string) => () => dispatch({ type: "intent", intent: { action } });
  if (ui.swap !== null) {
    const counts = ui.swap;
    const chosen = describeSwap(counts);
    const go = () => dispatch({ type: "intent", intent: { swap: [...counts] } });
    box.append(button(chosen ? `Swap ${chosen}` : "Swap (choose tiles)", "swap-go", chosen ? go : () => {}, { disabled: !chosen, class: "tw-primary" }));
    box.append(button("Cancel swap", "swap-cancel", () => dispatch({ type: "swap-mode", on: false })));
    return box;
  }
  const selected = ui.selected;
  if (selected) {
    box.append(h("span", { class: "tw-selected", text: `Selected: ${describePiece(selected)}. Click a highlighted square.` }));
  }
  for (const c of COLOURS) {
    const action = t.withdraw?.[c];
    if (action) box.append(button(`Withdraw ${LEADER_NAMES[c]}`, `withdraw-${c}`, play(action)));
  }
  if (t.swap) box.append(button("Swap tiles…", "swap-start", () => dispatch({ type: "swap-mode", on: true })));
  for (const [n, action] of Object.entries(t.commit ?? {})) box.append(button(`Commit ${n}`, `commit-${n}`, play(action)));
  for (const c of COLOURS) {
    const action = t.war?.[c];
    if (!action) continue;
    const fighters = t.war_leaders?.[c] ?? [];
    const who = fighters.length ? `: the ${LEADER_NAMES[c]}s on ${fighters.map(formatSquare).join(" and ")}` : "";
    box.append(previewing(button(`${cap(c)} war next`, `war-${c}`, play(action), { title: `${cap(c)} war next${who}` }), fighters, dispatch));
  }
  for (const piece of selectablePieces(view)) {
    if (piece.kind === "monument" || piece.kind === "ziggurat" || piece.kind === "building") {
      box.append(button(cap(describePiece(piece)), `pick-${JSON.stringify(piece)}`, () => dispatch({ type: "select", piece }), { "aria-pressed": String(samePiece(selected, piece)) }));
    }
  }
  (t.treasures ?? []).forEach((option, i) => {
    box.append(previewing(button(`Take ${option.squares.map(formatSquare).join(" ")}`, `treasure-${i}`, play(option.action)), option.squares, dispatch));
  });
  for (const c of COLOURS) {
    const action = t.bonus?.[c];
    if (action) box.append(button(`Bonus ${c}`, `bonus-${c}`, play(action)));
  }
  if (t.decline) box.append(button("Decline", "decline", play(t.decline)));
  if (t.pass) box.append(button("Pass", "pass", play(t.pass)));
  return box;
}

export interface PanelElements {
  side: HTMLElement;
  history: HTMLElement;
  log: HTMLElement;
}

function statusLine(view: View): string {
  const bits = [`Turn ${view.turn}`, `bag ${view.bag}`];
  if (view.over) bits.push("game over");
  else bits.push(`${seatName(view, view.active)} to play, ${view.actions_left} action${view.actions_left === 1 ? "" : "s"} left`);
  if (view.seat !== null) bits.push(`you are ${seatName(view, view.seat)}`);
  else bits.push("all-seeing view");
  return bits.join(" · ");
}

/** The conflict being resolved, e.g. "Revolt (red): Bull attacks with 1 + 2 committed; Lion defends with 1." */
export function conflictLine(view: View): string | null {
  const c = view.conflict;
  if (!c) return null;
  const fight = c.kind === "revolt" ? "Revolt" : `War`;
  const committed = c.attacker_commit === null ? "" : ` + ${c.attacker_commit} committed`;
  return `${fight} (${c.colour}): ${seatName(view, c.attacker)} attacks with ${c.attacker_strength}${committed}; ${seatName(view, c.defender)} defends with ${c.defender_strength}.`;
}

function resultLine(view: View): HTMLElement | null {
  if (!view.result) return null;
  const rows = [...view.result].sort((a, b) => a.rank - b.rank);
  return h("ol", { class: "tw-result", "aria-label": "Result" }, ...rows.map((r) => h("li", { text: `${seatName(view, r.seat)} (rank ${r.rank})${typeof r.score === "number" ? ` — score ${r.score}` : ""}` })));
}

/** Rebuild the side panel, history bar and log, keeping keyboard focus on the same control. */
export function renderPanel(els: PanelElements, view: View, ui: UiState, theme: Theme, dispatch: (c: PanelCommand) => void): void {
  const active = document.activeElement as HTMLElement | null;
  const focusKey = active && (els.side.contains(active) || els.history.contains(active)) ? active.dataset.key : undefined;

  const prompt = view.live ? (view.decision?.prompt ?? "The game is over.") : `Move ${view.ply} of ${view.length} (history). ${view.decision?.prompt ?? ""}`;
  els.side.replaceChildren(
    h("div", { class: "tw-status", text: statusLine(view) }),
    h("div", { class: `tw-prompt${view.decision?.mine && view.live ? " tw-mine" : ""}`, text: prompt }),
    conflictLine(view) ? h("div", { class: "tw-conflict", text: conflictLine(view) ?? "" }) : h("span"),
    decisionButtons(view, ui, dispatch),
    ...view.players.map((_, seat) => playerBlock(view, ui, seat, theme, dispatch)),
    resultLine(view) ?? h("span"),
  );

  const range = h("input", { type: "range", min: 0, max: view.length, value: view.ply, "aria-label": "Jump to move", class: "tw-range" }) as HTMLInputElement;
  range.addEventListener("change", () => dispatch({ type: "goto", ply: Number(range.value) }));
  keyed(range, "range");
  els.history.replaceChildren(
    button("«", "first", () => dispatch({ type: "goto", ply: 0 }), { "aria-label": "First position", disabled: view.ply === 0 }),
    button("‹", "back", () => dispatch({ type: "goto", ply: view.ply - 1 }), { "aria-label": "Step back", disabled: view.ply === 0 }),
    range,
    button("›", "forward", () => dispatch({ type: "goto", ply: view.ply + 1 }), { "aria-label": "Step forward", disabled: view.live }),
    button("»", "latest", () => dispatch({ type: "goto", ply: view.length }), { "aria-label": "Latest position", disabled: view.live }),
    h("span", { class: "tw-muted", "aria-live": "off", text: `move ${view.ply} / ${view.length}` }),
  );

  els.log.replaceChildren(
    ...view.log.map((entry) => {
      const li = h(
        "li",
        { class: entry.ply === view.ply ? "tw-current" : entry.future ? "tw-future" : undefined },
        h("button", { type: "button", class: "tw-log-action", text: `${entry.ply}. ${seatName(view, entry.seat)}: ${entry.action}`, title: `Go to move ${entry.ply}` }),
        ...entry.events.map((e) => h("div", { class: "tw-event", text: `${e.text} (${e.rule})`, title: e.section ?? e.rule })),
      );
      li.querySelector("button")?.addEventListener("click", () => dispatch({ type: "goto", ply: entry.ply }));
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
