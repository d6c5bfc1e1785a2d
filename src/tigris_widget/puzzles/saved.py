"""Your own puzzle library: ``save_puzzles`` writes puzzles of any games to one JSON file, and
``load_puzzles`` reads one back, each puzzle checked by its game (``docs/puzzles.md``, *Your own
puzzles*, describes the format).

    >>> import tempfile, os
    >>> from tigris_widget.puzzles.library import library
    >>> mine = [library()["first-revolt"], library("ur")["u-1d2b80e7"]]
    >>> path = os.path.join(tempfile.mkdtemp(), "mine.json")
    >>> save_puzzles(path, mine)
    >>> loaded = load_puzzles(path)
    >>> [p.key for p in loaded], loaded.problems
    (['first-revolt', 'u-1d2b80e7'], [])

A hand-edited file with a bad entry still loads its good puzzles; ``problems`` names each bad one by
its place in the file, its key and the field, and a ``PuzzleFileWarning`` says so. Only a file with
nothing usable raises ``ValueError``.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
import warnings
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from tigris_widget.core import hooks
from tigris_widget.core.files import load_json, read_text_file
from tigris_widget.core.protocol import PuzzleEntries, PuzzleLike
from tigris_widget.core.puzzle import PuzzleFieldError, int_field, text_field
from tigris_widget.puzzles.library import book, game_of

FORMAT = "tigris_widget puzzles"
"""The ``format`` of a user's puzzle file."""
VERSION = 1
"""The version this package writes and reads (a later one is refused, naming both)."""
MAX_CHARS = 20_000_000
"""The longest puzzle file read (a T&E puzzle takes some 2,000 characters)."""
SOURCES = ("hand-made", "mined")


class PuzzleFileWarning(UserWarning):
    """Some entries of a puzzle file were left out (``PuzzleLibrary.problems`` names them)."""


@dataclass(frozen=True)
class PuzzleProblem:
    """Why the entry at ``index`` (0-based, in the file's ``puzzles``) was left out."""

    index: int
    key: str | None
    field: str | None
    message: str

    def __str__(self) -> str:
        key = f" ({self.key!r:.60})" if self.key is not None else ""
        where = f", field '{self.field}'" if self.field else ""
        return f"puzzle {self.index}{key}{where}: {self.message}"


@dataclass(frozen=True)
class PuzzleLibrary:
    """The puzzles a file holds (in its order) and the problems of the entries left out."""

    path: str
    puzzles: list[PuzzleLike]
    problems: list[PuzzleProblem] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.puzzles)

    def __iter__(self) -> Iterator[PuzzleLike]:
        return iter(self.puzzles)

    def __getitem__(self, key: str) -> PuzzleLike:
        """The puzzle with this key (``KeyError`` naming the keys there are)."""
        for puzzle in self.puzzles:
            if puzzle.key == key:
                return puzzle
        raise KeyError(f"no puzzle {key!r} in {self.path}; its puzzles: {', '.join(p.key for p in self.puzzles)}")

    def __repr__(self) -> str:
        lines = [f"PuzzleLibrary({self.path!r}): {len(self.puzzles)} puzzle{'s' if len(self.puzzles) != 1 else ''}"]
        if self.problems:
            lines.append(f"{len(self.problems)} left out:")
            lines += [f"  {problem}" for problem in self.problems]
        return "\n".join(lines)


def _entries(game: str) -> PuzzleEntries:
    """The game's entry writer and reader; ``ValueError`` when its puzzles cannot be saved."""
    entries = hooks.puzzle_entries(book(game))
    if entries is None:
        raise ValueError(f"{game}'s puzzles cannot be saved to a puzzle file (its puzzle book has no entries)")
    return entries


def save_puzzles(path: str | os.PathLike[str], puzzles: Iterable[PuzzleLike]) -> None:
    """Write ``puzzles`` (of any games, in order) to the JSON file ``path``, replacing it whole: a
    failed write leaves the old file as it was.

    :raises ValueError: something that is no puzzle, two puzzles with one key, or a puzzle that cannot
        be saved (of a game without entries, or with a goal that has no stored form)."""
    entries: list[dict[str, Any]] = []
    keys: set[str] = set()
    for puzzle in puzzles:
        if not isinstance(puzzle, PuzzleLike):
            raise ValueError(f"save_puzzles saves puzzles, not {type(puzzle).__name__}")
        if puzzle.key in keys:
            raise ValueError(f"two puzzles have the key {puzzle.key!r}: a key names one puzzle in a file")
        keys.add(puzzle.key)
        game = game_of(puzzle)
        try:
            entries.append({"game": game, **_entries(game).entry(puzzle)})
        except ValueError as err:
            raise ValueError(f"puzzle {puzzle.key!r} cannot be saved: {err}") from None
    text = json.dumps({"format": FORMAT, "version": VERSION, "puzzles": entries}, indent=1, ensure_ascii=False)
    target = os.fspath(path)
    # a temporary file beside the target, then one rename: a reader sees the old file or the new one
    mode = stat.S_IMODE(os.stat(target).st_mode) if os.path.isfile(target) else 0o644  # mkstemp's is 0o600
    handle, temporary = tempfile.mkstemp(prefix=".puzzles-", suffix=".tmp", dir=os.path.dirname(target) or ".")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as f:
            f.write(text + "\n")
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        os.unlink(temporary)
        raise


def load_puzzles(path: str | os.PathLike[str]) -> PuzzleLibrary:
    """The puzzles of the file ``path`` (written by ``save_puzzles`` or by hand), each checked by its
    game: the position must load, the goal must be one of the game's kinds, the solution must be legal
    and solve the puzzle. A bad entry is left out and named in ``problems``.

    :raises ValueError: naming the file, when nothing of it is usable (not a file, not UTF-8 JSON,
        not this format, or every entry bad)."""
    name = os.fspath(path)
    data = _read(name)
    puzzles: list[PuzzleLike] = []
    problems: list[PuzzleProblem] = []
    keys: set[str] = set()
    for index, entry in enumerate(data["puzzles"]):
        key = entry.get("key") if isinstance(entry, dict) else None
        shown = key if isinstance(key, str) else None
        try:
            puzzle = _puzzle(entry)
            if puzzle.key in keys:
                raise PuzzleFieldError("key", "an earlier puzzle of the file has this key")
        except PuzzleFieldError as err:
            problems.append(PuzzleProblem(index, shown, err.field, str(err)))
            continue
        keys.add(puzzle.key)
        puzzles.append(puzzle)
    if problems:
        listed = "; ".join(map(str, problems[:3])) + (f"; and {len(problems) - 3} more" if len(problems) > 3 else "")
        if not puzzles:
            raise ValueError(f"{name}: no puzzle of the file can be used: {listed}")
        # a notebook shows a warning under the cell: the left-out entries are not missed unnoticed
        left = f"{len(problems)} puzzle{'s' if len(problems) != 1 else ''}"
        warnings.warn(f"{name}: {left} left out: {listed}", PuzzleFileWarning, stacklevel=2)
    return PuzzleLibrary(name, puzzles, problems)


def _read(name: str) -> dict[str, Any]:
    """The file's JSON object with its list of entries; ``ValueError`` naming the file and the problem."""
    try:
        mode = os.stat(name).st_mode
        if not stat.S_ISREG(mode):  # a folder, a device (/dev/zero), a pipe: never read
            raise ValueError(f"{name}: not a puzzle file: it is a {'folder' if stat.S_ISDIR(mode) else 'special file'}")
        data = load_json(read_text_file(name, "puzzle", MAX_CHARS), "puzzle file", MAX_CHARS)
    except OSError as err:
        raise ValueError(f"{name}: cannot be read: {err.strerror or err}") from None
    except ValueError as err:
        message = str(err)
        raise ValueError(message if message.startswith(name) else f"{name}: {message}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f'{name}: not a puzzle file: its JSON must be an object with "format": "{FORMAT}"')
    version = data.get("version")
    if version != VERSION:
        raise ValueError(
            f"{name}: a puzzle file of version {version!r:.20}; this tigris_widget reads version {VERSION}"
        )
    if not isinstance(data.get("puzzles"), list):
        raise ValueError(f"{name}: 'puzzles' must be a list of puzzles")
    return data


def _puzzle(entry: object) -> PuzzleLike:
    """One entry as a checked puzzle of its game; ``PuzzleFieldError`` naming what is wrong."""
    if not isinstance(entry, dict):
        raise PuzzleFieldError("", f"a puzzle is a JSON object, not {type(entry).__name__}")
    game = text_field(entry, "game")
    try:
        entries, shelf = _entries(game), book(game)
    except ValueError as err:  # no such game (UnknownGameError), or one without savable puzzles
        raise PuzzleFieldError("game", str(err)) from None
    if not text_field(entry, "key").strip():
        raise PuzzleFieldError("key", "'key' must not be empty")
    try:
        puzzle = entries.from_entry(entry)
    except PuzzleFieldError:
        raise
    except ValueError as err:  # a game's check that names no field
        raise PuzzleFieldError("", str(err)) from None
    try:
        seat = puzzle.seat  # reads the position
    except ValueError as err:
        raise PuzzleFieldError("position", f"the position does not load: {err}") from None
    if "seat" in entry and int_field(entry, "seat", 0, 9) != seat:
        raise PuzzleFieldError("seat", f"'seat' is {entry['seat']}, but the position has seat {seat} to play")
    unknown = [t for t in puzzle.themes if t not in shelf.THEMES]
    if unknown:
        raise PuzzleFieldError("themes", f"unknown theme(s) {', '.join(unknown)}; {game}'s: {', '.join(shelf.THEMES)}")
    if puzzle.source not in SOURCES:
        raise PuzzleFieldError("source", f"'source' is one of {', '.join(SOURCES)}, not {puzzle.source!r:.40}")
    problems = hooks.solution_problems(shelf, puzzle)
    if problems:
        raise PuzzleFieldError("solution", "; ".join(problems))
    return puzzle
