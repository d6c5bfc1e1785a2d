"""Ur engine speed: random games per second and µs per ``legal_actions`` (uniform random steps, fixed seeds).

PYTHONPATH=src python benchmarks/ur_speed.py [games]
"""

from __future__ import annotations

import sys

from tigris_widget.games.ur.engine.bench import playouts

if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for players in (3, 4):
        r = playouts(games, players)
        print(f"{players} players: {r['games_per_s']:.1f} games/s, {r['steps_per_game']:.0f} steps/game, "
              f"{r['us_per_legal_actions']:.1f} µs per legal_actions, {r['us_per_step']:.1f} µs per step")  # fmt: skip
