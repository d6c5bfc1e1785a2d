"""Tigris & Euphrates' puzzles for the shared puzzle layer (``core.protocol.PuzzleBook``): the
hand-made book, the mined file, theme names, rating words, and how to verify and mine them."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tigris_widget.games.tigris.engine.core.sections import section_title
from tigris_widget.games.tigris.engine.core.types import COLOUR_CODES
from tigris_widget.games.tigris.puzzles import maker, miner
from tigris_widget.games.tigris.puzzles.book import PUZZLES
from tigris_widget.games.tigris.puzzles.description import tag
from tigris_widget.games.tigris.puzzles.entry import from_entry, to_entry
from tigris_widget.games.tigris.puzzles.goals import LABELS, Puzzle, rating_label
from tigris_widget.games.tigris.puzzles.mined_file import add_run, check_puzzle_file, from_record
from tigris_widget.games.tigris.puzzles.soundness import verify

THEME_NAMES: dict[str, str] = {
    "revolt": "Revolt: win a leaders' fight inside a kingdom",
    "war": "War: unite two kingdoms and win the war",
    "unification": "Unification: one tile joins kingdoms",
    "monument": "Monument: build one",
    "ziggurat": "Ziggurat: build it or take its bonus",
    "treasure": "Treasure: take treasures",
    "catastrophe": "Catastrophe: break a kingdom",
    "blocking": "Blocking: cut a leader off from his temples",
    "denial": "Denial: send a rival's leader home",
    "support": "Support: commit tiles to a conflict",
    "scoring": "Scoring: points this turn",
    "weakest-colour": "Weakest colour: lift your lowest score",
    "buildings": "Buildings: build or move a civilization building",
    "multiplayer": "Multiplayer: three or four players",
    "opening": "Opening: early in the game",
    "middlegame": "Middlegame",
    "endgame": "Endgame: few tiles or treasures left",
}
"""Every theme (``description.THEMES``) by the name a person reads."""


def _tigris(puzzle: object) -> Puzzle:
    if not isinstance(puzzle, Puzzle):
        raise ValueError(f"not a Tigris & Euphrates puzzle: {type(puzzle).__name__}")
    return puzzle


class TigrisPuzzleBook:
    """The T&E puzzles (``core.protocol.PuzzleBook``)."""

    THEMES: Mapping[str, str] = THEME_NAMES
    LABELS: tuple[tuple[float, str], ...] = LABELS
    DATA = "mined.json"

    def check_file(self, data: object, name: str = "the puzzle file") -> dict[str, Any]:
        return check_puzzle_file(data, name)

    def puzzles(self, shipped: Mapping[str, Any]) -> list[Puzzle]:
        hand_made = [replace(p, themes=self._tagged(p)) for p in PUZZLES.values()]
        return [*hand_made, *(from_record(r) for r in shipped["puzzles"])]

    @staticmethod
    def _tagged(p: Puzzle) -> tuple[str, ...]:
        solved = p.play_solution()
        return tag(p.game().state, p.seat, p.goal, solved.events, phase=False)

    def rating_label(self, rating: float) -> str:
        return rating_label(rating)

    def theme_names(self, puzzle: Any) -> list[str]:
        """Names of the puzzle's themes; a puzzle without themes (a course exercise) is tagged from its
        solution, and failing that named by the rule section it teaches."""
        p = _tigris(puzzle)
        themes = p.themes
        if not themes:
            try:
                themes = self._tagged(p)
            except ValueError:
                themes = ()
        names = [THEME_NAMES.get(t, t) for t in themes]
        if not names and p.topic:
            names = [section_title(p.topic) if p.topic.startswith("§") else p.topic]
        return names

    def who(self, puzzle: Any) -> str:
        p = _tigris(puzzle)
        return p.game().state.setup.dynasties[p.seat].capitalize()

    def setting(self, puzzle: Any) -> str:
        s = _tigris(puzzle).game().state
        hands = ", ".join(
            f"{name.capitalize()}: {''.join(COLOUR_CODES[c] * n for c, n in enumerate(s.hand(seat))) or 'empty'}"
            for seat, name in enumerate(s.setup.dynasties)
        )
        return f"Hands — {hands}."

    def summary(self, puzzle: Any) -> dict[str, Any]:
        p = _tigris(puzzle)
        s = p.game().state
        return {
            "players": s.players,
            "board": s.setup.board,
            "variants": sorted(s.setup.variants),
            "goal": p.goal.text,
            "to_play": s.setup.dynasties[s.active],
        }

    def describe(self, puzzle: Any) -> str:
        p = _tigris(puzzle)
        s = p.game().state
        names = s.setup.dynasties
        lines = [
            f"{p.key}: {p.title}  ({p.elo}, {p.label}; {p.source})",
            f"{names[p.seat].capitalize()} to play. {p.goal.text}",
            "Themes: " + (", ".join(p.themes) or "-"),
        ]
        if p.origin and "seed" in p.origin:  # mined from a game (a made puzzle's origin is its report)
            o = p.origin
            lines.append(f"From a game: {o.get('players')} players, {o.get('board')} board, variants "
                         f"{o.get('variants') or 'none'}, bots {', '.join(o.get('bots', []))}, seed {o.get('seed')}, "
                         f"action {o.get('ply')}")  # fmt: skip
        hands = ", ".join(
            f"{n}: {''.join(COLOUR_CODES[c] * k for c, k in enumerate(s.hand(i)))}" for i, n in enumerate(names)
        )
        lines += [f"Hands: {hands}", "", p.position, "Solution: " + ", ".join(p.solution)]
        if p.explanation:
            lines.append(p.explanation)
        return "\n".join(lines)

    def verify(self, puzzle: Any) -> list[str]:
        return verify(_tigris(puzzle))

    def mine(
        self, games: int, seed: int, *, workers: int = 1, scheduler: str | None = None, settings: str = "all",
        progress: Any = sys.stderr, searcher: Any = None,
    ) -> dict[str, Any]:  # fmt: skip
        """Mine with T&E's own miner (its bots, its solver); ``searcher`` is not used."""
        tasks = miner.schedule(games, seed, settings)
        result = miner.mine(tasks, workers, scheduler, progress)
        command = f"python -m tigris_widget puzzles mine --games {games} --seed {seed} --workers {workers}"
        if settings != "all":
            command += f" --settings {settings}"
        return {"format": "tigris-puzzles", "version": 1, "command": command, "stats": result["stats"],
                "puzzles": result["puzzles"]}  # fmt: skip

    def add_run(self, library: dict[str, Any], run: dict[str, Any]) -> dict[str, Any]:
        return add_run(library, run)

    def goal_kinds(self) -> Mapping[str, str]:
        return maker.GOAL_KINDS

    def make(self, position: str, goal: Mapping[str, Any], *, title: str = "", seat: int | None = None) -> Puzzle:
        return maker.make(position, goal, title=title, seat=seat)

    def entry(self, puzzle: Any) -> dict[str, Any]:
        return to_entry(_tigris(puzzle))

    def from_entry(self, data: Mapping[str, Any]) -> Puzzle:
        return from_entry(data)


BOOK = TigrisPuzzleBook()
