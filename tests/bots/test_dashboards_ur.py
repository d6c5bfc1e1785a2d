"""BotInspector and BotMatch on an Ur game (widget models, no browser): the same dashboards as for T&E,
with whole turns as candidates; no heat map where every square would read the same; "What if" and a
move on the board take the analysis of the position before off the screen."""

from __future__ import annotations

import pytest

from tigris_widget import Game
from tigris_widget.bots import make_bot
from tigris_widget.bots.analysis import verdict
from tigris_widget.core.registry import game_module

from .test_ur_analysis import RICH

pytest.importorskip("ipywidgets")

UR = game_module("ur")


def test_the_inspector_shows_whole_turns_with_reasons_and_a_heat_map() -> None:
    from tigris_widget.jupyter import BotInspector

    game = UR.game_from_position(RICH)
    inspector = BotInspector(game)
    updates: list[int] = []
    inspector.details.observe(lambda _change: updates.append(1), names="value")
    result = inspector.think(iterations=120, every=0.0)
    assert result.final and result.game == "ur" and len(updates) >= 2
    assert list(inspector.candidates.options) == [(c.label, c.text) for c in result.candidates]
    assert inspector.candidates.value == result.best.text and result.best.text in inspector.table.value
    assert inspector.heatmap_choice.value == "turns" and inspector.board.heatmap
    overlay = inspector.board.overlay
    call = verdict(result)  # the best alone when it is clear or nothing was compared, else every tied turn
    start = ("Best: " if call.clear else "No move stands out: " if call.flat
             else "Too close to call: " if call.compared else "Best (not compared): ")  # fmt: skip
    assert overlay["caption"].startswith(start)
    assert result.best.text in overlay["caption"]
    marked = {q for text in call.texts for q in result.marks[text].squares}
    assert {h["square"] for h in overlay["highlights"]} == marked
    inspector.candidates.value = result.candidates[1].text  # a pick shows that candidate alone
    assert inspector.board.overlay["caption"] == f"Candidate: {result.candidates[1].text}"
    assert "vs the best move" in overlay["heatmap_legend"]["title"]
    details = inspector.details.value
    assert "Why:" in details and "Nothing is hidden" in details and "Heat map:" in details
    assert inspector.cheating.disabled, "Ur hides nothing: there is no all-seeing mode to compare"


LOST = """\
3 players · start player P2 · to move: P1 · ziggurats left: 5 · options: defaults
      x=0       x=1       x=2       x=3       x=4       x=5
y=0   Tw:2x5    Ca:2x1    Pw:2x1    Wc:0x2    Tc:0x1    Wa:2x1
y=1   Tc:0x1    Ap:0x1    Cw:0x1    Cp:2x1    Wt:2x1    Cp:1x1
y=2   Ac:0x1    Pc:2x1    At:1x1    Tw:2x1    At:0x1    Ta:0x1
y=3   Ap:1x1    Ac        Wc:0x1    Ap:0x1    Pw        Wc:0x1
y=4   Wp        Aw:2x1    Pt:1x1    Ca:1x1    Tp:1x1    Pw:0x1
y=5   Tc:2x1    Pc:1x2    Wa:1x1    Tp:1x1    Pa:0x1    Ct:0x1
hands: P0=TP  P1=TW  P2=AT   spare: AW
supplies: P0=5  P1=10  P2=6
"""
"""P1's last turn of a game it has lost whatever it does (from a greedy game, seed 2, ply 82): every
candidate is worth the same, 0."""


def test_no_heat_map_where_every_square_reads_the_same() -> None:
    from tigris_widget.jupyter import BotInspector

    inspector = BotInspector(UR.game_from_position(LOST))
    result = inspector.think(iterations=40, every=0.0)
    assert len({c.value for c in result.candidates}) == 1
    assert inspector.board.heatmap == b"" and "heatmap_legend" not in inspector.board.overlay
    assert list(inspector.heatmap_choice.options) == [("none", "")]
    assert "No heat map" in inspector.details.value


def test_what_if_plays_a_whole_turn_and_never_leaves_a_stale_analysis() -> None:
    from tigris_widget.jupyter import BotInspector

    game = UR.game_from_position(RICH)
    inspector = BotInspector(game)
    result = inspector.think(iterations=60, every=0.0)
    second = result.candidates[1]
    inspector.candidates.value = second.text
    inspector.what_if()
    assert len(inspector.game) == len(second.actions) and len(game) == 0, "the caller's game is untouched"
    assert inspector.analysis is None and inspector.table.value == "" and inspector.candidates.options == ()
    assert "What if" in inspector.details.value and inspector.board.heatmap == b""
    assert inspector.board.overlay == {"caption": f"What if: {second.text} — press Back to return"}
    after = inspector.think(iterations=30, every=0.0)  # Think analyses the position on the board now
    assert after.seat == inspector.game.to_move and after.seat != result.seat
    inspector.back()
    assert len(inspector.game) == 0 and inspector.analysis is result, "Back shows the analysis of that position"
    assert result.best.text in inspector.table.value


def test_tigris_what_if_clears_the_analysis_too() -> None:
    from tigris_widget.jupyter import BotInspector

    inspector = BotInspector(Game.new(players=2, seed=7))
    result = inspector.think(iterations=60, every=0.0)
    inspector.what_if()
    assert inspector.analysis is None and inspector.table.value == "" and "What if" in inspector.details.value
    inspector.back()
    assert inspector.analysis is result
    assert "Fair: the search sees only what this player sees" in inspector.details.value


def test_the_match_plays_the_bots_and_gives_an_ur_hint_that_leaves_with_the_position() -> None:
    from tigris_widget.jupyter import BotMatch

    game = UR.game_from_position(RICH)
    seat = game.to_move
    bots = {p: make_bot("greedy", seed=p, game="ur") for p in range(3) if p != seat}
    match = BotMatch(game, seat=seat, opponents=bots, delay=0)
    hint = match.hint(iterations=60, every=0.0)
    assert hint is not None and hint.seat == seat and hint.game == "ur"
    assert match.board.overlay["caption"].startswith("Hint") and hint.best.text in match.board.overlay["caption"]
    assert match.board.heatmap
    call = verdict(hint)
    said = ("Best:" if call.clear else "No move stands out" if call.flat
            else "Too close to call" if call.compared else "Searched most:")  # fmt: skip
    assert said in match.panel.value
    assert "Why:" in match.panel.value and hint.best.text in match.table.value
    played = len(game)
    for step in hint.best.actions:
        match.board.play(step)
        assert match.board.overlay == {} and match.panel.value == "", "a hint never outlives its position"
    assert len(game) > played + len(hint.best.actions), "the bots answered"
    assert game.is_over or game.to_move == seat


def test_the_match_hint_on_a_flat_position_writes_no_numbers() -> None:
    from tigris_widget.jupyter import BotMatch

    game = UR.game_from_position(LOST)
    seat = game.to_move
    match = BotMatch(game, seat=seat, opponents=make_bot("random", game="ur"), delay=0)
    match.hint(iterations=30, every=0.0)
    assert match.board.heatmap == b"" and "No heat map" in match.panel.value


def test_the_default_opponents_are_the_games_greedy_bots() -> None:
    from tigris_widget.jupyter import BotMatch

    match = BotMatch(UR.new_game(3, 11, None), seat=1, delay=0)
    assert {type(b).__name__ for b in match.bots.values()} == {"TurnGreedyBot"}
    assert match.game.to_move == 1


@pytest.mark.parametrize("thing", ["P1: cube (0,0)", 42, None, object()], ids=["text", "int", "none", "object"])
def test_what_is_no_game_is_refused_with_a_value_error(thing: object) -> None:
    from tigris_widget.bots.analysis import analyze
    from tigris_widget.jupyter import BotInspector, BotMatch

    for make in (BotInspector, BotMatch, analyze):
        with pytest.raises(ValueError, match="a game is needed"):
            make(thing)  # type: ignore[operator]


def test_a_hand_built_game_of_an_unknown_kind_is_refused() -> None:
    from tigris_widget.bots.analysis import analyze
    from tigris_widget.core.registry import UnknownGameError

    class Fake:
        name = "chess"
        is_over = False

        def clone(self) -> Fake:
            return self

    with pytest.raises(UnknownGameError):
        analyze(Fake())  # type: ignore[arg-type]
    game = UR.game_from_position(RICH)

    class LookAlike(Fake):
        name = "ur"

    with pytest.raises(ValueError, match="one of that game's own objects"):
        analyze(LookAlike())  # type: ignore[arg-type]
    assert game.to_position() == UR.game_from_position(RICH).to_position()
