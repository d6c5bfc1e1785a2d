"""The command ``python -m tigris_widget bench calibration``: positions from ordinary play, the default
analysis with several seeds on each, and how often its verdict (clear / too close to call) is right
about the other seeds; ``--rescore FILE`` scores a saved run again with today's rule, without searching."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

from tigris_widget.bots.calibration.bench import (
    PositionRuns,
    collect,
    format_summary,
    from_json,
    machine,
    score,
    to_json,
)
from tigris_widget.bots.calibration.positions import BASE_SEED, positions_from_play
from tigris_widget.core.files import read_text_file
from tigris_widget.core.registry import games

FORMAT = "tigris_widget calibration runs 1"
MAX_FILE_CHARS = 50_000_000


def add_parser(sub: Any) -> None:
    """The ``calibration`` sub-command of ``bench``."""
    p = sub.add_parser("calibration", help="is the analysis' verdict (clear / too close to call) right across seeds?")
    p.add_argument("--game", dest="cal_game", choices=games(), help="one game only (default: every game)")
    p.add_argument("--positions", dest="cal_positions", metavar="N", type=int, default=40,
                   help="positions per game, from seeded bot games (default 40)")  # fmt: skip
    p.add_argument("--base-seed", dest="cal_base_seed", metavar="SEED", type=int, default=BASE_SEED,
                   help=f"the bot games' first seed (default {BASE_SEED}, the published positions; another "
                   "gives fresh positions to check a rule on)")  # fmt: skip
    p.add_argument(
        "--seeds", dest="cal_seeds", metavar="N", type=int, default=10, help="analyses per position (default 10)"
    )
    p.add_argument("--seconds", dest="cal_seconds", metavar="SECONDS", type=float,
                   help="budget per analysis (default: the default analysis' budget)")  # fmt: skip
    p.add_argument(
        "--iterations", dest="cal_iterations", metavar="N", type=int, help="budget per analysis in iterations"
    )
    p.add_argument("--json", dest="cal_json", metavar="FILE",
                   help="write every run and the scores to FILE (rewritten after each position)")  # fmt: skip
    p.add_argument("--rescore", dest="cal_rescore", metavar="FILE",
                   help="instead: score the runs saved in FILE (by --json) with the current rule")  # fmt: skip


def _check(args: Any) -> None:
    for name, value in (("--positions", args.cal_positions), ("--seeds", args.cal_seeds)):
        if value < 1:
            raise ValueError(f"{name} must be a positive integer, not {value}")
    if args.cal_base_seed < 0:
        raise ValueError(f"--base-seed must be a whole number ≥ 0, not {args.cal_base_seed}")
    if args.cal_iterations is not None and args.cal_iterations < 1:
        raise ValueError(f"--iterations must be a positive integer, not {args.cal_iterations}")
    if args.cal_seconds is not None and (not math.isfinite(args.cal_seconds) or args.cal_seconds <= 0):
        raise ValueError(f"--seconds must be a positive number, not {args.cal_seconds}")


def _write(path: str, data: dict[str, list[PositionRuns]], settings: dict[str, Any]) -> None:
    out = {"format": FORMAT, "settings": settings, "machine": machine(),
           "scores": {g: score(g, runs).summary() for g, runs in data.items() if runs},
           "positions": [row for runs in data.values() for row in to_json(runs)]}  # fmt: skip
    Path(path).write_text(json.dumps(out, indent=0) + "\n", encoding="utf-8")


def _rescore(path: str, only: str | None) -> int:
    saved = json.loads(read_text_file(Path(path), "calibration runs", MAX_FILE_CHARS))
    if not isinstance(saved, dict) or saved.get("format") != FORMAT:
        raise ValueError(f"{path}: not calibration runs (its 'format' must be {FORMAT!r})")
    rows = from_json(saved.get("positions"))
    for name in sorted({r.position.game for r in rows}):
        if only is None or name == only:
            print(format_summary(score(name, [r for r in rows if r.position.game == name])))
    print(f"runs saved with: {saved.get('settings')}")
    return 0


def main(args: Any) -> int:
    """Run ``bench calibration`` with parsed arguments (see ``add_parser``)."""
    try:
        if args.cal_rescore:
            return _rescore(args.cal_rescore, args.cal_game)
        _check(args)
        names = [args.cal_game] if args.cal_game else list(games())
        settings = {"positions": args.cal_positions, "seeds": args.cal_seeds, "base_seed": args.cal_base_seed,
                    "seconds": args.cal_seconds, "iterations": args.cal_iterations}  # fmt: skip
        data: dict[str, list[PositionRuns]] = {}
        for name in names:
            positions = positions_from_play(name, args.cal_positions, args.cal_base_seed)
            data[name] = []

            def done(item: PositionRuns, name: str = name) -> None:
                data[name].append(item)
                tops = [item.moves[r.top] for r in item.runs]
                print(f"  {item.position.key}: {len(set(tops))} different best moves over {len(tops)} seeds",
                      file=sys.stderr, flush=True)  # fmt: skip
                if args.cal_json:
                    _write(args.cal_json, data, settings)

            collect(positions, seeds=args.cal_seeds, iterations=args.cal_iterations, seconds=args.cal_seconds,
                    progress=done)  # fmt: skip
            print(format_summary(score(name, data[name])), flush=True)
    except (ValueError, OSError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0
