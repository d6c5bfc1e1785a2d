"""``BotInspector``: look inside the search bot's decision on a position.

    >>> from tigris_widget import BotInspector, Game
    >>> game = Game.new(players=2, seed=3)
    >>> inspector = BotInspector(game)             # analyses the decision pending in ``game``
    >>> result = inspector.think(iterations=100)   # live updates while the bot thinks
    >>> result["best"] in [c["action"] for c in result["candidates"]]
    True

Shown in a notebook, ``inspector`` is the board with a heatmap, the candidate table and details.

The board shows the bot's heatmap (one-step value of each placement, per tile colour or leader)
and an arrow or frame for the selected candidate. Choosing a row of the candidate table shows
that action on the board; "What if" plays it on a copy of the game so you can look at the
position after it, and "Back" returns. The analysis is computed from the deciding player's view
(a fair bot); tick "cheating" to let it see every hand, for comparison.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from tigris_widget.bots.analysis import analyze_iter
from tigris_widget.engine.core.actions import parse_action
from tigris_widget.engine.core.types import COLOUR_NAMES, LEADER_NAMES, MOVE_LEADER
from tigris_widget.engine.rules.view import player_view
from tigris_widget.game import Game
from tigris_widget.jupyter.widget import BoardWidget, with_picture


def heatmap_squares(grid: Sequence[Sequence[float | None]]) -> dict[int, float]:
    """An analysis heatmap (rows y, columns x) as {square: value}."""
    return {y * 16 + x: v for y, row in enumerate(grid) for x, v in enumerate(row) if v is not None}


def candidate_table(analysis: dict[str, Any], selected: str | None = None) -> str:
    """HTML table of the analysis' candidates (visits, value, prior, robustness, principal variation)."""
    kind = "win %" if analysis["value_kind"] == "win_probability" else "win share"
    rows = []
    for c in analysis["candidates"]:
        value = "–" if c["value"] is None else f"{100 * c['value']:.0f}"
        robust = "–" if c.get("robustness") is None else f"{100 * c['robustness']:.0f}%"
        style = " style='background:rgba(230,126,34,.25)'" if c["action"] == selected else ""
        pv = html.escape(" → ".join(c["principal_variation"][:4]))
        rows.append(
            f"<tr{style}><td><code>{html.escape(c['action'])}</code></td><td>{c['visits']}</td><td>{value}</td>"
            f"<td>{100 * c['prior']:.0f}%</td><td>{robust}</td><td>{pv}</td></tr>"
        )
    head = f"<tr><th>action</th><th>visits</th><th>{kind}</th><th>prior</th><th>best in</th><th>then</th></tr>"
    return f"<table style='border-collapse:collapse'>{head}{''.join(rows)}</table>"


def summary(analysis: dict[str, Any]) -> str:
    """A few lines: best action, value, expected score per colour, and the conflict table if any."""
    expected = analysis["expected_score"]
    colours = ", ".join(f"{c} {expected['colours'][c]:.1f}" for c in COLOUR_NAMES)
    label = "CHEATING (sees every hand)" if analysis["cheating"] else "fair (sees only its own hand)"
    lines = [
        f"<b>{html.escape(analysis['best'])}</b> — value {analysis['value']:.2f} after "
        f"{analysis['iterations']} iterations ({analysis['iterations_per_second']:.0f}/s), {label}.",
        f"Expected points at the end: {colours}; weakest: <b>{expected['weakest']}</b>.",
    ]
    conflict = analysis.get("conflict")
    if conflict:
        levels = ", ".join(f"{lv['commit']}: {100 * lv['win_probability']:.0f}%" for lv in conflict["levels"])
        lines.append(f"{conflict['kind'].capitalize()} ({conflict['role']}, {conflict['strength']} against "
                     f"{conflict['opponent_strength']}): chance to win by tiles committed — {levels}.")  # fmt: skip
    return "<br>".join(lines)


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
        self.board = BoardWidget(self.game, seat=self.seat)
        self.heatmap_choice = widgets.Dropdown(description="Heatmap", options=self._heatmap_options())
        self.heatmap_choice.observe(lambda _c: self._draw_overlays(), names="value")
        self.candidates = widgets.Select(description="Candidates", options=[], rows=8,
                                         layout=widgets.Layout(width="auto"))  # fmt: skip
        self.candidates.observe(self._on_candidate, names="value")
        self._picked = False
        """Has the user picked a candidate? Until then the selection follows the search's best."""
        self._showing = False
        self.cheating = widgets.Checkbox(value=False, description="cheating (sees every hand)")
        self.think_button = widgets.Button(description="Think")
        self.think_button.on_click(lambda _b: self.think())
        self.whatif_button = widgets.Button(description="What if")
        self.whatif_button.on_click(lambda _b: self.what_if())
        self.back_button = widgets.Button(description="Back")
        self.back_button.on_click(lambda _b: self.back())
        self.table = widgets.HTML()
        self.details = widgets.HTML("Press <b>Think</b> to let the bot analyse this decision.")
        controls = widgets.HBox([self.think_button, self.cheating, self.whatif_button, self.back_button])
        side = widgets.VBox([controls, self.heatmap_choice, self.candidates, self.details, self.table])
        self.widget = widgets.HBox([self.board, side])

    def _heatmap_options(self) -> list[tuple[str, str]]:
        return [("none", "")] + [(f"{c} tiles", f"tiles/{c}") for c in COLOUR_NAMES] + [
            (f"{name}", f"leaders/{name}") for name in LEADER_NAMES
        ]  # fmt: skip

    # -- thinking --------------------------------------------------------------------------------
    def think(self, iterations: int | None = 400, seconds: float | None = None, every: float = 0.2) -> dict[str, Any]:
        """Run the search on the position being analysed, updating the dashboard with each partial result."""
        self.back()
        omniscient = self.game.state if self.cheating.value else None
        view = self.game.view(self.seat)
        result: dict[str, Any] = {}
        self._picked = False  # a new search: follow its best again
        for result in analyze_iter(view, iterations, seconds, seed=self.seed, every=every, omniscient=omniscient):
            self.show(result)
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
        finally:
            self._showing = False
        if not self.heatmap_choice.value:
            tiles = analysis["heatmaps"]["tiles"]
            if tiles:
                self.heatmap_choice.value = f"tiles/{next(iter(tiles))}"
        self.details.value = summary(analysis)
        self._on_select()

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
        if self.analysis is None:
            return
        choice = self.heatmap_choice.value
        if choice:
            group, name = choice.split("/")
            grid = self.analysis["heatmaps"][group].get(name)
            if grid:
                values = heatmap_squares(grid)
                finite = [v for v in values.values() if not math.isnan(v)]
                if finite:
                    self.board.show_heatmap(values)
        selected = self.candidates.value
        if selected:
            action = parse_action(selected)
            if action.square >= 0:
                source = self.game.state.leader_square(self.seat, action.colour) if action.kind == MOVE_LEADER else -1
                if source >= 0:
                    self.board.arrow(source, action.square, "#e67e22")
                else:
                    self.board.highlight([action.square], "#e67e22")
            self.board.caption(f"Candidate: {selected}")

    # -- what if ---------------------------------------------------------------------------------
    def what_if(self, action: str | None = None) -> None:
        """Play a candidate (the selected one by default) on the copy and show the position after it."""
        chosen = action or self.candidates.value
        if not chosen:
            raise ValueError("choose a candidate first")
        self.back()
        self.game.apply(chosen)
        self.board.clear_overlays()
        self.board.caption(f"What if: {chosen}")

    def back(self) -> None:
        """Return to the analysed position."""
        while len(self.game) > self.base_ply:
            self.game.undo()
        if self.analysis is not None:
            self._draw_overlays()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return with_picture(self.widget._repr_mimebundle_(**kwargs), self.board)


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
