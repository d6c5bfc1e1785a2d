"""The search's analysis of an Ur decision, a whole turn at a time (``core.analysis.Analysis``).

An Ur turn is many small steps (a mode, actions, allocations, wars, the extra cube, the exchange), so
the analysis compares *whole turns*: every candidate is the sequence of steps from now until the turn
is complete. The candidates come from the greedy reading (``heuristics``): each of the best first
steps, and for the two best also each of their best second steps, finished step by step with the
step that leaves the player furthest ahead of the best rival once the turn is done; turns that end in
the same position are one candidate.

The search is UCT over those candidates (``EXPLORATION``): an iteration plays a candidate, then the
other seats' turns until the player is to move again, each starting with one of its three best steps
by the greedy reading (more often the best, ``REPLY_WEIGHTS``) and finished by the game's completion
policy. Its value is every seat's chance to win by the evaluation (``heuristics.win_chances``),
averaged over the positions at the end of each turn of that round — the candidate's and each answer's
— so that whoever moved last is not the favourite (the evaluation counts points now, and every turn
adds some). The answers vary, so the values have a spread: each candidate has a mean, an interval and
visits.

The reasons are read from the board: the tiles a turn takes, wins or loses, cubes placed and cubes
the others lose, ziggurats, kinds a rival is left without, the points by the final scoring (§10), the
tile taken into hand and who then leads.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass, field

from tigris_widget.core.analysis import (
    Analysis,
    AnalysisRequest,
    Arrow,
    Candidate,
    HeatMap,
    Marks,
    interval,
    runner_up_said,
    stderr_of,
)
from tigris_widget.core.bot import Budget
from tigris_widget.core.clock import ThinkingClock
from tigris_widget.games.ur.bots.heuristics import finish_step, finish_turn, margin, win_chances
from tigris_widget.games.ur.engine import Step, UrState, apply_unchecked, legal_actions, parse_step
from tigris_widget.games.ur.engine.board import KIND_NAMES, PAIR_NAMES, cell_name
from tigris_widget.games.ur.engine.rules import player_score
from tigris_widget.games.ur.engine.state import PH_OVER
from tigris_widget.games.ur.engine.steps import ACTION_WORDS
from tigris_widget.games.ur.game import UrGame

FIRST_STEPS = 6
"""How many of the best first steps become candidate turns."""
SECOND_STEPS = 3
"""How many second steps are tried after each of the two best first steps."""
MAX_CANDIDATES = 10
RESTLESS = 4
"""Attacks a candidate turn may make before it stops attacking (wars between empty tiles are free)."""
EXPLORATION = 0.3
"""UCB1's exploration weight, in units of the chance to win."""
REPLY_WEIGHTS = (0.6, 0.25, 0.15)
"""How often a rival starts its turn with its best, second and third step by the greedy reading."""
CELL_KINDS = ("place", "restart", "zig", "cube", "add", "set", "attack", "exchange")
"""Step kinds that name a cell (``a``; ``b`` too for a ziggurat's second cell and an attack's target)."""


def _seat(p: int) -> str:
    return f"P{p}"


def _turn(s: UrState) -> tuple[int, int]:
    """The turn (or setup step) under way: it changes once the turn is complete."""
    return s.line, s.active


def _key(s: UrState) -> tuple[object, ...]:
    """The position, for telling candidates and states apart."""
    return (tuple(s.owner), tuple(s.cubes), tuple(s.zig), tuple(s.face), tuple(s.hands), tuple(s.spares),
            s.phase, s.line, s.active, s.decider)  # fmt: skip


def _ranked(s: UrState, steps: Sequence[Step]) -> list[Step]:
    """``steps`` best first by the mover's lead over the best rival once each is played and the turn
    finished by the completion policy (an attack just below an equal calm step)."""
    seat = s.decider
    scored = []
    for i, step in enumerate(steps):
        t = s.clone()
        apply_unchecked(t, step)
        finish_turn(t)
        scored.append((margin(t, seat) - (1e-6 if step.kind == "attack" else 0.0), -i, step))
    scored.sort(key=lambda x: (x[0], x[1]), reverse=True)
    return [step for _, _, step in scored]


def _complete(s: UrState, start: Sequence[Step], seat: int) -> tuple[list[Step], UrState]:
    """The steps of ``start``, then the greedy reading's best step after each, until the turn is done;
    another seat's share of the turn (a short culture distribution) follows the completion policy."""
    t = s.clone()
    turn = _turn(s)
    steps = list(start)
    for step in steps:
        apply_unchecked(t, step)
    attacks = sum(1 for st in steps if st.kind == "attack")
    for _ in range(200):  # a turn is a few steps; this only guards against a policy that never ends it
        if t.phase == PH_OVER or _turn(t) != turn:
            break
        legal = legal_actions(t)
        if t.decider != seat or len(legal) == 1:
            step = finish_step(t, legal)
        else:
            calm = [st for st in legal if st.kind != "attack"] if attacks >= RESTLESS else legal
            step = _ranked(t, calm or legal)[0]
        attacks += step.kind == "attack"
        apply_unchecked(t, step)
        steps.append(step)
    return steps, t


def candidate_turns(s: UrState) -> list[tuple[list[Step], UrState]]:
    """Whole turns for the seat deciding in ``s`` (see the module docstring), best first by the
    greedy reading, each with the position once it is done."""
    seat = s.decider
    first = _ranked(s, legal_actions(s))
    starts: list[list[Step]] = [[step] for step in first[:FIRST_STEPS]]
    for step in first[:2]:
        t = s.clone()
        apply_unchecked(t, step)
        if t.phase != PH_OVER and _turn(t) == _turn(s) and t.decider == seat:
            starts += [[step, second] for second in _ranked(t, legal_actions(t))[:SECOND_STEPS]]
    out: list[tuple[list[Step], UrState]] = []
    seen: set[tuple[object, ...]] = set()
    for start in starts:
        steps, end = _complete(s, start, seat)
        key = _key(end)
        if key not in seen:
            seen.add(key)
            out.append((steps, end))
    out.sort(key=lambda pair: -margin(pair[1], seat))
    return out[:MAX_CANDIDATES]


def focus_turn(s: UrState, texts: Sequence[str]) -> tuple[list[Step], UrState]:
    """The turn written ``texts`` (step texts from ``s`` until the turn is complete), played.

    :raises ValueError: a step that is not legal where it stands, or a turn left unfinished."""
    if isinstance(texts, str) or not texts:
        raise ValueError(f"focus is the steps of a whole turn as a list of texts, not {texts!r:.60}")
    t = s.clone()
    turn = _turn(s)
    steps = []
    for i, text in enumerate(texts):
        if t.phase == PH_OVER or _turn(t) != turn:
            raise ValueError(f"focus step {i + 1} ({text!r:.40}) comes after the turn is complete")
        step = parse_step(text)
        if step not in legal_actions(t):
            raise ValueError(f"focus step {i + 1} ({text!r:.40}) is not legal there")
        apply_unchecked(t, step)
        steps.append(step)
    if t.phase != PH_OVER and _turn(t) == turn:
        raise ValueError("focus must be a whole turn: the turn is not complete after its last step")
    return steps, t


@dataclass
class _Option:
    steps: list[Step]
    end: UrState
    visits: int = 0
    totals: list[float] = field(default_factory=list)
    squares: float = 0.0

    def mean(self, seat: int) -> float:
        return self.totals[seat] / self.visits if self.visits else 0.0


class TurnSearch:
    """UCT over the candidate turns of the seat deciding in ``state`` (see the module docstring)."""

    def __init__(self, state: UrState, seed: int = 0, focus: Sequence[str] = ()) -> None:
        if state.phase == PH_OVER:
            raise ValueError("the game is over: there is no decision to analyse")
        self.state = state
        self.seat = state.decider
        self.rng = random.Random(seed)
        self.options = [_Option(steps, end) for steps, end in candidate_turns(state)]
        self.focus: _Option | None = None
        if focus:
            steps, end = focus_turn(state, focus)
            key = _key(end)
            self.focus = next((o for o in self.options if _key(o.end) == key), None)
            if self.focus is None:
                self.focus = _Option(steps, end)
                self.options.append(self.focus)
            else:
                self.focus.steps = steps  # the turn as it was played (the same position another way)
        self.iterations = 0
        self.seconds = 0.0
        self._replies: dict[tuple[object, ...], list[Step]] = {}

    def _reply_steps(self, s: UrState) -> list[Step]:
        key = _key(s)
        steps = self._replies.get(key)
        if steps is None:
            steps = self._replies[key] = _ranked(s, legal_actions(s))[: len(REPLY_WEIGHTS)]
        return steps

    def _answers(
        self, s: UrState, rng: random.Random | None, values: list[list[float]] | None = None
    ) -> list[tuple[int, list[Step]]]:
        """Play the other seats' turns on ``s`` until the searching seat is to move again: each starts
        with one of its best steps (by ``REPLY_WEIGHTS``; the best when ``rng`` is None) and is finished
        by the completion policy. Returns each answering seat with its turn's steps; ``values`` gets
        every seat's chance to win after each answer."""
        turns: list[tuple[int, list[Step]]] = []
        for _ in range(self.state.n):
            if s.phase == PH_OVER or s.decider == self.seat:
                break
            options = self._reply_steps(s)
            if rng is None or len(options) == 1:
                step = options[0]
            else:
                step = rng.choices(options, REPLY_WEIGHTS[: len(options)])[0]
            turn, mover = _turn(s), s.decider
            played = [step]
            apply_unchecked(s, step)
            while s.phase != PH_OVER and _turn(s) == turn:
                follow = finish_step(s, legal_actions(s))
                apply_unchecked(s, follow)
                played.append(follow)
            turns.append((mover, played))
            if values is not None:
                values.append(win_chances(s))
        return turns

    def _select(self) -> _Option:
        for option in self.options:
            if not option.visits:
                return option
        log_n = math.log(self.iterations)
        seat = self.seat
        return max(self.options, key=lambda o: o.mean(seat) + EXPLORATION * math.sqrt(log_n / o.visits))

    def iterate(self, option: _Option | None = None) -> None:
        option = option or self._select()
        s = option.end.clone()
        seen = [win_chances(s)]
        self._answers(s, self.rng, seen)
        values = [sum(v[i] for v in seen) / len(seen) for i in range(len(seen[0]))]
        if not option.totals:
            option.totals = [0.0] * len(values)
        option.visits += 1
        for i, v in enumerate(values):
            option.totals[i] += v
        option.squares += values[self.seat] ** 2
        self.iterations += 1

    def run(self, budget: Budget, every: float | None = None) -> Iterator[int]:
        """Search within ``budget`` (the focus turn as much as the best at the end; its seconds are
        thinking time, ``core.clock``); yield the iterations done every ``every`` wall-clock seconds
        and at the end."""
        clock = ThinkingClock()
        before = self.seconds
        last = time.perf_counter()
        done = 0
        while budget.iterations is None or done < budget.iterations:
            self.iterate()
            done += 1
            if budget.seconds is not None and clock.spent() >= budget.seconds:
                break
            if every is not None and time.perf_counter() - last >= every:
                self.seconds = before + clock.pause()
                yield self.iterations
                clock.resume()
                last = time.perf_counter()  # the next report: ``every`` of searching after this one
        if self.focus is not None:
            top = max(o.visits for o in self.options)
            while self.focus.visits < top:
                self.iterate(self.focus)
        self.seconds = before + clock.spent()
        yield self.iterations

    def ranked(self) -> list[_Option]:
        """Most visited first, then the better value; before any visit, the greedy reading's order."""
        seat = self.seat
        order = {id(o): i for i, o in enumerate(self.options)}
        return sorted(self.options, key=lambda o: (-o.visits, -o.mean(seat), order[id(o)]))


# -- reasons ---------------------------------------------------------------------------------------------
def _kinds(s: UrState, seat: int) -> list[int]:
    """Tiles of each kind ``seat`` owns (ziggurats not counted)."""
    counts = [0] * 5
    for c in range(36):
        if s.owner[c] == seat and not s.zig[c]:
            counts[s.face[c]] += 1
    return counts


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def describe(before: UrState, after: UrState, seat: int, steps: Sequence[Step]) -> str:
    """What a whole turn of ``seat`` changes, in words: tiles, cubes, ziggurats, rivals left without a
    kind, the hand tile, the points and who leads."""
    parts: list[str] = []
    attacked = {st.b for st in steps if st.kind == "attack"}
    for c in range(36):
        was, now = before.owner[c], after.owner[c]
        kind = KIND_NAMES[before.face[c]]
        if after.zig[c] and not before.zig[c] and now == seat:
            parts.append(f"builds a ziggurat on {cell_name(c)}")
        elif was == now:
            continue
        elif now == seat and was >= 0:
            how = "war on" if c in attacked else "taking"
            parts.append(f"{how} {cell_name(c)} takes {_seat(was)}'s {before.cubes[c]}-cube {kind} tile")
        elif now == seat:
            parts.append(f"claims the {kind} tile {cell_name(c)}")
        elif was == seat:
            parts.append(f"loses its {kind} tile {cell_name(c)}")
        elif was >= 0:
            parts.append(f"{_seat(was)} loses the {kind} tile {cell_name(c)}")
    placed = after.on_grid[seat] - before.on_grid[seat]
    if placed > 0:
        cells = [cell_name(c) for c in range(36)
                 if after.owner[c] == seat == before.owner[c] and after.cubes[c] > before.cubes[c]]  # fmt: skip
        where = f" on {', '.join(cells[:4])}" if cells else ""  # "on": a cell's own brackets follow
        parts.append(f"places {_plural(placed, 'cube')}{where}")
    elif placed < 0:
        parts.append(f"loses {_plural(-placed, 'cube')}")
    for p in range(before.n):
        if p == seat:
            continue
        lost = before.on_grid[p] - after.on_grid[p]
        if lost > 0:
            parts.append(f"{_seat(p)} loses {_plural(lost, 'cube')}")
        mine_before, mine_after = _kinds(before, p), _kinds(after, p)
        gone = [KIND_NAMES[k] for k in range(5) if mine_before[k] and not mine_after[k]]
        if gone:
            parts.append(f"leaves {_seat(p)} no {' and no '.join(gone)}")
    new_kinds = [
        KIND_NAMES[k] for k, (a, b) in enumerate(zip(_kinds(before, seat), _kinds(after, seat))) if b and not a
    ]
    if new_kinds:
        parts.append(f"adds {' and '.join(new_kinds)} to its sets")
    if after.hands[seat] != before.hands[seat]:
        parts.append(f"takes the {PAIR_NAMES[after.hands[seat]]} tile into hand")
    for c in range(36):
        if (after.face[c], after.back[c]) != (before.face[c], before.back[c]):
            parts.append(f"lays a tile on {cell_name(c)} {KIND_NAMES[after.face[c]]} side up")
    points_before, points_after = player_score(before, seat)[0], player_score(after, seat)[0]
    if points_after != points_before:
        parts.append(f"points {points_before} → {points_after}")
    lead = margin(after, seat)
    if abs(lead - margin(before, seat)) >= 0.05:
        if abs(lead) < 0.05:
            parts.append("then level with the best rival")
        else:
            parts.append(f"then {'leads' if lead > 0 else 'trails'} the best rival by {abs(lead):.1f}")
    if not parts:
        return "Changes little on the board"
    text = "; ".join(parts)
    return text[0].upper() + text[1:]


def _cubes_left(before: UrState, after: UrState, seat: int) -> str:
    """Where ``seat``'s cubes end on the tiles whose count the turn changed (or its exchange)."""
    cells = [f"{after.cubes[c]} on {cell_name(c)}" for c in range(36)
             if after.owner[c] == seat and after.cubes[c] != before.cubes[c]]  # fmt: skip
    if cells:
        return "leaves cubes " + ", ".join(cells)
    return f"another order of the same steps, or another exchange (hand {PAIR_NAMES[after.hands[seat]]})"


def _touched(steps: Sequence[Step]) -> tuple[list[int], list[Arrow]]:
    """The cells a turn's steps name (framed) and its wars (arrows from the attacking tile)."""
    cells: list[int] = []
    arrows: list[Arrow] = []
    for st in steps:
        if st.kind == "attack":
            arrows.append(Arrow(st.a, st.b))
            continue
        if st.kind in CELL_KINDS:
            cells += [c for c in (st.a, st.b) if c >= 0 and c not in cells]
    return cells, arrows


def _pct(x: float) -> str:
    return f"{100 * x:.0f} %"


# -- short names -------------------------------------------------------------------------------------------
def turn_parts(steps: Sequence[Step]) -> list[str]:
    """A turn's parts by weight, in notation words: each action with its first allocation (``"trade
    (2,3)+2"``, a war as its first attack), ziggurats and setup cubes, then the extra cube and the
    exchange, then the other allocations and attacks; "keep", "end" and a move's count are left out."""
    main: list[str] = []
    rest: list[str] = []
    more: list[str] = []
    war = False
    for i, st in enumerate(steps):
        if st.kind in ACTION_WORDS:
            war = False
            target = next((t for t in steps[i + 1 :] if t.kind in ("add", "set", *ACTION_WORDS)), None)
            first = target is not None and target.kind in ("add", "set")
            main.append(f"{st.kind} {target}" if first else st.kind)
        elif st.kind == "attack" and not war:
            war = True
            main.append(f"war {st}")
        elif st.kind in ("zig", "place", "restart"):
            main.append(str(st))
        elif st.kind in ("cube", "exchange", "spare"):
            rest.append(str(st))
        elif st.kind in ("add", "set", "attack") and not any(p.endswith(f" {st}") for p in main):
            more.append(str(st))
    return main + rest + more


def turn_names(turns: Sequence[Sequence[Step]]) -> list[str]:
    """Short names for candidate turns, told apart: each turn's heaviest part (``turn_parts``), more of
    its parts (joined by ", ") while another candidate has the same name; the whole line when it has
    none, or when its parts cannot tell it from another (two orders of the same steps)."""
    whole = ["; ".join(map(str, t)) for t in turns]
    parts = [turn_parts(t) or [w] for t, w in zip(turns, whole)]
    used = [1] * len(turns)
    while True:
        names = [", ".join(p[:k]) for p, k in zip(parts, used)]
        clash = [i for i, n in enumerate(names) if names.count(n) > 1]
        grow = [i for i in clash if used[i] < len(parts[i])]
        if not grow:
            return [whole[i] if i in clash else n for i, n in enumerate(names)]
        for i in grow:
            used[i] += 1


def snapshot(search: TurnSearch, final: bool, all_seeing: bool = False) -> Analysis:
    """The analysis as the search stands."""
    seat = search.seat
    before = search.state
    options = search.ranked()
    candidates: list[Candidate] = []
    names = turn_names([o.steps for o in options])
    reasons: set[str] = set()
    for o in options:
        value = round(o.mean(seat), 4) if o.visits else None
        low = high = None
        if value is not None:
            low, high = (round(x, 4) for x in interval(value, stderr_of(o.totals[seat], o.squares, o.visits)))
        reason = describe(before, o.end, seat, o.steps) if final else ""
        if reason in reasons:  # two turns that change the same things: tell them apart by where the cubes end
            reason += "; " + _cubes_left(before, o.end, seat)
        reasons.add(reason)
        line: tuple[str, ...] = ()
        if final:
            answers = search._answers(o.end.clone(), None)
            line = tuple(f"{_seat(mover)}: {'; '.join(map(str, turn))}" for mover, turn in answers)
        values = tuple(round(t / o.visits, 4) for t in o.totals) if o.visits else ()
        candidates.append(Candidate(tuple(map(str, o.steps)), o.visits, value,
                                    low, high, reason, line, values, names[len(candidates)]))  # fmt: skip
    best_value = candidates[0].value if candidates and candidates[0].value is not None else None
    heat: dict[int, float] = {}
    marks: dict[str, Marks] = {}
    for o, c in zip(options, candidates):
        cells, arrows = _touched(o.steps)
        marks[c.text] = Marks(tuple(cells), tuple(arrows))
        if c.value is None or best_value is None:
            continue
        for cell in [*cells, *(a.end for a in arrows)]:
            heat[cell] = max(heat.get(cell, -1.0), round(c.value - best_value, 4))
    heatmap = HeatMap("turns by the cells they touch", heat)
    maps = {"turns": heatmap} if heatmap.informative() else {}
    explanation = ""
    if final and candidates:
        best = candidates[0]
        explanation = f"{best.reason}."
        second = candidates[1] if len(candidates) > 1 else None
        if second is not None and best.value is not None and second.value is not None:
            explanation += (f" The next best turn, {second.text}, scores {_pct(second.value)} against "
                            f"{_pct(best.value)}{runner_up_said(candidates, second)}")  # fmt: skip
    notes = (f"A candidate is a whole turn; the others are expected to answer with one of their best "
             f"turns by the greedy reading ({len(candidates)} turns compared).",)  # fmt: skip
    return Analysis(
        game="ur",
        seat=seat,
        decision="turn",
        final=final,
        unit="chance to win",
        candidates=tuple(candidates),
        iterations=search.iterations,
        seconds=round(search.seconds, 4),
        all_seeing=all_seeing,
        hidden_information=False,
        explanation=explanation,
        notes=notes,
        heatmaps=maps,
        default_heatmap="turns" if maps else None,
        marks=marks,
        report={
            "best": candidates[0].text if candidates else "",
            "final": final,
            "cheating": all_seeing,
            "candidates": [
                {"action": c.text, "visits": c.visits, "value": c.value, "reason": c.reason} for c in candidates
            ],
        },
    )


def analyses(game: UrGame, request: AnalysisRequest) -> Generator[Analysis, float | None, None]:
    """The hook ``analyze`` of the game module (``core.protocol.GameModule``): one analysis as soon as
    the candidates are ready, then every ``request.every`` seconds, the last with ``final`` set; early
    when ``request.stop`` is set; ``send(seconds)`` after a final one searches the same tree longer."""
    if game.is_over:
        raise ValueError("the game is over: there is no decision to analyse")
    iterations, seconds = request.budget
    budget = Budget(iterations, seconds)
    search = TurnSearch(game.state_at(len(game)), request.seed, request.focus)
    all_seeing = request.all_seeing
    yield snapshot(search, False, all_seeing)
    while True:
        done = search.iterations
        for _ in search.run(budget, request.every):
            if request.stopped:
                break
            if budget.iterations is None or search.iterations - done < budget.iterations:
                yield snapshot(search, False, all_seeing)
        more = yield snapshot(search, True, all_seeing)
        if not more or more <= 0 or request.focus:
            return
        budget = Budget(None, float(more))


def moves(game: UrGame) -> list[tuple[int, int]]:
    """Each turn (and setup step) as (first ply, plies): the steps from its start until it is done; a
    turn still under way at the end is left out."""
    out: list[tuple[int, int]] = []
    previous = None
    for ply in range(len(game)):
        turn = _turn(game.state_at(ply))
        if turn != previous:
            out.append((ply, 1))
            previous = turn
        else:
            first, count = out[-1]
            out[-1] = (first, count + 1)
    now = game.state_at(len(game))
    if out and now.phase != PH_OVER and _turn(now) == previous:
        out.pop()  # a turn still under way is not a move yet
    return out
