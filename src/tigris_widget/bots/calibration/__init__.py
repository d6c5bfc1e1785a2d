"""Is the analysis' verdict calibrated? A benchmark on positions from ordinary play, for every game.

``positions_from_play`` takes every n-th decision of seeded bot games (``positions.BASE_SEED``), not
chosen for having a clear answer; ``collect`` runs the default analysis with several seeds on each;
``score`` asks of every run's verdict (``core.analysis.verdict``): when it says *clear*, how many of
the other seeds name the same move; when it says *too close to call*, how many of the other seeds'
best moves lie in the set it lists, and how large that set is. Two moves are the same when their texts
are or they lead to the same position (``bots.stability.same_move``).

    >>> from tigris_widget.bots.calibration import collect, positions_from_play, score
    >>> data = collect(positions_from_play("royal", 1), seeds=2, iterations=20)
    >>> score("royal", data).runs
    2
"""

from tigris_widget.bots.calibration.bench import (
    TARGET,
    PositionRuns,
    RunRecord,
    Score,
    collect,
    format_summary,
    from_json,
    score,
    to_json,
    wilson,
)
from tigris_widget.bots.calibration.cli import add_parser, main
from tigris_widget.bots.calibration.positions import BASE_SEED, PER_GAME, PlayedPosition, positions_from_play

__all__ = [
    "BASE_SEED",
    "PER_GAME",
    "TARGET",
    "PlayedPosition",
    "PositionRuns",
    "RunRecord",
    "Score",
    "add_parser",
    "collect",
    "format_summary",
    "from_json",
    "main",
    "positions_from_play",
    "score",
    "to_json",
    "wilson",
]
