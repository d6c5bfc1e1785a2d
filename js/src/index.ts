// anywidget entry point: glue only. ``render`` runs once per displayed view and returns the cleanup
// that removes everything it added.

import { BoardController, type Model } from "./controller";

function render({ model, el }: { model: Model; el: HTMLElement }): () => void {
  const board = new BoardController(model, el);
  return () => board.destroy();
}

export default { render };
