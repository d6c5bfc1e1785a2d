"""The T&E search with 4 players at budgets above the default: reproducible by seed, as the published
4-player runs at the 1 s-equivalent budget (``search:5000``) need."""

from __future__ import annotations

from tigris_widget.games.tigris.bots.search import DETERMINIZATIONS, SearchBot

from .test_bots import midgame


def test_same_seed_same_decisions_with_four_players_above_the_default_budget():
    game = midgame(seed=3, actions=20, players=4)
    runs = []
    for _ in range(2):
        bot = SearchBot(seed=9, iterations=700)
        view = game.view(game.to_move)
        choices = [bot.choose(view) for _ in range(2)]
        assert bot.last is not None
        visits = [(c.action, c.visits) for c in bot.last.root.children]
        runs.append((choices, visits, bot.total_iterations))
    assert runs[0] == runs[1]
    assert runs[0][2] == 1400


def test_another_seed_samples_other_hands_with_four_players():
    """The seed reaches the sampled hands (a search ignoring it would make every seed's run the same)."""
    game = midgame(seed=4, actions=20, players=4)
    view = game.view(game.to_move)
    searched = []
    for seed in (1, 2):
        bot = SearchBot(seed=seed, iterations=60)
        bot.choose(view)
        assert bot.last is not None and 1 < len(bot.last.dets) <= DETERMINIZATIONS
        searched.append([tuple(s.hands) for s in bot.last.dets])
    assert searched[0] != searched[1]
