"""Command line: ``python -m tigris_widget play …``, ``… tournament …``, ``… review …`` and ``… bench``."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections.abc import Sequence
from typing import Any

from tigris_widget.bots import make_bot
from tigris_widget.bots.runner import GameTooLong, play
from tigris_widget.core import hooks
from tigris_widget.core.checks import add_once
from tigris_widget.core.protocol import GameLike
from tigris_widget.core.registry import DEFAULT_GAME, game_module, games

PLAYERS_HELP = "how many players (default: the game's usual count)"


def parse_options(items: Sequence[str] | None) -> dict[str, str]:
    """``--option name=value`` arguments as a mapping (the game checks names and values)."""
    options: dict[str, str] = {}
    for item in items or ():
        name, eq, value = item.partition("=")
        if not eq or not name.strip() or not value.strip():
            raise ValueError(f"write an option as name=value (e.g. layout=face), not {item!r}")
        add_once(options, name.strip(), value.strip())
    return options


def check_record_path(path: str | None) -> None:
    """``--record``'s file, checked before the game is played: refused (naming it) when it is a folder,
    its folder is missing, or either cannot be written."""
    if path is None:
        return
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise ValueError(f"--record {path}: is a folder; name a file to write the record to")
    if not os.path.isdir(folder):
        raise ValueError(f"--record {path}: there is no folder {folder}")
    if not os.access(path if os.path.exists(path) else folder, os.W_OK):
        raise ValueError(f"--record {path}: cannot be written (no permission)")


def save_record(path: str, text: str) -> int:
    """Write a played game's record to ``path``; when that fails anyway (a full disk, ``/dev/full``) the
    record goes to a temporary file named in the error (or, failing that too, to stdout): a played game
    is never lost. Returns the exit code: 0, or 2 after the error line."""
    try:
        with open(path, "w") as f:
            f.write(text)
        return 0
    except OSError as err:
        problem = f"error: --record {path}: {err.strerror or err}"
    try:
        fd, spare = tempfile.mkstemp(prefix="tigris-record-", suffix=".txt")
        with os.fdopen(fd, "w") as f:
            f.write(text)
        print(f"{problem}; the record is in {spare}", file=sys.stderr)
    except OSError:
        print(f"{problem}; the record follows", file=sys.stderr)
        print(text)
    return 2


def play_any(game_name: str, players: int, seed: int, options: dict[str, str], bot_names: Sequence[str]) -> GameLike:
    """Play a complete game of any registered game between bots (each with its own random stream)."""
    game = game_module(game_name).new_game(players, seed, options or None)
    names = list(bot_names) * players if len(bot_names) == 1 else list(bot_names)
    if len(names) != players:
        raise ValueError(f"name one bot for all seats or one per seat ({players}), not {len(bot_names)}")
    bots = [make_bot(name, seed * 7919 + seat + 1, game_name) for seat, name in enumerate(names)]
    play(game, bots)
    return game


def standings_dict(game: GameLike, bot_names: Sequence[str]) -> dict[str, Any]:
    """The result of any game: every seat's place, points and bot, best first."""
    names = list(bot_names) * game.players if len(bot_names) == 1 else list(bot_names)
    rows = []
    for r in game.standings():
        row: dict[str, Any] = {"seat": r.seat, "place": r.place, "points": r.points, "bot": names[r.seat]}
        cubes = getattr(r, "cubes", None)  # a tie-break some games count (cubes on the grid)
        if isinstance(cubes, int):
            row["cubes"] = cubes
        rows.append(row)
    return {
        "game": game.name,
        "finished": game.is_over,
        "actions": len(game),
        "winners": [r["seat"] for r in rows if r["place"] == 1],
        "standings": rows,
        "record": game.to_record(),
    }


def _standings_text(data: dict[str, Any]) -> str:
    """``standings_dict``'s facts as printed lines."""
    lines = [f"Game over after {data['actions']} actions."]
    for row in data["standings"]:
        cubes = f", {row['cubes']} cubes on the grid" if "cubes" in row else ""
        points = hooks.count_of(game_module(data["game"]), row["points"])
        lines.append(f"  {row['place']}. seat {row['seat']} ({row['bot']}): {points}{cubes}")
    winners = data["winners"]
    shared = " and ".join(f"seat {w}" for w in winners) + " (shared)"
    lines.append("Winner: " + (f"seat {winners[0]}" if len(winners) == 1 else shared))
    return "\n".join(lines)


def players_of(game_name: str, players: int | None) -> int:
    """The player count asked for, or the game's usual one; refused (naming the counts) when the game
    takes no such count."""
    module = game_module(game_name)
    if players is None:
        return module.DEFAULT_PLAYERS
    if players not in module.PLAYERS:
        counts = ", ".join(map(str, module.PLAYERS))
        raise ValueError(f"--players {players}: {module.TITLE} is played by {counts} players")
    return players


def game_options(args: argparse.Namespace) -> dict[str, str]:
    """``--option`` and the shorthands ``--board``/``--variants`` as one mapping (the game checks them)."""
    options = parse_options(args.option)
    for name in ("board", "variants"):
        value = getattr(args, name)
        if value is not None:
            add_once(options, name, value)
    return options


def _add_game_arguments(parser: argparse.ArgumentParser, what: str) -> None:
    """``--game``, ``--players`` and the rule options, shared by ``play`` and ``tournament``."""
    parser.add_argument("--game", default=DEFAULT_GAME, choices=games(), help=f"{what} (default {DEFAULT_GAME})")
    parser.add_argument("--players", type=int, default=None, help=PLAYERS_HELP)
    parser.add_argument("--board", default=None, help="the board, for games with several (same as --option board=…)")
    parser.add_argument("--variants", default=None,
                        help="rule variants, comma-separated, for games with them (same as --option variants=…)")  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tigris_widget", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a complete game between bots and print the result")
    _add_game_arguments(play, "which game")
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--option", action="append", metavar="NAME=VALUE", help="a rule option (repeatable)")
    play.add_argument("--bot", default="random", help="one bot for every seat, or one per seat: random,random")
    play.add_argument("--json", action="store_true", help="print the result as JSON")
    play.add_argument("--record", help="also write the game record (JSON) to this file")
    bench = sub.add_parser("bench", help="measure engine speed on this machine")
    bench.add_argument("--game", default=DEFAULT_GAME, choices=games(), help=f"which game (default {DEFAULT_GAME})")
    bench.add_argument("--seconds", type=float, default=3.0, help="time for the playout measurement")
    bench.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    bench.add_argument("--compare", action="store_true", help="pure Python against the compiled engines, interleaved")
    bench.add_argument("--rounds", type=int, default=5, help="with --compare: rounds to take the medians of")
    # bench stability / calibration: the analysis benchmarks (bots/stability/, bots/calibration/)
    from tigris_widget.bots import calibration, stability

    bench_sub = bench.add_subparsers(dest="bench_command", metavar="{stability,calibration}")
    stability.add_parser(bench_sub)
    calibration.add_parser(bench_sub)
    _add_tournament_parser(sub)
    from tigris_widget.puzzles import cli as puzzles_cli

    puzzles_cli.add_parser(sub)
    _add_review_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "puzzles":
        return puzzles_cli.run(args)
    if args.command == "tournament":
        return tournament_command(args)
    if args.command == "review":
        from tigris_widget.bots.review import main_review

        return main_review(args.record, as_json=args.json, workers=args.workers, scheduler=args.scheduler,
                           iterations=args.iterations, quiet=args.quiet)  # fmt: skip
    if args.command == "bench" and args.bench_command == "stability":
        return stability.main(args)
    if args.command == "bench" and args.bench_command == "calibration":
        return calibration.main(args)
    if args.command == "bench":
        from tigris_widget.bench import compare_builds, run_benchmarks

        try:
            if args.compare:
                results = compare_builds(min(args.seconds, 2.0), args.rounds, quiet=args.json)
            else:
                results = run_benchmarks(args.seconds, quiet=args.json, game=args.game)
        except (RuntimeError, ValueError) as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        if args.json:
            print(json.dumps(results, indent=1))
        return 0
    return play_command(args)


def play_command(args: argparse.Namespace) -> int:
    """``play``: one game between bots, reported by the game's ``play_result`` (else its standings)."""
    names = args.bot.split(",")
    try:
        check_record_path(args.record)
        players = players_of(args.game, args.players)
        game = play_any(args.game, players, args.seed, game_options(args), names)
    except (ValueError, GameTooLong) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    report = hooks.play_result(game_module(args.game))
    if report is None:
        data = standings_dict(game, names)
        data.pop("record")
        text = _standings_text(data)
    else:
        data, text = report(game)
    print(json.dumps(data, indent=2) if args.json else text)
    return save_record(args.record, game.to_record()) if args.record else 0


def _add_review_parser(sub: Any) -> None:
    r = sub.add_parser("review", help="review every decision of a game: losses, mistakes, accuracy per player")
    r.add_argument("record", metavar="RECORD.json", help="a game record (or one tournament result row)")
    r.add_argument("--json", action="store_true", help="print the review as JSON (moves and players)")
    r.add_argument("--iterations", type=int, default=300, help="search iterations per decision")
    r.add_argument("--workers", type=int, default=1, help="local worker processes (1: this process)")
    r.add_argument("--scheduler", help="Dask scheduler address (tcp://host:8786) instead of local processes")
    r.add_argument("--quiet", action="store_true", help="no progress bar")


def _add_tournament_parser(sub: Any) -> None:
    t = sub.add_parser("tournament", help="play many paired games between bots and measure their strength")
    _add_game_arguments(t, "which game")
    t.add_argument(
        "--bots",
        default="random,greedy",
        help="bots in seat order, e.g. random,greedy,search (2 players: every pair plays); "
        "the last is repeated to fill the seats; search:800 or search:0.5s sets its budget; "
        "a game may have bots of its own (an unknown name lists them), with the same budgets",
    )
    t.add_argument("--games", type=int, default=20, help="games per lineup (whole sets of seatings per deal)")
    t.add_argument("--seed", type=int, default=1, help="tournament seed: fixes every deal and every bot seed")
    t.add_argument(
        "--option", action="append", metavar="NAME=VALUE", help="a rule option (repeatable), e.g. layout=face"
    )
    t.add_argument("--workers", type=int, default=1, help="local worker processes (1: this process)")
    t.add_argument("--scheduler", help="Dask scheduler address (tcp://host:8786) instead of local processes")
    t.add_argument("--out", help="directory for games.jsonl (every game record) and summary.json")
    t.add_argument(
        "--resume", action="store_true", help="with --out: keep the games a stopped run wrote there, play the rest"
    )
    t.add_argument(
        "--summarize",
        metavar="GAMES_JSONL",
        nargs="+",
        help="only summarize the results in these files (.jsonl or .jsonl.gz)",
    )
    t.add_argument("--json", action="store_true", help="print the summary as JSON")
    t.add_argument("--quiet", action="store_true", help="no progress bar")  # fmt: skip


def tournament_command(args: argparse.Namespace) -> int:
    from tigris_widget.bots.tournament import format_summary, load_rows, run_tournament, schedule, summarize

    try:
        if args.summarize:
            summary = summarize([row for path in args.summarize for row in load_rows(path)])
        else:
            names = [n.strip() for n in args.bots.split(",") if n.strip()]
            options = game_options(args)
            players = players_of(args.game, args.players)
            for name in set(names):
                make_bot(name, game=args.game)  # fail early on a bad name
            game_module(args.game).new_game(players, 0, options or None)  # and on bad options
            tasks = schedule(names, players, args.games, args.seed, game=args.game, options=options)
            progress = None if args.quiet else sys.stderr
            if args.resume and not args.out:
                raise ValueError("--resume needs --out (the directory of the stopped run)")
            summary = run_tournament(tasks, args.workers, args.scheduler, args.out, progress, resume=args.resume)
    except (ValueError, OSError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(json.dumps(summary, indent=2) if args.json else format_summary(summary))
    return 0
