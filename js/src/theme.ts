// Colours for drawing: a light and a dark palette, chosen from JupyterLab's theme or a manual override.

import { PICTURE } from "./picture.generated";
import type { ColourName } from "./schema";

export type Palette = typeof PICTURE.light;

export interface Theme {
  dark: boolean;
  /** The shared picture palette (render/picture.py): terrain, pieces, symbols, markers. */
  paint: Palette;
  background: string;
  land: string;
  landAlt: string;
  river: string;
  riverLine: string;
  grid: string;
  text: string;
  mutedText: string;
  special: string;
  /** Fill of the civilization tiles and leaders, and the ink of their symbols. */
  piece: Record<ColourName, string>;
  symbol: Record<ColourName, string>;
  faceDown: string;
  catastrophe: string;
  treasure: string;
  /** Legal-move dots, and the same dot under the pointer. */
  target: string;
  targetHover: string;
  selected: string;
  last: string;
  lastFill: string;
  conflict: string;
  cursor: string;
  error: string;
  font: string;
}

function fromPalette(p: Palette, dark: boolean): Theme {
  const ink = p.ink;
  return {
    dark,
    paint: p,
    background: p.background,
    land: p.land,
    landAlt: p.landAlt,
    river: p.river,
    riverLine: p.riverLine,
    grid: p.grid,
    text: dark ? "#e6e6e6" : "#222222",
    mutedText: p.coordinates,
    special: p.special,
    piece: { ...p.piece },
    symbol: { black: ink, red: ink, blue: ink, green: ink },
    faceDown: p.faceDown,
    catastrophe: p.catastrophe,
    treasure: p.gold,
    target: p.dot,
    targetHover: p.dotHover,
    selected: "#ff8c00",
    last: p.accent,
    lastFill: p.lastFill,
    conflict: p.conflict,
    cursor: dark ? "#ce93d8" : "#6a1b9a",
    error: dark ? "#ff6b6b" : "#b00020",
    font: "system-ui, -apple-system, 'Segoe UI', sans-serif",
  };
}

export const LIGHT: Theme = fromPalette(PICTURE.light as Palette, false);
export const DARK: Theme = fromPalette(PICTURE.dark as Palette, true);

export type ThemeChoice = "auto" | "light" | "dark";

/** Parse a CSS colour's lightness roughly (for ``auto`` outside JupyterLab); null when unknown. */
export function isDarkColour(css: string): boolean | null {
  const m = css.trim().match(/^rgba?\((\d+)[,\s]+(\d+)[,\s]+(\d+)(?:[,\s/]+([\d.]+))?/i) ?? null;
  let rgb: number[] | null = null;
  if (m && m[4] !== undefined && Number(m[4]) === 0) return null; // transparent: says nothing
  if (m) rgb = [Number(m[1]), Number(m[2]), Number(m[3])];
  const hex = css.trim().match(/^#([0-9a-f]{6})$/i);
  if (hex && hex[1]) rgb = [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16));
  if (!rgb) return null;
  const [r, g, b] = rgb as [number, number, number];
  return 0.299 * r + 0.587 * g + 0.114 * b < 128;
}

/**
 * The theme to use: the manual choice, else JupyterLab's (``body[data-jp-theme-light]``), else the
 * page background. ``bodyLight`` is the attribute value (null when absent).
 */
export function pickTheme(choice: ThemeChoice, bodyLight: string | null, background: string): Theme {
  if (choice === "light") return LIGHT;
  if (choice === "dark") return DARK;
  if (bodyLight === "true") return LIGHT;
  if (bodyLight === "false") return DARK;
  return isDarkColour(background) === true ? DARK : LIGHT;
}

/** Watch the document for JupyterLab theme switches; returns the removal. */
export function watchTheme(onChange: () => void): () => void {
  if (typeof MutationObserver === "undefined" || typeof document === "undefined") return () => {};
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light", "data-jp-theme-name", "class"] });
  const media = typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)") : null;
  media?.addEventListener("change", onChange);
  return () => {
    observer.disconnect();
    media?.removeEventListener("change", onChange);
  };
}

/** The theme for an element right now (reads the body attribute and the computed background). */
export function currentTheme(choice: ThemeChoice, el: Element): Theme {
  const body = typeof document !== "undefined" ? document.body : null;
  let bodyLight = body?.getAttribute("data-jp-theme-light") ?? null;
  if (bodyLight === null && body?.classList.contains("vscode-dark")) bodyLight = "false";
  if (bodyLight === null && body?.classList.contains("vscode-light")) bodyLight = "true";
  let bg = "";
  if (typeof getComputedStyle === "function") {
    const style = getComputedStyle(el);
    bg = style.getPropertyValue("--jp-layout-color0") || (body ? getComputedStyle(body).backgroundColor : "");
  }
  return pickTheme(choice, bodyLight, bg);
}
