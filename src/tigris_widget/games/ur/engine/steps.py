"""The step action: one small decision of one player (see the table in the package docstring).

``Step(kind, a, b, n, s)`` — a NamedTuple of ints and strings: ``a``/``b`` are cells (``y * 6 + x``,
-1 when unused), ``n`` a count, ``s`` a kind letter or a pair name. Its text round-trips:
``parse_step(str(step)) == step``.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple, cast

from tigris_widget.core.checks import MAX_SHOWN, plain_text, read_whole, shown
from tigris_widget.core.errors import NotationError
from tigris_widget.games.ur.engine.board import KINDS, PAIR_NAMES, SIZE, cell_name

STEP_KINDS: Final = (
    "place", "keep", "restart", "zig", "cube", "agri", "trade", "culture", "politics", "add", "set",
    "attack", "move", "exchange", "spare", "end",
)  # fmt: skip
ACTION_WORDS: Final = ("agri", "trade", "culture", "politics")
"""The action kinds started by a step of that name (war starts with its first attack)."""


class Step(NamedTuple):
    kind: str
    a: int = -1
    b: int = -1
    n: int = 0
    s: str = ""

    def __str__(self) -> str:
        if shape_problem(self) is not None:  # a hand-built value: show its fields, never fail
            return repr(tuple(self))
        return format_step(self)


def format_step(step: Step) -> str:
    k = step.kind
    if k in ("keep", "end") or k in ACTION_WORDS:
        return k
    if k in ("place", "restart"):
        return f"{k} {cell_name(step.a)}"
    if k == "zig":
        return f"zig {cell_name(step.a)}" + (f" {cell_name(step.b)}" if step.b >= 0 else "")
    if k == "cube":
        return f"cube {cell_name(step.a)}" + (" x2" if step.n == 2 else "")
    if k == "add":
        return f"{cell_name(step.a)}+{step.n}"
    if k == "set":
        return f"{cell_name(step.a)}={step.n}"
    if k == "attack":
        return f"{cell_name(step.a)}->{cell_name(step.b)}"
    if k == "move":
        return f"move {step.n}"
    if k == "exchange":
        return f"exchange {cell_name(step.a)} side {step.s}"
    if k == "spare":
        return "exchange spare" + (f" {step.s}" if step.s else "")
    raise NotationError(f"not a step kind: {shown(k, MAX_SHOWN)}")


_CELL = r"\(\s*([0-9])\s*,\s*([0-9])\s*\)"
_PATTERNS: Final = (
    ("place", re.compile(rf"place\s+{_CELL}")),
    ("restart", re.compile(rf"restart\s+{_CELL}")),
    ("zig", re.compile(rf"zig\s+{_CELL}(?:\s+{_CELL})?")),
    ("cube", re.compile(rf"cube\s+{_CELL}(\s+x2)?")),
    ("add", re.compile(rf"{_CELL}\s*\+\s*([0-9])")),
    ("set", re.compile(rf"{_CELL}\s*=\s*([0-9])")),
    ("attack", re.compile(rf"{_CELL}\s*->\s*{_CELL}")),
    ("move", re.compile(r"move\s+([0-9]+)")),
    ("exchange", re.compile(rf"exchange\s+{_CELL}\s+side\s+([ATCPW])")),
    ("spare", re.compile(r"exchange\s+spare(?:\s+([A-Z]{2}))?")),
)


def _cell(xs: str, ys: str, text: str) -> int:
    x, y = int(xs), int(ys)
    if not (0 <= x < SIZE and 0 <= y < SIZE):
        raise NotationError(f"cell ({x},{y}) is off the grid (x and y are 0..5) in {shown(text, MAX_SHOWN)}")
    return y * SIZE + x


def parse_step(text: object) -> Step:
    """Read a step's text (any spacing); raises NotationError naming what cannot be read."""
    plain = plain_text(text)  # a str subclass's own methods are not trusted
    if plain is None:
        raise NotationError(f"a step is written as text, not {shown(text)}")
    t = " ".join(plain.split())
    if t in ("keep", "end") or t in ACTION_WORDS:
        return Step(t)
    for kind, pattern in _PATTERNS:
        m = pattern.fullmatch(t)
        if m is None:
            continue
        g = m.groups()
        if kind in ("place", "restart"):
            return Step(kind, _cell(g[0], g[1], t))
        if kind == "zig":
            return Step(kind, _cell(g[0], g[1], t), _cell(g[2], g[3], t) if g[2] is not None else -1)
        if kind == "cube":
            return Step(kind, _cell(g[0], g[1], t), n=2 if g[2] else 1)
        if kind in ("add", "set"):
            return Step(kind, _cell(g[0], g[1], t), n=int(g[2]))
        if kind == "attack":
            return Step(kind, _cell(g[0], g[1], t), _cell(g[2], g[3], t))
        if kind == "move":
            try:
                return Step(kind, n=read_whole(g[0], "move", 9))
            except ValueError as err:
                raise NotationError(f"in {shown(t, MAX_SHOWN)}: {err}") from None
        if kind == "exchange":
            return Step(kind, _cell(g[0], g[1], t), s=g[2])
        pair = g[0] or ""
        if pair and pair not in PAIR_NAMES:
            raise NotationError(
                f"{shown(pair, MAX_SHOWN)} is not a pair (two different kinds of {KINDS} in that order)"
            )
        return Step("spare", s=pair)
    raise NotationError(
        f"cannot read the step {shown(plain, MAX_SHOWN)}; steps are e.g. 'place (2,2)', 'keep', 'agri', '(3,1)+2', '(1,1)=5', "
        "'(2,2)->(2,1)', 'move 2', 'cube (0,0) x2', 'zig (2,2) (4,4)', 'exchange (4,3) side W', 'exchange spare', 'end'"
    )


def shape_problem(step: object) -> str | None:
    """None if ``step`` is a well-formed Step, else what is wrong (hand-built values are checked)."""
    if type(step) is not Step:  # a subclass's own __eq__ or fields are not trusted
        return f"not a step action: {shown(step, MAX_SHOWN)}"
    # The fields as plain objects until their types are checked: the compiled build would refuse a
    # wrong type with a TypeError on reading ``step.kind``.
    kind, a, b, n, s = cast("tuple[object, object, object, object, object]", step)
    if type(kind) is not str or kind not in STEP_KINDS:
        return f"unknown step kind {shown(kind, MAX_SHOWN)}"
    for name, v in (("a", a), ("b", b), ("n", n)):
        if type(v) is not int:
            return f"field {name} must be an int, not {shown(v, MAX_SHOWN)}"
    if type(s) is not str:
        return f"field s must be a string, not {shown(s, MAX_SHOWN)}"
    cells = {"place": 1, "restart": 1, "zig": 1, "cube": 1, "add": 1, "set": 1, "attack": 2, "exchange": 1}
    need = cells.get(step.kind, 0)
    if need >= 1 and not 0 <= step.a < 36:
        return f"{step.kind} needs a cell 0..35 in field a, not {step.a}"
    if (need == 2 or (step.kind == "zig" and step.b != -1)) and not 0 <= step.b < 36:
        return f"{step.kind} needs a cell 0..35 in field b, not {step.b}"
    if step.kind == "exchange" and (len(step.s) != 1 or step.s not in KINDS):
        return f"exchange needs a side kind in field s (one of {KINDS}), not {shown(step.s, MAX_SHOWN)}"
    if step.kind == "spare" and step.s and step.s not in PAIR_NAMES:
        return f"spare exchange names a pair (e.g. 'AT') or nothing, not {shown(step.s, MAX_SHOWN)}"
    if step.kind == "cube" and step.n not in (1, 2):
        return f"cube places 1 or 2 cubes, not {step.n}"
    if step.kind in ("add", "set", "move") and not 0 <= step.n <= 9:
        return f"{step.kind} needs a count 0..9, not {step.n}"
    if step != _canonical(step):
        return f"unused fields must keep their defaults: {shown(tuple(step), MAX_SHOWN)}"
    return None


def _canonical(step: Step) -> Step:
    k = step.kind
    a = step.a if k in ("place", "restart", "zig", "cube", "add", "set", "attack", "exchange") else -1
    b = step.b if k in ("attack", "zig") else -1
    n = step.n if k in ("cube", "add", "set", "move") else 0
    s = step.s if k in ("exchange", "spare") else ""
    return Step(k, a, b, n, s)
