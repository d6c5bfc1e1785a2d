"""The package version (the one source: pyproject.toml reads it through hatch) and which build runs."""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

__version__ = "0.2.0"


def _engines_compiled() -> bool:
    """True when both rules engines run as compiled extension modules (a wheel built with a C compiler,
    see ``core.build``): Python imports an extension before the ``.py`` of the same name. Looks at files
    only, so nothing is imported to answer."""
    here = Path(__file__).parent
    probes = (here / "games" / "tigris" / "engine" / "rules" / "legal", here / "games" / "ur" / "engine" / "rules")
    return all(any(probe.with_name(probe.name + suffix).exists() for suffix in EXTENSION_SUFFIXES) for probe in probes)


compiled: bool = _engines_compiled()
"""Whether the rules engines run compiled (mypyc) or as pure Python; ``python -m tigris_widget bench`` says it too."""
