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
from typing import TYPE_CHECKING, Any

from tigris_widget.games.tigris.engine.rules.view import PlayerView
from tigris_widget.games.tigris.present.svg import board_svg
from tigris_widget.render.png import board_png

if TYPE_CHECKING:
    from tigris_widget.games.tigris.played import PlayedGame

__all__ = ["board_png", "board_svg", "game_view", "write_png", "write_svg"]


def game_view(game: PlayedGame, seat: int | None = None, ply: int | None = None) -> Mapping[str, Any]:
    """The widget JSON of ``game`` for ``seat`` after ``ply`` actions (default: now), last action included."""
    from tigris_widget.games.tigris.present.viewjson import serialize_game

    return serialize_game(game, seat, ply)


def _view(
    source: PlayedGame | PlayerView | Mapping[str, Any], seat: int | None, ply: int | None
) -> PlayerView | Mapping[str, Any]:
    if isinstance(source, (PlayerView, Mapping)):
        return source
    return game_view(source, seat, ply)


def write_svg(source: PlayedGame | PlayerView | Mapping[str, Any], path: str | Path, *, seat: int | None = None,
              ply: int | None = None, **options: Any) -> Path:  # fmt: skip
    """Write the SVG picture of a game (seen by ``seat``, after ``ply`` actions) or a view; returns the path."""
    out = Path(path)
    out.write_text(board_svg(_view(source, seat, ply), **options), encoding="utf-8")
    return out


def write_png(source: PlayedGame | PlayerView | Mapping[str, Any], path: str | Path, *, seat: int | None = None,
              ply: int | None = None, scale: float = 2.0, **options: Any) -> Path:  # fmt: skip
    """Write the PNG picture of a game or a view (see ``write_svg``); returns the path."""
    out = Path(path)
    out.write_bytes(board_png(_view(source, seat, ply), scale=scale, **options))
    return out
