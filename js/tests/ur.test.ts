// The Ur drawing against the golden views of tests/widget/ur_scenarios.py (shared with pytest):
// the body check, drawing in both themes, which cells a click can play, what clicks and keys send.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { drawScene } from "../src/core/scene";
import { themeFrom } from "../src/core/theme";
import { GAMES } from "../src/games/index";
import { checkBody, formatCell, type UrView } from "../src/games/ur/body";
import { describeCell, describePosition } from "../src/games/ur/describe";
import { layout } from "../src/games/ur/draw";
import { ur } from "../src/games/ur/index";
import { PALETTES, inkOn } from "../src/games/ur/theme";
import { attacksFrom, cellOptions, clickCell, clickableCells, initialUi, keyCommand, ringedCells, syncUi } from "../src/games/ur/ui";
import { recordingContext } from "./fixtures";

const DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "tests", "fixtures", "views", "ur");

interface UrFixture {
  name: string;
  seat: number | null;
  view: UrView;
  legal: string[];
}

function fixtures(): UrFixture[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => ({ name: f.replace(/\.json$/, ""), ...(JSON.parse(readFileSync(join(DIR, f), "utf-8")) as Omit<UrFixture, "name">) }));
}

function fixture(name: string): UrFixture {
  const f = fixtures().find((x) => x.name === name);
  if (!f) throw new Error(`no Ur fixture ${name}`);
  return f;
}

const ui = (view: UrView) => syncUi(initialUi(), view);

describe("Ur drawing", () => {
  it("is in the registry under its view's game", () => {
    expect(GAMES.ur).toBe(ur);
    expect(fixtures().length).toBeGreaterThanOrEqual(6);
  });

  for (const f of fixtures()) {
    it(`checks and draws ${f.name} in both themes`, () => {
      expect(checkBody(f.view.body)).toBe(f.view.body);
      expect(ur.checkBody(f.view.body)).toBeNull();
      for (const dark of [false, true]) {
        const { ctx, calls, fills } = recordingContext();
        const theme = themeFrom(dark ? PALETTES.dark : PALETTES.light, dark);
        drawScene(ctx, ur, { view: f.view, ui: ui(f.view), overlay: {}, heat: null, focused: true }, layout(480, 2), theme);
        // every tile's face and back are written as letters (colour-blind safe), every tile filled in its kind's colour
        const letters = calls.filter((c) => c.name === "fillText").map((c) => c.args[0]);
        for (const cell of f.view.body.cells) expect(letters).toContain(cell.face);
        for (const cell of f.view.body.cells) expect(fills).toContain(theme.paint.kind[cell.face]);
        for (const cell of f.view.body.cells) if (cell.owner !== null && !cell.zig) expect(letters).toContain(String(cell.cubes));
      }
      expect(describePosition(f.view).length).toBeGreaterThan(20);
    });

    it(`offers exactly the legal steps of ${f.name} on cells, buttons and keys`, () => {
      const view = f.view;
      const onCells = new Set<string>();
      for (let c = 0; c < 36; c++) {
        for (const o of cellOptions(view, c)) onCells.add(o.action);
        for (const [, a] of attacksFrom(view, c)) onCells.add(a);
      }
      const t = view.targets;
      const buttons = [
        ...Object.values(t.actions ?? {}),
        ...Object.values(t.alloc?.amounts ?? {}),
        ...Object.values(t.move ?? {}),
        ...(t.spare ?? []).map((s) => s.action),
        ...(t.keep ? [t.keep] : []),
        ...(t.end ? [t.end] : []),
      ];
      expect(new Set([...onCells, ...buttons])).toEqual(new Set(f.legal));
    });
  }

  it("kind and seat colours differ, and text on them stays readable", () => {
    for (const p of [PALETTES.light, PALETTES.dark]) {
      const kinds = new Set(Object.values(p.kind));
      expect(kinds.size).toBe(5);
      for (const seat of fixture("turn").view.seats) expect(kinds.has(seat.colour ?? "")).toBe(false);
    }
    expect(inkOn("#f5f5f5")).toBe("#111111");
    expect(inkOn("#262626")).toBe("#ffffff");
  });

  it("lays out readably from 400 px and sharp on HiDPI", () => {
    const small = layout(400, 2);
    expect(small.cell).toBeGreaterThanOrEqual(56);
    expect(small.width).toBeLessThanOrEqual(400);
    expect(layout(1600, 1).cell).toBeLessThanOrEqual(120);
    expect(small.dpr).toBe(2);
  });
});

describe("Ur's rings: the cells of the one kind of step left to choose", () => {
  it("rings every legal cell when one kind of step is open (setup, an exchange, an amount)", () => {
    for (const name of ["setup", "initial_seat", "allocation"]) {
      const { view } = fixture(name);
      expect(ringedCells(view)).toEqual(clickableCells(view));
      expect(ringedCells(view).length).toBeGreaterThan(0);
    }
  });

  it("rings only the cell under the pointer when several kinds are open (a turn's start)", () => {
    const { view } = fixture("turn"); // an extra cube or an exchange: nearly every tile is legal
    const legal = clickableCells(view);
    expect(legal.length).toBeGreaterThan(10);
    expect(ringedCells(view)).toEqual([]);
    expect(ringedCells(view, legal[0]!)).toEqual([legal[0]]);
    const other = [...Array(36).keys()].find((c) => !legal.includes(c));
    if (other !== undefined) expect(ringedCells(view, other)).toEqual([]);
  });
});

describe("Ur clicks and keys", () => {
  it("a click on a ringed cell with one step plays it", () => {
    const { view } = fixture("setup");
    const cell = Number(Object.keys(view.targets.place ?? {})[0]);
    expect(clickableCells(view)).toContain(cell);
    const out = clickCell(view, ui(view), cell);
    expect(out.intent).toEqual({ action: `place ${formatCell(cell)}` });
  });

  it("a click on any other cell is sent as a cell, for the engine to explain", () => {
    const { view } = fixture("setup");
    const taken = view.body.cells.findIndex((c) => c.owner !== null);
    expect(clickCell(view, ui(view), taken).intent).toEqual({ cell: taken });
  });

  it("an attacker is picked first, then a ringed neighbour attacks", () => {
    const { view } = fixture("attack");
    const [from, targets] = Object.entries(view.targets.attack ?? {})[0]!;
    const [to, action] = Object.entries(targets ?? {})[0]!;
    const picked = clickCell(view, ui(view), Number(from));
    expect(picked.intent).toBeUndefined();
    expect(picked.ui.selected).toBe(Number(from));
    expect(ur.hovered(view, { ...picked.ui, hover: Number(to) })).toEqual([Number(to)]);
    expect(clickCell(view, picked.ui, Number(to)).intent).toEqual({ action });
    expect(ur.describeSquare(view, picked.ui, Number(to))).toMatch(/legal cell/);
    expect(clickCell(view, picked.ui, Number(from)).ui.selected).toBe(-1); // a second click drops the pick
  });

  it("amounts, moves, keep and take back have keys", () => {
    const alloc = fixture("allocation").view;
    const [k, action] = Object.entries(alloc.targets.alloc?.amounts ?? {})[0]!;
    expect(keyCommand(alloc, k, false)).toEqual({ type: "intent", intent: { action } });
    expect(keyCommand(alloc, "u", false)).toEqual({ type: "intent", intent: { kind: "undo" } });
    expect(clickCell(alloc, ui(alloc), 0).message).toMatch(/amount/);
    const move = fixture("war_move").view;
    expect(keyCommand(move, "1", false)).toEqual({ type: "intent", intent: { action: "move 1" } });
    const initial = fixture("initial_seat").view;
    expect(keyCommand(initial, "k", false)).toEqual({ type: "intent", intent: { action: "keep" } });
    expect(keyCommand(initial, "ArrowLeft", false)).toEqual({ type: "cursor", dx: -1, dy: 0 });
    expect(keyCommand(initial, "Enter", true)).toBeNull();
  });

  it("a finished game or a past position plays nothing", () => {
    const over = fixture("over").view;
    expect(clickableCells(over)).toEqual([]);
    expect(clickCell(over, ui(over), 0).message).toMatch(/over/);
    const { view } = fixture("setup");
    const past: UrView = { ...view, history: { ...view.history, ply: 0, live: false } };
    expect(clickCell(past, ui(past), 0).message).toMatch(/looking at move/);
    expect(describeCell(view, 0)).toMatch(/^\(0,0\): /);
  });
});
