// The Royal Game of Ur's palettes, the same values as the static SVG's (games/royal/present/svg.py):
// sand squares, lapis rosettes with a shell-white eight-pointed flower, and the two seats' pieces
// told apart by lightness (ivory and ebony, each with a ring of the other's tone), which reads for
// colour-blind players and on both themes.

import type { CorePalette, Palettes, Theme } from "../../core/theme";

export interface RoyalPalette extends CorePalette {
  text: string;
  muted: string;
  square: string;
  squareEdge: string;
  rosette: string;
  rosettePetal: string;
  rosetteCentre: string;
  tray: string;
  trayEdge: string;
  /** Per seat: the piece's fill, its ring and the dots on it. */
  piece: [string, string];
  pieceRing: [string, string];
  pieceDots: [string, string];
  die: string;
  dieEdge: string;
  tip: string;
  selected: string;
  target: string;
  /** The central rosette's frame and word (a piece there is safe). */
  safe: string;
  /** The wedges that show which way the pieces go. */
  wedge: string;
}

const LIGHT: RoyalPalette = {
  background: "#ffffff",
  grid: "#6b5434",
  coordinates: "#6b6b6b",
  dot: "rgba(20,20,20,0.5)",
  dotHover: "rgba(20,20,20,0.9)",
  accent: "#d81b60",
  lastFill: "rgba(216,27,96,0.16)",
  conflict: "#d81b60",
  text: "#222222",
  muted: "#5f5f5f",
  square: "#dcc596",
  squareEdge: "#6b5434",
  rosette: "#2d5aa0",
  rosettePetal: "#f6efdc",
  rosetteCentre: "#c0392b",
  tray: "rgba(107,84,52,0.10)",
  trayEdge: "#9c8660",
  piece: ["#fbf7ec", "#1c1c1c"],
  pieceRing: ["#2a2a2a", "#f0e6cf"],
  pieceDots: ["#2a2a2a", "#f0e6cf"],
  die: "#f2e8d2",
  dieEdge: "#4a3a22",
  tip: "#c0392b",
  selected: "#ff8c00",
  target: "#0b7a3e",
  safe: "#e8b923",
  wedge: "#8a6d3b",
};

const DARK: RoyalPalette = {
  ...LIGHT,
  background: "#1e1e1e",
  grid: "#0d0b08",
  coordinates: "#a8a8a8",
  dot: "rgba(255,255,255,0.55)",
  dotHover: "rgba(255,255,255,0.95)",
  accent: "#ff5a92",
  lastFill: "rgba(255,90,146,0.18)",
  conflict: "#ff5a92",
  text: "#e6e6e6",
  muted: "#b0b0b0",
  square: "#b59d6e",
  squareEdge: "#0d0b08",
  rosette: "#2a5293",
  tray: "rgba(255,255,255,0.06)",
  trayEdge: "#7d6c4f",
  die: "#d9ccb0",
  dieEdge: "#0d0b08",
  tip: "#d64533",
  target: "#4be08a",
  wedge: "#4a3a22",
};

export const PALETTES: Palettes<RoyalPalette> = { light: LIGHT, dark: DARK };

export type RoyalTheme = Theme<RoyalPalette>;
