// Edit mode (a position editor's board): a click or Enter on any square becomes one square message.
import { describe, expect, it } from "vitest";
import type { Command } from "../src/core/game";
import { allowedInEditMode, editKeyMessage, isEditMode, squareMessage } from "../src/core/edit";
import { keyCommand } from "../src/games/tigris/ui-state";
import { fixture } from "./fixtures";

const view = fixture("start_all_seeing").view;

describe("edit mode's square message", () => {
  it("names any square on the board with the drawn state", () => {
    for (const q of [0, 37, 175]) expect(squareMessage(view, q)).toEqual({ kind: "square", square: q, state_id: view.state_id });
  });

  it("is not sent off the board or for a square that is no whole number", () => {
    expect(squareMessage(view, -1)).toBeNull();
    expect(squareMessage(view, 2.5)).toBeNull();
    expect(squareMessage(view, Number.NaN)).toBeNull();
  });
});

describe("edit mode's switch", () => {
  it("is on only for a literal true (a BoardWidget has no such trait)", () => {
    expect(isEditMode(true)).toBe(true);
    for (const v of [undefined, null, false, "true", 1]) expect(isEditMode(v)).toBe(false);
  });
});

describe("keys in edit mode", () => {
  it("keep the cursor and Enter (a click on the cursor's square)", () => {
    const enter = keyCommand(view, "Enter", false);
    const arrow = keyCommand(view, "ArrowRight", false);
    expect(enter && allowedInEditMode(enter)).toBe(true);
    expect(arrow && allowedInEditMode(arrow)).toBe(true);
  });

  it("drop the game's own picks and actions", () => {
    const commands: Command[] = [
      { type: "intent", intent: { action: "pass" } },
      { type: "update", update: (ui) => ui },
      { type: "goto", ply: 0 },
      { type: "history", delta: -1 },
    ];
    for (const c of commands) expect(allowedInEditMode(c)).toBe(false);
    const pick = keyCommand(view, "k", false);
    expect(pick === null || !allowedInEditMode(pick)).toBe(true);
  });
});

describe("edit mode's own keys", () => {
  it("u undoes and Shift+U redoes, for the drawn state", () => {
    expect(editKeyMessage(view, "u")).toEqual({ kind: "undo", state_id: view.state_id });
    expect(editKeyMessage(view, "U")).toEqual({ kind: "redo", state_id: view.state_id });
  });

  it("leave every other key to the cursor and Enter", () => {
    for (const key of ["Enter", "ArrowLeft", "z", "r", " ", "Escape"]) expect(editKeyMessage(view, key)).toBeNull();
  });
});
