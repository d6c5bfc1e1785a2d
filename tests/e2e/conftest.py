"""Browser fixtures (Chromium through Playwright); the e2e tests also use the widget test scenarios."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_harness import ARTIFACTS, CHROMIUM_ARGS, STATIC, chromium_path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widget"))


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium for one test module. Not for the session: while Playwright's sync API is open, its
    event loop counts as running in this thread, which would change how later tests behave."""
    from playwright.sync_api import sync_playwright

    if not (STATIC / "widget.js").exists():
        pytest.fail("The front end is not built: `pip install -e .` or `npm run build` in js/")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1300, "height": 1000}, device_scale_factor=2)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda err: errors.append(str(err)))
    yield pg
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
