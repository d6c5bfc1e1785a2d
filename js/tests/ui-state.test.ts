import { describe, expect, it } from "vitest";
import { COLOURS } from "../src/games/tigris/body";
import {
  actionAt,
  actionsFor,
  clickSquare,
  cycleSwap,
  describePiece,
  describeSwap,
  footprint,
  initialUi,
  keyCommand,
  resolveTarget,
  selectablePieces,
  syncUi,
  targetsFor,
  type TigrisCommand,
} from "../src/games/tigris/ui-state";
import { fixture, fixtures } from "./fixtures";

describe("action texts carried by the targets", () => {
  for (const f of fixtures()) {
    it(`are exactly the engine's legal actions in ${f.name}`, () => {
      const found: string[] = [];
      for (const piece of selectablePieces(f.view)) found.push(...Object.values(actionsFor(f.view, piece)));
      const t = f.view.targets;
      for (const group of [t.withdraw, t.commit, t.war, t.bonus]) found.push(...Object.values(group ?? {}));
      for (const o of t.treasures ?? []) found.push(o.action);
      if (t.pass) found.push(t.pass);
      if (t.decline) found.push(t.decline);
      const legal = f.legal.filter((a) => !a.startsWith("swap "));
      expect(found.sort()).toEqual([...legal].sort()); // each once
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
    expect(out.intent).toEqual({ action: actionAt(start, piece, q) });
    expect(start.targets.tile?.[piece.kind === "tile" ? piece.colour : "black"]?.[String(q)]).toMatch(/^tile [krbg] \(\d+,\d+\)$/);
    expect(out.ui.selected).toBeNull();
  });

  it("sends a click off the highlighted squares to Python as the piece and square, for the engine to explain", () => {
    const piece = selectablePieces(start)[0]!;
    const targets = new Set(targetsFor(start, piece));
    const q = [...Array(176).keys()].find((s) => !targets.has(s))!;
    expect(actionAt(start, piece, q)).toBeUndefined();
    expect(clickSquare(start, { ...initialUi(), selected: piece }, q).intent).toEqual({ piece, square: q });
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
    const view = { ...start, history: { live: false, ply: 0, length: 3 } };
    expect(clickSquare(view, initialUi(), 20).message).toMatch(/move 0 of 3/);
  });

  it("picks up the acting seat's leader when its square is clicked", () => {
    const view = fixture("midgame_all_seeing").view;
    const seat = view.decision!.seat;
    const colour = COLOURS.find((c) => view.body.players[seat]!.leaders[c] >= 0 && Object.keys(view.targets.move?.[c] ?? {}).length)!;
    expect(colour).toBeDefined();
    const out = clickSquare(view, initialUi(), view.body.players[seat]!.leaders[colour]);
    expect(out.ui.selected).toEqual({ kind: "move", colour });
  });

  it("takes the only treasure choice containing a clicked treasure", () => {
    const view = fixture("treasure").view;
    const options = view.targets.treasures!;
    const q = options[0]!.squares[0]!;
    const out = clickSquare(view, initialUi(), q);
    const containing = options.filter((o) => o.squares.includes(q));
    expect(containing.length).toBe(1);
    expect(out.intent).toEqual({ action: containing[0]!.action });
    expect(containing[0]!.action).toMatch(/^treasures /);
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
  const hand = view.body.players[view.decision!.seat]!.hand!;
  it("cycle from none to all the tiles of a colour in hand and back, in notation order", () => {
    let ui = initialUi();
    const counts: number[] = [];
    for (let i = 0; i <= hand.black + 1; i++) {
      ui = cycleSwap(view, ui, "black");
      counts.push(ui.swap![0]!);
    }
    expect(counts).toEqual([...Array.from({ length: hand.black }, (_, i) => i + 1), 0, 1]);
    expect(describeSwap([1, 2, 0, 1])).toBe("1 settlement, 2 temples, 1 market");
    expect(describeSwap([0, 0, 0, 0])).toBe("");
  });
});

describe("keys", () => {
  const view = fixture("start_all_seeing").view;
  /** The piece a key picks up (its command updates the UI state). */
  const picks = (c: TigrisCommand | null) => (c?.type === "update" ? c.update(initialUi(), view).selected : undefined);
  it("map letters to pieces and arrows to the cursor", () => {
    expect(picks(keyCommand(view, "k", false))).toEqual({ kind: "tile", colour: "black" });
    expect(picks(keyCommand(view, "G", true))).toEqual({ kind: "leader", colour: "green" });
    expect(picks(keyCommand(view, "c", false))).toEqual({ kind: "catastrophe" });
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
    expect(describePiece({ kind: "monument", key: "red-green" })).toBe("red–green monument");
  });
  it("are played from any square of their block when only one block covers it", () => {
    const corner = targetsFor(view, piece)[0]!;
    for (const q of footprint(piece, corner)) {
      const meant = resolveTarget(view, piece, q);
      const covering = targetsFor(view, piece).filter((t) => footprint(piece, t).includes(q));
      expect(meant).toBe(covering.includes(q) ? q : covering.length === 1 ? covering[0] : -1);
    }
    const out = clickSquare(view, { ...initialUi(), selected: piece }, corner);
    expect(out.intent).toEqual({ action: view.targets.monument![key]![String(corner)] });
    expect(out.intent).toEqual({ action: expect.stringMatching(/^monument [krbg]{2} \(\d+,\d+\)$/) });
  });
  it("cover a 2x2 block or a cross", () => {
    expect(footprint({ kind: "ziggurat" }, 5 * 16 + 5)).toHaveLength(5);
    expect(footprint({ kind: "tile", colour: "red" }, 3)).toEqual([3]);
  });
});
