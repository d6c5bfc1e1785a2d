"""The end of a turn and of the game (§9)."""

from __future__ import annotations

from tigris_widget.core.events import Event
from tigris_widget.games.ur.engine.events import say
from tigris_widget.games.ur.engine.rules.narrate import who
from tigris_widget.games.ur.engine.rules.scoring import standings
from tigris_widget.games.ur.engine.rules.setup import begin_turn
from tigris_widget.games.ur.engine.state import PH_OVER, UrState


def end_turn(s: UrState, events: list[Event] | None) -> None:
    s.turns += 1
    if s.zig_left == 0 and s.active == (s.start - 1) % s.n:
        game_over(s, "ziggurats", events)
    elif s.opts.turn_limit and s.turns >= s.opts.turn_limit:
        game_over(s, "turn-limit", events)
    else:
        begin_turn(s, (s.active + 1) % s.n)


def game_over(s: UrState, reason: str, events: list[Event] | None) -> None:
    s.over = True
    s.end_reason = reason
    s.phase = PH_OVER
    texts = {
        "no-exchange": ("§9.1", f"{who(s.active)} cannot exchange: the game ends at once"),
        "ziggurats": ("§9.2", "the round of the fifth ziggurat is complete: the game ends"),
        "turn-limit": ("§9.3", f"the turn limit ({s.opts.turn_limit}) is reached: the game ends"),
    }
    rule, text = texts[reason]
    if events is not None:
        ranking = ", ".join(f"{who(x.seat)} {x.points}" for x in sorted(standings(s), key=lambda x: x.place))
        if events is not None:  # the text is built only when someone reads it
            say(events, "game_over", rule, f"{text}. Scores: {ranking}", {"reason": reason}, None)
