"""BotMatch in a running event loop (as in a notebook): a bot thinks in a background thread, the loop
stays free, the answer is played only on the position the bot saw, and a failing bot is shown."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import pytest

from tigris_widget import Game
from tigris_widget.bots import make_bot
from tigris_widget.bots.base import Bot
from tigris_widget.core.registry import game_module
from tigris_widget.jupyter import BotMatch


class SlowBot(Bot):
    """The greedy bot, taking ``pause`` seconds of (blocking) thought per decision."""

    name = "slow"

    def __init__(self, game: str, pause: float = 0.3, fail: bool = False) -> None:
        super().__init__(1)
        self.inner = make_bot("greedy", seed=1, game=game)
        self.pause = pause
        self.fail = fail
        self.calls = 0

    def choose(self, view: Any) -> Any:
        self.calls += 1
        time.sleep(self.pause)
        if self.fail:
            raise RuntimeError("out of ideas")
        return self.inner.choose(view)


async def until(condition: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.perf_counter() + timeout
    while not condition():
        assert time.perf_counter() < deadline, "timed out"
        await asyncio.sleep(0.01)


def new_game(name: str) -> Any:
    if name == "tigris":
        return Game.new(players=2, seed=3, start_player=1)
    game = game_module("ur").new_game(players=3, seed=2)
    while game.to_move == 0:  # the bots (seats 1, 2) should move first
        game.apply(game.legal_actions()[0])
    return game


@pytest.mark.parametrize("name", ["tigris", "ur"])
def test_bots_think_in_a_thread_and_the_loop_stays_free(name: str) -> None:
    async def main() -> None:
        game = new_game(name)
        bot = SlowBot(name)
        played = len(game)
        match = BotMatch(game, seat=0, opponents=bot, delay=0.0)
        assert len(game) == played and "is thinking…" in match.bot_status.value  # not answered in the constructor
        assert "(slow)" in match.bot_status.value
        start = time.perf_counter()
        await asyncio.sleep(0.05)
        assert time.perf_counter() - start < 0.2  # the loop was free while the bot thought
        await until(lambda: game.to_move == 0 or game.is_over)
        assert len(game) > played and bot.calls == len(game) - played
        assert match.bot_status.value == ""
        assert match.game.view(0).decision is not None

    asyncio.run(main())


def test_an_answer_for_a_position_that_changed_is_not_played() -> None:
    async def main() -> None:
        game = new_game("tigris")
        bot = SlowBot("tigris", pause=0.4)
        match = BotMatch(game, seat=0, opponents=bot, delay=0.0)
        await asyncio.sleep(0.1)
        assert bot.calls == 1
        with pytest.raises(RuntimeError, match="thinking in the background"):
            match.play_bots()  # the same bot would think twice at once
        game.apply(game.legal_actions()[0])  # the bot's decision played from code while it thinks
        by_hand = list(game.actions)
        await until(lambda: bot.calls >= 2)  # the stale answer was dropped and the bot asked again
        assert list(game.actions) == by_hand
        await until(lambda: game.to_move == 0)
        assert list(game.actions)[: len(by_hand)] == by_hand
        assert match.play_bots() == 0

    asyncio.run(main())


def test_a_failing_bot_is_shown_under_the_board_and_nothing_is_played() -> None:
    async def main() -> None:
        game = new_game("tigris")
        match = BotMatch(game, seat=0, opponents=SlowBot("tigris", pause=0.05, fail=True), delay=0.0)
        await until(lambda: "failed" in match.bot_status.value)
        assert "Bull's bot (slow) failed (RuntimeError)" in match.bot_status.value
        assert "out of ideas" not in match.bot_status.value  # a bot's message may name its own tiles
        assert isinstance(match.bot_error, RuntimeError) and str(match.bot_error) == "out of ideas"
        assert len(game) == 0

    asyncio.run(main())


def test_a_forged_answer_is_refused_with_its_reason() -> None:
    class Cheat(SlowBot):
        def choose(self, view: Any) -> Any:
            return "tile r 0 0"  # text, not an action

    async def main() -> None:
        game = new_game("tigris")
        match = BotMatch(game, seat=0, opponents=Cheat("tigris", pause=0.0), delay=0.0)
        await until(lambda: "failed (BotError)" in match.bot_status.value)
        assert "not an action" in str(match.bot_error)
        assert len(game) == 0 and game.to_move == 1

    asyncio.run(main())
