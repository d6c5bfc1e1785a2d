"""One package per game; shared layers find them by name through ``tigris_widget.core.registry``."""

GAMES: tuple[str, ...] = (
    "tigris",  # Tigris & Euphrates
    "ur",  # Ur (Paolo Mori, 2006)
    "royal",  # the Royal Game of Ur (Finkel)
)
"""The known games, one line each: the name is the package ``tigris_widget.games.<name>``. The first
is the default where a command or helper is given no game (``core.registry.DEFAULT_GAME``); nothing
else depends on the order — what differs between games (player counts, optional hooks) is read from
each game's package, never from its place here."""
