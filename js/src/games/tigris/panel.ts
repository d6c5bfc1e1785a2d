// The Tigris & Euphrates part of the side panel: the status line, the conflict being resolved, the
// decision's buttons and one block per player (leaders, catastrophes, hand, score). The frame around
// it (prompt, result, history bar, log) is the shared panel's (core/panel.ts).

import { seatName } from "../../core/describe";
import type { PanelParts } from "../../core/game";
import { button, cap, h, keyed, previewing } from "../../core/panel";
import { COLOURS, LEADER_NAMES, TILE_NAMES, formatSquare, type ColourName, type Dynasty, type TigrisView as View } from "./body";
import { drawCatastrophe, drawLeader, drawTile, drawTreasure } from "./pieces";
import type { TigrisTheme as Theme } from "./theme";
import { cycleSwap, describePiece, describeSwap, samePiece, selectCommand, selectablePieces, targetsFor, type Piece, type TigrisCommand, type UiState } from "./ui-state";

type Dispatch = (c: TigrisCommand) => void;

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

/** The seat's colour, as the ring on its leaders shows it on the board. */
function seatSwatch(view: View, seat: number): HTMLElement | null {
  const colour = view.seats[seat]?.colour;
  if (!colour) return null;
  return h("span", { class: "tw-seat-swatch", style: `border-color:${colour}`, title: `${seatName(view, seat)}'s leaders wear this ring on the board`, "aria-hidden": "true" });
}

function playerBlock(view: View, ui: UiState, seat: number, theme: Theme, dispatch: Dispatch): HTMLElement {
  const p = view.body.players[seat]!;
  const acting = view.decision?.mine === true && view.decision.seat === seat;
  const me = view.viewer === seat;
  const title = h(
    "div",
    { class: "tw-player-title" },
    seatSwatch(view, seat),
    h("strong", { text: `${cap(p.dynasty)}${me ? " (you)" : ""}` }),
    view.body.active === seat && !view.over ? h("span", { class: "tw-badge", text: "to play" }) : null,
    view.decision?.seat === seat && view.decision.kind !== "action" ? h("span", { class: "tw-badge", text: "deciding" }) : null,
  );
  // leaders: in the supply (selectable to place) or on the board (selectable to move)
  const leaders = h("div", { class: "tw-row", role: "group", "aria-label": `${cap(p.dynasty)} leaders` });
  for (const c of COLOURS) {
    const onBoard = p.leaders[c] >= 0;
    const piece: Piece = onBoard ? { kind: "move", colour: c } : { kind: "leader", colour: c };
    const usable = acting && targetsFor(view, piece).length > 0;
    const where = onBoard ? `on ${formatSquare(p.leaders[c])}` : "in supply";
    const b = pieceButton(`${cap(LEADER_NAMES[c])} (${c} leader) ${where}`, `leader-${seat}-${c}`, [leaderIcon(theme, c, p.dynasty)], usable ? () => dispatch(selectCommand(piece)) : null, samePiece(ui.selected, piece));
    if (onBoard) b.classList.add("tw-on-board");
    leaders.append(b);
  }
  const cat: Piece = { kind: "catastrophe" };
  const catUsable = acting && targetsFor(view, cat).length > 0;
  leaders.append(pieceButton(`Catastrophes left: ${p.catastrophes}`, `cat-${seat}`, [catastropheIcon(theme), h("span", { text: `×${p.catastrophes}` })], catUsable ? () => dispatch(selectCommand(cat)) : null, samePiece(ui.selected, cat)));
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
      const onClick = !usable ? null : swapping ? () => dispatch({ type: "update", update: (u, v) => cycleSwap(v, u, c) }) : () => dispatch(selectCommand(piece));
      hand.append(pieceButton(label, `tile-${seat}-${c}`, [tileIcon(theme, c), h("span", { text: swapping ? `${chosen}/${n}` : `×${n}` })], onClick, swapping ? chosen > 0 : samePiece(ui.selected, piece)));
    }
    if (!p.hand_size) hand.append(h("span", { class: "tw-muted", text: "no tiles" }));
  } else {
    hand.append(h("span", { class: "tw-muted", text: `${p.hand_size} tiles in hand` }));
  }
  // scores
  const score = h("div", { class: "tw-row tw-score", "aria-label": `${cap(p.dynasty)} score` });
  if (p.vp) {
    for (const c of COLOURS) score.append(h("span", { class: `tw-vp tw-vp-${c}`, style: `background:${theme.paint.piece[c]}`, title: `${c} VP`, "aria-label": `${c} ${p.vp[c]}`, text: String(p.vp[c]) }));
    score.append(h("span", { class: "tw-vp tw-vp-treasure", title: "treasures", "aria-label": `treasures ${p.treasures ?? 0}` }, treasureIcon(theme), String(p.treasures ?? 0)));
  } else {
    score.append(h("span", { class: "tw-muted", text: "score hidden" }));
  }
  return h("section", { class: `tw-player${acting ? " tw-acting" : ""}`, "aria-label": `${cap(p.dynasty)}` }, title, leaders, hand, score);
}

/** Switch composing a swap on or off. */
function swapMode(on: boolean): TigrisCommand {
  return { type: "update", update: (ui) => ({ ...ui, selected: null, swap: on ? [0, 0, 0, 0] : null }) };
}

/** Buttons for the pending decision (everything that is not a square on the board). */
function decisionButtons(view: View, ui: UiState, dispatch: Dispatch): HTMLElement {
  const box = h("div", { class: "tw-actions", role: "group", "aria-label": "Choices" });
  if (!view.history.live || !view.decision?.mine) return box;
  const preview = (squares: number[]) => dispatch({ type: "preview", squares });
  const t = view.targets;
  const play = (action: string) => () => dispatch({ type: "intent", intent: { action } });
  if (ui.swap !== null) {
    const counts = ui.swap;
    const chosen = describeSwap(counts);
    const go = () => dispatch({ type: "intent", intent: { swap: [...counts] } });
    box.append(button(chosen ? `Swap ${chosen}` : "Swap (choose tiles)", "swap-go", chosen ? go : () => {}, { disabled: !chosen, class: "tw-primary" }));
    box.append(button("Cancel swap", "swap-cancel", () => dispatch(swapMode(false))));
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
  if (t.swap) box.append(button("Swap tiles…", "swap-start", () => dispatch(swapMode(true))));
  for (const [n, action] of Object.entries(t.commit ?? {})) box.append(button(`Commit ${n}`, `commit-${n}`, play(action)));
  for (const c of COLOURS) {
    const action = t.war?.[c];
    if (!action) continue;
    const fighters = t.war_leaders?.[c] ?? [];
    const who = fighters.length ? `: the ${LEADER_NAMES[c]}s on ${fighters.map(formatSquare).join(" and ")}` : "";
    box.append(previewing(button(`${cap(c)} war next`, `war-${c}`, play(action), { title: `${cap(c)} war next${who}` }), fighters, preview));
  }
  for (const piece of selectablePieces(view)) {
    if (piece.kind === "monument" || piece.kind === "ziggurat" || piece.kind === "building") {
      box.append(button(cap(describePiece(piece)), `pick-${JSON.stringify(piece)}`, () => dispatch(selectCommand(piece)), { "aria-pressed": String(samePiece(selected, piece)) }));
    }
  }
  (t.treasures ?? []).forEach((option, i) => {
    box.append(previewing(button(`Take ${option.squares.map(formatSquare).join(" ")}`, `treasure-${i}`, play(option.action)), option.squares, preview));
  });
  for (const c of COLOURS) {
    const action = t.bonus?.[c];
    if (action) box.append(button(`Bonus ${c}`, `bonus-${c}`, play(action)));
  }
  if (t.decline) box.append(button("Decline", "decline", play(t.decline)));
  if (t.pass) box.append(button("Pass", "pass", play(t.pass)));
  return box;
}

function statusLine(view: View): string {
  const b = view.body;
  const bits = [`Turn ${b.turn}`, `bag ${b.bag}`];
  if (view.over) bits.push("game over");
  else bits.push(`${seatName(view, b.active)} to play, ${b.actions_left} action${b.actions_left === 1 ? "" : "s"} left`);
  if (view.viewer !== null) bits.push(`you are ${seatName(view, view.viewer)}`);
  else bits.push("all-seeing view");
  return bits.join(" · ");
}

const LEADER_ROLE: Record<string, string> = { black: "king", red: "priest", blue: "farmer", green: "trader" };

/** The conflict being resolved, e.g. "Revolt of the kings, fought with red temples: Bull attacks with 1 + 2
 * committed; Lion defends with 1." A revolt's colour is its support's (always red), not its leaders'. */
export function conflictLine(view: View): string | null {
  const c = view.body.conflict;
  if (!c) return null;
  const leaders = view.body.players[c.attacker]?.leaders ?? {};
  const colour = c.kind === "revolt" ? Object.keys(leaders).find((k) => leaders[k as keyof typeof leaders] === c.attacker_square) : c.colour;
  const who = colour && LEADER_ROLE[colour] ? ` of the ${LEADER_ROLE[colour]}s` : "";
  const fight = c.kind === "revolt" ? `Revolt${who}, fought with red temples` : `War${who}, fought with ${c.colour} tiles`;
  const committed = c.attacker_commit === null ? "" : ` + ${c.attacker_commit} committed`;
  return `${fight}: ${seatName(view, c.attacker)} attacks with ${c.attacker_strength}${committed}; ${seatName(view, c.defender)} defends with ${c.defender_strength}.`;
}

/** The game's part of the side panel, between the prompt and the result. */
export function tigrisPanel(view: View, ui: UiState, theme: Theme, dispatch: Dispatch): PanelParts {
  const conflict = conflictLine(view);
  return {
    status: statusLine(view),
    body: [
      conflict ? h("div", { class: "tw-conflict", text: conflict }) : h("span"),
      decisionButtons(view, ui, dispatch),
      ...view.body.players.map((_, seat) => playerBlock(view, ui, seat, theme, dispatch)),
    ],
  };
}
