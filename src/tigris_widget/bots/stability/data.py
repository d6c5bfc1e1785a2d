"""The stability test set as data: its positions (``StablePosition``), one file per game in the game's
package (``data_path``), read and checked (``load_positions``, ``check_position``) and written
(``write_positions``); and how two moves are compared (``same_move``)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tigris_widget.core.files import read_text_file
from tigris_widget.core.protocol import GameLike
from tigris_widget.core.registry import game_module, games

DATA_NAME = "stability_positions.json"
"""A game's shipped test set: this file in its package's ``bots`` folder (``data_path``)."""
MAX_FILE_CHARS = 20_000_000
"""A test-set file is refused past this size (the shipped ones are about 70 KB)."""
FORMAT = "tigris_widget stability positions 1"
PHASES = ("opening", "middle", "late")


class StabilityDataError(ValueError):
    """A test-set file (or one of its positions) is malformed; the message says where."""


@dataclass(frozen=True)
class StablePosition:
    """One position of the test set and what the long search found there."""

    key: str
    game: str
    players: int
    phase: str
    """``opening``, ``middle`` or ``late``: where in its game the position was taken."""
    decision: str
    """The kind of decision pending, as the game names it."""
    position: str
    """The game's position text (``game_module(game).game_from_position``)."""
    best: tuple[str, ...]
    """The long search's best move, as action texts."""
    margin: float
    """The smallest gap, over the long search's seeds, between the best value and the runner-up's."""
    long: dict[str, Any] = field(default_factory=dict)
    """How the long search ran and what each seed found (iterations, seeds, values, intervals)."""
    origin: dict[str, Any] = field(default_factory=dict)
    """The bot game it comes from (seed, ply, bots)."""

    def game_at(self) -> GameLike:
        """A new game at this position."""
        return game_module(self.game).game_from_position(self.position)


# -- moves ---------------------------------------------------------------------------------------
def play_move(game: GameLike, move: Sequence[str]) -> GameLike:
    """A copy of ``game`` with the move's actions played; ``ValueError`` (the game's own, naming the
    rule) if one of them is not legal there."""
    if isinstance(move, str) or not move or not all(isinstance(a, str) for a in move):
        raise StabilityDataError(f"a move is a non-empty list of action texts, not {move!r:.80}")
    after = game.clone()
    for text in move:
        if after.is_over:
            raise StabilityDataError(f"the game is over before {text!r} of the move {'; '.join(move)!r}")
        after.apply(text)
    return after


def same_move(game: GameLike, a: Sequence[str], b: Sequence[str]) -> bool:
    """Do moves ``a`` and ``b`` (action texts) do the same in ``game``: written alike, or leading to the
    same position?"""
    if tuple(a) == tuple(b):
        return True
    try:
        return play_move(game, a).to_position() == play_move(game, b).to_position()
    except ValueError:
        return False


# -- the data file -------------------------------------------------------------------------------
def _need(row: dict[str, Any], name: str, kind: type | tuple[type, ...], where: str) -> Any:
    value = row.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise StabilityDataError(f"{where}: {name!r} is missing or not a {getattr(kind, '__name__', kind)}")
    return value


def parse_positions(data: object, name: str = "stability data") -> list[StablePosition]:
    """The positions of a test-set file's JSON data; ``StabilityDataError`` naming what is malformed."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StabilityDataError(f"{name}: not a stability test set (its 'format' must be {FORMAT!r})")
    rows = data.get("positions")
    if not isinstance(rows, list):
        raise StabilityDataError(f"{name}: 'positions' must be a list")
    out: list[StablePosition] = []
    keys: set[str] = set()
    for i, row in enumerate(rows):
        where = f"{name}, position {i}"
        if not isinstance(row, dict):
            raise StabilityDataError(f"{where}: a position is an object, not {type(row).__name__}")
        key = _need(row, "key", str, where)
        where = f"{name}, position {key!r}"
        if key in keys:
            raise StabilityDataError(f"{where}: the key is used twice")
        keys.add(key)
        game = _need(row, "game", str, where)
        if game not in games():
            raise StabilityDataError(f"{where}: unknown game {game!r} (the games are {', '.join(games())})")
        best = _need(row, "best", list, where)
        if not best or not all(isinstance(a, str) and a for a in best):
            raise StabilityDataError(f"{where}: 'best' must be a non-empty list of action texts")
        phase = _need(row, "phase", str, where)
        if phase not in PHASES:
            raise StabilityDataError(f"{where}: 'phase' must be one of {', '.join(PHASES)}, not {phase!r}")
        out.append(
            StablePosition(
                key=key,
                game=game,
                players=_need(row, "players", int, where),
                phase=phase,
                decision=_need(row, "decision", str, where),
                position=_need(row, "position", str, where),
                best=tuple(best),
                margin=float(_need(row, "margin", (int, float), where)),
                long=dict(row.get("long") or {}),
                origin=dict(row.get("origin") or {}),
            )
        )
    return out


def data_path(game: str) -> Path:
    """Where ``game``'s shipped test set is (``games/<game>/bots/stability_positions.json``); the file
    may be missing: a game without one has no stability benchmark yet."""
    module_file = getattr(game_module(game), "__file__", None)
    assert module_file is not None, "a game is a package with a folder"
    return Path(module_file).parent / "bots" / DATA_NAME


def load_positions(path: str | os.PathLike[str] | None = None, game: str | None = None) -> list[StablePosition]:
    """The test set of ``path``, or by default every game's shipped one (the games without one left
    out), optionally of one game only."""
    if path is not None:
        return [p for p in _read(Path(path)) if game is None or p.game == game]
    out: list[StablePosition] = []
    for name in games() if game is None else [game]:
        if data_path(name).is_file():
            out += [p for p in _read(data_path(name)) if p.game == name]
    return out


def _read(where: Path) -> list[StablePosition]:
    try:
        data = json.loads(read_text_file(where, "stability test set", MAX_FILE_CHARS))
    except json.JSONDecodeError as err:
        raise StabilityDataError(f"{where.name}: not JSON ({err})") from err
    return parse_positions(data, where.name)


def check_position(p: StablePosition) -> GameLike:
    """The game at ``p``, after checking that the position loads, a decision with a choice is pending
    and the stored move is legal there; ``StabilityDataError`` otherwise."""
    try:
        game = p.game_at()
    except ValueError as err:
        raise StabilityDataError(f"position {p.key!r} does not load: {err}") from err
    decision = game.decision
    if decision is None or len(decision.choices) < 2:
        raise StabilityDataError(f"position {p.key!r} has no decision with a choice pending")
    try:
        play_move(game, p.best)
    except ValueError as err:
        raise StabilityDataError(
            f"position {p.key!r}: the stored move {'; '.join(p.best)!r} is not legal: {err}"
        ) from err
    return game


def write_positions(
    positions: Iterable[StablePosition], path: str | os.PathLike[str], settings: dict[str, Any]
) -> None:
    """Write a test set (sorted by key: a re-run with the same settings writes the same file)."""
    rows = [asdict(p) for p in sorted(positions, key=lambda p: (p.game, p.key))]
    for row in rows:
        row["best"] = list(row["best"])
    data = {"format": FORMAT, "settings": settings, "positions": rows}
    Path(path).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
