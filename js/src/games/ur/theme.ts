// The Ur palettes, the same values as the static SVG's (games/ur/present/svg.py): kinds green,
// yellow, blue, purple and red (each also written as its letter, for colour-blind players); seat
// colours come from the view (black, white, orange, brown: none of them a kind's colour).

import type { CorePalette, Palettes, Theme } from "../../core/theme";
import type { Kind } from "./body";

export interface UrPalette extends CorePalette {
  text: string;
  muted: string;
  kind: Record<Kind, string>;
  kindInk: Record<Kind, string>;
  outline: string;
  selected: string;
  war: string;
}

const LIGHT: UrPalette = {
  background: "#ffffff",
  grid: "#cfc6b0",
  coordinates: "#6b6b6b",
  dot: "rgba(20,20,20,0.5)",
  dotHover: "rgba(20,20,20,0.9)",
  accent: "#d81b60",
  lastFill: "rgba(255,255,255,0)", // the frame marks the last step: a tint would pale the tile's colour
  conflict: "#d81b60",
  text: "#222222",
  muted: "#6b6b6b",
  kind: { A: "#3f9b4a", T: "#e9c22f", C: "#3a78c9", P: "#8d5cc0", W: "#cf3d33" },
  kindInk: { A: "#ffffff", T: "#2b2200", C: "#ffffff", P: "#ffffff", W: "#ffffff" },
  outline: "#1b1b1b",
  selected: "#ff8c00",
  war: "#111111",
};

const DARK: UrPalette = {
  ...LIGHT,
  background: "#1e1e1e",
  grid: "#3a3a3a",
  coordinates: "#a8a8a8",
  dot: "rgba(255,255,255,0.55)",
  dotHover: "rgba(255,255,255,0.95)",
  accent: "#ff5a92",
  lastFill: "rgba(255,255,255,0)",
  conflict: "#ff5a92",
  text: "#e6e6e6",
  muted: "#a8a8a8",
  kind: { A: "#2f7d39", T: "#c9a41c", C: "#2f63a8", P: "#74489f", W: "#ad3129" },
  kindInk: { A: "#ffffff", T: "#1e1800", C: "#ffffff", P: "#ffffff", W: "#ffffff" },
  outline: "#0a0a0a",
  war: "#f5f5f5",
};

export const PALETTES: Palettes<UrPalette> = { light: LIGHT, dark: DARK };

export type UrTheme = Theme<UrPalette>;

/** Black or white, whichever reads on ``colour`` (a #rrggbb; anything else reads black). */
export function inkOn(colour: string): string {
  const m = colour.match(/^#([0-9a-f]{6})$/i);
  if (!m || !m[1]) return "#111111";
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(m[1]!.slice(i, i + 2), 16)) as [number, number, number];
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? "#111111" : "#ffffff";
}
