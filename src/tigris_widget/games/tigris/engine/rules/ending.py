"""Drawing tiles from the bag and ending the game (rules §13.2, §14, §15).

Shared by the swap action (§6.4) and the end-of-turn refills, so it sits below both."""

from __future__ import annotations

from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import COLOUR_CODES, D_OVER, Seat
from tigris_widget.games.tigris.engine.rules.narrate import plural, say, who
from tigris_widget.games.tigris.engine.rules.scoring import final_results


def draw(s: GameState, seat: Seat, k: int) -> int:
    """Draw up to ``k`` tiles from the bag into a hand; return how many could be drawn."""
    bag = s.bag
    n = min(k, len(bag))
    hands = s.hands
    drawn = [0, 0, 0, 0]
    for _ in range(n):
        c = bag.pop()
        hands[seat * 4 + c] += 1
        drawn[c] += 1
    if s.log is not None and n:
        say(s, "draw", "§13.2", f"{who(s, seat)} draws {plural(n, 'tile')}.", seat, count=n)
        tiles = "".join(COLOUR_CODES[c] * m for c, m in enumerate(drawn))
        say(s, "drawn_tiles", "§13.2", f"{who(s, seat)} draws: {tiles}.", seat, public=False, tiles=tiles)
    return n


def bag_ran_out(s: GameState) -> None:
    """§14.2: a draw could not be satisfied: the game ends (now, or after this turn by option)."""
    if not s.bag_ran_out:
        s.bag_ran_out = True
        when = "now" if s.setup.immediate_bag_end else "at the end of this turn"
        say(s, "bag_empty", "§14.2", f"The bag cannot supply every tile needed: the game ends {when}.",
            immediate=s.setup.immediate_bag_end)  # fmt: skip
    if s.setup.immediate_bag_end:
        finish(s)


def finish(s: GameState) -> None:
    """§15: the game is over; results are computed from the state by ``scoring``."""
    s.over = True
    s.phase = D_OVER
    s.decider = -1
    s.conflict = None
    if s.log is not None:
        results = sorted(final_results(s), key=lambda r: (r.rank, r.seat))
        line = "; ".join(f"{r.rank}. {who(s, r.seat)} {r.score}" for r in results)
        say(s, "game_over", "§15", f"Final scoring (weakest colour, treasures as wild points): {line}.",
            results=[{"seat": r.seat, "rank": r.rank, "score": r.score} for r in results])  # fmt: skip
