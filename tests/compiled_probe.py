"""Run by ``test_compiled.py`` in a subprocess, once on the pure and once on the compiled build: plays
the games described by the JSON on stdin (``{"games": [...], "searches": [...]}``) and prints, as JSON,
everything they produced — the record, every event, the position, the choices left, the standings;
for the searches every root statistic (visits, value sums as exact float reprs), the chosen action and
the analysis' candidates — to be compared byte for byte."""

from __future__ import annotations

import json
import sys
from typing import Any

import tigris_widget
from tigris_widget.bots import make_bot
from tigris_widget.bots.runner import moves
from tigris_widget.core.analysis import AnalysisRequest
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


def search(case: dict[str, Any]) -> dict[str, Any]:
    """The search bot's decision and statistics, and the analysis, at the position ``case["plies"]`` in."""
    game = game_module(case["game"]).new_game(case["players"], case["seed"], case.get("options"))
    bots = [make_bot(name, 100 * case["seed"] + seat, case["game"]) for seat, name in enumerate(case["bots"])]
    for _ in zip(range(case["plies"]), moves(game, bots)):
        pass
    seat = game.to_move
    assert seat is not None, case
    view = game.view(seat)
    name, seed = f"search:{case['iterations']}", case["seed"]
    bot: Any = make_bot(name, seed, case["game"])
    out: dict[str, Any] = {"chosen": str(bot.choose(view))}
    last = getattr(bot, "last", None)
    if last is not None:  # T&E's information-set search: its tree's root
        out["root"] = [
            [str(n.action), n.visits, repr(n.total), repr(n.squares), repr(n.prior), repr(n.colour_sum)]
            for n in last.root.children
        ]
        out["pv"] = [[p, str(a)] for p, a in last.principal_variation()]
        out["iterations"] = last.iterations
    else:  # the shared tree search over whole turns
        result = make_bot(name, seed, case["game"]).analyse(view)  # type: ignore[attr-defined]
        out["root"] = [[str(c.action), c.visits, repr(c.value), repr(c.stderr)] for c in result.candidates]
        out["iterations"] = result.iterations
    request = AnalysisRequest(iterations=case["iterations"], seed=seed, every=1e9)
    *_, analysis = game_module(case["game"]).analyze(game, request)
    out["analysis"] = [repr(analysis.candidates), analysis.explanation, analysis.iterations]
    return out


def masks(count: int) -> dict[str, Any]:
    """The board helpers that take another loop when compiled (``board.NATIVE``: floods and components
    on 48-bit words, ``gather`` peeling bits) on random masks of every density, as a digest."""
    import hashlib
    import random

    from tigris_widget.games.tigris.engine.core import board

    rng = random.Random(21)
    row = tuple(range(1000, 1000 + board.SQUARES))
    digest = hashlib.sha256()
    for _ in range(count):
        keep = rng.random()
        mask = sum(1 << q for q in range(board.SQUARES) if rng.random() < keep)
        seed = rng.getrandbits(board.SQUARES) & rng.getrandbits(board.SQUARES) & rng.getrandbits(board.SQUARES)
        out: list[int] = []
        board.gather(row, mask, out)
        digest.update(repr((board.components(mask), board.flood(seed, mask), out)).encode())
    return {"native": board.NATIVE, "digest": digest.hexdigest()}


def turns(count: int) -> dict[str, Any]:
    """``turn_masks`` and the turn actions (compiled: computed on 48-bit words) at every turn decision of
    ``count`` games choosing uniformly from the legal list: 2–4 players, both boards, variants, as a digest."""
    import hashlib
    import random

    from tigris_widget.games.tigris.engine.core.setup import GameSetup
    from tigris_widget.games.tigris.engine.core.types import D_ACTION, D_OVER
    from tigris_widget.games.tigris.engine.rules import legal
    from tigris_widget.games.tigris.engine.rules.deal import deal
    from tigris_widget.games.tigris.engine.rules.turn import apply_unchecked

    digest = hashlib.sha256()
    decisions = 0
    for g in range(count):
        variants = frozenset({"buildings", "ziggurat"}) if g % 3 == 0 else frozenset()
        setup = GameSetup(players=2 + g % 3, variants=variants, board="alternative" if g % 2 else "classic")
        s = deal(setup, 500 + g)
        rng = random.Random(g)
        while s.phase != D_OVER:
            choices = legal.legal_actions(s)
            if s.phase == D_ACTION:
                decisions += 1
                digest.update(repr((legal.turn_masks(s), choices)).encode())
            apply_unchecked(s, choices[rng.randrange(len(choices))])
    return {"decisions": decisions, "digest": digest.hexdigest()}


def main() -> None:
    cases = json.load(sys.stdin)
    json.dump(
        {
            "compiled": tigris_widget.compiled,
            "games": [play(c) for c in cases["games"]],
            "searches": [search(c) for c in cases.get("searches", [])],
            "masks": masks(cases.get("masks", 0)),
            "turns": turns(cases.get("turns", 0)),
        },
        sys.stdout,
    )


if __name__ == "__main__":
    main()
