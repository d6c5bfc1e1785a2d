// The Royal Game of Ur's part of the side panel: a status line, the Roll button (when the dice are
// to be thrown), the picked piece's move, and one row per seat (pieces waiting, on the board, home).

import { seatName } from "../../core/describe";
import type { PanelParts } from "../../core/game";
import { button, h } from "../../core/panel";
import type { RoyalView as View } from "./body";
import { ROSETTES, formatCell, trayOf } from "./geometry";
import type { RoyalTheme as Theme } from "./theme";
import { canAct, moveFrom, movableCells, rollAction, type RoyalCommand, type UiState } from "./ui";

type Dispatch = (c: RoyalCommand) => void;

/** A seat's piece as a small disc in the panel (its tone and ring as on the board). */
function pieceSwatch(seat: number, theme: Theme): HTMLElement {
  const s = h("span", { "aria-hidden": "true" });
  const i = seat === 0 ? 0 : 1;
  Object.assign(s.style, {
    display: "inline-block",
    width: "0.95em",
    height: "0.95em",
    borderRadius: "50%",
    verticalAlign: "-0.12em",
    background: theme.paint.piece[i],
    border: `2px solid ${theme.paint.pieceRing[i]}`,
    boxSizing: "border-box",
  });
  return s;
}

/** Where a move's piece stands, in words ("the waiting pieces" or a square). */
function placeWords(cell: number): string {
  const tray = trayOf(cell);
  if (tray) return tray.tray === "waiting" ? "a new piece" : "home";
  return `the piece on ${formatCell(cell)}`;
}

/** What a move to ``to`` brings besides the step: a capture, another throw. */
export function moveNote(view: View, to: number): string {
  const b = view.body;
  const other = b.cells[to];
  const notes: string[] = [];
  if (other !== null && other !== undefined && other !== b.active) notes.push(`takes ${seatName(view, other)}'s piece`);
  if (ROSETTES.includes(to)) notes.push("rosette: throw again");
  return notes.length ? ` — ${notes.join(", ")}` : "";
}

function row(...items: (HTMLElement | null)[]): HTMLElement {
  const r = h("div", {}, ...items);
  Object.assign(r.style, { display: "flex", flexWrap: "wrap", gap: "4px 6px", alignItems: "center", margin: "3px 0" });
  return r;
}

function controls(view: View, ui: UiState, dispatch: Dispatch): HTMLElement[] {
  if (!canAct(view)) return [];
  const out: HTMLElement[] = [];
  const roll = rollAction(view);
  if (roll) out.push(row(button("Roll the dice (r)", "roll", () => dispatch({ type: "intent", intent: { action: roll } }), { "aria-keyshortcuts": "r Space", class: "tw-royal-roll" })));
  const picked = moveFrom(view, ui.selected);
  if (picked) {
    const to = trayOf(picked.to)?.tray === "home" ? "home (bear off)" : formatCell(picked.to);
    out.push(
      row(
        button(`Move ${placeWords(ui.selected)} to ${to}${moveNote(view, picked.to)}`, "move", () => dispatch({ type: "intent", intent: { action: picked.action } })),
        button("Drop the pick (Esc)", "drop", () => dispatch({ type: "cancel" })),
      ),
    );
  } else if (!roll && movableCells(view).length) {
    out.push(h("div", { class: "tw-muted", text: "Click a ringed piece (or n), then its marked target — or the piece again." }));
  }
  return out;
}

function seatRows(view: View, theme: Theme): HTMLElement {
  const b = view.body;
  const rows = view.seats.map((s) => {
    const p = s.seat;
    const onBoard = b.cells.filter((c) => c === p).length;
    const turn = !view.over && b.active === p;
    const tr = h(
      "tr",
      { class: turn ? "tw-royal-active" : undefined },
      h("td", {}, pieceSwatch(p, theme), h("span", { text: ` ${s.name}${turn ? " ▶" : ""}` })),
      h("td", { text: String(b.waiting[p] ?? 0) }),
      h("td", { text: String(onBoard) }),
      h("td", { text: `${b.off[p] ?? 0} / ${b.pieces}` }),
    );
    if (turn) tr.style.fontWeight = "700";
    return tr;
  });
  const table = h(
    "table",
    { class: "tw-royal-seats" },
    h("thead", {}, h("tr", {}, ...["Seat", "Waiting", "On board", "Home"].map((t) => h("th", { text: t })))),
    h("tbody", {}, ...rows),
  );
  Object.assign(table.style, { borderCollapse: "collapse", margin: "4px 0", fontSize: "0.95em" });
  for (const cell of table.querySelectorAll<HTMLElement>("th, td")) Object.assign(cell.style, { padding: "1px 8px 1px 0", textAlign: "left" });
  return table;
}

export function royalPanel(view: View, ui: UiState, theme: Theme, dispatch: Dispatch): PanelParts {
  const b = view.body;
  const who = seatName(view, b.active);
  const doing = b.roll === null ? `${who} to roll` : `${who} rolled ${b.roll}`;
  const status = view.over ? `Game over after ${b.turns} turns` : `Turn ${b.turns + 1} · ${doing}`;
  const last = b.roll === null && b.last_roll ? h("div", { class: "tw-muted", text: `Last throw: ${seatName(view, b.last_roll.seat)} ${b.last_roll.roll}.` }) : null;
  return { status, body: [...controls(view, ui, dispatch), ...(last ? [last] : []), seatRows(view, theme)] };
}
