"""The analysis every game with ``bot_rules()`` gets without writing one: the shared tree search
(``bots.mcts`` over ``bots.generic.TurnSearchRules``, as the ``search`` bot runs it) reported as
``core.analysis.Analysis`` objects. ``bots.analysis`` uses it for a game module without ``analyze``.

    >>> from tigris_widget.core.analysis import AnalysisRequest
    >>> from tigris_widget.core.registry import game_module
    >>> game = game_module("ur").new_game(3, 7, None)
    >>> *_, last = analyses(game, AnalysisRequest(iterations=30))
    >>> last.final and last.best.visits > 0
    True

A candidate is one legal step of the seat deciding, followed by the game's completion of its turn
(``BotRules.finish_action``, up to the turn's end or a roll of the dice), as action texts
(``str(action)``, which the game's ``apply`` reads back). The root offers the steps the greedy reading
ranks best (``WIDTH``) and the best of every family the game names; the other seats are expected to
answer with the greedy reading's best turn; a roll is weighed by its outcomes' probabilities. Its
values are the evaluation's chance to win (``BotRules.evaluate``), per seat. The heat map puts each
candidate's value on the squares its texts name as ``(x, y)`` (``GameModule.to_square``), when they do.

It knows only what ``BotRules`` and the protocol give, so a game that knows more (Ur: whole-turn
candidates with reasons read from the board) still supplies its own ``analyze``.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Generator, Sequence
from typing import Any

from tigris_widget.bots.budget import Budget
from tigris_widget.bots.generic import DEFAULT_EXPLORATION, TurnSearchRules
from tigris_widget.bots.mcts import MCTS
from tigris_widget.core.analysis import Analysis, AnalysisRequest, Candidate, HeatMap, Marks, interval, runner_up_said
from tigris_widget.core.clock import ThinkingClock
from tigris_widget.core.protocol import CHANCE_KIND, BotRules, GameLike, GameModule
from tigris_widget.core.registry import game_module
from tigris_widget.core.text import points

WIDTH = 6
"""The steps the root offers (the greedy reading's best; the search bot's own width is 4): an analysis
shows a few more alternatives than a bot needs to weigh."""
LINE_DEPTH = 4
"""Actions of the expected continuation shown after a candidate."""
SQUARE = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)")
"""A square written ``(x, y)`` in an action's text."""


class _Move:
    """A focus move the root does not offer: its steps are played, then the turn completed."""

    def __init__(self, steps: Sequence[Any]) -> None:
        self.steps = tuple(steps)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Move) and other.steps == self.steps

    def __hash__(self) -> int:
        return hash(self.steps)


class _FocusRules:
    """``TurnSearchRules`` (``turns``) that also plays a ``_Move`` (only ever a root action). A wrapper,
    not a subclass: ``bots.generic`` is compiled (mypyc), and Python classes cannot extend its classes."""

    def __init__(self, turns: TurnSearchRules) -> None:
        self.turns = turns

    def clone(self, state: Any) -> Any:
        return self.turns.clone(state)

    def to_move(self, state: Any) -> int | None:
        return self.turns.to_move(state)

    def legal(self, state: Any) -> list[Any]:
        return self.turns.legal(state)

    def chance(self, state: Any) -> bool:
        return self.turns.chance(state)

    def chance_outcomes(self, state: Any) -> Sequence[tuple[Any, float]]:
        return self.turns.chance_outcomes(state)

    def play(self, state: Any, action: Any) -> None:
        if not isinstance(action, _Move):
            self.turns.play(state, action)
            return
        for step in action.steps:
            self.turns.rules.play(state, step)
        _complete(self.turns.rules, state)

    def playout_action(self, state: Any, rng: Any) -> Any:
        return self.turns.playout_action(state, rng)

    def evaluate(self, state: Any) -> list[float]:
        return self.turns.evaluate(state)


def _complete(rules: BotRules, state: Any) -> list[Any]:
    """Complete the turn under way as ``bots.generic.finish_turn`` does (stopping before dice), in
    place; the actions played."""
    dice = getattr(rules, "chance_outcomes", None)
    turn = rules.turn_of(state)
    played: list[Any] = []
    for _ in range(1000):  # the same guard as finish_turn's
        if rules.to_move(state) is None or rules.turn_of(state) != turn or (dice is not None and dice(state)):
            break
        action = rules.finish_action(state)
        rules.play(state, action)
        played.append(action)
    return played


def _focus_steps(rules: BotRules, state: Any, texts: Sequence[str]) -> list[Any]:
    """The engine actions written ``texts``, each legal where it stands.

    :raises ValueError: a text that is no legal action there (naming it)."""
    after = rules.clone(state)
    steps = []
    for i, text in enumerate(texts):
        match = (
            next((a for a in rules.legal(after) if str(a) == text), None) if rules.to_move(after) is not None else None
        )
        if match is None:
            raise ValueError(f"focus step {i + 1} ({text!r:.40}) is not legal there")
        rules.play(after, match)
        steps.append(match)
    return steps


class DefaultSearch:
    """The shared tree search over one decision, grown in slices (see the module docstring)."""

    def __init__(self, rules: BotRules, state: Any, seed: int = 0, focus: Sequence[str] = ()) -> None:
        seat = rules.to_move(state)
        if seat is None:
            raise ValueError("the game is over: there is no decision to analyse")
        rng = random.Random(seed)
        self.rules = rules
        self.state = state
        self.seat = seat
        chance_width = getattr(rules, "chance_width", 0)
        turns = TurnSearchRules(rules, WIDTH, 1, chance_width=chance_width, seed=rng.randrange(2**31))
        turns.seat, turns.root = seat, rules.turn_of(state)
        exploration = getattr(rules, "exploration", DEFAULT_EXPLORATION)
        search: MCTS[Any, Any] = MCTS(
            _FocusRules(turns), exploration=exploration, playout_depth=0, seed=rng.randrange(2**31)
        )
        self.search = search
        self.root = search.root(state)
        self.texts: dict[Any, tuple[str, ...]] = {}
        """Each root action's move as texts: the step and the completion of the turn."""
        self.reasons: dict[Any, str] = {}
        """Each root action's reason: where the completed turn leaves the seat by the evaluation."""
        for action in search.offered(self.root):
            self._read(action, [action])
        self.focus: Any = None
        if focus:
            steps = _focus_steps(rules, state, focus)
            same = [a for a, texts in self.texts.items() if texts == tuple(focus)]
            if same:  # the focus is an offered move, written as the analysis writes it
                self.focus = same[0]
            else:
                self.focus = steps[0] if len(steps) == 1 else _Move(steps)
                search.offer(self.root, self.focus)
                self._read(self.focus, steps)
                self.texts[self.focus] = tuple(focus)  # the move as it was played
        self.iterations = 0
        self.seconds = 0.0

    def _read(self, action: Any, steps: Sequence[Any]) -> None:
        """Play ``steps`` and the completion of the turn: ``action``'s texts and reason."""
        rules, after = self.rules, self.rules.clone(self.state)
        for step in steps:
            rules.play(after, step)
        self.texts[action] = tuple(map(str, (*steps, *_complete(rules, after))))
        lead = round(100 * rules.margin(after, self.seat))
        if lead == 0:
            self.reasons[action] = "Then level with the best other player by the evaluation"
        else:
            where = "ahead of" if lead > 0 else "behind"
            self.reasons[action] = f"Then {points(lead)} of win chance {where} the best other player by the evaluation"

    def run(self, budget: Budget, every: float | None = None) -> Generator[int, None, None]:
        """Search within ``budget`` (seconds of thinking, ``core.clock``), then the focus move as much as
        the most visited; yield the iterations done every ``every`` wall-clock seconds and at the end."""
        clock = ThinkingClock()
        before = self.seconds
        last = time.perf_counter()
        done = 0
        while budget.iterations is None or done < budget.iterations:
            self.search.grow(self.root, self.state, 1)
            done += 1
            self.iterations += 1
            if budget.seconds is not None and clock.spent() >= budget.seconds:
                break
            if every is not None and time.perf_counter() - last >= every:
                self.seconds = before + clock.pause()
                yield self.iterations
                clock.resume()
                last = time.perf_counter()
        if self.focus is not None:
            only = self.search.offered(self.root).index(self.focus)
            top = max(self.search.visits(self.root, a) for a in self.search.offered(self.root))
            while self.search.visits(self.root, self.focus) < top:
                self.search.grow(self.root, self.state, 1, only)
                self.iterations += 1
        self.seconds = before + clock.spent()
        yield self.iterations

    def candidates(self) -> list[Candidate]:
        """Every offered move, most visited first, then the better value, then the greedy reading's order."""
        search, root = self.search, self.root
        found = {c.action: c for c in search.report(root)}
        out: list[tuple[int, float, int, Candidate]] = []
        for order, action in enumerate(search.offered(root)):
            c = found.get(action)
            if c is None:
                out.append((0, 0.0, order, Candidate(self.texts[action], 0, None, reason=self.reasons[action])))
                continue
            line = tuple(map(str, search.line(root, action, LINE_DEPTH)))
            value = round(c.value, 4)
            low, high = (round(x, 4) for x in interval(c.value, c.stderr))
            values = tuple(round(v, 4) for v in search.child_values(root, action))
            out.append((c.visits, value, order, Candidate(self.texts[action], c.visits, value, low, high,
                                                           self.reasons[action], line, values)))  # fmt: skip
        out.sort(key=lambda row: (-row[0], -row[1], row[2]))
        return [c for *_, c in out]


def _squares(module: GameModule, texts: Sequence[str]) -> list[int]:
    """The squares the texts name as ``(x, y)``, in order, once each (none when the game reads no such form)."""
    out: list[int] = []
    for text in texts:
        for found in SQUARE.findall(text):
            try:
                square = module.to_square(found)
            except ValueError:
                continue
            if square not in out:
                out.append(square)
    return out


def _pct(x: float) -> str:
    return f"{100 * x:.0f} %"


def snapshot(game: GameLike, search: DefaultSearch, final: bool, all_seeing: bool = False) -> Analysis:
    """The analysis as the search stands."""
    module = game_module(game.name)
    candidates = search.candidates()
    best_value = candidates[0].value if candidates else None
    heat: dict[int, float] = {}
    marks: dict[str, Marks] = {}
    for c in candidates:
        squares = _squares(module, c.actions)
        marks[c.text] = Marks(tuple(squares))
        if c.value is None or best_value is None:
            continue
        for square in squares:
            heat[square] = max(heat.get(square, -1.0), round(c.value - best_value, 4))
    heatmap = HeatMap("moves by the squares they name", heat)
    maps = {"moves": heatmap} if heatmap.informative() else {}
    explanation = ""
    if final and candidates and candidates[0].value is not None:
        best = candidates[0]
        assert best.value is not None
        explanation = f"{best.text}: {_pct(best.value)} chance to win by the search. {best.reason}."
        second = next((c for c in candidates[1:] if c.value is not None), None)
        if second is not None and second.value is not None:
            said = runner_up_said(candidates, second)
            explanation += f" The next best, {second.text}, scores {_pct(second.value)}{said}"
    decision = game.decision
    return Analysis(
        game=game.name,
        seat=search.seat,
        decision=decision.kind if decision is not None else "",
        final=final,
        unit="chance to win",
        candidates=tuple(candidates),
        iterations=search.iterations,
        seconds=round(search.seconds, 4),
        all_seeing=all_seeing,
        hidden_information=bool(getattr(module, "HIDDEN_INFORMATION", False)),
        explanation=explanation,
        notes=(
            "The shared tree search: a candidate is a move and the game's completion of its turn; the other "
            f"players are expected to answer with their best turn by the greedy reading ({len(candidates)} moves "
            "compared; dice weighed by their odds).",
        ),
        heatmaps=maps,
        default_heatmap="moves" if maps else None,
        marks=marks,
        report={
            "best": candidates[0].text if candidates else "",
            "final": final,
            "candidates": [{"action": c.text, "visits": c.visits, "value": c.value} for c in candidates],
        },
    )


def _roll(game: GameLike, rules: BotRules, all_seeing: bool) -> Analysis:
    """The analysis of a roll: nothing to choose, the dice decide (the request is the only candidate)."""
    decision = game.decision
    assert decision is not None
    state = rules.state_of(game.view(decision.seat))
    value = round(rules.evaluate(state)[decision.seat], 4)
    request = (str(decision.choices[0]),)
    module = game_module(game.name)
    return Analysis(game.name, decision.seat, decision.kind, True, "chance to win",
                    (Candidate(request, 0, value, reason="the dice decide"),), 0, 0.0, all_seeing,
                    bool(getattr(module, "HIDDEN_INFORMATION", False)),
                    explanation="A roll of the dice: there is nothing to choose.",
                    report={"best": request[0], "final": True, "candidates": []})  # fmt: skip


def analyses(game: GameLike, request: AnalysisRequest) -> Generator[Analysis, float | None, None]:
    """The hook ``analyze`` (``core.protocol.GameModule``) for a game with ``bot_rules()``: one analysis
    at once, then every ``request.every`` seconds, the last with ``final`` set; early when
    ``request.stop`` is set; ``send(seconds)`` after a final one searches the same tree longer (not
    with a focus). At a roll of the dice, one final analysis: the dice decide.

    :raises ValueError: a game without bot rules, the game is over, or a focus that is not legal."""
    rules = game_module(game.name).bot_rules()
    if rules is None:
        raise ValueError(f"{game.name} has no bot rules: the shared analysis cannot search it")
    decision = game.decision
    if decision is None:
        raise ValueError("the game is over: there is no decision to analyse")
    if decision.kind == CHANCE_KIND:
        yield _roll(game, rules, request.all_seeing)
        return
    search = DefaultSearch(rules, rules.state_of(game.view(decision.seat)), request.seed, request.focus)
    budget = Budget(*request.budget)
    yield snapshot(game, search, False, request.all_seeing)
    while True:
        done = search.iterations
        for _ in search.run(budget, request.every):
            if request.stopped:
                break
            if budget.iterations is None or search.iterations - done < budget.iterations:
                yield snapshot(game, search, False, request.all_seeing)
        more = yield snapshot(game, search, True, request.all_seeing)
        if not more or more <= 0 or request.focus:
            return
        budget = Budget(None, float(more))


__all__ = ["DefaultSearch", "analyses", "snapshot"]
