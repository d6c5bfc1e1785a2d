// A review's better move drawn as ghost pieces (issue #22, the review): on each ghost square the
// board clips to the square, paints the terrain of the position after the better move, then its
// pieces translucent, then a dashed frame — for both games, and nothing for a malformed ghost.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { AnyGame } from "../src/core/game";
import { squareRect } from "../src/core/geometry";
import { drawScene, GHOST_ALPHA } from "../src/core/scene";
import type { Overlay, View } from "../src/core/view";
import { layout } from "../src/games/tigris/geometry";
import { tigris } from "../src/games/tigris/index";
import { LIGHT } from "../src/games/tigris/theme";
import { initialUi } from "../src/games/tigris/ui-state";
import { layout as urLayout } from "../src/games/ur/draw";
import { ur } from "../src/games/ur/index";
import { PALETTES } from "../src/games/ur/theme";
import { themeFrom } from "../src/core/theme";
import { initialUi as urInitialUi } from "../src/games/ur/ui";
import { fixture, recordingContext } from "./fixtures";

const UR_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "tests", "fixtures", "views", "ur");
const urView = (name: string) => (JSON.parse(readFileSync(join(UR_DIR, `${name}.json`), "utf-8")) as { view: View }).view;

/** Every call with the globalAlpha and the clip rectangle in force when it was made. */
function record(game: AnyGame, view: View, overlay: Overlay, l: ReturnType<typeof layout>, theme: unknown, ui: unknown) {
  const rec = recordingContext();
  const seen: { name: string; args: unknown[]; alpha: number; clip: number[] | null }[] = [];
  let clip: number[] | null = null;
  let lastRect: number[] = [];
  const stack: { clip: number[] | null; alpha: unknown }[] = [];
  const ctx = new Proxy(rec.ctx, {
    get(target, prop) {
      const v = (target as unknown as Record<string | symbol, unknown>)[prop];
      if (typeof v !== "function") return v;
      return (...args: unknown[]) => {
        const t = target as unknown as Record<string, unknown>;
        seen.push({ name: String(prop), args, alpha: typeof t.globalAlpha === "number" ? t.globalAlpha : 1, clip });
        if (prop === "rect") lastRect = args as number[];
        if (prop === "save") stack.push({ clip, alpha: t.globalAlpha });
        if (prop === "clip") clip = lastRect;
        if (prop === "restore") {
          const top = stack.pop();
          clip = top ? top.clip : null;
          t.globalAlpha = top ? top.alpha : 1;
        }
        return (v as (...a: unknown[]) => unknown)(...args);
      };
    },
  });
  drawScene(ctx, game, { view: view as never, ui: ui as never, overlay, heat: null, focused: false }, l, theme as never);
  return seen;
}

describe("the better move as ghost pieces", () => {
  it("T&E: the tile the better move places is drawn translucent, clipped to its square, and framed", () => {
    const { view } = fixture("midgame_all_seeing");
    const body = structuredClone(view.body);
    const square = 3 * 16 + 3; // empty land in this position? make it so: take it off every list
    for (const c of Object.keys(body.tiles)) body.tiles[c as "red"] = body.tiles[c as "red"].filter((q) => q !== square);
    const after = structuredClone(body);
    after.tiles.green = [...after.tiles.green, square];
    const l = layout(800);
    const calls = record(tigris, { ...view, body } as View, { ghost: { body: after, squares: [square], colour: "#1565c0" } }, l, LIGHT, initialUi());
    const r = squareRect(l, square);
    const inGhost = calls.filter((c) => c.clip && c.clip[0] === r.x && c.clip[1] === r.y && c.clip[2] === r.w && c.clip[3] === r.h);
    expect(inGhost.length).toBeGreaterThan(0);
    // the pieces (drawn after the terrain) are translucent; nothing in the clip is drawn at full opacity after the alpha drops
    const firstTranslucent = inGhost.findIndex((c) => c.alpha === GHOST_ALPHA);
    expect(firstTranslucent).toBeGreaterThan(0); // terrain first, opaque
    expect(inGhost.slice(firstTranslucent).every((c) => c.alpha === GHOST_ALPHA || c.name === "restore")).toBe(true);
    // the dashed frame in the ghost's colour, outside the clip
    const dashed = calls.findIndex((c) => c.name === "setLineDash" && Array.isArray(c.args[0]) && (c.args[0] as number[]).length === 2 && !c.clip);
    expect(dashed).toBeGreaterThan(calls.indexOf(inGhost[inGhost.length - 1]!));
  });

  it("Ur: the cubes of the better turn are drawn translucent on their cell", () => {
    const view = urView("turn");
    const body = view.body as { cells: { owner: number | null; cubes: number }[] };
    const cell = body.cells.findIndex((c) => c.owner === null);
    expect(cell).toBeGreaterThanOrEqual(0);
    const after = structuredClone(body);
    after.cells[cell] = { ...after.cells[cell]!, owner: 0, cubes: 2 };
    const l = urLayout(600);
    const calls = record(ur, view, { ghost: { body: after, squares: [cell] } }, l, themeFrom(PALETTES.light, false), urInitialUi());
    const r = squareRect(l, cell);
    const inGhost = calls.filter((c) => c.clip && c.clip[0] === r.x && c.clip[1] === r.y);
    expect(inGhost.some((c) => c.alpha === GHOST_ALPHA && (c.name === "fill" || c.name === "fillRect"))).toBe(true);
  });

  it("a malformed ghost (another game's body, bad squares) draws nothing and throws nothing", () => {
    const { view } = fixture("midgame_all_seeing");
    const l = layout(800);
    for (const ghost of [{ body: urView("turn").body, squares: [5] }, { body: view.body, squares: [-1, 9999, 1.5] }, { body: null, squares: [5] }]) {
      const calls = record(tigris, view as View, { ghost } as Overlay, l, LIGHT, initialUi());
      expect(calls.some((c) => c.name === "clip")).toBe(false);
    }
  });
});
