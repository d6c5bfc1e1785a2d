import { describe, expect, it } from "vitest";
import { drawScene } from "../src/draw/index";
import { formatHeat, heatColour, heatInk, legendBox, occupiedSquares } from "../src/draw/overlays";
import { layout } from "../src/geometry";
import { LIGHT, DARK } from "../src/theme";
import { initialUi } from "../src/ui-state";
import { fixtures, recordingContext } from "./fixtures";

function rgb(css: string): [number, number, number] {
  const m = css.match(/rgba?\((\d+),(\d+),(\d+)/);
  if (!m) throw new Error(css);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function hue([r, g, b]: [number, number, number]): number {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 0;
  let h = max === r ? (g - b) / (max - min) : max === g ? 2 + (b - r) / (max - min) : 4 + (r - g) / (max - min);
  h *= 60;
  return h < 0 ? h + 360 : h;
}

describe("heatmap scale", () => {
  it("is violet from pale to deep, never river blue or land tan", () => {
    const [low, high] = [rgb(heatColour(0)), rgb(heatColour(1))];
    expect(low.reduce((a, b) => a + b)).toBeGreaterThan(high.reduce((a, b) => a + b)); // deep = best
    for (const t of [0.25, 0.5, 0.75, 1]) {
      const h = hue(rgb(heatColour(t)));
      expect(h).toBeGreaterThan(255); // river ~205, land ~45
      expect(h).toBeLessThan(300);
    }
    expect(heatInk(1)).toBe("#ffffff");
    expect(heatInk(0)).not.toBe("#ffffff");
  });
  it("writes differences as signed whole points", () => {
    expect(formatHeat(0, "points")).toBe("0");
    expect(formatHeat(-3.4, "points")).toBe("\u22123");
    expect(formatHeat(2.6, "points")).toBe("+3");
    expect(formatHeat(0.1234)).toBe("0.12");
  });
});

describe("heatmap legend", () => {
  const l = layout(800);
  it("goes to the corner that hides the fewest values and pieces", () => {
    const values = new Float32Array(176).fill(Number.NaN);
    const bottomLeft = legendBox(values, l.cell * 4, l.cell, l);
    expect(bottomLeft.x).toBeLessThan(l.left + l.cell);
    expect(bottomLeft.y).toBeGreaterThan(l.top + 9 * l.cell);
    values[10 * 16 + 1] = -2; // a value in the bottom-left corner
    const elsewhere = legendBox(values, l.cell * 4, l.cell, l);
    expect(elsewhere.x).toBeGreaterThan(l.left + 10 * l.cell); // bottom-right
    const blocked = new Set([10 * 16 + 14, 10 * 16 + 15]);
    const third = legendBox(values, l.cell * 4, l.cell, l, blocked);
    expect(third.y).toBeLessThan(l.top + l.cell); // a top corner
  });
  it("is drawn over the pieces with its title, light and dark", () => {
    const f = fixtures()[0]!;
    for (const theme of [LIGHT, DARK]) {
      const { ctx, calls } = recordingContext();
      const heat = new Float32Array(176).fill(Number.NaN);
      heat[20] = 0;
      heat[21] = -12;
      const overlay = { heatmap_range: [-12, 0], heatmap_legend: { title: "chance to win vs the best move, in points", format: "points", high: "best" } };
      drawScene(ctx, { view: f.view, ui: initialUi(), overlay: overlay as never, heat, focused: false }, l, theme);
      const texts = calls.filter((c) => c.name === "fillText").map((c) => c.args[0]);
      expect(texts).toContain("chance to win vs the best move, in points");
      expect(texts).toContain("\u221212");
      expect(texts).toContain("0 best");
      const titleAt = calls.findIndex((c) => c.name === "fillText" && c.args[0] === "chance to win vs the best move, in points");
      const heatAt = calls.findIndex((c) => c.name === "fillText" && c.args[0] === "\u221212");
      expect(titleAt).toBeGreaterThan(heatAt);
    }
    expect(occupiedSquares(f.view).size).toBeGreaterThan(0);
  });
});
