"""Rewrite the module paths that moved when T&E became one game folder (``games/tigris/``), in any text.

    python scripts/seam_paths.py FILE...            # rewrite old paths (dotted and slashed) in place
    python scripts/seam_paths.py --resolve FILE...  # also settle merge conflicts that are only imports

For a branch started before the move: ``--resolve`` settles each conflict hunk in which both sides
are nothing but import lines, keeping the side that still names old paths, rewritten (it holds the
branch's new imports; the moved side only renamed them). Lines of the other side that the kept side
lacks are printed, to check by hand. Other hunks stay for a person. Then run ``ruff check --fix`` and
``ruff format`` (import order), and ``tests/test_architecture.py``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

MOVES = [
    ("engine", "games.tigris.engine"),
    ("formats", "games.tigris.formats"),
    ("game", "games.tigris.game"),
    ("builder", "games.tigris.builder"),
    ("render.viewjson", "games.tigris.present.viewjson"),
    ("render.svg", "games.tigris.present.svg"),
    ("render.picture", "games.tigris.present.picture"),
    ("bots.heuristics", "games.tigris.bots.heuristics"),
    ("bots.candidates", "games.tigris.bots.candidates"),
    ("puzzles.goals", "games.tigris.puzzles.goals"),
    ("puzzles.miner", "games.tigris.puzzles.miner"),
    ("puzzles.book", "games.tigris.puzzles.book"),
    ("puzzles.data", "games.tigris.puzzles.data"),
]
"""(old, new) module paths below ``tigris_widget``; ``game`` does not match ``games``."""

IMPORT_LINE = re.compile(r"^\s*(from \S+ import .*|import \S+.*|[A-Za-z_]\w*( as \w+)?,?|\)|)$")


def rewrite(text: str) -> str:
    for old, new in MOVES:
        text = re.sub(r"\btigris_widget\." + re.escape(old) + r"(?!\w)", "tigris_widget." + new, text)
        o, n = old.replace(".", "/"), new.replace(".", "/")
        text = re.sub(r"\btigris_widget/" + re.escape(o) + r"(?=[/.]|\b)", "tigris_widget/" + n, text)
    return re.sub(
        r"from tigris_widget\.render import (picture|svg|viewjson)\b",
        r"from tigris_widget.games.tigris.present import \1",
        text,
    )


def resolve(text: str, name: str) -> tuple[str, int]:
    """``text`` with its import-only conflict hunks settled, and how many hunks are left."""
    lines = text.splitlines(keepends=True)
    out: list[str] = []
    left = 0
    i = 0
    while i < len(lines):
        if not lines[i].startswith("<<<<<<< "):
            out.append(lines[i])
            i += 1
            continue
        start = i
        ours: list[str] = []
        theirs: list[str] = []
        side = ours
        i += 1
        while i < len(lines) and not lines[i].startswith(">>>>>>> "):
            if lines[i].startswith("||||||| "):
                side = []  # the common base (diff3 style): not needed
            elif lines[i].startswith("======="):
                side = theirs
            else:
                side.append(lines[i])
            i += 1
        i += 1  # the closing marker
        old = [s for s in (ours, theirs) if rewrite("".join(s)) != "".join(s)]
        if len(old) != 1 or not all(IMPORT_LINE.match(x.rstrip("\n")) for x in ours + theirs):
            out.extend(lines[start:i])
            left += 1
            continue
        keep = rewrite("".join(old[0])).splitlines(keepends=True)
        other = theirs if old[0] is ours else ours
        lost = [x.strip() for x in other if x.strip() and x.strip() not in {k.strip() for k in keep}]
        if lost:
            print(f"{name}: check by hand, dropped from the moved side: {lost}")
        out.extend(keep)
    return "".join(out), left


def main(argv: list[str]) -> int:
    settle = "--resolve" in argv
    for arg in (a for a in argv if a != "--resolve"):
        path = Path(arg)
        text = path.read_text(encoding="utf-8")
        left = 0
        if settle:
            text, left = resolve(text, arg)
        new = rewrite(text)
        if new != path.read_text(encoding="utf-8"):
            path.write_text(new, encoding="utf-8")
            print(f"rewrote {arg}" + (f" ({left} conflict hunks left)" if left else ""))
        elif left:
            print(f"{arg}: {left} conflict hunks left")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
