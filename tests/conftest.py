"""Shared pytest options: ``--soak N`` plays N random games per configuration in the invariant tests."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--soak", type=int, default=0, help="random games per configuration for a long soak run")


@pytest.fixture
def soak(request: pytest.FixtureRequest) -> int:
    return int(request.config.getoption("--soak"))
