#!/usr/bin/env bash
# Builds and installs tigris_widget the ways a user does, each into a bare virtual environment (the
# package's own dependencies and the [png] extra, nothing from [dev]), with and without a C compiler:
#
#   a  pip install .                     from this clone
#   b  python -m build, then pip install dist/*.whl
#   c  pip install dist/*.tar.gz         with no node/npm on the PATH: the sdist carries the front end
#
# With a compiler a path must give the compiled engines and no pure-wheel warning; without one
# (CC=/nonexistent/cc) a pure-Python package and exactly one warning "tigris_widget: building a
# pure-Python wheel: <why>". Each install then imports the package, checks its version against the
# installed metadata, plays a game of each game from the command line, builds a board widget for each
# game and writes an SVG and a PNG of it — all from a temporary folder, never from the clone.
# Writes nothing into the work tree but git-ignored build output (src/tigris_widget/static/).
#
# Usage: bash scripts/check_install.sh [PATH ...]   PATH: a-cc a-nocc b-cc b-nocc c-cc c-nocc (default: all)
# About 7 minutes on two cores (three mypyc compiles). Exits non-zero if any path fails.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PY="${PYTHON:-python3}"
WARNING="tigris_widget: building a pure-Python wheel:"
ALL=(a-cc a-nocc b-cc b-nocc c-cc c-nocc)
PATHS=("${@:-${ALL[@]}}")
for p in "${PATHS[@]}"; do
    [[ " ${ALL[*]} " == *" $p "* ]] || { echo "unknown path $p (choose from ${ALL[*]})" >&2; exit 2; }
done

unset PYTHONPATH TIGRIS_WIDGET_PURE CC VIRTUAL_ENV
export PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONDONTWRITEBYTECODE=1
WORK="$(mktemp -d "${TMPDIR:-/tmp}/tigris-install-XXXXXX")"
# A private pip cache: dependencies download once per run, and no built tigris_widget wheel outlives it.
export PIP_CACHE_DIR="$WORK/pip-cache"
KEEP=""
trap '[ -n "$KEEP" ] || rm -rf "$WORK"' EXIT
cd "$WORK"
before="$(git -C "$ROOT" status --porcelain)"

# A PATH with every program of this one except Node's (node, npm, npx, corepack, yarn, pnpm).
NONODE="$WORK/no-node-bin"
mkdir -p "$NONODE"
"$PY" - "$NONODE" <<'EOF'
import os, sys
farm = sys.argv[1]
for folder in os.environ["PATH"].split(os.pathsep):
    if not os.path.isdir(folder) or os.path.abspath(folder) == farm:
        continue
    for name in os.listdir(folder):
        src, dst = os.path.join(folder, name), os.path.join(farm, name)
        if name.split(".")[0] in {"node", "nodejs", "npm", "npx", "corepack", "yarn", "pnpm"} or os.path.lexists(dst):
            continue
        if os.access(src, os.X_OK) and not os.path.isdir(src):
            os.symlink(src, dst)
EOF
if PATH="$NONODE" command -v node >/dev/null || PATH="$NONODE" command -v npm >/dev/null; then
    echo "could not hide node/npm from the PATH" >&2; exit 1
fi

cat >"$WORK/check.py" <<'EOF'
"""Checks an installed tigris_widget (argv[1]: compiled, pure, or switched = compiled run with TIGRIS_WIDGET_PURE=1)."""
import importlib.metadata
import sys
from pathlib import Path

import tigris_widget
from tigris_widget import BoardWidget, Game, UrGame
from tigris_widget.render import write_png, write_svg

mode = sys.argv[1]
where = Path(tigris_widget.__file__).resolve()
assert where.is_relative_to(Path(sys.prefix).resolve()), f"imported from {where}, not from the environment"
installed = importlib.metadata.version("tigris_widget")
assert tigris_widget.__version__ == installed, f"__version__ {tigris_widget.__version__} != metadata {installed}"
assert tigris_widget.compiled is (mode == "compiled"), f"compiled is {tigris_widget.compiled} ({mode} expected)"
import tigris_widget.games.tigris.engine.rules.legal as legal  # noqa: E402

assert legal.__file__.endswith(".py") is (mode != "compiled"), legal.__file__
static = where.parent / "static"
for name in ("widget.js", "widget.css"):
    assert (static / name).stat().st_size > 1000, f"the front end's {name} is missing from the package"
boards = {"tigris": BoardWidget(Game.new(players=3, seed=1)), "ur": BoardWidget(UrGame.new(players=3, seed=7))}
for name, board in boards.items():
    for _ in range(3):
        board.play(board.game.decision.choices[0])
    svg = write_svg(board.view, f"{name}.svg").read_text(encoding="utf-8")
    png = write_png(board.view, f"{name}.png").read_bytes()
    assert "<svg" in svg[:500] and png.startswith(b"\x89PNG"), name
    assert "<svg" in board.picture()[:500], name
switch = "TIGRIS_WIDGET_PURE=1: " if mode == "switched" else ""
print(f"{switch}tigris_widget {installed} from {where.parent}: compiled={tigris_widget.compiled}; "
      f"SVG+PNG of a T&E and an Ur board written")
EOF

fail() { echo "FAIL: $*"; exit 1; }

warnings_in() { grep -c -F "$WARNING" "$1" || true; }

# expect_build LOG MODE: the build's output holds no pure-wheel warning (compiled) or exactly one (pure).
expect_build() {
    local n
    n="$(warnings_in "$1")"
    if [ "$2" = compiled ]; then
        [ "$n" = 0 ] || fail "a build with a C compiler warned: $(grep -F -A3 "$WARNING" "$1" | head -5)"
    else
        [ "$n" = 1 ] || fail "expected exactly one pure-wheel warning in the build output, found $n"
        echo "the warning: $(grep -F "$WARNING" "$1" | head -1 | sed 's/^ *//')"
    fi
}

new_venv() { rm -rf "$1"; "$PY" -m venv "$1"; }

# check_installed VENV MODE: what a user does first, from a folder of its own.
check_installed() {
    local venv="$1" mode="$2" run
    run="$(mktemp -d "$WORK/run-XXXXXX")"
    (cd "$run" && "$venv/bin/python" "$WORK/check.py" "$mode") || fail "the installed package failed its checks"
    (cd "$run" && "$venv/bin/python" -m tigris_widget play --players 2 --seed 1) | tail -2 \
        || fail "python -m tigris_widget play --players 2 --seed 1"
    (cd "$run" && "$venv/bin/python" -m tigris_widget play --game ur --players 3 --bot greedy,random,random) | tail -2 \
        || fail "python -m tigris_widget play --game ur --players 3 --bot greedy,random,random"
    for game in tigris ur; do  # the puzzle books load (a compiled engine class once broke the Ur judges' import)
        (cd "$run" && "$venv/bin/python" -m tigris_widget puzzles list --game "$game" >/dev/null) \
            || fail "python -m tigris_widget puzzles list --game $game"
    done
    if [ "$mode" = compiled ]; then  # TIGRIS_WIDGET_PURE=1 at run time: the same install runs its Python sources
        (cd "$run" && TIGRIS_WIDGET_PURE=1 "$venv/bin/python" "$WORK/check.py" switched) \
            || fail "TIGRIS_WIDGET_PURE=1 did not run the Python sources"
    fi
}

# The build and install of each path; MODE compiled: with a C compiler, pure: CC=/nonexistent/cc.
path_a() {
    local mode="$1" venv="$WORK/venv-a-$1"
    new_venv "$venv"
    if [ "$mode" = compiled ]; then
        (cd "$ROOT" && "$venv/bin/pip" install -v ".[png]") >"$WORK/build-a-$mode.log" 2>&1 || fail "pip install . failed"
    else
        (cd "$ROOT" && CC=/nonexistent/cc "$venv/bin/pip" install -v ".[png]") >"$WORK/build-a-$mode.log" 2>&1 \
            || fail "pip install . failed"
    fi
    expect_build "$WORK/build-a-$mode.log" "$mode"
    grep -q "Building with hatch_jupyter_builder.npm_builder" "$WORK/build-a-$mode.log" \
        || fail "pip install . from the clone did not build the front end (npm)"
    check_installed "$venv" "$mode"
}

BUILD_TOOL="$WORK/venv-build-tool"
build_dists() {  # build_dists MODE [--sdist]: python -m build (sdist, then the wheel from it) into $WORK/dist-MODE
    local mode="$1" out="$WORK/dist-$1" only="${2:-}"
    [ -x "$BUILD_TOOL/bin/python" ] || { new_venv "$BUILD_TOOL" && "$BUILD_TOOL/bin/pip" install build >"$WORK/build-tool.log" 2>&1; }
    rm -rf "$out"
    if [ "$mode" = compiled ]; then
        "$BUILD_TOOL/bin/python" -m build $only --outdir "$out" "$ROOT" >"$WORK/build-b-$mode.log" 2>&1 \
            || fail "python -m build failed"
    else
        CC=/nonexistent/cc "$BUILD_TOOL/bin/python" -m build $only --outdir "$out" "$ROOT" >"$WORK/build-b-$mode.log" 2>&1 \
            || fail "python -m build failed"
    fi
    [ -n "$only" ] || expect_build "$WORK/build-b-$mode.log" "$mode"
    local sdist
    sdist="$(ls "$out"/*.tar.gz)"
    tar -tzf "$sdist" >"$out/contents.txt"
    for name in widget.js widget.css; do
        grep -q "/src/tigris_widget/static/$name$" "$out/contents.txt" || fail "the sdist has no static/$name"
    done
    echo "built $(cd "$out" && echo *.tar.gz *.whl) (sdist $(du -k "$sdist" | cut -f1) kB)"
}

path_b() {
    local mode="$1" venv="$WORK/venv-b-$1" wheel
    build_dists "$mode"
    wheel="$(ls "$WORK/dist-$mode"/*.whl)"
    case "$mode:$wheel" in
        compiled:*-py3-none-any.whl) fail "python -m build made a pure wheel with a C compiler" ;;
        pure:*-py3-none-any.whl | compiled:*) ;;
        *) fail "python -m build made a platform wheel without a C compiler: $wheel" ;;
    esac
    new_venv "$venv"
    "$venv/bin/pip" install "$wheel[png]" >"$WORK/install-b-$mode.log" 2>&1 || fail "pip install dist/*.whl failed"
    check_installed "$venv" "$mode"
}

path_c() {
    local mode="$1" venv="$WORK/venv-c-$1" sdist
    [ -d "$WORK/dist-$mode" ] || build_dists "$mode" --sdist
    sdist="$(ls "$WORK/dist-$mode"/*.tar.gz)"
    new_venv "$venv"
    if [ "$mode" = compiled ]; then
        PATH="$NONODE" "$venv/bin/pip" install -v "$sdist[png]" >"$WORK/build-c-$mode.log" 2>&1 \
            || fail "pip install dist/*.tar.gz failed (no node/npm on the PATH)"
    else
        PATH="$NONODE" CC=/nonexistent/cc "$venv/bin/pip" install -v "$sdist[png]" >"$WORK/build-c-$mode.log" 2>&1 \
            || fail "pip install dist/*.tar.gz failed (no node/npm on the PATH)"
    fi
    expect_build "$WORK/build-c-$mode.log" "$mode"
    grep -q "Skip-if-exists file(s) found" "$WORK/build-c-$mode.log" || fail "the sdist's build did not skip the npm build"
    check_installed "$venv" "$mode"
}

declare -A TITLE=(
    [a-cc]="(a) pip install .             with a C compiler"
    [a-nocc]="(a) pip install .             without a C compiler"
    [b-cc]="(b) python -m build + wheel   with a C compiler"
    [b-nocc]="(b) python -m build + wheel   without a C compiler"
    [c-cc]="(c) pip install sdist, no Node with a C compiler"
    [c-nocc]="(c) pip install sdist, no Node without a C compiler"
)
summary=()
failed=0
start_all=$SECONDS
for p in "${PATHS[@]}"; do
    mode=compiled
    [[ "$p" == *-nocc ]] && mode=pure
    echo "== ${TITLE[$p]}: expecting a $mode package"
    t0=$SECONDS
    set +e
    (set -e; "path_${p%%-*}" "$mode") >"$WORK/path-$p.log" 2>&1
    rc=$?
    set -e
    sed 's/^/   /' "$WORK/path-$p.log"
    took=$((SECONDS - t0))
    if [ $rc = 0 ]; then
        line="PASS  ${TITLE[$p]}: $mode (${took} s)"
    else
        failed=1
        KEEP=1
        line="FAIL  ${TITLE[$p]}: $(grep '^FAIL: ' "$WORK/path-$p.log" | tail -1 | cut -c7-) (${took} s)"
        for log in "$WORK"/build-"${p%%-*}"-"$mode".log "$WORK"/install-"${p%%-*}"-"$mode".log; do
            [ -f "$log" ] && { echo "   --- the last lines of $log:"; tail -25 "$log" | sed 's/^/   | /'; }
        done
    fi
    echo "$line"
    summary+=("$line")
done

after="$(git -C "$ROOT" status --porcelain)"
if [ "$before" != "$after" ]; then
    failed=1
    summary+=("FAIL  the builds changed the work tree: $(diff <(echo "$before") <(echo "$after") | grep '^[<>]' | tr '\n' ' ')")
fi
echo
echo "== install check summary ($((SECONDS - start_all)) s):"
printf '%s\n' "${summary[@]}"
if [ $failed != 0 ]; then
    echo "install check FAILED (logs kept in $WORK)"
    exit 1
fi
echo "install check passed"
