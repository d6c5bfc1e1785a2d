"""Is the default analysis stable? A benchmark on positions with a clear best move, for every game.

The test set (each game's ``games/<game>/bots/stability_positions.json``) holds positions from seeded bot games
where independent long searches (several seeds, each with its top moves searched to equal depth)
all name the same best move and it beats every measured rival by a paired interval over the runs
and by a clear margin (``MIN_MARGIN``). ``select_positions`` builds it (re-runnable: the same
settings give the same file); ``run_benchmark`` then asks the *default* analysis (``bots.analysis.analyze`` with no
budget, or the budget given) for its best move with several seeds and counts how often it names the
stored one. The bar is the same move in at least 9 of 10 seeds on every position.

    >>> from tigris_widget.bots.stability import load_positions, run_benchmark
    >>> positions = load_positions()[:1]
    >>> result = run_benchmark(positions, seeds=2, iterations=30)
    >>> len(result.rows), result.rows[0].seeds
    (1, 2)

Games are reached through ``core.registry.game_module`` only; a move is a tuple of action texts (one
action, or the steps of a whole turn), and two moves are the same when their texts are, or when they
lead to the same position (a turn's steps may be written in another order).
"""

from tigris_widget.bots.stability.bench import BAR, BenchResult, Row, format_table, run_benchmark
from tigris_widget.bots.stability.cli import add_parser, main
from tigris_widget.bots.stability.data import (
    DATA_NAME,
    FORMAT,
    MAX_FILE_CHARS,
    PHASES,
    StabilityDataError,
    StablePosition,
    check_position,
    data_path,
    load_positions,
    parse_positions,
    play_move,
    same_move,
    write_positions,
)
from tigris_widget.bots.stability.selection import (
    MIN_MARGIN,
    RIVAL_SHARE,
    RIVAL_VISITS,
    RIVALS,
    T975,
    Agreement,
    Pick,
    Separation,
    across_seeds,
    candidate_positions,
    lcb_choice,
    long_runs,
    select_positions,
    separation,
)

__all__ = [
    "BAR",
    "DATA_NAME",
    "FORMAT",
    "MAX_FILE_CHARS",
    "MIN_MARGIN",
    "PHASES",
    "RIVALS",
    "RIVAL_SHARE",
    "RIVAL_VISITS",
    "T975",
    "Agreement",
    "BenchResult",
    "Pick",
    "Row",
    "Separation",
    "StabilityDataError",
    "StablePosition",
    "across_seeds",
    "add_parser",
    "candidate_positions",
    "check_position",
    "data_path",
    "format_table",
    "lcb_choice",
    "load_positions",
    "long_runs",
    "main",
    "parse_positions",
    "play_move",
    "run_benchmark",
    "same_move",
    "select_positions",
    "separation",
    "write_positions",
]
