"""``python -m tigris_widget puzzles …``: list, show, verify and mine puzzles.

puzzles list [--theme T] [--source mined|hand-made] [--json]
puzzles show ID
puzzles verify [ID …] [--quiet]          # exit 1 if any puzzle fails
puzzles mine --games N [--seed S] --workers K [--settings all|variants] [--scheduler ADDR]
             [--out FILE] [--add-to FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from tigris_widget.games.tigris.engine.core.types import COLOUR_CODES


def add_parser(sub: Any) -> None:
    """Register ``puzzles`` and its subcommands on the main parser's subparsers."""
    p = sub.add_parser("puzzles", help="list, show, verify and mine puzzles", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    cmd = p.add_subparsers(dest="puzzles_command", required=True)
    ls = cmd.add_parser("list", help="the puzzles, easiest first")
    ls.add_argument("--theme", help="only puzzles with this theme (see 'puzzles themes')")
    ls.add_argument("--source", choices=("mined", "hand-made"))
    ls.add_argument("--json", action="store_true", help="print a JSON list")
    cmd.add_parser("themes", help="every theme, with its meaning and how many puzzles have it")
    show = cmd.add_parser("show", help="a puzzle: position, goal, themes, solution")
    show.add_argument("id")
    ver = cmd.add_parser("verify", help="check puzzles with the solver (all without IDs); exit 1 if any fails")
    ver.add_argument("ids", nargs="*", metavar="ID")
    ver.add_argument("--quiet", action="store_true", help="print only failures and the total")
    mine = cmd.add_parser("mine", help="play games between bots and mine puzzles from them")
    mine.add_argument("--games", type=int, default=20)
    mine.add_argument("--seed", type=int, default=0, help="fixes every game (and so every puzzle)")
    mine.add_argument("--workers", type=int, default=1, help="local worker processes (1: this process)")
    mine.add_argument("--settings", choices=("all", "variants"), default="all",
                      help="variants: only games with buildings or the ziggurat, only puzzles about them")  # fmt: skip
    mine.add_argument("--scheduler", help="Dask scheduler address (tcp://host:8786) instead of local processes")
    mine.add_argument("--out", help="write the puzzles here (JSON, the format of the shipped library)")
    mine.add_argument("--add-to", metavar="FILE",
                      help="add the new puzzles to this library file, keeping the puzzles already in it")  # fmt: skip
    mine.add_argument("--quiet", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    try:
        return {"list": _list, "themes": _themes, "show": _show, "verify": _verify, "mine": _mine}[
            args.puzzles_command
        ](args)
    except (ValueError, OSError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2


def _lookup(key: str) -> Any:
    from tigris_widget.puzzles.library import library

    lib = library()
    if key not in lib:
        raise ValueError(f"no puzzle {key!r} (see 'python -m tigris_widget puzzles list')")
    return lib[key]


def _list(args: argparse.Namespace) -> int:
    from tigris_widget.puzzles.library import select, summary

    rows = [summary(p) for p in select(theme=args.theme, source=args.source)]
    if args.json:
        print(json.dumps(rows, indent=1, ensure_ascii=False))
        return 0
    for r in rows:
        print(f"{r['id']:<18} {r['difficulty']:>5} {r['label']:<12} {r['players']}p {r['source']:<9} "
              f"{r['title']:<34} {', '.join(r['themes'])}")  # fmt: skip
    print(f"{len(rows)} puzzles")
    return 0


def _themes(_args: argparse.Namespace) -> int:
    from tigris_widget.games.tigris.puzzles.miner import THEMES
    from tigris_widget.puzzles.library import select

    for theme, meaning in THEMES.items():
        print(f"{theme:<15} {len(select(theme=theme)):>4}  {meaning}")
    return 0


def _show(args: argparse.Namespace) -> int:
    p = _lookup(args.id)
    game = p.game()
    s = game.state
    names = s.setup.dynasties
    print(f"{p.key}: {p.title}  ({p.elo}, {p.label}; {p.source})")
    print(f"{names[p.seat].capitalize()} to play. {p.goal.text}")
    print("Themes:", ", ".join(p.themes) or "-")
    if p.origin:
        o = p.origin
        print(f"From a game: {o.get('players')} players, {o.get('board')} board, variants {o.get('variants') or 'none'}, "
              f"bots {', '.join(o.get('bots', []))}, seed {o.get('seed')}, action {o.get('ply')}")  # fmt: skip
    hands = ", ".join(
        f"{n}: {''.join(COLOUR_CODES[c] * k for c, k in enumerate(s.hand(i)))}" for i, n in enumerate(names)
    )
    print("Hands:", hands)
    print()
    print(p.position)
    print("Solution:", ", ".join(p.solution))
    if p.explanation:
        print(p.explanation)
    return 0


def _verify(args: argparse.Namespace) -> int:
    from tigris_widget.games.tigris.puzzles.miner import verify
    from tigris_widget.puzzles.library import library

    lib = library()
    keys = args.ids or list(lib)
    for key in keys:
        if key not in lib:
            raise ValueError(f"no puzzle {key!r} (see 'python -m tigris_widget puzzles list')")
    failed = 0
    start = time.perf_counter()
    for key in keys:
        t = time.perf_counter()
        problems = verify(lib[key])
        if problems:
            failed += 1
            print(f"FAIL {key}: {'; '.join(problems)}")
        elif not args.quiet:
            print(f"ok   {key} ({time.perf_counter() - t:.2f}s)")
    print(f"{len(keys) - failed} passed, {failed} failed in {time.perf_counter() - start:.1f}s")
    return 1 if failed else 0


def _mine(args: argparse.Namespace) -> int:
    from tigris_widget.core.files import load_json, read_text_file
    from tigris_widget.games.tigris.puzzles.miner import (
        MAX_PUZZLE_FILE_CHARS,
        add_run,
        check_puzzle_file,
        mine,
        schedule,
    )

    if args.workers < 1:
        raise ValueError(f"--workers must be at least 1, not {args.workers}")
    library = None
    if args.add_to:  # read and check it now, not after a long mining run
        text = read_text_file(args.add_to, "puzzle library", MAX_PUZZLE_FILE_CHARS)
        library = check_puzzle_file(load_json(text, "puzzle library", MAX_PUZZLE_FILE_CHARS), args.add_to)
    tasks = schedule(args.games, args.seed, args.settings)
    result = mine(tasks, args.workers, args.scheduler, None if args.quiet else sys.stderr)
    command = f"python -m tigris_widget puzzles mine --games {args.games} --seed {args.seed} --workers {args.workers}"
    if args.settings != "all":
        command += f" --settings {args.settings}"
    data = {"format": "tigris-puzzles", "version": 1, "command": command, "stats": result["stats"],
            "puzzles": result["puzzles"]}  # fmt: skip
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    if args.add_to:
        assert library is not None
        merged = add_run(library, data)
        with open(args.add_to, "w", encoding="utf-8") as f:
            f.write(json.dumps(merged, indent=1, ensure_ascii=False) + "\n")
    st = result["stats"]
    print(f"{st['games']} games, {st['puzzles']} puzzles ({st['puzzles_per_game']} per game) in "
          f"{st['wall_seconds']}s wall, {st['games_per_minute']} games/min"
          + (f"; written to {args.out}" if args.out else "")
          + (f"; added to {args.add_to} ({merged['runs'][-1]['added']} new)" if args.add_to else ""))  # fmt: skip
    return 0
