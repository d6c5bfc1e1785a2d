"""No view, position, record, message, repr, event or pickled view shows the seed or a roll to come:
two games with the same history and different seeds look the same to everyone, bots included."""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest

from tigris_widget.bots.generic import TreeSearchBot, TurnGreedyBot
from tigris_widget.bots.random_bot import RandomBot
from tigris_widget.core.bot import Bot
from tigris_widget.games.royal import RoyalGame, bot_rules
from tigris_widget.games.royal.engine.dice import throw

SEED = 987_654_321_123


def _twins(plies: int) -> tuple[RoyalGame, RoyalGame]:
    """A game of ``SEED`` after ``plies`` actions, and the same history under another seed."""
    game = RoyalGame.new(seed=SEED)
    rng = random.Random(plies)
    while len(game) < plies and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    twin = RoyalGame(game.state_at(0), "", SEED + 1)
    for action, seat in zip(game.actions, game.actors):
        twin._push(action)  # the outcomes as they fell: the twin's own dice would differ
        assert twin.actors[-1] == seat
    return game, twin


@pytest.mark.parametrize("plies", [0, 1, 37, 120])
def test_twins_with_different_seeds_look_the_same(plies: int) -> None:
    game, twin = _twins(plies)
    for seat in (None, 0, 1):
        assert game.view(seat) == twin.view(seat)
        assert pickle.dumps(game.view(seat)) == pickle.dumps(twin.view(seat))
    assert game.to_position() == twin.to_position() and game.to_record() == twin.to_record()
    assert repr(game) == repr(twin) and game.events == twin.events
    assert game.decision == twin.decision and game.standings() == twin.standings()


def test_the_twins_really_throw_differently() -> None:
    assert [throw(SEED, p) for p in range(30)] != [throw(SEED + 1, p) for p in range(30)]


def test_no_text_or_view_holds_the_seed() -> None:
    game, _ = _twins(60)
    view = game.view(0)
    names = {f.name for f in dataclasses.fields(view)}
    assert not any("seed" in n or "rng" in n or "dice" in n for n in names)
    assert not any(isinstance(getattr(view, n), random.Random) for n in names)
    assert not hasattr(view.state, "seed") and not hasattr(view.state, "_seed")
    texts = [game.to_position(), game.to_record(), repr(game), repr(view), str(pickle.dumps(view))]
    texts += [e.text for batch in game.events for e in batch]
    assert not any(str(SEED) in t or hex(SEED)[2:] in t for t in texts)


@pytest.mark.parametrize(
    "make",
    [lambda: RandomBot(seed=4), lambda: TurnGreedyBot(bot_rules(), seed=4), lambda: TreeSearchBot(bot_rules(), seed=4)],
)
def test_a_bot_behaves_the_same_on_either_twin(make: object) -> None:
    for plies in (1, 2, 41, 80):
        game, twin = _twins(plies)
        if game.is_over:  # pragma: no cover - the seeds here do not end so early
            continue
        a, b = make(), make()  # type: ignore[operator]
        assert isinstance(a, Bot) and isinstance(b, Bot)
        assert a.choose(game.view(game.to_move)) == b.choose(twin.view(twin.to_move))
