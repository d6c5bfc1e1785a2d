// Colours for drawing: a light and a dark palette, chosen from JupyterLab's theme or a manual override.

import type { ColourName } from "./schema";

export interface Theme {
  dark: boolean;
  background: string;
  land: string;
  landAlt: string;
  river: string;
  riverLine: string;
  grid: string;
  text: string;
  mutedText: string;
  special: string;
  /** Fill and symbol colour of the civilization tiles and leaders. */
  piece: Record<ColourName, string>;
  symbol: Record<ColourName, string>;
  faceDown: string;
  catastrophe: string;
  treasure: string;
  target: string;
  selected: string;
  last: string;
  cursor: string;
  error: string;
  font: string;
}

const PIECES: Record<ColourName, string> = { black: "#2b2b2b", red: "#c8362d", blue: "#2f6fc0", green: "#2f8f46" };

export const LIGHT: Theme = {
  dark: false,
  background: "#ffffff",
  land: "#e9dcb4",
  landAlt: "#e2d3a6",
  river: "#9cc8e6",
  riverLine: "#7fb1d6",
  grid: "rgba(80,60,20,0.25)",
  text: "#222222",
  mutedText: "#6b6b6b",
  special: "#b8860b",
  piece: PIECES,
  symbol: { black: "#f2f2f2", red: "#fff4e8", blue: "#eef6ff", green: "#effbef" },
  faceDown: "#8a7a5a",
  catastrophe: "#5a3a2a",
  treasure: "#f2c12e",
  target: "rgba(255,200,0,0.35)",
  selected: "#ff8c00",
  last: "#d81b60",
  cursor: "#6a1b9a",
  error: "#b00020",
  font: "system-ui, -apple-system, 'Segoe UI', sans-serif",
};

export const DARK: Theme = {
  ...LIGHT,
  dark: true,
  background: "#1e1e1e",
  land: "#6b5e3e",
  landAlt: "#645737",
  river: "#2d5575",
  riverLine: "#3c6a8f",
  grid: "rgba(0,0,0,0.35)",
  text: "#e6e6e6",
  mutedText: "#a8a8a8",
  special: "#f0c040",
  piece: { black: "#0f0f0f", red: "#d9453b", blue: "#3f84d9", green: "#38a653" },
  faceDown: "#9a8a6a",
  catastrophe: "#a06a50",
  target: "rgba(255,210,60,0.3)",
  last: "#ff4f8b",
  cursor: "#ce93d8",
  error: "#ff6b6b",
};

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
