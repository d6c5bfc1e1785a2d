// The Royal Game of Ur's drawing against the golden views of tests/games/royal/test_present_fixtures.py
// (shared with pytest): geometry, the body check, drawing in both themes, what clicks and keys send.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { pointToSquare, squareRect } from "../src/core/geometry";
import { drawScene } from "../src/core/scene";
import { themeFrom } from "../src/core/theme";
import { GAMES } from "../src/games/index";
import { checkBody, type RoyalView } from "../src/games/royal/body";
import { describeCell, describePosition } from "../src/games/royal/describe";
import { diceWords } from "../src/games/royal/draw";
import { CELLS, ROSETTES, diceBox, homeCell, isSquare, layout, pathCells, pathSquare, trayOf, waitingCell } from "../src/games/royal/geometry";
import { royal } from "../src/games/royal/index";
import { moveNote } from "../src/games/royal/panel";
import { PALETTES } from "../src/games/royal/theme";
import { clickCell, initialUi, keyCommand, movableCells, moveFrom, rollAction, syncUi } from "../src/games/royal/ui";
import { recordingContext } from "./fixtures";

const DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "tests", "fixtures", "views", "royal");

interface RoyalFixture {
  name: string;
  seat: number | null;
  view: RoyalView;
  legal: string[];
}

function fixtures(): RoyalFixture[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => ({ name: f.replace(/\.json$/, ""), ...(JSON.parse(readFileSync(join(DIR, f), "utf-8")) as Omit<RoyalFixture, "name">) }));
}

function fixture(name: string): RoyalFixture {
  const f = fixtures().find((x) => x.name === name);
  if (!f) throw new Error(`no fixture ${name}`);
  return f;
}

const ui = (view: RoyalView) => syncUi(initialUi(), view);

describe("Royal Game of Ur geometry", () => {
  it("has 20 squares and four trays beside the lanes", () => {
    const squares = [...Array(CELLS).keys()].filter(isSquare);
    expect(squares.length).toBe(20);
    expect([waitingCell(0), homeCell(0), waitingCell(1), homeCell(1)]).toEqual([4, 5, 20, 21]);
    for (const c of [4, 5, 20, 21]) expect(isSquare(c)).toBe(false);
    expect(trayOf(20)).toEqual({ seat: 1, tray: "waiting" });
    expect(trayOf(5)).toEqual({ seat: 0, tray: "home" });
    expect([...ROSETTES].sort((a, b) => a - b)).toEqual([0, 6, 11, 16, 22]);
  });

  it("walks each seat's path down its lane, along the middle and back", () => {
    expect(pathCells(0)).toEqual([3, 2, 1, 0, 8, 9, 10, 11, 12, 13, 14, 15, 7, 6]);
    expect(pathCells(1)).toEqual([19, 18, 17, 16, 8, 9, 10, 11, 12, 13, 14, 15, 23, 22]);
    // path squares 4, 8 and 14 are the rosettes for both seats
    for (const seat of [0, 1]) expect([4, 8, 14].map((sq) => ROSETTES.includes(pathCells(seat)[sq - 1]!))).toEqual([true, true, true]);
    expect(pathSquare(1, 11)).toBe(8);
    expect(pathSquare(0, 19)).toBe(0);
  });

  it("lays out a 3 × 8 grid with the dice strip under it, hit-testing the cells only", () => {
    for (const width of [300, 640, 1000]) {
      const l = layout(width, 2);
      expect(l.width).toBeLessThanOrEqual(width);
      expect(l.cols * l.rows).toBe(CELLS);
      const { top, die } = diceBox(l);
      expect(top).toBeGreaterThanOrEqual(l.top + 3 * l.cell);
      expect(top + die).toBeLessThanOrEqual(l.height);
      const r = squareRect(l, 23);
      expect(pointToSquare(l, r.x + r.w / 2, r.y + r.h / 2)).toBe(23);
      expect(pointToSquare(l, l.left + 5, top + die / 2)).toBe(-1);
    }
  });

});

describe("Royal Game of Ur drawing", () => {
  it("is in the registry under its view's game", () => {
    expect(GAMES.royal).toBe(royal);
    expect(fixtures().every((f) => f.view.game === royal.game)).toBe(true);
  });

  it("reads every golden view", () => {
    expect(fixtures().map((f) => f.name)).toEqual(["bear_off", "move", "other_seat", "over", "roll", "start"]);
  });

  for (const f of fixtures()) {
    it(`checks and draws ${f.name} in both themes`, () => {
      expect(checkBody(f.view.body)).toBe(f.view.body);
      expect(royal.checkBody(f.view.body)).toBeNull();
      const b = f.view.body;
      if (b.dice) expect(b.dice.filter(Boolean).length).toBe(b.roll);
      for (const dark of [false, true]) {
        const { ctx, calls, fills } = recordingContext();
        const theme = themeFrom(dark ? PALETTES.dark : PALETTES.light, dark);
        const l = layout(640, 2);
        drawScene(ctx, royal, { view: f.view, ui: ui(f.view), overlay: {}, heat: null, focused: true }, l, theme);
        const texts = calls.filter((c) => c.name === "fillText").map((c) => String(c.args[0]));
        // the trays say how many pieces wait and how many are home
        for (const seat of [0, 1]) expect(texts).toContain(String(b.waiting[seat]));
        expect(texts).toContain(diceWords(f.view)[0]);
        // every piece on the board is a disc in its seat's tone
        const discs = calls.filter((c) => c.name === "arc").length;
        expect(discs).toBeGreaterThan(b.cells.filter((c) => c !== null).length);
        for (const seat of [0, 1]) if (b.cells.includes(seat)) expect(fills).toContain(theme.paint.piece[seat as 0 | 1]);
      }
      expect(describePosition(f.view)).toContain("Light:");
    });

    it(`offers exactly the legal moves of ${f.name} on its cells and keys`, () => {
      const view = f.view;
      const offered = movableCells(view).map((c) => moveFrom(view, c)!.action);
      const roll = rollAction(view);
      expect([...offered, ...(roll ? [roll] : [])].sort()).toEqual([...f.legal].sort());
    });
  }

  it("rolls by key only while the dice are to be thrown", () => {
    const roll = fixture("roll").view;
    expect(keyCommand(roll, "r", false)).toEqual({ type: "intent", intent: { action: "roll" } });
    expect(keyCommand(roll, " ", false)).toEqual({ type: "intent", intent: { action: "roll" } });
    expect(clickCell(roll, ui(roll), 11).message).toMatch(/Throw the dice/);
    const move = fixture("move").view;
    expect(keyCommand(move, "r", false)).toBeNull();
    expect(keyCommand(move, " ", false)).toEqual({ type: "activate" });
    expect(keyCommand(move, "Enter", true)).toBeNull();
  });

  it("picks a piece, then sends its move by its target or by the piece again", () => {
    const view = fixture("move").view;
    const [from] = movableCells(view);
    const m = moveFrom(view, from!)!;
    const picked = clickCell(view, ui(view), from!);
    expect(picked.intent).toBeUndefined();
    expect(picked.ui.selected).toBe(from);
    expect(clickCell(view, picked.ui, m.to).intent).toEqual({ action: m.action });
    expect(clickCell(view, picked.ui, from!).intent).toEqual({ action: m.action });
    expect(royal.describeSquare(view, picked.ui, m.to)).toMatch(/picked piece goes here/);
  });

  it("enters a piece from the waiting tray and bears one off into the home tray", () => {
    const view = fixture("bear_off").view;
    const enter = moveFrom(view, waitingCell(0));
    expect(enter?.action).toBe("move 0");
    const off = movableCells(view).map((c) => moveFrom(view, c)!).find((m) => m.action === "move 14");
    expect(off?.to).toBe(homeCell(0));
    expect(describeCell(view, waitingCell(0))).toMatch(/Light's waiting pieces/);
  });

  it("sends a stuck piece as a piece for Python to explain, and nothing for an empty square", () => {
    const view = fixture("move").view;
    const movable = new Set(movableCells(view));
    const targets = new Set(movableCells(view).map((c) => moveFrom(view, c)!.to));
    const stuck = view.body.cells.findIndex((s, c) => s !== null && !movable.has(c) && !targets.has(c));
    if (stuck >= 0) expect(clickCell(view, ui(view), stuck).intent).toEqual({ piece: stuck });
    const empty = view.body.cells.findIndex((s, c) => s === null && isSquare(c) && !targets.has(c));
    const out = clickCell(view, ui(view), empty);
    expect(out.intent).toBeUndefined();
    expect(out.message).toMatch(/Nothing to move/);
  });

  it("offers nothing to a seat not deciding, nor in the history, nor after the end", () => {
    const other = fixture("other_seat").view;
    expect(movableCells(other)).toEqual([]);
    expect(clickCell(other, ui(other), 3).message).toMatch(/Not your decision/);
    const over = fixture("over").view;
    expect(clickCell(over, ui(over), 3).message).toMatch(/over/);
    expect(diceWords(over)[0]).toMatch(/wins/);
    const past = { ...fixture("move").view, history: { ply: 3, length: 40, live: false } };
    expect(movableCells(past)).toEqual([]);
  });

  it("says when a move takes a piece or lands on a rosette", () => {
    for (const f of fixtures()) {
      const view = f.view;
      for (const from of movableCells(view)) {
        const m = moveFrom(view, from)!;
        const note = moveNote(view, m.to);
        const victim = view.body.cells[m.to];
        expect(note.includes("takes")).toBe(victim !== null && victim !== undefined && victim !== view.body.active);
        expect(note.includes("throw again")).toBe(ROSETTES.includes(m.to));
      }
    }
  });

  it("n picks the next piece that can move", () => {
    const view = fixture("move").view;
    const c = keyCommand(view, "n", false);
    expect(c?.type).toBe("update");
    if (c?.type !== "update") return;
    const first = c.update(ui(view), view);
    expect(first.selected).toBe(movableCells(view)[0]);
    expect(c.update(first, view).selected).toBe(movableCells(view)[1]);
  });
});
