"""The seeded bot games the benchmarks' position sets come from (``bots.seeded_games``)."""

from __future__ import annotations

from tigris_widget.bots.runner import play
from tigris_widget.bots.seeded_games import player_counts, replayed, seated_bots
from tigris_widget.core.registry import game_module


def test_player_counts_leave_out_counts_that_need_an_option() -> None:
    assert player_counts("tigris") == [2, 3, 4]
    assert game_module("ur").PLAYERS == (2, 3, 4) and player_counts("ur") == [3, 4]  # two players need an option


def test_seated_bots_are_seeded_by_game_and_seat() -> None:
    bots = seated_bots("royal", ["random", "greedy"], 3)
    assert [type(b).__name__ for b in bots] == ["RandomBot", "TurnGreedyBot"]
    assert [b.seed for b in bots] == [3 * 7919 + 1, 3 * 7919 + 2]


def test_replayed_reaches_the_position_of_the_played_game() -> None:
    game = play(game_module("royal").new_game(2, 3, None), seated_bots("royal", ["random", "greedy"], 3))
    ply = len(game.actions) // 2
    again = replayed("royal", 2, 3, game.actions[:ply])
    assert len(again.actions) == ply
    assert again.to_position() != replayed("royal", 2, 3, game.actions[: ply + 2]).to_position()
    assert replayed("royal", 2, 3, game.actions).to_position() == game.to_position()
