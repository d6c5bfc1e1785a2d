"""What a user installs: the version agrees everywhere, the metadata names both games, the sdist carries the
front end, and the wheel's build hook falls back to a pure-Python wheel with one warning whenever the
compile can't run or fails (``scripts/check_install.sh`` builds and installs every way for real)."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import re
import sys
import types
from pathlib import Path
from typing import Any

import pytest

import tigris_widget
from tigris_widget.core import build

ROOT = Path(__file__).resolve().parents[1]
PURE_WHEEL = "tigris_widget: building a pure-Python wheel:"


def _pyproject() -> dict[str, Any]:
    tomllib = pytest.importorskip("tomllib")
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_version_is_the_changelogs_top_entry_and_the_installed_metadata() -> None:
    entries = re.findall(r"^## (\d+\.\d+\.\d+)\b", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), re.M)
    assert entries and entries[0] == tigris_widget.__version__, f"CHANGELOG.md's top entry {entries[:1]}"
    installed = importlib.metadata.version("tigris_widget")
    assert installed == tigris_widget.__version__, (
        f"the installed metadata says {installed}, the package {tigris_widget.__version__}: "
        "reinstall (bash scripts/setup.sh, or pip install -e .)"
    )


def test_the_metadata_a_user_reads() -> None:
    project = _pyproject()["project"]
    assert "Tigris & Euphrates" in project["description"] and "Ur" in project["description"]
    classifiers = set(project["classifiers"])
    for wanted in (
        "Framework :: Jupyter",
        "Framework :: Jupyter :: JupyterLab :: 4",
        "Topic :: Games/Entertainment :: Board Games",
        "Programming Language :: Python :: 3.10",
        "Programming Language :: Python :: 3.11",
        "Programming Language :: Python :: 3.12",
        "Typing :: Typed",
    ):
        assert wanted in classifiers, wanted
    # PEP 639: a license expression and "License ::" classifiers may not appear together (PyPI refuses it).
    assert project["license"] == "MIT" and not any(c.startswith("License ::") for c in classifiers)
    assert (ROOT / "src" / "tigris_widget" / "py.typed").exists()


def test_the_sdist_carries_the_front_end_and_its_wheel_skips_npm() -> None:
    hatch = _pyproject()["tool"]["hatch"]["build"]
    front_end = {"src/tigris_widget/static/widget.js", "src/tigris_widget/static/widget.css"}
    assert front_end <= set(hatch["targets"]["sdist"]["artifacts"])
    builder = hatch["hooks"]["jupyter-builder"]
    assert front_end <= set(builder["ensured-targets"])
    # skipped only where all of these exist: an unpacked sdist (PKG-INFO), never the git tree
    assert set(builder["skip-if-exists"]) == front_end | {"PKG-INFO"}
    assert not (ROOT / "PKG-INFO").exists()


def test_the_quick_start_keeps_the_commands_ci_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("\n## Quick start\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```bash\n(.*?)^```", quick, re.S | re.M)
    assert blocks[:2] == [
        "bash scripts/setup.sh && python -m tigris_widget play --players 2 --seed 1\n",
        "python -m pytest\n",
    ]


# -- the wheel's build hook (hatch_build.py), run against a stand-in for hatchling ---------------------------


class _App:
    def __init__(self) -> None:
        self.warnings: list[str] = []
        self.infos: list[str] = []

    def display_warning(self, text: str) -> None:
        self.warnings.append(text)

    def display_info(self, text: str) -> None:
        self.infos.append(text)

    def display_debug(self, text: str) -> None:
        pass


def _hook(monkeypatch: pytest.MonkeyPatch, compile_module: Any) -> Any:
    interface = types.ModuleType("hatchling.builders.hooks.plugin.interface")

    class BuildHookInterface:
        def __init__(self, root: str, target_name: str) -> None:
            self.root, self.target_name, self.app = root, target_name, _App()

    interface.BuildHookInterface = BuildHookInterface
    for name in ("hatchling", "hatchling.builders", "hatchling.builders.hooks", "hatchling.builders.hooks.plugin"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, interface.__name__, interface)
    spec = importlib.util.spec_from_file_location("_tigris_hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "_load_compile_module", lambda root: compile_module)
    return module.CompiledEnginesHook(str(ROOT), "wheel")


def _compile_module(**overrides: Any) -> Any:
    fake = types.SimpleNamespace(PURE_SWITCH=build.PURE_SWITCH, force_pure=lambda: False, compiler_missing=lambda: None)
    for name, value in overrides.items():
        setattr(fake, name, value)
    return fake


def _fails(error: Exception) -> Any:
    def compile_(out: Path, pkg: Path) -> list[str]:
        (out / "half-built.so").write_bytes(b"")
        raise error

    return compile_


@pytest.mark.parametrize(
    ("overrides", "why"),
    [
        ({"compiler_missing": lambda: "no C compiler (cc) on the PATH"}, "no C compiler (cc) on the PATH"),
        ({"build": _fails(RuntimeError("mypyc failed (exit 1):\nx.py:3: error: Name 'y' is not defined"))},
         "x.py:3: error: Name 'y' is not defined"),
        ({"build": _fails(RuntimeError("mypyc failed (exit 1):\nfatal error: Python.h: No such file"))},
         "Python.h: No such file"),
        ({"build": _fails(OSError(28, "No space left on device"))}, "No space left on device"),
    ],
)  # fmt: skip
def test_a_compile_that_cannot_run_or_fails_gives_a_pure_wheel_and_one_warning(
    monkeypatch: pytest.MonkeyPatch, overrides: dict[str, Any], why: str
) -> None:
    hook = _hook(monkeypatch, _compile_module(**overrides))
    build_data: dict[str, Any] = {"force_include": {}}
    hook.initialize("standard", build_data)
    assert build_data == {"force_include": {}}  # nothing compiled goes in: hatchling builds a pure wheel
    assert len(hook.app.warnings) == 1 and hook.app.warnings[0].startswith(PURE_WHEEL), hook.app.warnings
    assert why in hook.app.warnings[0]
    hook.finalize("standard", build_data, "")


def test_a_compile_that_works_puts_the_extensions_in_the_wheel(monkeypatch: pytest.MonkeyPatch) -> None:
    def compile_(out: Path, pkg: Path) -> list[str]:
        assert pkg == ROOT / "src" / "tigris_widget"
        (out / "engine__mypyc.so").write_bytes(b"")
        return ["engine__mypyc.so"]

    hook = _hook(monkeypatch, _compile_module(build=compile_))
    build_data: dict[str, Any] = {"force_include": {}}
    hook.initialize("standard", build_data)
    assert not hook.app.warnings
    assert list(build_data["force_include"].values()) == ["tigris_widget/engine__mypyc.so"]
    assert build_data["pure_python"] is False and build_data["infer_tag"] is True
    (built,) = build_data["force_include"]
    assert Path(built).exists()
    hook.finalize("standard", build_data, "")
    assert not Path(built).exists()  # the temporary folder is gone


@pytest.mark.parametrize("case", ["switch", "editable", "sdist"])
def test_no_compile_and_no_warning_when_a_pure_build_is_asked_for(monkeypatch: pytest.MonkeyPatch, case: str) -> None:
    def compile_(out: Path, pkg: Path) -> list[str]:
        raise AssertionError("no compile expected")

    hook = _hook(monkeypatch, _compile_module(build=compile_, force_pure=lambda: case == "switch"))
    if case == "sdist":
        hook.target_name = "sdist"
    build_data: dict[str, Any] = {"force_include": {}}
    hook.initialize("editable" if case == "editable" else "standard", build_data)
    assert build_data == {"force_include": {}} and not hook.app.warnings


def test_the_compile_keeps_pythonpath_but_no_other_tigris_widget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pip's isolated build shows mypy to its processes through ``PYTHONPATH`` (a folder with a
    ``sitecustomize``; an emptied ``PYTHONPATH`` hid it): the compile keeps it, less folders holding another
    ``tigris_widget`` (``src/``, an install), so the copy it compiles is the only one."""
    pip_site, src, other = tmp_path / "pip-site", tmp_path / "src", tmp_path / "other"
    pip_site.mkdir()
    (pip_site / "sitecustomize.py").write_text("")
    (src / "tigris_widget").mkdir(parents=True)
    other.mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(pip_site), "", "src", "other"]))
    assert build._search_path() == os.pathsep.join([str(pip_site.resolve()), str(other.resolve())])
    monkeypatch.delenv("PYTHONPATH")
    assert build._search_path() == ""
