"""The result of a finished T&E game as ``python -m tigris_widget play`` reports it (``play_result``, an
optional hook of ``core.protocol.GameModule``): the dynasties' ranking, every colour score and the
treasures, as JSON facts and as printed lines."""

from __future__ import annotations

from typing import Any

from tigris_widget.core.protocol import GameLike
from tigris_widget.games.tigris.engine.core.types import COLOUR_NAMES
from tigris_widget.games.tigris.game import Game


def result_dict(game: Game) -> dict[str, Any]:
    """The facts of a finished game: winner(s), ranking by dynasty, each player's scores, the game's length."""
    results = game.result
    assert results is not None and game.ranking is not None
    state = game.state
    winners = [r for r in results if r.rank == 1]
    return {
        "winner": winners[0].dynasty if len(winners) == 1 else None,
        "winners": [r.dynasty for r in winners],
        "ranking": [[state.setup.dynasties[seat] for seat in place] for place in game.ranking],
        "players": [r.to_dict() for r in results],
        "turns": state.turn,
        "actions": len(game),
        "bag_left": len(state.bag),
        "treasures_left": state.treasures.bit_count(),
    }


def summary_text(data: dict[str, Any]) -> str:
    """``result_dict``'s facts as the lines ``play`` prints."""
    lines = [f"Game over after {data['turns']} turns ({data['actions']} actions)."]
    for row in sorted(data["players"], key=lambda r: r["rank"]):
        colours = " ".join(f"{c} {row['final'][c]:>2}" for c in COLOUR_NAMES)
        lines.append(
            f"  {row['rank']}. {row['dynasty']:<6} score {row['score']:>2}   {colours}   treasures {row['treasures']}"
        )
    lines.append("Winner: " + (data["winner"] or " and ".join(data["winners"]) + " (shared)"))
    return "\n".join(lines)


def play_result(game: GameLike) -> tuple[dict[str, Any], str]:
    """A finished game's result: its JSON facts and the lines to print."""
    if not isinstance(game, Game):
        raise TypeError(f"a T&E result is read from a Game, not {type(game).__name__}")
    data = result_dict(game)
    return data, summary_text(data)
