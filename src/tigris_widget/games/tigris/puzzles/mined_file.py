"""The mined puzzle file (``data/mined.json``): a puzzle as its record and back (``to_record``,
``from_record``), the shape of the file checked (``check_puzzle_file``) and another mining run added
to it (``add_run``).
"""

from __future__ import annotations

from typing import Any

from tigris_widget.games.tigris.puzzles.goals import Goal, Puzzle, rating_label


def to_record(puzzle: Puzzle) -> dict[str, Any]:
    """A mined puzzle as stored in ``data/mined.json``."""
    return {
        "id": puzzle.key,
        "title": puzzle.title,
        "position": puzzle.position,
        "goal": puzzle.goal.to_spec(),
        "target": puzzle.known_target,
        "solution": list(puzzle.solution),
        "hints": list(puzzle.hints),
        "explanation": puzzle.explanation,
        "themes": list(puzzle.themes),
        "rating": puzzle.rating,
        "label": rating_label(puzzle.rating),
        "origin": dict(puzzle.origin or {}),
    }


def from_record(data: dict[str, Any]) -> Puzzle:
    rating = int(data["rating"])
    return Puzzle(
        str(data["id"]),
        str(data["title"]),
        str(data["position"]),
        Goal.from_spec(data["goal"]),
        1 if rating < 1200 else 2 if rating < 1600 else 3,
        tuple(data["solution"]),
        tuple(data.get("hints", ())),
        str(data.get("explanation", "")),
        topic=", ".join(data["themes"]),
        themes=tuple(data["themes"]),
        rating=rating,
        source="mined",
        origin=data.get("origin"),
        known_target=data.get("target"),
    )


def check_puzzle_file(data: object, name: str = "the puzzle file") -> dict[str, Any]:
    """``data`` if it has the shape ``add_run`` reads (a version 1 ``tigris-puzzles`` object whose
    puzzles have ids and whose runs have statistics); else ``ValueError`` naming what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"{name} is not a puzzle library: its JSON is {type(data).__name__}, not an object")
    if data.get("format") != "tigris-puzzles" or data.get("version") != 1:
        raise ValueError(f"{name} is not a version 1 tigris-puzzles file ('format' and 'version')")
    puzzles = data.get("puzzles")
    if not isinstance(puzzles, list) or not all(isinstance(r, dict) and isinstance(r.get("id"), str) for r in puzzles):
        raise ValueError(f"{name}: 'puzzles' must be a list of puzzles, each an object with an 'id'")
    runs = data.get("runs") or [{"stats": data.get("stats")}]
    if not isinstance(runs, list) or not all(isinstance(r, dict) and isinstance(r.get("stats"), dict) for r in runs):
        raise ValueError(f"{name}: 'runs' (or 'stats') must hold each mining run's statistics as an object")
    return data


def add_run(library: dict[str, Any], run: dict[str, Any]) -> dict[str, Any]:
    """A library file (``data/mined.json``) with the puzzles of another mining run added after its own:
    the existing records stay as they are, in order (their ids are stable), and a puzzle already there
    is not added twice. ``runs`` keeps each run's command and statistics; ``stats`` adds them up."""
    check_puzzle_file(library)
    check_puzzle_file(run, "the new run")
    runs = list(library.get("runs") or [{"command": library.get("command", ""), "stats": library["stats"]}])
    ids = {r["id"] for r in library["puzzles"]}
    added = [r for r in run["puzzles"] if r["id"] not in ids]
    runs.append({"command": run.get("command", ""), "stats": run["stats"], "added": len(added)})
    puzzles = [*library["puzzles"], *added]

    def total(key: str) -> float:
        return round(sum(r["stats"].get(key) or 0 for r in runs), 1)

    games, wall = int(total("games")), total("wall_seconds")
    stats = {
        "games": games,
        "puzzles": len(puzzles),
        "puzzles_per_game": round(len(puzzles) / max(1, games), 3),
        "wall_seconds": wall,
        "games_per_minute": round(60 * games / wall, 2) if wall else None,
        "cpu_seconds": total("cpu_seconds"),
        "play_seconds": total("play_seconds"),
        "positions_scanned": int(total("positions_scanned")),
        "positions_skipped": int(total("positions_skipped")),
    }
    return {"format": "tigris-puzzles", "version": 1, "stats": stats, "runs": runs, "puzzles": puzzles}
