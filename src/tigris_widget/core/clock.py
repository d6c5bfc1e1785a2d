"""The clock every search's time budget runs on: thinking time, not wall time.

A search given one second should think for one second whatever else the machine does. Wall time
does not say that: on a loaded machine (other programs, the notebook's own front end, a tournament
in another process) a one-second wall budget got a tenth of the iterations it gets on an idle core,
and the analysis' best move changed with the load. So a budget counts the CPU time of the thread
that searches (``time.thread_time``): time the thread waits for a core, a lock or the user does not
count. How often a search *reports* (its ``every``) stays on the wall clock, so a dashboard still
refreshes and a Stop is still seen promptly.

    >>> clock = ThinkingClock()
    >>> import time; time.sleep(0.05)
    >>> clock.spent() < 0.05
    True

A search that is a generator may be resumed from another thread (a dashboard's "Keep thinking"
does so), and a thread's CPU time means nothing in another thread: ``pause`` before handing back
control and ``resume`` after it, and only the stretches in between are counted.
"""

from __future__ import annotations

import time


def thinking_time() -> float:
    """CPU seconds of the calling thread (a reading to subtract from another of the same thread)."""
    return time.thread_time()


class ThinkingClock:
    """Thinking seconds used so far, summed over the stretches between ``resume`` and ``pause``
    (running from its creation)."""

    __slots__ = ("_mark", "used")

    def __init__(self) -> None:
        self.used = 0.0
        self._mark: float | None = thinking_time()

    def spent(self) -> float:
        """The thinking seconds used so far."""
        if self._mark is not None:
            now = thinking_time()
            self.used += now - self._mark
            self._mark = now
        return self.used

    def pause(self) -> float:
        """Stop counting (before a generator yields: the caller's work, or another thread, follows);
        returns the seconds used so far."""
        used = self.spent()
        self._mark = None
        return used

    def resume(self) -> None:
        """Count again from now, in the calling thread."""
        self._mark = thinking_time()


__all__ = ["ThinkingClock", "thinking_time"]
