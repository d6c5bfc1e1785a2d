"""The analysis' comparison of rivals: the last part of its budget goes to the root's leading moves.

Left to itself, one T&E search puts nearly all of its visits on the move it locked onto early
(progressive widening and PUCT), so its rivals keep a dozen visits each and are never compared:
another seed locks onto another move, and no verdict read from one search covers it
(docs/results/analysis-calibration.md). The analysis therefore searches freely for the first part of
its budget (``1 - COMPARE_SHARE``) and then spends the rest evening out the visits of the ``RIVALS``
leading root moves: each forced visit goes to the rival with the fewest visits, so they rise together
(the last round of a sequential halving) and every one of them gets an interval. The root's k-th visit
of a move plays the k-th sampled state, so the rivals are compared on the same hands.

Only the analysis does this; the search bot's play (``SearchBot``) is untouched.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from tigris_widget.core.bot import Budget
from tigris_widget.core.clock import ThinkingClock
from tigris_widget.games.tigris.bots.search import Node, Search

COMPARE_SHARE = 0.4
"""The share of the analysis' budget spent comparing the rivals rather than searching freely."""
RIVALS = 6
"""How many leading root moves (the search's choice among them) are compared."""


def split(budget: Budget) -> tuple[Budget, Budget]:
    """``budget`` as (free search, comparison of rivals), ``COMPARE_SHARE`` of it to the second."""
    iterations = budget.iterations
    seconds = budget.seconds
    free_iterations = None if iterations is None else iterations - round(iterations * COMPARE_SHARE)
    free_seconds = None if seconds is None else seconds * (1 - COMPARE_SHARE)
    free = Budget(free_iterations, free_seconds)
    rest = Budget(
        None if iterations is None or free_iterations is None else iterations - free_iterations,
        None if seconds is None or free_seconds is None else seconds - free_seconds,
    )
    return free, rest


def rivals(search: Search, count: int = RIVALS) -> list[Node]:
    """The root moves to compare: the ``count`` most visited (ties: better value, then prior), which the
    root widened to in the order of its one-step ranking."""
    children = sorted(search.root.children, key=lambda n: (n.visits, n.q(), n.prior), reverse=True)
    return children[:count]


def compare(search: Search, budget: Budget, every: float | None = None) -> Iterator[int]:
    """Spend ``budget`` on forced visits of the leading root moves (``rivals``), always to the one
    with the fewest visits; like ``Search.run``, yield the iteration count every ``every`` wall-clock
    seconds and at the end (the seconds are thinking time)."""
    nodes = rivals(search)
    if len(nodes) < 2:  # nothing to compare (one legal move, or no iteration yet): search on freely
        yield from search.run(budget, every)
        return
    clock = ThinkingClock()
    before = search.elapsed
    last = time.perf_counter()
    done = 0
    while budget.iterations is None or done < budget.iterations:
        search.iterate(forced=min(nodes, key=lambda n: n.visits))
        done += 1
        if done & 7 == 0 or every is not None:
            if budget.seconds is not None and clock.spent() >= budget.seconds:
                break
            if every is not None and time.perf_counter() - last >= every:
                search.elapsed = before + clock.pause()
                yield search.iterations
                clock.resume()
                last = time.perf_counter()
    search.elapsed = before + clock.spent()
    yield search.iterations


def search_and_compare(search: Search, budget: Budget, every: float | None = None) -> Iterator[int]:
    """The analysis' whole budget: search freely, then ``compare`` the rivals (``split``); yields as
    ``Search.run`` does (a consumer that stops iterating stops the search)."""
    free, rest = split(budget)
    yield from search.run(free, every)
    yield from compare(search, rest, every)
