"""Build hook: a wheel with the rules engines compiled by mypyc, wherever a C compiler is present.

* ``pip install .`` / ``pip wheel .``: the engines are compiled (``src/tigris_widget/core/build.py`` says
  which modules) and the extension modules go into the wheel beside their sources;
* no C compiler, no Python headers, or ``TIGRIS_WIDGET_PURE=1``: a pure-Python wheel, with a warning;
* editable installs (``pip install -e .``) always stay pure, so an edited ``.py`` is what runs.

The extension modules are built in a temporary folder, never in ``src/``.
"""

from __future__ import annotations

import importlib.util
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def _load_compile_module(root: Path) -> Any:
    path = root / "src" / "tigris_widget" / "core" / "build.py"
    spec = importlib.util.spec_from_file_location("_tigris_widget_compile", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
            self.app.display_warning(f"building a pure-Python wheel: {reason}")
            return
        self.app.display_info("compiling the rules engines with mypyc (about a minute) ...")
        self._out = tempfile.mkdtemp(prefix="tigris-wheel-")
        pkg = root / "src" / "tigris_widget"
        try:
            written = compile_module.build(Path(self._out), pkg)
        except RuntimeError as err:
            raise RuntimeError(f"{err}\n(set {compile_module.PURE_SWITCH}=1 to build a pure-Python wheel)") from None
        for rel in written:
            build_data["force_include"][str(Path(self._out) / rel)] = f"tigris_widget/{rel}"
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if self._out:
            shutil.rmtree(self._out, ignore_errors=True)
