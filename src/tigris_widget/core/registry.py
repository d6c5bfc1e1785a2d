"""Find a game's package by its name, so that shared code names no game in an import.

The names are listed in ``tigris_widget.games.GAMES`` (one line per game); the package of game
``name`` is ``tigris_widget.games.<name>``, imported on first use and checked then against the protocol
``core.protocol.GameModule`` (``check_module``), so that a game missing a member fails at once, naming
it, rather than deep inside a shared layer.
"""

from __future__ import annotations

from importlib import import_module
from typing import cast

from tigris_widget.core.hooks import OPTIONAL_HOOKS, is_score_unit
from tigris_widget.core.protocol import CHANCE_KIND, GameModule, SearchDefaults
from tigris_widget.games import GAMES


class UnknownGameError(ValueError):
    """No game of that name is registered."""


class GameRegistrationError(ValueError):
    """A registered game's package does not keep ``core.protocol.GameModule``: the message lists every
    member missing or wrong."""


REQUIRED_FUNCTIONS: tuple[str, ...] = (
    "new_game",
    "game_from_position",
    "game_from_record",
    "to_square",
    "present",
    "intent_action",
    "picture_svg",
    "explain",
    "bot_rules",
    "turn_starts",
    "scores_public",
    "moves",
)
"""The functions every game module has (``core.protocol.GameModule``); the optional hooks are in
``core.hooks.OPTIONAL_HOOKS``."""


def _is_whole(value: object) -> bool:
    return type(value) is int  # not bool, which is an int too


def problems(module: object, name: str) -> list[str]:
    """What keeps ``module`` from being the game package ``name`` (empty: nothing): each required member
    missing or of the wrong type, and each optional hook present but wrong."""
    found: list[str] = []
    missing = object()

    def member(attribute: str) -> object:
        value = getattr(module, attribute, missing)
        if value is missing:
            found.append(f"{attribute} is missing")
        return value

    game_name = member("NAME")
    if game_name is not missing and game_name != name:
        found.append(f"NAME must be the folder name {name!r}, not {game_name!r}")
    title = member("TITLE")
    if title is not missing and not (isinstance(title, str) and title.strip()):
        found.append(f"TITLE must be the game's name as people write it, not {title!r}")
    hidden = member("HIDDEN_INFORMATION")
    if hidden is not missing and not isinstance(hidden, bool):
        found.append(f"HIDDEN_INFORMATION must be True or False, not {hidden!r}")
    players = member("PLAYERS")
    counts_ok = (
        isinstance(players, tuple)
        and bool(players)
        and all(_is_whole(count) and count >= 1 for count in players)
        and list(players) == sorted(set(players))
    )
    if players is not missing and not counts_ok:
        found.append(f"PLAYERS must be a non-empty ascending tuple of player counts such as (2, 3, 4), not {players!r}")
    default = member("DEFAULT_PLAYERS")
    if default is not missing and not (_is_whole(default) and counts_ok and default in cast(tuple[int, ...], players)):
        found.append(f"DEFAULT_PLAYERS must be one of PLAYERS ({players!r}), not {default!r}")
    squares = member("SQUARES")
    if squares is not missing and not (_is_whole(squares) and cast(int, squares) > 0):
        found.append(f"SQUARES must be the board's number of squares (a positive int), not {squares!r}")
    for function in REQUIRED_FUNCTIONS:
        value = member(function)
        if value is not missing and not callable(value):
            found.append(f"{function} must be a function, not {type(value).__name__}")
    for hook in OPTIONAL_HOOKS:
        value = getattr(module, hook, None)
        if hook == "SEARCH_DEFAULTS":
            if value is not None and not isinstance(value, SearchDefaults):
                found.append(f"SEARCH_DEFAULTS must be a core.protocol.SearchDefaults, not {value!r}")
        elif hook == "SCORE_UNIT":
            if value is not None and not is_score_unit(value):
                found.append(f"SCORE_UNIT must be two words, singular and plural, not {value!r}")
        elif value is not None and not callable(value):
            found.append(f"{hook} (optional) must be a function when present, not {type(value).__name__}")
    return found


def check_module(module: object, name: str) -> GameModule:
    """``module`` as the game package ``name`` once it keeps the protocol.

    :raises GameRegistrationError: listing every member missing or wrong."""
    found = problems(module, name)
    if found:
        raise GameRegistrationError(
            f"the game package {name!r} does not keep core.protocol.GameModule: " + "; ".join(found)
        )
    return cast(GameModule, module)


def action_problems(module: GameModule) -> list[str]:
    """What breaks the action contract (``core.protocol``: values, never ``str``; hashable, equal by value;
    ``str(action)`` the notation ``apply`` reads back) in the first decision of a new game at the game's
    usual player count — checked when the game is first used, so a game whose actions break the shared
    runner, the records or the bots is refused at once, with what is wrong named."""
    try:
        game = module.new_game(module.DEFAULT_PLAYERS, 0, None)
        actions = list(game.legal_actions())
        decision = game.decision
    except Exception as err:  # any failure here is the game's, and is reported as such
        return [f"new_game(DEFAULT_PLAYERS, 0, None) and its legal_actions() failed: {err!r}"]
    if not actions:
        return ["a new game offers no legal action"]
    found: list[str] = []
    action = actions[0]
    if isinstance(action, str):
        return [f"actions must be values, not str ({action!r}): text is for people, and the bot runner refuses it"]
    try:
        hash(action)
    except TypeError:
        return [f"actions must be hashable: {type(action).__name__} is not"]
    if len(set(actions)) != len(actions):
        found.append("legal_actions() lists an action twice (or actions equal by value)")
    by_text, by_value = game.clone(), game.clone()
    try:
        by_text.apply(str(action))
        by_value.apply(action)
    except ValueError as err:
        found.append(f"str(action) must be the notation apply reads back: {str(action)!r} was refused ({err})")
        return found
    chance = decision is not None and decision.kind == CHANCE_KIND  # a roll records its outcome instead
    if not chance and by_text.actions[-1] != action:
        found.append(f"an action must equal the action its text {str(action)!r} plays (equal by value)")
    return found


_checked: dict[str, GameModule] = {}
"""The game packages checked so far, by name (each is checked once, on first use)."""


DEFAULT_GAME: str = GAMES[0]
"""The game a command or helper plays when it is named none: the registry's first."""


def games() -> tuple[str, ...]:
    """The names of the registered games, in registry order."""
    return GAMES


def game_module(name: str) -> GameModule:
    """The package of the game called ``name`` (e.g. ``"tigris"``), imported on first use.

    :raises UnknownGameError: ``name`` is not a string naming a registered game.
    :raises GameRegistrationError: the package misses members of ``core.protocol.GameModule`` (all named),
        or its actions break the action contract (``action_problems``).
    """
    if not isinstance(name, str) or name not in GAMES:
        raise UnknownGameError(f"unknown game {name!r}: the games are {', '.join(GAMES)}")
    module = _checked.get(name)
    if module is None:
        module = check_module(import_module(f"tigris_widget.games.{name}"), name)
        wrong = action_problems(module)
        if wrong:
            raise GameRegistrationError(f"the game package {name!r} breaks the action contract: " + "; ".join(wrong))
        _checked[name] = module
    return module
