"""The static SVG picture of any game's view: the game's presenter draws it, found by the view's game.

A view is the view JSON of ``core.view`` (its ``game`` field names the game) or a game's own view
object that names its game in a ``GAME`` attribute (T&E's ``PlayerView``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tigris_widget.core.registry import game_module
from tigris_widget.core.view import ViewFormatError, check_view


def game_of_view(view: object) -> str:
    """The registry name of the game a view belongs to.

    :raises ViewFormatError: ``view`` names no game.
    """
    if isinstance(view, Mapping):
        check_view(view)  # a malformed envelope is named as such, before any game is looked up
    name = view.get("game") if isinstance(view, Mapping) else getattr(view, "GAME", None)
    if not isinstance(name, str):
        raise ViewFormatError(f"not a view of a game: {type(view).__name__} names no game")
    return name


def board_svg(view: Any, **options: Any) -> str:
    """An SVG picture of ``view`` drawn by its game's presenter (``picture_svg``); ``options`` as that
    game takes them (every game: ``highlight``, ``arrows``, ``labels``, ``caption``, ``theme``, ``ghost``,
    ``highlight_ink``, ``arrow_ink``)."""
    return game_module(game_of_view(view)).picture_svg(view, **options)
