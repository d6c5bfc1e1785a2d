// Plain-text descriptions of a Tigris & Euphrates position for screen readers (pure).

import { seatName } from "../../core/describe";
import { COLOURS, LEADER_NAMES, TILE_NAMES, formatSquare, type TigrisView as View } from "./body";

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The whole position in words: status, tiles, leaders and other pieces. */
export function describePosition(view: View): string {
  const parts: string[] = [];
  const b = view.body;
  parts.push(`${cap(b.board.name)} board, turn ${b.turn}.`);
  if (view.over) parts.push("The game is over.");
  else if (view.decision) parts.push(view.decision.prompt);
  for (const c of COLOURS) {
    const tiles = b.tiles[c];
    if (tiles.length) parts.push(`${cap(TILE_NAMES[c])}s (${c}): ${tiles.map(formatSquare).join(", ")}.`);
  }
  for (const p of b.players) {
    const on = COLOURS.filter((c) => p.leaders[c] >= 0).map((c) => `${LEADER_NAMES[c]} at ${formatSquare(p.leaders[c])}`);
    if (on.length) parts.push(`${cap(p.dynasty)} leaders: ${on.join(", ")}.`);
  }
  if (b.face_down.length) parts.push(`Face-down tiles: ${b.face_down.map(formatSquare).join(", ")}.`);
  if (b.catastrophes.length) parts.push(`Catastrophes: ${b.catastrophes.map(formatSquare).join(", ")}.`);
  if (b.treasures.length) parts.push(`Treasures: ${b.treasures.map(formatSquare).join(", ")}.`);
  const built = b.monuments.filter((m) => m.square >= 0);
  for (const m of built) parts.push(`Monument ${m.colours.join("-")} at ${formatSquare(m.square)}.`);
  for (const c of COLOURS) if (b.buildings[c] >= 0) parts.push(`${cap(c)} building at ${formatSquare(b.buildings[c])}.`);
  if (b.tower >= 0) parts.push(`Ziggurat centred on ${formatSquare(b.tower)}.`);
  if (b.marker >= 0) parts.push(`Unification marker at ${formatSquare(b.marker)}.`);
  const c = b.conflict;
  if (c) parts.push(`${cap(c.kind)} in ${c.colour}: ${seatName(view, c.attacker)} attacks from ${formatSquare(c.attacker_square)} with ${c.attacker_strength}${c.attacker_commit === null ? "" : ` plus ${c.attacker_commit} committed`}, ${seatName(view, c.defender)} defends at ${formatSquare(c.defender_square)} with ${c.defender_strength}.`);
  return parts.join(" ");
}

/** One square in words, for the keyboard cursor, e.g. "(5,4): land, temple (red), treasure". */
export function describeSquare(view: View, square: number): string {
  const b = view.body;
  const bits: string[] = [b.board.river.includes(square) ? "river" : "land"];
  if (b.board.specials.includes(square)) bits.push("special treasure square");
  for (const c of COLOURS) if (b.tiles[c].includes(square)) bits.push(`${TILE_NAMES[c]} (${c})`);
  if (b.face_down.includes(square)) bits.push("face-down tile");
  if (b.catastrophes.includes(square)) bits.push("catastrophe");
  if (b.treasures.includes(square)) bits.push("treasure");
  if (b.ziggurat.includes(square)) bits.push("ziggurat");
  for (const p of b.players) {
    for (const c of COLOURS) if (p.leaders[c] === square) bits.push(`${cap(p.dynasty)}'s ${LEADER_NAMES[c]}`);
  }
  for (const c of COLOURS) if (b.buildings[c] === square) bits.push(`${c} civilization building`);
  if (b.marker === square) bits.push("unification marker");
  if (bits.length === 1) bits.push("empty");
  return `${formatSquare(square)}: ${bits.join(", ")}`;
}
