"""Static pictures of positions: SVG (``board_svg``) and PNG (``board_png``), and writing them to files.

>>> from tigris_widget import Game
>>> from tigris_widget.render import write_svg, write_png
>>> game = Game.new(players=3, seed=1)
>>> write_svg(game, "start.svg")             # all-seeing
PosixPath('start.svg')
>>> write_png(game, "start-bull.png", seat=1)  # what Bull may see
PosixPath('start-bull.png')
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tigris_widget.core.protocol import GameLike
from tigris_widget.core.registry import game_module
from tigris_widget.render.png import board_png
from tigris_widget.render.svg import board_svg

__all__ = ["board_png", "board_svg", "game_view", "write_png", "write_svg"]


def game_view(game: GameLike, seat: int | None = None, ply: int | None = None) -> Mapping[str, Any]:
    """The widget JSON of ``game`` for ``seat`` after ``ply`` actions (default: now), last action
    included, made by the game's presenter."""
    return game_module(game.name).present(game, seat, ply)


def _view(source: Any, seat: int | None, ply: int | None) -> Any:
    """A view as it is, or the view of a game (a game has a registry ``name``; a view has none)."""
    if isinstance(source, Mapping) or hasattr(source, "GAME"):
        return source
    return game_view(source, seat, ply)


def write_svg(source: GameLike | Mapping[str, Any] | Any, path: str | Path, *, seat: int | None = None,
              ply: int | None = None, **options: Any) -> Path:  # fmt: skip
    """Write the SVG picture of a game (seen by ``seat``, after ``ply`` actions) or a view; returns the path."""
    out = Path(path)
    out.write_text(board_svg(_view(source, seat, ply), **options), encoding="utf-8")
    return out


def write_png(source: GameLike | Mapping[str, Any] | Any, path: str | Path, *, seat: int | None = None,
              ply: int | None = None, scale: float = 2.0, **options: Any) -> Path:  # fmt: skip
    """Write the PNG picture of a game or a view (see ``write_svg``); returns the path."""
    out = Path(path)
    out.write_bytes(board_png(_view(source, seat, ply), scale=scale, **options))
    return out
