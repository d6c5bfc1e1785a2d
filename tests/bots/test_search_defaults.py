"""The shared search bot's budget without one asked comes from the game (``SEARCH_DEFAULTS``)."""

from __future__ import annotations

import pytest

from tigris_widget.bots import make_bot
from tigris_widget.core.hooks import search_defaults
from tigris_widget.core.protocol import SHARED_SEARCH_DEFAULTS, SearchDefaults
from tigris_widget.core.registry import game_module, games

SHARED = [game for game in games() if game_module(game).bot_rules() is not None]


@pytest.mark.parametrize("game", SHARED)
def test_the_search_bot_takes_the_games_defaults(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    defaults = search_defaults(game_module(game))
    bot = make_bot("search", seed=1, game=game)
    assert (bot.budget.iterations, bot.budget.seconds) == (defaults.iterations, defaults.seconds)  # type: ignore[attr-defined]
    monkeypatch.setattr(game_module(game), "SEARCH_DEFAULTS", SearchDefaults(iterations=7, seconds=0.25), raising=False)
    bot = make_bot("search", seed=1, game=game)
    assert (bot.budget.iterations, bot.budget.seconds) == (7, 0.25)  # type: ignore[attr-defined]
    bot = make_bot("search:11", seed=1, game=game)
    assert (bot.budget.iterations, bot.budget.seconds) == (11, None), "a budget asked for wins"  # type: ignore[attr-defined]
    monkeypatch.delattr(game_module(game), "SEARCH_DEFAULTS", raising=False)
    bot = make_bot("search", seed=1, game=game)
    assert bot.budget.iterations == SHARED_SEARCH_DEFAULTS.iterations  # type: ignore[attr-defined]
