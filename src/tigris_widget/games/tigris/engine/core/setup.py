# mypyc: not compiled — GameSetup's fields accept more than their types (variants="buildings", a list),
# normalised in __post_init__; a compiled dataclass would refuse them with a TypeError. Built once a game.
"""The setup of a game, stated once as data (rules §3, §14.2, §16, §17, §18)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tigris_widget.games.tigris.engine.core.board import BOARDS
from tigris_widget.games.tigris.engine.core.types import DYNASTIES

VARIANTS = ("buildings", "ziggurat")
"""Civilization buildings (rules §17) and the ziggurat (rules §18); they combine freely."""

OPTION_CHOICES: dict[str, tuple[str, ...]] = {
    "bag_empty_end": ("finish_turn", "immediate"),  # rules §14.2
    "scores": ("open", "hidden"),  # rules §16: are running VP totals shown to everybody?
}
DEFAULT_OPTIONS = {"bag_empty_end": "finish_turn", "scores": "open"}
_OPTION_ALIASES = {"bagEmptyEnd": "bag_empty_end", "finishTurn": "finish_turn"}


def normalize_variants(variants: Iterable[str] | str | None) -> frozenset[str]:
    """The one reading of a variant choice, for ``GameSetup``, ``Game.new`` and the builder: names
    (``["buildings"]``) or one string (``"buildings, ziggurat"``); None, ``""`` or ``"none"``: no variant.

    :raises ValueError: naming an unknown variant.
    """
    if variants is None:
        return frozenset()
    if isinstance(variants, str):
        variants = variants.replace(",", " ").split()
    chosen = frozenset(variants) - {"none"}
    unknown = sorted(map(str, chosen - set(VARIANTS)))
    if unknown:
        raise ValueError(f"unknown variant(s) {', '.join(unknown)}; available: {', '.join(VARIANTS)}")
    return chosen


def normalize_options(options: Mapping[str, str] | None) -> dict[str, str]:
    """The one reading of rule options: every option with its default filled in (None: all defaults).

    :raises ValueError: naming an unknown option or value.
    """
    if options is not None and not isinstance(options, Mapping):
        raise ValueError(f"options must be a mapping such as {{'bag_empty_end': 'immediate'}}, not {options!r}")
    result = dict(DEFAULT_OPTIONS)
    for key, value in (options or {}).items():
        key = _OPTION_ALIASES.get(key, key)
        value = _OPTION_ALIASES.get(value, value)
        if key not in OPTION_CHOICES:
            raise ValueError(f"unknown option {key!r}; available: {', '.join(OPTION_CHOICES)}")
        if value not in OPTION_CHOICES[key]:
            raise ValueError(f"option {key} must be one of {', '.join(OPTION_CHOICES[key])}, not {value!r}")
        result[key] = value
    return result


@dataclass(frozen=True)
class GameSetup:
    """Players, board side, variants and rule options of one game; frozen so it can be shared."""

    players: int = 2
    board: str = "classic"
    variants: frozenset[str] = frozenset()
    options: Mapping[str, str] = field(default_factory=lambda: dict(DEFAULT_OPTIONS))
    dynasties: tuple[str, ...] = ()
    """The dynasty of each seat, clockwise; by default archer, bull, pot, lion in that order."""

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not 2 <= self.players <= 4:
            raise ValueError(f"players must be 2, 3 or 4, not {self.players!r}")
        dynasties = tuple(self.dynasties) or DYNASTIES[: self.players]
        if len(dynasties) != self.players or len(set(dynasties)) != self.players:
            raise ValueError(f"name {self.players} different dynasties, not {list(dynasties)}")
        for name in dynasties:
            if name not in DYNASTIES:
                raise ValueError(f"unknown dynasty {name!r}; choose from {', '.join(DYNASTIES)}")
        object.__setattr__(self, "dynasties", dynasties)
        if self.board not in BOARDS:
            raise ValueError(f"unknown board side {self.board!r}; choose 'classic' or 'alternative'")
        object.__setattr__(self, "variants", normalize_variants(self.variants))
        object.__setattr__(self, "options", normalize_options(self.options))

    @property
    def buildings(self) -> bool:
        return "buildings" in self.variants

    @property
    def ziggurat(self) -> bool:
        return "ziggurat" in self.variants

    @property
    def immediate_bag_end(self) -> bool:
        return self.options["bag_empty_end"] == "immediate"

    @property
    def open_scores(self) -> bool:
        return self.options["scores"] == "open"

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "board": self.board,
            "variants": sorted(self.variants),
            "options": dict(sorted(self.options.items())),
            "dynasties": list(self.dynasties),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameSetup:
        unknown = set(data) - {"players", "board", "variants", "options", "dynasties"}
        if unknown:
            raise ValueError(f"setup has unknown field(s): {', '.join(sorted(unknown))}")
        return cls(
            players=data.get("players", 2),
            board=data.get("board", "classic"),
            variants=frozenset(data.get("variants", ())),
            options=data.get("options", {}),
            dynasties=tuple(data.get("dynasties", ())),
        )
