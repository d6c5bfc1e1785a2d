"""The package layout shows its layers: no import circles, shared code names no game, and imports go down.

The package, lowest first::

    core (errors, events, registry)                              knows nothing of the package
    games/<game>/  engine → formats → present → game → builder   a game: core and itself only
                   → bots → puzzles → course → bench, results    (the common skeleton; T&E splits
                                                                 engine.core → engine.rules, adds played)
    render → bots → puzzles → jupyter                            the shared layers: core, and a game
                                                                 only through the registry/protocol
    __init__ (the facade), cli, bench, __main__                  the app: anything

Every import counts: ``if TYPE_CHECKING:`` imports too (a circle of types is still a circle), and
imports inside functions (a lazy import is still a dependency). No shared module imports a game
(``GAME_COUPLINGS`` is empty and stays so); a game's calls up into the shared layers are listed, one
pair each, in ``GAME_UPCALLS``, which may only shrink.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "tigris_widget"

SHARED = ("core", "render", "bots", "puzzles", "jupyter")
"""The layers every game shares: they reach a game through ``core.registry`` and the rules protocol."""

LAYERS = [
    ("_version", "core", "games"),  # "games" is the games package itself: the registry's list of names
    ("render",),
    ("bots",),
    ("puzzles",),
    ("jupyter",),
    ("cli", "bench", "__main__", ""),
]
"""The shared layers and the app, lowest first (a module may import from its own layer and those below)."""

GAME_SKELETON: list[tuple[str, ...]] = [
    ("engine",),
    ("formats",),
    ("present",),
    ("game",),
    ("builder", "editor"),
    ("bots",),
    ("puzzles",),
    ("course",),
    ("bench", "results"),
    ("",),
]
"""The layers every game's package ``games/<game>/`` shares (names relative to it), lowest first; a
game leaves out the ones it has no need of. A game without an entry in ``GAME_LAYERS`` keeps it."""

GAME_LAYERS: dict[str, list[tuple[str, ...]]] = {
    "tigris": [("engine.core",), ("engine.rules", "engine"), ("formats", "played"), *GAME_SKELETON[2:]],
    "ur": GAME_SKELETON,
}
"""The layers of each game that lists its own (T&E splits its engine and has ``played``)."""

ENGINE_MAY_USE = {"core", "core.checks", "core.errors", "core.events"}
"""The core's leaf modules that every engine shares (they import nothing of the package)."""

# Shared-layer imports of T&E modules that remain until the shared layers speak to games through
# the rules protocol (the next step empties this list). Each is (importing module, imported module);
# a pair that no longer occurs must be deleted (test_game_couplings_hold_no_stale_entry), so the
# list only shrinks. Nothing may be added.
GAME_COUPLINGS: set[tuple[str, str]] = set()
"""Every pair once listed here is gone: shared code reaches a game only through the registry."""

# Calls from a game up into the shared layers, same rules as GAME_COUPLINGS: Game.to_html writes a
# replay with the shared HTML writer, Puzzle.to_html and UrPuzzle.to_html a puzzle page with the shared
# page writer, and the puzzle miner plays bot games with the shared bots.
GAME_UPCALLS: set[tuple[str, str]] = {
    ("games.tigris.game", "render.html"),
    ("games.tigris.puzzles.goals", "render.puzzle_page"),
    ("games.ur.puzzles.goals", "render.puzzle_page"),
    ("games.tigris.puzzles.miner", "bots"),
    ("games.tigris.puzzles.miner", "bots.parallel"),
    ("games.tigris.puzzles.miner", "bots.runner"),
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(path: Path, known: set[str]) -> set[str]:
    """The package's modules that ``path`` imports, type-only and lazy imports included (absolute
    names without the package prefix)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    this = module_name(path)
    package = this.split(".") if path.name == "__init__.py" else this.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target: str | None = ".".join([*base, *([node.module] if node.module else [])])
            elif node.module == "tigris_widget":
                target = ""
            elif (node.module or "").startswith("tigris_widget."):
                target = (node.module or "")[len("tigris_widget.") :]
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
        # strings naming modules: import_module("tigris_widget.x"), lazy tables, resources.files(...)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("tigris_widget."):
            name = node.value[len("tigris_widget.") :]
            if name in known:
                found.add(name)
    found.discard(this)
    return found


def graph() -> dict[str, set[str]]:
    files = sorted(PACKAGE.rglob("*.py"))
    known = {module_name(f) for f in files}
    return {module_name(f): {m for m in imported_modules(f, known) if m in known} for f in files}


def _under(module: str, name: str) -> bool:
    return name == "" or module == name or module.startswith(name + ".")


def game_of(module: str) -> tuple[str, str] | None:
    """(game, module relative to the game's package) for a module of ``games/<game>/``, else None."""
    parts = module.split(".")
    if len(parts) >= 2 and parts[0] == "games":
        return parts[1], ".".join(parts[2:])
    return None


def is_shared(module: str) -> bool:
    return any(_under(module, s) for s in SHARED)


def _layer(module: str, layers: list[tuple[str, ...]]) -> int:
    best, index = -1, -1
    for i, names in enumerate(layers):
        for name in names:
            matches = name == "*" or (module == "" if name == "" else _under(module, name))
            if matches and (0 if name == "*" else len(name)) > best:
                best, index = 0 if name == "*" else len(name), i
    return index


def layer_of(module: str) -> tuple[str, int]:
    """("", layer) for the shared layers and the app; (game, layer inside the game) for a game's module."""
    where = game_of(module)
    if where is not None:
        index = _layer(where[1], GAME_LAYERS.get(where[0], GAME_SKELETON))
        assert index >= 0, f"module {module!r} is in no layer: follow GAME_SKELETON or list the game's in GAME_LAYERS"
        return where[0], index
    index = _layer(module, LAYERS)
    assert index >= 0, f"module {module!r} is in no layer: add it to LAYERS"
    return "", index


def _pairs(keep: Callable[[str, str], bool]) -> set[tuple[str, str]]:
    """The imports (module, target) that ``keep`` selects."""
    return {(m, t) for m, imports in graph().items() for t in imports if keep(m, t)}


def test_every_module_is_in_a_layer() -> None:
    for module in graph():
        layer_of(module)


def test_imports_only_go_down_the_layers() -> None:
    wrong = []
    for module, imports in graph().items():
        if module == "":
            continue  # the package facade re-exports from every layer
        mine = layer_of(module)
        for target in imports:
            theirs = layer_of(target)
            if mine[0] != theirs[0]:
                continue  # between a game and the rest: the coupling tests below
            if theirs[1] > mine[1]:
                wrong.append(f"{module} → {target}")
    assert not wrong, "imports going up the layers:\n" + "\n".join(sorted(wrong))


def test_no_import_cycles() -> None:
    g = graph()
    g.pop("", None)  # the package __init__ is the facade: it imports from every layer
    for imports in g.values():
        imports.discard("")
    packages = {m for m in g if any(o.startswith(m + ".") for o in g)}
    cycles = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def dfs(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for t in sorted(g.get(m, ())):
            if t.startswith(m + ".") or (m.startswith(t + ".") and t in packages):
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


def test_shared_layers_import_no_game_beyond_the_listed_couplings() -> None:
    found = _pairs(lambda m, t: is_shared(m) and game_of(t) is not None)
    new = sorted(found - GAME_COUPLINGS)
    assert not new, "shared code imports a game (go through core.registry instead):\n" + "\n".join(
        f"{m} → {t}" for m, t in new
    )


def test_game_couplings_hold_no_stale_entry() -> None:
    found = _pairs(lambda m, t: True)
    stale = sorted((GAME_COUPLINGS | GAME_UPCALLS) - found)
    assert not stale, "delete these pairs from GAME_COUPLINGS/GAME_UPCALLS, they no longer occur:\n" + "\n".join(
        f"{m} → {t}" for m, t in stale
    )


def test_a_game_imports_only_core_and_itself() -> None:
    def outside(m: str, t: str) -> bool:
        mine, theirs = game_of(m), game_of(t)
        return mine is not None and not _under(t, "core") and (theirs is None or theirs[0] != mine[0])

    found = _pairs(outside)
    other_games = sorted((m, t) for m, t in found if game_of(t) is not None)
    assert not other_games, "games import each other:\n" + "\n".join(f"{m} → {t}" for m, t in other_games)
    new = sorted(found - GAME_UPCALLS)
    assert not new, "a game imports a shared layer or the app:\n" + "\n".join(f"{m} → {t}" for m, t in new)


def test_a_game_engine_imports_nothing_outside_itself() -> None:
    for module, imports in graph().items():
        where = game_of(module)
        if where is None or not _under(where[1], "engine") or where[1] == "":
            continue
        engine = f"games.{where[0]}.engine"
        outside = sorted(t for t in imports if not (_under(t, engine) or t in ENGINE_MAY_USE))
        assert not outside, f"{module} imports {outside}"


def test_core_imports_nothing_else_of_the_package() -> None:
    g = graph()
    for module, imports in g.items():
        if _under(module, "core"):
            # the registry reads the list of game names, a module that imports nothing itself
            outside = sorted(t for t in imports if not _under(t, "core") and (module, t) != ("core.registry", "games"))
            assert not outside, f"{module} imports {outside}"
    assert not g["games"], "the games package lists names only: it imports nothing"


def test_the_old_layout_is_gone() -> None:
    """T&E code lives in games/tigris/: no module is left at the old top-level paths."""
    for old in ("engine", "formats", "game", "builder"):
        assert not any(_under(m, old) for m in graph()), f"tigris_widget.{old} is back"


def test_the_registry_finds_every_game_by_name() -> None:
    from tigris_widget.core.registry import UnknownGameError, game_module, games
    from tigris_widget.games import GAMES

    assert games() == GAMES and "tigris" in GAMES
    for name in GAMES:
        module = game_module(name)
        assert name == module.NAME and module.TITLE
        members = ("new_game", "game_from_position", "game_from_record", "to_square", "present", "intent_action")
        for member in (*members, "picture_svg", "explain", "bot_rules"):  # core.protocol.GameModule
            assert callable(getattr(module, member)), f"games.{name} has no {member}"
        assert module.PLAYERS and module.DEFAULT_PLAYERS in module.PLAYERS
        game = module.new_game(module.DEFAULT_PLAYERS, 7, None)
        assert game.name == name
        assert isinstance(module.SQUARES, int) and module.to_square(0) == 0
        view = module.present(game, None)
        assert view["game"] == name and module.picture_svg(view).lstrip().startswith("<svg")
        assert module.game_from_record(game.to_record()).to_position() == game.to_position()
        assert module.game_from_position(game.to_position()).to_position() == game.to_position()
    for bad in ("chess", "", None, "tigris.engine"):
        with pytest.raises(UnknownGameError, match="unknown game"):
            game_module(bad)  # type: ignore[arg-type]
    assert issubclass(UnknownGameError, ValueError)


def test_every_game_folder_is_registered() -> None:
    """A package under ``games/`` is a game the registry lists, so that the shared layers and these
    tests see it (its modules' layers: ``test_every_module_is_in_a_layer``)."""
    from tigris_widget.games import GAMES

    folders = {p.parent.name for p in (PACKAGE / "games").glob("*/__init__.py")}
    assert folders <= set(GAMES), f"unregistered game folders: {sorted(folders - set(GAMES))} (add them to GAMES)"
    assert set(GAME_LAYERS) <= set(GAMES), "GAME_LAYERS lists a game that is not registered"


def test_importing_the_package_and_the_engine_loads_no_jupyter_package() -> None:
    """Scripts and bots must not pay for ipywidgets: the Jupyter parts load on first use."""
    import subprocess
    import sys

    code = (
        "import sys, tigris_widget, tigris_widget.bots, tigris_widget.games.tigris.puzzles.goals\n"
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
