// Irving Finkel's Royal Game of Ur as the shared board draws it: one ``GameDrawing`` made of this
// folder's parts.

import type { GameDrawing } from "../../core/game";
import { checkBody, type Body, type Targets } from "./body";
import { describeCell, describePosition } from "./describe";
import { drawOver, drawPieces, drawTerrain, drawUnder, hovered } from "./draw";
import { layout } from "./geometry";
import { moveNote, royalPanel } from "./panel";
import { PALETTES, type RoyalPalette } from "./theme";
import { cancelUi, clickCell, initialUi, keyCommand, moveFrom, syncUi, type UiState } from "./ui";

export const royal: GameDrawing<Body, Targets, UiState, RoyalPalette> = {
  game: "royal",
  title: "The Royal Game of Ur",
  keysHelp: "r or Space throws the dice; arrow keys move the cursor and Enter clicks; n picks the next piece that can move; Escape drops the pick.",
  palettes: PALETTES,
  checkBody: (body) => {
    const b = checkBody(body);
    return typeof b === "string" ? b : null;
  },
  layout,
  terrainKey: () => "board", // the board never changes: pieces and dice are drawn over it
  drawTerrain: (ctx, _view, l, theme) => drawTerrain(ctx, l, theme),
  drawPieces,
  drawUnder,
  drawOver,
  hovered,
  initialUi,
  syncUi,
  cancel: cancelUi,
  click: clickCell,
  key: keyCommand,
  describePosition,
  describeSquare: (view, ui, cell) => {
    const picked = moveFrom(view, ui.selected);
    const note = picked?.to === cell ? ` — the picked piece goes here${moveNote(view, cell)}` : moveFrom(view, cell) ? " — a piece that can move" : "";
    return describeCell(view, cell) + note;
  },
  panel: royalPanel,
};
