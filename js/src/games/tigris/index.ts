// Tigris & Euphrates as the shared board draws it: one ``GameDrawing`` made of this folder's parts.

import type { GameDrawing } from "../../core/game";
import { checkBody, type Body, type Targets, type TigrisView } from "./body";
import { drawBoard } from "./board";
import { describePosition, describeSquare } from "./describe";
import { layout } from "./geometry";
import { drawOver, drawUnder, hovered } from "./marks";
import { tigrisPanel } from "./panel";
import { drawPieces } from "./pieces";
import { PALETTES, type TigrisPalette } from "./theme";
import { cancelUi, clickSquare, initialUi, keyCommand, syncUi, targetsFor, type UiState } from "./ui-state";

export const tigris: GameDrawing<Body, Targets, UiState, TigrisPalette> = {
  game: "tigris",
  title: "Tigris & Euphrates",
  keysHelp: "Arrow keys move the cursor; k r b g pick a tile, Shift+K R B G a leader, c a catastrophe; Enter plays.",
  palettes: PALETTES,
  checkBody: (body) => {
    const b = checkBody(body);
    return typeof b === "string" ? b : null;
  },
  layout,
  terrainKey: (view) => view.body.board.name,
  drawTerrain: (ctx, view, l, theme) => drawBoard(ctx, view.body, l, theme),
  drawPieces: (ctx, view, l, theme) => drawPieces(ctx, view.body, l, theme, view.seats),
  drawUnder,
  drawOver,
  hovered,
  initialUi,
  syncUi,
  cancel: cancelUi,
  click: clickSquare,
  key: keyCommand,
  describePosition,
  describeSquare: (view: TigrisView, ui, square) => describeSquare(view, square) + (targetsFor(view, ui.selected).includes(square) ? " — a legal square" : ""),
  panel: tigrisPanel,
};
