// The games the board can draw: ``view.game`` → its drawing, one line per game. The entry point
// (src/index.ts) hands this registry to the core, which never imports a game itself.

import type { GameRegistry } from "../core/game";
import { royal } from "./royal/index";
import { tigris } from "./tigris/index";
import { ur } from "./ur/index";

export const GAMES: GameRegistry = {
  tigris,
  ur,
  royal,
};
