"""Shared pytest options: ``--soak N`` plays N random games per configuration in the invariant tests;
``--screens`` takes every screenshot of the screenshot matrices (``browser_harness.screen_cases``), of which the default
run takes a few representative ones."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--soak", type=int, default=0, help="random games per configuration for a long soak run")
    parser.addoption(
        "--screens", action="store_true", help="every case of the screenshot matrices (widths x DPR x themes)"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--screens"):
        return
    skip = pytest.mark.skip(reason="one more screenshot of a matrix: run with --screens")
    for item in items:
        if item.get_closest_marker("screens") is not None:
            item.add_marker(skip)


@pytest.fixture
def soak(request: pytest.FixtureRequest) -> int:
    return int(request.config.getoption("--soak"))
