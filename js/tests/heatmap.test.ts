import { describe, expect, it } from "vitest";
import { formatHeat, heatColour, heatInk, heatLegend, heatTabBox } from "../src/core/overlays";
import { drawScene } from "../src/core/scene";
import { layout } from "../src/games/tigris/geometry";
import { tigris } from "../src/games/tigris/index";
import { DARK, LIGHT } from "../src/games/tigris/theme";
import { initialUi } from "../src/games/tigris/ui-state";
import { layout as urLayout } from "../src/games/ur/draw";
import { ur } from "../src/games/ur/index";
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
  const overlay = { heatmap_range: [-12, 0], heatmap_legend: { title: "chance to win vs the best move, in points", format: "points", high: "best" } };
  it("says what the numbers are, their range and the scale", () => {
    const heat = new Float32Array(176).fill(Number.NaN);
    heat[20] = 0;
    heat[21] = -12;
    const parts = heatLegend(heat, overlay as never);
    expect(parts).toMatchObject({ title: "chance to win vs the best move, in points", low: "\u221212", high: "0 best" });
    expect(parts?.gradient).toMatch(/^linear-gradient\(to right, rgba\(243,238,247,1\) 0%.*rgba\(74,20,134,1\) 100%\)$/);
    expect(heatLegend(null, overlay as never)).toBeNull();
    expect(heatLegend(heat, { heatmap_range: null } as never)).toBeNull();
  });
  it("is never drawn on the board (it would hide values): the canvas only has the numbers", () => {
    const f = fixtures()[0]!;
    const l = layout(800);
    const heat = new Float32Array(176).fill(Number.NaN);
    heat[20] = 0;
    heat[21] = -12;
    for (const theme of [LIGHT, DARK]) {
      const { ctx, calls } = recordingContext();
      drawScene(ctx, tigris, { view: f.view, ui: initialUi(), overlay: overlay as never, heat, focused: false }, l, theme);
      const texts = calls.filter((c) => c.name === "fillText").map((c) => c.args[0]);
      expect(texts).toContain("\u221212");
      expect(texts).not.toContain("chance to win vs the best move, in points");
    }
  });
});

describe("Ur's framed heatmap", () => {
  it("puts a square's number on a tab across its top edge, clear of the tile's letter and back badge", () => {
    expect(ur.heat).toBe("frame");
    expect(tigris.heat ?? "fill").toBe("fill"); // T&E still paints its squares
    for (const width of [320, 480, 1200]) {
      const l = urLayout(width, 1);
      const box = heatTabBox(l, 7, l.cell * 0.3);
      const top = l.top + l.cell; // cell 7 is (1,1)
      const left = l.left + l.cell;
      expect(box.y).toBeLessThan(top);
      expect(box.y + box.h).toBeLessThan(top + l.cell * 0.13); // the letter and badge start lower
      expect(box.x).toBeGreaterThan(left + l.cell * 0.2);
      expect(box.x + box.w).toBeLessThan(left + l.cell * 0.8);
    }
  });
});
