"""The calibration benchmark (``bots.calibration``): positions from ordinary play, its statistics on
hand-built runs and on a tiny real run, its data round trip and its command line's refusals."""

from __future__ import annotations

import pytest

from tigris_widget.bots.calibration import (
    PlayedPosition,
    PositionRuns,
    RunRecord,
    collect,
    format_summary,
    from_json,
    positions_from_play,
    score,
    to_json,
    wilson,
)
from tigris_widget.cli import main

CLEAR = ((0, 900, 0.70, 0.69, 0.71), (1, 300, 0.40, 0.38, 0.42))
"""A run whose verdict is clear for move 0."""
TIE = ((1, 900, 0.60, 0.59, 0.61), (2, 800, 0.60, 0.59, 0.61), (3, 5, 0.2, 0.1, 0.3))
"""A run too close to call between moves 1 and 2 (move 3 not examined)."""
ALONE = ((3, 1500, 0.60, 0.59, 0.61), (0, 4, 0.60, 0.5, 0.7))
"""A run that compared nothing with its first choice, move 3."""
FLAT = tuple((k, 400, 0.5, 0.48, 0.52) for k in (3, 0, 1, 2, 4))
"""A run in which no move stands out: five moves compared, first choice 3, none ruled out."""


def _item(*runs: tuple[tuple[int, int, float, float, float], ...]) -> PositionRuns:
    where = PlayedPosition("royal", 2, 1, 0, ("greedy", "greedy"), "move")
    records = tuple(RunRecord(s, 1000, 1.0, r) for s, r in enumerate(runs, 1))
    return PositionRuns(where, ("m0", "m1", "m2", "m3", "m4"), records, 4.0)


def test_scores_count_the_other_seeds_against_each_runs_verdict() -> None:
    s = score("royal", [_item(CLEAR, CLEAR, TIE, ALONE)])
    assert (s.runs, s.clear_runs, s.close_runs, s.alone_runs) == (4, 2, 1, 1)
    # each clear run (move 0): of its 3 other seeds, one other clear run names move 0
    assert (s.agree, s.agree_of) == (2, 6)
    # the tie lists {1, 2}: the others' tops are 0, 0, 3 -> none inside
    assert (s.covered, s.covered_of, s.listed) == (0, 3, 2.0)
    assert (s.alone_agree, s.alone_of) == (0, 3)
    assert s.distinguished == 0, "only two runs of four (the clear ones) tell two candidates apart: not most"
    d = s.summary()
    assert d["clear_share"] == 0.5 and d["clear_agreement"] == pytest.approx(1 / 3, abs=1e-3)
    assert d["not_examined_mean"] == 0.5


def test_runs_where_no_move_stands_out_are_scored_apart_from_listed_sets() -> None:
    s = score("royal", [_item(FLAT, CLEAR, TIE)])
    assert (s.runs, s.flat_runs, s.clear_runs, s.close_runs) == (3, 1, 1, 1)
    # the flat run's first choice is 3: the others' tops are 0 and 1, both among its five compared moves
    assert (s.flat_agree, s.flat_covered, s.flat_of, s.flat_listed) == (0, 2, 2, 5.0)
    # the listed set of the close run is scored without the flat run's: tops 3 and 0, neither in {1, 2}
    assert (s.covered, s.covered_of) == (0, 2)
    d = s.summary()
    assert (d["flat_runs"], d["flat_coverage"], d["flat_first_choice_agreement"]) == (1, 1.0, 0.0)
    assert "no move stands out" in format_summary(s)


def test_agreeing_runs_score_full_marks() -> None:
    s = score("royal", [_item(CLEAR, CLEAR, CLEAR)])
    assert (s.agree, s.agree_of, s.close_runs, s.distinguished) == (6, 6, 0, 1)
    low, high = wilson(s.agree, s.agree_of)
    assert 0.5 < low < 0.99 and high == pytest.approx(1.0)


def test_wilson_interval() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(95, 100)
    assert low == pytest.approx(0.888, abs=0.002) and high == pytest.approx(0.978, abs=0.002)


def test_positions_come_from_play_reproducibly() -> None:
    first = positions_from_play("royal", 8)
    assert [p.key for p in first] == [p.key for p in positions_from_play("royal", 8)]
    assert len({p.seed for p in first}) >= 2, "from more than one bot game"
    at = first[3].game_at()
    assert len(at.actions) == first[3].ply and at.decision is not None and len(at.decision.choices) > 1
    with pytest.raises(ValueError, match="positions must be a positive integer"):
        positions_from_play("royal", 0)
    # another base seed: other bot games, so fresh positions to check a rule on
    fresh = positions_from_play("royal", 8, base_seed=9000)
    assert min(p.seed for p in fresh) == 9000 and not {p.key for p in fresh} & {p.key for p in first}
    with pytest.raises(ValueError, match="base seed must be a whole number"):
        positions_from_play("royal", 2, base_seed=-1)


def test_a_tiny_real_run_and_its_data_round_trip() -> None:
    data = collect(positions_from_play("royal", 2), seeds=2, iterations=20)
    s = score("royal", data)
    assert s.runs == 4 and s.clear_runs + s.close_runs + s.alone_runs + s.flat_runs == 4
    assert s.agree_of == s.clear_runs and s.covered_of == s.close_runs and s.iterations_median == 20
    back = from_json(to_json(data))
    assert score("royal", back) == s
    with pytest.raises(ValueError, match="position 0: malformed"):
        from_json([{"game": "royal"}])
    with pytest.raises(ValueError, match="seeds must be a positive integer"):
        collect(positions_from_play("royal", 1), seeds=0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seeds", "0"], "--seeds must be a positive integer"),
        (["--seconds", "nan"], "--seconds must be a positive number"),
        (["--seconds", "-1"], "--seconds must be a positive number"),
        (["--positions", "0"], "--positions must be a positive integer"),
        (["--base-seed", "-3"], "--base-seed must be a whole number"),
    ],
)
def test_the_command_refuses_bad_options(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "calibration", "--game", "royal", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err


def test_the_command_runs_and_rescores(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    out = f"{tmp_path}/runs.json"
    assert main(["bench", "calibration", "--game", "royal", "--positions", "2", "--seeds", "2",
                 "--iterations", "20", "--json", out]) == 0  # fmt: skip
    first = capsys.readouterr().out
    assert "royal: 2 positions, 4 runs" in first
    assert main(["bench", "calibration", "--rescore", out]) == 0
    assert capsys.readouterr().out.startswith(first.strip())
