// Plain-text descriptions of the position for screen readers (pure).

import { COLOURS, LEADER_NAMES, TILE_NAMES, formatSquare, type View } from "./schema";

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function seatName(view: View, seat: number): string {
  return cap(view.players[seat]?.dynasty ?? `seat ${seat}`);
}

/** The whole position in words: status, tiles, leaders and other pieces. */
export function describePosition(view: View): string {
  const parts: string[] = [];
  parts.push(`${cap(view.board.name)} board, turn ${view.turn}.`);
  if (view.over) parts.push("The game is over.");
  else if (view.decision) parts.push(view.decision.prompt);
  for (const c of COLOURS) {
    const tiles = view.tiles[c];
    if (tiles.length) parts.push(`${cap(TILE_NAMES[c])}s (${c}): ${tiles.map(formatSquare).join(", ")}.`);
  }
  for (const p of view.players) {
    const on = COLOURS.filter((c) => p.leaders[c] >= 0).map((c) => `${LEADER_NAMES[c]} at ${formatSquare(p.leaders[c])}`);
    if (on.length) parts.push(`${cap(p.dynasty)} leaders: ${on.join(", ")}.`);
  }
  if (view.face_down.length) parts.push(`Face-down tiles: ${view.face_down.map(formatSquare).join(", ")}.`);
  if (view.catastrophes.length) parts.push(`Catastrophes: ${view.catastrophes.map(formatSquare).join(", ")}.`);
  if (view.treasures.length) parts.push(`Treasures: ${view.treasures.map(formatSquare).join(", ")}.`);
  const built = view.monuments.filter((m) => m.square >= 0);
  for (const m of built) parts.push(`Monument ${m.colours.join("-")} at ${formatSquare(m.square)}.`);
  for (const c of COLOURS) if (view.buildings[c] >= 0) parts.push(`${cap(c)} building at ${formatSquare(view.buildings[c])}.`);
  if (view.tower >= 0) parts.push(`Ziggurat centred on ${formatSquare(view.tower)}.`);
  if (view.marker >= 0) parts.push(`Unification marker at ${formatSquare(view.marker)}.`);
  const c = view.conflict;
  if (c) parts.push(`${cap(c.kind)} in ${c.colour}: ${seatName(view, c.attacker)} attacks from ${formatSquare(c.attacker_square)} with ${c.attacker_strength}${c.attacker_commit === null ? "" : ` plus ${c.attacker_commit} committed`}, ${seatName(view, c.defender)} defends at ${formatSquare(c.defender_square)} with ${c.defender_strength}.`);
  return parts.join(" ");
}

/** What happened in the last action, for a live announcement. */
export function describeLast(view: View): string {
  const entry = view.log.length ? view.log[view.log.length - 1] : undefined;
  if (!entry || !view.last || entry.ply !== view.last.ply) return view.decision?.prompt ?? "";
  const events = entry.events.map((e) => e.text).join(" ");
  return `${seatName(view, entry.seat)}: ${entry.action}. ${events} ${view.decision?.prompt ?? ""}`.trim();
}

/** One square in words, for the keyboard cursor, e.g. "(5,4): land, temple (red), treasure". */
export function describeSquare(view: View, square: number): string {
  const bits: string[] = [view.board.river.includes(square) ? "river" : "land"];
  if (view.board.specials.includes(square)) bits.push("special treasure square");
  for (const c of COLOURS) if (view.tiles[c].includes(square)) bits.push(`${TILE_NAMES[c]} (${c})`);
  if (view.face_down.includes(square)) bits.push("face-down tile");
  if (view.catastrophes.includes(square)) bits.push("catastrophe");
  if (view.treasures.includes(square)) bits.push("treasure");
  if (view.ziggurat.includes(square)) bits.push("ziggurat");
  for (const p of view.players) {
    for (const c of COLOURS) if (p.leaders[c] === square) bits.push(`${cap(p.dynasty)}'s ${LEADER_NAMES[c]}`);
  }
  for (const c of COLOURS) if (view.buildings[c] === square) bits.push(`${c} civilization building`);
  if (view.marker === square) bits.push("unification marker");
  if (bits.length === 1) bits.push("empty");
  return `${formatSquare(square)}: ${bits.join(", ")}`;
}
