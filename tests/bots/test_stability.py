"""The analysis stability benchmark (``bots/stability/``): each game's shipped test set is sound, the
benchmark runs (a game without a test set is skipped, saying so), bad data is refused. Fast: tiny
budgets only; the real numbers are in docs/results/analysis-stability.md."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tigris_widget.bots import stability as st
from tigris_widget.cli import main
from tigris_widget.core.analysis import Analysis, Candidate
from tigris_widget.core.registry import game_module, games

POSITIONS = st.load_positions()
WITH_DATA = [game for game in games() if st.data_path(game).is_file()]
"""The games that ship a test set (in their own folder)."""
SHARED = next(game for game in games() if game_module(game).bot_rules() is not None)
"""A game the shared bots serve: its searches are cheap enough for a selection run in a test."""


def _one_per_game() -> list[st.StablePosition]:
    return [next(p for p in POSITIONS if p.game == game) for game in WITH_DATA]


@pytest.mark.parametrize("game", WITH_DATA)
def test_each_shipped_test_set_holds_its_games_positions(game: str) -> None:
    mine = st.load_positions(st.data_path(game))
    assert mine and all(p.game == game for p in mine), "a game's file holds that game's positions only"
    assert {p.players for p in mine} <= set(game_module(game).PLAYERS), game
    assert [p for p in POSITIONS if p.game == game] == mine, "the shipped sets are what load_positions reads"


def test_a_game_without_a_test_set_is_skipped_with_a_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(st.data, "data_path", lambda game: tmp_path / game / st.DATA_NAME)
    assert st.load_positions() == []
    assert main(["bench", "stability", "--game", SHARED, "--seeds", "1", "--iterations", "5"]) == 0
    assert f"{SHARED}: no stability test set" in capsys.readouterr().err


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: p.key)
def test_every_position_loads_and_its_best_move_is_legal(position: st.StablePosition) -> None:
    game = st.check_position(position)
    assert game.to_position() == position.position
    assert game.decision is not None and game.decision.kind == position.decision
    assert game.players == position.players
    assert position.margin >= st.MIN_MARGIN, "a clear best: the margin rule holds for every game"
    runs = position.long["runs"]
    assert len(runs) >= 3 and all(st.same_move(game, position.best, run["best"]) for run in runs)


def test_the_benchmark_runs_on_two_positions_with_two_seeds() -> None:
    result = st.run_benchmark(_one_per_game()[:2], seeds=2, iterations=20)
    assert len(result.rows) == 2
    for row in result.rows:
        assert row.seeds == 2 and 0 <= row.hits <= 2 and row.iterations == (20, 20)
        assert sum(n for _, n in row.picks) == 2
        assert row.passed == (row.hits == 2)
    text = st.format_table(result)
    assert all(row.key in text for row in result.rows) and "iterations per analysis" in text
    assert st.format_table(result, markdown=True).startswith("| position |")
    assert result.budget == "20 iterations"


def test_the_command_prints_and_writes_markdown(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "table.md"
    code = main(["bench", "stability", "--game", "ur", "--limit", "1", "--seeds", "1", "--iterations", "10",
                 "--markdown", str(out)])  # fmt: skip
    assert code == 0
    assert "ur: " in capsys.readouterr().out
    assert out.read_text().startswith("| position |")
    assert main(["bench", "stability", "--positions", str(tmp_path / "missing.json")]) == 2


def test_same_move_compares_what_the_moves_do() -> None:
    p = _one_per_game()[0]
    game = p.game_at()
    assert st.same_move(game, p.best, p.best)
    other = next(str(a) for a in game.legal_actions() if not st.same_move(game, p.best, (str(a),)))
    assert not st.same_move(game, p.best, (other,))
    assert not st.same_move(game, p.best, ("no such action",))


def _data(**changes: object) -> dict[str, object]:
    row: dict[str, object] = {
        "key": "k",
        "game": POSITIONS[0].game,
        "players": POSITIONS[0].players,
        "phase": "opening",
        "decision": POSITIONS[0].decision,
        "position": POSITIONS[0].position,
        "best": list(POSITIONS[0].best),
        "margin": 0.1,
    }
    row.update(changes)
    return {"format": st.FORMAT, "positions": [row]}


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (None, "not a stability test set"),
        ({"format": "other"}, "not a stability test set"),
        ({"format": st.FORMAT, "positions": {}}, "'positions' must be a list"),
        ({"format": st.FORMAT, "positions": [3]}, "a position is an object"),
        (_data(game="chess"), "unknown game 'chess'"),
        (_data(best=[]), "'best' must be a non-empty list"),
        (_data(best="pass"), "'best' is missing"),
        (_data(phase="endgame"), "'phase' must be one of"),
        (_data(players=True), "'players' is missing or not a int"),
        (_data(margin="big"), "'margin'"),
        ({"format": st.FORMAT, "positions": [_data()["positions"][0]] * 2}, "used twice"),  # type: ignore[index]
    ],
)
def test_malformed_data_is_refused_by_name(data: object, words: str) -> None:
    with pytest.raises(st.StabilityDataError, match=words):
        st.parse_positions(data)


def test_bad_positions_and_moves_are_refused(tmp_path: Path) -> None:
    (bad := tmp_path / "bad.json").write_text("{nope")
    with pytest.raises(st.StabilityDataError, match="not JSON"):
        st.load_positions(bad)
    [p] = st.parse_positions(_data(position="garbage"))
    with pytest.raises(st.StabilityDataError, match="does not load"):
        st.check_position(p)
    [p] = st.parse_positions(_data(best=["no such action"]))
    with pytest.raises(st.StabilityDataError, match="is not legal"):
        st.check_position(p)
    with pytest.raises(st.StabilityDataError, match="list of action texts"):
        st.play_move(POSITIONS[0].game_at(), "pass")
    with pytest.raises(ValueError, match="seeds"):
        st.run_benchmark(POSITIONS[:1], seeds=0)


def test_the_selection_is_deterministic_by_seed() -> None:
    game = SHARED
    first = st.select_positions(game, seed=3, games_per_count=1, screen_iterations=40, long_iterations=80,
                                long_seeds=2, long_candidates=2)  # fmt: skip
    again = st.select_positions(game, seed=3, games_per_count=1, screen_iterations=40, long_iterations=80,
                                long_seeds=2, long_candidates=2)  # fmt: skip
    strip = [[(p.key, p.best, p.margin) for p in kept] for kept, _ in (first, again)]
    assert strip[0] == strip[1] and first[1]["candidates"] > 0


def _run(*rows: tuple[str, int, float]) -> Analysis:
    cands = tuple(Candidate((text,), visits, value) for text, visits, value in rows)
    return Analysis("test", 0, "action", True, "chance to win", cands, sum(r[1] for r in rows), 1.0)


def test_a_long_search_keeps_a_best_only_when_independent_runs_agree_and_separate_it() -> None:
    game = POSITIONS[0].game_at()
    steady = [_run(("a", 900, 0.60 + d), ("b", 300, 0.55 + d), ("c", 5, 0.9)) for d in (0.0, 0.01, -0.01, 0.005)]
    verdict = st.across_seeds(game, steady)
    assert verdict.apart and verdict.best == ("a",) and verdict.second == ("b",)
    assert verdict.margin == pytest.approx(0.05) and 0 < verdict.low <= 0.05, "c has too few visits to count"
    # every run names a, but the gap to b swings around 0: the runs do not separate them
    swinging = [_run(("a", 900, 0.60), ("b", 800, 0.60 - d)) for d in (0.04, -0.01, 0.03, -0.005)]
    verdict = st.across_seeds(game, swinging)
    assert verdict.best == ("a",) and not verdict.apart and verdict.low < 0
    # the runs name different moves
    split = [_run(("a", 900, 0.6), ("b", 300, 0.5)), _run(("b", 900, 0.6), ("a", 300, 0.5))]
    assert st.across_seeds(game, split) == st.Agreement(None, None, 0.0, 0.0, False)
    # a rival that some runs left out must lose in every run that has it
    partial = [_run(("a", 900, 0.6), ("b", 300, 0.5)), _run(("a", 900, 0.6)), _run(("a", 900, 0.6), ("b", 300, 0.52))]
    assert st.across_seeds(game, partial).apart
    # the runs agree and separate a from b, but by one point of win chance: too close to be a clear best
    narrow = [_run(("a", 900, 0.60 + d), ("b", 300, 0.59 + d)) for d in (0.0, 0.01, -0.01, 0.005)]
    verdict = st.across_seeds(game, narrow)
    assert verdict.best == ("a",) and verdict.low > 0 and verdict.margin == pytest.approx(0.01)
    assert not verdict.apart and verdict.margin < st.MIN_MARGIN
    assert st.across_seeds(game, narrow, min_margin=0.005).apart, "only the margin keeps it out"
    # nothing else got more than a handful of visits in any run: no rival was measured, so not kept
    lonely = [_run(("a", 5000, 0.7), ("b", 20, 0.5)) for _ in range(3)]
    assert not st.across_seeds(game, lonely).apart


CLOSE = (
    "tigris-position 2\n"
    "board: classic\n"
    "players: archer bull\n"
    "variants: none\n"
    "options: bag_empty_end=finish_turn scores=open\n"
    "turn: 53 bull 1\n"
    "archer: hand=rbbbgg vp=16,14,23,17 treasures=2 catastrophes=0 discarded=-\n"
    "bull: hand=rrbbbg vp=13,12,6,7 treasures=3 catastrophes=0 discarded=-\n"
    "bag: rrkbbkggkbrkkrbkbbgkkrrgkgrggbrgkbrbbkrbg\n"
    "out: k8 r29 b10 g10\n"
    "monuments: kb (2,0) k, bg (11,3) g\n"
    "\n"
    "      0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15\n"
    " 0    x  .  m  m  b  b  b  b  b  r  r  k  b  k  r  r\n"
    " 1    .  x  m  m  ~  k  .  k  g  x Bg  r  ~  g Ak  r\n"
    " 2    .  .  .  b  ~  x  .  .  k Bb  r  k  ~  ~  . Br\n"
    " 3    ~  ~  ~  ~  .  .  .  .  r  .  .  m  m  ~  ~  ~\n"
    " 4    .  .  .  .  .  .  .  .  g  .  k  m  m  r  ~  ~\n"
    " 5    .  .  .  .  .  .  .  .  g  .  .  .  .  .  ~  .\n"
    " 6    b  b  ~  ~  .  .  .  . r*  .  .  .  ~  ~  ~  .\n"
    " 7    . r* Ar  ~  ~  ~  ~  .  .  .  .  .  ~  .  .  .\n"
    " 8    .  .  r  .  .  .  ~  ~  ~  ~  ~  ~  ~  . r*  .\n"
    " 9    .  .  .  .  . r*  .  .  .  .  .  .  .  .  .  .\n"
    "10    .  .  .  .  .  .  .  .  .  . r*  .  .  .  .  .\n"
)
"""A T&E tile placement (``tigris-2p-s1202-181`` of an earlier set) whose best leads by 0.007 only:
out of the test set since the margin rule, kept here as a position the long search cannot separate."""


def test_the_long_search_measures_the_rivals_and_rejects_a_rival_it_cannot_separate() -> None:
    game = game_module("tigris").game_from_position(CLOSE)
    runs = st.long_runs(game, 300, [101, 102], top=3, visits=100)
    for run in runs:
        measured = [c for c in run.candidates if c.visits >= 100]
        assert len(measured) >= 3, "the three most visited moves are searched to the visits asked"
    # the runs measured different third moves: each run is searched again with the other's measured too
    assert {c.actions for c in runs[0].candidates} == {c.actions for c in runs[1].candidates}
    assert not st.across_seeds(game, runs).apart


def test_the_selection_long_searches_named_candidates_only(tmp_path: Path) -> None:
    game = SHARED
    picks = st.candidate_positions(game, 1, 3)[:3]
    keys = [picks[2].key, picks[0].key]
    log = io.StringIO()
    st.select_positions(game, seed=3, long_iterations=40, long_seeds=2, picks=picks, only=keys, progress=log)
    text = log.getvalue()
    assert "  screen " not in text and text.index(keys[0]) < text.index(keys[1]) and picks[1].key not in text
    with pytest.raises(st.StabilityDataError, match="not among the candidate"):
        st.select_positions(game, picks=picks, only=["nope"])
