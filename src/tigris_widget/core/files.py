"""Reading untrusted text and JSON with limits, for every game: no input can make a reader hang, use
all memory or raise anything but a ``ValueError`` that says what was wrong."""

from __future__ import annotations

import json
import os
from typing import Any

from tigris_widget.core.errors import PositionError

MAX_JSON_CHARS = 1_000_000
"""The longest JSON text read by default (a long game record is a few tens of thousands)."""


def load_json(text: str, what: str = "game record", limit: int = MAX_JSON_CHARS) -> Any:
    """``json.loads`` guarded against hostile text: too long, nested too deeply, a number with too many
    digits. ``PositionError`` (a ``ValueError``) names the problem and ``what`` was read."""
    if len(text) > limit:
        raise PositionError(f"the {what} is {len(text):,} characters long; at most {limit:,} are read")
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise PositionError(f"malformed JSON at line {err.lineno} column {err.colno}: {err.msg}") from None
    except RecursionError:
        raise PositionError(f"malformed {what}: the JSON nests too deeply") from None
    except ValueError:  # the only other failure of json.loads: an integer beyond Python's digit limit
        raise PositionError(f"malformed {what}: a number in the JSON has too many digits") from None


def read_text_file(path: str | os.PathLike[str], what: str, limit: int) -> str:
    """The text of a UTF-8 file of at most ``limit`` characters; a longer one (``/dev/zero``, a wrong
    file) is refused after reading ``limit + 1`` characters, so no input can make a reader hang.
    ``OSError`` if it cannot be opened; ``PositionError`` names a file too long or not UTF-8."""
    with open(path, encoding="utf-8") as f:
        try:
            text = f.read(limit + 1)
        except UnicodeDecodeError as err:
            raise PositionError(f"{os.fspath(path)}: not UTF-8 text ({err.reason})") from None
    if len(text) > limit:
        raise PositionError(f"{os.fspath(path)}: a {what} file is at most {limit:,} characters; this one is longer")
    return text
