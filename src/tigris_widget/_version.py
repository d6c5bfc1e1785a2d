"""The package version (the one source: pyproject.toml reads it through hatch) and which build runs.

Imported first by the package's ``__init__``, so that ``TIGRIS_WIDGET_PURE`` takes effect before any
engine module loads.
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from pathlib import Path
from typing import Any

__version__ = "0.3.0"

PURE_SWITCH = "TIGRIS_WIDGET_PURE"
"""Set (to anything but ``""`` or ``0``) when the package is imported: the compiled engines of an installed
wheel stay unused and their Python sources run. (Read by the wheel build too: ``core.build``.)"""


def _engines_compiled() -> bool:
    """True when every game's rules engine has compiled extension modules (a wheel built with a C
    compiler, see ``core.build``): Python imports an extension before the ``.py`` of the same name. Looks
    at files only, so nothing is imported to answer (and no game is named)."""
    engines = [folder for folder in (Path(__file__).parent / "games").glob("*/engine") if folder.is_dir()]
    return bool(engines) and all(
        any(path.name.endswith(suffix) for path in engine.rglob("*") for suffix in EXTENSION_SUFFIXES)
        for engine in engines
    )


_PREFIX = __name__.rpartition(".")[0] + "."
"""``tigris_widget.``: the modules the pure switch looks at."""


class _PureSources:
    """A meta-path finder for ``TIGRIS_WIDGET_PURE``: a ``tigris_widget`` module with a compiled extension
    module beside its ``.py`` is loaded from the ``.py``; every other module is left to the usual finders."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        if path is None or not fullname.startswith(_PREFIX):
            return None
        name = fullname.rpartition(".")[2]
        for folder in path:
            source = os.path.join(folder, name + ".py")
            if os.path.isfile(source):
                if any(os.path.exists(os.path.join(folder, name + suffix)) for suffix in EXTENSION_SUFFIXES):
                    from importlib.util import spec_from_file_location

                    return spec_from_file_location(fullname, source)
                return None
        return None


def _pure_requested() -> bool:
    return os.environ.get(PURE_SWITCH, "") not in ("", "0")


if _pure_requested() and not any(isinstance(f, _PureSources) for f in sys.meta_path):
    sys.meta_path.insert(0, _PureSources())

compiled: bool = _engines_compiled() and not any(isinstance(f, _PureSources) for f in sys.meta_path)
"""Whether the rules engines run compiled (mypyc) or as pure Python; ``python -m tigris_widget bench`` says it too."""
