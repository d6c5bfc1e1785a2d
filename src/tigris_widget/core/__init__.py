"""The core every game plugs into: the rules protocol, errors and the view envelope; it names no game."""
