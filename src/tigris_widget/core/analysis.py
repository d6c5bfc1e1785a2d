"""What a search found, as plain data every game fills in and every dashboard reads.

A game's ``analyze`` hook (``core.protocol.GameModule``) yields ``Analysis`` objects, better ones as
the search goes on; ``BotInspector``, ``BotMatch`` and the game review read only this model, so they
show any game. One unit per analysis: every value is the deciding seat's chance to win (or share of
the win) as the search estimates it, 0..1; heat maps hold differences to the best candidate in that unit.

A candidate's ``actions`` are what the player would do, as notation text: one action in a game
whose decisions are single actions (T&E), the steps of a whole turn in one whose turns are many small
steps (Ur). ``report`` keeps the game's own JSON form of the analysis (its extra detail), and
``analysis["key"]`` reads it.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

Z95 = 1.96
"""Half-width of a 95 % interval in standard errors."""


@dataclass(frozen=True)
class Candidate:
    """One choice the search considered."""

    actions: tuple[str, ...]
    """The action, or the steps of a whole turn, as notation text."""
    visits: int
    value: float | None
    """The mover's value after it (the analysis' unit, 0..1); None when the search never tried it."""
    low: float | None = None
    high: float | None = None
    """An interval around ``value`` (about 95 %: mean ± 1.96 standard errors, clamped to 0..1)."""
    reason: str = ""
    """Why, in words: what the move changes on the board and for the score."""
    line: tuple[str, ...] = ()
    """What the search expects to follow (the other players' answers first)."""
    values: tuple[float, ...] = ()
    """Every seat's value after it, by seat (for charts over a game); empty when not searched."""
    name: str = ""
    """A short name for tables and sentences (an Ur turn's main action and target: ``"trade (2,3)"``);
    empty when ``text`` is short already (a T&E action)."""

    @property
    def text(self) -> str:
        """The action(s) as one line (``"; "`` between a turn's steps)."""
        return "; ".join(self.actions)

    @property
    def label(self) -> str:
        """The short name, else the whole text."""
        return self.name or self.text


def reason_parts(reason: str) -> list[str]:
    """A reason's parts (the games write them joined by ``"; "``), each without its sentence capital."""
    parts = [p.strip().rstrip(".") for p in reason.split("; ")]
    return [p[:1].lower() + p[1:] if p[1:2].islower() else p for p in parts if p]


def reason_against(best: str, reason: str) -> str:
    """What a candidate's ``reason`` says that the best one's does not, in one line: the parts it adds
    (or, when it adds none, those it lacks), so that a table does not repeat the parts every candidate
    shares. ``reason`` itself when the two share no part (nothing would be saved), ``""`` when empty."""
    mine, theirs = reason_parts(reason), reason_parts(best)
    if not mine or not set(mine) & set(theirs):
        return reason
    extra = [p for p in mine if p not in theirs]
    if extra:
        return "Unlike the best: " + "; ".join(extra)
    missing = [p for p in theirs if p not in mine]
    if missing:
        return "Unlike the best, not: " + "; ".join(missing)
    return "The same changes as the best"


def interval(mean: float, stderr: float) -> tuple[float, float]:
    """(low, high) of ``mean ± Z95·stderr`` within 0..1."""
    return max(0.0, mean - Z95 * stderr), min(1.0, mean + Z95 * stderr)


def stderr_of(total: float, squares: float, visits: int) -> float:
    """The standard error of a mean from the sum and the sum of squares of ``visits`` samples."""
    if visits < 2:
        return 0.0
    mean = total / visits
    return math.sqrt(max(0.0, squares / visits - mean * mean) / (visits - 1))


@dataclass(frozen=True)
class HeatMap:
    """Values on squares: the best candidate touching each square, relative to the best move."""

    label: str
    values: Mapping[int, float]
    """Square → value difference (0 = as good as the best; −0.05 = five points worse)."""

    def informative(self, step: float = 0.005) -> bool:
        """Do the values differ (by more than ``step``, half a shown point)? A map with one value
        everywhere says nothing square by square, so it is not drawn."""
        values = list(self.values.values())
        return len(values) >= 2 and max(values) - min(values) > step


@dataclass(frozen=True)
class Arrow:
    start: int
    end: int


@dataclass(frozen=True)
class Marks:
    """How a candidate is shown on the board: framed squares and arrows (a move, a war)."""

    squares: tuple[int, ...] = ()
    arrows: tuple[Arrow, ...] = ()


@dataclass(frozen=True)
class Table:
    """A small table for the dashboard's details (e.g. a conflict's chances by commitment)."""

    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Analysis:
    """The search's view of one decision (see the module docstring)."""

    game: str
    seat: int
    decision: str
    """What is being decided, as the game names it (``"action"``, ``"turn"``, ``"support"`` …)."""
    final: bool
    unit: str
    """The unit of every value, in words: ``"chance to win"`` or ``"share of the win"``."""
    candidates: tuple[Candidate, ...]
    """Best first (most visited, then highest value)."""
    iterations: int
    seconds: float
    all_seeing: bool = False
    """True when the search read what the seat cannot see (a teaching comparison, never a bot)."""
    hidden_information: bool = False
    """Does the game hide anything from this seat (then a fair analysis samples it)?"""
    read_play: bool = False
    """True when the hidden information was sampled as the play so far suggests (what the seat can infer
    from the others' moves), not at random; the game's tables say what it read."""
    explanation: str = ""
    """The recommendation in words, longer than the best candidate's reason where there is more to say."""
    notes: tuple[str, ...] = ()
    """More lines of plain text for the details (expected points, what the search took as given …)."""
    tables: tuple[Table, ...] = ()
    heatmaps: Mapping[str, HeatMap] = field(default_factory=dict)
    default_heatmap: str | None = None
    """The heat map shown first (None: none)."""
    marks: Mapping[str, Marks] = field(default_factory=dict)
    """By candidate ``text``: how to show it on the board."""
    report: Mapping[str, Any] = field(default_factory=dict)
    """The game's own JSON form of this analysis."""

    @property
    def best(self) -> Candidate:
        return self.candidates[0]

    @property
    def value(self) -> float:
        """The best candidate's value (0 when nothing was searched yet)."""
        return (self.candidates[0].value or 0.0) if self.candidates else 0.0

    @property
    def visits(self) -> int:
        return sum(c.visits for c in self.candidates)

    def candidate(self, text: str) -> Candidate | None:
        """The candidate written ``text`` (its ``text``), if the analysis holds it."""
        return next((c for c in self.candidates if c.text == text), None)

    def fairness(self) -> str:
        """One sentence on fair and all-seeing analysis, for this game and mode."""
        if not self.hidden_information:
            return "Nothing is hidden in this game, so a fair and an all-seeing analysis are the same."
        if self.read_play:
            return ("Reading the play: the search sees only what this player sees and samples the hidden tiles as "
                    "the other players' moves so far suggest, as the bot search-infer does.")  # fmt: skip
        if self.all_seeing:
            return ("All-seeing: the search reads the hidden tiles, so its numbers can differ from the fair ones, "
                    "which average over every hand the player might be facing.")  # fmt: skip
        return ("Fair: the search sees only what this player sees and averages over the hidden tiles; "
                "the all-seeing mode reads them, so its numbers differ by what that knowledge is worth.")  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data (the heat maps' squares as text keys)."""
        data = asdict(self)
        data["heatmaps"] = {k: {"label": h.label, "values": {str(q): v for q, v in h.values.items()}}
                            for k, h in self.heatmaps.items()}  # fmt: skip
        data.pop("report")
        return data

    # the game's own report, read like a dict: ``analysis["best"]``
    def __getitem__(self, key: str) -> Any:
        return self.report[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.report.get(key, default)


# -- one request, validated once, passed from ``bots.analysis`` to every game's ``analyze`` hook --------
DEFAULT_SECONDS = 1.0
"""The budget of an analysis asked for without one (``analyze(game)``, Think, Hint): seconds of thinking
(CPU time of the searching thread, ``core.clock``), so the same on a busy machine as on an idle one."""


class AnalysisRequestError(ValueError):
    """A bad analysis request (budget, seed, focus …), named in the message."""


def _positive_int(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise AnalysisRequestError(f"{name} must be a positive integer, not {value!r:.60}")


def _positive_number(name: str, value: object, zero: bool = False) -> None:
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    if not ok or value < 0 or (value == 0 and not zero):  # type: ignore[operator]
        raise AnalysisRequestError(f"{name} must be a {'' if zero else 'positive '}number, not {value!r:.60}")


@dataclass(frozen=True)
class AnalysisRequest:
    """What an analysis is asked to do: the budget (``iterations`` and/or ``seconds``, whichever ends
    first; neither: ``DEFAULT_SECONDS``; seconds of thinking, ``core.clock``), the seed, how often to
    report (``every`` wall-clock seconds), the
    all-seeing teaching mode, a ``focus`` move to hold and search (a review), ``stop``: an event the
    search checks between chunks of work — when it is set, the search ends early with a final analysis
    of what it has — and ``read_play``: sample what the seat cannot see as the play so far suggests
    instead of at random (games that hide nothing ignore it; not with ``all_seeing``). Every field is
    checked here, once; the games' hooks trust it."""

    iterations: int | None = None
    seconds: float | None = None
    seed: int = 0
    every: float = 0.25
    all_seeing: bool = False
    focus: tuple[str, ...] = ()
    stop: threading.Event | None = field(default=None, compare=False, repr=False)
    read_play: bool = False

    def __post_init__(self) -> None:
        if self.iterations is not None:
            _positive_int("iterations", self.iterations)
        if self.seconds is not None:
            _positive_number("seconds", self.seconds)
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise AnalysisRequestError(f"seed must be an integer, not {self.seed!r:.60}")
        _positive_number("every", self.every, zero=True)
        if not isinstance(self.all_seeing, bool):
            raise AnalysisRequestError(f"all_seeing must be True or False, not {self.all_seeing!r:.60}")
        if not isinstance(self.read_play, bool):
            raise AnalysisRequestError(f"read_play must be True or False, not {self.read_play!r:.60}")
        if self.read_play and self.all_seeing:
            raise AnalysisRequestError(
                "read_play and all_seeing exclude each other: an all-seeing search has nothing to infer"
            )
        focus: object = self.focus
        if isinstance(focus, str) or not isinstance(focus, Sequence) or not all(isinstance(t, str) for t in focus):
            raise AnalysisRequestError(f"focus is a whole move as a list of action texts, not {focus!r:.60}")
        object.__setattr__(self, "focus", tuple(focus))
        if self.stop is not None and not isinstance(self.stop, threading.Event):
            raise AnalysisRequestError(f"stop must be a threading.Event, not {type(self.stop).__name__}")

    @property
    def budget(self) -> tuple[int | None, float | None]:
        """(iterations, seconds) to search: the asked ones, or ``DEFAULT_SECONDS`` when none was asked."""
        if self.iterations is None and self.seconds is None:
            return None, DEFAULT_SECONDS
        return self.iterations, self.seconds

    @property
    def stopped(self) -> bool:
        """Has someone asked the search to stop (``stop`` set)?"""
        return self.stop is not None and self.stop.is_set()


# -- confidence: when is the best move really the best? (one rule, read by every dashboard) ----------
@dataclass(frozen=True)
class Verdict:
    """What an analysis can say about its best candidate.

    ``clear`` is True when the best is declared: its widened interval (``judged_span``) lies wholly
    above that of every other candidate, each of them tried (see ``verdict``). Otherwise ``tied``
    holds the best and every examined candidate whose widened interval reaches it (best first): the
    analysis is *too close to call* between them when there are two or more, and when there is only
    the best, nothing was compared with it. ``not_examined`` holds the candidates the search hardly
    tried (too few visits to say anything about them): they are neither tied nor beaten.

    ``flat`` is True when *no move stands out*: ``FLAT_MOVES`` or more moves were compared and none of
    them was ruled out (every examined candidate ties). A listed set then claims too much — searches
    with other seeds often prefer a move outside it — so the call says the field is flat instead."""

    best: Candidate | None
    tied: tuple[Candidate, ...]
    clear: bool
    not_examined: tuple[Candidate, ...] = ()
    flat: bool = False

    @property
    def compared(self) -> bool:
        """Did the search compare the best with anything (clear, or a tie of two or more)?"""
        return self.clear or len(self.tied) > 1

    @property
    def texts(self) -> tuple[str, ...]:
        """The candidates to mark on the board: the best alone, or all the tied ones."""
        return (self.best.text,) if self.clear and self.best is not None else tuple(c.text for c in self.tied)

    def call(self) -> str:
        """The verdict in a few words, for a status line."""
        if self.best is None or (not self.clear and not examined(self.best, self.best)):
            return "not searched enough to judge yet"
        hardly = f", {len(self.not_examined)} not examined" if self.not_examined else ""
        if self.clear:
            return "best move clear" + (f" ({hardly[2:]})" if hardly else "")
        if self.flat:
            return f"no move stands out ({len(self.tied)} compared, none ruled out{hardly})"
        if len(self.tied) > 1:
            return f"too close to call ({len(self.tied)} moves within each other's range{hardly})"
        return f"nothing compared with the first choice yet (the other {len(self.not_examined)} moves not examined)"

    def headline(self) -> str:
        if self.best is None:
            return "no candidate yet"
        if not self.clear and not examined(self.best, self.best):
            return "not searched enough to judge yet"
        hardly = f"; {len(self.not_examined)} not examined" if self.not_examined else ""
        if self.clear:
            return f"best: {self.best.text}{hardly}"
        if self.flat:
            return f"no move stands out among the {len(self.tied)} compared{hardly}"
        if len(self.tied) > 1:
            return f"too close to call between {len(self.tied)} moves{hardly}"
        return f"searched most: {self.best.text}; the other {len(self.not_examined)} moves not examined"


MIN_VISITS = 2
"""Visits below which a candidate has no interval (one sample has no spread)."""
EXAMINED_VISITS = 30
"""A candidate with fewer visits than this is *not examined*: its value is a handful of samples."""
EXAMINED_SHARE = 0.05
"""... as is one with fewer visits than this share of the best's: the search hardly looked at it,
so its value (and interval) says little about how it would fare searched as deeply."""
SPREAD = 3.0
"""How much wider than one search's own interval the verdict takes a candidate's range to be: the
interval measures the noise *within* a search; searches with other seeds (other sampled hidden
information, other trees) differ by more (measured: ``bench calibration``,
docs/results/analysis-calibration.md)."""
BETWEEN = 0.01
"""... plus this much on each side (a floor): a best two points or less ahead is never declared, however
sure a search is (Ur's searches give zero-width intervals where every sample agrees: 0.1506 against
0.1505 must not read "clear"; with half a point, one T&E run in 400 was called clear and 1 in 9 of the
other seeds disagreed)."""


FLAT_MOVES = 5
"""Compared moves (examined, every one of them tied) from which the call is "no move stands out"
rather than "too close to call" between them. Measured (``bench calibration --rescore``, 40 positions
× 10 seeds per game, docs/results/analysis-calibration.md): T&E runs whose tie takes in every examined
move, five or more, held only 76 % of the other seeds' best moves — the field is flat and the seeds
scatter beyond it — while ties of two to four moves, or ties that leave an examined move out, held 98 %."""


def examined(c: Candidate, best: Candidate) -> bool:
    """Was ``c`` searched enough to be compared with ``best`` (``EXAMINED_VISITS``, ``EXAMINED_SHARE``)?"""
    return c.value is not None and c.visits >= max(EXAMINED_VISITS, MIN_VISITS, EXAMINED_SHARE * best.visits)


def _span(c: Candidate) -> tuple[float, float] | None:
    """The candidate's interval, or None when it was not searched enough to have one."""
    if c.value is None or c.visits < MIN_VISITS:
        return None
    return (c.value if c.low is None else c.low), (c.value if c.high is None else c.high)


def judged_span(c: Candidate) -> tuple[float, float] | None:
    """The range the verdict judges ``c`` by: its interval ``SPREAD`` times as wide, and ``BETWEEN``
    more on each side (not clamped: only the comparison reads it); None without an interval."""
    span = _span(c)
    if span is None or c.value is None:
        return None
    low, high = span
    return c.value - SPREAD * (c.value - low) - BETWEEN, c.value + SPREAD * (high - c.value) + BETWEEN


def verdict(analysis: Analysis) -> Verdict:
    """The verdict on an analysis' candidates (see ``judge``)."""
    return judge(analysis.candidates)


def judge(cands: Sequence[Candidate]) -> Verdict:
    """The decision rule: is the analysis' best candidate separated from the rest (see ``Verdict``)?

    A lone candidate is clear (there is nothing to choose). A candidate the search hardly tried is
    *not examined* (``examined``): it never ties. An examined candidate whose widened range
    (``judged_span``) reaches the best's ties with it, and equal values always tie. The best is declared
    only when it is examined itself, nothing ties with it, and every candidate not examined was still
    tried (``MIN_VISITS``) and lies wholly below it by its own widened range: one never tried might be
    anything, so it leaves the call open ("not compared"). When ``FLAT_MOVES`` or more examined moves
    tie and none was ruled out, no move stands out (``flat``)."""
    if not cands:
        return Verdict(None, (), False)
    best = cands[0]
    if len(cands) == 1:
        return Verdict(best, (best,), True)
    rivals = [c for c in cands[1:] if examined(c, best)]
    hardly = tuple(c for c in cands[1:] if not examined(c, best))
    mine = judged_span(best)
    if mine is None or not examined(best, best):
        return Verdict(best, (best,), False, hardly)
    tied = [best]
    for c in rivals:
        theirs = judged_span(c)
        top = theirs[1] if theirs is not None else c.value
        if top is not None and (top >= mine[0] or (best.value is not None and top >= best.value)):
            tied.append(c)
    clear = len(tied) == 1 and all(_beaten(c, mine[0]) for c in hardly)
    flat = len(tied) >= FLAT_MOVES and len(tied) == len(rivals) + 1
    return Verdict(best, tuple(tied), clear, hardly, flat)


def runner_up_said(cands: Sequence[Candidate], runner_up: Candidate) -> str:
    """How the verdict on ``cands`` places ``runner_up`` against the best, as the end of a sentence."""
    v = judge(cands)
    if runner_up in v.not_examined:
        return " — not examined enough to compare."
    if runner_up not in v.tied:
        return "."
    return " — no move stands out at this budget." if v.flat else " — too close to call at this budget."


def _beaten(c: Candidate, low: float) -> bool:
    """Does a candidate not examined still lie clearly below the best (its own widened range, from at
    least ``MIN_VISITS`` samples, wholly under ``low``)? One never tried, or tried once, might be anything."""
    span = judged_span(c)
    return span is not None and span[1] < low


SETTLE_UPDATES = 3
"""Updates in a row with the same clear best after which an analysis has settled."""


class Settling:
    """Watches the analyses of one search go by and says when it has *settled*: the same best
    candidate, clear of the others (``verdict``), in ``updates`` analyses in a row. ``settled_at`` is
    the search time (seconds) of the first analysis that completed the run, None until then."""

    def __init__(self, updates: int = SETTLE_UPDATES) -> None:
        self.updates = updates
        self.run = 0
        self.last: str | None = None
        self.settled_at: float | None = None

    def see(self, analysis: Analysis) -> bool:
        """Take the next analysis; True once the search has settled (and stays True until ``reset``)."""
        v = verdict(analysis)
        text = v.best.text if v.clear and v.best is not None else None
        self.run = self.run + 1 if text is not None and text == self.last else (1 if text is not None else 0)
        self.last = text
        if self.settled_at is None and self.run >= self.updates:
            self.settled_at = analysis.seconds
        return self.settled_at is not None

    def reset(self) -> None:
        self.run, self.last, self.settled_at = 0, None, None
