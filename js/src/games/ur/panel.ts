// The Ur part of the side panel: a status line, the decision's buttons (actions, keep, end, amounts,
// cubes moved into a conquered tile, spare exchanges, the steps of the picked cell, take back), what
// the turn has done, and one row per seat (hand tile, supply, cubes on the grid, points) and the spares.

import { seatName } from "../../core/describe";
import type { PanelParts } from "../../core/game";
import { button, cap, h, previewing } from "../../core/panel";
import { KIND_NAMES, KINDS, formatCell, type Kind, type UrView as View } from "./body";
import type { UrTheme as Theme } from "./theme";
import { regrouping } from "./draw";
import { inkOn } from "./theme";
import { attacksFrom, canAct, cellOptions, type UiState, type UrCommand } from "./ui";

type Dispatch = (c: UrCommand) => void;

const ACTION_LABELS: Record<string, string> = { agri: "Agriculture (a)", trade: "Trade (t)", culture: "Culture (c)", politics: "Politics (p)" };

function isKind(k: string): k is Kind {
  return (KINDS as readonly string[]).includes(k);
}

/** A kind as a small coloured square with its letter (colour-blind safe: the letter says it). */
function kindChip(kind: string, theme: Theme): HTMLElement {
  const k = isKind(kind) ? kind : "A";
  const chip = h("span", { class: "tw-ur-chip", title: KIND_NAMES[k], text: kind });
  chip.style.background = theme.paint.kind[k];
  chip.style.color = theme.paint.kindInk[k];
  return chip;
}

function pairChips(pair: string, theme: Theme): HTMLElement {
  return h("span", { class: "tw-ur-pair", "aria-label": `${pair}: ${[...pair].map((k) => (isKind(k) ? KIND_NAMES[k] : k)).join(" and ")}` }, ...[...pair].map((k) => kindChip(k, theme)));
}

function swatch(colour: string): HTMLElement {
  const s = h("span", { class: "tw-ur-swatch", "aria-hidden": "true" });
  s.style.background = colour;
  s.style.color = inkOn(colour);
  return s;
}

function send(dispatch: Dispatch, action: string): () => void {
  return () => dispatch({ type: "intent", intent: { action } });
}

function controls(view: View, ui: UiState, dispatch: Dispatch): HTMLElement[] {
  if (!canAct(view)) return [];
  const t = view.targets;
  const preview = (squares: number[]) => dispatch({ type: "preview", squares });
  const rows: HTMLElement[] = [];
  const row = (label: string, ...items: HTMLElement[]) => {
    if (items.length) rows.push(h("div", { class: "tw-ur-row" }, h("span", { class: "tw-muted", text: label }), ...items));
  };
  if (ui.selected >= 0) {
    const options = cellOptions(view, ui.selected);
    const attacks = attacksFrom(view, ui.selected);
    row(`${formatCell(ui.selected)}:`, ...options.map((o, i) => previewing(button(o.label, `cell-${i}`, send(dispatch, o.action)), [ui.selected], preview)));
    if (attacks.length) rows.push(h("div", { class: "tw-ur-hint", text: `War from ${formatCell(ui.selected)}: click a ringed neighbour to attack it: ${attacks.map(([to]) => formatCell(to)).join(", ")}.` }));
  }
  row("Actions:", ...Object.entries(t.actions ?? {}).flatMap(([word, action]) => (action ? [button(ACTION_LABELS[word] ?? cap(word), `act-${word}`, send(dispatch, action))] : [])));
  if (t.attack && ui.selected < 0) rows.push(h("div", { class: "tw-ur-hint", text: "War: click one of your tiles, then the neighbour to attack." }));
  if (t.alloc) {
    const a = t.alloc;
    const what = (k: string) => (k === "1" ? "cube" : "cubes") + (a.kind === "set" ? (k === "1" ? " stays on" : " stay on") : " on");
    row(`${formatCell(a.cell)}:`, ...Object.entries(a.amounts).flatMap(([k, action]) => (action ? [previewing(button(`${k} ${what(k)} ${formatCell(a.cell)}`, `alloc-${k}`, send(dispatch, action), { "aria-keyshortcuts": k }), [a.cell], preview)] : [])));
  }
  if (t.move) {
    const war = view.body.turn.war;
    row("Move in:", ...Object.entries(t.move).flatMap(([m, action]) => (action ? [previewing(button(`${m} cube${m === "1" ? "" : "s"}`, `move-${m}`, send(dispatch, action), { "aria-keyshortcuts": m }), war ? [war.attacker, war.target] : [], preview)] : [])));
  }
  if (t.exchange && ui.selected < 0) rows.push(h("div", { class: "tw-ur-hint", text: "Exchange: click an empty tile to take it (a ring shows a legal one under the pointer); its two sides are offered here." }));
  row("Spare:", ...(t.spare ?? []).map((s, i) => button(`Take the spare ${s.pair}`, `spare-${i}`, send(dispatch, s.action))));
  const last: HTMLElement[] = [];
  if (t.keep) last.push(button("Keep the hand tile (k)", "keep", send(dispatch, t.keep)));
  if (t.end) last.push(button("End the game: no exchange (e)", "end", send(dispatch, t.end)));
  if (t.undo) last.push(button("Take back the last step (u)", "undo", () => dispatch({ type: "intent", intent: { kind: "undo" } })));
  if (ui.selected >= 0) last.push(button("Drop the pick (Esc)", "drop", () => dispatch({ type: "cancel" })));
  row("", ...last);
  return rows;
}

function turnSoFar(view: View): HTMLElement | null {
  const b = view.body;
  if (view.over || b.phase === "setup" || b.phase === "initial") return null;
  const acts = b.turn.acts.length ? b.turn.acts.join(", ") : "none yet";
  const cube = { none: "not placed", open: "placed (one action may follow)", closed: "placed" }[b.turn.cube];
  const lifted = regrouping(b);
  const regroup = lifted.length ? ` Regrouping: ${b.turn.need} cube${b.turn.need === 1 ? "" : "s"} to share among ${lifted.map(formatCell).join(", ")}.` : "";
  return h("div", { class: "tw-ur-turn", text: `This turn — actions: ${acts}; extra cube: ${cube}.${regroup}` });
}

function seatRows(view: View, theme: Theme): HTMLElement {
  const b = view.body;
  // cubes lifted by a regrouping are still the active player's: on the grid, not in his supply
  const lifted = regrouping(b).length ? b.turn.need : 0;
  const rows = view.seats.map((s) => {
    const p = s.seat;
    const score = b.scores[p];
    const turn = !view.over && b.active === p;
    const held = turn ? lifted : 0;
    return h(
      "tr",
      { class: turn ? "tw-ur-active" : undefined },
      h("td", {}, swatch(s.colour ?? "#888888"), h("span", { text: ` ${s.name}${turn ? " ▶" : ""}${b.start === p ? " (start)" : ""}` })),
      h("td", {}, pairChips(b.hands[p] ?? "", theme)),
      h("td", { text: String((b.supply[p] ?? 0) - held) }),
      h("td", { text: String((b.on_grid[p] ?? 0) + held) }),
      held ? h("td", { text: "…", title: "counted again once the cubes are regrouped" }) : h("td", { text: score ? String(score.points) : "" }),
    );
  });
  return h(
    "table",
    { class: "tw-ur-seats" },
    h("thead", {}, h("tr", {}, ...["Seat", "Hand", "Supply", "On grid", "Points"].map((t) => h("th", { text: t })))),
    h("tbody", {}, ...rows),
  );
}

export function urPanel(view: View, ui: UiState, theme: Theme, dispatch: Dispatch): PanelParts {
  const b = view.body;
  const who = seatName(view, b.active);
  const phase = b.setup_round ? `Setup round ${b.setup_round}` : b.phase === "initial" ? "Initial exchange" : view.over ? "Game over" : `Turn ${b.turns + 1}`;
  const status = `${phase} · ${view.over ? "" : `${who} to play · `}ziggurats left ${b.zig_left}`;
  const spares = h("div", { class: "tw-ur-row" }, h("span", { class: "tw-muted", text: "Spare tiles:" }), ...(b.spares.length ? b.spares.map((s) => pairChips(s, theme)) : [h("span", { text: "none" })]));
  const parts: HTMLElement[] = [...controls(view, ui, dispatch)];
  const so = turnSoFar(view);
  if (so) parts.push(so);
  parts.push(seatRows(view, theme), spares);
  return { status, body: parts };
}
