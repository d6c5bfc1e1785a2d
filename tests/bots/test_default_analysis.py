"""The shared analysis (``bots.default_analysis``) that a game with ``bot_rules()`` and no ``analyze``
of its own gets: tried on Ur, whose own analysis stays its default."""

from __future__ import annotations

from collections.abc import Generator

import pytest

from tigris_widget.bots import make_bot
from tigris_widget.bots.analysis import analyze
from tigris_widget.bots.default_analysis import analyses
from tigris_widget.core.analysis import Analysis, AnalysisRequest
from tigris_widget.core.protocol import GameLike
from tigris_widget.core.registry import game_module

UR = game_module("ur")


def _midgame(plies: int = 40) -> GameLike:
    game = UR.new_game(getattr(UR, "DEFAULT_PLAYERS", 3), 7, None)
    bots = [make_bot("greedy", seed=s, game="ur") for s in range(game.players)]
    for _ in range(plies):
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].choose(game.view(seat)))
    return game


def _to_final(gen: Generator[Analysis, float | None, None], first: Analysis) -> list[Analysis]:
    seen = [first]
    while not seen[-1].final:
        seen.append(next(gen))
    return seen


def test_a_sane_analysis_of_an_ur_turn_that_extends_with_send() -> None:
    game = _midgame()
    gen = analyses(game, AnalysisRequest(iterations=150, seed=3, every=0.0))
    seen = _to_final(gen, next(gen))
    assert not seen[0].final and seen[-1].final and len(seen) >= 3
    final = seen[-1]
    assert final.game == "ur" and final.seat == game.to_move and final.iterations == 150
    assert final.decision == game.decision.kind  # type: ignore[union-attr]
    visits = [c.visits for c in final.candidates]
    assert visits == sorted(visits, reverse=True) and sum(visits) >= 150
    assert len({c.text for c in final.candidates}) == len(final.candidates) >= 2
    # the best move is legal: its steps, played, complete the turn
    after = game.clone()
    turn = UR.turn_starts(game)[-1]
    for text in final.best.actions:
        after.apply(text)
    assert UR.turn_starts(after)[-1] > turn or after.is_over
    best = final.best
    assert best.value is not None and best.low is not None and best.high is not None
    assert best.low <= best.value <= best.high and len(best.values) == game.players
    assert final.explanation.startswith(best.text) and best.reason in final.explanation
    assert all("best other player" in c.reason for c in final.candidates)
    # send: the same tree, searched longer
    more = gen.send(0.2)
    extended = _to_final(gen, more)[-1]
    assert extended.final and extended.iterations > final.iterations
    assert extended.candidates[0].visits >= final.candidates[0].visits
    with pytest.raises(StopIteration):
        gen.send(None)


def test_a_focus_is_held_and_searched_as_much_as_the_best() -> None:
    game = _midgame()
    plain = analyze(game, iterations=60, seed=1)
    focus = plain.candidates[-1].actions
    gen = analyses(game, AnalysisRequest(iterations=60, seed=1, focus=focus))
    final = _to_final(gen, next(gen))[-1]
    held = final.candidate("; ".join(focus))
    assert held is not None and held.visits >= max(c.visits for c in final.candidates if c is not held)
    with pytest.raises(StopIteration):
        gen.send(1.0)  # a focus cannot be extended
    with pytest.raises(ValueError, match="not legal"):
        next(analyses(game, AnalysisRequest(iterations=5, focus=("no such step",))))


def test_a_game_without_its_own_analyze_gets_the_shared_one(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _midgame(30)
    monkeypatch.delattr(UR, "analyze")
    result = analyze(game, iterations=40, seed=2)
    assert result.final and "shared tree search" in result.notes[0] and result.iterations == 40
