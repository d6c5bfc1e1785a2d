"""``python -m tigris_widget puzzles …``: list, show, verify and mine puzzles, of any game.

puzzles list [--game G] [--library FILE] [--theme T] [--source mined|hand-made] [--json]
puzzles themes [--game G]
puzzles show ID [--game G] [--library FILE]
puzzles make --game G --position FILE --goal SPEC [--title T] [--save LIBRARY]
puzzles verify [ID …] [--game G] [--library FILE] [--quiet]      # exit 1 if any puzzle fails
puzzles mine [--game G] --games N [--seed S] [--workers K] [--settings all|variants] [--scheduler ADDR]
             [--out FILE] [--add-to FILE]

Without ``--game`` the puzzles are the default game's (``core.registry.DEFAULT_GAME``); a game without
puzzles (no ``puzzle_book``) is refused, naming the games that have some. ``--library FILE`` reads
your own puzzle file instead (``save_puzzles``; with ``--game``, only that game's puzzles of it): the
entries it leaves out are named on stderr, and ``verify`` counts them as failures.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from tigris_widget.core.registry import DEFAULT_GAME, games


def add_parser(sub: Any) -> None:
    """Register ``puzzles`` and its subcommands on the main parser's subparsers."""
    p = sub.add_parser("puzzles", help="list, show, verify and mine puzzles", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    cmd = p.add_subparsers(dest="puzzles_command", required=True)

    def with_game(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
        parser.add_argument(
            "--game", help=f"the game whose puzzles to use: {', '.join(games())} (default {DEFAULT_GAME})"
        )
        return parser

    ls = with_game(cmd.add_parser("list", help="the puzzles, easiest first"))
    ls.add_argument("--theme", help="only puzzles with this theme (see 'puzzles themes')")
    ls.add_argument("--source", choices=("mined", "hand-made"))
    ls.add_argument("--json", action="store_true", help="print a JSON list")
    ls.add_argument("--library", metavar="FILE", help="your own puzzle file (save_puzzles) instead of the game's")
    with_game(cmd.add_parser("themes", help="every theme, with its name and how many puzzles have it"))
    show = with_game(cmd.add_parser("show", help="a puzzle: position, goal, themes, solution"))
    show.add_argument("id")
    show.add_argument("--library", metavar="FILE", help="your own puzzle file (save_puzzles) instead of the game's")
    make = with_game(cmd.add_parser("make", help="make a puzzle of a position and a goal, checked by the solver"))
    make.add_argument(
        "--position", metavar="FILE", help="a position text file of the game (needed but with --goal help)"
    )
    make.add_argument("--goal", metavar="SPEC", required=True,
                      help="the goal: 'kind key=value …' or JSON ('--goal help' lists the game's kinds)")  # fmt: skip
    make.add_argument("--title", default="", help="the puzzle's title (default: one from its goal and themes)")
    make.add_argument("--save", metavar="LIBRARY", help="add the puzzle to this puzzle file (made if absent)")
    ver = with_game(cmd.add_parser("verify", help="check puzzles (all without IDs); exit 1 if any fails"))
    ver.add_argument("ids", nargs="*", metavar="ID")
    ver.add_argument("--quiet", action="store_true", help="print only failures and the total")
    ver.add_argument("--library", metavar="FILE", help="your own puzzle file (save_puzzles) instead of the game's")
    mine = with_game(cmd.add_parser("mine", help="play games between bots and mine puzzles from them"))
    mine.add_argument("--games", type=int, default=20)
    mine.add_argument("--seed", type=int, default=0, help="fixes every game (and so every puzzle)")
    mine.add_argument(
        "--workers",
        type=int,
        default=1,
        help="local worker processes (1: this process; games whose miner runs in parallel)",
    )
    mine.add_argument("--settings", choices=("all", "variants"), default="all",
                      help="variants: only games with the game's variant rules, only puzzles about them")  # fmt: skip
    mine.add_argument("--scheduler", help="Dask scheduler address (tcp://host:8786) instead of local processes")
    mine.add_argument("--out", help="write the puzzles here (JSON, the format of the shipped library)")
    mine.add_argument("--add-to", metavar="FILE",
                      help="add the new puzzles to this library file, keeping the puzzles already in it")  # fmt: skip
    mine.add_argument("--quiet", action="store_true", help="no progress report")


def run(args: argparse.Namespace) -> int:
    try:
        return {"list": _list, "themes": _themes, "show": _show, "verify": _verify, "mine": _mine, "make": _make}[
            args.puzzles_command
        ](args)
    except (ValueError, OSError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2


def _game(args: argparse.Namespace) -> str:
    from tigris_widget.puzzles.library import book

    name = getattr(args, "game", None) or DEFAULT_GAME
    book(name)  # a ValueError naming the games (with puzzles) when it is no game or has no puzzles
    return str(name)


def _own_library(args: argparse.Namespace) -> tuple[dict[str, Any], list[str]]:
    """The puzzles of ``--library`` (of ``--game`` only, when given) by id, and the lines naming the
    entries the file's loading left out."""
    import warnings

    from tigris_widget.puzzles.library import game_of
    from tigris_widget.puzzles.saved import PuzzleFileWarning, load_puzzles

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PuzzleFileWarning)  # the command names each left-out entry itself
        loaded = load_puzzles(args.library)
    wanted = _game(args) if getattr(args, "game", None) else None
    found = {p.key: p for p in loaded.puzzles if wanted is None or game_of(p) == wanted}
    return found, [str(problem) for problem in loaded.problems]


def _library(args: argparse.Namespace) -> dict[str, Any]:
    from tigris_widget.puzzles import library as library_module

    if getattr(args, "library", None):
        found, problems = _own_library(args)
        for line in problems:
            print(f"left out: {line}", file=sys.stderr)
        return found
    game = _game(args)
    # the default game's library is called without arguments, as it always was (tests replace it so)
    return library_module.library() if game == DEFAULT_GAME else library_module.library(game)


def _lookup(args: argparse.Namespace, key: str) -> Any:
    lib = _library(args)
    if key not in lib:
        extra = "" if _game(args) == DEFAULT_GAME else f" --game {_game(args)}"
        raise ValueError(f"no puzzle {key!r} (see 'python -m tigris_widget puzzles list{extra}')")
    return lib[key]


def _list(args: argparse.Namespace) -> int:
    from tigris_widget.puzzles.library import select, summary

    if args.library:
        chosen = sorted(_library(args).values(), key=lambda p: (p.elo, p.key))
        rows = [summary(p) for p in chosen if args.theme in (None, *p.themes) and args.source in (None, p.source)]
    else:
        game = _game(args)
        rows = [summary(p, game) for p in select(theme=args.theme, source=args.source, game=game)]
    if args.json:
        print(json.dumps(rows, indent=1, ensure_ascii=False))
        return 0
    for r in rows:
        print(f"{r['id']:<18} {r['difficulty']:>5} {r['label']:<12} {r['players']}p {r['source']:<9} "
              f"{r['title']:<34} {', '.join(r['themes'])}")  # fmt: skip
    print(f"{len(rows)} puzzles")
    return 0


def _themes(args: argparse.Namespace) -> int:
    from tigris_widget.puzzles.library import book, select

    game = _game(args)
    for theme, name in book(game).THEMES.items():
        print(f"{theme:<15} {len(select(theme=theme, game=game)):>4}  {name}")
    return 0


def _show(args: argparse.Namespace) -> int:
    from tigris_widget.puzzles.library import book, game_of

    puzzle = _lookup(args, args.id)
    print(book(game_of(puzzle)).describe(puzzle))
    return 0


def _make(args: argparse.Namespace) -> int:
    import os

    from tigris_widget.core.files import MAX_JSON_CHARS, read_text_file
    from tigris_widget.puzzles.make import goal_kinds, make_puzzle, puzzle_report
    from tigris_widget.puzzles.saved import load_puzzles, save_puzzles

    game = _game(args)
    if args.goal.strip() == "help":
        for spec, meaning in goal_kinds(game).items():
            print(f"{spec:<34} {meaning}")
        return 0
    if args.position is None:
        raise ValueError("puzzles make needs --position FILE: the position to make a puzzle of")
    try:
        text = read_text_file(args.position, "position", MAX_JSON_CHARS)
    except OSError as err:
        raise ValueError(f"cannot read the position file {args.position}: {err.strerror or err}") from None
    kept = []
    if args.save and os.path.exists(args.save):  # read it now: a damaged library is refused before the solver runs
        loaded = load_puzzles(args.save)
        if loaded.problems:
            raise ValueError(f"{args.save}: {len(loaded.problems)} entries do not load ({loaded.problems[0]}); "
                             "saving would drop them — fix the file first")  # fmt: skip
        kept = list(loaded.puzzles)
    puzzle = make_puzzle(text, args.goal, game=game, title=args.title)
    print(f"{puzzle.key}: {puzzle.title}\nGoal: {puzzle.goal.text}\n{puzzle_report(puzzle)}")
    if args.save:
        if any(p.key == puzzle.key for p in kept):
            raise ValueError(f"{args.save} already holds this puzzle ({puzzle.key}: the same position and goal)")
        save_puzzles(args.save, [*kept, puzzle])
        print(f"added to {args.save} (now {len(kept) + 1} puzzle{'s' if kept else ''})")
    return 0


def _verify(args: argparse.Namespace) -> int:
    from tigris_widget.puzzles.library import book, game_of

    start = time.perf_counter()
    left_out: list[str] = []
    game = None if args.library else _game(args)  # a file of one's own may mix games
    if args.library:
        lib, left_out = _own_library(args)
    else:
        lib = _library(args)
    keys = args.ids or list(lib)
    for key in keys:
        if key not in lib:
            raise ValueError(f"no puzzle {key!r} (see 'python -m tigris_widget puzzles list')")
    for line in left_out:
        print(f"FAIL {line}")
    failed = len(left_out)
    for key in keys:
        t = time.perf_counter()
        problems = book(game or game_of(lib[key])).verify(lib[key])
        if problems:
            failed += 1
            print(f"FAIL {key}: {'; '.join(problems)}")
        elif not args.quiet:
            print(f"ok   {key} ({time.perf_counter() - t:.2f}s)")
    print(f"{len(keys) + len(left_out) - failed} passed, {failed} failed in {time.perf_counter() - start:.1f}s")
    return 1 if failed else 0


def _mine(args: argparse.Namespace) -> int:
    from tigris_widget.core.files import load_json, read_text_file
    from tigris_widget.core.registry import game_module
    from tigris_widget.puzzles.library import MAX_PUZZLE_FILE_CHARS, book

    game = _game(args)
    shelf = book(game)
    if args.workers < 1:
        raise ValueError(f"--workers must be at least 1, not {args.workers}")
    if args.games < 1:
        raise ValueError(f"--games must be at least 1, not {args.games}")
    library = None
    if args.add_to:  # read and check it now, not after a long mining run
        text = read_text_file(args.add_to, "puzzle library", MAX_PUZZLE_FILE_CHARS)
        library = shelf.check_file(load_json(text, "puzzle library", MAX_PUZZLE_FILE_CHARS), args.add_to)
    searcher = None
    if game_module(game).bot_rules() is not None:
        from tigris_widget.puzzles.turns import TurnSearcher

        searcher = TurnSearcher(game)
    data = shelf.mine(args.games, args.seed, workers=args.workers, scheduler=args.scheduler, settings=args.settings,
                      progress=None if args.quiet else sys.stderr, searcher=searcher)  # fmt: skip
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    if args.add_to:
        assert library is not None
        merged = shelf.add_run(library, data)
        with open(args.add_to, "w", encoding="utf-8") as f:
            f.write(json.dumps(merged, indent=1, ensure_ascii=False) + "\n")
    st = data["stats"]
    rate = f", {st['games_per_minute']} games/min" if st.get("games_per_minute") else ""
    print(f"{st['games']} games, {st['puzzles']} puzzles ({st['puzzles_per_game']} per game) in "
          f"{st['wall_seconds']}s wall{rate}"
          + (f"; written to {args.out}" if args.out else "")
          + (f"; added to {args.add_to} ({merged['runs'][-1]['added']} new)" if args.add_to else ""))  # fmt: skip
    return 0
