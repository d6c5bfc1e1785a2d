"""The package layout shows its layers: imports only go downwards and no module imports itself back.

The layers, lowest first (a module may import from its own layer and those below it)::

    engine.core → engine.rules → formats → render → game, builder → bots → puzzles → jupyter → cli, bench

Imports inside ``if TYPE_CHECKING:`` blocks are only for type hints and are not counted; imports
inside functions are (a lazy import is still a dependency).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "tigris_widget"

LAYERS = [
    ("_version", "core", "engine.core"),
    ("engine.rules", "engine"),
    ("formats",),
    ("render",),
    ("game", "builder", "games"),
    ("bots",),
    ("puzzles",),
    ("jupyter",),
    ("cli", "bench", "__main__", ""),
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported_modules(path: Path, known: set[str]) -> set[str]:
    """The package's modules that ``path`` imports at run time (absolute names without the package)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    this = module_name(path)
    package = this.split(".") if path.name == "__init__.py" else this.split(".")[:-1]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            elif node.module == "tigris_widget" or (node.module or "").startswith("tigris_widget."):
                target = (node.module or "")[len("tigris_widget.") :] if node.module != "tigris_widget" else ""
            else:
                target = None
            if target is not None:
                for alias in node.names:
                    sub = f"{target}.{alias.name}" if target else alias.name
                    found.add(sub if sub in known else target)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("tigris_widget."):
                    found.add(alias.name[len("tigris_widget.") :])
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "import_module":
            arg = node.args[0] if node.args else None
            if isinstance(arg, ast.Constant) and str(arg.value).startswith("tigris_widget."):
                found.add(str(arg.value)[len("tigris_widget.") :])
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    # dict values naming modules for lazy loading (``_LAZY = {"X": "tigris_widget.jupyter.x"}``)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("tigris_widget."):
            name = node.value[len("tigris_widget.") :]
            if name in known:
                found.add(name)
    found.discard(this)
    return found


def graph() -> dict[str, set[str]]:
    files = sorted(PACKAGE.rglob("*.py"))
    known = {module_name(f) for f in files}
    return {module_name(f): {m for m in imported_modules(f, known) if m in known} for f in files}


def layer_of(module: str) -> int:
    best, index = -1, -1
    for i, names in enumerate(LAYERS):
        for name in names:
            if module == name or module.startswith(name + ".") or (name == "" and module == ""):
                if len(name) > best:
                    best, index = len(name), i
    assert index >= 0, f"module {module!r} is in no layer: add it to LAYERS"
    return index


def test_every_module_is_in_a_layer() -> None:
    for module in graph():
        layer_of(module)


def test_imports_only_go_down_the_layers() -> None:
    wrong = []
    for module, imports in graph().items():
        for target in imports:
            if target == "" or module == "":
                continue  # the package facade re-exports; it is checked by the cycle test
            if layer_of(target) > layer_of(module):
                wrong.append(f"{module} → {target}")
    assert not wrong, "imports going up the layers:\n" + "\n".join(sorted(wrong))


def test_no_import_cycles() -> None:
    g = graph()
    g.pop("", None)  # the package __init__ is the facade: it imports from every layer
    for imports in g.values():
        imports.discard("")
    cycles = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def dfs(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for t in sorted(g.get(m, ())):
            if t.startswith(m + ".") or (m.startswith(t + ".") and g.get(t) is not None and t in _packages(g)):
                continue  # a package and its own submodules
            if state.get(t) == 1:
                cycles.append(" → ".join([*stack[stack.index(t) :], t]))
            elif t not in state:
                dfs(t)
        stack.pop()
        state[m] = 2

    for m in sorted(g):
        if m not in state:
            dfs(m)
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


def _packages(g: dict[str, set[str]]) -> set[str]:
    return {m for m in g if any(o.startswith(m + ".") for o in g)}


ENGINE_MAY_USE = {"core", "core.errors", "core.events"}
"""The core's leaf modules that every engine shares (they import nothing of the package)."""


@pytest.mark.parametrize("layer", ["engine", "games.ur.engine"])
def test_engine_imports_nothing_outside_itself(layer: str) -> None:
    for module, imports in graph().items():
        if module.startswith(layer + "."):
            outside = [t for t in imports if not (t == layer or t.startswith(layer + ".") or t in ENGINE_MAY_USE)]
            assert not outside, f"{module} imports {outside}"


def test_importing_the_package_and_the_engine_loads_no_jupyter_package() -> None:
    """Scripts and bots must not pay for ipywidgets: the Jupyter parts load on first use."""
    import subprocess
    import sys

    code = (
        "import sys, tigris_widget, tigris_widget.bots, tigris_widget.puzzles.goals\n"
        "g = tigris_widget.Game.new(players=2, seed=1); g.apply(g.legal_actions()[0])\n"
        "print(sorted(m for m in ('anywidget', 'ipywidgets', 'ipycanvas', 'traitlets') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_public_names_are_listed_and_load() -> None:
    import tigris_widget

    for name in ("BoardWidget", "GameStepper", "PuzzleBoard", "BotInspector", "BotMatch", "Position", "Game"):
        assert name in tigris_widget.__all__ and name in dir(tigris_widget)
        assert getattr(tigris_widget, name).__name__ == name
    assert tigris_widget.__version__.count(".") == 2
