"""The search bot's analysis report as the shared model (``core.analysis.Analysis``), and the game
module's hooks that serve it: ``game_analyses`` (``core.protocol.GameModule.analyze``) and
``rivals_analysis`` (the long search with its rivals measured, for stability selection).
"""

from __future__ import annotations

import random
from collections.abc import Generator, Mapping, Sequence
from typing import Any

from tigris_widget.core.analysis import Analysis, AnalysisRequest, Arrow, Candidate, HeatMap, Marks, Table, interval
from tigris_widget.core.bot import Budget
from tigris_widget.games.tigris.bots.analysis import analyze_iter, rank_key, snapshot
from tigris_widget.games.tigris.bots.belief import PARTICLES
from tigris_widget.games.tigris.bots.explanations import percent, seat_name
from tigris_widget.games.tigris.bots.reading import read_hands
from tigris_widget.games.tigris.bots.search import Search
from tigris_widget.games.tigris.engine.core.actions import parse_action
from tigris_widget.games.tigris.engine.core.board import WIDTH
from tigris_widget.games.tigris.engine.core.types import COLOUR_NAMES, MOVE_LEADER
from tigris_widget.games.tigris.game import Game


def _marks(game: Game, seat: int, text: str) -> Marks:
    """An arrow for a leader's move (from where it stands), a framed square for any other placement."""
    try:
        action = parse_action(text)
    except ValueError:
        return Marks()
    if action.square < 0:
        return Marks()
    source = game.state.leader_square(seat, action.colour) if action.kind == MOVE_LEADER else -1
    if source >= 0:
        return Marks(arrows=(Arrow(source, action.square),))
    return Marks(squares=(action.square,))


def _conflict_as_table(conflict: Mapping[str, Any], unit: str) -> Table:
    kind = conflict["kind"]
    known = "" if conflict["opponent_known"] else " before the defender commits"
    caption = (f"{kind.capitalize()} over {conflict['colour']}: you are the {conflict['role']}, "
               f"{conflict['strength']} against {conflict['opponent_strength']}{known}")  # fmt: skip
    rows = tuple(
        (str(lv["commit"]), percent(lv["win_probability"]), "–" if lv.get("value") is None else percent(lv["value"]))
        for lv in conflict["levels"]
    )
    return Table(caption, ("commit", f"wins the {kind}", f"game {unit}"), rows)


def _hands_as_table(hands: Sequence[Mapping[str, Any]], seat: int, dynasties: Sequence[str]) -> Table:
    rows = tuple(
        (seat_name(int(h["seat"]), seat, dynasties).capitalize(),
         *(f"{h['read'][c]:.1f} ({h['at_random'][c]:.1f})" for c in COLOUR_NAMES))
        for h in hands
    )  # fmt: skip
    caption = ("Hands read from the play so far: tiles of each colour the search expects them to hold "
               "(in brackets, what a random deal of the tiles you have not seen gives; the reading keeps "
               f"{PARTICLES} guesses, so a few tenths either way are noise)")  # fmt: skip
    return Table(caption, ("player", *COLOUR_NAMES), rows)


def to_analysis(report: Mapping[str, Any], game: Game) -> Analysis:
    """``report`` (this module's JSON, for the decision pending in ``game``) in the shared model."""
    seat = int(report["seat"])
    candidates = []
    for c in report["candidates"]:
        value, err = c["value"], c.get("stderr")
        low = high = None
        if value is not None and err is not None:
            low, high = (round(x, 4) for x in interval(value, err))
        candidates.append(Candidate((c["action"],), c["visits"], value, low, high, c.get("reason", ""),
                                    tuple(c["principal_variation"]), tuple(c.get("seat_values", ()))))  # fmt: skip
    heat = report["heatmaps"]
    maps = {}
    for key, grid in heat["maps"].items():
        squares = {y * WIDTH + x: v for y, row in enumerate(grid) for x, v in enumerate(row) if v is not None}
        maps[key] = HeatMap(heat["labels"][key], squares)
    expected = report["expected_score"]
    colours = ", ".join(f"{c} {expected['colours'][c]:.1f}" for c in COLOUR_NAMES)
    notes = [f"Expected points at the end: {colours}; weakest {expected['weakest']}."]
    greedy = report.get("greedy")
    if greedy and greedy["reason"] not in report.get("explanation", ""):
        notes.insert(0, greedy["reason"])
    conflict = report.get("conflict")
    tables = [_conflict_as_table(conflict, report["unit"])] if conflict else []
    hands = report.get("hands")
    if hands:
        tables.append(_hands_as_table(hands, seat, game.setup.dynasties))
    return Analysis(
        game="tigris",
        seat=seat,
        decision=report["decision"],
        final=bool(report["final"]),
        unit=report["unit"],
        candidates=tuple(candidates),
        iterations=int(report["iterations"]),
        seconds=float(report["seconds"]),
        all_seeing=bool(report["cheating"]),
        hidden_information=True,
        read_play=bool(hands),
        explanation=report.get("explanation", ""),
        notes=tuple(notes),
        tables=tuple(tables),
        heatmaps=maps,
        default_heatmap=heat["default"],
        marks={c.text: _marks(game, seat, c.text) for c in candidates},
        report=report,
    )


def game_analyses(game: Game, request: AnalysisRequest) -> Generator[Analysis, float | None, None]:
    """The hook ``analyze`` of the game module: ``analyze_iter`` for the seat that decides in ``game``
    (``core.protocol.GameModule.analyze``: the request is validated, the game checked)."""
    decision = game.decision
    if decision is None:
        raise ValueError("the game is over: there is no decision to analyse")
    focus = request.focus
    if len(focus) > 1:
        raise ValueError(f"a T&E move is one action: focus holds one action text, not {list(focus)!r:.80}")
    wanted = parse_action(focus[0]) if focus else None
    if wanted is not None and wanted not in decision.choices:
        raise ValueError(f"{focus[0]!r} is not a legal choice of the decision pending")
    view = game.view(decision.seat)
    omniscient = game.state if request.all_seeing else None
    belief = read_hands(game, decision.seat, request.seed) if request.read_play else None
    iterations, seconds = request.budget
    reports = analyze_iter(view, iterations, seconds, seed=request.seed, every=request.every, omniscient=omniscient,
                           focus=wanted, stop=request.stop, belief=belief)  # fmt: skip
    report = next(reports)
    while True:
        more = yield to_analysis(report, game)
        try:
            report = reports.send(more)
        except StopIteration:
            return


# -- stability selection (h-stab2): the long search with its rivals measured -----------------------
def rivals_analysis(game: Game, iterations: int, *, seed: int, top: int = 3, visits: int = 2000,
                    extra: Sequence[str] = ()) -> Analysis:  # fmt: skip
    """A fair search of ``iterations`` for the decision pending in ``game``, then its ``top`` most
    visited root moves and the ``extra`` ones (action texts) searched to at least ``visits`` each on
    the same samples, so that each rival's value is an estimate, not the handful of visits UCT gave
    it. The best stays the search's own choice before that (``bots.stability`` compares runs)."""
    decision = game.decision
    if decision is None:
        raise ValueError("the game is over: there is no decision to analyse")
    wanted = [parse_action(t) for t in extra]
    if any(a not in decision.choices for a in wanted):
        raise ValueError(f"an extra move is not a legal choice of the decision pending: {list(extra)!r:.80}")
    search = Search(game.view(decision.seat), random.Random(seed))
    for _ in search.run(Budget(iterations, None)):
        pass
    best = search.best_action()
    ranked = sorted(search.root.children, key=rank_key, reverse=True)
    moves = [n.action for n in ranked[:top] if n.action is not None]
    moves += [a for a in wanted if a not in moves]
    for a in moves:
        search.focus(a, visits)
    return to_analysis(snapshot(search, len(moves), best=best, extra=moves), game)
