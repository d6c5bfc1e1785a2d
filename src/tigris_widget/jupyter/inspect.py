"""``BotInspector``: look inside the search bot's decision on a position.

    >>> from tigris_widget import BotInspector, Game
    >>> game = Game.new(players=2, seed=3)
    >>> inspector = BotInspector(game)             # analyses the decision pending in ``game``
    >>> result = inspector.think(iterations=100)   # live updates while the bot thinks
    >>> result["best"] in [c["action"] for c in result["candidates"]]
    True

Shown in a notebook, ``inspector`` is the board with a heatmap, the candidate table and details.

The board shows the bot's heatmap for one piece (by default the piece of the best move): on each
square, the value of the best action that puts that piece there, in points of the same unit as the
table (the chance to win with two players) relative to the best move — 0 is as good as the best,
−5 is five points worse; squares without a legal action stay blank. An arrow or frame marks the
selected candidate. "What if" plays it on a copy of the game so you can look at the position after
it, and "Back" returns. The analysis is computed from the deciding player's view (a fair bot); tick
"cheat" to let it see every hand, for comparison.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from tigris_widget.games.tigris.bots.analysis import DEFAULT_ITERATIONS, analyze_iter
from tigris_widget.games.tigris.engine.core.actions import parse_action
from tigris_widget.games.tigris.engine.core.types import COLOUR_NAMES, LEADER_NAMES, MOVE_LEADER
from tigris_widget.games.tigris.engine.rules.view import player_view
from tigris_widget.games.tigris.game import Game
from tigris_widget.jupyter.widget import BoardWidget, with_picture


def heatmap_squares(grid: Sequence[Sequence[float | None]]) -> dict[int, float]:
    """An analysis heatmap (rows y, columns x) as {square: value}."""
    return {y * 16 + x: v for y, row in enumerate(grid) for x, v in enumerate(row) if v is not None}


def show_analysis_heatmap(board: BoardWidget, analysis: Mapping[str, Any], key: str | None) -> bool:
    """Draw the analysis heatmap ``key`` (``"tile:red"``, ``"leader:king"``…) on ``board``: each square
    the value of the best action putting that piece there, in points of the analysis' unit relative
    to the best move, with a legend. Returns False (and draws nothing) when there is no such map."""
    heat = analysis["heatmaps"]
    grid = heat["maps"].get(key) if key else None
    if not grid:
        return False
    values = {q: 100.0 * v for q, v in heatmap_squares(grid).items()}
    if not values:
        return False
    low = min(values.values())
    high = max(values.values())
    label = heat["labels"].get(key, key)
    unit = analysis.get("unit", "chance to win")
    board.show_heatmap(values, vmin=min(low, high - 1.0), vmax=high, format="points",
                       legend=f"{label}: {unit} vs the best move, in points", high="best" if high >= -0.5 else None)  # fmt: skip
    return True


SUGGESTION_COLOUR = "#e67e22"
"""The orange of a bot's suggested move (the heatmap is violet, so it stands out)."""


def mark_action(board: BoardWidget, game: Game, seat: int, text: str, caption: str) -> None:
    """Show a suggested action on ``board``: an arrow for a leader's move (from where it stands), a
    framed square otherwise, and ``caption`` above the board."""
    action = parse_action(text)
    if action.square >= 0:
        source = game.state.leader_square(seat, action.colour) if action.kind == MOVE_LEADER else -1
        if source >= 0:
            board.arrow(source, action.square, SUGGESTION_COLOUR)
        else:
            board.highlight([action.square], SUGGESTION_COLOUR)
    board.caption(caption)


def _points_behind(points: float) -> str:
    """A difference in points for the table: whole points, tenths below one ("−0.3", not "−0")."""
    if abs(points) < 0.05:
        return "0"
    text = f"{points:+.1f}" if abs(points) < 1 else f"{points:+.0f}"
    return text.replace("-", "\u2212")


_TABLE_CSS = (
    "<style>.tw-cands{border-collapse:collapse;font-size:13px;line-height:1.35;font-variant-numeric:tabular-nums;"
    "width:100%;max-width:44em}"
    ".tw-cands th,.tw-cands td{padding:2px 8px;vertical-align:top}"
    ".tw-cands th{text-align:left;font-weight:600;white-space:nowrap;border-bottom:1px solid rgba(128,128,128,.45)}"
    ".tw-cands .n{text-align:right;white-space:nowrap}.tw-cands td.a{white-space:nowrap}"
    ".tw-cands tr.why td{font-size:12px;opacity:.8;padding-bottom:5px;border-bottom:1px solid rgba(128,128,128,.2)}"
    ".tw-cands tr.sel td{background:rgba(123,63,160,.14)}.tw-cands tr.top td.a{font-weight:600}</style>"
)


def candidate_table(analysis: Mapping[str, Any], selected: str | None = None) -> str:
    """HTML table of the candidates: move, value (the analysis' unit), the difference to the best
    and visits on one line, the reason below it (the expected continuation is the move's tooltip).
    The first row is the recommendation, the same as the headline."""
    unit = analysis.get("unit", "chance to win")
    best_value = analysis["value"]
    rows = []
    for i, c in enumerate(analysis["candidates"]):
        value = "–" if c["value"] is None else f"{100 * c['value']:.0f} %"
        if c["value"] is None:
            diff = "–"
        elif i == 0:
            diff = "best"
        else:
            diff = _points_behind(100 * (c["value"] - best_value))
        classes = " ".join(x for x in ("sel" if c["action"] == selected else "", "top" if i == 0 else "") if x)
        pv = html.escape(" → ".join(c["principal_variation"][:5]), quote=True)
        reason = html.escape(c.get("reason") or ("searching…" if not analysis["final"] else ""))
        rows.append(
            f"<tr class='{classes}'><td class='a' title='then: {pv}'><code>{html.escape(c['action'])}</code></td>"
            f"<td class='n'>{value}</td><td class='n'>{diff}</td><td class='n'>{c['visits']}</td></tr>"
        )
        if reason:
            rows.append(f"<tr class='why {classes}'><td colspan='4'>{reason}</td></tr>")
    head = (f"<tr><th>move</th><th class='n'>{html.escape(unit)}</th><th class='n'>vs best</th>"
            f"<th class='n'>visits</th></tr>")  # fmt: skip
    return f"{_TABLE_CSS}<table class='tw-cands'>{head}{''.join(rows)}</table>"


def summary(analysis: Mapping[str, Any]) -> str:
    """The recommendation (the table's first row) with its value and reason, why it beats the greedy
    choice, the expected points per colour, and the conflict table with its reason if any."""
    expected = analysis["expected_score"]
    colours = ", ".join(f"{c} {expected['colours'][c]:.1f}" for c in COLOUR_NAMES)
    label = "CHEATING (sees every hand)" if analysis["cheating"] else "fair: sees only its own hand"
    unit = analysis.get("unit", "chance to win")
    state = "" if analysis["final"] else " (thinking…)"
    lines = [
        f"<b>Best: <code>{html.escape(analysis['best'])}</code></b> — {unit} {100 * analysis['value']:.0f} %{state}",
    ]
    top = analysis["candidates"][0] if analysis["candidates"] else {}
    greedy = analysis.get("greedy")
    if top.get("reason") and analysis["decision"] == "action":
        lines.append("Why: " + html.escape(top["reason"]) + ".")
        if greedy:
            lines.append(html.escape(greedy["reason"]))
    elif analysis.get("explanation"):
        lines.append(html.escape(analysis["explanation"]))
    conflict = analysis.get("conflict")
    if conflict:
        cells = "".join(
            f"<td class='n'>{lv['commit']}</td><td class='n'>{100 * lv['win_probability']:.0f} %</td>"
            f"<td class='n'>{_percent(lv.get('value'))}</td></tr><tr>"
            for lv in conflict["levels"]
        )
        lines.append(
            f"{conflict['kind'].capitalize()} over {conflict['colour']} — you are the {conflict['role']}, "
            f"{conflict['strength']} against {conflict['opponent_strength']}"
            f"{'' if conflict['opponent_known'] else ' before the defender commits'}:"
            f"<table class='tw-cands' style='width:auto'><tr><th class='n'>commit</th><th class='n'>wins the "
            f"{conflict['kind']}</th><th class='n'>game {html.escape(unit)}</th></tr><tr>{cells}</tr></table>"
        )
    lines.append(f"<span style='opacity:.75'>Expected points at the end: {colours}; weakest "
                 f"<b>{expected['weakest']}</b>. {analysis['iterations']} iterations "
                 f"({analysis['iterations_per_second']:.0f}/s), {label}.</span>")  # fmt: skip
    return _TABLE_CSS + "<br>".join(lines)


class BotInspector:
    """A dashboard around ``bots.analysis`` for the decision pending in a game."""

    def __init__(self, game: Game, *, seed: int = 0) -> None:
        if game.decision is None:
            raise ValueError("the game is over: there is no decision to analyse")
        self.game = game.clone()  # "what if" plays on this copy, never on the caller's game
        self.base_ply = len(self.game)
        self.seat = game.decision.seat
        self.seed = seed
        self.analysis: dict[str, Any] | None = None
        self.board = BoardWidget(self.game, seat=self.seat, layout=widgets.Layout(flex="1 1 440px", min_width="360px"))
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
        self.think_button = widgets.Button(description="Think", icon="play", button_style="primary", layout=button,
                                           tooltip="let the search bot analyse this decision")  # fmt: skip
        self.think_button.on_click(lambda _b: self.think())
        self.whatif_button = widgets.Button(description="What if", icon="flask", layout=button,
                                            tooltip="play the selected candidate on a copy")  # fmt: skip
        self.whatif_button.on_click(lambda _b: self.what_if())
        self.back_button = widgets.Button(description="Back", icon="undo", layout=button,
                                          tooltip="return to the analysed position")  # fmt: skip
        self.back_button.on_click(lambda _b: self.back())
        self.cheating = widgets.Checkbox(value=False, description="cheat: see every hand", indent=False,
                                         layout=widgets.Layout(width="auto", flex="0 1 auto"))  # fmt: skip
        self.table = widgets.HTML(layout=widgets.Layout(width="100%", overflow="auto"))
        self.details = widgets.HTML("Press <b>Think</b> to let the bot analyse this decision.",
                                    layout=widgets.Layout(width="100%"))  # fmt: skip
        controls = widgets.HBox([self.think_button, self.whatif_button, self.back_button, self.cheating],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))  # fmt: skip
        side = widgets.VBox([controls, self.details, self.heatmap_choice, self.candidates, self.table],
                            layout=widgets.Layout(flex="1 1 380px", min_width="300px"))  # fmt: skip
        self.widget = widgets.HBox([self.board, side], layout=widgets.Layout(flex_flow="row wrap", width="100%", align_items="flex-start"))  # fmt: skip

    # -- thinking --------------------------------------------------------------------------------
    def think(self, iterations: int | None = DEFAULT_ITERATIONS, seconds: float | None = None,
              every: float = 0.1) -> dict[str, Any]:  # fmt: skip
        """Run the search on the position being analysed, updating the dashboard with each partial
        result (the first at once, from the one-step ranking)."""
        self.back()
        omniscient = self.game.state if self.cheating.value else None
        view = self.game.view(self.seat)
        result: dict[str, Any] = {}
        self._picked = False  # a new search: follow its best again
        self.think_button.disabled = True
        try:
            for result in analyze_iter(view, iterations, seconds, seed=self.seed, every=every, omniscient=omniscient):
                self.show(result)
        finally:
            self.think_button.disabled = False
        return result

    def show(self, analysis: dict[str, Any]) -> None:
        """Display an analysis (from ``think`` or computed elsewhere)."""
        self.analysis = analysis
        options = [c["action"] for c in analysis["candidates"]]
        keep = self.candidates.value if self._picked and self.candidates.value in options else analysis["best"]
        self._showing = True
        try:
            self.candidates.options = options
            self.candidates.value = keep if keep in options else None
            maps = analysis["heatmaps"]
            choices = [("none", "")] + [(maps["labels"][k], k) for k in sorted(maps["maps"], key=_map_order)]
            wanted = self.heatmap_choice.value if self._heatmap_picked else (maps["default"] or "")
            if list(self.heatmap_choice.options) != choices:
                self.heatmap_choice.options = choices
            self.heatmap_choice.value = wanted if wanted in dict(choices).values() else ""
        finally:
            self._showing = False
        self.details.value = summary(analysis)
        self._on_select()

    def _on_heatmap(self, _change: object) -> None:
        if not self._showing:
            self._heatmap_picked = True
            self._draw_overlays()

    def _on_candidate(self, _change: object) -> None:
        if not self._showing:
            self._picked = True
            self._on_select()

    def _on_select(self) -> None:
        if self.analysis is not None:
            self.table.value = candidate_table(self.analysis, self.candidates.value)
        self._draw_overlays()

    def _draw_overlays(self) -> None:
        self.board.clear_overlays()
        if self.analysis is None or len(self.game) != self.base_ply:
            return
        show_analysis_heatmap(self.board, self.analysis, self.heatmap_choice.value)
        selected = self.candidates.value
        if selected:
            mark_action(self.board, self.game, self.seat, selected, f"Candidate: {selected}")

    # -- what if ---------------------------------------------------------------------------------
    def what_if(self, action: str | None = None) -> None:
        """Play a candidate (the selected one by default) on the copy and show the position after it."""
        chosen = action or self.candidates.value
        if not chosen:
            raise ValueError("choose a candidate first")
        self.back()
        self.game.apply(chosen)
        self.board.clear_overlays()  # the analysis belongs to the position before
        self.board.caption(f"What if: {chosen} — press Back to return")

    def back(self) -> None:
        """Return to the analysed position."""
        while len(self.game) > self.base_ply:
            self.game.undo()
        self._draw_overlays()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return with_picture(self.widget._repr_mimebundle_(**kwargs), self.board)


def _percent(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.0f} %"


def _map_order(key: str) -> tuple[int, int]:
    kind, _, name = key.partition(":")
    if kind == "tile":
        return (0, COLOUR_NAMES.index(name))
    if kind == "leader":
        return (1, LEADER_NAMES.index(name))
    return (2, 0)


def evaluation_over_game(game: Game, seat: int = 0, iterations: int = 120, *, seed: int = 0,
                         turns_only: bool = True) -> dict[int, float]:  # fmt: skip
    """The fair search bot's win chance for ``seat`` at each turn start (or every ply), for charts.

    In 2-player games the other player's value v counts as 1 − v; in 3–4 player games only the
    positions where ``seat`` decides are evaluated.
    """
    values: dict[int, float] = {}
    previous_turn = None
    for ply in range(len(game)):
        s = game.state_at(ply)
        if turns_only and s.turn == previous_turn:
            continue
        previous_turn = s.turn
        decider = s.decider
        if decider != seat and s.players != 2:
            continue
        *_, result = analyze_iter(player_view(s, decider), iterations, None, seed=seed)
        value = float(result["value"])
        values[ply] = value if decider == seat else 1.0 - value
    return values
