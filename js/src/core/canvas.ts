// The board's canvas: its size for the room and the screen, redraws merged into animation frames, and
// the terrain kept as a picture between redraws (it changes only with the board, its size and theme).

import type { AnyGame, Scene } from "./game";
import { gridLayout, type GridSpec, type Layout } from "./geometry";
import { drawScene } from "./scene";
import type { Theme } from "./theme";
import type { View } from "./view";

/** The grid of a board with nothing to draw yet (no position, or a game it cannot draw). */
const EMPTY_GRID: GridSpec = { cols: 8, rows: 8, margin: 0.6, minCell: 28, maxCell: 64 };

export class BoardCanvas {
  geometry: Layout = gridLayout(EMPTY_GRID, 640, 1);
  private frame = 0;
  /** The terrain, grid and coordinates drawn once per board side, size and theme. */
  private terrainLayer: { key: string; canvas: HTMLCanvasElement } | null = null;

  /** ``redraw`` draws the board as it is now (the controller knows what to draw). */
  constructor(
    readonly el: HTMLCanvasElement,
    private readonly redraw: () => void,
  ) {}

  /** Merge redraw requests into one animation frame. */
  schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.redraw();
    });
  }

  /** Redraw at once rather than on the next frame (an answer to a click, a step of a saved history). */
  redrawNow(): void {
    this.cancel();
    this.redraw();
  }

  cancel(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  /** Lay the board out for ``width`` CSS pixels at the screen's pixel ratio (``game``'s board, or an empty grid). */
  resize(width: number, game: AnyGame | null): void {
    const dpr = window.devicePixelRatio || 1;
    const next = game ? game.layout(width, dpr) : gridLayout(EMPTY_GRID, width, dpr);
    const g = this.geometry;
    const same = next.width === g.width && next.dpr === g.dpr && next.cols === g.cols && next.rows === g.rows;
    if (same && this.el.width === Math.round(next.width * next.dpr)) return;
    this.geometry = next;
    this.el.width = Math.round(next.width * next.dpr);
    this.el.height = Math.round(next.height * next.dpr);
    this.el.style.width = `${next.width}px`;
    this.el.style.height = `${next.height}px`;
    this.el.dataset.layout = JSON.stringify({ left: next.left, top: next.top, cell: next.cell });
    this.schedule();
  }

  /** Draw the whole scene; false when the canvas has no 2D context. */
  draw(game: AnyGame, scene: Scene, theme: Theme): boolean {
    const ctx = this.el.getContext("2d");
    if (!ctx) return false;
    drawScene(ctx, game, scene, this.geometry, theme, this.terrain(game, scene.view, theme));
    return true;
  }

  /** Forget the terrain picture (another game's board is shown). */
  forgetTerrain(): void {
    this.terrainLayer = null;
  }

  /** Wipe the canvas: nothing to draw, and nothing of an earlier view may stay. */
  clear(): void {
    const ctx = this.el.getContext("2d");
    ctx?.setTransform(1, 0, 0, 1, 0, 0);
    ctx?.clearRect(0, 0, this.el.width, this.el.height);
  }

  private terrain(game: AnyGame, view: View, theme: Theme): HTMLCanvasElement | undefined {
    const g = this.geometry;
    const key = `${game.game}|${game.terrainKey(view)}|${g.width}|${g.height}|${g.dpr}|${theme.dark}`;
    if (this.terrainLayer?.key === key) return this.terrainLayer.canvas;
    const canvas = document.createElement("canvas");
    canvas.width = this.el.width;
    canvas.height = this.el.height;
    const ctx = canvas.getContext("2d");
    if (!ctx) return undefined;
    ctx.setTransform(g.dpr, 0, 0, g.dpr, 0, 0);
    game.drawTerrain(ctx, view, g, theme);
    this.terrainLayer = { key, canvas };
    return canvas;
  }
}

/** Call ``onChange`` when the device pixel ratio changes (browser zoom, moving to another screen); returns the removal. */
export function watchPixelRatio(onChange: () => void): () => void {
  let query: MediaQueryList | null = null;
  const changed = () => {
    query?.removeEventListener("change", changed);
    onChange();
    arm();
  };
  const arm = () => {
    if (typeof matchMedia !== "function") return;
    query = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    query.addEventListener("change", changed);
  };
  arm();
  window.addEventListener("resize", onChange); // zoom also resizes the window
  return () => {
    query?.removeEventListener("change", changed);
    window.removeEventListener("resize", onChange);
  };
}
