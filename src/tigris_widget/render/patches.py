"""JSON values stored as differences from another one: a page holding thousands of board views that each
differ from a neighbour by a moved piece and a line of log stores each as a small patch (gzip alone
cannot share them: its window holds only a few views).

A patch turns ``a`` into ``b``. It is ``[b]`` (replace), or, when both are objects or both arrays,
an object of changes: ``{key: patch}`` for a changed or new entry, ``{key: []}`` for a removed one
(keys of an array are its indices), and for arrays ``"#": length`` when the length changes and
``"<": k`` when ``b`` continues ``a`` without its first ``k`` items (a log window that moved on):
then the indices count from the shifted array. Equal values have the patch ``{}``. The front end's
``patched`` (js/src/core/patches.ts) reads the same form.

    >>> a = {"log": list(range(20)), "turn": 4, "old": 0, "cells": [7] * 36, "name": "x"}
    >>> b = {"log": list(range(1, 21)), "turn": 5, "cells": [7] * 35 + [8], "name": "x"}
    >>> diff(a, b)
    {'log': {'<': 1, '#': 20, '19': [20]}, 'turn': [5], 'cells': {'35': [8]}, 'old': []}
    >>> patched(a, diff(a, b)) == b
    True

An object or array none of whose entries is kept is replaced whole (``diff([1], [2]) == [[2]]``).
"""

from __future__ import annotations

import json
from typing import Any

SHIFT = "<"
LENGTH = "#"


def diff(a: Any, b: Any) -> Any:
    """The patch that turns ``a`` into ``b``."""
    if type(a) is type(b) and a == b and (not isinstance(a, (dict, list)) or _json(a) == _json(b)):
        return {}  # equal containers are compared as JSON too: [0] == [False] in Python, not in JSON
    if isinstance(a, dict) and isinstance(b, dict):
        changes: dict[str, Any] = {}
        for key, value in b.items():
            if key not in a:
                changes[key] = [value]
            elif (inner := diff(a[key], value)) != {}:
                changes[key] = inner
        changes.update({key: [] for key in a if key not in b})
        kept = sum(1 for key in b if key not in changes)
        return changes if kept or not b else [b]
    if isinstance(a, list) and isinstance(b, list) and not a and not b:
        return {}
    if isinstance(a, list) and isinstance(b, list) and a and b:
        changes = _list_diff(a, b)
        kept = sum(1 for i in range(len(b)) if str(i) not in changes)
        return changes if kept else [b]
    return [b]


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _list_diff(a: list[Any], b: list[Any]) -> dict[str, Any]:
    shift = _shift(a, b)
    base = a[shift:]
    changes: dict[str, Any] = {SHIFT: shift} if shift else {}
    if len(base) != len(b):
        changes[LENGTH] = len(b)
    for i, value in enumerate(b):
        if i >= len(base):
            changes[str(i)] = [value]
        elif (inner := diff(base[i], value)) != {}:
            changes[str(i)] = inner
    return changes


def _shift(a: list[Any], b: list[Any]) -> int:
    """The k for which ``b`` best continues ``a[k:]``: 0 unless ``b``'s head is found later in ``a``."""
    if a[0] == b[0]:
        return 0
    for k in range(1, len(a)):
        if a[k] == b[0] and a[k : k + len(b)] == b[: len(a) - k]:
            return k
    return 0


def patched(a: Any, patch: Any) -> Any:
    """``a`` with ``patch`` applied (a new value; ``a`` is not changed, unchanged parts are shared)."""
    if isinstance(patch, list):
        if len(patch) != 1:
            raise ValueError(f"a replacing patch holds one value, not {len(patch)}")
        return patch[0]
    if not isinstance(patch, dict):
        raise ValueError(f"a patch is a list or an object, not {type(patch).__name__}")
    if not patch:
        return a
    if isinstance(a, list):
        items = a[int(patch.get(SHIFT, 0)) :]
        length = int(patch.get(LENGTH, len(items)))
        items = items[:length] + [None] * (length - len(items))
        for key, inner in patch.items():
            if key not in (SHIFT, LENGTH):
                items[int(key)] = patched(items[int(key)], inner)
        return items
    if not isinstance(a, dict):
        raise ValueError(f"an object patch cannot change a {type(a).__name__}")
    out = dict(a)
    for key, inner in patch.items():
        if inner == []:
            out.pop(key, None)
        else:
            out[key] = patched(out.get(key), inner)
    return out
