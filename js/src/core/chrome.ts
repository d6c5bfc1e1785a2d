// The board's DOM around the canvas: the frame built once per board (notices, banner, caption, legend,
// side panel, history bar, log, screen-reader text) and the small renderings of each part. It decides
// nothing about the game or the kernel: the controller says what to show.

import type { Connection } from "./connection";
import { heatLegend } from "./overlays";
import { h, standingsTable, type PanelElements } from "./panel";
import type { Theme } from "./theme";
import type { HistoryInfo, Overlay, View } from "./view";

export class BoardChrome {
  readonly root: HTMLElement;
  readonly canvas: HTMLCanvasElement;
  /** The canvas's box: its width is the room the board has. */
  readonly wrap: HTMLElement;
  /** What ``renderPanel`` rebuilds for each view. */
  readonly panel: PanelElements;
  readonly dismissError: HTMLElement;
  readonly backToLive: HTMLElement;
  private readonly errorBox: HTMLElement;
  private readonly errorText: HTMLElement;
  private readonly caption: HTMLElement;
  private readonly legend: HTMLElement;
  private readonly live: HTMLElement;
  private readonly description: HTMLElement;
  private readonly banner: HTMLElement;
  private readonly offlineBox: HTMLElement;
  /** The final standings over the board at the end of the game (closable: the board stays to be seen). */
  private readonly finalCard: HTMLElement;
  /** The position whose standings were closed: they stay closed until another position ends the game. */
  private finalClosed = "";
  private lastAnnounced = "";

  constructor(host: HTMLElement) {
    // role "application": screen readers pass the board's keys through to it
    this.canvas = h("canvas", { class: "tw-board", tabindex: 0, role: "application", "aria-roledescription": "game board" }) as HTMLCanvasElement;
    this.errorText = h("span", { class: "tw-error-text" });
    this.dismissError = h("button", { type: "button", class: "tw-error-close", "aria-label": "Dismiss", text: "×" });
    this.errorBox = h("div", { class: "tw-error", role: "alert", hidden: true }, this.errorText, this.dismissError);
    this.finalCard = h("div", { class: "tw-final-card", role: "dialog", "aria-label": "Final standings", hidden: true });
    this.wrap = h("div", { class: "tw-board-wrap" }, this.canvas, this.finalCard);
    this.backToLive = h("button", { type: "button", class: "tw-back-live", text: "back to live" });
    this.banner = h("div", { class: "tw-banner", hidden: true, role: "status" }, h("span", { class: "tw-banner-text" }), this.backToLive);
    this.offlineBox = h("div", { class: "tw-offline-box", role: "alert", hidden: true });
    this.caption = h("div", { class: "tw-caption", hidden: true });
    this.legend = h("div", { class: "tw-legend", hidden: true });
    const side = h("div", { class: "tw-side" });
    const history = h("div", { class: "tw-history", role: "toolbar", "aria-label": "History: ← and → step, Home and End jump", tabindex: 0 });
    const log = h("ol", { class: "tw-log", "aria-label": "Event log" });
    this.panel = { side, history, log };
    this.live = h("div", { class: "tw-sr", "aria-live": "polite", role: "status" });
    this.description = h("p", { class: "tw-sr" });
    this.description.id = `tw-desc-${Math.random().toString(36).slice(2)}`;
    this.canvas.setAttribute("aria-describedby", this.description.id);
    this.root = h(
      "div",
      { class: "tigris-widget" },
      this.caption,
      this.offlineBox,
      h("div", { class: "tw-main" }, h("div", { class: "tw-board-col" }, this.banner, this.legend, this.wrap, h("div", { class: "tw-notices" }, this.errorBox)), side),
      history,
      log,
      this.live,
      this.description,
    );
    host.append(this.root);
  }

  /**
   * The page's colours are the notebook's; a theme chosen from Python that differs from them gives the
   * board its own colours (``tw-own-colours``), so its panel and log never sit dark-on-dark or light-on-light.
   */
  markTheme(theme: Theme, ownColours: boolean): void {
    this.root.dataset.theme = theme.dark ? "dark" : "light";
    this.root.classList.toggle("tw-own-colours", ownColours);
    this.root.style.setProperty("--tw-last", theme.last); // the log marks the last turn as the board does
  }

  markGame(name: string): void {
    this.root.dataset.game = name;
  }

  /** A board with no game to draw: what an earlier view left in the panel goes. */
  clearPanel(): void {
    for (const el of [this.panel.side, this.panel.history, this.panel.log]) el.replaceChildren();
  }

  /** The banner over a position of the past, and the class that dims the board meanwhile. */
  showHistory({ ply, length, live }: HistoryInfo): void {
    this.banner.hidden = live;
    this.root.classList.toggle("tw-in-history", !live);
    const bannerText = this.banner.querySelector(".tw-banner-text");
    if (bannerText) bannerText.textContent = live ? "" : `Move ${ply} of ${length} — you are looking at the past`;
  }

  /** The position in words for screen readers: the canvas's description and its label. */
  describeBoard(description: string, label: string): void {
    this.description.textContent = description;
    this.canvas.setAttribute("aria-label", label);
  }

  /** Say ``text`` to screen readers unless it was the last thing announced (the same move again). */
  announce(text: string): void {
    if (text && text !== this.lastAnnounced) {
      this.live.textContent = text;
      this.lastAnnounced = text;
    }
  }

  /** Say ``text`` to screen readers even if it was said before (the square under the cursor). */
  say(text: string): void {
    this.live.textContent = text;
  }

  /** The standings over the board when the game is over (at the latest move, until closed for this position). */
  renderFinal(v: View): void {
    const table = v.over && v.history.live && this.finalClosed !== v.state_id ? standingsTable(v) : null;
    this.finalCard.hidden = !table;
    this.root.classList.toggle("tw-final-shown", Boolean(table));
    if (!table) {
      this.finalCard.replaceChildren();
      return;
    }
    const close = h("button", { type: "button", class: "tw-final-close", "aria-label": "Close the standings to see the board", text: "×" });
    close.addEventListener("click", () => {
      this.finalClosed = v.state_id;
      this.renderFinal(v);
      this.canvas.focus();
    });
    this.finalCard.replaceChildren(close, h("div", { class: "tw-final-title", text: "Game over" }), table);
  }

  /** The notice under the board; a ``hint`` (the board's own word on a click) is styled as less alarming. */
  renderError(text: string, hint: boolean): void {
    this.errorText.textContent = text;
    this.errorBox.hidden = !text;
    this.errorBox.classList.toggle("tw-hint", hint);
  }

  setCaption(text: string): void {
    this.caption.textContent = text;
  }

  /** The caption and the heatmap's legend of Python's overlay, when it belongs to the shown position. */
  renderCaption(overlay: Overlay, heat: Float32Array | null, shown: boolean, dark: boolean): void {
    this.caption.hidden = !overlay.caption || !shown;
    const parts = shown ? heatLegend(heat, overlay, dark) : null;
    this.legend.hidden = !parts;
    if (!parts) return;
    this.legend.replaceChildren(
      h("span", { class: "tw-legend-title", text: parts.title }),
      h("span", { class: "tw-legend-scale" }, h("span", { text: parts.low }), h("span", { class: "tw-legend-bar", style: `background: ${parts.gradient}`, "aria-hidden": "true" }), h("span", { text: parts.high })),
    );
  }

  /** The board's marks for the kernel's state: read-only look, the calm look of a saved board. */
  markConnection(state: Connection): void {
    this.root.classList.toggle("tw-is-offline", state !== "");
    this.root.classList.toggle("tw-no-kernel", state === "none"); // a saved board: calm notice, full colour
    this.root.dataset.connection = state || "live";
    this.canvas.setAttribute("aria-disabled", String(state !== ""));
  }

  /** The notice of a board without a live kernel; ``moves`` is the length of the saved history it can step through, if any. */
  renderOffline(state: Connection, moves: number | null, standalone: boolean): void {
    this.offlineBox.hidden = state === "" || standalone;
    const stepping = moves !== null ? ` Step through its ${moves} move${moves === 1 ? "" : "s"} with the history bar, or , and . on the board.` : "";
    const texts: Record<Connection, string> = {
      "": "",
      waiting: `The Python kernel is not answering (busy, restarted, or this board was restored from a saved notebook). The board waits for it before taking moves.${stepping}`,
      disconnected: `Disconnected from the Python kernel (restarted or shut down): this board is read-only. Run its cell again to play on.${stepping}`,
      none: `Saved board: no Python kernel is running it, so moves cannot be played.${stepping || " It shows the position it was saved with."}`,
    };
    this.offlineBox.textContent = texts[state];
    this.offlineBox.setAttribute("role", state === "none" ? "status" : "alert");
  }

  /** Disable the panel's controls (``readOnly``) and the history bar's (``historyLocked``); a rebuild enables them again. */
  lockControls(readOnly: boolean, historyLocked: boolean): void {
    for (const b of this.root.querySelectorAll<HTMLButtonElement | HTMLInputElement>(".tw-side button")) if (readOnly) b.disabled = true;
    for (const b of this.root.querySelectorAll<HTMLButtonElement | HTMLInputElement>(".tw-history button, .tw-history input")) if (historyLocked) b.disabled = true;
  }
}
