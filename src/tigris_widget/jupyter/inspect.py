"""``BotInspector``: look inside the search bot's decision on a position, for every game.

    >>> from tigris_widget import BotInspector, Game
    >>> game = Game.new(players=2, seed=3)
    >>> inspector = BotInspector(game)             # analyses the decision pending in ``game``
    >>> result = inspector.think(iterations=100)   # waits for the result; the Think button does not
    >>> result.best.text in [c.text for c in result.candidates]
    True

Shown in a notebook, ``inspector`` is the board with a heat map, the candidate table and details. The
analysis comes from the game's own search through the registry (``bots.analysis``): in *Tigris &
Euphrates* a candidate is one action, in *Ur* a whole turn.

Think searches in a background thread, so the notebook stays free: a first answer at once, then the
board and the table update a few times a second until the analysis *settles* (the same best move,
its range clear of every other, three updates in a row), its budget (one second) runs out, or you
press Stop. Keep thinking searches the same tree a budget longer. A best move is named only when
its range is clear of the others; otherwise the dashboard says "too close to call" and marks every
move within reach of the best — or, when five or more moves were compared and none was ruled out,
"no move stands out": the field is flat, and a search with another seed may well prefer another move.

The heat map says, on each square, how much worse the best candidate touching that square is than
the best move, in points of the table's unit (0 is as good as the best); a map that would write the
same number on every square says nothing and is not drawn. The selected candidate is framed (and a
move or a war drawn as an arrow). "What if" plays it on a copy of the game, and the analysis, which
belongs to the position before, leaves the screen until you press Think or Back. The analysis reads
only what the deciding player sees, its hidden tiles dealt at random; where the game hides something,
tick "read hands from play" to sample them as the other players' moves so far suggest (what the bot
``search-infer`` does; the details then show what it read of each hand), or "all-seeing" to compare
with a search that reads every hand.
"""

from __future__ import annotations

import html
from collections.abc import Hashable, Mapping
from typing import Any

import ipywidgets as widgets

from tigris_widget.bots.analysis import (
    DEFAULT_SECONDS,
    Analysis,
    AnalysisRequest,
    Thinker,
    analyze_iter,
    check_game,
    verdict,
)
from tigris_widget.core.analysis import reason_against
from tigris_widget.core.protocol import GameLike
from tigris_widget.core.registry import game_module
from tigris_widget.core.reopen import ShowsSavedPicture
from tigris_widget.jupyter.thinking import ThinkingControls, reading_box
from tigris_widget.jupyter.widget import BOARD_BESIDE_PANEL, BoardWidget, with_picture

SUGGESTION_COLOUR = "#e67e22"
"""The orange of a bot's suggested move (the heat map is violet, so it stands out)."""


def show_analysis_heatmap(board: BoardWidget, analysis: Analysis, key: str | None) -> bool:
    """Draw the heat map ``key`` of ``analysis`` on ``board`` with its legend: points of the analysis'
    unit relative to the best move. Returns False (and draws nothing) when there is no such map or
    its values are all alike (one number on every square tells nothing square by square)."""
    heat = analysis.heatmaps.get(key) if key else None
    if heat is None or not heat.informative():
        return False
    values = {q: 100.0 * v for q, v in heat.values.items()}
    low, high = min(values.values()), max(values.values())
    board.show_heatmap(values, vmin=min(low, high - 1.0), vmax=high, format="points",
                       legend=f"{heat.label}: {analysis.unit} vs the best move, in points",
                       high="best" if high >= -0.5 else None)  # fmt: skip
    return True


def mark_candidate(board: BoardWidget, analysis: Analysis, text: str, caption: str) -> None:
    """Show a candidate on ``board``: its squares framed, its moves and wars as arrows, ``caption``."""
    marks = analysis.marks.get(text)
    if marks is not None:
        if marks.squares:
            board.highlight(marks.squares, SUGGESTION_COLOUR)
        for arrow in marks.arrows:
            board.arrow(arrow.start, arrow.end, SUGGESTION_COLOUR)
    board.caption(caption)


def mark_verdict(
    board: BoardWidget, analysis: Analysis, label: str, tie_label: str = "Too close to call",
    flat_label: str = "No move stands out",
) -> str:  # fmt: skip
    """Mark the analysis' call on ``board``: the best move when it is clear (caption ``label: move``),
    every tied move when it is too close to call (``tie_label: a / b``) or when no move stands out
    (``flat_label: a / b …``), the first choice alone when nothing was compared with it
    (``label (not compared): move``); returns the caption."""
    v = verdict(analysis)
    texts = v.texts
    if v.clear or not texts:
        caption = f"{label}: {texts[0]}" if texts else label
    elif len(texts) == 1:
        caption = f"{label} (not compared): {texts[0]}"
    elif v.flat:
        caption = f"{flat_label}: {' / '.join(texts[:3])} …"
    else:
        caption = f"{tie_label}: {' / '.join(texts[:3])}{' …' if len(texts) > 3 else ''}"
    for text in texts:
        mark_candidate(board, analysis, text, caption)
    return caption


def _points_behind(points: float) -> str:
    """A difference in points for the table: whole points, tenths below one ("−0.3", not "−0")."""
    if abs(points) < 0.05:
        return "0"
    text = f"{points:+.1f}" if abs(points) < 1 else f"{points:+.0f}"
    return text.replace("-", "\u2212")


def _percent(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.0f} %"


_TABLE_CSS = (
    "<style>.tw-cands{border-collapse:collapse;font-size:13px;line-height:1.35;font-variant-numeric:tabular-nums;"
    "width:100%;max-width:44em}"
    ".tw-cands th,.tw-cands td{padding:2px 8px;vertical-align:top}"
    ".tw-cands th{text-align:left;font-weight:600;vertical-align:bottom;border-bottom:1px solid rgba(128,128,128,.45)}"
    ".tw-cands .n{text-align:right;white-space:nowrap}.tw-cands td.a code.short{white-space:nowrap}.tw-cands th.n{white-space:normal}.tw-cands td.a{white-space:normal;min-width:6.5em}"
    ".tw-cands tr.why td{font-size:12px;opacity:.8;padding-bottom:5px;border-bottom:1px solid rgba(128,128,128,.2)}"
    ".tw-cands tr.sel td{background:rgba(123,63,160,.14)}.tw-cands tr.top td.a{font-weight:600}"
    ".tw-cands tr.tie td.a{box-shadow:inset 3px 0 0 #e67e22}"
    # a wide table scrolls on its own in a narrow panel (tw-fit lets the panel's text wrap to its width)
    ".tw-scroll{overflow-x:auto;max-width:100%}.tw-fit .widget-html-content{min-width:0}</style>"
)


def _rows(analysis: Analysis | Mapping[str, Any]) -> tuple[list[dict[str, Any]], float, bool, str]:
    """(rows of text/value/low/high/visits/reason/line/tied, the best value, final, unit) of an analysis,
    or of a mapping in the JSON shape of T&E's report (``candidates`` with ``action``, ``value``, ``visits``)."""
    if isinstance(analysis, Analysis):
        v = verdict(analysis)
        tied = {c.text for c in v.tied} if len(v.tied) > 1 and not v.clear else set()
        hardly = {c.text for c in v.not_examined}
        rows = [{"text": c.text, "name": c.label, "value": c.value, "low": c.low, "high": c.high, "visits": c.visits,
                 "reason": c.reason, "line": list(c.line), "tied": c.text in tied, "hardly": c.text in hardly}
                for c in analysis.candidates]  # fmt: skip
        if rows and not v.clear:
            rows[0]["unclear"] = True  # the first row is the search's first choice, not a declared best
        return rows, analysis.value, analysis.final, analysis.unit
    rows = [{"text": c["action"], "name": c.get("name") or c["action"], "value": c["value"], "low": c.get("low"),
             "high": c.get("high"), "visits": c["visits"], "reason": c.get("reason", ""),
             "line": c.get("principal_variation", []), "tied": False}
            for c in analysis["candidates"]]  # fmt: skip
    return rows, float(analysis["value"]), bool(analysis["final"]), analysis.get("unit", "chance to win")


def _range(low: float | None, high: float | None) -> str:
    """An interval as whole percents ("48–55"), "–" when there is none."""
    if low is None or high is None:
        return "–"
    return f"{100 * low:.0f}–{100 * high:.0f}"


SHORT_NAME = 36
"""Names up to this many characters stay on one line in the candidate table (every short name does)."""


def candidate_table(analysis: Analysis | Mapping[str, Any], selected: str | None = None) -> str:
    """HTML table of the candidates: move (its short name: an Ur turn's main action and target), value
    (the analysis' unit) with its likely range (about 95 %), the difference to the best and visits on
    one line, the reason below it — the first row's in full, the others' only what differs from it
    (``reason_against``). The move's tooltip holds its whole line and the expected continuation. The
    first row is the search's choice; "best" is written only when its range is clear of the others,
    else the tied rows say "tie"."""
    rows_in, best_value, final, unit = _rows(analysis)
    best_reason = rows_in[0]["reason"] if rows_in else ""
    any_tie = any(c["tied"] for c in rows_in)
    rows = []
    for i, c in enumerate(rows_in):
        value = _percent(c["value"])
        if c["value"] is None:
            diff = "–"
        elif c.get("hardly"):
            diff = "not examined"
        elif c["tied"]:
            diff = "tie" if i else "tie (first)"
        elif i == 0:
            diff = "best" if not any_tie and not c.get("unclear") else "first"
        else:
            diff = _points_behind(100 * (c["value"] - best_value))
        classes = " ".join(x for x in ("sel" if c["text"] == selected else "", "top" if i == 0 else "",
                                       "tie" if c["tied"] else "") if x)  # fmt: skip
        whole = f"{c['text']}\n" if c["name"] != c["text"] else ""  # the short name's whole line
        tip = html.escape(f"{whole}then: {' → '.join(c['line'][:5])}", quote=True)
        short = " class='short'" if len(c["name"]) <= SHORT_NAME else ""  # one line; a long one wraps
        said = c["reason"] if i == 0 else reason_against(best_reason, c["reason"])
        reason = html.escape(said or ("searching…" if not final else ""))
        rows.append(
            f"<tr class='{classes}'><td class='a' title='{tip}'><code{short}>{html.escape(c['name'])}</code></td>"
            f"<td class='n'>{value}</td><td class='n'>{_range(c['low'], c['high'])}</td><td class='n'>{diff}</td>"
            f"<td class='n'>{c['visits']}</td></tr>"
        )
        if reason:
            rows.append(f"<tr class='why {classes}'><td colspan='5'>{reason}</td></tr>")
    head = (f"<tr><th>move</th><th class='n'>{html.escape(unit)}</th><th class='n' title='about 95 % of the time "
            f"the true value lies in this range'>range</th><th class='n'>vs best</th><th class='n'>visits</th></tr>")  # fmt: skip
    return f"{_TABLE_CSS}<table class='tw-cands'>{head}{''.join(rows)}</table>"


def _table_html(caption: str, header: tuple[str, ...], rows: tuple[tuple[str, ...], ...]) -> str:
    head = "".join(f"<th class='n'>{html.escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td class='n'>{html.escape(x)}</td>" for x in row) + "</tr>" for row in rows)
    return (f"{html.escape(caption)}:<div class='tw-scroll'><table class='tw-cands' style='width:auto'><tr>{head}</tr>"
            f"{body}</table></div>")  # fmt: skip


def summary(analysis: Analysis, heat_shown: str | None = None) -> str:
    """The recommendation (the table's first row) with its value and the reason in words, the
    game's notes and tables, what the heat map shows (or why there is none) and how the analysis
    was made (fair or all-seeing, in one sentence)."""
    if not analysis.candidates:
        return "No candidate yet."
    best = analysis.best
    state = "" if analysis.final else " (thinking…)"
    spread = (f" (likely {_percent(best.low)}–{_percent(best.high)})"
              if best.low is not None and best.high is not None and best.high - best.low >= 0.005 else "")  # fmt: skip
    v = verdict(analysis)
    if v.clear:
        lines = [f"<b>Best: <code>{html.escape(best.text)}</code></b> — {html.escape(analysis.unit)} "
                 f"{_percent(best.value)}{spread}{state}"]  # fmt: skip
    elif len(v.tied) == 1:
        lines = [f"<b>Searched most: <code>{html.escape(best.text)}</code></b> — {html.escape(analysis.unit)} "
                 f"{_percent(best.value)}{spread}{state}. No other move was searched enough to compare with it "
                 f"({len(v.not_examined)} not examined), so this is the search's first choice, not a clear best."]  # fmt: skip
    elif v.flat:
        tied = ", ".join(f"<code>{html.escape(c.text)}</code>" for c in v.tied[:4]) + (" …" if len(v.tied) > 4 else "")
        lines = [f"<b>No move stands out</b> among the {len(v.tied)} moves compared — {tied}: the search ruled none "
                 f"of them out, so treat them as equally good — and other moves may be as good as they are{state}. "
                 f"Its first choice: <code>{html.escape(best.text)}</code>, {_percent(best.value)}{spread}."
                 + (f" {len(v.not_examined)} other moves were not examined." if v.not_examined else "")]  # fmt: skip
    else:
        tied = ", ".join(f"<code>{html.escape(c.text)}</code>" for c in v.tied[:4]) + (" …" if len(v.tied) > 4 else "")
        lines = [f"<b>Too close to call</b> between {len(v.tied)} moves — {tied}: their likely ranges of "
                 f"{html.escape(analysis.unit)} overlap, so the search cannot yet tell which is best{state}. "
                 f"Its first choice: <code>{html.escape(best.text)}</code>, {_percent(best.value)}{spread}."
                 + (f" {len(v.not_examined)} other moves were not examined." if v.not_examined else "")]  # fmt: skip
    if analysis.explanation:
        lines.append("Why: " + html.escape(analysis.explanation))
    elif best.reason:
        lines.append("Why: " + html.escape(best.reason) + ".")
    lines += [html.escape(note) for note in analysis.notes]
    lines += [_table_html(t.caption, t.header, t.rows) for t in analysis.tables]
    heat = analysis.heatmaps.get(heat_shown) if heat_shown else None
    if heat is not None:
        lines.append(f"<span style='opacity:.75'>Heat map: {html.escape(heat.label)} — on each square, how many "
                     f"points of {html.escape(analysis.unit)} the best candidate there is behind the best move "
                     f"(0 = as good).</span>")  # fmt: skip
    elif analysis.final:
        lines.append("<span style='opacity:.75'>No heat map: the squares these candidates touch are all worth the "
                     "same, so numbers on them would say nothing.</span>")  # fmt: skip
    rate = f", {analysis.iterations / analysis.seconds:.0f}/s" if analysis.seconds > 0 else ""
    lines.append(f"<span style='opacity:.75'>{analysis.iterations} iterations ({analysis.seconds:.1f} s{rate}). "
                 f"{html.escape(analysis.fairness())}</span>")  # fmt: skip
    return _TABLE_CSS + "<br>".join(lines)


def _position(game: GameLike) -> tuple[str, ...]:
    """What identifies the position on the board: the actions played to reach it."""
    return tuple(map(str, game.actions))


class BotInspector(ShowsSavedPicture):
    """A dashboard around ``bots.analysis`` for the decision pending in a game (any game)."""

    def __init__(self, game: GameLike, *, seed: int = 0, seconds: float = DEFAULT_SECONDS) -> None:
        game = check_game(game)
        decision = game.decision
        if decision is None:
            raise ValueError("the game is over (or this is no game): there is no decision to analyse")
        self.game = game.clone()  # "what if" plays on this copy, never on the caller's game
        self.base_ply = len(self.game)
        self.seat = decision.seat
        self.seed = seed
        AnalysisRequest(seconds=seconds, seed=seed)  # checks both now, not at the first Think
        self.seconds = seconds
        """The budget of the Think button (and of each Keep thinking), in seconds."""
        self.analysis: Analysis | None = None
        """The analysis of the position on the board (None while there is none for it)."""
        self._shown_for: Hashable | None = None
        """The position ``analysis`` belongs to."""
        self._done: dict[tuple[str, ...], Analysis] = {}
        """The last final analysis of each position analysed (Back shows it again)."""
        self.board = BoardWidget(self.game, seat=self.seat, layout=widgets.Layout(**BOARD_BESIDE_PANEL))
        self.board.observe(self._board_changed, names="view")
        self.heatmap_choice = widgets.Dropdown(description="Heatmap", options=[("none", "")], value="",
                                               style={"description_width": "auto"},
                                               layout=widgets.Layout(width="auto", max_width="100%"))  # fmt: skip
        self.heatmap_choice.observe(self._on_heatmap, names="value")
        self._heatmap_picked = False
        self.candidates = widgets.Select(description="Show", options=[], rows=5, style={"description_width": "auto"},
                                         layout=widgets.Layout(width="auto", max_width="100%"))  # fmt: skip
        self.candidates.observe(self._on_candidate, names="value")
        self._picked = False
        """Has the user picked a candidate? Until then the selection follows the search's best."""
        self._showing = False
        button = widgets.Layout(width="auto", min_width="max-content", flex="0 0 auto")
        self.thinking = ThinkingControls("Think", "play", "let the search bot analyse the decision on the board",
                                         on_start=self.start_thinking, position=lambda: _position(self.game),
                                         show=self._show_thought, finished=self._finished, primary=True,
                                         progress_label="Thinking")  # fmt: skip
        self.think_button, self.stop_button, self.more_button = (self.thinking.start_button,
                                                                 self.thinking.stop_button, self.thinking.more_button)  # fmt: skip
        self.status, self.progress = self.thinking.status, self.thinking.progress
        self.whatif_button = widgets.Button(description="What if", icon="flask", layout=button,
                                            tooltip="play the selected candidate on a copy")  # fmt: skip
        self.whatif_button.on_click(lambda _b: self.what_if())
        self.back_button = widgets.Button(description="Back", icon="undo", layout=button,
                                          tooltip="return to the analysed position")  # fmt: skip
        self.back_button.on_click(lambda _b: self.back())
        self.cheating = widgets.Checkbox(value=False, description="all-seeing: read every hand", indent=False,
                                         layout=widgets.Layout(width="auto", flex="0 1 auto"))  # fmt: skip
        self.reading = reading_box(game, "sample the hidden hands as the other players' moves so far suggest, "
                                         "as the bot search-infer does")  # fmt: skip
        self.cheating.observe(self._one_way_of_hiding, names="value")
        self.reading.observe(self._one_way_of_hiding, names="value")
        if self.reading.disabled:  # the game hides nothing
            self.cheating.disabled = True
            self.cheating.description = "all-seeing (nothing is hidden in this game)"
        self.table = widgets.HTML(layout=widgets.Layout(width="auto", overflow="auto"))
        self.details = widgets.HTML("Press <b>Think</b> to let the bot analyse this decision.",
                                    layout=widgets.Layout(width="auto"))  # fmt: skip
        self.details.add_class("tw-fit")
        controls = widgets.HBox([self.think_button, self.stop_button, self.more_button, self.whatif_button,
                                 self.back_button, self.cheating, self.reading],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))  # fmt: skip
        side = widgets.VBox([controls, self.progress.widget, self.status, self.details, self.heatmap_choice, self.candidates, self.table],
                            layout=widgets.Layout(flex="1 1 380px", min_width="300px"))  # fmt: skip
        self.widget = widgets.HBox([self.board, side], layout=widgets.Layout(flex_flow="row wrap", width="100%", align_items="flex-start"))  # fmt: skip

    def _one_way_of_hiding(self, change: dict[str, Any]) -> None:
        """All-seeing and reading the play exclude each other: ticking one unticks the other."""
        if change["new"]:
            other = self.reading if change["owner"] is self.cheating else self.cheating
            other.value = False

    # -- thinking (in a background thread: the kernel stays free) --------------------------------
    def start_thinking(self, iterations: int | None = None, seconds: float | None = None, every: float = 0.25,
                       until_settled: bool = True) -> Thinker:  # fmt: skip
        """Start analysing the decision on the board (the analysed position, or the one "What if"
        reached) in the background (``bots.analysis.Thinker``): the board and the table update with
        each partial result, the first at once. No budget: ``DEFAULT_SECONDS``. Returns the thinker."""
        if self.game.is_over:
            raise ValueError("the game on the board is over: there is no decision to analyse")
        if iterations is None and seconds is None:
            seconds = self.seconds
        self._picked = False  # a new search: follow its best again
        return self.thinking.start(self.game, iterations=iterations, seconds=seconds, every=every, seed=self.seed,
                                   all_seeing=self.cheating.value, until_settled=until_settled,
                                   read_play=self.reading.value)  # fmt: skip

    @property
    def thinker(self) -> Thinker | None:
        """The analysis running (or last run) for the position on the board."""
        return self.thinking.thinker

    def think(self, iterations: int | None = None, seconds: float | None = None, every: float = 0.25) -> Analysis:
        """Analyse the decision on the board for the whole budget and return the final analysis
        (``start_thinking`` and wait: for scripts; the Think button does not wait)."""
        result = self.thinking.wait(self.start_thinking(iterations, seconds, every, until_settled=False))
        assert result is not None, "an analysis yields at least once"
        return result

    def stop(self) -> None:
        """Stop the running analysis; it ends with a final result of what it found."""
        self.thinking.stop()

    def keep_thinking(self, seconds: float | None = None) -> bool:
        """Search the same tree one budget (or ``seconds``) longer; False when there is nothing to extend
        (then press Think)."""
        return self.thinking.keep_thinking(seconds)

    def cancel_thinking(self) -> None:
        """Drop the running analysis (its results never reach the screen)."""
        self.thinking.cancel()

    def _finished(self, analysis: Analysis, position: object) -> None:
        self._done[position] = analysis  # type: ignore[index]

    def show(self, analysis: Analysis) -> None:
        """Display an analysis (from ``think`` or computed elsewhere) of the position on the board."""
        if not isinstance(analysis, Analysis):
            raise ValueError(f"show needs an Analysis (from think or analyze), not {type(analysis).__name__}")
        self._display(analysis, _position(self.game))

    def _show_thought(self, analysis: Analysis) -> None:
        """A result from the thinking thread: it belongs to the position the thinking started from, which a
        move on the board may have changed meanwhile (then ``_board_changed`` takes it off the screen)."""
        position = self.thinking.key
        self._display(analysis, position)
        if position != _position(self.game):  # a move landed while it was being drawn: never leave it up
            self._clear("The position changed: this analysis belonged to the one before. Press <b>Think</b> to "
                        "analyse this position, or <b>Back</b> to return.")  # fmt: skip

    def _display(self, analysis: Analysis, position: Hashable | None) -> None:
        self.analysis = analysis
        self._shown_for = position
        options = [c.text for c in analysis.candidates]
        keep = self.candidates.value if self._picked and self.candidates.value in options else analysis.best.text
        self._showing = True
        try:
            # short names where the game gives them (an Ur turn), the whole line as the value
            named = any(c.name for c in analysis.candidates)
            self.candidates.options = [(c.label, c.text) for c in analysis.candidates] if named else options
            self.candidates.value = keep if keep in options else None
            shown = {k: h for k, h in analysis.heatmaps.items() if h.informative()}
            choices = [("none", "")] + [(h.label, k) for k, h in shown.items()]
            default = analysis.default_heatmap if analysis.default_heatmap in shown else ""
            wanted = self.heatmap_choice.value if self._heatmap_picked else default
            if list(self.heatmap_choice.options) != choices:
                self.heatmap_choice.options = choices
            self.heatmap_choice.value = wanted if wanted in dict(choices).values() else ""
        finally:
            self._showing = False
        self._on_select()

    def _on_heatmap(self, _change: object) -> None:
        if not self._showing:
            self._heatmap_picked = True
            self._on_select()

    def _on_candidate(self, _change: object) -> None:
        if not self._showing:
            self._picked = True
            self._on_select()

    def _on_select(self) -> None:
        if self.analysis is not None:
            self.table.value = candidate_table(self.analysis, self.candidates.value)
            self.details.value = summary(self.analysis, self.heatmap_choice.value or None)
        self._draw_overlays()

    def _draw_overlays(self) -> None:
        self.board.clear_overlays()
        if self.analysis is None:
            return
        show_analysis_heatmap(self.board, self.analysis, self.heatmap_choice.value)
        selected = self.candidates.value
        if selected and self._picked:
            mark_candidate(self.board, self.analysis, selected, f"Candidate: {selected}")
        elif selected:
            mark_verdict(self.board, self.analysis, "Best")

    def _clear(self, message: str) -> None:
        """Take the analysis off the screen: it belongs to another position."""
        self.analysis = None
        self._showing = True
        try:
            self.candidates.options = []
            self.heatmap_choice.options = [("none", "")]
            self.heatmap_choice.value = ""
        finally:
            self._showing = False
        self.table.value = ""
        self.details.value = message
        self.board.clear_overlays()

    def _board_changed(self, _change: object) -> None:
        """A move on the board (a click, What if, Back): an analysis of another position never stays."""
        position = _position(self.game)
        if self.thinking.stale:
            self.thinking.clear()  # its result would belong to the position before
        if self.analysis is not None and position != self._shown_for:
            self._clear("The position changed: this analysis belonged to the one before. Press <b>Think</b> to "
                        "analyse this position, or <b>Back</b> to return.")  # fmt: skip

    # -- what if ---------------------------------------------------------------------------------
    def what_if(self, action: str | None = None) -> None:
        """Play a candidate (the selected one by default; all its steps) on the copy and show the
        position after it; the analysis of the position before leaves the screen."""
        if action is not None and not isinstance(action, str):
            raise ValueError(f"what_if needs a candidate's text (or None: the selected one), not {action!r}")
        chosen = action or self.candidates.value
        if not chosen:
            raise ValueError("choose a candidate first")
        candidate = self.analysis.candidate(chosen) if self.analysis is not None else None
        steps = candidate.actions if candidate is not None else (chosen,)
        self.back()
        copy = self.game.clone()
        for step in steps:
            copy.apply(step)  # all or nothing: refused steps leave the board as it was
        for step in steps:
            self.game.apply(step)
        known = self._done.get(_position(self.game))
        if known is not None:
            self.show(known)
            self.board.caption(f"What if: {chosen} — press Back to return")
            return
        self._clear(f"What if <code>{html.escape(chosen)}</code>: the board shows the position after it. Press "
                    "<b>Think</b> to analyse it, or <b>Back</b> to return to the analysis before.")  # fmt: skip
        self.board.caption(f"What if: {chosen} — press Back to return")

    def back(self) -> None:
        """Return to the analysed position (and its analysis)."""
        while len(self.game) > self.base_ply:
            self.game.undo()
        known = self._done.get(_position(self.game))
        if known is not None and self.analysis is not known:
            self.show(known)
        else:
            self._draw_overlays()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return with_picture(self.widget._repr_mimebundle_(**kwargs), self.board)


def evaluation_over_game(game: GameLike, seat: int = 0, iterations: int = 120, *, seed: int = 0,
                         turns_only: bool = True) -> dict[int, float]:  # fmt: skip
    """The fair search's value for ``seat`` before each move of ``game`` (``moves`` of its module: an
    action in T&E, a turn in Ur; ``turns_only``: only where the mover changes), for charts."""
    values: dict[int, float] = {}
    previous = None
    for first, _count in game_module(game.name).moves(game):
        copy = game.clone()
        while len(copy) > first:
            copy.undo()
        decision = copy.decision
        if decision is None:
            continue
        if turns_only and decision.seat == previous:
            continue
        previous = decision.seat
        *_, result = analyze_iter(copy, iterations, None, seed=seed)
        mine = result.best.values
        if len(mine) > seat:
            values[first] = mine[seat]
        elif decision.seat == seat:
            values[first] = result.value
    return values
