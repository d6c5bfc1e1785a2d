// Plain-text descriptions for screen readers that every game shares (pure).

import type { View } from "./view";

/** A seat's name, e.g. "Archer". */
export function seatName(view: Pick<View, "seats">, seat: number): string {
  return view.seats[seat]?.name ?? `seat ${seat}`;
}

/** What happened in the last action, for a live announcement. */
export function describeLast(view: View): string {
  const entry = view.log.length ? view.log[view.log.length - 1] : undefined;
  if (!entry || !view.last_move || entry.ply !== view.last_move.ply) return view.decision?.prompt ?? "";
  const events = entry.events.map((e) => e.text).join(" ");
  return `${seatName(view, entry.seat)}: ${entry.action}. ${events} ${view.decision?.prompt ?? ""}`.trim();
}
