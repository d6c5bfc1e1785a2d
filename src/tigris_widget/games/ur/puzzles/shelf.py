"""Ur's puzzles for the shared puzzle layer (``core.protocol.PuzzleBook``): the mined file, theme
names, rating words, and how to verify and mine them (with the shared search handed in)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tigris_widget.games.ur.engine.board import PAIR_NAMES
from tigris_widget.games.ur.puzzles import maker, miner
from tigris_widget.games.ur.puzzles.entry import from_entry, to_entry
from tigris_widget.games.ur.puzzles.goals import LABELS, UrPuzzle, rating_label

FORMAT = "tigris-puzzles"


def _ur(puzzle: object) -> UrPuzzle:
    if not isinstance(puzzle, UrPuzzle):
        raise ValueError(f"not an Ur puzzle: {type(puzzle).__name__}")
    return puzzle


class UrPuzzleBook:
    """The Ur puzzles (``core.protocol.PuzzleBook``)."""

    THEMES: Mapping[str, str] = miner.THEMES
    LABELS: tuple[tuple[float, str], ...] = LABELS
    DATA = "mined.json"

    def check_file(self, data: object, name: str = "the puzzle file") -> dict[str, Any]:
        if not isinstance(data, dict):
            raise ValueError(f"{name} is not a puzzle library: its JSON is {type(data).__name__}, not an object")
        if data.get("format") != FORMAT or data.get("version") != 1 or data.get("game") != "ur":
            raise ValueError(f"{name} is not a version 1 file of Ur puzzles ('format', 'version', 'game')")
        puzzles = data.get("puzzles")
        if not isinstance(puzzles, list) or not all(
            isinstance(r, dict) and isinstance(r.get("id"), str) for r in puzzles
        ):
            raise ValueError(f"{name}: 'puzzles' must be a list of puzzles, each an object with an 'id'")
        runs = data.get("runs") or [{"stats": data.get("stats")}]
        if not isinstance(runs, list) or not all(
            isinstance(r, dict) and isinstance(r.get("stats"), dict) for r in runs
        ):
            raise ValueError(f"{name}: 'runs' (or 'stats') must hold each mining run's statistics as an object")
        return data

    def puzzles(self, shipped: Mapping[str, Any]) -> list[UrPuzzle]:
        return [miner.from_record(r) for r in shipped["puzzles"]]

    def rating_label(self, rating: float) -> str:
        return rating_label(rating)

    def theme_names(self, puzzle: Any) -> list[str]:
        return [miner.THEMES.get(t, t) for t in _ur(puzzle).themes]

    def who(self, puzzle: Any) -> str:
        return f"P{_ur(puzzle).seat}"

    def setting(self, puzzle: Any) -> str:
        s = _ur(puzzle).game().state
        hands = ", ".join(f"P{p}: {PAIR_NAMES[h]}" for p, h in enumerate(s.hands))
        spares = (
            f"; spare{'s' if len(s.spares) != 1 else ''}: {', '.join(PAIR_NAMES[x] for x in s.spares)}"
            if s.spares
            else ""
        )
        return f"Hands — {hands}{spares}. Supplies — {', '.join(f'P{p}: {s.supply(p)}' for p in range(s.n))}."

    def summary(self, puzzle: Any) -> dict[str, Any]:
        p = _ur(puzzle)
        s = p.game().state
        return {"players": s.n, "goal": p.goal.text, "to_play": f"P{s.active}", "turn": (p.origin or {}).get("turn")}

    def describe(self, puzzle: Any) -> str:
        p = _ur(puzzle)
        lines = [
            f"{p.key}: {p.title}  ({p.elo}, {p.label}; {p.source})",
            f"P{p.seat} to play. {p.goal.text}",
            "Themes: " + (", ".join(self.theme_names(p)) or "-"),
        ]
        if p.origin and "seed" in p.origin:  # mined from a game (a made puzzle's origin is its report)
            o = p.origin
            lines.append(f"From a game: {o.get('players')} players, bots {', '.join(o.get('bots', []))}, "
                         f"seed {o.get('seed')}, step {o.get('ply')}")  # fmt: skip
        if p.search:
            sr = p.search
            lines.append(f"Search: {sr.get('best')} {sr.get('best_value')} against {sr.get('second')} "
                         f"{sr.get('second_value')} (margin {sr.get('margin')}, {sr.get('iterations')} iterations)")  # fmt: skip
        lines += [self.setting(p), "", p.position.rstrip("\n"), "Solution: " + "; ".join(p.solution)]
        if p.explanation:
            lines.append(p.explanation)
        return "\n".join(lines)

    def verify(self, puzzle: Any) -> list[str]:
        return miner.verify(_ur(puzzle))

    def mine(
        self, games: int, seed: int, *, workers: int = 1, scheduler: str | None = None, settings: str = "all",
        progress: Any = None, searcher: Any = None,
    ) -> dict[str, Any]:  # fmt: skip
        """Mine in this process with the shared search (``searcher``); ``workers``, ``scheduler`` and
        ``settings`` are T&E's and refused here."""
        if searcher is None:
            raise ValueError("mining Ur puzzles needs the shared tree search (tigris_widget.puzzles.turns)")
        if workers != 1 or scheduler is not None or settings != "all":
            raise ValueError("Ur puzzles are mined in one process: leave out --workers, --scheduler and --settings")
        result = miner.mine(games, seed, searcher, progress)
        return {"format": FORMAT, "version": 1, "game": "ur",
                "command": f"python -m tigris_widget puzzles mine --game ur --games {games} --seed {seed}",
                "stats": result["stats"], "puzzles": result["puzzles"]}  # fmt: skip

    def add_run(self, library: dict[str, Any], run: dict[str, Any]) -> dict[str, Any]:
        self.check_file(library)
        self.check_file(run, "the new run")
        runs = list(library.get("runs") or [{"command": library.get("command", ""), "stats": library["stats"]}])
        ids = {r["id"] for r in library["puzzles"]}
        added = [r for r in run["puzzles"] if r["id"] not in ids]
        runs.append({"command": run.get("command", ""), "stats": run["stats"], "added": len(added)})
        puzzles = [*library["puzzles"], *added]
        games = sum(int(r["stats"].get("games") or 0) for r in runs)
        stats = {"games": games, "puzzles": len(puzzles), "puzzles_per_game": round(len(puzzles) / max(1, games), 3),
                 "positions_scanned": sum(int(r["stats"].get("positions_scanned") or 0) for r in runs)}  # fmt: skip
        return {"format": FORMAT, "version": 1, "game": "ur", "stats": stats, "runs": runs, "puzzles": puzzles}

    def goal_kinds(self) -> Mapping[str, str]:
        return maker.GOAL_KINDS

    def make(self, position: str, goal: Mapping[str, Any], *, title: str = "", seat: int | None = None) -> UrPuzzle:
        return maker.make(position, goal, title=title, seat=seat)

    def entry(self, puzzle: Any) -> dict[str, Any]:
        return to_entry(_ur(puzzle))

    def from_entry(self, data: Mapping[str, Any]) -> UrPuzzle:
        return from_entry(data)


BOOK = UrPuzzleBook()
