// Paolo Mori's Ur as the shared board draws it: one ``GameDrawing`` made of this folder's parts.

import type { GameDrawing } from "../../core/game";
import { checkBody, type Body, type Targets } from "./body";
import { describeCell, describePosition } from "./describe";
import { drawOver, drawPieces, drawTerrain, drawUnder, hovered, layout } from "./draw";
import { urPanel } from "./panel";
import { PALETTES, type UrPalette } from "./theme";
import { attacksFrom, cancelUi, cellOptions, clickCell, initialUi, keyCommand, syncUi, type UiState } from "./ui";

export const ur: GameDrawing<Body, Targets, UiState, UrPalette> = {
  game: "ur",
  title: "Ur",
  keysHelp: "Arrow keys move the cursor and Enter clicks; a t c p start an action, digits choose an amount, k keeps, e ends, u takes back a step, Escape drops the pick.",
  palettes: PALETTES,
  heat: "frame", // a painted square would hide the tile's letters and the owner's cubes
  checkBody: (body) => {
    const b = checkBody(body);
    return typeof b === "string" ? b : null;
  },
  layout,
  terrainKey: (view) => view.body.cells.map((c) => c.face + c.back).join(""),
  drawTerrain: (ctx, view, l, theme) => drawTerrain(ctx, view.body, l, theme),
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
    const legal = cellOptions(view, cell).length > 0 || attacksFrom(view, ui.selected).some(([to]) => to === cell);
    return describeCell(view, cell) + (legal ? " — a legal cell" : "");
  },
  panel: urPanel,
};
