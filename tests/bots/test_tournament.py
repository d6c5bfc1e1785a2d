"""The tournament runner: pairing, seeds, statistics on known inputs, local and Dask execution."""

from __future__ import annotations

import io
import json
import math

import pytest

from tigris_widget import Game
from tigris_widget.bots.tournament import (
    elo_ratings,
    lineups,
    load_rows,
    run_game,
    run_tournament,
    schedule,
    summarize,
    wilson,
    win_credit,
)
from tigris_widget.cli import main


def test_two_player_deals_are_paired_with_seats_swapped():
    tasks = schedule(["random", "greedy"], players=2, games=6, seed=5)
    assert len(tasks) == 6
    for a, b in zip(tasks[::2], tasks[1::2]):
        assert a.deal_seed == b.deal_seed and a.deal == b.deal
        assert a.bots == b.bots[::-1]
    assert len({t.deal_seed for t in tasks}) == 3
    seeds = [s for t in tasks for s in t.bot_seeds]
    assert len(set(seeds)) == len(seeds), "every bot gets its own random stream"
    assert schedule(["random", "greedy"], 2, 6, 5) == tasks, "same seed, same tournament"


def test_more_players_rotate_the_lineup_through_every_seat():
    tasks = schedule(["search", "greedy"], players=4, games=8, seed=1)
    assert lineups(["search", "greedy"], 4) == [("search", "greedy", "greedy", "greedy")]
    assert len(tasks) == 8
    first_deal = [t for t in tasks if t.deal == 0]
    assert sorted(t.bots.index("search") for t in first_deal) == [0, 1, 2, 3]
    assert len({t.deal_seed for t in first_deal}) == 1


def test_three_bots_two_players_play_every_pair():
    assert lineups(["random", "greedy", "search"], 2) == [
        ("random", "greedy"),
        ("random", "search"),
        ("greedy", "search"),
    ]
    with pytest.raises(ValueError, match="do not fit"):
        lineups(["a", "b", "c", "d", "e"], 4)


def test_wilson_interval_matches_known_values():
    low, high = wilson(81, 100)
    assert math.isclose(low, 0.7222, abs_tol=1e-4) and math.isclose(high, 0.8749, abs_tol=1e-4)
    assert wilson(0, 10)[0] == 0.0 and math.isclose(wilson(10, 10)[1], 1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_win_credit_shares_ties():
    assert win_credit([1, 2]) == [1.0, 0.0]
    assert win_credit([1, 1, 3]) == [0.5, 0.5, 0.0]


def test_elo_of_a_known_record():
    # 75 % against an equal number of games: 400·log10(3) ≈ 190.8 Elo.
    pairs = [("a", "b", 1.0)] * 75 + [("a", "b", 0.0)] * 25
    ratings = elo_ratings(pairs, ["b", "a"], prior=0.0)
    assert ratings["b"] == 0.0
    assert math.isclose(ratings["a"], 400 * math.log10(3), abs_tol=0.5)
    assert math.isfinite(elo_ratings([("a", "b", 1.0)] * 10, ["a", "b"])["b"])


def fake_row(bots, ranks, scores=None):
    return {"task": {"bots": list(bots)}, "ranks": list(ranks), "scores": scores or [0] * len(bots)}


def test_summary_of_known_results():
    rows = [fake_row(["x", "y"], [1, 2])] * 3 + [fake_row(["y", "x"], [1, 2])] + [fake_row(["x", "y"], [1, 1])]
    s = summarize(rows)
    assert s["games"] == 5
    assert s["bots"]["x"]["wins"] == 3.5 and s["bots"]["x"]["win_rate"] == 0.7
    assert s["bots"]["y"]["win_rate"] == 0.3
    assert s["head_to_head"]["x vs y"]["games"] == 5 and s["head_to_head"]["x vs y"]["rate"] == 0.7
    assert s["elo"]["x"] == 0.0 and s["elo"]["y"] < 0


def test_a_game_task_plays_to_the_end_and_its_record_replays():
    task = schedule(["random", "greedy"], 2, 2, seed=9)[0]
    row = run_game(task)
    assert sorted(row["ranks"]) in ([1, 2], [1, 1])
    game = Game.from_dict(row["record"])
    assert game.is_over and [r.rank for r in game.result] == row["ranks"]


def test_local_tournament_writes_records_and_summary(tmp_path):
    tasks = schedule(["random", "search:4"], 2, 2, seed=2)
    bar = io.StringIO()
    summary = run_tournament(tasks, workers=1, out_dir=str(tmp_path), progress=bar)
    assert "2/2 games" in bar.getvalue()
    rows = load_rows(str(tmp_path / "games.jsonl"))
    assert len(rows) == 2
    import gzip

    with gzip.open(tmp_path / "games.jsonl.gz", "wt") as f:
        f.write((tmp_path / "games.jsonl").read_text())
    assert load_rows(str(tmp_path / "games.jsonl.gz")) == rows
    assert json.loads((tmp_path / "summary.json").read_text())["games"] == 2
    assert summary["bots"]["search:4"]["seats_played"] == 2


def test_cli_tournament_and_summarize(tmp_path, capsys):
    assert main(["tournament", "--bots", "random,greedy", "--games", "2", "--seed", "4", "--quiet",
                 "--out", str(tmp_path)]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "greedy" in out and "95% CI" in out and "Elo" in out
    assert main(["tournament", "--summarize", str(tmp_path / "games.jsonl"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    assert main(["tournament", "--bots", "random,nobody", "--games", "2", "--quiet"]) == 2


def test_tournament_runs_on_a_local_dask_cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        tasks = schedule(["random", "greedy"], 2, 2, seed=3)
        rows: list[dict] = []
        summary = run_tournament(tasks, scheduler=cluster.scheduler_address, progress=None, on_result=rows.append)
    assert summary["games"] == 2
    rows.sort(key=lambda r: r["task"]["index"])
    local = [run_game(t) for t in tasks]
    assert [r["record"] for r in rows] == [r["record"] for r in local], "the cluster plays exactly the same games"


def _without_timing(rows):
    return [{k: v for k, v in row.items() if k not in ("seconds", "thinking_seconds")} for row in rows]


def test_a_stopped_tournament_resumes_where_it_stopped(tmp_path):
    tasks = schedule(["random", "greedy"], 2, 4, seed=6)
    whole = run_tournament(tasks, out_dir=str(tmp_path / "whole"), progress=None)
    played = []
    # the stop: two games written, and the third cut off while it was being written
    out = tmp_path / "stopped"
    run_tournament(tasks[:2], out_dir=str(out), progress=None)
    log = out / "games.jsonl"
    third = json.dumps(run_game(tasks[2]))
    log.write_text(log.read_text() + third[: len(third) // 2])
    summary = run_tournament(tasks, out_dir=str(out), progress=None, on_result=played.append, resume=True)
    assert [row["task"]["index"] for row in played] == [2, 3]  # only the games not on disk were played
    rows = sorted(load_rows(str(log)), key=lambda r: r["task"]["index"])
    assert _without_timing(rows) == _without_timing(load_rows(str(tmp_path / "whole" / "games.jsonl")))
    assert summary["games"] == 4
    for name, stats in whole["bots"].items():
        assert summary["bots"][name]["win_rate"] == stats["win_rate"]
        assert summary["bots"][name]["seats_played"] == stats["seats_played"]


def test_resume_refuses_the_games_of_another_tournament(tmp_path):
    run_tournament(schedule(["random", "greedy"], 2, 2, seed=6), out_dir=str(tmp_path), progress=None)
    before = (tmp_path / "games.jsonl").read_text()
    other = schedule(["random", "greedy"], 2, 2, seed=7)
    with pytest.raises(ValueError, match="line 1 is a game of another tournament"):
        run_tournament(other, out_dir=str(tmp_path), progress=None, resume=True)
    assert (tmp_path / "games.jsonl").read_text() == before
    with pytest.raises(ValueError, match="needs its output directory"):
        run_tournament(other, progress=None, resume=True)
    assert main(["tournament", "--bots", "random,greedy", "--games", "2", "--quiet", "--resume"]) == 2


def test_cli_resume_keeps_the_finished_games(tmp_path, capsys):
    args = ["tournament", "--bots", "random,greedy", "--games", "2", "--seed", "4", "--quiet", "--out", str(tmp_path)]
    assert main(args) == 0
    first = (tmp_path / "games.jsonl").read_text()
    assert main([*args, "--resume"]) == 0  # nothing left to play: the same games, the same summary
    assert (tmp_path / "games.jsonl").read_text() == first
    assert "2 games" in capsys.readouterr().out
