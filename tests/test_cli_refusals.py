"""Arguments the command line refuses before any work, with one ``error: …`` line and exit code 2 —
never a traceback, never a hang, never a game played and then lost."""

from __future__ import annotations

import pytest

from tigris_widget.bots import make_bot
from tigris_widget.bots.budget import Budget
from tigris_widget.cli import main


@pytest.mark.parametrize("game", ["tigris", "ur"])
@pytest.mark.parametrize("budget", ["nans", "infs", "1e400s", "9" * 400 + "s", "0s", "-1", "0", "²", "٣", "1_000"])
def test_a_search_budget_that_never_ends_or_names_nothing_is_refused(
    game: str, budget: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # before: search:nans hung (T&E) or raised OverflowError / "cannot convert float NaN" (Ur)
    assert main(["play", "--game", game, "--bot", f"search:{budget}"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: search budget ") and err.count("\n") == 1 and len(err) < 300
    with pytest.raises(ValueError, match="search budget"):
        make_bot(f"search:{budget}", game=game)


@pytest.mark.parametrize("seconds", [float("nan"), float("inf"), -1.0, 0.0, True])
def test_a_budget_of_seconds_is_a_finite_positive_number(seconds: float) -> None:
    with pytest.raises(ValueError, match="seconds must be a finite positive number"):
        Budget(seconds=seconds)


@pytest.mark.parametrize("args", [["--seconds", "-1"], ["--seconds", "nan"], ["--seconds", "0"],
                                  ["--seconds", "inf"], ["--game", "ur", "--seconds", "nan"],
                                  ["--compare", "--seconds", "nan"], ["--compare", "--rounds", "0"]])  # fmt: skip
def test_bench_refuses_a_time_it_cannot_measure(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    # before: ZeroDivisionError traceback (or a hang for inf)
    assert main(["bench", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and ("seconds must be" in err or "rounds must be" in err)
