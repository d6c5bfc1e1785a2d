// anywidget entry point: glue only. ``render`` runs once per displayed view and returns the cleanup
// that removes everything it added. ``openReplay`` shows a packed replay with no kernel at all (the
// self-contained HTML replay page imports it from this same bundle), ``openPuzzle`` a judged puzzle
// (the puzzle page). Here, and only here, the core
// meets the games: the registry is handed to each board.

import { BoardController, type Model } from "./core/controller";
import { openPuzzlePage, type PuzzlePage } from "./core/puzzlepage";
import { Replay, unpack } from "./core/replay";
import { GAMES } from "./games/index";

function render({ model, el }: { model: Model; el: HTMLElement }): () => void {
  const board = new BoardController(model, el, GAMES);
  return () => board.destroy();
}

/** A model with nothing behind it: it holds the traits the board reads and answers no message. */
function staticModel(state: Record<string, unknown>): Model {
  return {
    get: (name) => state[name],
    set: (name, value) => {
      state[name] = value;
    },
    save_changes: () => undefined,
    on: () => undefined,
    off: () => undefined,
    send: () => undefined,
  };
}

/** Show the packed replay (``render/replay.py``) in ``el``; the board steps through it by itself. */
export async function openReplay(el: HTMLElement, packed: string): Promise<{ board: BoardController; plies: number; seat: number | null }> {
  const replay = new Replay(await unpack(packed));
  const model = staticModel({ view: replay.viewAt(replay.data.start), error: "", overlay: {}, heatmap: null, theme: "auto" });
  const board = new BoardController(model, el, GAMES, { replay });
  return { board, plies: replay.length, seat: replay.seat };
}

/** Show the packed puzzle tree (``render/puzzle_tree.py``) in ``el``: the puzzle page, solved with no kernel. */
export function openPuzzle(el: HTMLElement, packed: string): Promise<PuzzlePage> {
  return openPuzzlePage(el, packed, GAMES);
}

export default { render };
