"""Ur's bot knowledge: heuristics for the shared bots, the endgame search rules and the analysis dashboards."""
