"""How a mined puzzle is described: its themes (``tag``, from the events of its solution; ``about``,
whether its goal needs a theme), its hint, its title and the explanation a solved puzzle shows.
"""

from __future__ import annotations

from collections.abc import Sequence

from tigris_widget.games.tigris.engine.core.events import Event
from tigris_widget.games.tigris.engine.core.state import GameState
from tigris_widget.games.tigris.engine.core.types import BUILDING_NAMES, COLOUR_NAMES, LEADER_NAMES
from tigris_widget.games.tigris.engine.rules.monuments import ziggurat_bonus_due
from tigris_widget.games.tigris.game import Game
from tigris_widget.games.tigris.puzzles.forcing import VARIANT_KINDS
from tigris_widget.games.tigris.puzzles.goals import Goal, Puzzle

VARIANT_THEMES = ("buildings", "ziggurat")
"""The themes of the variants' own puzzles (what ``schedule(..., settings="variants")`` keeps)."""
THEMES = {
    "revolt": "a revolt won (§8)",
    "war": "a war won (§9)",
    "unification": "a tile that unites kingdoms (§9.2)",
    "monument": "a monument built (§10)",
    "ziggurat": "the ziggurat built, or its bonus point taken (§18)",
    "treasure": "treasures taken (§11)",
    "catastrophe": "a catastrophe tile (§6.3)",
    "blocking": "an opponent's leader cut off from his temples (§12)",
    "denial": "an opponent's leader sent home",
    "support": "tiles committed to a conflict (§8.4, §9.6)",
    "scoring": "victory points this turn",
    "weakest-colour": "the weakest colour lifted (§15)",
    "buildings": "a civilization building built or moved, or points it doubles (§17)",
    "multiplayer": "three or four players",
    "opening": "early in the game",
    "middlegame": "the middle of the game",
    "endgame": "few tiles left in the bag or few treasures on the board",
}
"""Every theme a puzzle can have, with what it means."""


def tag(
    start: GameState, seat: int, goal: Goal, events: Sequence[Sequence[Event]], *, phase: bool = True
) -> tuple[str, ...]:
    """Themes from what a solution does: its structured events (``docs/engine.md`` "Events"); with
    ``phase``, also the phase of the game (opening, middlegame, endgame: for positions from games)."""
    themes: set[str] = set()
    for event in (e for group in events for e in group):
        d = event.data
        if event.kind in ("revolt_won", "war_won") and d.get("winner") == seat:
            themes.add("revolt" if event.kind == "revolt_won" else "war")
            themes.add("denial")
        elif event.kind == "unification" and d.get("seat") == seat:
            themes.add("unification")
        elif event.kind == "monument" and d.get("seat") == seat:
            themes.add("monument")
        elif event.kind == "ziggurat" and d.get("seat") == seat:
            themes.add("ziggurat")
        elif event.kind == "ziggurat_vp" and d.get("seat") == seat and not ziggurat_bonus_due(start, seat):
            themes.add("ziggurat")  # the bonus earned by this turn's play, not one that was due anyway
        elif event.kind == "treasure" and d.get("seat") == seat:
            themes.add("treasure")
        elif event.kind == "catastrophe" and d.get("seat") == seat:
            themes.add("catastrophe")
        elif event.kind == "leader_lost_temple" and d.get("seat") != seat:
            themes.update(("blocking", "denial"))
        elif event.kind == "commit" and d.get("seat") == seat and d.get("count", 0) > 0:
            themes.add("support")
        elif event.kind == "building" and d.get("seat") == seat:
            themes.add("buildings")
        elif event.kind == "vp" and event.rule == "§17.6" and d.get("seat") == seat:
            themes.add("buildings")  # a point doubled by a building
    kind = goal.spec.get("kind") if goal.spec else None
    if kind in ("gain", "gain_total", "weakest"):
        themes.add("scoring")
    if kind == "weakest":
        themes.add("weakest-colour")
    if start.players > 2:
        themes.add("multiplayer")
    if not phase:
        pass
    elif len(start.bag) <= 8 * start.players or start.treasures.bit_count() <= 3:
        themes.add("endgame")
    elif start.turn <= 4 * start.players:
        themes.add("opening")
    else:
        themes.add("middlegame")
    return tuple(sorted(themes))


def puzzle_title(goal: Goal, themes: Sequence[str], names: Sequence[str]) -> str:
    kind = goal.spec.get("kind") if goal.spec else ""
    if kind in ("win_conflict", "send_home"):
        assert goal.spec is not None
        name = names[int(goal.spec["victim"])].capitalize()
        leader = LEADER_NAMES[COLOUR_NAMES.index(goal.spec["colour"])]
        if kind == "win_conflict":
            return f"{'Revolt' if 'revolt' in themes else 'War'} against {name}'s {leader}"
        return f"Cut off {name}'s {leader}" if "blocking" in themes else f"Send {name}'s {leader} home"
    if kind == "monuments":
        return "A monument in one move"
    if kind == "treasures":
        return "Treasure in reach"
    if kind == "weakest":
        return "Lift the weakest colour"
    if kind == "gain":
        assert goal.spec is not None
        return f"Most {goal.spec['colour']} points"
    if kind == "building":
        assert goal.spec is not None
        return f"Raise the {BUILDING_NAMES[COLOUR_NAMES.index(goal.spec['colour'])]}"
    if kind == "ziggurat":
        return "The ziggurat in one move"
    if kind == "ziggurat_bonus":
        return "The king and the ziggurat"
    return "Most points in one move"


HINTS = {
    "revolt": "A revolt is decided by the temples next to each leader, plus red tiles committed.",
    "war": "A tile that joins two kingdoms starts a war between leaders of the same colour.",
    "monument": "Four tiles of one colour in a square can become a monument.",
    "treasure": "A trader takes the treasures of his kingdom when it holds two or more.",
    "catastrophe": "A catastrophe destroys the tile it lands on.",
    "blocking": "A leader with no temple next to him goes home.",
    "weakest-colour": "At the end only your weakest colour counts; treasures count as any colour.",
    "scoring": "A tile scores for the leader of its colour in the kingdom it joins — or for the king.",
    "ziggurat": "Five tiles of one colour in a cross make the ziggurat; a king in its kingdom earns a point.",
    "buildings": "A building goes on a line of three or more tiles of its colour, and moves only to a longer one.",
}


_EXPLAINING = frozenset(("revolt_won", "war_won", "monument", "ziggurat", "treasure", "leader_lost_temple", "catastrophe", "vp", "monument_vp", "ziggurat_vp", "building"))  # fmt: skip


def explain(game: Game) -> str:
    """What a solution did, in the events' own words (the text a solved puzzle shows)."""
    return " ".join(e.text for group in game.events for e in group if e.kind in _EXPLAINING)


def about(puzzle: Puzzle, themes: Sequence[str]) -> bool:
    """Is the puzzle *about* one of ``themes`` — its goal needs it — rather than touching it in passing
    (a treasure puzzle whose tile happens to raise a building)? For the variants: a goal of their own
    kinds, or points that only a building's doubling gives (§17.6)."""
    kind = puzzle.goal.spec.get("kind") if puzzle.goal.spec else None
    if kind in VARIANT_KINDS:
        return bool(set(themes) & set(puzzle.themes))
    if kind in ("gain", "gain_total") and "buildings" in themes:
        events = (e for group in puzzle.play_solution().events for e in group)
        return any(e.kind == "vp" and e.rule == "§17.6" and e.data.get("seat") == puzzle.seat for e in events)
    return not set(themes) & set(VARIANT_THEMES) and bool(set(themes) & set(puzzle.themes))
