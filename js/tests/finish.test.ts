// The board as a demanding user sees it (issue #22 items 2–6): the whole last turn marked, leaders
// ringed in their owner's colour, a board that fits a 360 px cell, a dark heat scale, labels that
// leave the pieces uncovered.
import { describe, expect, it } from "vitest";
import { heatColour, heatLegend, labelBox, type HeatOverlay } from "../src/core/overlays";
import { drawScene } from "../src/core/scene";
import { lastTurnSquares, lastTurnText, type View } from "../src/core/view";
import { layout } from "../src/games/tigris/geometry";
import { tigris } from "../src/games/tigris/index";
import { DARK, LIGHT } from "../src/games/tigris/theme";
import { initialUi } from "../src/games/tigris/ui-state";
import { layout as urLayout } from "../src/games/ur/draw";
import { fixture, recordingContext } from "./fixtures";

function draw(view: View, theme = LIGHT) {
  const rec = recordingContext();
  drawScene(rec.ctx, tigris, { view: view as never, ui: initialUi(), overlay: {}, heat: null, focused: false }, layout(800), theme);
  return rec;
}

describe("item 2: the whole last turn is marked", () => {
  it("the fixtures carry the turn, and every square of it is tinted and framed", () => {
    const { view } = fixture("midgame_all_seeing");
    const turn = view.last_turn!;
    expect(turn.ply).toBe(view.last_move!.ply);
    const squares = [...new Set([...turn.squares, 17, 18])]; // two more actions of the same turn
    const v = { ...view, last_turn: { ...turn, squares } };
    const { fills, calls } = draw(v);
    expect(fills.filter((f) => f === LIGHT.lastFill).length).toBe(squares.length);
    const frames = calls.filter((c) => c.name === "strokeRect");
    expect(frames.length).toBeGreaterThanOrEqual(squares.length);
  });

  it("an older view without last_turn marks its last move; a pass is said in words", () => {
    const { view } = fixture("midgame_all_seeing");
    const old = { ...view, last_turn: undefined };
    expect(lastTurnSquares(old)).toEqual(view.last_move!.squares);
    const passed = { ...view, last_turn: { seat: 1, first: 9, ply: 10, actions: ["tile r (5,4)", "pass"], squares: [69], passed: true } };
    expect(lastTurnText(passed)).toBe("Last turn, Bull: tile r (5,4), passed.");
    const onlyPass = { ...passed, last_turn: { ...passed.last_turn, actions: ["pass", "pass"], squares: [] } };
    expect(lastTurnText(onlyPass)).toBe("Last turn, Bull: passed.");
    expect(lastTurnSquares(onlyPass)).toEqual([]);
    const war = { ...view, last_turn: { seat: 0, first: 3, ply: 5, actions: ["tile r (5,4)", "commit 2", "commit 1"], seats: [0, 0, 2], squares: [69], passed: false } };
    expect(lastTurnText(war)).toBe("Last turn, Archer: tile r (5,4), commit 2, Pot commit 1.");
  });

  it("a turn that goes on is 'this turn so far', until it ends or the game does", () => {
    const { view } = fixture("midgame_all_seeing");
    const ongoing = { ...view, last_turn: { seat: 1, first: 10, ply: 10, actions: ["tile r (5,4)"], squares: [69], passed: false, ongoing: true } };
    expect(lastTurnText(ongoing)).toBe("This turn so far, Bull: tile r (5,4).");
    expect(lastTurnText({ ...ongoing, last_turn: { ...ongoing.last_turn, ongoing: false } })).toBe("Last turn, Bull: tile r (5,4).");
    expect(lastTurnText({ ...ongoing, decision: null })).toBe("Last turn, Bull: tile r (5,4).");
  });
});

describe("item 3: every leader wears its owner's seat colour", () => {
  it("each leader on the board gets a ring stroked in its seat's colour", () => {
    const { view } = fixture("midgame_all_seeing");
    const colours = view.seats.map((s) => s.colour);
    expect(colours.every((c) => typeof c === "string")).toBe(true);
    expect(new Set(colours).size).toBe(colours.length);
    const rec = recordingContext();
    const strokes: string[] = [];
    const ctx = new Proxy(rec.ctx, {
      get(target, prop) {
        const v = (target as unknown as Record<string | symbol, unknown>)[prop];
        if (prop === "arc") return (...args: unknown[]) => {
          (v as (...a: unknown[]) => void)(...args);
          strokes.push("arc");
        };
        if (prop === "stroke") return (...args: unknown[]) => {
          if (args.length === 0 && strokes[strokes.length - 1] === "arc") strokes.push(String((target as unknown as { strokeStyle: string }).strokeStyle));
          (v as (...a: unknown[]) => void)(...args);
        };
        return v;
      },
    });
    drawScene(ctx, tigris, { view, ui: initialUi(), overlay: {}, heat: null, focused: false }, layout(800), LIGHT);
    const rings = strokes.filter((s) => s !== "arc");
    const expected = view.body.players.flatMap((p) => Object.values(p.leaders).filter((q) => q >= 0).map(() => view.seats[p.seat]!.colour));
    expect(expected.length).toBeGreaterThan(0);
    expect(rings.sort()).toEqual([...expected].sort());
  });
});

describe("item 4: the board fits any cell from 360 px up", () => {
  it("never draws wider than the width it is given", () => {
    for (let w = 360; w <= 1400; w += 7) {
      expect(layout(w).width).toBeLessThanOrEqual(w);
      expect(urLayout(w).width).toBeLessThanOrEqual(w);
    }
    expect(layout(360).cell).toBeGreaterThanOrEqual(20);
  });
});

describe("item 5: the heat scale follows the dark theme", () => {
  it("is dim at its low end on a dark board, pale only on a light one", () => {
    const lum = (css: string) => {
      const [r, g, b] = css.match(/\d+/g)!.map(Number) as [number, number, number];
      return 0.299 * r + 0.587 * g + 0.114 * b;
    };
    expect(lum(heatColour(0, 1, false))).toBeGreaterThan(200);
    expect(lum(heatColour(0, 1, true))).toBeLessThan(80);
    const values = new Float32Array([0, 1, 2]);
    const legend = { heatmap_legend: { title: "points" } } as HeatOverlay;
    expect(heatLegend(values, legend, true)!.gradient).toContain(heatColour(0, 1, true));
    expect(heatLegend(values, legend, false)!.gradient).toContain(heatColour(0, 1, false));
  });
});

describe("item 6: overlay labels leave the pieces uncovered", () => {
  it("sits on the square's bottom edge, clear of the middle where a piece's picture is", () => {
    for (const w of [500, 800, 1100]) {
      const l = layout(w);
      const box = labelBox(l, 69, 40, Math.max(8, Math.round(l.cell * 0.24)));
      const top = l.top + 4 * l.cell; // square 69 is (5,4)
      expect(box.y).toBeGreaterThan(top + l.cell * 0.75); // the middle 3/4 of the square stays clear
    }
  });

  it("is drawn in the dark theme too, in the theme's text colour", () => {
    const { view } = fixture("start_all_seeing");
    const rec = recordingContext();
    drawScene(rec.ctx, tigris, { view, ui: initialUi(), overlay: { labels: [{ square: 69, text: "temple" }] }, heat: null, focused: false }, layout(800), DARK);
    expect(rec.calls.some((c) => c.name === "fillText" && c.args[0] === "temple")).toBe(true);
  });
});
