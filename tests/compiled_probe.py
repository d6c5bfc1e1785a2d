"""Run by ``test_compiled.py`` in a subprocess, once on the pure and once on the compiled build: plays
the games described by the JSON list on stdin and prints, as JSON, everything they produced — the
record, every event, the position, the choices left, the standings — to be compared byte for byte."""

from __future__ import annotations

import json
import sys
from typing import Any

import tigris_widget
from tigris_widget.bots import make_bot
from tigris_widget.bots.runner import moves
from tigris_widget.core.registry import game_module


def _plain(value: Any) -> Any:
    to_dict = getattr(value, "to_dict", None)
    return to_dict() if callable(to_dict) else repr(value)


def play(case: dict[str, Any]) -> dict[str, Any]:
    game = game_module(case["game"]).new_game(case["players"], case["seed"], case.get("options"))
    bots = [make_bot(name, 100 * case["seed"] + seat, case["game"]) for seat, name in enumerate(case["bots"])]
    for _ in zip(range(case["plies"]), moves(game, bots)):
        pass
    return {
        "record": game.to_record(),
        "events": [[e.to_dict() for e in events] for events in game.events],
        "position": game.to_position(),
        "legal": [str(a) for a in game.legal_actions()],
        "over": game.is_over,
        "standings": [_plain(s) for s in game.standings()],
    }


def main() -> None:
    cases = json.load(sys.stdin)
    json.dump({"compiled": tigris_widget.compiled, "games": [play(c) for c in cases]}, sys.stdout)


if __name__ == "__main__":
    main()
