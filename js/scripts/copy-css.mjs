// Copies the stylesheet next to the bundle (esbuild bundles the TypeScript only).
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "..", "..", "src", "tigris_widget", "static");
mkdirSync(out, { recursive: true });
copyFileSync(join(here, "..", "src", "widget.css"), join(out, "widget.css"));
