// The front end's import graph: no circles (type-only imports count: they couple modules as much),
// and the shared core never reaches into a game — games are handed to it by the registry
// (src/games/index.ts) that the entry point (src/index.ts) wires in.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "..", "src");

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

/** Every relative module ``file`` imports or re-exports, as paths relative to src/ (``import type`` included). */
export function importsOf(file: string, text: string = readFileSync(file, "utf-8")): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const specs = [
    ...code.matchAll(/(?:^|[;\s])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']/g),
    ...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ].map((m) => m[1]!);
  return specs
    .filter((s) => s.startsWith("."))
    .map((s) => {
      const target = resolve(dirname(file), s);
      for (const candidate of [target, `${target}.ts`, join(target, "index.ts")]) {
        try {
          if (statSync(candidate).isFile()) return relative(SRC, candidate);
        } catch {
          // not this one
        }
      }
      throw new Error(`${relative(SRC, file)} imports ${s}, which is no module`);
    });
}

function graph(): Map<string, string[]> {
  return new Map(tsFiles(SRC).map((f) => [relative(SRC, f), importsOf(f)]));
}

/** The import circles of ``g``, each as the path that closes it. */
export function circles(g: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (m: string) => {
    state.set(m, "open");
    stack.push(m);
    for (const n of g.get(m) ?? []) {
      if (state.get(n) === "open") found.push([...stack.slice(stack.indexOf(n)), n]);
      else if (!state.has(n)) visit(n);
    }
    stack.pop();
    state.set(m, "done");
  };
  for (const m of [...g.keys()].sort()) if (!state.has(m)) visit(m);
  return found;
}

describe("the import graph", () => {
  const g = graph();

  it("is read from every module, type-only imports included", () => {
    expect(g.size).toBeGreaterThan(20);
    expect(g.get("games/tigris/marks.ts")).toContain("core/game.ts"); // an ``import type``
    expect(importsOf(join(SRC, "x.ts"), 'import type { A } from "./core/view";\nexport { B } from "./core/game";')).toEqual(["core/view.ts", "core/game.ts"]);
  });

  it("has no circles", () => {
    expect(circles(g).map((c) => c.join(" → "))).toEqual([]);
    expect(circles(new Map([["a", ["b"]], ["b", ["a"]]]))).toEqual([["a", "b", "a"]]); // the check can fail
  });

  it("keeps the core free of games: only the registry and the entry point name them", () => {
    const leaks = [...g].filter(([m, deps]) => m.startsWith("core/") && deps.some((d) => d.startsWith("games/")));
    expect(leaks).toEqual([]);
    for (const [m, deps] of g) {
      if (!m.startsWith("games/") || m === "games/index.ts") continue;
      const game = m.split("/")[1];
      const other = deps.filter((d) => d.startsWith("games/") && d.split("/")[1] !== game);
      expect(other, `${m} imports another game`).toEqual([]);
    }
    expect(g.get("index.ts")).toContain("games/index.ts");
  });
});
