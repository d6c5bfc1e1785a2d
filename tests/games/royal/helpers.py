"""Small helpers of the Royal Game of Ur's tests: positions in few words, games with chosen dice."""

from __future__ import annotations

import random

from tigris_widget.games.royal import RoyalGame
from tigris_widget.games.royal.engine.dice import throw
from tigris_widget.games.royal.formats.position import parse_position


def position(light: str, dark: str, last: str) -> str:
    """A position text from its three lines after the header."""
    return f"royal-position 1\n{light}\n{dark}\n{last}\n"


def game_throwing(text: str, *rolls: int) -> RoyalGame:
    """A game at position ``text`` whose dice show ``rolls`` at its first throws (plies 0, 2, …:
    each throw followed by a move; a seed is searched for)."""
    state = parse_position(text)
    for seed in range(200_000):
        if all(throw(seed, 2 * i) == r for i, r in enumerate(rolls)):
            return RoyalGame(state, text, seed)
    raise AssertionError(f"no seed throws {rolls}")  # pragma: no cover


def random_game(seed: int, plies: int | None = None) -> RoyalGame:
    """A game of ``seed`` played by uniform random choices (to the end, or ``plies`` actions)."""
    game = RoyalGame.new(seed=seed)
    rng = random.Random(seed)
    while not game.is_over and (plies is None or len(game) < plies):
        game.apply(rng.choice(game.legal_actions()))
    return game
