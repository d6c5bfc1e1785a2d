"""The compiled engines (mypyc, ``tigris_widget.core.build``) behave exactly as the pure Python ones.

Both builds run in subprocesses from fresh copies of the current sources (the compiled one with the
cached extension modules laid over them): the same games between the same bots give identical
records, events, positions and standings, and the hostile-input tests pass on the compiled build
with the same ``ValueError``s. The first run on a machine compiles (about a minute on two cores).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

from tigris_widget.core import build

TESTS = Path(__file__).resolve().parent
REASON = build.compiler_missing()
needs_compiler = pytest.mark.skipif(REASON is not None, reason=f"no compiled build on this machine: {REASON}")

# Every game, every player count and board/variant/option, random and greedy bots, a few hundred plies.
CASES: list[dict[str, Any]] = [
    {"game": "tigris", "players": 2, "seed": 1, "bots": ["random", "random"], "plies": 400},
    {"game": "tigris", "players": 2, "seed": 2, "bots": ["greedy", "random"], "plies": 300},
    {"game": "tigris", "players": 3, "seed": 3, "options": {"board": "alternative"},
     "bots": ["random", "greedy", "random"], "plies": 300},
    {"game": "tigris", "players": 4, "seed": 4, "options": {"variants": "buildings,ziggurat"},
     "bots": ["greedy", "random", "random", "random"], "plies": 300},
    {"game": "tigris", "players": 3, "seed": 5, "options": {"board": "alternative", "variants": "buildings"},
     "bots": ["random", "random", "random"], "plies": 300},
    {"game": "ur", "players": 3, "seed": 1, "bots": ["random", "random", "random"], "plies": 400},
    {"game": "ur", "players": 4, "seed": 2, "bots": ["greedy", "random", "greedy", "random"], "plies": 300},
    {"game": "ur", "players": 2, "seed": 3, "options": {"allowTwoPlayers": True}, "bots": ["random", "greedy"],
     "plies": 300},
    {"game": "ur", "players": 4, "seed": 4, "options": {"layout": "face"}, "bots": ["random"] * 4, "plies": 300},
    {"game": "royal", "players": 2, "seed": 1, "bots": ["random", "greedy"], "plies": 400},
    # the searches on top of each engine: the same decisions
    {"game": "tigris", "players": 2, "seed": 6, "bots": ["search:40", "greedy"], "plies": 16},
    {"game": "tigris", "players": 3, "seed": 7, "bots": ["greedy", "search-infer:30", "greedy"], "plies": 40},
    {"game": "ur", "players": 3, "seed": 5, "bots": ["search:20", "greedy", "random"], "plies": 30},
    {"game": "royal", "players": 2, "seed": 6, "bots": ["search:60", "greedy"], "plies": 80},
]  # fmt: skip

# Searches and analyses from positions reached by these bots: the same visits, values (exact floats),
# chosen action and analysis candidates, compiled and pure.
SEARCHES: list[dict[str, Any]] = [
    {"game": "tigris", "players": 2, "seed": 11, "bots": ["greedy", "greedy"], "plies": 0, "iterations": 300},
    {"game": "tigris", "players": 2, "seed": 12, "bots": ["greedy", "random"], "plies": 40, "iterations": 300},
    {"game": "tigris", "players": 3, "seed": 13, "bots": ["greedy", "random", "greedy"], "plies": 60,
     "iterations": 200},
    {"game": "tigris", "players": 4, "seed": 14, "options": {"variants": "buildings,ziggurat"},
     "bots": ["random"] * 4, "plies": 50, "iterations": 200},
    {"game": "ur", "players": 3, "seed": 11, "bots": ["greedy"] * 3, "plies": 20, "iterations": 60},
    {"game": "ur", "players": 4, "seed": 12, "bots": ["greedy", "random"] * 2, "plies": 60, "iterations": 60},
    {"game": "ur", "players": 2, "seed": 13, "options": {"allowTwoPlayers": True}, "bots": ["greedy"] * 2,
     "plies": 40, "iterations": 60},
    # near the end (games.ur.bots.endgame: leaves played out to the real end, compiled subclass of the heuristics)
    {"game": "ur", "players": 3, "seed": 17, "bots": ["greedy"] * 3, "plies": 60, "iterations": 60},
]  # fmt: skip

# The fuzz and hostile-input tests that run again on the compiled build.
HOSTILE = [
    "tests/engine/test_hostile_actions.py",
    "tests/engine/test_rule_codes.py",
    "tests/test_formats_fuzz.py",
    "tests/games/ur/test_fuzz.py",
    "tests/games/royal/test_fuzz.py",
]


def _env(root: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != build.PURE_SWITCH}  # each build as it is, unless asked
    return dict(env, PYTHONPATH=str(root), PYTHONDONTWRITEBYTECODE="1", **extra)


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    if REASON is not None:
        pytest.skip(f"no compiled build on this machine: {REASON}")
    return {
        "pure": build.pure_tree(tmp_path_factory.mktemp("pure")),
        "compiled": build.compiled_tree(tmp_path_factory.mktemp("compiled")),
    }


def test_the_compile_list_names_every_engine_module() -> None:
    """Each glob of ``COMPILED`` matches modules; every engine module is compiled or says why it is not."""
    pkg = build.package_dir()
    for pattern in build.COMPILED:
        assert list(pkg.glob(pattern)), f"{pattern} matches nothing"
    listed = set(build.compiled_sources())
    for path in sorted(pkg.glob("games/*/engine/**/*.py")):
        rel = path.relative_to(pkg).as_posix()
        kept = build.KEEP_PURE in path.read_text(encoding="utf-8")[:2000]
        assert rel in listed or kept or any(Path(rel).match(p) for p in build.NOT_COMPILED), rel


def test_the_source_tree_holds_no_compiled_module() -> None:
    """An extension module beside a ``.py`` would shadow edits to it: compiled code lives in wheels and caches."""
    pkg = build.package_dir()
    if not (pkg.parent.name == "src" and (pkg.parent.parent / "pyproject.toml").exists()):
        pytest.skip("running from an installed package, not a source checkout")
    stray = [p for p in pkg.rglob("*") if any(p.name.endswith(s) for s in EXTENSION_SUFFIXES)]
    assert not stray
    import tigris_widget

    assert tigris_widget.compiled is False


@needs_compiler
def test_the_builds_are_what_they_say(builds: dict[str, Path]) -> None:
    code = "import tigris_widget, tigris_widget.games.ur.engine.rules.legal as r; print(tigris_widget.compiled, r.__file__)"
    for name, root in builds.items():
        out = subprocess.run([sys.executable, "-c", code], env=_env(root), capture_output=True, text=True, check=True)
        flag, path = out.stdout.split()
        assert flag == str(name == "compiled") and path.endswith(".py") == (name == "pure"), out.stdout


@needs_compiler
def test_the_pure_switch_runs_the_sources_of_a_compiled_build(builds: dict[str, Path]) -> None:
    """``TIGRIS_WIDGET_PURE=1`` at run time: the compiled build's extension modules stay unused (each
    module with one loads from its ``.py``), ``compiled`` says False, and games play the same."""
    code = (
        "import json, tigris_widget as t, tigris_widget.games.tigris.engine.rules.legal as legal, "
        "tigris_widget.games.ur.engine.rules.legal as ur, sys\n"
        "native = sorted(m for m, mod in sys.modules.items() if m.startswith('tigris_widget') "
        "and not (getattr(mod, '__file__', None) or '.py').endswith('.py'))\n"
        "g = t.Game.new(players=2, seed=3)\n"
        "for _ in range(30): g.apply(g.decision.choices[0])\n"
        "print(json.dumps([t.compiled, legal.__file__, type(legal.legal_actions).__name__, ur.__file__, native,"
        " g.to_json()]))"
    )
    runs = {}
    for switch in ("", "0", "1", "yes"):
        env = _env(builds["compiled"], **({build.PURE_SWITCH: switch} if switch else {}))
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        runs[switch] = json.loads(out.stdout)
    for switch, (flag, legal_file, kind, ur_file, native, _) in runs.items():
        pure = switch not in ("", "0")
        assert flag is not pure, (switch, flag)
        assert legal_file.endswith(".py") is pure and ur_file.endswith(".py") is pure, (switch, legal_file, ur_file)
        assert (kind == "function") is pure, (switch, kind)
        assert (native == []) is pure, (switch, native)  # not one extension module loaded
    assert len({json.dumps(run[-1]) for run in runs.values()}) == 1  # the same game either way


@needs_compiler
def test_same_games_same_records_and_events(builds: dict[str, Path]) -> None:
    procs = {
        name: subprocess.Popen(
            [sys.executable, str(TESTS / "compiled_probe.py")],
            env=_env(root),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name, root in builds.items()
    }
    results = {}
    for name, proc in procs.items():
        out, err = proc.communicate(
            json.dumps({"games": CASES, "searches": SEARCHES, "masks": 3000, "turns": 12}), timeout=900
        )
        assert proc.returncode == 0, f"{name}: {err[-3000:]}"
        results[name] = json.loads(out)
    pure, compiled = results["pure"], results["compiled"]
    assert pure["compiled"] is False and compiled["compiled"] is True
    assert pure["masks"]["native"] is False and compiled["masks"]["native"] is True
    assert pure["masks"]["digest"] == compiled["masks"]["digest"]  # the word loops give the same masks
    assert pure["turns"]["decisions"] > 1000 and pure["turns"] == compiled["turns"]  # and the same turn masks
    for case, a, b in zip(CASES, pure["games"], compiled["games"]):
        assert len(a["events"]) >= min(case["plies"], 100) or a["over"], case  # the games really were played
        for key in a:
            assert a[key] == b[key], f"{key} differs in {case}"
    for case, a, b in zip(SEARCHES, pure["searches"], compiled["searches"]):
        # the searches really searched (Ur's rollout search may leave part of its budget: its halving's rounds)
        assert 0 < a["iterations"] <= case["iterations"] and a["root"], case
        assert a["iterations"] == case["iterations"] or case["game"] == "ur", case
        for key in a:
            assert a[key] == b[key], f"{key} differs in {case}"


PUZZLE_CHECK = """
import json, tigris_widget
from tigris_widget.puzzles.library import library
out = {"compiled": tigris_widget.compiled}
for game in ("tigris", "ur"):
    shelf = library(game)
    puzzle = shelf[sorted(shelf)[0]]
    g = puzzle.game()
    first = g.legal_actions()
    said = []
    for action in [a for a in first if str(a) == puzzle.solution[0]] + [a for a in first if str(a) != puzzle.solution[0]][:3]:
        g.play(action)
        said.append([str(action), puzzle.judge(g).status])
        g.undo()
    out[game] = [len(shelf), puzzle.key, said, puzzle.check(puzzle.play_solution()).status]
print(json.dumps(out))
"""


@needs_compiler
def test_the_puzzles_load_and_judge_alike_on_the_compiled_build(builds: dict[str, Path]) -> None:
    """Each game's puzzle library loads on both builds and its judges say the same of the same steps
    (the Ur judges once read the engine state's ``__slots__``, which a compiled class has not: every Ur
    puzzle failed to load from a compiled wheel)."""
    said = {}
    for name, root in builds.items():
        proc = subprocess.run([sys.executable, "-c", PUZZLE_CHECK], env=_env(root), capture_output=True, text=True,
                              timeout=600)  # fmt: skip
        assert proc.returncode == 0, f"{name}: {proc.stderr[-2000:]}"
        said[name] = json.loads(proc.stdout)
    assert said["compiled"].pop("compiled") is True and said["pure"].pop("compiled") is False
    assert said["compiled"] == said["pure"]
    for game in ("tigris", "ur"):
        count, _key, steps, solved = said["pure"][game]
        assert count > 0 and steps[0][1] == "good" and solved == "solved"


@needs_compiler
def test_hostile_input_is_refused_alike_on_the_compiled_build(builds: dict[str, Path]) -> None:
    """The fuzz and hostile-input tests, run on the compiled build (the same ``ValueError``s, nothing changed)."""
    check = "import tigris_widget, sys, pytest; assert tigris_widget.compiled; sys.exit(pytest.main(sys.argv[1:]))"
    args = ["-q", "-x", "-p", "no:cacheprovider", "--rootdir", str(TESTS.parent), *HOSTILE]
    proc = subprocess.run(
        [sys.executable, "-c", check, *args],
        cwd=TESTS.parent,
        env=_env(builds["compiled"]),
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]


def test_the_engines_draws_are_the_random_modules() -> None:
    """``randbelow``/``shuffle`` (compiled, no Python frames) draw exactly as ``randrange``/``shuffle``
    from the same stream, so that seeds keep their games; a ``Random`` subclass keeps its own draws."""
    import random

    from tigris_widget.games.tigris.engine.rules.draws import randbelow, shuffle

    for seed in range(200):
        a, b = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 7, 8, 9, 63, 64, 65, 176, 1000, 2**40 + 3):
            assert randbelow(a, n) == b.randrange(n)
        x = list(range(seed % 160))
        y = list(x)
        shuffle(a, x)
        b.shuffle(y)
        assert x == y and a.random() == b.random()
    with pytest.raises(ValueError):
        randbelow(random.Random(1), 0)

    class Fixed(random.Random):
        def random(self) -> float:
            return 0.5

    assert randbelow(Fixed(1), 10) == Fixed(1).randrange(10)


def test_the_word_loops_are_the_mask_loops(monkeypatch: pytest.MonkeyPatch) -> None:
    """The loops the compiled build takes (``board.NATIVE``: floods and components on four 48-bit words,
    ``gather`` peeling bits) give the masks and lists of the pure loops, here both run as Python."""
    import random

    from tigris_widget.games.tigris.engine.core import board

    if board.NATIVE:
        pytest.skip("compiled: NATIVE is a constant there (the differential test covers it)")
    rng = random.Random(8)
    row = tuple(range(board.SQUARES))
    cases = []
    for i in range(1500):
        keep = (i % 10) / 9
        mask = sum(1 << q for q in range(board.SQUARES) if rng.random() < keep)
        seed = rng.getrandbits(board.SQUARES) & rng.getrandbits(board.SQUARES)
        cases.append((mask, seed | 1 << rng.randrange(board.SQUARES)))
    cases += [(0, 0), (board.ALL, 1), (board.ALL, 1 << 175), (board.COLUMN_0 | board.COLUMN_15, board.COLUMN_15)]

    def run() -> list[object]:
        out = []
        for mask, seed in cases:
            listed: list[int] = []
            board.gather(row, mask, listed)
            out.append((board.components(mask), board.flood(seed, mask), listed))
        return out

    pure = run()
    monkeypatch.setattr(board, "NATIVE", True)
    assert run() == pure
    assert all(listed == board.squares(mask) for (mask, _), (_, _, listed) in zip(cases, pure))


def test_the_turn_masks_on_words_are_the_mask_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """The turn masks and actions the compiled build computes on words (``legal.NATIVE``) are those of the
    masks, here both run as Python, at every turn decision of uniform games (2–4 players, both boards,
    variants), and with the kingdoms' memo cleared on the way."""
    import random

    from tigris_widget.games.tigris.engine.core.setup import GameSetup
    from tigris_widget.games.tigris.engine.core.types import D_ACTION, D_OVER
    from tigris_widget.games.tigris.engine.rules import legal
    from tigris_widget.games.tigris.engine.rules.deal import deal
    from tigris_widget.games.tigris.engine.rules.turn import apply_unchecked

    if legal.NATIVE:
        pytest.skip("compiled: NATIVE is a constant there (the differential test covers it)")
    monkeypatch.setattr(legal, "_KINGDOM_WORDS_LIMIT", 50)
    decisions = 0
    for g in range(9):
        variants = frozenset({"buildings", "ziggurat"}) if g % 3 == 0 else frozenset()
        s = deal(GameSetup(players=2 + g % 3, variants=variants, board="alternative" if g % 2 else "classic"), g)
        rng = random.Random(g)
        while s.phase != D_OVER:
            if s.phase == D_ACTION:
                decisions += 1
                expected = legal.turn_masks(s), legal.turn_actions(s)
                monkeypatch.setattr(legal, "NATIVE", True)
                assert (legal.turn_masks(s), legal.turn_actions(s)) == expected
                monkeypatch.setattr(legal, "NATIVE", False)
            choices = legal.legal_actions(s)
            apply_unchecked(s, choices[rng.randrange(len(choices))])
    assert decisions > 1000 and len(legal._KINGDOM_WORDS) <= 50
