// Colours for drawing: a light and a dark palette, chosen from JupyterLab's theme or a manual override.
// Each game brings its own pair of palettes (terrain, pieces); the core reads only the entries named in
// ``CorePalette`` (frame, coordinates, legal-move dots, the last move, conflicts).

/** The palette entries every game's palette has, which the shared drawing reads. */
export interface CorePalette {
  background: string;
  grid: string;
  coordinates: string;
  /** Legal-move dots, and the same dot under the pointer. */
  dot: string;
  dotHover: string;
  /** The last move's frame, and its tint under the pieces. */
  accent: string;
  lastFill: string;
  conflict: string;
}

/** A game's light and dark palettes. */
export interface Palettes<P extends CorePalette = CorePalette> {
  light: P;
  dark: P;
}

export interface Theme<P extends CorePalette = CorePalette> {
  dark: boolean;
  /** The game's palette (for Tigris & Euphrates the shared picture model, games/tigris/present/picture.py). */
  paint: P;
  background: string;
  grid: string;
  text: string;
  mutedText: string;
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

export function themeFrom<P extends CorePalette>(p: P, dark: boolean): Theme<P> {
  return {
    dark,
    paint: p,
    background: p.background,
    grid: p.grid,
    text: dark ? "#e6e6e6" : "#222222",
    mutedText: p.coordinates,
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

/** Plain palettes for a board with no game drawing yet (a missing position, an unknown game). */
export const NEUTRAL: Palettes = {
  light: { background: "#ffffff", grid: "rgba(0,0,0,0.2)", coordinates: "#666666", dot: "rgba(0,0,0,0.3)", dotHover: "rgba(0,0,0,0.55)", accent: "#d81b60", lastFill: "rgba(255,196,0,0.38)", conflict: "#8e24aa" },
  dark: { background: "#1e1e1e", grid: "rgba(255,255,255,0.2)", coordinates: "#aaaaaa", dot: "rgba(255,255,255,0.4)", dotHover: "rgba(255,255,255,0.7)", accent: "#ff5a92", lastFill: "rgba(255,206,60,0.30)", conflict: "#ce93d8" },
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
export function pickTheme<P extends CorePalette>(choice: ThemeChoice, bodyLight: string | null, background: string, palettes: Palettes<P>): Theme<P> {
  return themeFrom(isDark(choice, bodyLight, background) ? palettes.dark : palettes.light, isDark(choice, bodyLight, background));
}

function isDark(choice: ThemeChoice, bodyLight: string | null, background: string): boolean {
  if (choice === "light") return false;
  if (choice === "dark") return true;
  if (bodyLight === "true") return false;
  if (bodyLight === "false") return true;
  return isDarkColour(background) === true;
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
export function currentTheme<P extends CorePalette>(choice: ThemeChoice, el: Element, palettes: Palettes<P>): Theme<P> {
  const body = typeof document !== "undefined" ? document.body : null;
  let bodyLight = body?.getAttribute("data-jp-theme-light") ?? null;
  if (bodyLight === null && body?.classList.contains("vscode-dark")) bodyLight = "false";
  if (bodyLight === null && body?.classList.contains("vscode-light")) bodyLight = "true";
  let bg = "";
  if (typeof getComputedStyle === "function") {
    const style = getComputedStyle(el);
    bg = style.getPropertyValue("--jp-layout-color0") || (body ? getComputedStyle(body).backgroundColor : "");
  }
  return pickTheme(choice, bodyLight, bg, palettes);
}
