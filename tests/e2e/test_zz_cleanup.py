"""After the browser tests, no event loop is left running in the test thread (Playwright's sync API
marks its loop as running while it is open; later tests must not see it)."""

from __future__ import annotations

import asyncio

import pytest


def test_no_event_loop_is_left_running() -> None:
    with pytest.raises(RuntimeError):
        asyncio.get_running_loop()
