"""The one loop that lets bots play a game: each bot sees only its own view, and what it returns is
checked before it is played.

    >>> from tigris_widget import Game
    >>> from tigris_widget.bots import RandomBot
    >>> from tigris_widget.games.tigris.bots.greedy import GreedyBot
    >>> game = play(Game.new(players=2, seed=1), [GreedyBot(seed=1), RandomBot(seed=2)])
    >>> game.is_over
    True

``moves`` is the same loop as a generator, one ``Move`` per decision, for callers that time, show or
stop the game as it goes; ``step`` plays a single decision (e.g. the bots' turns against a human), and
``play_choice`` checks and plays an answer a bot gave elsewhere (a notebook lets bots think in a thread).
Any game of the rules protocol (``core.protocol.GameLike``) plays here: a bot sees ``game.view(seat)``,
its answer is checked with ``game.is_legal`` and played with ``game.apply``. The command line, tournaments, playing against bots in a notebook and the benchmarks all use it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from tigris_widget.bots.base import Bot
from tigris_widget.core.events import Event
from tigris_widget.core.protocol import GameLike

G = TypeVar("G", bound=GameLike)

MAX_ACTIONS = 3000
"""Actions after which a game between bots is stopped as runaway (``GameTooLong``); the longest games
between the bots here take a few hundred."""

Bots = Sequence[Bot] | Mapping[int, Bot]
"""A bot per seat: a sequence in seat order, or a mapping for some seats only (the others are people)."""


class BotError(ValueError):
    """A bot returned something that is not a legal action for its decision; nothing was played."""


class GameTooLong(RuntimeError):
    """A game went past its action cap without ending; ``game`` holds it as it stands."""

    def __init__(self, message: str, game: GameLike) -> None:
        super().__init__(message)
        self.game = game


@dataclass(frozen=True)
class Move:
    """One decision played by a bot."""

    seat: int
    action: Any
    events: list[Event]
    seconds: float
    """How long the bot took to choose."""


def _bot_for(bots: Bots, seat: int) -> Bot | None:
    if isinstance(bots, Mapping):
        return bots.get(seat)
    return bots[seat] if 0 <= seat < len(bots) else None


def step(game: GameLike, bots: Bots) -> Move | None:
    """Let the bot of the seat to move decide and play its action; None when the game is over or the
    seat to move has no bot. Raises ``BotError`` (the game unchanged) for anything but a legal action."""
    seat = game.to_move
    bot = None if seat is None else _bot_for(bots, seat)
    if seat is None or bot is None:
        return None
    start = time.perf_counter()
    action = bot.choose(game.view(seat))
    return play_choice(game, bot, seat, action, time.perf_counter() - start)


def play_choice(game: GameLike, bot: Bot, seat: int, action: Any, seconds: float = 0.0) -> Move:
    """Play the ``action`` that ``bot`` chose for ``seat`` (e.g. in another thread, from a view taken
    earlier); ``BotError`` (the game unchanged) for anything but a legal action of that seat now."""
    if game.to_move != seat:
        raise BotError(f"{bot!r} answered for seat {seat}, but seat {game.to_move} is to move now")
    if isinstance(action, str):  # text is for people (games parse it in apply): a bot returns an action
        raise BotError(f"{bot!r} at seat {seat} returned {action!r} (str), not an action")
    if not game.is_legal(action):
        raise BotError(
            f"{bot!r} at seat {seat} returned '{action}', which is not legal now{_reason(game, action, seat)}"
        )
    return Move(seat, action, game.apply(action, seat), seconds)


def _reason(game: GameLike, action: Any, seat: int) -> str:
    """Why the game refuses ``action``, as its own error says (tried on a copy), in parentheses."""
    try:
        game.clone().apply(action, seat)
    except ValueError as err:
        return f" ({err})"
    return ""


def moves(game: GameLike, bots: Bots, *, max_actions: int = MAX_ACTIONS) -> Iterator[Move]:
    """Play ``game`` (in place) until it is over or a seat without a bot must decide, yielding each
    move. ``GameTooLong`` once the game holds ``max_actions`` actions and is not over."""
    while not game.is_over:
        if len(game) >= max_actions:
            raise GameTooLong(f"the game is not over after {len(game)} actions (the cap is {max_actions})", game)
        move = step(game, bots)
        if move is None:
            return
        yield move


def play(
    game: G,
    bots: Bots,
    *,
    max_actions: int = MAX_ACTIONS,
    on_move: Callable[[Move], None] | None = None,
) -> G:
    """Play ``game`` to its end between ``bots`` (see ``moves``); ``on_move`` is called after each
    move. Returns the game."""
    for move in moves(game, bots, max_actions=max_actions):
        if on_move is not None:
            on_move(move)
    return game
