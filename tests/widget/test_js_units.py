"""Runs the front end's unit tests (vitest on the pure TypeScript modules, with the shared golden
views) and its strict type check, so `python -m pytest` covers the JavaScript too."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parents[2] / "js"


def npm(*args: str) -> subprocess.CompletedProcess[str]:
    if shutil.which("npm") is None:
        pytest.fail("npm is needed for the front-end tests (Node 20+); install Node.js")
    if not (JS / "node_modules" / ".bin" / "vitest").exists():
        subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund"], cwd=JS, check=True, capture_output=True, text=True
        )
    return subprocess.run(["npm", *args], cwd=JS, capture_output=True, text=True, timeout=300)


def test_vitest_unit_tests_pass() -> None:
    out = npm("test", "--", "--reporter=dot")
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]


def test_typescript_is_strict_and_clean() -> None:
    out = npm("run", "typecheck")
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
