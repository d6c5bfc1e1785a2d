"""Running many independent jobs (games, decisions to review, games to mine): the one place that
knows how — in this process, in local worker processes, or on a Dask cluster."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from tigris_widget.core.checks import whole

T = TypeVar("T")
R = TypeVar("R")

MAX_WORKERS = 1024
"""More local processes than any machine has cores."""


def check_workers(workers: object) -> int:
    """``workers``, a count of local processes ``1..MAX_WORKERS``; else a ``ValueError`` naming it."""
    return whole(workers, "workers", 1, MAX_WORKERS)


def run_all(fn: Callable[[T], R], tasks: Sequence[T], workers: int = 1, scheduler: Any = None) -> Iterator[R]:
    """Yield ``fn(task)`` for every task as each finishes (in completion order).

    ``scheduler`` is a Dask scheduler address (``tcp://host:8786``) or a ``distributed.Client``;
    without it, ``workers`` local processes are used (1: this process). ``fn`` and the tasks must be
    picklable (module-level functions, plain data) for anything but this process.

    :raises ValueError: ``workers`` is not 1..``MAX_WORKERS`` (at once, before any task runs)."""
    return _run_all(fn, tasks, check_workers(workers), scheduler)


def _run_all(fn: Callable[[T], R], tasks: Sequence[T], workers: int, scheduler: Any) -> Iterator[R]:
    if scheduler is not None:
        from distributed import Client, as_completed

        own = not isinstance(scheduler, Client)
        client: Client = Client(scheduler) if own else scheduler  # type: ignore[no-untyped-call]
        try:
            futures = client.map(fn, list(tasks), pure=False)
            for future in as_completed(futures):  # type: ignore[no-untyped-call]
                yield future.result()
        finally:
            if own:
                client.close()  # type: ignore[no-untyped-call]
        return
    if workers == 1:
        for task in tasks:
            yield fn(task)
        return
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures import as_completed as done_first

    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending = [pool.submit(fn, t) for t in tasks]
        for f in done_first(pending):
            yield f.result()
