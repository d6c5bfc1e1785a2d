"""Build hook: a wheel with the rules engines compiled by mypyc, wherever a C compiler is present.

* ``pip install .`` / ``pip wheel .`` / ``python -m build``: the engines are compiled
  (``src/tigris_widget/core/build.py`` says which modules) and the extension modules go into the wheel
  beside their sources;
* no C compiler, no Python headers, or a compile that fails for any other reason: a pure-Python wheel
  that works the same, and one warning saying why, always worded ``tigris_widget: building a
  pure-Python wheel: <why>`` (pip shows a build's messages with ``-v``);
* ``TIGRIS_WIDGET_PURE=1``: a pure-Python wheel, no warning; editable installs (``pip install -e .``)
  always stay pure, so an edited ``.py`` is what runs.

The extension modules are built in a temporary folder, never in ``src/``.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PURE_WHEEL = "tigris_widget: building a pure-Python wheel:"
"""The start of the one warning a build that could not compile gives (CI greps for it)."""


def _load_compile_module(root: Path) -> Any:
    path = root / "src" / "tigris_widget" / "core" / "build.py"
    spec = importlib.util.spec_from_file_location("_tigris_widget_compile", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _gist(err: Exception, count: int = 8) -> str:
    """The lines of a failed compile that say why (its errors, else its last lines), long ones cut in the middle."""
    lines = [line.strip() for line in f"{type(err).__name__}: {err}".splitlines() if line.strip()]
    errors = [line for line in lines[1:] if re.search(r"\berror\b", line, re.IGNORECASE)]  # not -Werror
    picked = [lines[0], *(errors[:count] if errors else lines[1:][-count:])]
    return "\n".join(line if len(line) <= 300 else f"{line[:180]} ... {line[-110:]}" for line in picked)


class CompiledEnginesHook(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        self._out: str | None = None
        if self.target_name != "wheel" or version == "editable":
            return
        root = Path(self.root)
        compile_module = _load_compile_module(root)
        if compile_module.force_pure():
            self.app.display_info(f"{compile_module.PURE_SWITCH} is set: building a pure-Python wheel")
            return
        reason = compile_module.compiler_missing()
        if reason:
            self._pure(f"{reason} (the engines run as Python: the same games, slower)")
            return
        self.app.display_info("compiling the rules engines with mypyc (about a minute) ...")
        self._out = tempfile.mkdtemp(prefix="tigris-wheel-")
        try:
            written = compile_module.build(Path(self._out), root / "src" / "tigris_widget")
        except Exception as err:  # any failure (mypyc, the C compiler, headers, the disk): a working pure wheel
            shutil.rmtree(self._out, ignore_errors=True)
            self._out = None
            self.app.display_debug(f"the mypyc compile's output:\n{err}")
            self._pure(f"the mypyc compile failed (the engines run as Python: the same games, slower):\n{_gist(err)}")
            return
        for rel in written:
            build_data["force_include"][str(Path(self._out) / rel)] = f"tigris_widget/{rel}"
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def _pure(self, why: str) -> None:
        self.app.display_warning(f"{PURE_WHEEL} {why}")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if self._out:
            shutil.rmtree(self._out, ignore_errors=True)
