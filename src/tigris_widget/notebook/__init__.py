"""Notebook helpers: puzzles (engine only), and dashboards built on the widget (imported lazily)."""

from .puzzles import Goal, Puzzle, Verdict, solve

__all__ = ["Goal", "Puzzle", "Verdict", "solve"]
