// The golden views written by tests/widget/view_scenarios.py, shared with pytest.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TigrisView as View } from "../src/games/tigris/body";

export interface Fixture {
  name: string;
  seat: number | null;
  view: View;
  legal: string[];
}

const DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "tests", "fixtures", "views");

export function fixtures(): Fixture[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => {
      const data = JSON.parse(readFileSync(join(DIR, f), "utf-8")) as Omit<Fixture, "name">;
      return { name: f.replace(/\.json$/, ""), ...data };
    });
}

export function fixture(name: string): Fixture {
  const f = fixtures().find((x) => x.name === name);
  if (!f) throw new Error(`no fixture ${name}`);
  return f;
}

/** A 2D context that records calls and property writes, enough for the drawing code. */
export function recordingContext(): { ctx: CanvasRenderingContext2D; calls: { name: string; args: unknown[] }[]; fills: string[] } {
  const calls: { name: string; args: unknown[] }[] = [];
  const fills: string[] = [];
  const state: Record<string | symbol, unknown> = {};
  const ctx = new Proxy(state, {
    get(target, prop) {
      if (prop in target) return target[prop];
      if (prop === "measureText") return (text: string) => ({ width: text.length * 6 });
      return (...args: unknown[]) => {
        calls.push({ name: String(prop), args });
        if (prop === "fillRect" || prop === "fill") fills.push(String(target.fillStyle));
      };
    },
    set(target, prop, value) {
      target[prop] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
  return { ctx, calls, fills };
}
