import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { patched } from "../src/core/patches";
import { PuzzleSession, unpackPuzzle, type PuzzleData } from "../src/core/puzzle";

function pack(data: unknown): string {
  return gzipSync(Buffer.from(JSON.stringify(data))).toString("base64");
}

// start → "a" (good, then "c" ends the turn solved) or "b" (bad: the try stops)
const data: PuzzleData = {
  seat: 0,
  title: "t",
  who: "Archer",
  goal: "g",
  label: "easy · 1200",
  hints: ["h"],
  explanation: "e",
  solution: ["a", "c"],
  // each view a patch of an earlier one (render/patches.py): view 3 is view 1 with its id changed
  views: [
    [-1, { state_id: ["puzzle.0"], log: [["a", "b"]] }],
    [0, { state_id: ["puzzle.1"], log: { "<": 1, "1": ["c"] } }],
    [0, [{ state_id: "puzzle.2" }]],
    [1, { state_id: ["puzzle.3"] }],
  ],
  nodes: [
    { v: 0, ply: 0, c: { a: 1, b: 2 } },
    { v: 1, ply: 2, j: ["good", "a: good"], c: { c: 3 } },
    { v: 2, ply: 1, j: ["bad", "b: off course"] },
    { v: 3, ply: 3, j: ["good", "c: the goal is met"], end: ["solved", "Solved!"] },
  ],
};

describe("view patches", () => {
  it("apply as render/patches.py writes them, sharing what is unchanged and changing no base", () => {
    // render/patches.py's doctest: diff(a, b) for a moved log, a changed cell, a new turn and a removed key
    const a = { log: [...Array(20).keys()], turn: 4, old: 0, cells: Array(36).fill(7), name: "x" };
    const b = { log: [...Array(20).keys()].map((i) => i + 1), turn: 5, cells: [...Array(35).fill(7), 8], name: "x" };
    const patch = { log: { "<": 1, "#": 20, "19": [20] }, turn: [5], cells: { "35": [8] }, old: [] };
    const before = JSON.stringify(a);
    expect(patched(a, patch)).toEqual(b);
    expect(JSON.stringify(a)).toBe(before);
    expect(patched(a, {})).toBe(a);
    expect(patched([1, 2, 3], { "#": 1 })).toEqual([1]);
    expect(() => patched(a, [1, 2])).toThrow("one value");
  });
});

describe("puzzle session", () => {
  it("walks the judged tree: legal steps move, others change nothing", () => {
    const s = new PuzzleSession(data);
    expect(s.play("zzz")).toBe(false);
    expect(s.index).toBe(0);
    expect(s.play("b")).toBe(true);
    expect(s.node.j).toEqual(["bad", "b: off course"]);
    expect(s.stopped).toBe(true);
    expect(s.play("a")).toBe(false); // a stopped try takes no step
    s.back();
    expect(s.play("a") && s.play("c")).toBe(true);
    expect(s.node.end?.[0]).toBe("solved");
    expect(s.view()).toEqual({ state_id: "puzzle.3", log: ["b", "c"] });
    s.back();
    expect(s.view()).toEqual({ state_id: "puzzle.1", log: ["b", "c"] });
    expect(s.play("c")).toBe(true);
    expect(s.steps).toBe(2);
    s.backTo(2); // the history bar: back to the position after two actions
    expect(s.index).toBe(1);
    s.retry();
    expect([s.index, s.steps]).toEqual([0, 0]);
  });

  it("unpacks what render/puzzle_page.py packs and refuses what is no tree", async () => {
    expect((await unpackPuzzle(pack(data))).nodes).toHaveLength(4);
    await expect(unpackPuzzle(pack({ ...data, nodes: [{ v: 9, ply: 0 }] }))).rejects.toThrow("not a puzzle tree");
    // a view patched from itself or a later one could loop: refused
    await expect(unpackPuzzle(pack({ ...data, views: [[0, {}]] }))).rejects.toThrow("not a puzzle tree");
    await expect(unpackPuzzle("not base64 !")).rejects.toThrow("base64");
  });
});
