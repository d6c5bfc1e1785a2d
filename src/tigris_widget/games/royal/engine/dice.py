"""The facade's dice: every throw is a function of the game's private seed and the ply it is thrown at,
so taking a throw back and throwing again gives the same outcome, and a clone throws what the game
would. Nothing here is ever shown: views, texts and messages hold outcomes only."""

from __future__ import annotations

import hashlib

from tigris_widget.games.royal.engine.board import OUTCOMES, PROBABILITIES


def throw(seed: int, ply: int) -> int:
    """Four binary dice thrown at ``ply`` of a game with ``seed``: the count of marked tips, 0–4."""
    digest = hashlib.sha256(f"royal-dice {seed} {ply}".encode()).digest()
    return bin(digest[0] & 0b1111).count("1")  # four fair bits: one per die


def derived_seed(text: str) -> int:
    """A seed read from a text (a record or a position), for the throws after it: the same text always
    throws the same dice, and the text holds no seed."""
    return int.from_bytes(hashlib.sha256(f"royal-seed\n{text}".encode()).digest()[:8], "big")


OUTCOME_TEXTS: tuple[tuple[str, float], ...] = tuple((f"roll {n}", p) for n, p in zip(OUTCOMES, PROBABILITIES))
"""Each outcome of a throw as text, with its probability (a chance decision's ``outcomes``)."""
