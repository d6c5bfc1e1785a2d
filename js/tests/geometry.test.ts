import { describe, expect, it } from "vitest";
import { pointToSquare, squareCentre, squareRect } from "../src/core/geometry";
import { SQUARES } from "../src/games/tigris/body";
import { block, cross, layout, stepOnBoard as step } from "../src/games/tigris/geometry";

describe("layout", () => {
  it("fits 16 squares plus the coordinate margin into the width", () => {
    const l = layout(800, 2);
    expect(l.left + 16 * l.cell).toBeLessThanOrEqual(800);
    expect(l.dpr).toBe(2);
    expect(l.height).toBeGreaterThan(11 * l.cell);
  });
  it("keeps squares between the minimum and maximum size", () => {
    expect(layout(50).cell).toBe(16);
    expect(layout(5000).cell).toBe(64);
  });
  it("falls back to a device pixel ratio of 1 for nonsense", () => {
    expect(layout(600, Number.NaN).dpr).toBe(1);
  });
});

describe("hit testing", () => {
  const l = layout(700, 1.5);
  it("maps the centre of every square back to that square", () => {
    for (let q = 0; q < SQUARES; q++) {
      const [x, y] = squareCentre(l, q);
      expect(pointToSquare(l, x, y)).toBe(q);
    }
  });
  it("maps square corners inside the square and the margin to nothing", () => {
    const r = squareRect(l, 5 * 16 + 7);
    expect(pointToSquare(l, r.x + 0.01, r.y + 0.01)).toBe(5 * 16 + 7);
    expect(pointToSquare(l, r.x + r.w - 0.01, r.y + r.h - 0.01)).toBe(5 * 16 + 7);
    expect(pointToSquare(l, 2, 2)).toBe(-1);
    expect(pointToSquare(l, l.left + 16 * l.cell + 1, l.top + 5)).toBe(-1);
  });
});

describe("squares", () => {
  it("steps stay on the board", () => {
    expect(step(0, -1, -1)).toBe(0);
    expect(step(15, 1, 0)).toBe(15);
    expect(step(0, 1, 1)).toBe(17);
    expect(step(175, 0, 1)).toBe(175);
  });
  it("a monument covers a 2x2 block and the ziggurat a cross", () => {
    expect(block(4 * 16 + 5).sort((a, b) => a - b)).toEqual([69, 70, 85, 86]);
    expect(cross(4 * 16 + 5).sort((a, b) => a - b)).toEqual([53, 68, 69, 70, 85]);
    expect(cross(0).sort((a, b) => a - b)).toEqual([0, 1, 16]);
  });
});
