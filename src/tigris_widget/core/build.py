"""The compiled build of the rules engines: the same Python source, compiled by mypyc.

The compiled extension modules never sit beside the sources in ``src/``: an editable install (and
``PYTHONPATH=src``) always runs the ``.py`` files, so an edit can never run stale compiled code.
Compiled code reaches a user in two ways:

* ``pip install .`` builds a wheel whose hook (``hatch_build.py``) calls ``build`` and ships the
  extension modules next to the sources (Python imports an extension before a ``.py`` of the same name);
* the differential test and ``bench --compare`` call ``compiled_tree``: the extension modules are
  cached under a key made of every source they are built from (plus the Python and mypy versions), and
  laid over a fresh copy of the package, so an edited source means a new key and a rebuild.

This module is also loaded by path from the build hook, so it imports nothing from the package.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from fnmatch import fnmatch
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

COMPILED: tuple[str, ...] = (
    "games/*/engine/**/*.py",
    "bots/mcts.py",
    "bots/generic.py",
    "games/tigris/bots/search.py",
    "games/tigris/bots/heuristics.py",
    "games/tigris/bots/candidates.py",
    "games/tigris/bots/belief.py",
    "games/ur/bots/heuristics.py",
    "games/ur/bots/endgame.py",
)
"""What mypyc compiles (globs under the package folder): every game's engine, the tree searches and
the heuristics they call on every node; adding a module or a folder is one line."""

NOT_COMPILED: tuple[str, ...] = ("*/__init__.py", "*/bench.py")
"""Left as Python: package markers and the benchmarks that time the engines."""

KEEP_PURE = "# mypyc: not compiled"
"""A module whose first lines hold this marker stays Python; the marker says why, beside the code."""

KEY_SOURCES: tuple[str, ...] = ("core/*.py", "bots/*.py", "games/*/engine/**/*.py", "games/ur/game.py")
"""Sources the compiled modules import without compiling them: part of the cache key (mypyc checks
the types they declare)."""

GROUP = "tigris_widget.engine"
"""mypyc's shared library becomes ``tigris_widget/engine__mypyc.*.so``: the whole build stays inside the package."""

PURE_SWITCH = "TIGRIS_WIDGET_PURE"
"""Set (to anything but ``""`` or ``0``) to build a pure-Python wheel even where a C compiler exists; at
run time it makes an installed compiled wheel run its Python sources (``tigris_widget._version``)."""


def package_dir() -> Path:
    """The ``tigris_widget`` folder (this module is ``core/build.py`` in it)."""
    return Path(__file__).resolve().parent.parent


def force_pure() -> bool:
    return os.environ.get(PURE_SWITCH, "") not in ("", "0")


def compiled_sources(pkg: Path | None = None) -> list[str]:
    """The modules to compile, as paths relative to the package folder, sorted."""
    root = pkg or package_dir()
    found = {p.relative_to(root).as_posix() for pattern in COMPILED for p in root.glob(pattern)}
    return sorted(
        f
        for f in found
        if not any(fnmatch(f, pattern) for pattern in NOT_COMPILED) and KEEP_PURE.encode() not in _head(root / f)
    )


def _head(path: Path) -> bytes:
    with path.open("rb") as f:
        return f.read(2000)


def compiler_missing() -> str | None:
    """Why this machine can't compile (None when it can): mypyc, a C compiler and Python's headers."""
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed (it comes with mypy)"
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc}) on the PATH"
    include = sysconfig.get_paths().get("include", "")
    if not (Path(include) / "Python.h").exists():
        return f"Python's C headers are missing ({include}/Python.h)"
    return None


def source_key(pkg: Path | None = None) -> str:
    """A hash of everything the compiled modules are built from."""
    import mypy.version

    root = pkg or package_dir()
    h = hashlib.sha256()
    h.update(f"{sys.implementation.cache_tag} {sysconfig.get_platform()} mypy {mypy.version.__version__}\n".encode())
    h.update(repr((COMPILED, NOT_COMPILED, GROUP)).encode())
    names = set(compiled_sources(root)) | {p.relative_to(root).as_posix() for g in KEY_SOURCES for p in root.glob(g)}
    for name in sorted(names):
        h.update(name.encode() + b"\0" + (root / name).read_bytes() + b"\0")
    return h.hexdigest()[:20]


_SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

# mypy follows the imports of the parent packages too: optional libraries without types are no error here.
args = ["--ignore-missing-imports", *{files!r}]
setup(name="tigris_widget_engine", ext_modules=mypycify(args, opt_level="3", group_name={group!r}))
"""


def _search_path() -> str:
    """The compile's ``PYTHONPATH``: the one this process was started with, less every folder holding another
    ``tigris_widget`` (``src/``, an install), so the copy mypyc compiles is the only one it is shown. Not an
    empty one: pip's isolated build puts the mypy and setuptools it installed on the path through a
    ``sitecustomize`` in a ``PYTHONPATH`` folder, and an empty ``PYTHONPATH`` hid them ("No module named
    'mypyc'")."""
    keep = []
    for entry in filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep)):
        folder = Path(entry).resolve()  # the compile runs in another folder: relative entries made absolute
        if not (folder / "tigris_widget").is_dir():
            keep.append(str(folder))
    return os.pathsep.join(keep)


def build(out: Path, pkg: Path | None = None, quiet: bool = True) -> list[str]:
    """Compile into ``out`` (laid out like the package folder); returns the extension files written,
    relative to ``out``. Raises ``RuntimeError`` with the compiler's output when the build fails (the
    wheel's build hook then builds a pure-Python wheel and says why)."""
    root = pkg or package_dir()
    files = compiled_sources(root)
    with tempfile.TemporaryDirectory(prefix="tigris-mypyc-") as tmp:
        work = Path(tmp)
        # mypyc compiles module names from the current folder: a copy of the sources as ``tigris_widget/``.
        shutil.copytree(root, work / "tigris_widget", ignore=shutil.ignore_patterns("static", "__pycache__", "*.so"))
        (work / "setup.py").write_text(_SETUP.format(files=[f"tigris_widget/{f}" for f in files], group=GROUP))
        env = dict(os.environ, PYTHONPATH=_search_path(), MYPY_CACHE_DIR=str(work / ".mypy_cache"))
        proc = subprocess.run(
            [sys.executable, "setup.py", "build_ext", "--inplace", "-j", str(os.cpu_count() or 1)],
            cwd=work,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        if proc.returncode:
            raise RuntimeError(f"mypyc failed (exit {proc.returncode}):\n{proc.stdout[-6000:]}")
        if not quiet:
            print(proc.stdout)
        written = []
        out.mkdir(parents=True, exist_ok=True)
        for ext in sorted((work / "tigris_widget").rglob("*")):
            if ext.is_file() and any(ext.name.endswith(s) for s in EXTENSION_SUFFIXES):
                rel = ext.relative_to(work / "tigris_widget").as_posix()
                (out / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(ext, out / rel)
                written.append(rel)
    expected = {Path(f).with_suffix("").as_posix() for f in files}
    got = {r.split(".", 1)[0] for r in written}
    if not expected <= got:
        raise RuntimeError(f"mypyc built no extension for {sorted(expected - got)}")
    return written


def cache_root() -> Path:
    env = os.environ.get("TIGRIS_WIDGET_BUILD_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "tigris_widget" / "compiled"


def cached_build(pkg: Path | None = None) -> Path:
    """The extension modules for the current sources, built once per source key (about a minute on
    two cores) and then reused. Concurrent callers may both build; the first to finish wins."""
    root = pkg or package_dir()
    done = cache_root() / source_key(root)
    if (done / "BUILT").exists():
        return done
    tmp = done.with_name(f"{done.name}.tmp-{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    build(tmp, root)
    (tmp / "BUILT").write_text("")  # the marker of a finished build
    try:
        tmp.rename(done)
    except OSError:  # another process finished first: its build is the same
        shutil.rmtree(tmp, ignore_errors=True)
    return done


def _copy_sources(dest: Path, pkg: Path) -> Path:
    target = dest / "tigris_widget"
    shutil.rmtree(target, ignore_errors=True)
    ignore = shutil.ignore_patterns("__pycache__", *(f"*{s}" for s in EXTENSION_SUFFIXES))
    shutil.copytree(pkg, target, ignore=ignore)
    return target


def pure_tree(dest: Path, pkg: Path | None = None) -> Path:
    """The package's Python sources alone under ``dest/tigris_widget``; returns ``dest`` (for PYTHONPATH)."""
    _copy_sources(dest, pkg or package_dir())
    return dest


def compiled_tree(dest: Path, pkg: Path | None = None) -> Path:
    """The current sources with the (cached) extension modules laid over them under ``dest/tigris_widget``;
    returns ``dest`` (for PYTHONPATH). Raises ``RuntimeError`` when this machine can't compile."""
    root = pkg or package_dir()
    reason = compiler_missing()
    if reason:
        raise RuntimeError(f"cannot build the compiled engines: {reason}")
    built = cached_build(root)
    target = _copy_sources(dest, root)
    for ext in built.rglob("*"):
        if any(ext.name.endswith(s) for s in EXTENSION_SUFFIXES):
            rel = ext.relative_to(built)
            (target / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ext, target / rel)
    return dest


if __name__ == "__main__":  # python -m tigris_widget.core.build [DEST]: build and print where it went
    import time

    start = time.perf_counter()
    if len(sys.argv) > 1:
        print(compiled_tree(Path(sys.argv[1])))
    else:
        print(cached_build())
    print(f"{time.perf_counter() - start:.1f} s", file=sys.stderr)
