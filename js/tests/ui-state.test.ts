import { describe, expect, it } from "vitest";
import { COLOUR_CODES, COLOURS, formatSquare } from "../src/schema";
import {
  clickSquare,
  cycleSwap,
  describePiece,
  footprint,
  initialUi,
  keyCommand,
  notationFor,
  resolveTarget,
  selectablePieces,
  swapNotation,
  syncUi,
  targetsFor,
  treasureNotation,
} from "../src/ui-state";
import { fixture, fixtures } from "./fixtures";

describe("notation built from the targets", () => {
  for (const f of fixtures()) {
    it(`is exactly the engine's legal actions in ${f.name}`, () => {
      const built = new Set<string>();
      for (const piece of selectablePieces(f.view)) for (const q of targetsFor(f.view, piece)) built.add(notationFor(piece, q));
      const t = f.view.targets;
      for (const c of t.withdraw ?? []) built.add(`withdraw ${COLOUR_CODES[c]}`);
      for (const n of t.commit ?? []) built.add(`commit ${n}`);
      for (const c of t.war ?? []) built.add(`war ${COLOUR_CODES[c]}`);
      for (const c of t.bonus ?? []) built.add(`bonus ${COLOUR_CODES[c]}`);
      for (const o of t.treasures ?? []) built.add(treasureNotation(o));
      if (t.pass) built.add("pass");
      if (t.decline) built.add("decline");
      const legal = new Set(f.legal.filter((a) => !a.startsWith("swap ")));
      expect([...built].sort()).toEqual([...legal].sort());
      expect(Boolean(t.swap)).toBe(f.legal.some((a) => a.startsWith("swap ")));
    });
  }
});

describe("clicks", () => {
  const start = fixture("start_all_seeing").view;

  it("asks for a piece first in a turn action", () => {
    const out = clickSquare(start, initialUi(), 5 * 16 + 5);
    expect(out.intent).toBeUndefined();
    expect(out.message).toMatch(/Pick a piece/);
  });

  it("plays a highlighted square of the selected piece and drops the selection", () => {
    const piece = selectablePieces(start)[0]!;
    const q = targetsFor(start, piece)[0]!;
    const out = clickSquare(start, { ...initialUi(), selected: piece }, q);
    expect(out.intent).toBe(notationFor(piece, q));
    expect(out.ui.selected).toBeNull();
  });

  it("sends a click off the highlighted squares to the engine, which explains the rule", () => {
    const piece = selectablePieces(start)[0]!;
    const targets = new Set(targetsFor(start, piece));
    const q = [...Array(176).keys()].find((s) => !targets.has(s))!;
    expect(clickSquare(start, { ...initialUi(), selected: piece }, q).intent).toBe(notationFor(piece, q));
  });

  it("lets a seat view act only on its own decisions", () => {
    const view = fixture("midgame_seat1").view;
    expect(view.decision?.mine).toBe(false);
    expect(selectablePieces(view)).toEqual([]);
    const out = clickSquare(view, { ...initialUi(), selected: { kind: "tile", colour: "red" } }, 20);
    expect(out.intent).toBeUndefined();
    expect(out.message).toMatch(/Not your decision/);
  });

  it("refuses to play while looking at the history", () => {
    const view = { ...start, live: false, ply: 0, length: 3 };
    expect(clickSquare(view, initialUi(), 20).message).toMatch(/move 0 of 3/);
  });

  it("picks up the acting seat's leader when its square is clicked", () => {
    const view = fixture("midgame_all_seeing").view;
    const seat = view.decision!.seat;
    const colour = COLOURS.find((c) => view.players[seat]!.leaders[c] >= 0 && (view.targets.move?.[c] ?? []).length)!;
    expect(colour).toBeDefined();
    const out = clickSquare(view, initialUi(), view.players[seat]!.leaders[colour]);
    expect(out.ui.selected).toEqual({ kind: "move", colour });
  });

  it("takes the only treasure choice containing a clicked treasure", () => {
    const view = fixture("treasure").view;
    const options = view.targets.treasures!;
    const q = options[0]![0]!;
    const out = clickSquare(view, initialUi(), q);
    const containing = options.filter((o) => o.includes(q));
    if (containing.length === 1) expect(out.intent).toBe(treasureNotation(containing[0]!));
    else expect(out.message).toMatch(/buttons/);
  });

  it("pre-selects the only building or monument on offer", () => {
    const view = fixture("building").view;
    const ui = syncUi(initialUi(), view);
    if (selectablePieces(view).length === 1) expect(ui.selected?.kind).toBe("building");
    expect(syncUi(ui, view)).toBe(ui);
  });
});

describe("swaps", () => {
  const view = fixture("start_all_seeing").view;
  const hand = view.players[view.decision!.seat]!.hand!;
  it("cycle from none to all the tiles of a colour in hand and back, in notation order", () => {
    let ui = initialUi();
    const counts: number[] = [];
    for (let i = 0; i <= hand.black + 1; i++) {
      ui = cycleSwap(view, ui, "black");
      counts.push(ui.swap![0]!);
    }
    expect(counts).toEqual([...Array.from({ length: hand.black }, (_, i) => i + 1), 0, 1]);
    expect(swapNotation([1, 2, 0, 1])).toBe("swap krrg");
    expect(swapNotation([0, 0, 0, 0])).toBeNull();
  });
});

describe("keys", () => {
  const view = fixture("start_all_seeing").view;
  it("map letters to pieces and arrows to the cursor", () => {
    expect(keyCommand(view, "k", false)).toEqual({ type: "select", piece: { kind: "tile", colour: "black" } });
    expect(keyCommand(view, "G", true)).toEqual({ type: "select", piece: { kind: "leader", colour: "green" } });
    expect(keyCommand(view, "c", false)).toEqual({ type: "select", piece: { kind: "catastrophe" } });
    expect(keyCommand(view, "ArrowUp", false)).toEqual({ type: "cursor", dx: 0, dy: -1 });
    expect(keyCommand(view, "Enter", false)).toEqual({ type: "activate" });
    expect(keyCommand(view, "Enter", true)).toBeNull();
    expect(keyCommand(view, ",", false)).toEqual({ type: "history", delta: -1 });
    expect(keyCommand(view, "End", false)).toEqual({ type: "history-end", end: "latest" });
    expect(keyCommand(view, "a", false)).toBeNull();
    expect(keyCommand(view, "d", false)).toBeNull();
  });
});

describe("monuments and the ziggurat", () => {
  const view = fixture("monument").view;
  const key = Object.keys(view.targets.monument ?? {})[0]!;
  const piece = { kind: "monument", key } as const;
  it("are named by their colours", () => {
    expect(describePiece({ kind: "monument", key: "rg" })).toBe("red–green monument");
  });
  it("are played from any square of their block when only one block covers it", () => {
    const corner = targetsFor(view, piece)[0]!;
    for (const q of footprint(piece, corner)) {
      const meant = resolveTarget(view, piece, q);
      const covering = targetsFor(view, piece).filter((t) => footprint(piece, t).includes(q));
      expect(meant).toBe(covering.includes(q) ? q : covering.length === 1 ? covering[0] : -1);
    }
    const out = clickSquare(view, { ...initialUi(), selected: piece }, corner);
    expect(out.intent).toBe(`monument ${key} ${formatSquare(corner)}`);
  });
  it("cover a 2x2 block or a cross", () => {
    expect(footprint({ kind: "ziggurat" }, 5 * 16 + 5)).toHaveLength(5);
    expect(footprint({ kind: "tile", colour: "red" }, 3)).toEqual([3]);
  });
});
