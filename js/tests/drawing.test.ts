import { describe, expect, it } from "vitest";
import { describeLast } from "../src/core/describe";
import { keepFromNotebook } from "../src/core/input";
import { formatHeat, heatColour, heatRange } from "../src/core/overlays";
import { drawScene } from "../src/core/scene";
import { isDarkColour, pickTheme } from "../src/core/theme";
import { SCHEMA_VERSION, asView, heatmapValues } from "../src/core/view";
import { describePosition, describeSquare } from "../src/games/tigris/describe";
import { layout } from "../src/games/tigris/geometry";
import { tigris } from "../src/games/tigris/index";
import { conflictLine } from "../src/games/tigris/panel";
import { DARK, LIGHT, PALETTES } from "../src/games/tigris/theme";
import { initialUi, selectablePieces, targetsFor } from "../src/games/tigris/ui-state";
import { fixture, fixtures, recordingContext } from "./fixtures";

describe("drawing", () => {
  for (const f of fixtures()) {
    it(`draws ${f.name} in both themes`, () => {
      for (const theme of [LIGHT, DARK]) {
        const { ctx, calls } = recordingContext();
        drawScene(ctx, tigris, { view: f.view, ui: initialUi(), overlay: {}, heat: null, focused: true }, layout(800, 2), theme);
        expect(calls.filter((c) => c.name === "fillRect").length).toBeGreaterThan(176);
        expect(calls[0]).toEqual({ name: "setTransform", args: [2, 0, 0, 2, 0, 0] });
      }
    });
  }

  it("highlights every legal square of the selected piece", () => {
    const view = fixture("start_all_seeing").view;
    const piece = selectablePieces(view)[0]!;
    const plain = recordingContext();
    drawScene(plain.ctx, tigris, { view, ui: initialUi(), overlay: {}, heat: null, focused: false }, layout(800), LIGHT);
    const picked = recordingContext();
    drawScene(picked.ctx, tigris, { view, ui: { ...initialUi(), selected: piece }, overlay: {}, heat: null, focused: false }, layout(800), LIGHT);
    const targetFills = picked.fills.filter((f) => f === LIGHT.target).length;
    expect(targetFills).toBe(targetsFor(view, piece).length);
    expect(plain.fills.filter((f) => f === LIGHT.target).length).toBe(0);
  });

  it("draws heatmap values, arrows and labels from Python", () => {
    const view = fixture("start_all_seeing").view;
    const heat = new Float32Array(176).fill(Number.NaN);
    heat[20] = 1;
    heat[21] = 3;
    const { ctx, calls } = recordingContext();
    drawScene(ctx, tigris, { view, ui: initialUi(), heat, focused: false, overlay: { arrows: [{ from: 20, to: 40 }], labels: [{ square: 21, text: "best" }], highlights: [{ square: 5 }] } }, layout(800), LIGHT);
    const texts = calls.filter((c) => c.name === "fillText").map((c) => c.args[0]);
    expect(texts).toContain("1");
    expect(texts).toContain("3");
    expect(texts).toContain("best");
  });

  it("keeps a label on a small board, cut to its first letters", () => {
    const view = fixture("start_all_seeing").view;
    const texts = (width: number) => {
      const { ctx, calls } = recordingContext();
      drawScene(ctx, tigris, { view, ui: initialUi(), heat: null, focused: false, overlay: { labels: [{ square: 21, text: "temple" }, { square: 22, text: "war" }] } }, layout(width), LIGHT);
      return calls.filter((c) => c.name === "fillText").map((c) => c.args[0]);
    };
    expect(layout(420).cell).toBeLessThan(30); // an 800 px window with the file browser open
    expect(texts(420)).toEqual(expect.arrayContaining(["tem…", "war"]));
    expect(texts(800)).toEqual(expect.arrayContaining(["temple", "war"]));
  });
});

describe("heatmap helpers", () => {
  it("scale colours from low to high and format numbers compactly", () => {
    expect(heatColour(0)).not.toBe(heatColour(1));
    expect(heatColour(-5)).toBe(heatColour(0));
    expect(formatHeat(3)).toBe("3");
    expect(formatHeat(0.1234)).toBe("0.12");
    expect(formatHeat(12.345)).toBe("12.3");
    expect(heatRange(new Float32Array([Number.NaN, 2, -1]), null)).toEqual([-1, 2]);
    expect(heatRange(new Float32Array([Number.NaN]), null)).toEqual([0, 1]);
    expect(heatRange(new Float32Array([1]), [0, 10])).toEqual([0, 10]);
  });
  it("reads the binary trait as float32 per square", () => {
    const values = new Float32Array(176).fill(0.5);
    const view = new DataView(values.buffer);
    expect(heatmapValues(view, 176)?.[3]).toBe(0.5);
    expect(heatmapValues(new DataView(new ArrayBuffer(8)), 176)).toBeNull();
    expect(heatmapValues(null, 176)).toBeNull();
  });
});

describe("schema check", () => {
  it("accepts the golden views and refuses others", () => {
    for (const f of fixtures()) expect(typeof asView(f.view)).toBe("object");
    expect(asView({ ...fixture("start_all_seeing").view, schema_version: SCHEMA_VERSION + 1 })).toMatch(/schema/);
    expect(asView(null)).toBe("no position yet");
    expect(asView({ schema_version: SCHEMA_VERSION })).toMatch(/malformed/);
  });
});

describe("themes", () => {
  it("follow the manual choice, then JupyterLab, then the background", () => {
    expect(pickTheme("dark", "true", "#fff", PALETTES)).toEqual(DARK);
    expect(pickTheme("light", "false", "#000", PALETTES)).toEqual(LIGHT);
    expect(pickTheme("auto", "false", "#fff", PALETTES)).toEqual(DARK);
    expect(pickTheme("auto", "true", "#000", PALETTES)).toEqual(LIGHT);
    expect(pickTheme("auto", null, "rgb(20, 20, 20)", PALETTES)).toEqual(DARK);
    expect(pickTheme("auto", null, "", PALETTES)).toEqual(LIGHT);
    expect(isDarkColour("nonsense")).toBeNull();
  });
});

describe("accessibility text", () => {
  it("describes the position and the last action", () => {
    const view = fixture("midgame_all_seeing").view;
    const text = describePosition(view);
    expect(text).toContain(view.decision!.prompt);
    expect(text).toMatch(/Temples \(red\): \(/);
    expect(describeLast(view)).toContain(view.last_move!.action);
    const temple = view.body.tiles.red[0]!;
    expect(describeSquare(view, temple)).toMatch(/^\(\d+,\d+\): land, .*temple \(red\)/);
    const b = view.body;
    const river = b.board.river.find((q) => !Object.values(b.tiles).some((t) => t.includes(q)) && !b.catastrophes.includes(q))!;
    expect(describeSquare(view, river)).toMatch(/: river, empty$/);
  });
});

describe("keyboard etiquette", () => {
  const key = (k: string, mods: Partial<KeyboardEvent> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });
  it("keeps notebook shortcut keys inside the widget but lets Tab, Shift+Enter and Ctrl keys through", () => {
    for (const k of ["a", "b", "d", "ArrowDown", "Escape", "Enter", " "]) expect(keepFromNotebook(key(k))).toBe(true);
    expect(keepFromNotebook(key("Tab"))).toBe(false);
    expect(keepFromNotebook(key("Enter", { shiftKey: true }))).toBe(false);
    expect(keepFromNotebook(key("s", { ctrlKey: true }))).toBe(false);
  });
});

describe("transparent backgrounds", () => {
  it("say nothing about the theme", () => {
    expect(isDarkColour("rgba(0, 0, 0, 0)")).toBeNull();
    expect(pickTheme("auto", null, "rgba(0, 0, 0, 0)", PALETTES)).toEqual(LIGHT);
  });
});

describe("conflicts", () => {
  it("mark the attacker and the defender and describe the strengths", () => {
    const view = fixture("war_defend_seat_view").view;
    const c = view.body.conflict!;
    expect(c.kind).toBe("war");
    const { ctx, calls } = recordingContext();
    drawScene(ctx, tigris, { view, ui: initialUi(), overlay: {}, heat: null, focused: false }, layout(800), LIGHT);
    const texts = calls.filter((x) => x.name === "fillText").map((x) => x.args[0]);
    expect(texts).toContain("A");
    expect(texts).toContain("D");
    expect(conflictLine(view)).toMatch(/^War of the \w+s, fought with \w+ tiles: \w+ attacks with \d+ \+ \d+ committed; \w+ defends with \d+\.$/);
    // a revolt says whose leaders fight and that red temples decide it (it said "Revolt (red)" for traders)
    expect(conflictLine(fixture("revolt_attack").view)).toBe("Revolt of the traders, fought with red temples: Bull attacks with 1; Lion defends with 1.");
    expect(describePosition(view)).toContain("War in");
    expect(conflictLine(fixture("start_all_seeing").view)).toBeNull();
  });
});

describe("the cached terrain layer", () => {
  it("is copied instead of drawing the board again", () => {
    const view = fixture("start_all_seeing").view;
    const { ctx, calls } = recordingContext();
    const layer = {} as CanvasImageSource;
    drawScene(ctx, tigris, { view, ui: initialUi(), overlay: {}, heat: null, focused: false }, layout(800, 2), LIGHT, layer);
    expect(calls.filter((c) => c.name === "drawImage")).toEqual([{ name: "drawImage", args: [layer, 0, 0] }]);
    expect(calls.filter((c) => c.name === "fillRect").length).toBeLessThan(176);
  });
});
